"""Saves: the storage adapter, its in-memory fallback, the list of unfinished games (an
older version's save moved in, its room, damaged entries kept aside), and the session
model they store (resume by replay, undo that stops at draws)."""

import json
from datetime import datetime

import pytest

from cardtable.bots import default_level
from cardtable.engine.core import IllegalAction
from cardtable.web.lobby import default_setup
from cardtable.web.session import SCHEMA, Session, from_save
from cardtable.web.saves import GAMES_KEY, Saves, begun, when_words
from cardtable.web.storage import (ASIDE_PREFIX, BLOCKED_NOTICE, FULL_NOTICE, PARKED_PREFIX,
                                   SAVE_KEY, MemoryBackend, Store)


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
    saves = Saves(store, clock=clock)
    game_id, _ = saves.put(None, the_save())
    assert Saves(store, clock=clock).get(game_id)["save"] == the_save()


def test_full_storage_keeps_the_games_in_memory_and_says_it_is_full():
    store = Store(FullAfterProbe())
    assert store.notice is None
    Saves(store, clock=clock).put(None, the_save("x"))
    assert store.notice == FULL_NOTICE
    assert Saves(store, clock=clock).latest()["save"]["seed"] == "x"


def test_unavailable_store_says_so():
    assert Store.unavailable().notice == BLOCKED_NOTICE


def test_a_js_null_reads_as_no_game_saved():
    backend = MemoryBackend()
    backend.getItem = lambda key: JsNull()
    assert Saves(Store(backend)).entries == []


def test_keeping_aside_never_overwrites_an_earlier_one():
    backend = MemoryBackend()
    store = Store(backend)
    for text in ("[1]", "[2]"):
        backend.setItem(GAMES_KEY, text)
        Saves(store).entries
    assert [backend.getItem(f"{ASIDE_PREFIX}{n}") for n in (1, 2)] == ["[1]", "[2]"]
    assert len(store.problems) == 2 and all("kept aside" in text for text in store.problems)


# -- the unfinished games ----------------------------------------------------------
NOW = datetime(2026, 11, 26, 21, 5)


def clock():
    return NOW


def the_save(seed="store-1", moves=0):
    session = two_player_session(seed)
    for _ in range(moves):
        session.apply(first_legal_play(session.state))
    return session.to_save()


def stored_list(backend) -> list:
    return json.loads(backend.getItem(GAMES_KEY))["games"]


def test_an_old_single_save_and_games_put_aside_move_into_the_list():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, json.dumps(the_save("current", moves=1)))
    backend.setItem(PARKED_PREFIX + "2", json.dumps(the_save("parked-two")))
    backend.setItem(PARKED_PREFIX + "1", json.dumps(the_save("parked-one")))
    saves = Saves(Store(backend), clock=clock)
    assert [entry["save"]["seed"] for entry in saves.entries] == \
        ["current", "parked-one", "parked-two"]
    assert saves.latest()["save"] == the_save("current", moves=1)
    assert [entry["save"]["seed"] for entry in stored_list(backend)] == \
        ["current", "parked-one", "parked-two"]
    assert backend.getItem(SAVE_KEY) is None and backend.getItem(PARKED_PREFIX + "1") is None
    assert from_save(saves.latest()["save"]).state == \
        from_save(the_save("current", moves=1)).state


def test_an_old_save_stays_where_it_was_while_the_list_cannot_be_stored():
    backend = FullAfterProbe()
    backend.items[SAVE_KEY] = json.dumps(the_save("current"))
    saves = Saves(Store(backend), clock=clock)
    assert saves.latest()["save"]["seed"] == "current"
    saves.put(saves.latest()["id"], the_save("current", moves=1))
    assert [entry["save"]["seed"] for entry in saves.entries] == ["current"]  # read once
    assert backend.items[SAVE_KEY] == json.dumps(the_save("current"))


def test_an_old_save_that_is_no_json_object_is_kept_aside_and_said():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, "{not json")
    store = Store(backend)
    assert Saves(store).entries == []
    assert backend.getItem(SAVE_KEY) is None
    assert backend.getItem(ASIDE_PREFIX + "1") == "{not json"
    assert "kept aside as “cardtable.unreadable.1”" in store.problems[0]


def test_the_list_keeps_every_game_the_one_played_last_first():
    backend = MemoryBackend()
    saves = Saves(Store(backend), clock=clock)
    first, _ = saves.put(None, the_save("a"))
    second, _ = saves.put(None, the_save("b"))
    assert first != second
    saves.put(first, the_save("a", moves=1), ("moves", 1, None))
    again = Saves(Store(backend), clock=clock)
    assert [(entry["id"], entry["save"]["seed"]) for entry in again.entries] == \
        [(first, "a"), (second, "b")]
    assert again.latest() == {"id": first, "when": "2026-11-26T21:05",
                              "progress": ["moves", 1, None], "begun": True,
                              "save": the_save("a", moves=1)}
    again.remove(second)
    assert [entry["id"] for entry in Saves(Store(backend)).entries] == [first]


