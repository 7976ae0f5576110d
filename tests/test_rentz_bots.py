"""Rentz bots: always legal over whole deals and matches, honest (RZ-11: only the seat's
view counts) and sensible in a few set positions (bench/rentz_strength.py measures the
strength)."""

from dataclasses import replace

import pytest

from cardtable.games.rentz import bots as rentz
from cardtable.games.rentz.rules import SPEC, SUB_GAME_IDS, deck, sort_hand
from cardtable.engine.rng import make_rng

LEVELS = ("random", "basic", "strong")


def test_levels_weakest_first_and_strong_by_default():
    assert tuple(rentz.LEVELS) == LEVELS
    assert rentz.DEFAULT_LEVEL == "strong"


def play_through(players: int, options: dict, seed: str, levels, check=None):
    """A seeded game with ``levels[seat]`` in each seat; every action must be legal.
    ``check(state, seat, action)`` sees each decision. Returns the final state."""
    state = SPEC.new(players, options, seed)
    bots = [rentz.LEVELS[level](seat, f"{seed}/{seat}") for seat, level in enumerate(levels)]
    for _ in range(SPEC.max_actions(players)):
        if state.is_over:
            return state
        seat = state.current_player
        view = state.view(seat)
        action = bots[seat].act(view)
        assert action in state.legal_actions(), (action, view)
        assert list(action) in view["legal"]
        if check:
            check(state, seat, action)
        state = state.apply(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_level_plays_legal_practice_deals_of_each_sub_game(players):
    for index, sub in enumerate(SUB_GAME_IDS):
        levels = [LEVELS[(seat + index) % 3] for seat in range(players)]
        state = play_through(players, {"practice": sub}, f"practice-{sub}", levels)
        assert state.is_over


@pytest.mark.parametrize("players,blind", [(3, "double"), (4, "off")])
def test_every_level_plays_legal_whole_matches(players, blind):
    levels = [LEVELS[seat % 3] for seat in range(players)]
    chosen = []

    def note(state, seat, action):
        if action[0] == "choose":
            chosen.append((seat, action[1]))

    state = play_through(players, {"blind": blind}, f"match-{players}", levels, note)
    assert state.result()["deals_played"] == 8 * players
    for seat in range(players):  # RZ-3: each chooses each sub-game once
        assert sorted(g for s, g in chosen if s == seat) == sorted(SUB_GAME_IDS)


def test_rz4_basic_and_strong_look_before_every_choice_under_double():
    """RZ-4 double: basic and strong always look before choosing (the docstring of
    ``bots``), so a match of those levels plays as in the standard rules: the same deals,
    choices, cards and scores (the levels' table relies on it for ``blind=double``)."""
    levels = ["strong", "basic", "basic"]
    offered = []

    def note(state, seat, action):
        if ("look",) in state.legal_actions():
            offered.append(action)

    double = play_through(3, {"blind": "double"}, "match-look", levels, note)
    plain = play_through(3, {"blind": "off"}, "match-look", levels)
    assert offered and set(offered) == {("look",)}
    assert double.result()["scores"] == plain.result()["scores"]
    assert double.result()["by_sub_game"] == plain.result()["by_sub_game"]


def positions(players: int, sub: str, seed: str, every: int):
    """Positions of a practice deal of ``sub`` played by basic bots, one in ``every``."""
    state = SPEC.new(players, {"practice": sub}, seed)
    bots = [rentz.BasicBot(seat, seed) for seat in range(players)]
    step = 0
    while not state.is_over:
        if step % every == 0 and len(state.legal_actions()) > 1:
            yield state
        state = state.apply(bots[state.current_player].act(state.view(state.current_player)))
        step += 1


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("sub", ["totals", "ten", "rentz"])
def test_bots_see_only_the_view(level, sub):
    for index, state in enumerate(positions(4, sub, f"honest-{sub}", 5)):
        seat = state.current_player
        twin = state.unseen_shuffled(seat, make_rng(f"twin-{index}", "test"))
        assert twin.view(seat) == state.view(seat)
        first = rentz.LEVELS[level](seat, "same").act(state.view(seat))
        assert rentz.LEVELS[level](seat, "same").act(twin.view(seat)) == first


def set_deal(sub: str, hands, actions=()):
    """A 4-player practice deal of ``sub`` with the given hands (seat 0 leads), after
    ``actions``."""
    assert sorted(card for hand in hands for card in hand.split()) == sorted(deck(4))
    state = SPEC.new(4, {"practice": sub}, "set")
    state = replace(state, hands=tuple(sort_hand(hand.split()) for hand in hands))
    for action in actions:
        state = state.apply(action)
    return state


def decisions(state, levels=("basic", "strong")) -> dict:
    seat = state.current_player
    return {level: rentz.LEVELS[level](seat, "s").act(state.view(seat)) for level in levels}


def test_ducks_under_the_winning_card_in_tricks():
    state = set_deal("tricks", ["KS 7S 7H 8H 9H 7D 8D 9D", "AS 8S 10H JH QH KH 7C 8C",
                                "9S 10S JS AH 10D JD QD KD", "QS AD 9C 10C JC QC KC AC"],
                     [("play", "KS")])
    assert decisions(state) == {"basic": ("play", "8S"), "strong": ("play", "8S")}


def test_dumps_the_king_of_hearts_when_void_in_king():
    state = set_deal("king", ["7S 8S 9S 7H 8H 9H 7D 8D", "KH AH QH JH 10H 7C 8C 9C",
                              "10S JS QS KS AS 10D JD QD", "KD AD 9D 10C JC QC KC AC"],
                     [("play", "7S")])
    assert decisions(state) == {"basic": ("play", "KH"), "strong": ("play", "KH")}


def test_takes_the_ten_of_clubs_when_it_can():
    state = set_deal("ten", ["10C 7H 8H 9H 10H 7D 8D 9D", "8C JH QH KH AH 10D JD QD",
                             "9C KD AD 7S 8S 9S 10S JS", "7C QC JC KC AC QS KS AS"],
                     [("play", "10C"), ("play", "8C"), ("play", "9C")])
    for action in decisions(state).values():
        assert action in {("play", c) for c in ("JC", "QC", "KC", "AC")}


TEN_DEAL = ["10C 7H 9H 10H 7D 8D 9D 7S", "8H AH 8C JD QD 10D 8S 9S",
            "JH QH KH 9C JC KD AD 10S", "7C QC KC AC JS QS KS AS"]


def test_in_the_ten_of_clubs_basic_takes_another_suits_trick_with_a_sure_winner():
    # 10♣ is in seat 0's hand: seat 1 wins the hearts trick with its Ace and keeps the lead
    # (the former play ducked with the 8, leaving the trick to the King's holder).
    state = set_deal("ten", TEN_DEAL, [("play", "9H")])
    assert decisions(state, ("basic",)) == {"basic": ("play", "AH")}


def test_in_the_ten_of_clubs_basic_leads_a_sure_winner_without_the_ten_or_a_club_over_it():
    hands = TEN_DEAL[1:2] + TEN_DEAL[:1] + TEN_DEAL[2:]
    assert decisions(set_deal("ten", hands), ("basic",)) == {"basic": ("play", "AH")}
    # Holding 10♣ with no club over it, the lead is still low from the longest other suit.
    assert decisions(set_deal("ten", TEN_DEAL), ("basic",)) == {"basic": ("play", "7H")}


def test_strong_is_reproducible_from_its_seed():
    state = next(positions(5, "queens", "again", 3))
    seat = state.current_player
    actions = {rentz.StrongBot(seat, "x").act(state.view(seat)) for _ in range(3)}
    assert len(actions) == 1
