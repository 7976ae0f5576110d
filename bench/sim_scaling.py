"""How the simulator scales with worker processes: one job against two on the same games.

    python bench/sim_scaling.py [--game the-game] [--players 2] [--games 120] [--bot strong]
                                [--seed S] [--jobs 2] [--rounds 3]

Plays the run with ``--jobs 1`` (in this process) and with ``--jobs N`` (worker processes),
alternately, ``--rounds`` times each, keeps each side's fastest round (the machine is
shared: the slowest rounds measure the neighbours), checks that both sides' figures are
the same, and prints one JSON object: games per second of each side and their ratio, and
the processor time each side used (its workers' included), which other work on the machine
does not change: N jobs using little more than one job's shows the work splits cleanly even
when a busy machine hides it from the wall clock.

Goal (issue 14): two jobs ≥ 1.8× one job on a 2-core machine when it is idle.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable import sim  # noqa: E402


def processor_seconds() -> float:
    """Processor time of this process and of its finished workers."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def timed(args, jobs: int) -> tuple:
    """The run's figures (speed aside), the games per second it took, timed whole, and the
    processor seconds it used."""
    start, processor = time.perf_counter(), processor_seconds()
    report = sim.run(args.game, args.players, args.games, args.seed,
                     [args.bot] * args.players, {}, jobs=jobs)
    rate = args.games / (time.perf_counter() - start)
    del report["games_per_second"]
    return report, rate, processor_seconds() - processor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="the-game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--seed", default="scaling")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    best = {1: 0.0, args.jobs: 0.0}
    figures, used = {}, {1: [], args.jobs: []}
    for _ in range(args.rounds):
        for jobs in best:
            figures[jobs], rate, seconds = timed(args, jobs)
            best[jobs] = max(best[jobs], rate)
            used[jobs].append(seconds)
    if figures[1] != figures[args.jobs]:
        print("the figures differ between one job and several", file=sys.stderr)
        return 1
    print(json.dumps({"game": args.game, "players": args.players, "bot": args.bot,
                      "games": args.games, "cores": os.cpu_count(), "rounds": args.rounds,
                      "games_per_second_1_job": round(best[1], 2),
                      f"games_per_second_{args.jobs}_jobs": round(best[args.jobs], 2),
                      "ratio": round(best[args.jobs] / best[1], 2),
                      "processor_seconds_1_job": round(min(used[1]), 2),
                      f"processor_seconds_{args.jobs}_jobs": round(min(used[args.jobs]), 2),
                      "load_average": round(os.getloadavg()[0], 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