def test_a_damaged_entry_is_kept_aside_and_the_others_stay():
    backend = MemoryBackend()
    good = {"id": 1, "when": "2026-11-25T10:00", "progress": None, "save": the_save("good")}
    bad = {"id": 2, "when": "2026-11-25T10:00", "progress": None,
           "save": {**the_save("bad"), "game": "chess"}}
    backend.setItem(GAMES_KEY, json.dumps({"schema": 1, "games": [bad, good]}))
    store = Store(backend)
    saves = Saves(store, clock=clock)
    assert [entry["id"] for entry in saves.entries] == [1]
    assert json.loads(backend.getItem(ASIDE_PREFIX + "1")) == bad
    assert "no game" in store.problems[0] and "“cardtable.unreadable.1”" in store.problems[0]
    saves.put(1, the_save("good", moves=1))
    assert [entry["id"] for entry in stored_list(backend)] == [1]


def test_a_damaged_entry_stays_in_the_list_when_it_cannot_be_kept_aside():
    backend = MemoryBackend()
    bad = {"id": 2, "when": "yesterday", "progress": None, "save": the_save("bad")}
    backend.setItem(GAMES_KEY, json.dumps({"schema": 1, "games": [bad]}))
    backend.setItem = FullAfterProbe.setItem.__get__(backend)
    store = Store(backend)
    saves = Saves(store, clock=clock)
    assert saves.entries == [] and "stays where it was" in store.problems[0]
    saves.put(None, the_save("new"))  # held in memory: the storage is full
    assert saves._wrap(saves.entries)["games"][-1] == bad


def room_for_three() -> int:
    """The characters that three games' list takes, and a little more."""
    saves = Saves(Store(), clock=clock)
    for i in range(3):
        saves.put(None, the_save(f"s{i}", moves=1))
    return len(json.dumps(saves._wrap(saves.entries), separators=(",", ":"))) + 20


@pytest.mark.parametrize("most, budget", [(3, 400_000), (100, room_for_three())])
def test_past_its_room_the_list_drops_the_game_played_longest_ago_and_says_which(most, budget):
    backend = MemoryBackend()
    saves = Saves(Store(backend), clock=clock, most=most, budget=budget)
    ids = [saves.put(None, the_save(f"s{i}", moves=1))[0] for i in range(3)]
    assert (saves.doomed() is not None) == (most == 3)
    new_id, said = saves.put(None, the_save("new", moves=1))
    kept = [entry["id"] for entry in stored_list(backend)]
    assert kept == [new_id, ids[2], ids[1]]
    assert said.startswith("Dropped to make room: The Game, 2 players, 1 move made,"
                           " today at 21:05.")
    assert len(json.dumps(saves._wrap(saves.entries), separators=(",", ":"))) <= budget


def test_a_table_with_no_move_takes_no_room_from_the_games_under_way():
    """A table where nobody made a move is kept (its link opens it) but not offered, it
    drops no game under way, and past the room of such tables the oldest goes without a
    word; a new table drops the game played longest ago only at its first move."""
    saves = Saves(Store(), clock=clock, most=2)
    played, _ = saves.put(None, the_save("played", moves=1))
    idle, said = saves.put(None, the_save("idle"))
    assert said is None and [entry["id"] for entry in saves.in_play()] == [played]
    assert saves.doomed() is None
    other, _ = saves.put(None, the_save("other", moves=1))
    assert [entry["id"] for entry in saves.in_play()] == [other, played]
    assert saves.doomed()["id"] == played
    third, said = saves.put(None, the_save("third"))  # two tables not begun: room for both
    assert said is None and [entry["id"] for entry in saves.entries] == [third, other, idle, played]
    fourth, said = saves.put(None, the_save("fourth"))
    assert said is None and [entry["id"] for entry in saves.entries] == [fourth, third, other, played]
    _, said = saves.put(fourth, the_save("fourth", moves=1))  # its first move
    assert [entry["id"] for entry in saves.entries] == [fourth, third, other]
    assert said.startswith("Dropped to make room: The Game, 2 players, 1 move made")


def test_a_move_by_a_person_begins_a_game_and_a_bots_does_not():
    setup = default_setup("the-game").with_players(2)
    session = Session.new(setup, "begun")
    assert not begun(session)
    session.apply(first_legal_play(session.state))  # seat 1, the player: a move made
    assert begun(session)
    session.undo()  # taken back: no move made again
    assert not begun(session)
    bot_only = Session.new(default_setup("triggs"), "begun")  # its bot moves first
    while bot_only.state.current_player != 0:
        bot_only.apply(bot_only.state.legal_actions()[0])
    assert bot_only.actions and not begun(bot_only)
    assert begun(Session.new(setup.with_seat(1, "friend"), "begun"))  # friends asked to it


def test_when_is_said_as_today_yesterday_or_a_date():
    assert when_words("2026-11-26T08:30", NOW) == "today at 08:30"
    assert when_words("2026-11-25T23:59", NOW) == "yesterday at 23:59"
    assert when_words("2026-10-02T12:00", NOW) == "on 2026-10-02"


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
    (lambda s: s.update(seats=["casual", "random"]), "seats"),
    (lambda s: s.update(seats=["friend", "human"]), "seats"),
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


def test_a_change_made_by_another_page_is_read_before_the_list_is_written():
    backend = MemoryBackend()
    mine, other = Saves(Store(backend), clock=clock), Saves(Store(backend), clock=clock)
    first, _ = mine.put(None, the_save("mine"))
    theirs, _ = other.put(None, the_save("theirs"))
    mine.put(first, the_save("mine", moves=1))
    assert [entry["save"]["seed"] for entry in stored_list(backend)] == ["mine", "theirs"]
    backend.setItem(SAVE_KEY, json.dumps(the_save("older")))  # an older version's page
    assert [entry["save"]["seed"] for entry in mine.entries] == ["older", "mine", "theirs"]
