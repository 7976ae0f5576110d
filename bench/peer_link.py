"""Two pages of the app connected by WebRTC (assets/together.js), signalled by the codes of
web/together/signal.py, over and over on loopback.

    python bench/peer_link.py [--connections N] [--pings N] [--json-only]

Two pages of dist/ (built first) in two Chromium contexts, loopback candidates allowed and
the microphone granted (as in tests/browser, ``peer_page``), both booted before anything
is timed. Each connection: the host's page makes an offer (``offer``, no ICE server), the
bench encodes it as a code, decodes it and gives the guest's page the SDP rebuilt from it;
the same back with the answer; the host's page accepts it. Each connection replaces the
one before (the same peer names). Figures, medians (and range) over the connections:
- offer_chars, answer_chars: the codes' lengths (characters)
- offer_ms, answer_ms: how long offer() and answer() took (ICE gathering included)
- open_ms: from the host's accept() call to its channel's "open"
- ping_ms: a message from the host to the guest and the guest's echo back, --pings times
  on each connection
As root, the bench runs itself in a network namespace whose only interface is loopback
(as ``python3 build.py test`` does), so no packet leaves the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from sitebuild.dist import build  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from sitebuild.runtests import LOOPBACK, private_network  # noqa: E402
from sitebuild.server import make_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from cardtable.web.together.signal import decode, encode, from_sdp, to_sdp  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--allow-loopback-in-peer-connection"]
INSIDE = "CARDTABLE_BENCH_LOOPBACK_ONLY"  # set once the bench runs in its namespace
GATHER_MS = 3000

# Each page records its link's states with their times; a guest echoes what it receives.
RECORD = """(echo) => {
  window.linkLog = { states: [], received: [] };
  cardtablePeers.listen(
    (peer, text) => {
      linkLog.received.push([text, performance.now()]);
      if (echo) cardtablePeers.send(peer, text);
    },
    (peer, state) => linkLog.states.push([peer, state, performance.now()]));
}"""
TIMED = """async ([call, args]) => {
  const start = performance.now();
  const sdp = await cardtablePeers[call](...args);
  return [sdp, performance.now() - start];
}"""
ACCEPT_UNTIL_OPEN = """async ([peer, sdp]) => {
  const start = performance.now();
  const seen = linkLog.states.length;
  await cardtablePeers.accept(peer, sdp);
  while (!linkLog.states.slice(seen).some(([p, s]) => p === peer && s === "open")) {
    if (performance.now() - start > 10000) throw new Error("the channel never opened");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return linkLog.states.slice(seen).find(([p, s]) => p === peer && s === "open")[2] - start;
}"""
PING = """async ([peer, count]) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const text = `ping ${i} ${Math.random()}`;
    const start = performance.now();
    cardtablePeers.send(peer, text);
    while (!linkLog.received.some(([t]) => t === text)) {
      if (performance.now() - start > 5000) throw new Error("no echo");
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    times.push(linkLog.received.find(([t]) => t === text)[1] - start);
  }
  return times;
}"""


def open_pages(browser, url: str, origin: str) -> list:
    """The host's and the guest's pages, the app ready in both, recording."""
    pages = []
    for _ in range(2):
        context = browser.new_context()
        context.grant_permissions(["microphone"], origin=origin)
        page = context.new_page()
        page.goto(url)
        pages.append(page)
    for page in pages:
        wait_ready(page)
    for page, echo in zip(pages, (False, True)):
        page.evaluate(RECORD, echo)
    return pages


def wait_ready(page, timeout_s: float = 120) -> None:
    """Poll until the app says ``data-app="ready"`` (RuntimeError on "error")."""
    for _ in range(int(timeout_s * 10)):
        state = page.evaluate("document.documentElement.dataset.app")
        if state == "ready":
            return
        if state == "error":
            raise RuntimeError("the app did not start")
        page.wait_for_timeout(100)
    raise RuntimeError("the app is still loading")


def connection(host, guest, seat: int, pings: int) -> dict:
    """One connection from offer to open, then the pings; its figures."""
    invite = os.urandom(4)
    offer_sdp, offer_ms = host.evaluate(TIMED, ["offer", ["guest", [], GATHER_MS]])
    offer_code = encode(from_sdp(offer_sdp, "offer", invite, seat))
    answer_sdp, answer_ms = guest.evaluate(
        TIMED, ["answer", ["host", to_sdp(decode(offer_code)), [], GATHER_MS]])
    answer_code = encode(from_sdp(answer_sdp, "answer", invite, seat))
    open_ms = host.evaluate(ACCEPT_UNTIL_OPEN, ["guest", to_sdp(decode(answer_code))])
    return {"offer_chars": len(offer_code), "answer_chars": len(answer_code),
            "offer_ms": offer_ms, "answer_ms": answer_ms, "open_ms": open_ms,
            "ping_ms": host.evaluate(PING, ["guest", pings])}


def summary(values: list) -> dict:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1)}


def bench(connections: int, pings: int) -> dict:
    """Build dist/, serve it, and time ``connections`` connections between two pages."""
    dist = build(Path(tempfile.mkdtemp(prefix="cardtable-bench-")) / "dist")
    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://localhost:{server.server_address[1]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS)
        host, guest = open_pages(browser, origin + "/", origin)
        runs = [connection(host, guest, 1 + i % 15, pings) for i in range(connections)]
        browser.close()
    server.shutdown()
    figures = {key: summary([run[key] for run in runs])
               for key in ("offer_chars", "answer_chars", "offer_ms", "answer_ms", "open_ms")}
    figures["ping_ms"] = summary([ms for run in runs for ms in run["ping_ms"]])
    return {"connections": connections, "pings_each": pings,
            "loopback_only": bool(os.environ.get(INSIDE)), **figures}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=10)
    parser.add_argument("--pings", type=int, default=20)
    parser.add_argument("--json-only", action="store_true")
    args = parser.parse_args(argv)
    if not os.environ.get(INSIDE):
        command = private_network([sys.executable, __file__, *(argv or sys.argv[1:])],
                                  LOOPBACK)
        if command[0] != sys.executable:
            return subprocess.run(command, env={**os.environ, INSIDE: "1"}).returncode
    report = bench(args.connections, args.pings)
    if not args.json_only:
        print(f"peer link over loopback, {args.connections} connections (median, min–max):")
        for key, value in report.items():
            if isinstance(value, dict):
                print(f"  {key:13}{value['median']:>9}  {value['min']}–{value['max']}")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
