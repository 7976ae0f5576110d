"""The oracle of ``bench/oracle.py``: it finds a win the engine accepts, proves a lost
position lost, and stops at its node budget."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from oracle import replay_wins, solve  # noqa: E402

from cardtable.engine.the_game import TheGameState  # noqa: E402


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
