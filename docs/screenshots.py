#!/usr/bin/env python3
"""Screenshots of each game's table at phone and desktop size, into docs/.

    .venv/bin/python docs/screenshots.py [tables|records]   (after `python3 build.py test`
                                                             made .venv; both by default)

Builds the site into a temporary folder, serves it, and opens one deal per game (a fixed
seed, you against bots) in Debian's Chromium: at phone size (390×844, touch) and desktop
size (1280×800), light theme, once the bots have played and it is your turn. Writes
docs/<game-id>-phone.png and docs/<game-id>-desktop.png and prints their names.

``records``: twelve games of The Game (alone and with a bot in turn) played by the strong
bot on CPython, stored as
the page stores them; then The Game's Records screen (docs/records-<size>.png, the whole
page) and the replay of the latest game halfway through with every hand shown
(docs/replay-<size>.png).
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from sitebuild.dist import build  # noqa: E402  (after the path is set)
from sitebuild.install import CHROMIUM, ensure_node_modules  # noqa: E402
from sitebuild.server import make_server  # noqa: E402
from cardtable.bots import make_bot  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.web.lobby import default_setup  # noqa: E402
from cardtable.web.records.book import RECORDS_KEY, SCHEMA, make_record  # noqa: E402
from cardtable.web.session import Session  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}
SEED = "screenshot"
# Fast bots, light theme, and every game's guided tour seen (so no overlay hides the table).
SETTINGS = {"pace": "fast", "theme": "light", "tours_seen": sorted(GAMES)}
MY_TURN = "(v => !!v && (v.legal.length > 0 || !!v.over))(window.cardtable?.view?.())"


def deal(game: str) -> str:
    """The fragment of the deal shown for ``game``: you and bots, two players or more."""
    players = max(2, GAMES[game].min_players)
    return f"#/{game}?seed={SEED}&players={players}"


def wait_for(page, expression: str, timeout: float = 60) -> None:
    """Poll a JavaScript expression until it is truthy (the page's CSP forbids
    Playwright's wait_for_function)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"(() => {{ try {{ return {expression}; }} catch {{ return false; }} }})()"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout} s: {expression}")
        time.sleep(0.1)


def shoot(browser, url: str, size: str, game: str) -> Path:
    context = browser.new_context(**SIZES[size], color_scheme="light")
    context.add_init_script(
        f"localStorage.setItem('cardtable.settings', {json.dumps(json.dumps(SETTINGS))})")
    page = context.new_page()
    page.goto(url + deal(game))
    wait_for(page, "document.documentElement.dataset.app === 'ready'")
    wait_for(page, MY_TURN)
    time.sleep(0.3)  # the last paint settles
    path = DOCS / f"{game}-{size}.png"
    page.screenshot(path=str(path))
    context.close()
    return path


def records_text(games: int = 12) -> str:
    """``games`` of The Game, alone and with a bot in turn, the strong bot in every seat,
    as the page keeps records."""
    from datetime import datetime, timedelta
    records, start = [], datetime(2026, 11, 2, 19, 30)
    for i in range(games):
        setup = default_setup("the-game").with_players(1 + i % 2)
        session = Session.new(setup, f"{SEED}/{i}")
        bots = [make_bot("the-game", "strong", seat, f"{SEED}/{i}") for seat in range(setup.players)]
        while not session.state.is_over:
            seat = session.state.current_player
            session.apply(bots[seat].act(session.state.view(seat)))
        records.append(make_record(session, start + timedelta(days=i, minutes=7 * i)))
    return json.dumps({"schema": SCHEMA, "games": records}, separators=(",", ":"))


def shoot_records(browser, url: str, size: str, text: str) -> list:
    """The Records screen of The Game and a replay, with ``text`` as the stored records."""
    context = browser.new_context(**SIZES[size], color_scheme="light")
    context.add_init_script(
        f"localStorage.setItem('cardtable.settings', {json.dumps(json.dumps(SETTINGS))});"
        f"localStorage.setItem({json.dumps(RECORDS_KEY)}, {json.dumps(text)})")
    page = context.new_page()
    page.goto(url)
    wait_for(page, "document.documentElement.dataset.app === 'ready'")
    page.click('[data-action="records"][data-game="the-game"]')
    wait_for(page, "!!document.querySelector('main.records figure.chart')")
    shots = [DOCS / f"records-{size}.png", DOCS / f"replay-{size}.png"]
    page.screenshot(path=str(shots[0]), full_page=True)
    page.click('.record-list [data-action="replay"]')
    middle = int(page.get_attribute("#replay-slider", "max")) // 2
    page.evaluate(f"(s => {{ s.value = '{middle}'; s.dispatchEvent(new Event('change',"
                  " {bubbles: true})); })(document.querySelector('#replay-slider'))")
    page.click('[data-action="replay-hands"]')
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    time.sleep(0.3)
    page.screenshot(path=str(shots[1]))
    context.close()
    return shots


def main() -> int:
    wanted = sys.argv[1:] or ["tables", "records"]
    ensure_node_modules()
    with tempfile.TemporaryDirectory() as folder:
        dist = build(Path(folder) / "dist")
        server = make_server(dist, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://localhost:{server.server_address[1]}/"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                     args=["--no-sandbox", "--disable-gpu"])
                for game in GAMES if "tables" in wanted else ():
                    for size in SIZES:
                        print(shoot(browser, url, size, game).relative_to(ROOT), flush=True)
                text = records_text() if "records" in wanted else None
                for size in SIZES if text else ():
                    for shot in shoot_records(browser, url, size, text):
                        print(shot.relative_to(ROOT), flush=True)
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
