"""Rentz's table drawn on CPython, and its buttons driven through the controller.

Positions come from matches played with random legal moves (seeded), so every phase,
player count and house rule is met; the HTML is read back with ``html.parser``. Rule
tests name their rule id.
"""

import random
from pathlib import Path

import pytest
from html_page import Page, screen_html

from cardtable.bots import make_bot
from cardtable.engine.registry import get
from cardtable.games.rentz.rules import SUB_GAME_IDS, SUITS, deck_ranks, winners
from cardtable.games.rentz import table as table_rentz
from cardtable.web.controller import Controller
from cardtable.web.lobby import HUMAN, Setup
from cardtable.web.session import Session
from cardtable.web.storage import Store
from cardtable.web.tables import table_module
from cardtable.web.html import esc
from cardtable.web.table_parts import compact_names
from cardtable.web.ui import TableUi, You

SPEC = get("rentz")
EVENT_KINDS = {"choose", "look", "play", "trick", "pass", "again", "skip", "out", "deal_over",
               "deal", "match_over"}


def names_for(players: int) -> tuple:
    return (You("You"),) + tuple(f"Bot {seat + 1}" for seat in range(1, players))


def draw(state, seat=None, names=None, log=(), **ui):
    """The table as ``seat`` sees it (the seat to move by default; its turn when it is)."""
    seat = state.current_player if seat is None else seat
    ui.setdefault("my_turn", state.current_player == seat and state.forced_action() is None)
    names = names or names_for(state.players)
    return table_rentz.table_html(state.view(seat), TableUi(names=names, log=tuple(log), **ui))


def walk(players, options=None, seed="render", moves=None, rng_seed=0):
    """Yield ``(state, log)`` before each move of a match of random legal moves (``moves``
    of them at most), then the final position."""
    state = SPEC.new(players, options or {}, seed)
    rng, log = random.Random(rng_seed), []
    count = 0
    while not state.is_over and (moves is None or count < moves):
        yield state, log
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        log = log + state.events(action, after)
        state, count = after, count + 1
    yield state, log


def play_until(players, options, wanted, seed="render", rng_seed=0):
    """The first position of a random match where ``wanted(state)`` holds."""
    for state, log in walk(players, options, seed, rng_seed=rng_seed):
        if wanted(state):
            return state, log
    raise AssertionError("no such position in the match")


def enabled(page, action):
    return [b for b in page.find("button", data_action=action) if "disabled" not in b.attrs]


# -- choosing (RZ-3, RZ-4, RZ-10) -----------------------------------------------------------
def test_rz3_the_chooser_is_offered_exactly_the_unchosen_sub_games_with_house_scores():
    options = {"queen": -25, "ten": 150, "placings": (300, 100, 50, 0)}
    state, _ = play_until(4, options, lambda s: s.phase == "choose" and len(s.sheet) == 4)
    assert state.chooser == 0 and state.remaining() != SUB_GAME_IDS
    page = Page(draw(state))
    offered = [b.attrs["data-sub-game"] for b in enabled(page, "rentz-choose")]
    assert offered == list(state.remaining())
    # the placings keep each slash on the line of the number before it (a no-break space)
    labels = {b.attrs["data-sub-game"]: b.text.replace("\u00a0", " ")
              for b in enabled(page, "rentz-choose")}
    for game, words in {"queens": "Queens · −25 per queen", "ten": "Ten of clubs · +150 for the 10♣",
                        "rentz": "Rentz · 300 / 100 / 50 / 0 by finishing order",
                        "king": "King of hearts · −200"}.items():
        if game in labels:
            assert labels[game].startswith(words)
    assert len(page.find("button", data_action="rentz-play")) == 8  # the hand is in view
    assert not page.find(data_action="rentz-look")


def test_rz4_blind_double_hides_the_hand_and_offers_look():
    state = SPEC.new(4, {"blind": "double"}, "render")
    page = Page(draw(state))
    assert not page.find(data_action="rentz-play")
    assert "face down" in page.one("section", cls="hand").text
    assert page.one("button", data_action="rentz-look").text == "Look at my hand"
    assert len(enabled(page, "rentz-choose")) == 8
    assert "counts double" in page.one("section", cls="rentz-choose").text
    after = Page(draw(state.apply(("look",))))
    assert len(after.find("button", data_action="rentz-play")) == 8
    assert not after.find(data_action="rentz-look")


