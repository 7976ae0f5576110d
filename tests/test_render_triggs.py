"""Triggs' table drawn on CPython, and its buttons driven through the controller.

Positions are crafted from a real 2-player deal (seat 0 to act) by replacing hands, sheets
and piles; the HTML is read back with ``html.parser``. Rule tests name their rule id.
"""

from dataclasses import replace
from engine_steps import apply_all
from html_page import Element, Page

import pytest

from cardtable.bots import make_bot
from cardtable.engine.registry import get
from cardtable.games.triggs.rules import BOXES
from cardtable.games.triggs import table as table_triggs
from cardtable.web.controller import Controller
from cardtable.web.lobby import default_setup
from html_page import screen_html
from cardtable.web.render import lobby_html
from cardtable.web.session import Session
from cardtable.web.saves import Saves
from cardtable.web.storage import Store
from cardtable.games.triggs.table import recent_notices, turn_lines
from cardtable.games.triggs.cross import (
    Pick, cross_plan, discard_action, helpful, indices_of, selected_values,
)
from cardtable.web.ui import TableUi, You

SPEC = get("triggs")
NAMES = (You("You"), "Bot 2")
EMPTY = (0,) * 12


def position(hand=(1, 4, 7, 7, 9), other=(2, 3, 5, 6, 8), sheet=EMPTY, other_sheet=EMPTY,
             **fields):
    """Seat 0 to act holding ``hand`` (piles and discards as dealt unless ``fields`` say)."""
    state = SPEC.new(2, {}, "render")
    return replace(state, hands=(tuple(sorted(hand)), tuple(sorted(other))),
                   sheets=(tuple(sheet), tuple(other_sheet)), current=0, **fields)


def draw(state, seat=0, pick=None, names=NAMES, **ui):
    """The table as ``seat`` sees it (its turn when it is to act), with ``pick``."""
    ui.setdefault("my_turn", state.current_player == seat)
    return table_triggs.table_html(state.view(seat), TableUi(names=names, local=pick, **ui))


def played(state, *actions):
    """The state after ``actions`` and the events they made, in order."""
    return apply_all(state, actions)


def boxes_of(row: Element) -> list:
    """The row's boxes as True (crossed) / False, left to right."""
    found = []

    def walk(element):
        for child in element.children:
            if "box" in child.classes:
                found.append("x" in child.classes)
            walk(child)
    walk(row)
    return found


# -- sheets (TR-2) ----------------------------------------------------------------------
def test_tr2_every_sheet_has_the_rows_and_boxes_of_the_table_crossed_left_to_right():
    mine = (2, 1, 0, 3, 0, 0, 2, 0, 0, 4, 1, 0)
    theirs = (0, 2, 2, 0, 1, 0, 0, 4, 3, 0, 0, 5)
    page = Page(draw(position(sheet=mine, other_sheet=theirs)))
    for seat, sheet in ((0, mine), (1, theirs)):
        rows = [e for e in page.elements
                if e.tag == "li" and e.attrs.get("data-row") and seat_of(page, e) == seat]
        assert [int(r.attrs["data-row"]) for r in rows] == list(range(1, 13))
        for row, crossed, total in zip(rows, sheet, BOXES):
            assert int(row.attrs["data-boxes"]) == total
            assert int(row.attrs["data-crossed"]) == crossed
            assert boxes_of(row) == [True] * crossed + [False] * (total - crossed)


def seat_of(page: Page, row: Element) -> int:
    """The seat of the sheet that holds ``row``."""
    for sheet in page.find(cls="sheet"):
        if any(child is row for child in descendants(sheet)):
            return int(sheet.attrs["data-seat"])
    raise AssertionError("row outside any sheet")


def descendants(element):
    for child in element.children:
        yield child
        yield from descendants(child)


def test_tr2_own_sheet_is_drawn_in_full_and_the_others_compact_with_hand_sizes():
    page = Page(draw(position(other=(2, 3, 5, 6, 8, 8, 9))))
    assert page.one(cls="sheet", data_seat=0).classes == ["sheet", "full"]
    other = page.one(cls="sheet", data_seat=1)
    assert "compact" in other.classes
    assert page.one(cls="cards", data_hand=7).text == "7 in hand"


