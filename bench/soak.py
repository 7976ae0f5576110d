"""Soak: many random games per registered game, every invariant checked on every action.

The checks are the harness's own (``tests/test_invariants.py``: ``check_position`` after
every action, ``check_finished`` at the end), on far more games than a test run plays.
Deal ``i`` of a game is seeded ``soak/<i>`` and, without ``--players``, uses the player
counts in turn; a failure is printed with its seed and player count, so it can be
replayed. Prints per game what it checked; exit status 1 if any game failed.

    python bench/soak.py --games 100000 --jobs 2
    python bench/soak.py --game rentz --players 4 --games 2000
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from cardtable.engine.registry import GAMES  # noqa: E402
from test_invariants import (check_finished, check_position, choice_options,  # noqa: E402
                             random_action)

SHOWN_FAILURES = 10


def soak_one(task: tuple) -> tuple:
    """Play deal ``index`` of ``game_id`` at random, checking every action; returns the
    number of actions and ``None``, or the failure as ``(seed, players, reason)``."""
    game_id, players, index = task
    spec, seed = GAMES[game_id], f"soak/{index}"
    rng = random.Random(seed)
    actions = []
    try:
        options = choice_options(spec, players, rng)
        state = spec.new(players, options, seed)
        check_position(spec, state, 0)
        while not state.is_over:
            actions.append(random_action(state, rng))
            state = state.apply(actions[-1])
            check_position(spec, state, len(actions))
        check_finished(spec, options, seed, actions, state)
    except Exception as err:
        return len(actions), (seed, players, f"{type(err).__name__}: {err}")
    return len(actions), None


def tasks(spec, players: int | None, games: int):
    """``(game id, players, deal index)`` of every deal to play."""
    counts = [players] if players else range(spec.min_players, spec.max_players + 1)
    return ((spec.id, counts[index % len(counts)], index) for index in range(games))


def soak_game(spec, players: int | None, games: int, pool) -> dict:
    """Soak one game; a progress line on stderr as deals finish."""
    start, actions, failures = time.perf_counter(), 0, []
    results = pool.imap_unordered(soak_one, tasks(spec, players, games), chunksize=16)
    for done, (count, failure) in enumerate(results, 1):
        actions += count
        if failure:
            failures.append(failure)
        if done % 100 == 0 or done == games:
            print(f"\r{spec.id}: {done}/{games} games, {actions} actions,"
                  f" {len(failures)} failed", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"game": spec.id, "games": games, "actions": actions,
            "seconds": round(time.perf_counter() - start, 1), "failures": failures}


def report(figures: dict) -> str:
    """What was checked on one game, in a few lines."""
    failures = figures["failures"]
    lines = [f"{figures['game']}: {figures['games']} games, {figures['actions']} actions"
             f" checked in {figures['seconds']} s, {len(failures)} failed"]
    for seed, players, reason in sorted(failures)[:SHOWN_FAILURES]:
        lines.append(f"  seed {seed!r}, {players} players: {reason[:300]}")
    if len(failures) > SHOWN_FAILURES:
        lines.append(f"  … and {len(failures) - SHOWN_FAILURES} more")
    return "\n".join(lines)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="deals per game")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count(),
                        help="worker processes")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    specs = [GAMES[args.game]] if args.game else list(GAMES.values())
    for spec in specs if args.players else ():
        try:
            spec.check_players(args.players)
        except ValueError as err:
            sys.exit(f"error: {err}")
    failed = False
    with multiprocessing.Pool(args.jobs) as pool:
        for spec in specs:
            figures = soak_game(spec, args.players, args.games, pool)
            print(report(figures), flush=True)
            failed = failed or bool(figures["failures"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