def test_rz4_plain_choices_are_blind_without_look():
    page = Page(draw(SPEC.new(3, {"blind": "plain"}, "render")))
    assert not page.find(data_action="rentz-look") and not page.find(data_action="rentz-play")
    assert len(enabled(page, "rentz-choose")) == 8


@pytest.mark.parametrize("blind,says_look", [("double", True), ("plain", False)])
def test_rz4_the_hidden_hand_offers_a_look_only_where_the_rule_has_one(blind, says_look):
    page = Page(draw(SPEC.new(3, {"blind": blind}, "render")))
    text = page.one("section", cls="hand").text
    assert "face down until you choose" in text and ("or look" in text) == says_look


def test_the_others_see_who_is_choosing_and_get_no_choice():
    state = SPEC.new(4, {"blind": "double"}, "render")
    page = Page(draw(state, seat=2))
    assert not page.find(data_action="rentz-choose") and not page.find(data_action="rentz-look")
    text = page.one("section", cls="rentz-choose").text
    assert text.startswith("You are choosing the sub-game without looking")
    assert "choosing" in page.one("li", cls="seat", data_seat=0).text


# -- trick play (RZ-6, RZ-7) ------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rz6_only_the_legal_cards_are_enabled_in_every_position(players):
    for state, _ in walk(players, {"blind": "double"}, seed=f"legal-{players}", moves=400):
        if state.is_over:
            continue
        seat = state.current_player
        page = Page(draw(state))
        plays = {b.attrs["data-card"] for b in enabled(page, "rentz-play")}
        legal = {action[1] for action in state.view(seat)["legal"] if action[0] == "play"}
        assert plays == legal
        cards = page.find("button", data_action="rentz-play")
        assert [b.attrs["data-card"] for b in cards] == state.view(seat)["hand"]
        other = (seat + 1) % players
        assert not enabled(Page(draw(state, seat=other)), "rentz-play")


def test_rz6_the_trick_shows_who_played_what_each_in_its_seat_and_the_last_trick_its_winner():
    state, _ = play_until(5, {"practice": "whist"},
                          lambda s: s.phase == "trick" and len(s.trick) == 2 and s.last_trick)
    names = (You("You"), "Ann", "Bot 3", "Bot 4", "Bot 5")
    viewer = state.current_player
    page = Page(draw(state, names=names))
    trick = page.one("section", cls="rentz-trick")
    shown = [(int(li.attrs["data-seat"]), li.attrs.get("data-card"), li.text)
             for li in page.one("ol", cls="ring").children]
    # every seat in its place: the others clockwise from the viewer's left, the viewer last
    assert [seat for seat, _, _ in shown] == [(viewer + step) % 5 for step in (1, 2, 3, 4, 0)]
    assert {seat: card for seat, card, _ in shown if card} == dict(state.trick)
    waiting = [seat for seat, card, _ in shown if not card]
    assert sorted(waiting) == sorted(set(range(5)) - {seat for seat, _ in state.trick})
    assert page.one("li", cls="next").attrs["data-seat"] == str(state.current_player)
    led = page.one("li", cls="led")
    assert (int(led.attrs["data-seat"]), led.attrs["data-card"]) == tuple(state.trick[0])
    assert all(names[seat] in text for seat, _, text in shown)
    assert trick.attrs["data-players"] == "5"
    last = page.one("section", cls="rentz-last")
    winner = names[state.last_winner]
    assert f"Last trick: {winner} took it" in last.text
    cards = [(int(li.attrs["data-seat"]), li.attrs["data-card"]) for li in page.find("li", cls="won")]
    assert cards == [(state.last_winner, dict(state.last_trick)[state.last_winner])]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rz6_each_seat_keeps_its_place_around_the_trick_from_trick_to_trick(players):
    """The place of a seat's card (``data-pos``: 0 the viewer at the bottom, then
    clockwise) depends on the seat alone, never on who led or the order of play."""
    places, leaders = {}, set()
    for state, log in walk(players, {"practice": "whist"}, seed=f"places-{players}"):
        if state.phase != "trick" or state.is_over:
            continue
        leaders.add(state.trick[0][0] if state.trick else state.current_player)
        page = Page(draw(state, seat=0, log=log))
        for li in page.one("ol", cls="ring").children:
            places.setdefault(int(li.attrs["data-seat"]), set()).add(li.attrs["data-pos"])
    assert len(leaders) > 1  # the lead moved, the places did not
    assert places == {seat: {str(seat)} for seat in range(players)}
    assert table_rentz.seats_around({"seat": 0, "players": players}) == [*range(1, players), 0]
    assert table_rentz.seats_around({"seat": 2, "players": players})[-1] == 2