def test_tr13_the_table_shows_the_face_up_tops_pile_sizes_and_discard_but_not_the_middle_card():
    state = position(discard=(3, 8))
    page = Page(draw(state))
    left, middle, right = (page.one(data_action="triggs-draw", data_pile=p) for p in ("left", "middle", "right"))
    assert left.attrs["data-top"] == str(state.piles[0][0])
    assert right.attrs["data-top"] == str(state.piles[2][0])
    assert "data-top" not in middle.attrs
    assert [int(p.attrs["data-count"]) for p in (left, middle, right)] == [len(p) for p in state.piles]
    discard = page.one(cls="discard")
    assert discard.attrs["data-count"] == "2" and "8" in discard.text
    assert str(state.piles[1][0]) not in middle.text


def test_hand_is_sorted_and_every_card_a_select_button():
    page = Page(draw(position(hand=(9, 1, 7, 4, 7))))
    cards = page.find(data_action="triggs-card")
    assert [c.attrs["data-card"] for c in cards] == ["1", "4", "7", "7", "9"]
    assert [c.attrs["data-index"] for c in cards] == ["0", "1", "2", "3", "4"]
    assert {c.attrs["data-nav"] for c in cards} == {"hand"}  # arrow keys move between them


# -- draw (TR-5) ------------------------------------------------------------------------
def test_tr5_with_ten_cards_the_draw_buttons_are_disabled_and_say_why():
    page = Page(draw(position(hand=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))))
    assert all("disabled" in b.attrs for b in page.find(data_action="triggs-draw"))
    note = page.one(cls="draw-note").text
    assert "10 cards" in note and "may not draw" in note


def test_tr5_with_nine_cards_a_draw_takes_one_card():
    page = Page(draw(position(hand=(1, 2, 3, 4, 5, 6, 7, 8, 9))))
    assert not any("disabled" in b.attrs for b in page.find(data_action="triggs-draw"))
    assert "only one card" in page.one(cls="draw-note").text


def test_tr5_after_the_first_pick_only_the_second_pick_is_offered():
    state = position().apply(("draw", "left"))
    page = Page(draw(state))
    assert not any("disabled" in b.attrs for b in page.find(data_action="triggs-draw"))
    assert "second card" in page.one(cls="draw-note").text
    assert not page.find(data_action="triggs-discard") and not page.find(data_action="triggs-cross")
    assert all("disabled" in c.attrs for c in page.find(data_action="triggs-card"))


def test_an_empty_pile_cannot_be_drawn_from():
    state = position(piles=((), (5, 6), (7,)), discard=())
    page = Page(draw(state))
    left = page.one(data_action="triggs-draw", data_pile="left")
    assert "disabled" in left.attrs and left.text == "Left pile, empty, 0 cards"
    right = page.one(data_action="triggs-draw", data_pile="right")
    assert right.text == "Right pile, top 7, 1 card" and "aria-label" not in right.attrs


def test_nothing_can_be_clicked_on_another_players_turn():
    state = replace(position(), current=1)
    page = Page(draw(state))
    assert all("disabled" in b.attrs for b in page.find(data_action="triggs-draw"))
    assert all("disabled" in c.attrs for c in page.find(data_action="triggs-card"))
    assert not page.find(data_action="triggs-row") and not page.find(data_action="triggs-discard")
    assert "Bot 2 is playing" in page.one(cls="turn").text


# -- the cross helper (TR-7) --------------------------------------------------------------
def test_tr7_the_seeds_four_elevens_make_eleven_four_times():
    plan = cross_plan((1, 4, 7, 10, 11, 11), 11, 5)
    assert plan.makes == ((1, 10), (4, 7), (11,), (11,)) and not plan.unused
    assert plan.action == ("cross", 11, ((1, 10), (4, 7), (11,), (11,)))


def test_tr7_makes_are_never_more_than_the_free_boxes():
    plan = cross_plan((7, 7, 7, 5, 2), 7, 2)
    assert len(plan.makes) == 2
    assert plan.makes == ((7,), (7,)) and plan.unused == (2, 5, 7)
    assert "twice" in plan.words()


