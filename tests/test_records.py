"""Records, replays, export and import, and today's deal, on CPython, for every game
(Nim, the tests' own game, included): what a finished game leaves on the device, the
figures and charts drawn from it, the budget, bad texts and files, the daily seed, the one
attempt a day, the share text, and a replay that steps both ways and lets nobody act."""

import json
from dataclasses import replace
from datetime import datetime

import pytest
from html_page import Page, screen_html

from cardtable import i18n
from cardtable.bots import make_bot
from cardtable.engine import registry
from cardtable.engine.registry import GAMES
from cardtable.web import links
from cardtable.web.records import daily, stats
from cardtable.web.records.charts import histogram_chart, results_chart
from cardtable.web.controller import Controller
from cardtable.web.lobby import default_setup
from cardtable.web.records.book import (IMPORT_LIMIT, RECORDS_KEY, RecordBook, identity,
                                        make_record)
from cardtable.web.records.replay import Replay
from cardtable.web.records.screens import figures_html, mode_text
from cardtable.web.session import Session
from cardtable.web.storage import Store
from cardtable.web.tables import table_module

ALL_GAMES = [*GAMES, "nim"]
SHORT = {"rentz": {"practice": "king"}}  # one deal of Rentz is a whole game here
NOW = datetime(2026, 11, 23, 20, 15)
TOMORROW = datetime(2026, 11, 24, 9, 0)


@pytest.fixture(autouse=True)
def nim(monkeypatch):
    """Nim joins the registry for one test: one line, as a real game's package does."""
    monkeypatch.setitem(registry.GAMES, "nim", registry.declared("nim"))


def quick_setup(game: str):
    """The lobby's setup with random bots and the game's short options."""
    setup = default_setup(game)
    setup = replace(setup, seats=("human",) + ("random",) * (setup.players - 1))
    options = SHORT.get(game, {})
    return replace(setup, options=setup.spec.resolve_options({**setup.options, **options},
                                                             setup.players))


def played(game: str, seed: str = "rec") -> Session:
    """A whole game of ``game`` played by random bots in every seat, on CPython."""
    session = Session.new(quick_setup(game), seed)
    bots = [make_bot(game, "random", seat, seed) for seat in range(session.setup.players)]
    while not session.state.is_over:
        state = session.state
        forced = state.forced_action()
        seat = state.current_player
        session.apply(forced if forced is not None else bots[seat].act(state.view(seat)))
    return session


def controller(store=None, clock=lambda: NOW) -> Controller:
    seeds = (f"fresh{i}" for i in range(1000))
    return Controller(store or Store(), lambda: next(seeds), clock=clock)


def finish(c: Controller) -> None:
    """Play the game on the table to its end: the human seat by a random bot."""
    me = make_bot(c.session.setup.game, "random", 0, c.new_seed())
    while not c.sitting.table.finished:
        if c.sitting.table.awaiting():
            c.handle("confirm-end", {})
        elif c.paused():  # between deals: the player goes on
            c.handle("go-on", {})
        elif c.bot_due():
            c.bot_step()
        else:
            c.sitting.table.act(me.act(c.sitting.table.view))
            c.local.saved()


def fake(won: bool, score: int, better="lower", options=None, players=1, when="2026-01-01T10:00"):
    return {"game": "the-game", "players": players, "options": options or {}, "when": when,
            "outcome": {"won": won, "score": score, "better": better}}


