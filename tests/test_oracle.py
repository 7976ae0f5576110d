"""The oracle of ``bench/oracle.py``: it finds a win the engine accepts, proves a lost
position lost (in Extreme too, where an instruction can lose it), and stops at its node
budget."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from oracle import replay_wins, solve  # noqa: E402

from cardtable.games.extreme.rules import ExtremeState, make_marks  # noqa: E402
from cardtable.games.the_game.rules import TheGameState  # noqa: E402


def solo(hand, deck, tops) -> TheGameState:
    """A solo classic position at a turn's start, the hand full."""
    piles = tuple((start,) if top == start else (start, top)
                  for start, top in zip((1, 1, 100, 100), tops))
    return TheGameState(players=1, min_cards=2, hand_size=len(hand), hands=(tuple(hand),),
                        deck=tuple(deck), piles=piles, current=0)


def test_finds_a_win_that_needs_the_backwards_trick_and_the_engine_accepts_it():
    state = solo((45, 55, 35), (70, 25, 80), (50, 60, 40, 30))
    verdict = solve(state, budget=10_000)
    assert verdict.status == "won"
    assert replay_wins(state, verdict.line)


def test_proves_a_position_lost_when_a_card_can_never_be_played():
    # 44 fits no pile, and no card left could ever take a pile back to it.
    verdict = solve(solo((55, 65, 44), (), (50, 60, 40, 30)), budget=10_000)
    assert verdict.status == "lost"
    assert verdict.nodes <= 10_000


def test_stops_at_its_budget():
    verdict = solve(solo((55, 65, 44), (), (50, 60, 40, 30)), budget=1)
    assert verdict.status == "cutoff"


def extreme_solo(hand) -> ExtremeState:
    """A solo Extreme position (default layout), the draw pile empty, the piles fresh."""
    return ExtremeState(players=1, min_cards=2, hand_size=len(hand), hands=(tuple(hand),),
                        deck=(), piles=((1,), (1,), (100,), (100,)), current=0,
                        marks=make_marks("default", ""), shared=(False,))


def test_extreme_a_skull_covered_on_its_pile_wins_and_the_engine_accepts_it():
    state = extreme_solo((12, 13))  # 12 is a skull (EX-5): 13 must follow it on its pile
    verdict = solve(state, budget=1_000)
    assert verdict.status == "won" and replay_wins(state, verdict.line)


def test_extreme_a_last_skull_is_proved_lost():
    # EX-5: the very last card may not leave a skull showing.
    assert solve(extreme_solo((12,)), budget=1_000).status == "lost"
