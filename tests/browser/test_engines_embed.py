"""A blog post on another site with three embedded deals, in every engine: each frame shows a
light poster and fetches little until its reader taps Play; the tapped frame alone starts
Python and plays; the others stay posters (issue: an embed that costs a blog's readers
nothing until they play).

Each frame's site is served by a server of its own, which counts the bytes it sent: what a
frame cost is counted where it is served, not by the browser.
"""

from __future__ import annotations

import threading
import time
from functools import partial

import pytest

from cardtable.engine.registry import GAMES
from cardtable.web import sharing
from cardtable.web.session import Session
from cardtable.web.lobby import default_setup
from engines import wait_ready, wait_until
from sitebuild.server import SiteHandler, SiteServer
from test_engines import play_a_card

# Before a tap, at most this much per embed (gzipped, as served): the goal.
POSTER_BUDGET = 60_000
# The runtime, which no frame may fetch before its Play is tapped.
RUNTIME = ("pyodide/", "pyscript/", "cardtable.zip", "parts/", "assets/boot.js",
           "assets/snapshot.js", "sw.js")
DEALS = {"the-game": "friday", "triggs": "puzzle-2", "rentz": "puzzle-3"}
# How long the posters stand before their bytes are counted: anything fetched late counts.
SETTLE_S = 2
POSTER = "document.documentElement.dataset.app === 'poster'"
PICTURE = "!!document.querySelector('.poster-picture main')"


class CountingServer(SiteServer):
    """A site server that counts the bytes of the bodies it sent, and the paths asked for."""

    def __init__(self, directory):
        super().__init__(("127.0.0.1", 0), partial(CountingHandler, directory=str(directory)))
        self.sent, self.paths = 0, []


class CountingHandler(SiteHandler):
    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            self.server.sent += int(value)
        super().send_header(keyword, value)

    def send_head(self):
        self.server.paths.append(self.path)
        return super().send_head()


def start(server):
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def snippet(origin: str, game: str) -> str:
    """The Embed panel's snippet for a deal of ``game`` on the site at ``origin``."""
    session = Session.new(default_setup(game), DEALS[game])
    return sharing.embed_snippet(f"{origin}/index.html", session)


@pytest.fixture
def blog(tmp_path, dist):
    """A post on 127.0.0.1 (another site than the frames' localhost) with three snippets,
    each of its own server; gives (the post's URL, {game: its server})."""
    servers = {game: start(CountingServer(dist)) for game in DEALS}
    frames = "\n".join(
        f"<p>Deal {n}: can you win it?</p>"
        + snippet(f"http://localhost:{server.server_address[1]}", game)
        for n, (game, server) in enumerate(servers.items(), start=1))
    (tmp_path / "post.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>A post</title>"
        "<link rel='icon' href='data:,'></head><body><h1>Three deals</h1>"
        f"<div style='display:flex;gap:8px'>{frames}</div></body></html>")
    post = start(SiteServer(("127.0.0.1", 0), partial(SiteHandler, directory=str(tmp_path))))
    yield f"http://127.0.0.1:{post.server_address[1]}/post.html", servers
    for server in (post, *servers.values()):
        server.shutdown()
        server.server_close()


def frame_of(page, game):
    return page.frame(f'iframe[title$="{GAMES[game].name}"]')


def test_three_embeds_are_posters_until_one_is_tapped(engine_page, blog):
    url, servers = blog
    page = engine_page()
    page.goto(url)
    frames = {game: frame_of(page, game) for game in servers}
    for game, frame in frames.items():
        wait_until(frame, POSTER)
        wait_until(frame, PICTURE)
        assert frame.evaluate("document.querySelector('#poster-title').textContent") \
            == GAMES[game].name
        assert DEALS[game] in frame.evaluate("document.querySelector('#poster-deal').textContent")
    time.sleep(SETTLE_S)
    for game, server in servers.items():
        fetched = [path for path in server.paths if any(part in path for part in RUNTIME)]
        assert not fetched, f"{page.engine}: {game}'s poster fetched {fetched}"
        assert server.sent <= POSTER_BUDGET, (page.engine, game, server.sent, server.paths)
        assert frames[game].evaluate("typeof window.cardtableParts") == "undefined"

    tapped = frames["the-game"]
    tapped.click("[data-action=play-here]")
    wait_ready(tapped)
    assert tapped.evaluate("window.cardtable.view().game") == "the-game"
    play_a_card(tapped)
    for game in ("triggs", "rentz"):
        assert frames[game].evaluate(POSTER), game
        assert not [path for path in servers[game].paths if "pyodide/" in path], game