# -- outcomes and records ---------------------------------------------------------------
@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_table_gives_an_outcome_and_a_finished_game_is_recorded(game):
    session = played(game)
    names = ("You",) + tuple(f"Bot {i + 2}" for i in range(session.setup.players - 1))
    outcome = table_module(game).outcome(session.state.result(), 0, names)
    assert isinstance(outcome["won"], bool) and isinstance(outcome["score"], (int, float))
    assert outcome["better"] in ("lower", "higher") and 0 <= outcome["progress"] <= 1
    assert outcome["text"] == table_module(game).result_text(session.state.result(), names)
    record = make_record(session, NOW)
    assert record["when"] == "2026-11-23T20:15" and record["moves"] == len(session.actions)
    assert record["options"] == session.to_save()["options"]
    assert json.loads(json.dumps(record)) == record  # JSON as it is


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_controller_records_each_finished_game_once(game):
    store = Store()
    c = controller(store)
    c.begin(Session.new(quick_setup(game), "once"))
    finish(c)
    c.local.saved()
    c.local.saved()
    (record,) = c.browsing.book.games
    assert record["game"] == game and record["seed"] == "once"
    assert json.loads(store.get(RECORDS_KEY)) == {"schema": 1, "games": [record]}
    assert "daily" not in record
    assert c.unfinished.saves.entries == []  # finished: no longer among the unfinished games


def test_stats_and_streaks():
    records = [fake(True, 0), fake(False, 12), fake(True, 0), fake(True, 3), fake(False, 30),
               fake(True, 1), fake(True, 0)]
    figures = stats.summary(records)
    assert figures == {"played": 7, "won": 5, "rate": 5 / 7, "best": 0, "streak": 2,
                       "best_streak": 2}
    assert stats.streaks([fake(False, 9)]) == (0, 0)
    assert stats.best_score([fake(False, 5, "higher"), fake(False, 9, "higher")]) == 9
    mixed = records + [fake(False, 40, options={"min_cards": "3"}, players=2)]
    rows = stats.by_mode(mixed)
    assert [(r["options"], r["players"], r["played"]) for r in rows] == [
        ({}, 1, 7), ({"min_cards": "3"}, 2, 1)]
    assert stats.histogram([1, 1, 2]) == [(1, 1, 2), (2, 2, 1)]
    assert sum(count for *_, count in stats.histogram(list(range(0, 98, 3)))) == 33


def test_practice_deals_count_apart_and_default_options_are_no_mode():
    spec = GAMES["rentz"]

    def rentz(options, won, players=4):
        encoded = {key: spec.option(key).encode(value)
                   for key, value in spec.resolve_options(options, players).items()}
        return {"game": "rentz", "players": players, "options": encoded, "when": "2026-01-01T10:00",
                "outcome": {"won": won, "score": 100, "better": "higher"}}

    whole, deal = rentz({}, False), rentz({"practice": "queens"}, True)
    assert not stats.practice_deal(whole) and stats.practice_deal(deal)
    assert stats.whole_games([deal, whole]) == [whole]
    html = figures_html("rentz", stats.whole_games([deal, whole]), 1)
    figures = Page(html).find("dd")
    assert [figures[0].text, figures[1].text, figures[2].text] == ["1", "0", "0%"]
    assert "1 practice deal is not counted in these figures" in html
    # RZ-10: the placings' default depends on the number of players
    assert mode_text("rentz", whole["options"], 4) == "Standard rules"
    assert mode_text("rentz", rentz({}, False, players=6)["options"], 6) == "Standard rules"
    assert mode_text("rentz", deal["options"], 4) == "Practice: Queens"
    placed = rentz({"placings": (400, 200, 100, 1)}, False)["options"]
    assert mode_text("rentz", placed, 4) == "Rentz placings: 400,200,100,1"


def test_charts_draw_svg_with_a_data_table():
    points = [("2026-11-20T10:00", 12, False), ("2026-11-21T10:00", 0, True)]
    for html, rows in ((results_chart(points, "cards left"), 2),
                       (histogram_chart(stats.histogram([12, 0]), "cards left"), 2)):
        page = Page(html)
        assert page.one("svg").attrs["aria-hidden"] == "true"
        table = page.one("table", "chart-data")
        assert len(page.find("tr")) == rows + 1 and page.one("caption").text
        assert table in page.one("div", "sr").children
    assert len(Page(results_chart(points, "x")).find("circle")) == 2


