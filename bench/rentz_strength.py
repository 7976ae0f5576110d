"""Strength of the Rentz bots in duplicate form, and how long the strong bot thinks.

    python bench/rentz_strength.py [--deals 100] [--matches 100] [--seed report]
                                   [--players 3,4,5,6] [--sub-games king,…]

Per sub-game (a single practice deal, option ``practice=<id>``) and player count: every
seeded deal is played once with the weaker level in every seat, then once per seat with
the stronger level in that seat alone; the stronger level's gain in a seat is its
points there less the weaker level's points in the same seat on the same cards, and
a deal's figure is the mean over its seats (so the cards' luck and the seat's cancel).
Printed: the mean gain per deal with a 95% interval (t over deals), for strong over
basic (the others basic) and for basic over random (the others random).

Whole matches, 4 players: one strong bot and three basic ones on the same seeded deals,
the strong bot in each seat in turn; its share of the wins (a shared win counts as a
part) with a 95% Wilson interval (fair share 25%).

Decision time: the strong bot's every decision in all of the above, timed with
``time.perf_counter`` (median, 95th percentile, max) on this interpreter.

Goals (issue): every gain's interval above 0; the strong bot wins at least 40% of the
matches. The bots were tuned on seeds "tune…"; report figures on another seed.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.games.rentz.bots import LEVELS  # noqa: E402
from cardtable.games.rentz.rules import SPEC, SUB_GAME_IDS  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402

# Two-sided 97.5% points of Student's t by degrees of freedom (then the normal's).
T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 15: 2.13, 20: 2.09, 30: 2.04, 40: 2.02, 60: 2.00, 120: 1.98}
TIMES: list = []  # (seconds, whether the seat had more than one legal action)


def t_quantile(df: int) -> float:
    """Student's t for a 95% interval with ``df`` degrees of freedom (the nearest
    tabulated count at or below it)."""
    return T975[max(k for k in T975 if k <= df)] if df < 1000 else 1.96


def interval(values: list) -> tuple:
    """Mean and the half-width of its 95% t interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("inf")
    return mean, t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def wilson(wins: float, games: int, z: float = 1.96) -> tuple:
    """The 95% Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(players: int, options: dict, seed: str, levels: list):
    """One seeded game with ``levels[seat]`` in each seat; the strong bot's decisions
    are timed into ``TIMES``. Returns the final state."""
    state = SPEC.new(players, options, seed)
    bots = [LEVELS[level](seat, derive_seed(seed, seat)) for seat, level in enumerate(levels)]
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        if levels[seat] == "strong":
            TIMES.append((time.perf_counter() - start, len(view["legal"]) > 1))
        state = state.apply(action)
    return state


def duplicate_gain(sub: str, players: int, deals: int, seed: str, strong: str,
                   weak: str) -> tuple:
    """Mean gain per deal of ``strong`` over ``weak`` in the same seat, with its 95%
    half-width (see the module docstring)."""
    options = {"practice": sub}
    gains = []
    for i in range(deals):
        deal_seed = derive_seed(f"{seed}/{sub}/{players}", i)
        base = play(players, options, deal_seed, [weak] * players).scores()
        total = 0
        for seat in range(players):
            levels = [weak] * players
            levels[seat] = strong
            total += play(players, options, deal_seed, levels).scores()[seat] - base[seat]
        gains.append(total / players)
    return interval(gains)


def match_wins(matches: int, seed: str) -> tuple:
    """The strong bot's share of wins in 4-player matches against three basic bots."""
    wins = 0.0
    for i in range(matches):
        seat = i % 4
        levels = ["basic"] * 4
        levels[seat] = "strong"
        state = play(4, {}, derive_seed(f"{seed}/match", i // 4), levels)
        winners = state.result()["winners"]
        wins += (seat in winners) / len(winners)
    return wins, matches


def print_times(label: str, times: list) -> None:
    """Median, 95th percentile and max of the strong bot's decision times."""
    ordered = sorted(times)
    if ordered:
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"strong decision time, {label} ({len(ordered)}, {sys.implementation.name}"
              f" {sys.version.split()[0]}): median {statistics.median(ordered) * 1000:.1f} ms,"
              f" p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", default="report")
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--sub-games", default=",".join(SUB_GAME_IDS))
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.players.split(",")]
    met = True
    print(f"seed {args.seed!r}, {args.deals} deals per line (duplicate, every seat)")
    print("| sub-game | players | strong − basic | 95% interval | basic − random | 95% interval |")
    print("| --- | --- | --- | --- | --- | --- |")
    for sub in args.sub_games.split(",") if args.deals else ():
        for players in counts:
            upper = duplicate_gain(sub, players, args.deals, args.seed, "strong", "basic")
            lower = duplicate_gain(sub, players, args.deals, args.seed, "basic", "random")
            met &= upper[0] - upper[1] > 0 and lower[0] - lower[1] > 0
            print(f"| {sub} | {players} | {upper[0]:+.1f} | ±{upper[1]:.1f}"
                  f" | {lower[0]:+.1f} | ±{lower[1]:.1f} |", flush=True)
    if args.matches:
        wins, games = match_wins(args.matches, args.seed)
        low, high = wilson(wins, games)
        met &= wins / games >= 0.40
        print(f"\n4-player matches, strong vs 3 basic: {games} matches, strong wins"
              f" {wins / games:.1%} (95% {low:.1%}–{high:.1%}; fair share 25%)\n")
    print_times("every decision", [t for t, _ in TIMES])
    print_times("decisions with a choice", [t for t, choice in TIMES if choice])
    print("\ngoals met" if met else "\ngoals not all met")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
