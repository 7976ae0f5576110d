"""Saves: the storage adapter, its in-memory fallback, keeping unreadable saves aside,
and the session model they store (resume by replay, undo that stops at draws)."""

import json

import pytest

from cardtable.bots import default_level
from cardtable.engine.core import IllegalAction
from cardtable.web.lobby import default_setup
from cardtable.web.session import SCHEMA, Session, from_save
from cardtable.web.storage import (ASIDE_PREFIX, BLOCKED_NOTICE, FULL_NOTICE, SAVE_KEY,
                                   MemoryBackend, Store)


class Throwing:
    """localStorage in a cross-site iframe with site data blocked: every call throws."""

    def getItem(self, key):
        raise RuntimeError("SecurityError")

    setItem = removeItem = getItem


class FullAfterProbe(MemoryBackend):
    """Storage that accepts the probe but refuses every save (quota exceeded)."""

    def setItem(self, key, value):
        if key != "cardtable.probe":
            raise RuntimeError("QuotaExceededError")


class JsNull:
    """What Pyodide hands back for a JS ``null`` (``pyodide.ffi.jsnull``): not a str."""


def two_player_session(seed="store-1"):
    return Session.new(default_setup().with_players(2), seed)


def first_legal_play(state):
    return next(a for a in state.legal_actions() if a[0] == "play")


# -- the adapter -------------------------------------------------------------------
def test_blocked_storage_falls_back_to_memory_with_a_notice():
    store = Store(Throwing())
    assert store.notice == BLOCKED_NOTICE
    store.write_save({"schema": SCHEMA})
    assert store.load_save() == ({"schema": SCHEMA}, None)


def test_full_storage_keeps_the_save_in_memory_and_says_it_is_full():
    store = Store(FullAfterProbe())
    assert store.notice is None
    store.write_save({"schema": SCHEMA, "x": 1})
    assert store.notice == FULL_NOTICE
    assert store.load_save()[0] == {"schema": SCHEMA, "x": 1}


def test_unavailable_store_says_so():
    assert Store.unavailable().notice == BLOCKED_NOTICE


def test_a_js_null_reads_as_nothing_saved():
    backend = MemoryBackend()
    backend.getItem = lambda key: JsNull()
    assert Store(backend).load_save() == (None, None)


def test_corrupt_json_is_kept_aside_and_reported():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, "{not json")
    save, problem = Store(backend).load_save()
    assert save is None and "kept aside" in problem
    assert backend.getItem(SAVE_KEY) is None
    assert backend.getItem(ASIDE_PREFIX + "1") == "{not json"


def test_keeping_aside_never_overwrites_an_earlier_one():
    backend = MemoryBackend()
    store = Store(backend)
    for text in ("[1]", "[2]"):
        backend.setItem(SAVE_KEY, text)
        store.load_save()
    assert [backend.getItem(f"{ASIDE_PREFIX}{n}") for n in (1, 2)] == ["[1]", "[2]"]


# -- sessions: save, resume by replay ------------------------------------------------
def test_resume_by_replay_gives_the_same_position_and_log():
    session = two_player_session()
    for _ in range(2):
        session.apply(first_legal_play(session.state))
    session.apply(("end",))
    save = json.loads(json.dumps(session.to_save()))
    again = from_save(save)
    assert again.state == session.state
    assert again.events == session.events
    assert save["seats"] == ["human", default_level("the-game")] and save["schema"] == SCHEMA


@pytest.mark.parametrize("change, words", [
    (lambda s: s.update(schema=0), "format"),
    (lambda s: s.update(actions=[["play", 1, 0]]), "is not in the hand"),
    (lambda s: s.pop("seed"), "seed"),
    (lambda s: s.update(game="chess"), "no game"),
    (lambda s: s.update(seats=["casual", "human"]), "seats"),
])
def test_a_save_that_no_longer_replays_says_why(change, words):
    save = two_player_session().to_save()
    change(save)
    with pytest.raises(ValueError, match=words):
        from_save(save)


# -- undo -------------------------------------------------------------------------------
def test_undo_takes_back_cards_played_this_turn():
    session = two_player_session()
    start = session.state
    session.apply(first_legal_play(start))
    assert session.can_undo()
    session.undo()
    assert session.state == start and session.events == []


def test_undo_stops_at_a_draw():
    session = two_player_session()
    for _ in range(2):
        session.apply(first_legal_play(session.state))
    session.apply(("end",))  # TG-6: the draw reveals cards
    assert not session.can_undo()
    with pytest.raises(ValueError):
        session.undo()


def test_undo_never_takes_back_a_bot_move():
    session = two_player_session()
    for _ in range(2):
        session.apply(first_legal_play(session.state))
    session.apply(("end",))
    session.apply(first_legal_play(session.state))  # seat 2 is a bot
    assert not session.can_undo()


def test_an_illegal_action_changes_nothing():
    session = two_player_session()
    with pytest.raises(IllegalAction):
        session.apply(("end",))
    assert session.actions == [] and len(session.states) == 1