# -- the budget and bad texts ---------------------------------------------------------
def test_over_the_budget_the_oldest_move_lists_go_first_and_the_user_is_told():
    sessions = [played("the-game", f"b{i}") for i in range(4)]
    records = [make_record(s, NOW) for s in sessions]
    summaries = sum(len(json.dumps({**r, "actions": None})) for r in records)
    moves = len(json.dumps(records[0]["actions"], separators=(",", ":")))
    book = RecordBook(Store(), budget=summaries + int(moves * 1.5))
    said = [book.add(r) for r in records]
    assert said[0] is None and said[-1].startswith("To make room, the moves of the")
    assert all("oldest" in text and "results are kept" in text or "result is kept" in text
               for text in said if text)
    assert len(book.games) == 4  # every summary kept
    assert book.games[0]["actions"] is None and book.games[-1]["actions"] is not None
    assert len(book.text()) <= book.budget
    with pytest.raises(ValueError, match="dropped to make room"):
        Replay(book.games[0], 0)


def test_an_unreadable_records_text_is_kept_aside_and_reported():
    store = Store()
    store.set(RECORDS_KEY, "{not json")
    c = controller(store)
    c.boot("")
    (role, text), = c.messages
    assert role == "alert" and "cardtable.unreadable.1" in text
    assert store.get("cardtable.unreadable.1") == "{not json"
    assert c.browsing.book.games == [] and store.get(RECORDS_KEY) is None
    c.boot("")
    assert c.messages == []  # said once


def test_storage_blocked_keeps_records_for_this_visit_and_says_so():
    c = controller(Store.unavailable())
    c.begin(Session.new(quick_setup("nim"), "blocked"))
    finish(c)
    c.handle("records", {"game": "nim"})
    page = Page(screen_html(c.screen()))
    assert "for this visit only" in page.one("p", "note").text
    assert len(page.find("button", data_action="replay")) == 1


# -- export and import ---------------------------------------------------------------
@pytest.mark.parametrize("game", ALL_GAMES)
def test_import_merges_without_duplicates(game):
    book = RecordBook(Store())
    first, second = played(game, "x1"), played(game, "x2")
    book.add(make_record(first, NOW))
    exported = book.export_text()
    other = RecordBook(Store())
    other.add(make_record(second, NOW))
    assert other.merge(exported) == "Imported 1 game."
    assert other.merge(exported) == "Imported 0 games. 1 game was here already."
    assert len(other.games) == 2
    assert len({identity(r) for r in other.games}) == 2
    # the file still holds the replay that this device dropped for room: it comes back
    other.games[0]["actions"] = None
    other.merge(exported)
    assert all(r["actions"] is not None for r in other.games if r["seed"] == "x1")


@pytest.mark.parametrize("text, reason", [
    ("not json", "not a JSON text"), ("[]", "format 1"), ('{"schema": 2, "games": []}', "found 2"),
    ('{"schema": 1}', "no list of games"),
    ('{"schema": 1, "games": [{"game": "the-game"}]}', "game 1 of the file"),
    ('{"schema": 1, "games": [{"game": "chess"}]}', "game 1 of the file")])
def test_a_bad_file_is_refused_in_a_sentence_and_nothing_changes(text, reason):
    store = Store()
    book = RecordBook(store)
    book.add(make_record(played("nim"), NOW))
    before = store.get(RECORDS_KEY)
    with pytest.raises(ValueError) as refused:
        book.merge(text)
    message = str(refused.value)
    assert message.startswith("This file cannot be imported:") and reason in message
    assert message.endswith("Nothing was changed.") and message.count(". ") <= 1
    assert store.get(RECORDS_KEY) == before and len(book.games) == 1


def test_export_and_import_through_the_controller():
    c = controller()
    c.begin(Session.new(quick_setup("nim"), "ex"))
    finish(c)
    kind, name, text, done = c.handle("export-records", {})
    assert kind == "download" and name == "cardtable-records-2026-11-23.json"
    assert "1 games" in done or "1 game" in done
    assert c.handle("import-records", {}) == ("read-file", "#import-records", "import-text",
                                              IMPORT_LIMIT)
    c.handle("import-text", {"text": text})
    assert c.messages == [("status", "Imported 0 games. 1 game was here already.")]
    c.handle("import-text", {"text": "{oops"})
    (role, said), = c.messages
    assert role == "alert" and said.startswith("This file cannot be imported")


