"""Bots that think in slices decide and hint exactly as they do in one go (the page runs
their ``think`` and ``think_hint`` a slice at a time so that it stays responsive; the
simulator calls ``act``)."""

import sys

import pytest

from cardtable.bots import finish, hinting, levels, make_bot, thinking
from cardtable.engine.registry import GAMES


def positions(game: str, players: int, seed: str, moves: int):
    """Views of the seat to act along one game that default bots play, every ``moves``."""
    spec = GAMES[game]
    state = spec.new(players, spec.resolve_options({}, players), seed)
    bots = [make_bot(game, None, seat, f"{seed}-{seat}") for seat in range(players)]
    step = 0
    while not state.is_over:
        forced = state.forced_action()
        seat = state.current_player
        view = state.view(seat)
        if forced is None and step % moves == 0:
            yield seat, view
        state = state.apply(forced if forced is not None else bots[seat].act(view))
        step += 1


@pytest.mark.parametrize("game", list(GAMES))
def test_every_bot_decides_the_same_in_slices_as_in_one_go(game):
    spec = GAMES[game]
    players = max(2, spec.min_players)
    game_positions = list(positions(game, players, "think", 7))  # one game, every level
    for level in levels(game):
        sliced = [make_bot(game, level, seat, "slices") for seat in range(players)]
        whole = [make_bot(game, level, seat, "slices") for seat in range(players)]
        for seat, view in game_positions:
            assert finish(thinking(sliced[seat], view)) == whole[seat].act(view), (level, view)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_hint_is_the_same_in_slices_as_in_one_go(game):
    from cardtable.web.bot_runner import hint_bot

    spec = GAMES[game]
    hinter = hint_bot(game, "slices")
    for seat, view in positions(game, max(2, spec.min_players), "hints", 9):
        assert finish(hinting(hinter, view)) == hinter.hint(view), view


def test_the_rentz_strong_bot_pauses_while_it_weighs_a_card_or_a_sub_game():
    bot = make_bot("rentz", "strong", 0, "slices")
    pauses = []
    for seat, view in positions("rentz", 4, "pauses", 1):
        if seat == 0 and len(view["legal"]) > 2:
            steps = thinking(bot, view)
            count = 0
            try:
                while True:
                    next(steps)
                    count += 1
            except StopIteration:
                pass
            pauses.append((view["phase"], count))
        if len(pauses) >= 6:
            break
    assert pauses and all(count >= 2 for _, count in pauses), pauses


def test_a_move_thought_in_slices_is_dropped_when_the_position_moved_on_meanwhile():
    from cardtable.web.bot_runner import BotRunner
    from cardtable.web.lobby import default_setup
    from cardtable.web.session import Session

    setup = default_setup("rentz").with_players(3).with_seat(1, "strong").with_seat(2, "strong")
    session = Session.new(setup, "moved-on")
    runner = BotRunner(session, lambda: "bots")
    while True:  # you choose and lead; then a strong bot weighs its card
        seat = session.due_seat()
        if seat is not None and len(session.state.legal_actions()) > 1:
            break
        if seat is None:
            session.apply(session.state.legal_actions()[0])
        else:
            runner.step()
    steps = runner.steps()
    next(steps)  # the bot has begun to think
    moves = len(session.actions)
    session.apply(session.state.legal_actions()[-1])  # the position moves on meanwhile
    finish(steps)
    assert len(session.actions) == moves + 1  # the thought was dropped, not played


def test_the_game_turn_search_pauses_every_few_pieces_of_work_and_plans_the_same_turn():
    from cardtable.games.the_game import search
    from test_the_game_endgame import run_counting_pauses

    spec = GAMES["the-game"]
    options = spec.resolve_options({"min_cards": 3, "small_hands": True}, 1)
    view = spec.new(1, options, "turn-slices").view(0)  # expert solo: three cards a turn
    turn = search.TurnSearch(search.Table(view, search.weights_for(1, 3)), view["required"])
    steps, work_at_pauses = turn.running(), []
    while True:
        try:
            next(steps)
        except StopIteration as done:
            plays = done.value
            break
        work_at_pauses.append(turn.work)
    # work done between pauses: a pause is checked before each position is taken up, and
    # one position's work is its scoring and its plays' listing
    between = [b - a for a, b in zip([0] + work_at_pauses, work_at_pauses + [turn.work])]
    assert len(work_at_pauses) >= 2 and max(between) <= search.PAUSE + 2, between
    assert plays == search.TurnSearch(search.Table(view, search.weights_for(1, 3)),
                                      view["required"]).run()
    plan = search.plan_turn(view)
    assert [("play", card, pile) for card, pile in plays] == list(plan.actions[:len(plays)])
    hint, pauses = run_counting_pauses(hinting(make_bot("the-game", "strong", 0), view))
    assert pauses >= 2 and hint["actions"] == [list(a) for a in plan.actions]



def test_the_extreme_strong_bot_pauses_in_an_endgame_search_and_hints_the_same():
    """Once the draw pile is empty, Extreme's strong bot searches for a winning line; the
    search yields every ``PAUSE_EVERY`` positions (the review's judge and the page's hint
    run it in slices), and the hint and the move are the ones made in one go."""
    from cardtable.games.extreme import bots as extreme_bots

    paused = []
    for seat, view in positions("extreme", 4, "endgame-0", 1):
        if view["deck"] == 0:
            steps, count = extreme_bots.hint_steps(view), 0
            try:
                while True:
                    next(steps)
                    count += 1
            except StopIteration as done:
                assert done.value == extreme_bots.hint(view)
            bot = make_bot("extreme", "strong", seat, "pauses")
            assert finish(thinking(bot, view)) == make_bot("extreme", "strong", seat,
                                                           "pauses").act(view)
            paused.append(count)
    assert paused and max(paused) >= 10, paused


@pytest.mark.parametrize("game", list(GAMES))
def test_a_games_bots_are_imported_a_module_a_step_each_importing_only_those_before(game):
    """``bots.importing``: in a fresh interpreter that has what the lobby imports, each
    step brings in exactly one module of the games' packages, and the last the game's
    bots (so that no step of a page's review imports a chain of them at once)."""
    import subprocess

    probe = f"""
import sys
from cardtable.bots import importing, levels
from cardtable.engine.registry import GAMES
from cardtable.web import render
levels({game!r})
package = GAMES[{game!r}].package
games = lambda: {{name for name in sys.modules if name.startswith("cardtable.games.")}}
before, counts = games(), []
for _ in importing({game!r}):  # a pause before each module; then the last one's import
    counts.append(len(games() - before))
    before = games()
counts.append(len(games() - before))
assert counts == [0] + [1] * (len(counts) - 1), counts
assert package + ".bots" in sys.modules
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
