"""Playing together on loopback: how quickly a friend's move reaches the other devices.

    python bench/together.py [--deals N] [--json-only]

Three phone-sized Chromium contexts (a host and two friends, each its own storage and
service worker) open dist/ served on loopback; the host starts a 3-player Rentz practice
deal with two friends' seats, each friend joins by the invitation link and the reply code,
and the three play the deal by tapping cards, each the first card its view allows.

Figures (medians and 95th percentiles over every friend's move of every deal):
- move_ms: from the friend's tap (the click event's time in its page) to the moment the
  move is drawn on every other page (the last change of its app's DOM once its view has
  changed; the pages share this machine's clock). Goal: median at most 100 ms, p95 at most 250 ms.
- host_cpu_ms: the host page's main-thread task time (CDP Performance metrics) per move,
  every move of the deal counted.
- connect_ms: from the host's tap on Connect to the seat shown connected.
- invitation and reply: their length in characters, and their QR codes' versions.
Run it on an idle machine: the pages' timers share its two cores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitebuild.dist import build  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from sitebuild.server import make_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--allow-loopback-in-peer-connection"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
GOALS = {"move_median_ms": 100, "move_p95_ms": 250}
# In every page: the time of the latest tap, and of the latest change drawn in the app
# (a MutationObserver: cheap, so the host's CPU figure is the app's own).
WATCH = """() => {
  window.benchTap = 0; window.benchSeen = 0;
  document.addEventListener("click", (e) => { window.benchTap = performance.timeOrigin + e.timeStamp; }, true);
  new MutationObserver(() => { window.benchSeen = performance.timeOrigin + performance.now(); })
    .observe(document.getElementById("app"), {childList: true, subtree: true, characterData: true});
}"""
SETTINGS = ("localStorage.setItem('cardtable.settings', JSON.stringify({pace: 'fast',"
            " tours_seen: ['rentz'], name: %s}))")


def percentile(values, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def page_for(browser, url: str, origin: str, name: str):
    context = browser.new_context(**PHONE)
    context.grant_permissions(["microphone"], origin=origin)
    context.add_init_script(SETTINGS % json.dumps(name))
    page = context.new_page()
    page.goto(url)
    wait(page, "document.documentElement.dataset.app === 'ready'", 60)
    page.evaluate(WATCH)
    return page


def wait(page, expression: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(0.01)


def join(host, friend, seat: int, origin: str, figures: dict) -> None:
    link = host.locator(f'[data-invite-seat="{seat}"] a[data-invite-link]')
    link.wait_for(timeout=30_000)
    href = link.get_attribute("href")
    wait(host, f"!!document.querySelector('[data-invite-seat=\"{seat}\"] [data-qr-version]')", 10)
    figures["invitation_chars"].append(len(href))
    figures["invitation_qr_version"].append(int(host.get_attribute(
        f'[data-invite-seat="{seat}"] [data-qr-version]', "data-qr-version")))
    friend.goto(href)
    wait(friend, "document.documentElement.dataset.app === 'ready'", 60)
    friend.evaluate(WATCH)
    friend.locator('[data-action="join"]').tap()
    friend.locator("[data-reply-code]").wait_for(timeout=30_000)
    code = friend.inner_text("[data-reply-code]")
    wait(friend, "!!document.querySelector('.join [data-qr-version]')", 10)
    figures["reply_chars"].append(len(code))
    figures["reply_qr_version"].append(int(friend.get_attribute(".join [data-qr-version]",
                                                                "data-qr-version")))
    host.fill(f'[data-reply-seat="{seat}"]', code)
    started = time.perf_counter()
    host.locator(f'[data-action="accept-reply"][data-seat="{seat}"]').tap()
    waiting = f'[data-invite-seat="{seat}"]:not([data-state="connected"])'
    wait(host, f"!document.querySelector({json.dumps(waiting)})"
         " || !document.querySelector('.room')", 30)
    figures["connect_ms"].append((time.perf_counter() - started) * 1000)


def task_ms(client) -> float:
    metrics = {m["name"]: m["value"] for m in client.send("Performance.getMetrics")["metrics"]}
    return metrics["TaskDuration"] * 1000


def play_deal(pages, host_client, figures: dict) -> None:
    """Each page taps its first playable card when its seat is to play, until the end."""
    moves, cpu_start = 0, task_ms(host_client)
    while not all(p.locator("main.end").count() for p in pages):
        mover = next((p for p in pages if p.evaluate(
            "(v => v && v.legal.some(a => a[0] === 'play'))(window.cardtable.view())")
            and not p.locator(".paused").count()), None)
        if mover is None:
            time.sleep(0.02)
            continue
        card = next(a[1] for a in mover.evaluate("window.cardtable.view()")["legal"]
                    if a[0] == "play")
        others = [p for p in pages if p is not mover]
        before = [json.dumps(p.evaluate("window.cardtable.view()")) for p in others]
        mover.locator(f'[data-action="rentz-play"][data-card="{card}"]').tap()
        for page, view in zip(others, before):  # drawn in the task that changed the view
            wait(page, f"JSON.stringify(window.cardtable.view()) !== {json.dumps(view)}", 15)
        if mover is not pages[0]:
            tapped = mover.evaluate("window.benchTap")
            figures["move_ms"].append(max(p.evaluate("window.benchSeen") for p in others) - tapped)
        moves += 1
    figures["host_cpu_ms"].append((task_ms(host_client) - cpu_start) / max(1, moves))


def run(deals: int) -> dict:
    dist = build()
    server = make_server(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://localhost:{server.server_address[1]}"
    figures = {key: [] for key in ("move_ms", "host_cpu_ms", "connect_ms", "invitation_chars",
                                   "reply_chars", "invitation_qr_version", "reply_qr_version")}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS)
        for deal in range(deals):
            link = (f"{origin}/#/rentz?seed=bench-{deal}&players=3&seats=human,friend,friend"
                    f"&practice=queens")
            host = page_for(browser, link, origin, "Ana")
            friends = [page_for(browser, origin + "/", origin, name) for name in ("Bia", "Cici")]
            client = host.context.new_cdp_session(host)
            client.send("Performance.enable")
            for seat, friend in enumerate(friends, start=1):
                join(host, friend, seat, origin, figures)
            wait(friends[-1], "(v => v && v.seat === 2)(window.cardtable.view())", 30)
            play_deal([host, *friends], client, figures)
            for page in (host, *friends):
                page.context.close()
        browser.close()
    server.shutdown()
    return summary(figures)


def summary(figures: dict) -> dict:
    out = {}
    for key, values in figures.items():
        if values:
            out[key] = {"median": round(statistics.median(values), 1),
                        "p95": round(percentile(values, 0.95), 1), "n": len(values)}
    out["goals"] = {"move_median_ms": out["move_ms"]["median"] <= GOALS["move_median_ms"],
                    "move_p95_ms": out["move_ms"]["p95"] <= GOALS["move_p95_ms"]}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="Rentz deals to play (default 3)")
    parser.add_argument("--json-only", action="store_true", help="print the JSON only")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    result = run(args.deals)
    if not args.json_only:
        move = result["move_ms"]
        print(f"friend's move on every other device: median {move['median']} ms,"
              f" p95 {move['p95']} ms over {move['n']} moves")
        print(f"host CPU per move: median {result['host_cpu_ms']['median']} ms;"
              f" reply pasted to connected: median {result['connect_ms']['median']} ms")
        print(f"invitation {result['invitation_chars']['median']:.0f} characters (QR version"
              f" {result['invitation_qr_version']['median']:.0f}), reply"
              f" {result['reply_chars']['median']:.0f} (QR version"
              f" {result['reply_qr_version']['median']:.0f})")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
