"""Strength of the Triggs bots, measured by seeded simulation.

    python bench/triggs_strength.py [--games 400] [--seed S] [--jobs 2]

Each line-up is the simulator's run (``python -m cardtable sim triggs …``) with the first
bot listed in seat 0; the starting seat is random (TR-4), so seat 0 has no edge of its
own. Every 2-player line-up is also run mirrored (seats swapped) on the same deals, side
by side, as a check that the rate belongs to the bot and not to the seat. For each it
prints seat 0's win rate with a 95% Wilson interval, the average turns of a game, the
fraction of unfinished games (TR-12 safety net) and games per second.

Goals (issue 4, 2 players, ≥ 400 games): strong beats basic ≥ 0.60, basic beats random
≥ 0.90, unfinished ≤ 0.01. With 3 and 4 players a fair share is 1/3 and 1/4.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable import sim  # noqa: E402

LINEUPS = (  # (bots by seat, goal for seat 0's win rate or None)
    (("strong", "basic"), 0.60),
    (("basic", "strong"), None),
    (("basic", "random"), 0.90),
    (("random", "basic"), None),
    (("strong", "random"), None),
    (("strong", "basic", "basic"), None),
    (("basic", "random", "random"), None),
    (("strong", "basic", "basic", "basic"), None),
    (("basic", "random", "random", "random"), None),
)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple:
    """The 95% Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return round(centre - half, 3), round(centre + half, 3)


def measure(args) -> dict:
    bots, goal, games, seed = args
    report = sim.run("triggs", len(bots), games, seed, list(bots), {})
    rate = report["win_rate_by_seat"][0]
    return {
        "bots": ",".join(bots),
        "seat0_win_rate": rate,
        "interval95": wilson(rate * games, games),
        "fair_share": round(1 / len(bots), 3),
        "goal": goal,
        "met": None if goal is None else rate >= goal and report["unfinished"] <= 0.01,
        "avg_turns": round(report["avg_turns"], 1),
        "unfinished": report["unfinished"],
        "games_per_second": report["games_per_second"],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    work = [(bots, goal, args.games, args.seed) for bots, goal in LINEUPS]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(measure, work))
    for row in rows:
        print(json.dumps(row))
    return 0 if all(row["met"] is not False for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
