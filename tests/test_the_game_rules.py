"""Rule tests for The Game; each names the rule id of seeds/the-game.md it checks."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from cardtable.engine.core import IllegalAction
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import (
    CARDS, HAND_SIZES, TheGameState, can_play_sequence, deal, fits, rating, team_starter,
)

SPEC = get("the-game")
START = ((1,), (1,), (100,), (100,))


def table(hands, deck=(), piles=START, min_cards=2, current=0, hand_size=None):
    """A crafted position: ``hands`` per seat, the draw pile, pile histories."""
    hands = tuple(tuple(sorted(h)) for h in hands)
    return TheGameState(players=len(hands), min_cards=min_cards,
                        hand_size=hand_size or max(len(h) for h in hands),
                        hands=hands, deck=tuple(deck), piles=piles, current=current)


def play_turn(state, *cards):
    """The active seat plays ``cards`` on ↑1 and ends its turn."""
    for card in cards:
        state = state.apply(("play", card, 0))
    return state.apply(("end",))


def test_tg1_98_cards_and_four_piles():
    state = SPEC.new(1, {}, "tg1")
    assert sorted(state.hands[0] + state.deck) == list(range(2, 100))
    assert state.piles == START
    assert [p["dir"] for p in state.view(0)["piles"]] == ["up", "up", "down", "down"]


@pytest.mark.parametrize("players,size", [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_tg2_hand_sizes_and_draw_pile(players, size):
    state = SPEC.new(players, {}, "tg2")
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.deck) == 98 - size * players
    assert Counter(c for h in state.hands for c in h) + Counter(state.deck) == Counter(CARDS)


def test_tg2_the_seed_decides_the_deal():
    assert deal(3, 6, "same") == deal(3, 6, "same")
    assert deal(3, 6, "same") != deal(3, 6, "other")


def test_tg3_first_seat_starts_by_default():
    assert SPEC.new(4, {}, "tg3").current == 0


def test_tg3_team_start_picks_the_cheapest_opening():
    # Seat 1 can open 2 then 3 (distance 1 + 1); seat 0 can only jump far.
    state = table([(60, 70), (2, 3)], deck=range(4, 20))
    assert team_starter(state) == 1
    # Seat 0: 40 then 41 on ↑ costs 39 + 1; seat 1: 60 then 50 on ↓ costs 40 + 10.
    assert team_starter(table([(40, 41), (50, 60)], deck=range(4, 20))) == 0
    # A tie goes to the lowest seat.
    assert team_starter(table([(2, 3), (98, 99)], deck=range(4, 20))) == 0


def test_tg4_must_play_the_minimum_before_ending():
    state = table([(10, 20, 30, 40)], deck=range(50, 60))
    assert ("end",) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="at least 2"):
        state.apply(("end",))
    state = state.apply(("play", 10, 0))
    assert ("end",) not in state.legal_actions()
    state = state.apply(("play", 20, 0))
    assert ("end",) in state.legal_actions()


def test_tg4_may_play_more_than_the_minimum_up_to_the_whole_hand():
    state = table([(10, 20, 30)], deck=range(50, 60))
    for card in (10, 20, 30):
        state = state.apply(("play", card, 0))
    assert state.hands[0] == () and state.can_end_turn()


def test_tg5_ascending_and_descending_piles():
    assert fits(48, "up", 47) and not fits(46, "up", 47)
    assert fits(64, "down", 65) and not fits(66, "down", 65)


def test_tg5_backwards_trick_examples_of_the_rulebook():
    assert fits(37, "up", 47)  # a 37 on an ascending 47
    assert fits(75, "down", 65)  # a 75 on a descending 65
    assert not fits(36, "up", 47) and not fits(74, "down", 65)


def test_tg5_backwards_trick_any_number_of_times_in_a_turn():
    piles = ((1, 47), (1,), (100,), (100,))
    state = table([(37, 27, 17, 90)], deck=range(50, 52), piles=piles)
    for card in (37, 27, 17):
        state = state.apply(("play", card, 0))
    assert state.piles[0] == (1, 47, 37, 27, 17)
    trick = table([(7, 8)], deck=(50,), piles=((1, 17),) + START[1:])
    assert trick.events(("play", 7, 0), trick.apply(("play", 7, 0))) == [
        {"seat": 0, "kind": "play", "card": 7, "pile": 0, "backwards": True}]


def test_tg5_illegal_play_says_why():
    state = table([(30, 40)], deck=(), piles=((1, 50), (1,), (100,), (100,)))
    with pytest.raises(IllegalAction, match="must be higher than 50 or exactly 40"):
        state.apply(("play", 30, 0))
    with pytest.raises(IllegalAction, match="not in the hand"):
        state.apply(("play", 77, 0))


def test_tg6_draws_as_many_as_played():
    state = table([(10, 20, 30, 40)], deck=(50, 60, 70, 80))
    state = state.apply(("play", 10, 0)).apply(("play", 20, 0)).apply(("play", 30, 0))
    state = state.apply(("end",))
    assert state.hands[0] == (40, 50, 60, 70) and state.deck == (80,)


def test_tg6_draw_stops_when_the_pile_runs_out():
    state = table([(10, 20, 30, 40)], deck=(50,))
    state = state.apply(("play", 10, 0)).apply(("play", 20, 0))
    after = state.apply(("end",))
    assert after.hands[0] == (30, 40, 50) and after.deck == ()
    assert state.events(("end",), after) == [{"seat": 0, "kind": "end", "drew": 1}]


def test_tg7_minimum_is_one_when_draw_pile_is_empty():
    state = table([(10, 20)], deck=())
    assert state.required == 1
    assert ("end",) in state.apply(("play", 10, 0)).legal_actions()
    expert = table([(10, 20, 30)], deck=(), min_cards=3)
    assert expert.required == 1


def test_tg8_empty_hand_is_skipped():
    state = table([(10, 20), (30, 40), (50, 60)], deck=())
    state = state.apply(("play", 10, 0)).apply(("play", 20, 0)).apply(("end",))
    assert state.hands[0] == () and state.current == 1
    state = state.apply(("play", 30, 0)).apply(("end",))
    assert state.current == 2
    state = state.apply(("play", 50, 0)).apply(("end",))
    assert state.current == 1  # seat 0 has no cards: passed over


def test_tg9_game_ends_when_no_sequence_exists_at_turn_start():
    piles = ((1, 95), (1, 96), (100, 5), (100, 4))
    state = table([(50, 60)], deck=(70, 80), piles=piles).check_turn_start()
    assert state.is_over and state.outcome == "blocked"
    assert state.legal_actions() == ()
    assert state.result()["cards_left"] == 4


def test_tg9_one_card_fits_but_two_are_owed():
    piles = ((1, 95), (1, 96), (100, 5), (100, 4))
    hand = (97, 50)
    assert not can_play_sequence(hand, [95, 96, 5, 4], 2)
    assert table([hand], deck=(70,), piles=piles).check_turn_start().outcome == "blocked"


def test_tg9_game_ends_when_stuck_below_the_minimum():
    piles = ((1, 95), (1, 96), (100, 5), (100, 4))
    # 98 on ↑2 still leaves 97 for ↑1: the turn goes on.
    assert not table([(97, 98, 50)], deck=(70,), piles=piles).apply(("play", 98, 1)).is_over
    # 98 on ↑1 leaves nothing that fits: stuck with one card of two played.
    state = table([(98, 50, 60)], deck=(70,), piles=piles).apply(("play", 98, 0))
    assert state.is_over and state.outcome == "stuck"
    assert state.result()["cards_left"] == 3


def test_tg9_blocked_game_end_is_checked_after_the_previous_turn():
    piles = ((1, 95), (1, 96), (100, 5), (100, 4))
    state = table([(97, 98), (50, 60)], deck=(70, 80, 90), piles=piles)
    state = state.apply(("play", 97, 0)).apply(("play", 98, 0)).apply(("end",))
    assert state.outcome == "blocked" and state.current_player is None


def test_tg10_win_when_all_98_cards_are_played():
    state = table([(98, 99)], deck=(), piles=((1, 97), (1,), (100,), (100,)))
    state = state.apply(("play", 98, 0)).apply(("play", 99, 0))
    assert state.is_over and state.result()["won"] and state.result()["rating"] == "win"


@pytest.mark.parametrize("left,expected", [(0, "win"), (1, "excellent"), (9, "excellent"),
                                           (10, "lost"), (60, "lost")])
def test_tg10_rating(left, expected):
    assert rating(left) == expected


def test_tg11_expert_minimum_three():
    state = SPEC.new(2, {"min_cards": 3}, "tg11")
    assert state.required == 3
    hand = state.hands[0]
    played = state
    for _ in range(2):
        card, pile = played.playable()[0]
        played = played.apply(("play", card, pile))
        assert not played.can_end_turn()
    assert len(hand) == 7


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_tg12_small_hands_one_card_fewer(players):
    state = SPEC.new(players, {"small_hands": True, "min_cards": 3}, "tg12")
    assert [len(h) for h in state.hands] == [HAND_SIZES[players] - 1] * players


def test_tg13_signals_are_raised_and_cleared_without_numbers():
    state = table([(10, 20), (50, 60)], deck=(30, 40, 70))
    raised = state.apply(("signal", 2, "hold"))
    assert raised.view(0)["signals"] == [{"pile": 2, "kind": "hold", "seat": 0}]
    assert state.events(("signal", 2, "hold"), raised) == [
        {"seat": 0, "kind": "signal", "pile": 2, "signal": "hold", "on": True}]
    later = play_turn(play_turn(raised, 10, 20), 50, 60)
    cleared = later.apply(("signal", 2, "hold"))
    assert cleared.signals == ()
    assert later.events(("signal", 2, "hold"), cleared)[0]["on"] is False
    with pytest.raises(IllegalAction):
        state.apply(("signal", 2, "37"))


def test_tg13_decision_one_signal_change_per_pile_per_turn():
    state = table([(10, 20), (50, 60)], deck=(30, 40, 70))
    raised = state.apply(("signal", 2, "hold"))
    assert raised.signalled == (2,) and raised.view(0)["signalled"] == [2]
    signals = {a for a in raised.legal_actions() if a[0] == "signal"}
    assert signals == {("signal", p, k) for p in (0, 1, 3) for k in ("hold", "small")}
    for kind in ("hold", "small"):  # clearing it again, or the other signal, is a change
        with pytest.raises(IllegalAction, match="once|one change per pile"):
            raised.apply(("signal", 2, kind))
    both = raised.apply(("signal", 3, "small"))
    assert both.signalled == (2, 3)
    passed = play_turn(both, 10, 20)
    assert passed.signalled == () and passed.current == 1
    assert ("signal", 2, "hold") in passed.legal_actions()
    assert passed.apply(("signal", 2, "hold")).signals == ((3, "small", 0),)


def test_tg14_view_hides_other_hands_and_the_draw_order():
    state = SPEC.new(3, {}, "tg14")
    view = state.view(1)
    assert view["hand"] == list(state.hands[1])
    assert view["hand_counts"] == [6, 6, 6]
    assert view["deck"] == len(state.deck)
    # Two states that differ only in what seat 1 cannot see give seat 1 the same view.
    hidden = state.hands[0] + state.hands[2] + state.deck
    other = list(reversed(hidden))
    swapped = TheGameState(**{**state.__dict__,
                              "hands": (tuple(sorted(other[:6])), state.hands[1],
                                        tuple(sorted(other[6:12]))),
                              "deck": tuple(other[12:])})
    assert swapped.hands[0] != state.hands[0]
    assert swapped.view(1) == view


def test_tg14_unseen_shuffled_deals_again_only_what_the_seat_cannot_see():
    state = SPEC.new(3, {}, "tg14-unseen").apply(("signal", 1, "small"))
    other = state.unseen_shuffled(0, random.Random(5))
    assert other.view(0) == state.view(0) and other != state
    assert other.hands[0] == state.hands[0] and len(other.deck) == len(state.deck)
    assert sorted(other.hands[1] + other.hands[2] + other.deck) == sorted(
        state.hands[1] + state.hands[2] + state.deck)
    assert other.view(1)["legal"] == [] and other.view(0)["legal"] == state.view(0)["legal"]


def test_view_lists_the_legal_actions_only_for_the_seat_to_move():
    state = SPEC.new(2, {}, "legal")
    view = state.view(0)
    assert view["legal"] == [list(a) for a in state.legal_actions()]
    assert state.view(1)["legal"] == []
    json.dumps(view)


def test_spec_declares_the_deck_and_a_bound_on_actions():
    assert all(SPEC.cards(n) == CARDS for n in range(1, 6))
    assert SPEC.max_actions(2) >= len(CARDS) * 2
    assert SPEC.resolve_options({}, 3) == {"min_cards": 2, "small_hands": False,
                                           "start": "first"}


@pytest.mark.parametrize("outcome,returns", [("won", 1.0), ("blocked", 0.0), ("stuck", 0.0)])
def test_tg10_returns_are_the_team_result_for_every_seat(outcome, returns):
    state = replace(table([(10,), (20,), (30,)]), outcome=outcome)
    assert state.returns() == (returns,) * 3


def test_tg14_a_world_dealt_again_draws_in_an_order_of_its_own():
    """TG-14: the draw pile's order is chance still to come; a world dealt again for a
    seat orders it again (the state keeps no seed to deal it from)."""
    state = SPEC.new(2, {}, "tg14-future")
    orders = {state.unseen_shuffled(0, random.Random(seed)).deck for seed in range(4)}
    assert state.deck not in orders and len(orders) == 4
    assert not any(isinstance(value, str) and "tg14-future" in value
                   for value in state.to_json().values())
