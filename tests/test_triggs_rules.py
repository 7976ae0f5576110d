"""Rule tests for Triggs; each names the rule id of seeds/triggs.md it checks."""

import json
import random
from collections import Counter

import pytest

from cardtable.engine.core import IllegalAction, as_action
from cardtable.engine.registry import get
from cardtable.engine.rng import make_rng, shuffled
from cardtable.games.triggs.rules import (
    BOXES, CARDS, MAX_TURNS, TriggsState, best_makes, cross_options, deal, make_count,
)

SPEC = get("triggs")
EMPTY_SHEET = (0,) * 12
FULL_SHEET = BOXES


def sheet(**crossed):
    """A sheet with ``r7=3`` style counts of crossed boxes per row."""
    rows = list(EMPTY_SHEET)
    for key, count in crossed.items():
        rows[int(key[1:]) - 1] = count
    return tuple(rows)


def table(hands, sheets=None, piles=((5, 6), (1, 2, 3, 4, 5, 6, 7), (8, 9)), discard=(),
          **fields):
    """A crafted position: hands per seat, their sheets, piles (top first), discards."""
    players = len(hands)
    return TriggsState(players=players, seed="crafted",
                       hands=tuple(tuple(sorted(h)) for h in hands),
                       piles=tuple(tuple(p) for p in piles), discard=tuple(discard),
                       removed=fields.pop("removed", ()),
                       sheets=sheets or (EMPTY_SHEET,) * players,
                       current=fields.pop("current", 0), **fields)


# -- components and setup ----------------------------------------------------------
def test_tr1_108_cards_nine_of_each_value():
    assert len(CARDS) == 108 and Counter(CARDS) == {v: 9 for v in range(1, 13)}
    state = SPEC.new(3, {}, "tr1")
    located = Counter(c for cards in state.card_locations().values() for c in cards)
    assert located == Counter(CARDS)


@pytest.mark.parametrize("players", [1, 5])
def test_tr1_two_to_four_players(players):
    with pytest.raises(ValueError):
        SPEC.new(players, {}, "tr1")