def test_tr7_three_cards_never_make_one_value_and_leftovers_are_named():
    plan = cross_plan((2, 2, 3, 9), 7, 4)
    assert plan.makes == () and plan.action is None
    plan = cross_plan((2, 5, 9), 7, 4)
    assert plan.makes == ((2, 5),) and plan.unused == (9,)
    assert "not used: 9" in plan.words()


def test_tr7_selecting_the_best_grouping_picks_those_cards_of_the_hand():
    hand = (1, 2, 4, 5, 7, 7, 9)
    makes = ((2, 5), (7,), (7,))
    chosen = indices_of(hand, makes)
    assert sorted(hand[i] for i in chosen) == [2, 5, 7, 7]
    assert cross_plan(selected_values(hand, Pick(chosen)), 7, 4).makes == makes


def test_tr7_cards_that_can_help_make_the_chosen_row_are_marked():
    hand = (1, 3, 3, 4, 6, 9, 12)
    assert helpful(hand, 6) == {1, 2, 4}   # 3+3 and the 6; 1 has no 5, 4 no 2
    assert helpful(hand, 10) == {0, 5, 4, 3}  # 1+9 and 4+6


def test_tr7_the_cross_panel_counts_the_selected_makes_and_offers_the_best():
    state = position(hand=(2, 5, 7, 7, 9), sheet=(0,) * 6 + (1,) + (0,) * 5)
    page = Page(draw(state, pick=Pick((0, 1, 4), 7)))
    panel = page.one(cls="cross-panel")
    assert "3 free boxes" in panel.text and "once (2+5)" in panel.text
    assert "not used: 9" in panel.text and "3 times (2+5, 7, 7)" in panel.text
    confirm = page.one(data_action="triggs-cross")
    assert confirm.attrs["data-makes"] == "1" and "disabled" not in confirm.attrs
    assert page.one(data_action="triggs-row", data_row=7).attrs["aria-pressed"] == "true"
    nothing = Page(draw(state, pick=Pick((), 7)))
    assert "Select cards that make 7" in nothing.one(cls="cross-panel").text
    assert "disabled" in nothing.one(data_action="triggs-cross").attrs


def test_tr7_rows_the_hand_cannot_make_or_that_are_full_cannot_be_chosen():
    sheet = (2,) + (0,) * 11
    page = Page(draw(position(hand=(1, 4, 7, 7, 9), sheet=sheet)))
    assert not page.find(data_action="triggs-row", data_row=1)          # full
    assert "disabled" in page.one(data_action="triggs-row", data_row=2).attrs  # no 2, no 1+1
    assert "disabled" not in page.one(data_action="triggs-row", data_row=8).attrs  # 1+7


# -- discard (TR-6) ---------------------------------------------------------------------
def test_tr6_discarding_needs_cards_of_one_value():
    assert discard_action((7, 7)) == (("discard", 7, 2), "")
    action, why = discard_action((7, 9))
    assert action is None and "one value" in why and "TR-6" not in why
    page = Page(draw(position(), pick=Pick((2, 4))))
    assert "disabled" in page.one(data_action="triggs-discard").attrs
    page = Page(draw(position(), pick=Pick((2, 3))))
    button = page.one(data_action="triggs-discard")
    assert "disabled" not in button.attrs and button.text == "Discard 2 × 7"


# -- bonus crosses (TR-8) -----------------------------------------------------------------
def test_tr8_bonus_rows_are_the_free_ones_and_rows_it_would_complete_are_highlighted():
    sheet = (2, 1, 0, 3, 2, 0, 4, 0, 3, 0, 0, 0)
    state = replace(position(sheet=sheet), phase="bonus", chain_from=7)
    page = Page(draw(state))
    rows = {int(b.attrs["data-row"]): b for b in page.find(data_action="triggs-bonus")}
    assert sorted(rows) == [2, 3, 5, 6, 8, 9, 10, 11, 12]
    completing = sorted(r for r, b in rows.items() if "completes" in b.classes)
    assert completing == [2, 5, 9]
    assert "Row 7 is complete" in page.one(cls="turn").text


