"""A game's review in the page, on CPython (issue 52): the end screen and a record offer
Review, the review screen draws the chart with its table and fills in as the review is
thought, the moves that mattered show their position and try the other move as a new
game (the record book unchanged), leaving stops the review, and a record without its
moves offers none. The review measures Rentz's practice deal with few samples (the
game's ``REVIEW`` with ``samples`` lowered), to stay fast."""

import json
import math
from dataclasses import replace

import pytest
from html_page import Page, screen_html

from cardtable.bots import finish as run_out, make_bot
from cardtable.engine.core import as_action
from cardtable.engine.registry import GAMES, game_module
from cardtable.web import links
from cardtable.web.controller import Controller
from cardtable.web.lobby import default_setup
from cardtable.web.records.book import RECORDS_KEY
from cardtable.web.records.review_screen import about, review_chart, thinking_parts
from cardtable.web.session import Session
from cardtable.web.sharing import deal_link
from cardtable.web.storage import Store
from cardtable.web.tables import action_words, table_module

GAME = "rentz"
SEED = "review-page"


@pytest.fixture(autouse=True)
def few_samples(monkeypatch):
    """Rentz's review with 3 worlds a move."""
    module = game_module(GAME, "review")
    monkeypatch.setattr(module, "REVIEW", replace(module.REVIEW, samples=3))


def controller(store=None) -> Controller:
    seeds = (f"fresh{i}" for i in range(1000))
    return Controller(store or Store(), lambda: next(seeds))


def finished(c: Controller, seed: str = SEED) -> Controller:
    """A practice deal of Rentz (tricks, three players, random bots) played to its end on
    ``c``'s table, the person's moves by a random bot; it is recorded."""
    setup = default_setup(GAME).with_players(3)
    setup = replace(setup, seats=("human", "random", "random"),
                    options={**setup.options, "practice": "tricks"})
    c.begin(Session.new(setup, seed))
    return played_to_end(c, 0, seed)


def played_to_end(c: Controller, seat: int, seed: str) -> Controller:
    """The game on ``c``'s table played to its end: the person (at ``seat``, whose view
    the table shows) by a random bot, pauses gone on from, the bots as the page runs them."""
    me = make_bot(GAME, "random", seat, seed)
    while not c.sitting.table.finished:
        if c.paused():
            c.handle("go-on", {})
        elif c.bot_due():
            c.bot_step()
        else:
            assert c.current_view()["seat"] == seat
            c.sitting.table.act(me.act(c.sitting.table.view))
            c.local.saved()
    return c


def reviewed(c: Controller, data=None):
    """Open Review (``data``: the record's index, else the end screen's) and think it
    through; the effect's kind and the review as the contract gives it."""
    effect = c.handle("review", data or {})
    assert not [text for role, text in c.messages if role == "alert"], c.messages
    assert effect[0] == "review"
    run_out(effect[1])
    return c.browsing.review_json()


def page(c: Controller) -> Page:
    return Page(screen_html(c.screen()))


def test_the_end_screen_offers_review_and_it_draws_its_chart_and_table():
    c = finished(controller())
    assert c.screen().kind == "end"
    assert page(c).find("button", **{"data-action": "review"})
    shown = reviewed(c)
    assert c.screen().kind == "review"
    moves = len(c.browsing.reviewing.review.steps_of_moves)
    assert shown["state"] == "done" and len(shown["points"]) == moves > 3
    assert [p["move"] for p in shown["points"]] == list(range(moves))
    assert json.loads(json.dumps(shown)) == shown  # plain JSON
    html = page(c)
    assert html.one("figure", cls="review-chart")
    chart = Page(review_chart(c.browsing.reviewing))
    assert chart.one("svg") and chart.one("polyline", cls="trend")
    assert chart.one("polygon", cls="band")
    rows = chart.find("tr")[1:]
    assert len(rows) == moves
    first = shown["points"][0]
    assert [cell.text for cell in rows[0].children] == [
        "1", f"{first['estimate']:.1f}", f"{first['noise']:.1f}"]
    assert html.one("p", cls="review-progress").text.startswith("Review done")


def points(c: Controller) -> int:
    """The points of the review on show so far (none before its first steps made it)."""
    review = c.browsing.reviewing.review
    return len(review.points) if review else 0


