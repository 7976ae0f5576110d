"""Offline through the service worker, in every engine, at a domain's root and under a path
(``/cardtable/``, as on a GitHub Pages project site).

A player stores unfinished games of all four games, settings and records online; later, with
the network gone and the HTTP cache unable to answer (the server says ``Cache-Control:
no-cache`` to every response, so only the service worker can), the start page and the first
game's link, each loaded anew, reach ready, and the other games' links followed from there
open: every ``cardtable.*`` key is still there unchanged (none kept aside as
``cardtable.unreadable.*``), and each link resumes its game where it was. (One link is
loaded anew: loads are what makes this test the suite's longest, in WebKit above all, and
a game's part comes from the same worker whether the page asks for it at its start or
later.)
Opening a game puts it first in ``cardtable.games`` and dates it: the list is compared as
its games' saves, every other key as it is.
"""

from __future__ import annotations

import json
import threading

import pytest

from sitebuild.server import make_server
from engines import js, open_app, stored, view, wait_until
from test_a11y import finished_save
from test_engines import LINKS, MY_TURN, TOURS_SEEN, play_a_card
from test_offline import OFFLINE_STATE, PRECACHE_TIMEOUT_MS, READY_FOR_OFFLINE


def serve(dist, prefix: str):
    """``dist`` served at ``prefix`` (every response ``no-cache``); the server and its URL."""
    server = make_server(dist, prefix=prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://localhost:{server.server_address[1]}{prefix}"


# Firefox's words for a fetch that a page left behind when it went to another address.
LEFT_BEHIND = "A ServiceWorker intercepted the request and encountered an unexpected error"


def kept(keys: dict) -> dict:
    """The stored keys, ``cardtable.games`` as {id: save} (its order and dates left out)."""
    games = json.loads(keys.get("cardtable.games", '{"games": []}'))["games"]
    return {**keys, "cardtable.games": {entry["id"]: entry["save"] for entry in games}}


def reopen(page, url: str) -> None:
    """``url`` loaded anew (not a change of fragment in the same document), until ready."""
    page.goto("about:blank")
    open_app(page, url)


def store_a_players_things(page, root: str) -> dict:
    """Online: settings, a record (a finished game of Triggs) and an unfinished game of
    each game (The Game with a card played); {game: its view, on the player's turn}."""
    open_app(page, root)
    page.evaluate(f"localStorage.setItem('cardtable.settings', {js(TOURS_SEEN)})")
    save, fragment = finished_save("triggs", 2, "offline-record")
    page.evaluate(f"localStorage.setItem('cardtable.save', {js(js(save))})")
    reopen(page, root + fragment)
    wait_until(page, "!!document.querySelector('#app main.end')")
    views = {}
    for game, link in LINKS.items():
        page.evaluate(f"location.hash = {js(link)}")
        wait_until(page, f"(v => v && v.game === {js(game)})(window.cardtable.view())")
        if game == "the-game":
            play_a_card(page)
        wait_until(page, MY_TURN)
        views[game] = view(page)
    return views


def ready_for_offline(page) -> None:
    """Wait until the page is ready for the next visit offline; a failure says which of
    the worker and the parts was not."""
    try:
        wait_until(page, READY_FOR_OFFLINE, PRECACHE_TIMEOUT_MS / 1000)
    except pytest.fail.Exception as failure:
        pytest.fail(f"{failure}; the worker and the parts: {page.evaluate(OFFLINE_STATE)}")


@pytest.mark.parametrize("prefix", ["/", "/cardtable/"], ids=["root", "path"])
def test_offline_the_start_page_and_each_link_keep_every_stored_key(engine_page, dist, prefix):
    server, root = serve(dist, prefix)
    engine_page.allow(LEFT_BEHIND)
    page = engine_page()
    try:
        views = store_a_players_things(page, root)
        ready_for_offline(page)
        online = stored(page)
    finally:
        server.shutdown()
        server.server_close()
    assert {"cardtable.games", "cardtable.records", "cardtable.settings"} <= set(online)
    unfinished = json.loads(online["cardtable.games"])["games"]
    assert {entry["save"]["game"] for entry in unfinished} == set(LINKS)

    reopen(page, root)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert kept(stored(page)) == kept(online)
    for number, (game, link) in enumerate(LINKS.items()):
        if number == 0:  # a link loaded offline, its game's part fetched at the start
            reopen(page, root + link)
        else:  # a link followed in the page, its game's part fetched then
            page.evaluate(f"location.hash = {js(link)}")
            wait_until(page, f"(v => v && v.game === {js(game)})(window.cardtable.view())")
        wait_until(page, MY_TURN)
        assert kept(stored(page)) == kept(online), game
        assert view(page) == views[game], game