def test_cards_are_faces_with_corner_indices_court_marks_and_spoken_names():
    state, _ = play_until(4, {"practice": "queens"}, lambda s: s.phase == "trick")
    page = Page(draw(state))
    for button in page.find("button", data_action="rentz-play"):
        card = button.attrs["data-card"]
        rank = card[:-1]
        assert "data-drag" in button.attrs and button.attrs["data-flip"] == card
        symbol = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}[card[-1]]
        corner, centre, other, said = button.children
        assert "pc-tl" in corner.classes and corner.text == f"{rank}{symbol}"
        assert "pc-br" in other.classes and other.attrs["aria-hidden"] == "true"
        assert centre.attrs["aria-hidden"] == "true"
        mark = centre.children[0]
        if rank in "JQK":
            assert "pc-court" in mark.classes and mark.text == rank and mark.children[0].tag == "svg"
        else:
            assert "pc-pip" in mark.classes and mark.text == symbol
            assert ("pc-ace" in mark.classes) == (rank == "A")
        assert said.text == f", {table_rentz.card_label(card)}"  # after the visible rank
        assert "aria-label" not in button.attrs  # the name holds the visible rank
        assert f"suit-{card[-1]}" in button.classes
        assert ("red" in button.classes) == (card[-1] in "HD")
    assert table_rentz.card_label("QS") == "Queen of spades"
    assert table_rentz.card_label("10C") == "Ten of clubs"


def test_rz7_rz11_the_pause_after_a_deal_says_why_who_took_what_and_the_totals():
    names = names_for(4)
    state, log = play_until(4, {}, lambda s: len(s.sheet) == 1)
    over = [e for e in log if e["kind"] == "deal_over"][0]
    for seat in range(4):
        ui = TableUi(names=names, log=tuple(log))
        pause = Page(table_rentz.pause_html(state.view(seat), ui))
        assert table_rentz.REASONS[over["reason"]] in pause.one("section", cls="deal-summary").text
        rows = [row for row in pause.find("tr") if "data-seat" in row.attrs]
        shown = [(int(row.attrs["data-seat"]), row.children[0].text, row.children[2].text,
                  row.children[3].text) for row in rows]
        assert shown == [(s, names[s], table_rentz.signed(p), table_rentz.signed(t))
                         for s, (p, t) in enumerate(zip(over["points"], state.scores()))]
    # the table no longer repeats it: the pause screen said it (web/tables.py: PAUSE_AFTER)
    assert not Page(draw(state, seat=0, log=log)).find(cls="deal-summary")
    assert table_rentz.PAUSE_AFTER == "deal_over"
    assert table_rentz.REASONS[over["reason"]] in table_rentz.event_text(over, names)
    king = {"seat": None, "kind": "deal_over", "deal": 0, "sub_game": "king", "reason": "king",
            "doubled": True, "points": [0, -400, 0, 0]}
    assert table_rentz.took_words("king", -400, {"king": -200}, True) == "the K♥"
    assert table_rentz.took_words("queens", -80, {"queen": -40}, False) == "2 queens"
    assert table_rentz.event_text(king, names) == (
        "Deal 1, King of hearts, is over: ended early: the K♥ was taken (counts double). "
        "You 0, Bot 2 −400, Bot 3 0, Bot 4 0.")


# -- the layout (RZ-8) ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 6])
def test_rz8_layout_rows_around_the_jacks_and_only_legal_cards_lit(players):
    seen = 0
    for state, _ in walk(players, {"practice": "rentz"}, seed=f"layout-{players}"):
        if state.is_over:
            break
        view = state.view(state.current_player)
        page = Page(draw(state))
        rows = page.find("li", cls="layout-row")
        assert [r.attrs["data-suit"] for r in rows] == list(SUITS)
        ranks = deck_ranks(players)
        for row in rows:
            ends = view["layout"][row.attrs["data-suit"]]
            assert (row.attrs.get("data-low"), row.attrs.get("data-high")) == \
                (tuple(ends) if ends else (None, None))
            cells = [c for c in row.children if "cell" in c.classes]
            assert [c.attrs["data-card"][:-1] for c in cells] == list(ranks)
            laid = [c.attrs["data-card"] for c in cells if "laid" in c.classes]
            if ends:
                assert laid[0] == ends[0] and laid[-1] == ends[1]
                assert len(laid) == ranks.index(ends[1][:-1]) - ranks.index(ends[0][:-1]) + 1
            else:
                assert laid == []
        lit = {b.attrs["data-card"] for b in enabled(page, "rentz-play")}
        assert lit == {a[1] for a in view["legal"] if a[0] == "play"}
        opened = {c.attrs["data-card"] for c in page.find("span", cls="open")}
        assert opened == lit
        seen += 1
    assert seen > 20


