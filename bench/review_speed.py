"""How long the page takes to review a whole game, in Chromium (Pyodide), and its longest task.

    python bench/review_speed.py [--game the-game] [--players 2] [--deals 3]
                                 [--player LEVEL] [--throttles 1,4] [--dist DIST]

For each of ``--deals`` seeded deals (``review-bench/<i>``, apart from the tests'), the game
is played to its end by the judge level of the game's review at every seat (the player's
seat included, unless ``--player`` names another level for it), and kept as the player's
record; the page opens with that record in its
storage, Records → the game's Review is tapped (``READ_S`` seconds after it shows, as a
player reads the records first), and the bench waits for
``window.cardtable.review().state == "done"``. Figures per CPU throttle (1: this machine;
4: Chromium's CPU slowed four times, a slow phone's pace): the time from the tap to the
chart complete (median, min, max over the deals), the moves reviewed, the tap's own task
and the main thread's longest task while the review thought after it (Long Tasks API;
none over 50 ms is the goal). Issue 52's goal: a whole 2-player game of The Game within 30 s, no task over 50 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from playwright.sync_api import sync_playwright  # noqa: E402

from cardtable.bots import finish, levels, make_bot, thinking  # noqa: E402
from cardtable.bots.review import review_spec  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.web.lobby import default_setup  # noqa: E402
from cardtable.web.records.book import make_record  # noqa: E402
from cardtable.web.session import Session  # noqa: E402
from sitebuild.dist import build  # noqa: E402
from sitebuild.install import CHROMIUM  # noqa: E402
from sitebuild.server import make_server  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
LONG_TASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) __longtasks.push([task.startTime, task.duration]);
}).observe({ type: "longtask", buffered: true });
"""
DONE = "(r => r && r.state === 'done')(window.cardtable.review())"
# A long task that starts this soon after the tap is the tap's own (the review's modules
# imported, the game replayed, the screen drawn), not the thinking's.
TAP_MS = 30
# Seconds the bench waits, once Review shows, before tapping it, as a player reads the
# records first: the page imports the review's modules meanwhile (``Pacing.warm_review``).
READ_S = 2
TIMEOUT_S = 600


def recorded_game(game: str, players: int, seed: str, player: str | None = None) -> dict:
    """A record of ``game`` on ``seed`` played to its end by the review's judge level at
    every seat, the player's (seat 0) by ``player`` when given."""
    setup = default_setup(game).with_players(players)
    session = Session.new(setup, seed)
    level = review_spec(game).judge
    bots = [make_bot(game, player if seat == 0 and player else level, seat, f"bench-{seat}")
            for seat in range(players)]
    while session.state.current_player is not None:
        state = session.state
        action = state.forced_action()
        if action is None:
            seat = state.current_player
            action = finish(thinking(bots[seat], state.view(seat)))
        session.apply(action)
    return make_record(session, datetime(2026, 12, 2, 12, 0))


def storage_script(record: dict) -> str:
    """An init script: the record as the page's only one, and a returning player's
    settings (every tour seen), set before the page runs."""
    records = json.dumps({"schema": 1, "games": [record]})
    settings = json.dumps({"tours_seen": list(GAMES)})
    return (f"localStorage.setItem('cardtable.records', {json.dumps(records)});"
            f"localStorage.setItem('cardtable.settings', {json.dumps(settings)});")


def wait(page, expression: str, timeout_s: float) -> None:
    """Poll ``expression`` until true (the page's Content-Security-Policy refuses
    Playwright's wait_for_function, which evaluates a string)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_s} s: {expression}")
        time.sleep(0.1)


def review_once(browser, url: str, record: dict, throttle: int) -> dict:
    """Open the page with ``record``, tap its Review, wait for the review to be done."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.add_init_script(storage_script(record))
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    if throttle > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url)
    wait(page, "document.documentElement.dataset.app === 'ready'", 120)
    page.locator('[data-action="records"]').first.click()
    review = page.locator('[data-action="review"]').first
    review.wait_for(timeout=30_000)
    time.sleep(READ_S)
    begun = page.evaluate("performance.now()")
    started = time.monotonic()
    review.click()
    wait(page, DONE, TIMEOUT_S)
    took = time.monotonic() - started
    shown = page.evaluate("window.cardtable.review()")
    tasks = [(start - begun, duration) for start, duration
             in page.evaluate("window.__longtasks") if start >= begun]
    context.close()
    tap = [duration for start, duration in tasks if start < TAP_MS]
    thinking = [duration for start, duration in tasks if start >= TAP_MS]
    return {"seconds": round(took, 2), "moves": len(shown["points"]),
            "moments": len(shown["moments"]), "tap_task_ms": round(max(tap, default=0)),
            "longest_task_ms": round(max(thinking, default=0)),
            "tasks_over_50ms": len(thinking)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="the-game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--player", help="the level that plays the player's seat (default:"
                        " the judge's; a weaker level makes moves the judge would not, as"
                        " a person does, and each of those costs a second play-out a world)")
    parser.add_argument("--throttles", default="1,4",
                        help="CPU throttle rates, comma-separated (1: none)")
    parser.add_argument("--dist", type=Path, help="a built site (default: build one now)")
    args = parser.parse_args()
    try:
        throttles = [int(rate) for rate in args.throttles.split(",")]
        if not throttles or min(throttles) < 1:
            raise ValueError
    except ValueError:
        parser.error("--throttles takes whole numbers from 1, separated by commas")
    dist = args.dist or build(Path(tempfile.mkdtemp(prefix="cardtable-bench-")) / "dist")
    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://localhost:{server.server_address[1]}/"
    if args.player is not None and args.player not in levels(args.game):
        parser.error(f"--player: {args.game} has no level {args.player!r}")
    records = [recorded_game(args.game, args.players, f"review-bench/{i}", args.player)
               for i in range(args.deals)]
    report = {"game": args.game, "players": args.players, "deals": args.deals,
              "player": args.player or review_spec(args.game).judge, "runs": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for throttle in throttles:
            runs = []
            for i, record in enumerate(records):
                print(f"throttle {throttle}, deal {i + 1}/{len(records)}", file=sys.stderr,
                      flush=True)
                runs.append(review_once(browser, url, record, throttle))
            seconds = [run["seconds"] for run in runs]
            report["runs"][throttle] = {
                "runs": runs, "median_s": statistics.median(seconds), "min_s": min(seconds),
                "max_s": max(seconds),
                "longest_task_ms": max(run["longest_task_ms"] for run in runs),
                "tap_task_ms": max(run["tap_task_ms"] for run in runs)}
        browser.close()
    server.shutdown()
    for throttle, figures in report["runs"].items():
        moves = [run["moves"] for run in figures["runs"]]
        print(f"CPU ×{throttle}: chart complete in {figures['median_s']} s (median of "
              f"{len(moves)}; {figures['min_s']}–{figures['max_s']}), {min(moves)}–{max(moves)}"
              f" moves reviewed, the tap's task {figures['tap_task_ms']} ms, longest task"
              f" while thinking {figures['longest_task_ms']} ms")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