def test_tr2_sheet_layout_is_one_table():
    assert BOXES == (2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5) and sum(BOXES) == 41
    assert SPEC.new(2, {}, "tr2").view(0)["boxes"] == list(BOXES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tr3_deal_five_each_and_three_piles(players):
    state = SPEC.new(players, {}, "tr3")
    assert [len(h) for h in state.hands] == [5] * players
    rest = 108 - 5 * players
    left, middle, right = (len(p) for p in state.piles)
    assert middle == (rest + 1) // 2 and middle > left >= right >= left - 1
    assert left + middle + right == rest and state.discard == ()


def test_tr3_only_side_tops_show():
    state = SPEC.new(2, {}, "tr3-view")
    piles = state.view(0)["piles"]
    assert [p["name"] for p in piles] == ["left", "middle", "right"]
    assert piles[0]["top"] == state.piles[0][0] and piles[2]["top"] == state.piles[2][0]
    assert piles[1]["top"] is None and not piles[1]["face_up"]
    assert [p["count"] for p in piles] == [len(p) for p in state.piles]


def test_tr3_the_seed_decides_the_deal():
    hands, piles = deal(2, "same")
    assert deal(2, "same") == (hands, piles)
    assert deal(2, "other") != (hands, piles)
    deck = shuffled(CARDS, make_rng("same"))  # built on random() only: same on 3.11 and 3.14
    assert hands[0] == tuple(sorted(deck[:5])) and piles[0] == deck[10:10 + len(piles[0])]


def test_tr4_random_starting_seat_then_clockwise():
    starts = {SPEC.new(4, {}, f"tr4-{i}").current for i in range(40)}
    assert starts == {0, 1, 2, 3}
    state = SPEC.new(3, {}, "tr4")
    seat = state.current
    state = state.apply(("discard", state.hands[seat][0], 1))
    assert state.current == (seat + 1) % 3 and state.turns == 1


# -- action A: draw ------------------------------------------------------------------
def test_tr5_draw_two_one_at_a_time_seeing_the_new_top():
    state = table([(1, 2, 3, 4, 5), (6,)])
    state = state.apply(("draw", "left"))
    assert state.phase == "draw" and state.current == 0 and state.hands[0].count(5) == 2
    assert state.view(0)["piles"][0]["top"] == 6  # the new top shows before the second pick
    assert state.legal_actions() == (("draw", "left"), ("draw", "middle"), ("draw", "right"))
    state = state.apply(("draw", "left"))  # the same pile twice is allowed
    assert state.hands[0] == (1, 2, 3, 4, 5, 5, 6) and state.current == 1
    assert state.phase == "turn"


def test_tr5_middle_draw_takes_the_hidden_top():
    state = table([(1,), (2,)]).apply(("draw", "middle")).apply(("draw", "right"))
    assert state.hands[0] == (1, 1, 8) and state.piles[1] == (2, 3, 4, 5, 6, 7)


def test_tr5_hand_of_nine_draws_only_one_card():
    state = table([(1, 1, 2, 2, 3, 3, 4, 4, 5), (6,)])
    assert state.view(0)["draw_allowance"] == 1
    state = state.apply(("draw", "right"))
    assert len(state.hands[0]) == 10 and state.current == 1 and state.phase == "turn"


def test_tr5_hand_of_ten_may_not_draw():
    state = table([(1, 1, 2, 2, 3, 3, 4, 4, 5, 5), (6,)])
    assert not any(a[0] == "draw" for a in state.legal_actions())
    assert state.view(0)["draw_allowance"] == 0
    with pytest.raises(IllegalAction, match="10 cards"):
        state.apply(("draw", "left"))


def test_tr5_an_empty_pile_cannot_be_drawn():
    state = table([(1,), (2,)], piles=((), (3, 4), ()))
    assert [a for a in state.legal_actions() if a[0] == "draw"] == [("draw", "middle")]
    with pytest.raises(IllegalAction, match="empty"):
        state.apply(("draw", "left"))


# -- action B: discard -----------------------------------------------------------------
def test_tr6_discard_any_number_of_one_value():
    state = table([(3, 9, 9, 9), (6,)])
    assert {a for a in state.legal_actions() if a[0] == "discard"} == {
        ("discard", 3, 1), ("discard", 9, 1), ("discard", 9, 2), ("discard", 9, 3)}
    state = state.apply(("discard", 9, 2))
    assert state.hands[0] == (3, 9) and state.discard == (9, 9) and state.current == 1


def test_tr6_cannot_discard_cards_not_held():
    with pytest.raises(IllegalAction, match="holds 1 × 3"):
        table([(3, 9), (6,)]).apply(("discard", 3, 2))


# -- action C: cross -------------------------------------------------------------------
def test_tr7_seed_example_four_elevens():
    state = table([(1, 4, 7, 10, 11, 11, 12), (6,)])
    action = ("cross", 11, ((1, 10), (4, 7), (11,), (11,)))
    assert action in state.legal_actions()
    state = state.apply(action)
    assert state.sheets[0][10] == 4 and state.hands[0] == (12,)
    assert Counter(state.discard) == Counter((1, 4, 7, 10, 11, 11))


def test_tr7_makes_accepted_in_any_order_as_json():
    state = table([(1, 4, 7, 10, 11, 11), (6,)])
    action = json.loads(json.dumps(("cross", 11, [[11], [7, 4], [10, 1], [11]])))
    assert state.apply(tuple(action)).sheets[0][10] == 4


def test_tr7_two_free_boxes_accept_at_most_two_makes():
    state = table([(5, 5, 5, 1, 4), (6,)], sheets=(sheet(r5=1), EMPTY_SHEET))
    options = [a[2] for a in state.legal_actions() if a[:2] == ("cross", 5)]
    assert max(len(makes) for makes in options) == 2
    assert cross_options((5, 5, 5, 1, 4), 5, 2) == tuple(sorted(options))
    assert make_count((5, 5, 5, 1, 4), 5, 2) == 2
    with pytest.raises(IllegalAction, match="2 free boxes"):
        state.apply(("cross", 5, ((5,), (5,), (5,))))


def test_tr7_a_make_is_one_card_or_two_summing_to_the_value():
    state = table([(1, 2, 4, 6, 7), (6,)])
    with pytest.raises(IllegalAction, match="one card or two"):
        state.apply(("cross", 7, ((1, 2, 4),)))
    with pytest.raises(IllegalAction, match="does not make 7"):
        state.apply(("cross", 7, ((2, 4),)))
    with pytest.raises(IllegalAction, match="lacks"):
        state.apply(("cross", 7, ((7,), (7,))))


def test_tr7_a_full_row_cannot_be_crossed():
    state = table([(1, 1), (6,)], sheets=(sheet(r1=2), EMPTY_SHEET))
    assert not any(a[:2] == ("cross", 1) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="no free box"):
        state.apply(("cross", 1, ((1,),)))


def test_tr7_best_grouping_offered_for_one_click():
    hand = (1, 2, 5, 5, 6, 7, 11)
    assert best_makes(hand, 12, 5) == ((1, 11), (5, 7))
    assert best_makes(hand, 7, 4) == ((1, 6), (2, 5), (7,))
    assert best_makes(hand, 7, 2) == ((2, 5), (7,))  # singles first, then the middle out
    makes = {m["row"]: m for m in table([hand, (6,)]).view(0)["makes"]}
    assert makes[7]["count"] == 3 and makes[7]["best"] == [[1, 6], [2, 5], [7]]
    assert makes[4]["count"] == 0 and makes[4]["best"] == []


# -- chain reactions -------------------------------------------------------------------
def test_tr8_seed_example_seven_and_two_five_plus_two_then_bonus_to_nine():
    state = table([(2, 2, 5, 5, 7, 9), (6,)], sheets=(sheet(r7=1), EMPTY_SHEET))
    state = state.apply(("cross", 7, ((2, 5), (2, 5), (7,))))
    assert state.sheets[0][6] == 4 and state.phase == "bonus" and state.current == 0
    assert state.legal_actions() == tuple(("bonus", r) for r in range(1, 13) if r != 7)
    after = state.apply(("bonus", 9))
    assert state.events(("bonus", 9), after) == [
        {"seat": 0, "kind": "bonus", "from": 7, "row": 9}]
    state = after
    assert state.sheets[0][8] == 1 and state.hands[0] == (9,) and state.current == 1


def test_tr8_seed_example_chain_from_ten_to_eight_to_five():
    state = table([(10, 3), (6,)], sheets=(sheet(r10=3, r8=3), EMPTY_SHEET))
    state = state.apply(("cross", 10, ((10,),)))
    state = state.apply(("bonus", 8))
    assert state.phase == "bonus" and state.chain_from == 8 and state.current == 0
    after = state.apply(("bonus", 5))
    assert state.events(("bonus", 5), after)[0]["from"] == 8
    state = after
    assert state.sheets[0] == sheet(r10=4, r8=4, r5=1)
    assert state.phase == "turn" and state.current == 1


def test_tr8_bonus_needs_a_free_box_and_the_bonus_phase():
    state = table([(10, 3), (6,)], sheets=(sheet(r10=3, r1=2), EMPTY_SHEET))
    with pytest.raises(IllegalAction, match="not allowed now"):
        state.apply(("bonus", 2))
    state = state.apply(("cross", 10, ((10,),)))
    with pytest.raises(IllegalAction, match="no free box"):
        state.apply(("bonus", 1))
    with pytest.raises(IllegalAction, match="not allowed now"):
        state.apply(("draw", "left"))


def test_tr8_a_chain_can_fill_the_whole_sheet():
    almost = tuple(b - 1 for b in BOXES)
    state = table([(12,), (6,)], sheets=(almost, EMPTY_SHEET))
    state = state.apply(("cross", 12, ((12,),)))
    for row in range(1, 12):
        state = state.apply(("bonus", row))
    assert state.winner == 0 and state.is_over  # TR-12: bonus crosses count


# -- between actions -------------------------------------------------------------------
def test_tr9_empty_hand_after_discard_draws_five_from_the_middle():
    state = table([(4, 4), (6,)])
    state = state.apply(("discard", 4, 2))
    assert state.hands[0] == (1, 2, 3, 4, 5) and state.piles[1] == (6, 7)
    assert state.current == 1


def test_tr9_empty_hand_after_cross_draws_five_at_once():
    state = table([(3, 4), (6,)], sheets=(sheet(r7=0), EMPTY_SHEET))
    assert state.reveals_hidden(("cross", 7, ((3, 4),)))
    state = state.apply(("cross", 7, ((3, 4),)))
    assert state.hands[0] == (1, 2, 3, 4, 5) and state.sheets[0][6] == 1


def test_tr10_an_empty_pile_is_remade_from_the_shuffled_discards():
    state = table([(1,), (6,)], piles=((5,), (1, 2, 3), (8, 9)), discard=(10, 11, 12, 2))
    after = state.apply(("draw", "left"))
    assert after.piles[0] == shuffled((10, 11, 12, 2), make_rng("crafted", "reshuffle-0"))
    assert after.discard == () and after.reshuffles == 1 and after.remakes == (("left", 4),)
    assert state.events(("draw", "left"), after) == [
        {"seat": 0, "kind": "draw", "pile": "left", "card": 5},
        {"seat": None, "kind": "remade", "pile": "left", "count": 4}]
    assert state.apply(("draw", "left")) == after  # the seed and counter repeat the shuffle


def test_tr10_only_the_empty_pile_is_remade_and_waits_for_discards():
    state = table([(1, 7), (6, 6)], piles=((5,), (1, 2, 3), (8, 9)))
    state = state.apply(("draw", "left")).apply(("draw", "right"))
    assert state.piles == ((), (1, 2, 3), (9,)) and state.reshuffles == 0
    before, state = state, state.apply(("discard", 6, 1))  # the left pile is remade
    assert before.events(("discard", 6, 1), state)[1:] == [
        {"seat": None, "kind": "remade", "pile": "left", "count": 1}]
    assert state.piles == ((6,), (1, 2, 3), (9,)) and state.discard == ()
    assert state.hands[1] == (6,) and state.reshuffles == 1


def test_tr10_a_reshuffle_happens_in_a_real_game():
    state = SPEC.new(2, {}, "tr10")
    while not state.reshuffles:
        state = state.apply(state.legal_actions()[-1])
    located = Counter(c for cards in state.card_locations().values() for c in cards)
    assert located == Counter(CARDS) and all(state.piles)


def test_tr11_twelves_stay_until_every_player_completed_row_12():
    sheets = (sheet(r12=5), sheet(r12=4))
    state = table([(12, 1), (12, 3)], sheets=sheets, piles=((12, 12, 5), (1, 2), (8,)))
    assert state.retired == ()
    state = state.apply(("discard", 12, 1))  # seat 1 done with 12s, seat 2 is not
    assert state.discard == (12,) and state.piles[0][0] == 12
    before, state = state, state.apply(("cross", 12, ((12,),)))  # seat 2 completes row 12
    assert before.events(("cross", 12, ((12,),)), state) == [
        {"seat": 1, "kind": "cross", "row": 12, "makes": [[12]]},
        {"seat": None, "kind": "retired", "value": 12}]
    assert state.retired == (12,)
    assert state.piles[0] == (5,) and state.removed == (12, 12)
    assert state.view(0)["retired"] == [12]


def test_tr11_retired_twelve_discarded_leaves_the_game():
    state = table([(12, 1), (6,)], sheets=(sheet(r12=5),) * 2, retired=(12,))
    after = state.apply(("discard", 12, 1))
    assert after.removed == (12,) and after.discard == ()
    assert state.events(("discard", 12, 1), after) == [
        {"seat": 0, "kind": "discard", "value": 12, "count": 1, "out": True}]


def test_tr11_elevens_retire_after_twelves_and_remade_piles_lose_them():
    sheets = (sheet(r12=5, r11=5), sheet(r12=5, r11=4))
    state = table([(11, 1), (11, 2)], sheets=sheets, current=1, retired=(12,),
                  piles=((4,), (1, 2), (11,)))
    before, state = state, state.apply(("cross", 11, ((11,),)))
    assert state.retired == (12, 11) and state.piles[2] == () and 11 in state.removed
    # The right pile lost its 11, was remade from the discarded 11 and lost it again.
    assert before.events(("cross", 11, ((11,),)), state)[1:] == [
        {"seat": None, "kind": "retired", "value": 11},
        {"seat": None, "kind": "remade", "pile": "right", "count": 1}]


def test_tr11_elevens_wait_for_the_twelves():
    sheets = (sheet(r11=5), sheet(r11=4))
    state = table([(11, 1), (11, 2)], sheets=sheets, current=1, piles=((4,), (1, 2), (11,)))
    state = state.apply(("cross", 11, ((11,),)))
    assert state.retired == () and state.piles[2] == (11,)


# -- end -------------------------------------------------------------------------------
def test_tr12_first_full_sheet_wins_at_once():
    almost = sheet(**{f"r{v}": b for v, b in enumerate(BOXES, 1)})[:-1] + (4,)
    state = table([(6, 6), (6,)], sheets=(almost, EMPTY_SHEET))
    state = state.apply(("cross", 12, ((6, 6),)))
    assert state.is_over and state.winner == 0 and state.current_player is None
    assert state.legal_actions() == ()
    assert state.result() == {"over": True, "winner": 0, "turns": 1, "players": 2,
                              "crossed": [41, 0]}
    with pytest.raises(IllegalAction, match="over"):
        state.apply(("draw", "left"))


def test_tr12_returns_one_for_the_winner():
    almost = sheet(**{f"r{v}": b for v, b in enumerate(BOXES, 1)})[:-1] + (4,)
    state = table([(1,), (6, 6), (7,)], sheets=(EMPTY_SHEET, almost, EMPTY_SHEET), current=1)
    assert state.returns() == (0.0, 0.0, 0.0)
    assert state.apply(("cross", 12, ((6, 6),))).returns() == (0.0, 1.0, 0.0)


def test_tr12_safety_net_ends_without_a_winner():
    state = table([(1,), (6,)], turns=MAX_TURNS - 1)
    state = state.apply(("discard", 1, 1))
    assert state.is_over and state.winner is None and state.result()["turns"] == MAX_TURNS
    assert state.returns() == (0.0, 0.0)
    summary = SPEC.summarize([state.result()])
    assert summary == {"win_rate_by_seat": [0.0, 0.0], "avg_turns": MAX_TURNS,
                       "unfinished": 1.0}


# -- hidden information ----------------------------------------------------------------
def test_tr13_view_hides_other_hands_and_the_middle_order():
    base = table([(1, 2, 3), (4, 5, 6)], piles=((7,), (1, 2, 3, 9), (8,)))
    other = table([(1, 2, 3), (10, 11, 12)], piles=((7,), (9, 3, 2, 1), (8,)))
    assert base.view(0) == other.view(0)
    view = base.view(0)
    assert view["hand"] == [1, 2, 3] and view["hand_counts"] == [3, 3]
    assert json.loads(json.dumps(view)) == view


def test_tr13_view_shows_sheets_discards_and_phase():
    state = table([(2, 2, 5, 5, 7, 9), (6,)], sheets=(sheet(r7=1), sheet(r1=2)),
                  discard=(3, 4))
    view = state.apply(("cross", 7, ((2, 5), (2, 5), (7,)))).view(1)
    assert view["sheets"][0][6] == 4 and view["sheets"][1][0] == 2
    assert view["discard"] == [3, 4, 2, 5, 2, 5, 7] and view["phase"] == "bonus"
    assert view["chain_from"] == 7 and view["current"] == 0 and view["hand"] == [6]


def test_tr13_unseen_shuffled_deals_again_only_what_the_seat_cannot_see():
    state = SPEC.new(3, {}, "tr13-unseen")
    for seed in range(5):
        other = state.unseen_shuffled(0, random.Random(seed))
        assert other.view(0) == state.view(0)
        assert [len(p) for p in other.piles] == [len(p) for p in state.piles]
        assert [other.piles[i][0] for i in (0, 2)] == [state.piles[i][0] for i in (0, 2)]
        assert Counter(c for cards in other.card_locations().values() for c in cards) \
            == Counter(CARDS)
    assert state.unseen_shuffled(0, random.Random(1)).piles[1] != state.piles[1]


def test_tr13_view_carries_the_legal_actions_of_the_seat_to_move():
    state = table([(1, 2), (6,)])
    assert [as_action(a) for a in state.view(0)["legal"]] == list(state.legal_actions())
    assert state.view(1)["legal"] == []
    crossing = table([(2, 5), (6,)]).view(0)["legal"]
    assert ["cross", 7, [[2, 5]]] in crossing


# -- the engine contract -----------------------------------------------------------------
def test_json_round_trip_and_replay():
    state = SPEC.new(3, {}, "json")
    actions = []
    for _ in range(120):
        action = state.legal_actions()[len(actions) % len(state.legal_actions())]
        actions.append(json.loads(json.dumps(action)))
        state = state.apply(action)
    assert TriggsState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert SPEC.replay(3, {}, "json", actions) == state


def test_reveals_hidden_only_for_draws_and_refills():
    state = table([(5, 7, 7), (6,)])
    assert state.reveals_hidden(("draw", "left"))
    assert not state.reveals_hidden(("cross", 7, ((7,),)))
    assert not state.reveals_hidden(("discard", 7, 2))
    assert state.apply(("cross", 7, ((7,), (7,)))).phase == "turn"


def test_events_say_what_happened_as_data():
    state = table([(2, 2, 5, 5, 7), (6,)])

    def events(action):
        return state.events(action, state.apply(action))

    assert events(("cross", 7, ((7,), (5, 2), (2, 5)))) == [
        {"seat": 0, "kind": "cross", "row": 7, "makes": [[2, 5], [2, 5], [7]]}]
    assert events(("draw", "left")) == [{"seat": 0, "kind": "draw", "pile": "left", "card": 5}]
    assert events(("draw", "middle")) == [
        {"seat": 0, "kind": "draw", "pile": "middle", "card": None}]
    assert events(("discard", 5, 2)) == [
        {"seat": 0, "kind": "discard", "value": 5, "count": 2, "out": False}]


def test_spec_declares_the_deck_and_a_bound_on_actions():
    assert SPEC.cards(3) == CARDS
    assert SPEC.max_actions(2) >= MAX_TURNS * 2


def test_unknown_actions_say_why():
    state = table([(1,), (6,)])
    with pytest.raises(IllegalAction, match="unknown"):
        state.apply(("pass",))
    with pytest.raises(IllegalAction, match="no pile"):
        state.apply(("draw", "top"))
    with pytest.raises(IllegalAction, match="no row"):
        state.apply(("cross", 13, ((13,),)))


def test_tr10_a_world_dealt_again_remakes_its_piles_its_own_way():
    """TR-10/TR-13: a remade pile's order is chance the seat cannot see yet; a world dealt
    again for the seat remakes piles from a seed of its own, and its view stays the same."""
    state = table([(1, 2), (3, 4)], discard=tuple(range(1, 13)) * 2)
    real = state._remake(0).piles[0]
    for seed in range(4):
        other = state.unseen_shuffled(0, random.Random(seed))
        assert other.view(0) == state.view(0)
        assert Counter(other._remake(0).piles[0]) == Counter(real)
        assert other._remake(0).piles[0] != real


def test_tr13_cards_taken_in_the_open_stay_in_their_hand():
    """TR-5/TR-13: the view says which cards each seat took from a face-up pile and still
    holds (one it plays of that value counts against them first), and a world dealt again
    for another seat leaves them in that hand."""
    state = table([(1, 2), (3, 4)], piles=((5, 6), (7, 8, 9), (10, 11)))
    state = state.apply(("draw", "left")).apply(("draw", "middle"))
    assert state.view(1)["shown"] == [[5], []]
    state = state.apply(("draw", "right")).apply(("draw", "left"))
    assert state.view(0)["shown"] == [[5], [6, 10]]
    state = state.apply(("discard", 5, 1))
    assert state.view(1)["shown"] == [[], [6, 10]]
    checked = 0
    for seed in range(30):
        game = SPEC.new(2 + seed % 3, {}, f"tr13-shown-{seed}")
        rng = random.Random(seed)
        for _ in range(40 + seed * 3):
            actions = game.legal_actions()
            game = game.apply(actions[int(rng.random() * len(actions))])
        for seat in range(game.players):
            other = game.unseen_shuffled(seat, rng)
            assert other.view(seat) == game.view(seat)
            for hand, shown in zip(other.hands, game.shown):
                checked += len(shown)
                assert not Counter(shown) - Counter(hand)
    assert checked > 20