def test_rz8_a_forced_pass_is_said_in_words_without_a_button():
    state, _ = play_until(4, {"practice": "rentz"}, lambda s: s.forced_action() is not None)
    page = Page(draw(state))
    assert "have no valid card" in page.one("p", cls="turn").text or \
        "has no valid card" in page.one("p", cls="turn").text
    assert not enabled(page, "rentz-play") and not page.find(data_action="pass")


def test_rz8_the_finishing_order_and_a_lost_turn_are_shown():
    state, log = play_until(4, {"practice": "rentz"}, lambda s: len(s.finished) == 1
                            and s.skipped is not None, rng_seed=1)
    page = Page(draw(state, log=log))
    first = table_rentz.names_and([state.finished[0]], names_for(4))
    assert f"1st {first}" in page.one("p", cls="finished").text
    assert "lost a turn" in page.one("li", cls="seat", data_seat=state.skipped).text


# -- words for every event --------------------------------------------------------------------
def all_events():
    """Every event of random matches covering each sub-game, house rule and table size."""
    events = []
    for players in (3, 4, 6):
        for options in ({"blind": "double"}, {"blind": "plain"}, {"practice": "rentz"}):
            for _, log in walk(players, options, seed=f"events-{players}"):
                pass
            events += [(players, e) for e in log]
    return events


def test_every_event_kind_has_words_naming_seats_by_the_tables_names():
    events = all_events()
    assert {e["kind"] for _, e in events} == EVENT_KINDS
    for players, event in events:
        names = tuple(f"<Ann & {seat}>" for seat in range(players))
        text = table_rentz.event_text(event, names)
        assert text and "Seat" not in text and "{" not in text
        if event["seat"] is not None:
            assert text.startswith(names[event["seat"]] + " ")
    passed = next(e for _, e in events if e["kind"] == "pass")
    assert table_rentz.event_text(passed, names_for(6)).endswith("passes: no valid card")


def test_notices_speak_of_you_in_the_second_person():
    names = names_for(3)
    trick = {"seat": None, "kind": "trick", "winner": 0, "cards": [[1, "9H"], [2, "KH"], [0, "AH"]]}
    assert table_rentz.event_text(trick, names) == "You take the trick with A♥ (9♥ K♥ A♥)."
    skip = {"seat": None, "kind": "skip", "skipped": 2}
    assert table_rentz.event_text(skip, names) == "Bot 3 loses this turn: the lowest rank was laid."
    assert table_rentz.event_text({"seat": 1, "kind": "again"}, names) == "Bot 2 laid an Ace and plays again"


def test_the_log_shows_every_event_newest_last_with_each_move_numbered():
    state, log = play_until(4, {"practice": "queens"}, lambda s: len(s.trick) == 3 and s.last_trick)
    page = Page(draw(state, log=log))
    items = page.one("ol", cls="log").children
    texts = [li.children[-1].text for li in items]
    assert texts == [table_rentz.event_text(e, names_for(4)) for e in log]
    numbers = [li.attrs.get("data-turn") for li in items]
    moves = [e for e in log if e["seat"] is not None]
    assert [n for n in numbers if n] == [str(i) for i in range(1, len(moves) + 1)]
    assert all(n is None for n, e in zip(numbers, log) if e["seat"] is None)
    assert "latest" in items[-1].classes


def test_the_log_holds_the_deal_under_way_numbered_on_from_the_deals_before():
    """A match runs to thousands of events: from the second deal on, the log starts at the
    line that opens the deal under way; the earlier deals are on the sheet."""
    state, log = play_until(4, {}, lambda s: len(s.sheet) == 1 and len(s.trick) == 2)
    opened = max(i for i, e in enumerate(log) if e["kind"] == "deal" and e["seat"] is None)
    assert opened > 0  # a deal before this one
    items = Page(draw(state, log=log)).one("ol", cls="log").children
    assert [li.children[-1].text for li in items] == \
        [table_rentz.event_text(e, names_for(4)) for e in log[opened:]]
    moves_before = sum(1 for e in log[:opened] if e["seat"] is not None)
    numbers = [int(li.attrs["data-turn"]) for li in items if li.attrs.get("data-turn")]
    assert numbers[0] == moves_before + 1 and numbers == list(range(numbers[0], numbers[-1] + 1))