# -- notices (TR-10, TR-11) -----------------------------------------------------------------
def test_tr11_retiring_the_twelves_is_noticed_and_shown_by_the_piles():
    full12 = (0,) * 11 + (5,)
    state = position(hand=(3, 12, 12), sheet=(0,) * 11 + (3,), other_sheet=full12,
                     piles=((12, 4), (5, 6, 7), (8, 12)))
    after, events = played(state, ("cross", 12, ((12,), (12,))))
    assert after.retired == (12,)
    notes = recent_notices(events, viewer=0)
    assert any("row 12" in n and "12s leave the game" in n for n in notes)
    page = Page(draw(replace(after, current=0, phase="turn"), log=tuple(events)))
    assert page.one(cls="retired", data_retired=12).text == "12s out of the game"
    assert "12s leave the game" in page.one(cls="notices").text


def test_tr10_a_remade_pile_is_noticed_by_name_with_its_size():
    state = position(piles=((4,), (5, 6, 7), (8, 9)), discard=(1, 2, 3))
    notes = recent_notices(played(state, ("draw", "left"))[1], viewer=0)
    assert notes == ("The left pile ran out: the discards were shuffled into a new left pile, "
                     "3 cards now.",)
    assert recent_notices(played(state, ("draw", "middle"))[1], viewer=0) == ()


def test_notices_cover_the_viewers_latest_turn_and_what_followed_only():
    state = position(piles=((4,), (5, 6, 7, 8, 9, 10), (8, 9)), discard=(1, 2, 3))
    # seat 0 remakes the left pile, then the bot draws twice
    after, events = played(state, ("draw", "left"), ("draw", "middle"), ("draw", "middle"),
                           ("draw", "middle"))
    assert len(recent_notices(events, viewer=0)) == 1   # its own turn, then the bot's
    later = played(after, ("discard", after.hands[0][0], 1))[1]
    assert recent_notices(events + later, viewer=0) == ()  # a newer turn of its own


# -- log, text, result ------------------------------------------------------------------------
def test_a_turn_is_one_log_line_with_its_chain():
    log = [{"seat": 0, "kind": "cross", "row": 7, "makes": [[2, 5], [7]]},
           {"seat": 0, "kind": "bonus", "from": 7, "row": 9},
           {"seat": 0, "kind": "bonus", "from": 9, "row": 5},
           {"seat": None, "kind": "retired", "value": 12},
           {"seat": 1, "kind": "draw", "pile": "left", "card": 4},
           {"seat": 1, "kind": "draw", "pile": "middle", "card": None}]
    assert turn_lines(log, ("Ana", "Bot 2")) == [
        (1, "Ana crossed 2 × 7 (2+5, 7) and chained 7 → 9 → 5"),
        (2, "Bot 2 drew the 4 from the left pile and drew a card from the middle pile")]


def test_face_down_draws_from_one_pile_in_a_row_are_one_clause():
    log = [{"seat": 0, "kind": "draw", "pile": "middle", "card": None},
           {"seat": 0, "kind": "draw", "pile": "middle", "card": None},
           {"seat": 1, "kind": "draw", "pile": "middle", "card": None},
           {"seat": 1, "kind": "draw", "pile": "right", "card": None},
           {"seat": 0, "kind": "draw", "pile": "left", "card": 3},
           {"seat": 0, "kind": "draw", "pile": "left", "card": 5}]
    assert turn_lines(log, (You("You"), "Bot 2")) == [
        (1, "You drew 2 cards from the middle pile"),
        (2, "Bot 2 drew a card from the middle pile and drew a card from the right pile"),
        (3, "You drew the 3 from the left pile and drew the 5 from the left pile")]


def test_a_chain_whose_cross_left_the_log_is_left_out():
    log = [{"seat": 1, "kind": "bonus", "from": 2, "row": 1},
           {"seat": 0, "kind": "draw", "pile": "middle", "card": None}]
    assert turn_lines(log, (You("You"), "Bot 2")) == [(2, "You drew a card from the middle pile")]