def test_the_chart_fills_in_as_the_review_is_thought_and_says_how_far_it_got():
    c = finished(controller())
    effect = c.handle("review", {})
    steps = effect[1]
    # on the tap: the screen says it thinks; the review is made by its first steps
    assert c.browsing.reviewing.review is None
    assert page(c).one("p", cls="review-progress").text == "Thinking…"
    assert c.browsing.review_json() == {"state": "thinking", "points": [], "moments": []}
    while points(c) < 2:
        next(steps)
    total = c.browsing.reviewing.total
    html = page(c)
    assert c.browsing.review_json()["state"] == "thinking"
    assert html.one("p", cls="review-progress").text == f"Thinking… move 3 of {total}"
    assert len(Page(review_chart(c.browsing.reviewing)).find("tr")) == 1 + 2
    assert not html.find("li", cls="moment")  # named once done
    assert len(html.find("main")) == 1


def test_while_it_thinks_only_the_progress_line_and_the_chart_change_and_done_is_said():
    c = finished(controller())
    steps = c.handle("review", {})[1]
    while points(c) < 1:
        next(steps)
    before, parts_before = screen_html(c.screen()), thinking_parts(c.browsing.reviewing)
    while points(c) < 3:
        next(steps)
    after, parts_after = screen_html(c.screen()), thinking_parts(c.browsing.reviewing)
    patched = before
    for selector, html in parts_before.items():
        assert before.count(html) == 1 and html != parts_after[selector]
        patched = patched.replace(html, parts_after[selector])
    assert patched == after  # the page may replace just these parts
    assert not [text for role, text in c.messages if role == "status"]
    for _ in steps:
        pass
    total = c.browsing.reviewing.total
    assert ("status", f"Review done: your {total} moves.") in c.messages


def test_a_records_review_opens_and_the_same_record_gives_the_same_figures():
    c = finished(controller())
    from_end = reviewed(c)
    c.handle("close-review", {})
    assert c.screen().kind == "end"
    c.handle("records", {"game": GAME})
    assert page(c).find("button", **{"data-action": "review", "data-index": "0"})
    from_records = reviewed(c, {"index": "0"})
    assert from_records == from_end
    c.handle("close-review", {})
    assert c.screen().kind == "records"


def test_try_the_other_move_starts_a_new_game_and_leaves_the_record_as_it_was():
    store = Store()
    c = finished(controller(store))
    shown = reviewed(c)
    assert shown["moments"], "the deal reviewed has a move that mattered"
    moment = c.browsing.reviewing.review.moments[0]
    html = page(c)
    tries = html.find("button", **{"data-action": "review-try"})
    assert [b.attrs["data-move"] for b in tries] == [str(m["move"]) for m in shown["moments"]]
    assert not html.find(id="review-position")  # none until asked for
    c.handle("review-show", {"move": str(moment.move)})
    html = page(c)  # the moment's position is on show, as the seat saw it
    assert html.one(id="review-position").text.startswith(f"The position before move "
                                                         f"{moment.move + 1}")
    assert len(html.find("main")) == 1  # the table's, after the review's section
    record = c.browsing.book.games[-1]
    book_before = store.get(RECORDS_KEY)
    c.handle("review-try", {"move": str(moment.move)})
    assert c.screen().kind in ("table", "pause")
    session = c.session
    assert session.actions == record["actions"][:moment.step] + [moment.better]
    assert c.local.game_id is not None  # an unfinished game of its own
    assert session.setup.seats[0] == "human"
    assert all(kind != "human" for kind in session.setup.seats[1:])
    assert store.get(RECORDS_KEY) == book_before
    assert len(json.loads(book_before)["games"]) == 1
    assert c.browsing.reviewing is None


def test_leaving_stops_the_review():
    c = finished(controller())
    steps = c.handle("review", {})[1]
    while points(c) < 1:
        next(steps)
    reviewing = c.browsing.reviewing
    c.handle("lobby", {})
    assert c.browsing.reviewing is None
    assert list(steps) == []  # the generator ends at once
    assert not reviewing.review.done and c.browsing.review_json() is None


def test_a_record_without_its_moves_offers_no_review():
    c = finished(controller())
    record = {**c.browsing.book.games[-1], "actions": None}
    c.browsing.book.games[-1] = record
    c.handle("records", {"game": GAME})
    assert not page(c).find("button", **{"data-action": "review"})
    c.handle("review", {"index": "0"})
    assert any(role == "alert" for role, _ in c.messages)
    assert c.browsing.reviewing is None


