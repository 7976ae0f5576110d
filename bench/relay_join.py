"""A friend joining by one link through a relay (web/together/relayed.py, assets/relay.js),
over and over, against Debian's mosquitto on loopback (tests/browser/relay_server.py).

    python bench/relay_join.py [--rounds N] [--json-only]

Every page is a fresh Chromium context whose player switched playing across the internet
on, with the relay set and no STUN server. Each round has two tables:
- a 2-player The Game: a friend's page opens the invitation and taps Join;
  join_ms, from that tap to both pages showing the table; rejoin_ms: the friend's page
  reloads (and sits down again by itself), from the reload to both tables again;
- a 5-player Rentz: four friends' pages open their invitations, then tap Join one after
  the other; seat_four_ms, from the first tap to all five pages showing the table;
  codes_pasted, the reply codes the host had to paste (a friend's page that shows one is
  pasted by the bench and counted); host_reload_ms, the host's page reloads, from the
  reload to its table with every friend back (no seat waiting in its room).
Figures: median, 95th percentile and range over the rounds (codes: the total). Times are
polled from here every 20 ms (so up to that much late). As root the bench runs itself in
a network namespace whose only interface is loopback.
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from relay_server import start_relay  # noqa: E402
from settings_scripts import settings_script  # noqa: E402
from sitebuild.dist import build  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from sitebuild.runtests import LOOPBACK, private_network  # noqa: E402
from sitebuild.server import make_server  # noqa: E402

from cardtable.engine.registry import GAMES  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--allow-loopback-in-peer-connection"]
INSIDE = "CARDTABLE_BENCH_LOOPBACK_ONLY"
DEAL = "#/the-game?players=2&seats=human,friend&seed=bench-relay-{n}"
BIG_DEAL = ("#/rentz?players=5&seats=human,friend,friend,friend,friend&practice=queens"
            "&seed=bench-relay-five-{n}")
INVITE = "[data-invite-seat=\"{seat}\"] a[data-invite-link]"
ALL_BACK = ("!document.querySelector('[data-invite-seat]')"
            " && (v => !!(v && v.seat === 0))(window.cardtable.view())")
SEATED = "(v => !!(v && v.seat !== undefined))(window.cardtable.view())"
READY = "document.documentElement.dataset.app === 'ready'"
TIMES = ("join_ms", "rejoin_ms", "seat_four_ms", "host_reload_ms")


def wait(page, expression: str, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(0.02)


def seated_after(tapped: float, pages) -> float:
    for page in pages:
        wait(page, SEATED)
    return (time.monotonic() - tapped) * 1000


def device(browser, origin: str, name: str, relay_url: str):
    context = browser.new_context()
    context.grant_permissions(["microphone"], origin=origin)
    context.add_init_script(settings_script(name=name, internet="on", relays=relay_url,
                                            stun="", tours_seen=list(GAMES), pace="fast"))
    return context.new_page()


def invitation(host, seat: int) -> str:
    """The invitation link of ``seat``, once the host's page has made it."""
    selector = INVITE.format(seat=seat)
    wait(host, f"!!document.querySelector('{selector}')")
    return host.get_attribute(selector, "href")


def one_round(browser, url: str, origin: str, relay_url: str, n: int) -> dict:
    host = device(browser, origin, "Ana", relay_url)
    host.goto(url + DEAL.format(n=n))
    wait(host, READY)
    friend = device(browser, origin, "Bia", relay_url)
    friend.goto(invitation(host, 1))
    wait(friend, READY)
    tapped = time.monotonic()
    friend.click('[data-action="join"]')
    join_ms = seated_after(tapped, (host, friend))
    reloaded = time.monotonic()
    friend.reload()  # its page sits down again by itself
    wait(friend, READY)
    rejoin_ms = seated_after(reloaded, (host, friend))
    for page in (host, friend):
        page.context.close()
    return {"join_ms": join_ms, "rejoin_ms": rejoin_ms}


def paste_codes(host, friends: dict) -> int:
    """Paste on the host the reply code any friend's page shows; how many there were."""
    pasted = 0
    for seat, friend in friends.items():
        code = friend.locator("[data-reply-code]")
        if code.count():
            host.fill(f'[data-reply-seat="{seat}"]', code.inner_text())
            host.click(f'[data-action="accept-reply"][data-seat="{seat}"]')
            pasted += 1
    return pasted


def where(host, friends: dict) -> str:
    """The host's seat states and what each friend's page says, for a round that stalled."""
    seats = host.evaluate("[...document.querySelectorAll('[data-invite-seat]')]"
                          ".map(e => e.dataset.state).join(',')")
    said = {seat: friend.evaluate("[...document.querySelectorAll('[role=status],[role=alert]')]"
                                  ".map(e => e.textContent.trim()).join(' | ')")
            for seat, friend in friends.items()}
    return f"host seats {seats}; friends say {said}"


def table_round(browser, url: str, origin: str, relay_url: str, n: int) -> dict:
    host = device(browser, origin, "Ana", relay_url)
    host.goto(url + BIG_DEAL.format(n=n))
    wait(host, READY)
    friends = {}
    for seat in range(1, 5):
        friends[seat] = device(browser, origin, f"Friend{seat}", relay_url)
        friends[seat].goto(invitation(host, seat))
    for friend in friends.values():
        wait(friend, READY)
    tapped = time.monotonic()
    for friend in friends.values():
        friend.click('[data-action="join"]')
    codes = 0
    deadline = time.monotonic() + 60
    while not all(page.evaluate(SEATED) for page in (host, *friends.values())):
        codes += paste_codes(host, friends)
        if time.monotonic() > deadline:
            raise TimeoutError(f"four friends did not sit down within 60 s: {where(host, friends)}")
        time.sleep(0.02)
    seat_four_ms = (time.monotonic() - tapped) * 1000
    reloaded = time.monotonic()
    host.reload()
    wait(host, READY)
    wait(host, ALL_BACK)
    host_reload_ms = (time.monotonic() - reloaded) * 1000
    for page in (host, *friends.values()):
        page.context.close()
    return {"seat_four_ms": seat_four_ms, "codes_pasted": codes,
            "host_reload_ms": host_reload_ms}


def summary(values: list) -> dict:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 1), "p95": round(p95, 1),
            "min": round(ordered[0], 1), "max": round(ordered[-1], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json-only", action="store_true")
    args = parser.parse_args()
    if os.environ.get(INSIDE) is None:
        command = private_network([sys.executable, *sys.argv], LOOPBACK)
        if command[0] == "unshare":
            sys.exit(subprocess.run(command, env={**os.environ, INSIDE: "1"}).returncode)
    dist = build()
    server = make_server(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://localhost:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        relay = start_relay(Path(folder))
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            rounds = [one_round(browser, origin + "/", origin, relay.url, n)
                      | table_round(browser, origin + "/", origin, relay.url, n)
                      for n in range(args.rounds)]
        finally:
            browser.close()
            relay.stop()
    figures = {key: summary([r[key] for r in rounds]) for key in TIMES}
    figures["codes_pasted"] = sum(r["codes_pasted"] for r in rounds)
    figures["rounds"] = args.rounds
    if not args.json_only:
        for key in TIMES:
            f = figures[key]
            print(f"{key}: median {f['median']} ms, p95 {f['p95']} ms"
                  f" [{f['min']}–{f['max']}] over {args.rounds} rounds")
        print(f"codes pasted by the host to seat four friends: {figures['codes_pasted']}"
              f" over {args.rounds} rounds")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