def test_the_card_just_played_is_marked_in_the_trick():
    state, log = play_until(4, {"practice": "queens"}, lambda s: len(s.trick) == 2)
    page = Page(draw(state, log=log))
    last = page.one("li", cls="last-play")
    assert last.attrs["data-card"] == state.trick[-1][1]
    assert "just-played" in last.classes


# -- the result (RZ-5) ------------------------------------------------------------------------
def result(scores):
    return {"over": True, "players": len(scores), "scores": scores, "winners": winners(scores),
            "deals_played": 8 * len(scores), "by_sub_game": {}}


def test_rz5_result_names_the_winners_by_the_tables_names():
    names = (You("You"), "Bot 2", "Player 3", "Bot 4")
    assert table_rentz.result_text(result([310, 40, -200, 0]), names) == "Bot 4 wins with 0 points."
    assert table_rentz.result_text(result([310, 40, -200, 10]), names) == "You win with 310 points."
    assert table_rentz.result_text(result([-50, 40, 0, 0]), names) == \
        "Player 3 and Bot 4 share the win with 0 points."
    assert table_rentz.result_text(result([-50, -90, -80, -50]), names) == \
        "You and Bot 4 share the win with −50 points."


def test_rz5_the_end_screen_ranks_every_player_and_marks_the_winners():
    names = (You("You"), "Bot 2", "Player 3", "Bot 4")
    page = Page(table_rentz.end_html(result([310, 40, -200, 0]), names))
    assert page.one("h2").text == "Bot 4 wins with 0 points."
    ranking = page.one("ol", cls="ranking").children
    assert [int(li.attrs["data-seat"]) for li in ranking] == [0, 1, 3, 2]
    assert [li.attrs["data-seat"] for li in ranking if "winner" in li.classes] == ["3"]
    assert "exactly 0 wins" in page.one("p", cls="rule").text


# -- the score sheet (RZ-11) ------------------------------------------------------------------
def test_the_score_sheet_shows_who_chose_what_each_deals_points_and_the_totals():
    state, log = play_until(3, {"blind": "double"}, lambda s: len(s.sheet) == 5 and s.phase == "trick")
    view = state.view(0)
    page = Page(draw(state, seat=0, log=log))
    sheet = page.one("details", id="rentz-sheet")
    assert page.one("summary", data_action="rentz-sheet").text == "Score sheet"
    assert "open" not in sheet.attrs
    running = [0, 0, 0]
    for entry in view["sheet"]:
        row = page.one("tr", data_deal=entry["deal"])
        running = [r + p for r, p in zip(running, entry["points"])]
        cells = [td for td in row.children if td.tag == "td"]
        assert [td.text for td in cells] == [table_rentz.signed(p) + table_rentz.signed(t)
                                           for p, t in zip(entry["points"], running)]
        assert names_for(3)[entry["chooser"]] in row.children[0].text
        assert ("×2" in row.children[0].text) == entry["doubled"]
    totals = [td.text for td in page.find("td") if td.attrs.get("data-seat") and
              any(td is c for tr in page.find("tfoot") for c in tr.children[0].children)]
    assert totals == [table_rentz.signed(t) for t in view["scores"]] == \
        [table_rentz.signed(t) for t in running]
    for entry in view["sheet"]:
        cell = page.one("tr", data_sub_game=entry["sub_game"]).children[1 + entry["chooser"]]
        assert cell.text == str(entry["deal"] + 1)
    now = page.one("tr", data_sub_game=state.sub_game).children[1 + state.chooser]
    assert now.text == "now"


def test_the_sheet_is_open_when_the_match_is_over():
    for state, log in walk(3, {}, seed="over"):
        pass
    assert state.is_over
    page = Page(draw(state, seat=0, log=log))
    assert "open" in page.one("details", id="rentz-sheet").attrs
    assert "The match is over" in page.one("p", cls="turn").text


# -- seats and escaping -----------------------------------------------------------------------
def test_seats_show_hand_counts_tricks_scores_and_who_leads_and_plays():
    state, _ = play_until(6, {"practice": "tricks"}, lambda s: len(s.trick) == 2 and s.last_trick)
    page = Page(draw(state))
    seats = page.find("li", cls="seat")
    assert len(seats) == 6
    for seat, li in enumerate(seats):
        assert int(li.attrs["data-hand"]) == len(state.hands[seat])
        assert f"{state.tricks[seat]} trick" in li.text
    assert "to play" in page.one("li", cls="seat", data_seat=state.current).text
    assert "leads" in page.one("li", cls="seat", data_seat=state.trick[0][0]).text
    assert page.one("ul", cls="rentz-seats").attrs["data-players"] == "6"  # one row of six