# -- today's deal ------------------------------------------------------------------
@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_daily_seed_is_stable_for_a_date_and_differs_across_dates_and_games(game):
    link = links.parse(f"#/{game}?daily=2026-11-23")
    again = links.parse(f"#/{game}?daily=2026-11-23&players=3&seed=other")
    assert link.error is None and link.seed == again.seed == f"daily-{game}-2026-11-23"
    assert link.setup == again.setup == default_setup(game)
    spec = GAMES[game]
    deal = spec.new(link.setup.players, link.setup.options, link.seed)
    assert deal == spec.new(link.setup.players, link.setup.options, again.seed)
    assert links.parse(f"#/{game}?daily=2026-11-24").seed != link.seed
    others = {daily.seed(g, "2026-11-23") for g in ALL_GAMES}
    assert len(others) == len(ALL_GAMES)
    assert daily.day_of(link.setup, link.seed) == "2026-11-23"
    assert daily.day_of(link.setup.with_players(spec.max_players), link.seed) is None


@pytest.mark.parametrize("fragment", ["#/the-game?daily=2026-02-30", "#/triggs?daily=today",
                                      "#/rentz?daily=2026-1-1"])
def test_a_malformed_daily_link_gives_one_sentence_and_the_lobby(fragment):
    c = controller()
    c.boot(fragment)
    (role, text), = c.messages
    assert role == "alert" and "YYYY-MM-DD" in text and c.screen().kind == "lobby"


@pytest.mark.parametrize("game", ["the-game", "triggs", "nim"])
def test_one_recorded_attempt_a_day_then_practice(game):
    days = iter([NOW] * 100)
    c = controller(clock=lambda: next(days, NOW))
    c.handle("daily", {"game": game})
    assert c.session.seed == f"daily-{game}-2026-11-23" and c.messages == []
    finish(c)
    first = c.browsing.book.games[-1]
    assert first["daily"] == "2026-11-23" and first["practice"] is False
    c.handle("daily", {"game": game})
    assert "practice" in c.messages[-1][1]
    finish(c)
    second = c.browsing.book.games[-1]
    assert second["daily"] == "2026-11-23" and second["practice"] is True
    assert c.browsing.book.daily(game, "2026-11-23") is first
    assert "(practice)" in c.local.share_text().splitlines()[0]
    lobby = controller(c.store)
    lobby.boot("")
    page = Page(screen_html(lobby.screen()))
    assert page.one("button", data_action="daily", data_game=game)
    assert len(page.find("button", data_action="daily")) == len(GAMES)


def test_another_days_deal_is_practice():
    c = controller(clock=lambda: TOMORROW)
    c.boot("#/the-game?daily=2026-11-23")
    assert "practice" in c.messages[-1][1]
    finish(c)
    assert c.browsing.book.games[-1]["practice"] is True


@pytest.mark.parametrize("game", ["the-game", "extreme", "triggs", "rentz", "nim"])
def test_the_share_text_of_todays_deal(game):
    c = controller()
    c.handle("daily", {"game": game})
    finish(c)
    head, bar, play = c.local.share_text().split("\n")
    name = c.session.setup.spec.name
    assert head.startswith(f"{name}, today's deal of 2026-11-23: ")
    outcome = table_module(game).outcome(c.sitting.table.state.result(), 0, c.sitting.table.names)
    assert head.endswith(outcome["text"])
    squares = bar.replace(" 🏆", "")
    assert len(squares) == 10 and set(squares) <= {"🟩", "⬜"}
    assert bar.endswith("🏆") == outcome["won"]
    assert play == f"Play it: index.html#/{game}?daily=2026-11-23"
    opened = links.parse(play.split("#")[1])
    assert (opened.setup, opened.seed) == (c.session.setup, c.session.seed)