def test_names_and_log_are_escaped():
    log = ({"seat": 1, "kind": "cross", "row": 1, "makes": [[1]]},)
    html = draw(position(), names=(You("You"), "<b>Bo</b>"), log=log)
    assert "<b>Bo</b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html


def test_tr12_result_in_words():
    names = (You("You"), "Bot 2", "Bot 3")
    assert table_triggs.result_text({"winner": 0, "turns": 40}, names) == \
        "You win: every box crossed, after 40 turns."
    assert table_triggs.result_text({"winner": 2, "turns": 41}, names).startswith("Bot 3 wins")
    assert "No winner" in table_triggs.result_text({"winner": None, "turns": 2000}, names)


def test_the_winner_is_named_as_the_table_names_them_when_people_share_the_device():
    names = ("Player 1", "Player 2")
    assert table_triggs.result_text({"winner": 0, "turns": 9}, names).startswith("Player 1 wins")


# -- the lobby ----------------------------------------------------------------------------
def test_the_lobby_offers_triggs_for_two_to_four_with_a_bot_level_per_seat():
    setup = default_setup("triggs").with_players(4)
    page = Page(lobby_html(setup))
    players = [b.attrs["data-value"] for b in page.find(data_action="players")]
    assert players == ["2", "3", "4"]
    seats = page.find(data_action="seat")
    assert [s.attrs["data-seat"] for s in seats] == ["1", "2", "3"]
    options = [o.attrs["value"] for o in page.elements if o.tag == "option"][:5]
    assert options == ["human", "friend", "random", "basic", "strong"]


# -- the buttons, through the controller ----------------------------------------------------
def controller_at(state, seats=("human", "random")):
    """A controller playing ``state`` (seat 0 a person) as if the game had just started."""
    setup = replace(default_setup("triggs"), seats=tuple(seats))
    controller = Controller(Store.unavailable(), lambda: "seed")
    controller.setup = setup
    controller.begin(Session(setup=setup, seed="render", states=[state]))
    return controller


def test_tr8_crossing_by_clicks_then_each_chain_bonus_one_at_a_time():
    # row 7 has 2 crossed, row 9 has 3: 7 + 5+2 completes row 7, the bonus completes row 9
    sheet = (0,) * 6 + (2,) + (0, 3, 0, 0, 0)
    c = controller_at(position(hand=(2, 5, 7, 11, 12), sheet=sheet))
    c.handle("triggs-row", {"row": "7"})
    c.handle("triggs-best", {})
    assert sorted(selected_values(c.current_view()["hand"], table_triggs.pick_of(c.sitting.table))) == [2, 5, 7]
    c.handle("triggs-cross", {})
    assert c.session.state.phase == "bonus" and c.session.state.chain_from == 7
    page = Page(screen_html(c.screen()))
    assert "completes" in page.one(data_action="triggs-bonus", data_row=9).classes
    c.handle("triggs-bonus", {"row": "9"})
    assert c.session.state.phase == "bonus" and c.session.state.chain_from == 9
    assert "disabled" not in Page(screen_html(c.screen())).one(data_action="undo").attrs
    c.handle("undo", {})  # a bonus reveals nothing: it may be taken back (TR-8 choice)
    assert c.session.state.chain_from == 7
    c.handle("triggs-bonus", {"row": "9"})
    c.handle("triggs-bonus", {"row": "5"})
    assert c.session.state.current == 1
    assert turn_lines(c.session.log(40), (You("You"), "Bot 2"))[-1][1] == \
        "You crossed 2 × 7 (2+5, 7) and chained 7 → 9 → 5"


def test_tr6_discarding_by_clicks_and_a_mixed_selection_is_refused_in_words():
    c = controller_at(position(hand=(3, 3, 8, 9, 9)))
    c.handle("triggs-card", {"index": "0"})
    c.handle("triggs-card", {"index": "4"})
    c.handle("triggs-discard", {})
    assert c.messages == [("alert", "Discard cards of one value only.")]
    c.handle("triggs-card", {"index": "4"})
    c.handle("triggs-card", {"index": "1"})
    c.handle("triggs-discard", {})
    assert c.session.state.hands[0] == (8, 9, 9)
    assert c.session.state.discard[-2:] == (3, 3)


