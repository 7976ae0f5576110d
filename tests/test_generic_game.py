"""A game that exists only in the tests (Nim, ``tests/nim/``) plays through the lobby,
the controller, the page's HTML, share links, saves, bots and the simulator with no
change to generic code: proof that a game is its own folder plus one line in the registry."""

import json

import pytest
from html_page import Page, screen_html

from cardtable import sim
from cardtable.engine import registry
from cardtable.web import links
from cardtable.web.controller import Controller
from cardtable.web.saves import Saves
from cardtable.web.storage import Store


@pytest.fixture(autouse=True)
def nim(monkeypatch):
    """Nim joins the registry for one test: one line, as a real game's package does."""
    monkeypatch.setitem(registry.GAMES, "nim", registry.declared("nim"))


def controller(store=None):
    return Controller(store or Store(), lambda: "nim-seed")


def test_the_lobby_offers_nim_with_its_typed_options():
    c = controller()
    c.handle("pick-game", {"value": "nim"})
    c.handle("players", {"value": "3"})
    c.handle("option", {"key": "size", "value": "9"})
    c.handle("option", {"key": "heaps", "value": "2"})
    assert c.messages == [] and c.setup.options == {"size": 9, "heaps": 2}
    page = Page(screen_html(c.screen()))
    assert page.one("input", data_action="option", data_key="size").attrs["value"] == "9"
    assert page.one(data_action="pick-game", data_value="nim").attrs["aria-pressed"] == "true"
    c.handle("option", {"key": "size", "value": "99"})
    (role, text), = c.messages
    assert role == "alert" and "from 1 to 20" in text and c.setup.options["size"] == 9


def test_a_whole_game_against_bots_through_the_controller_and_the_page():
    store = Store()
    c = controller(store)
    c.boot("#/nim?seed=s1&players=2&seats=human,random&size=4&heaps=2")
    while c.screen().kind == "table":
        if c.bot_due():
            c.bot_step()
            continue
        page = Page(screen_html(c.screen()))
        takes = [b for b in page.find(data_action="nim-take") if "disabled" not in b.attrs]
        assert len(takes) == len(c.current_view()["legal"])
        c.handle("nim-take", {"heap": takes[0].attrs["data-heap"], "count": takes[0].attrs["data-count"]})
        assert c.messages == []
    screen = c.screen()
    assert screen.kind == "end" and Saves(store).entries == []
    page = Page(screen_html(screen))
    assert "took the last counter" in page.one("h2").text
    assert "takes" in page.one("ol", "log").text


def test_link_save_and_resume():
    store = Store()
    c = controller(store)
    c.boot("#/nim?seed=s2&players=3&seats=human,human,random&size=5")
    assert c.screen().kind == "pass"  # two people share the device: the first takes it
    c.handle("reveal", {})
    c.handle("nim-take", {"heap": "0", "count": "2"})
    again = controller(store)
    again.boot("")
    assert again.session.actions == [["take", 0, 2]] and again.session.state == c.session.state
    assert again.screen().kind == "pass"  # the next person takes the device
    fragment = links.fragment(c.session.setup, c.session.seed)
    assert "size=5" in fragment and links.parse(fragment).setup == c.session.setup


def test_the_simulator_plays_it():
    report = sim.run("nim", 2, 20, "s", ["random", "random"], {"size": 6})
    assert report["games"] == 20 and len(report["win_rate_by_seat"]) == 2
    assert json.loads(json.dumps(report))["options"] == {"size": "6", "heaps": "3"}