def test_review_actions_need_a_review_on_screen():
    c = finished(controller())
    c.handle("review-try", {"move": "0"})
    assert [text for role, text in c.messages if role == "alert"] == [
        "There is no review on screen."]


def test_estimates_are_said_in_their_unit():
    assert about("chance", 0.4, 0.08) == "about 40%, give or take 8"
    assert about("cards", 12.34, 2.06) == "about 12.3, give or take 2.1"
    assert about("points", 5, math.inf) == "about 5.0, give or take ?"


@pytest.mark.parametrize("game", ["the-game", "extreme", "triggs", "rentz"])
def test_every_table_names_a_move_in_its_words(game):
    """A review says the move made and the move preferred as the game's hint does."""
    table = table_module(game)
    state = GAMES[game].new(2 if game != "rentz" else 3, {}, "words")
    while state.forced_action() is not None:
        state = state.apply(state.forced_action())
    for action in state.legal_actions()[:20]:
        words = action_words(table, as_action(action))
        assert words and "[" not in words and "'" not in words, (action, words)


def test_a_friends_table_is_reviewed_and_tried_from_the_players_seat():
    """A record of a friend's table where the player sat second (its deal and moves kept):
    the review is of seat 2's moves, its positions are what seat 2 saw, and trying a moment
    seats the player second again, with bots at the other seats (the host's person too);
    the game tried plays to its end from seat 2's view, is recorded from seat 2, and the
    lobby after it seats the player first."""
    store = Store()
    c = finished(controller(store), "friend-3")  # a deal where seat 2 made a move that mattered
    record = {**c.browsing.book.games[-1], "seat": 1, "seats": ["human", "friend", "random"]}
    c.browsing.book.games.append(record)
    shown = reviewed(c, {"index": "1"})
    reviewing = c.browsing.reviewing
    states = reviewing.review.states
    assert all(states[step].current_player == 1 for step in reviewing.review.steps_of_moves)
    assert shown["moments"], "seat 2's play has a move that mattered"
    moment = reviewing.review.moments[0]
    view, _ = reviewing.position(moment)
    assert view["hand"] == states[moment.step].view(1)["hand"]
    html = page(c)
    assert html.find("button", **{"data-action": "review-try"})
    c.handle("review-try", {"move": str(moment.move)})
    assert not [text for role, text in c.messages if role == "alert"], c.messages
    session = c.session
    assert session.setup.seats[1] == "human"
    assert all(kind not in ("human", "friend") for seat, kind in
               enumerate(session.setup.seats) if seat != 1)
    assert session.actions[:moment.step + 1] == record["actions"][:moment.step] + [moment.better]
    assert c.sitting.table.viewer() == 1 and c.sitting.table.names[1] == "You"
    assert c.sitting.table.names[0] != "You"
    assert c.setup.seats[0] == "human" and c.setup.seats.count("human") == 1  # the lobby's
    c.local.saved()
    again = controller(store)  # a reload resumes it, the player still second
    assert not again.boot("")
    assert again.session.setup.seats == session.setup.seats
    assert again.session.state == session.state and again.sitting.table.viewer() == 1
    link = links.parse(deal_link("", session))  # its deal's link seats the same
    assert link.error is None and link.setup.seats == session.setup.seats
    played_to_end(c, 1, "tried")
    assert c.screen().kind == "end"
    tried = c.browsing.book.games[-1]
    assert tried["seat"] == 1 and tried["actions"] == session.to_save()["actions"]
    assert tried["outcome"] == {key: value for key, value in table_module(GAME).outcome(
        session.state.result(), 1, c.sitting.table.names).items() if key in tried["outcome"]}
    reread = Controller(store, lambda: "fresh").browsing.book.games  # the stored book reads
    assert reread[-1]["seat"] == 1 and len(reread) == len(c.browsing.book.games)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_reviews_modules_are_warmed_a_piece_a_step_before_review_is_tapped(game):
    """``reviewing.warming``: what the page imports in the background once Review shows:
    a pause before every piece, and at its end the game's bots and review are in."""
    import sys

    from cardtable.bots.thinking import PAUSE
    from cardtable.web.records.reviewing import warming

    steps = list(warming(game))
    assert steps and all(step is PAUSE for step in steps)
    package = GAMES[game].package
    assert {f"{package}.bots", f"{package}.review"} <= set(sys.modules)