# -- replays ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_replay_steps_both_ways_through_the_same_states_and_nobody_can_act(game):
    c = controller()
    c.begin(Session.new(quick_setup(game), "rp"))
    finish(c)
    session = c.session
    c.handle("records", {"game": game})
    c.handle("replay", {"index": "0"})
    replay = c.browsing.replay
    assert replay.step == 0 and replay.last == len(session.actions)  # it opens at the start
    for step in range(replay.last + 1):
        assert replay.view() == {**session.states[step].view(0), "legal": []}
        assert len(replay.ui().log) == sum(len(batch) for batch in session.events[:step])
        assert not replay.ui().my_turn
        c.handle("replay-step", {"by": "1"})
    assert replay.step == replay.last
    for step in range(replay.last, -1, -1):
        assert replay.state == session.states[step]
        c.handle("replay-step", {"by": "-1"})
    assert replay.step == 0 and c.messages == []
    c.handle("replay-to", {"value": str(replay.last // 2)})
    assert replay.step == replay.last // 2
    # nothing can be played: table controls are refused, bots are still
    moves = len(session.actions)
    for action in [*table_module(game).HANDLERS, "undo", "hint", "new-deal", "start", "continue"]:
        c.handle(action, {"card": "5", "pile": "0", "heap": "0", "count": "1"})
        assert c.messages and c.messages[0][0] == "alert"
    assert len(session.actions) == moves and not c.bot_due()
    page = Page(screen_html(c.screen()))
    assert page.one("input", data_action="replay-to").attrs["max"] == str(replay.last)
    live = [b for b in page.find("button") if "disabled" not in b.attrs
            and b.attrs.get("data-action") in table_module(game).HANDLERS]
    assert all(b.attrs["data-action"] in ("play", "rentz-sheet") for b in live)
    controls = {b.attrs.get("data-action") for b in page.find("button")}
    assert not controls & {"end-turn", "undo", "hint"}  # no control of play, not even disabled
    assert ("replay-hands" in controls) == (session.setup.players > 1)
    c.handle("replay-hands", {})
    page = Page(screen_html(c.screen()))
    assert len(page.one("section", "all-hands").children[0].children) == session.setup.players
    c.handle("close-replay", {})
    assert c.screen().kind == "records"


def test_arrow_keys_step_a_replay():
    c = controller()
    assert c.browsing.replay_key("ArrowLeft") is None
    c.begin(Session.new(quick_setup("nim"), "keys"))
    finish(c)
    c.handle("replay", {"index": "0"})
    assert c.browsing.replay_key("ArrowLeft") == ("replay-step", {"by": "-1"})
    assert c.browsing.replay_key("End") == ("replay-to", {"step": str(c.browsing.replay.last)})


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_records_screen_of_every_game(game):
    c = controller()
    for seed in ("r1", "r2"):
        c.begin(Session.new(quick_setup(game), seed))
        finish(c)
    c.handle("records", {})
    assert c.screen().kind == "records"
    page = Page(screen_html(c.screen()))
    assert page.one("h1").text.endswith(GAMES[game].name)
    assert len(page.find("figure", "chart")) == 2 and len(page.find("table", "chart-data")) == 2
    assert len(page.find("button", data_action="replay")) == 2
    assert [b.attrs["data-index"] for b in page.find("button", data_action="play-record")] == ["1", "0"]
    practice = stats.practice_deal(c.browsing.book.games[0])  # Rentz's one deal here (SHORT)
    assert page.find("dd")[0].text == ("0" if practice else "2")  # played
    assert ("2 practice deals are not counted" in screen_html(c.screen())) == practice
    c.handle("play-record", {"index": "0"})
    assert c.screen().kind == "table" and c.session.seed == "r1"
    assert c.session.setup == quick_setup(game)


def test_records_texts_are_translated():
    c = controller()
    c.begin(Session.new(quick_setup("the-game"), "tr"))
    finish(c)
    c.handle("records", {})
    for code in ("pt", "ro"):
        try:
            i18n.set_language(code)
            html = screen_html(c.screen())
            assert "Records:" not in html and "Played" not in html and "Win rate" not in html
        finally:
            i18n.set_language("en")