def test_tr5_drawing_by_clicks_takes_two_picks_and_the_selection_does_not_outlive_an_action():
    state = position()
    c = controller_at(state)
    c.handle("triggs-card", {"index": "0"})
    c.handle("triggs-draw", {"pile": "left"})
    assert table_triggs.pick_of(c.sitting.table).cards == ()
    c.handle("triggs-draw", {"pile": "right"})
    after = c.session.state
    assert after.current == 1 and len(after.hands[0]) == 7
    assert state.piles[0][0] in after.hands[0] and state.piles[2][0] in after.hands[0]


def test_a_person_who_wins_with_an_undoable_cross_sees_the_end_screen():
    sheet = tuple(BOXES[:-1]) + (4,)
    c = controller_at(position(hand=(3, 12), sheet=sheet))
    c.handle("triggs-row", {"row": "12"})
    c.handle("triggs-best", {})
    c.handle("triggs-cross", {})
    screen = c.screen()
    assert screen.kind == "end" and c.session.state.winner == 0
    assert "You win" in screen_html(screen) and "Cards left" not in screen_html(screen)


@pytest.mark.parametrize("action, data", [("triggs-cross", {}), ("triggs-discard", {})])
def test_confirming_without_a_choice_says_what_to_do(action, data):
    c = controller_at(position())
    c.handle(action, data)
    assert c.messages and c.messages[0][0] == "alert"
    assert c.session.actions == []


def test_tr13_two_people_pass_the_device_and_each_sees_only_their_own_hand():
    c = controller_at(position(hand=(1, 4, 7, 7, 9), other=(2, 3, 5, 6, 8)), seats=("human", "human"))
    c.sitting.table.revealed_to = 0
    c.handle("triggs-card", {"index": "0"})
    c.handle("triggs-discard", {})
    assert c.screen().kind == "pass"
    assert "data-card" not in screen_html(c.screen())  # no hand shows before the reveal
    c.handle("reveal", {})
    page = Page(screen_html(c.screen()))
    assert [b.attrs["data-card"] for b in page.find(data_action="triggs-card")] == ["2", "3", "5", "6", "8"]
    assert page.one(cls="sheet", data_seat=1).classes == ["sheet", "full"]
    assert page.one(cls="cards", data_hand=4).text == "4 in hand"  # seat 0, one card discarded


def test_the_lobby_says_how_far_a_saved_triggs_game_got():
    # A save without its progress (an older version's) is counted in moves; a game saved
    # now says the boxes the player crossed.
    store = Store()
    Saves(store).put(None, {"schema": 1, "game": "triggs", "players": 2, "options": {},
                            "seed": "s", "actions": [["draw", "left"], ["draw", "middle"]],
                            "seats": ["human", "basic"]})
    assert "Triggs, 2 players, 2 moves made, today at" in \
        Controller(store, lambda: "seed").unfinished.listed()[0][1]
    c = Controller(store, lambda: "seed")
    c.boot("")
    c.handle("lobby", {})
    assert "Triggs, 2 players, 0 of 41 boxes crossed, today at" in c.unfinished.listed()[0][1]


def test_the_log_numbers_every_turn_of_the_game_as_the_status_line_does():
    c = controller_at(get("triggs").new(2, {}, "long-log"), seats=("human", "strong"))
    person = make_bot("triggs", "strong", 0, "long-log")
    while c.session.state.turns < 12:
        if c.bot_due():
            c.bot_step()
        else:
            c.session.apply(person.act(c.session.state.view(0)))
    page = Page(screen_html(c.screen()))
    lines = page.one("ol", "log").children
    assert [li.attrs["data-turn"] for li in lines] == [str(n) for n in range(1, len(lines) + 1)]
    assert len(lines) >= 12 and "latest" in lines[-1].classes
    status = page.one("p", "turn").text
    assert status.startswith(f"Turn {int(lines[-1].attrs['data-turn']) + 1} ") or \
        status.startswith(f"Turn {lines[-1].attrs['data-turn']} ")
    assert page.one("div", "log-box").attrs["tabindex"] == "0"