def test_names_are_escaped_everywhere():
    hostile = ('<img src=x onerror=alert(1)>', 'A & "B"', "Bot 3", "Bot 4")
    state, log = play_until(4, {}, lambda s: len(s.sheet) == 2 and len(s.trick) == 2 and s.last_trick)
    html = draw(state, seat=0, names=hostile, log=log)
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert 'A &amp; &quot;B&quot;' in html
    page = Page(html)
    assert not page.find("img")
    ended = table_rentz.end_html(result([0, 10, 20, 30]), hostile)
    assert "<img" not in ended


# -- the buttons, through the controller ------------------------------------------------------
def controller_for(players=4, **options):
    setup = Setup(game="rentz", players=players, seats=(HUMAN,) + ("random",) * (players - 1),
                  options=SPEC.resolve_options(options, players))
    controller = Controller(Store.unavailable(), lambda: "seed")
    controller.setup = setup
    controller.begin(Session.new(setup, "render"))
    return controller


def test_choose_look_and_play_by_their_buttons_data():
    c = controller_for(blind="double")
    c.handle("rentz-look", {})
    assert not c.session.state.blind_pending
    c.handle("rentz-choose", {"subGame": "queens"})  # what the page's dataset gives
    assert c.session.state.sub_game == "queens" and not c.session.state.doubled
    page = Page(screen_html(c.screen()))
    assert page.one("button", data_action="undo")  # a choice made seeing the hand
    card = enabled(page, "rentz-play")[0].attrs["data-card"]
    c.handle("rentz-play", {"card": card})
    assert c.session.actions[-1] == ["play", card]
    assert not c.messages


def test_a_card_that_may_not_be_played_is_refused_in_words():
    c = controller_for(practice="queens")
    c.handle("rentz-play", {"card": "2H"})
    assert c.messages and c.messages[0][0] == "alert" and "not in your hand" in c.messages[0][1]


def test_rentz_is_registered_and_its_stylesheet_exists():
    assert table_module("rentz") is table_rentz.TABLE
    assert Path(table_rentz.__file__).with_name(table_rentz.STYLESHEET).exists()
    assert set(table_rentz.HANDLERS) == {"rentz-choose", "rentz-look", "rentz-play"}


@pytest.mark.parametrize("names", [
    ("Tu", "Robotul 2", "Robotul 3", "Robotul 4", "Robotul 5", "Robotul 6"),
    ("Eu", "Robô 2", "Jogador 3", "Amigo 4", "Alexandra", "Alexandru"),
    ("You", "Ana", "Ana", "Bot 4", "Bot 5", "Bot 6"),
])
def test_names_over_a_trick_fit_and_stay_apart_with_six_players(names):
    """Over a trick's cards each name shows in at most 7 characters, no two alike, and
    screen readers still hear the whole name."""
    short = compact_names(names)
    assert all(len(name) <= 7 for name in short)
    assert len(set(short)) == len(names)
    assert [s for s, n in zip(short, names) if len(n) <= 7 and names.count(n) == 1] == \
        [n for n in names if len(n) <= 7 and names.count(n) == 1]
    html = table_rentz.played_html(1, "AH", names)
    assert esc(names[1]) in html and esc(short[1]) in html


def test_rz7_the_table_pauses_after_a_deal_until_the_player_goes_on():
    c = Controller(Store(), lambda: "pause")
    c.boot("#/rentz?seed=pause&players=3&seats=human,random,random")
    me = make_bot("rentz", "random", 0, "pause")
    while c.paused() is None:
        if c.bot_due():
            c.bot_step()
        else:
            c.sitting.table.act(me.act(c.sitting.table.view))
    assert len(c.session.state.sheet) == 1 and c.screen().kind == "pause"
    assert not c.bot_due() and c.current_view()["legal"] == []  # nobody moves meanwhile
    page = Page(screen_html(c.screen()))
    assert page.one("button", data_action="go-on") and page.one("section", cls="deal-summary")
    c.handle("go-on", {})
    assert c.paused() is None and c.screen().kind == "table"
    assert c.bot_due() or c.current_view()["legal"]
