"""Triggs bots: always legal, honest (TR-13: only the seat's view counts), and ranked
random < basic < strong on a modest seeded sample (bench/triggs_strength.py measures
the full figures)."""

import pytest

from cardtable import sim
from cardtable.bots import levels, make_bot
from cardtable.engine.registry import get
from cardtable.games.triggs.rules import TriggsState

SPEC = get("triggs")
LEVELS = ("random", "basic", "strong")


def test_levels_weakest_first():
    assert levels("triggs") == LEVELS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_only_choose_legal_actions_and_finish(players):
    for game in range(3):
        seed = f"legal-{players}-{game}"
        state = SPEC.new(players, {}, seed)
        bots = [make_bot("triggs", LEVELS[(seat + game) % 3], seat, seed)
                for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            action = bots[seat].act(view)
            assert action in state.legal_actions(), (action, view)
            state = state.apply(action)
        assert state.winner is not None  # TR-12: no game needs the safety net here


def twin_positions():
    """Two positions alike for seat 0 but with different hidden cards: seat 1's hand
    and the order of the face-down middle pile (TR-13)."""
    common = dict(players=2, seed="twins", discard=(4, 4, 9), removed=(),
                  sheets=((2, 0, 1, 3, 0, 0, 2, 0, 0, 3, 1, 0), (0,) * 12), current=0)
    first = TriggsState(hands=((1, 3, 5, 7, 10, 10), (2, 6, 8, 11, 12)),
                        piles=((6, 1), (2, 3, 12, 8, 5, 11), (9, 7)), **common)
    second = TriggsState(hands=((1, 3, 5, 7, 10, 10), (1, 1, 2, 2, 3)),
                         piles=((6, 1), (11, 11, 11, 6, 6, 6), (9, 7)), **common)
    return first, second


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_honest(level):
    first, second = twin_positions()
    assert first.view(0) == second.view(0) and first != second
    for state in (first, first.apply(("draw", "left"))):
        twin = second if state is first else second.apply(("draw", "left"))
        assert state.view(0) == twin.view(0)
        action = make_bot("triggs", level, 0, "h").act(state.view(0))
        assert action == make_bot("triggs", level, 0, "h").act(twin.view(0))


def test_strong_takes_a_chain_through_rows_with_one_free_box():
    sheets = ((0, 0, 0, 0, 2, 0, 0, 3, 0, 3, 0, 0), (0,) * 12)
    state = TriggsState(players=2, seed="chain", hands=((10, 3, 3), (6,)),
                        piles=((5,), (1, 2, 3), (8,)), discard=(), removed=(),
                        sheets=sheets, current=0)
    bot = make_bot("triggs", "strong", 0, "chain")
    while state.current == 0:
        state = state.apply(bot.act(state.view(0)))
    crossed = state.sheets[0]
    assert (crossed[4], crossed[7], crossed[9]) == (3, 4, 4)  # TR-8: every one-box row
    assert crossed[2] == 2 and sum(crossed) == 14  # 3+3 ends row 3; chain 5, 8, 10, +1


@pytest.mark.parametrize("first,second,floor", [("basic", "random", 0.8),
                                                ("strong", "basic", 0.55)])
def test_stronger_bot_wins_most_games(first, second, floor):
    report = sim.run("triggs", 2, 60, "bots-strength", [first, second], {})
    assert report["win_rate_by_seat"][0] >= floor, report
    assert report["unfinished"] == 0
