"""Two simulator runs of the same deals, compared deal by deal.

Each file is the ``--out`` of ``python -m cardtable sim`` (one line per game); the two
runs must have played the same deals (game, players, deal seed, options). Printed for each run: its wins with Wilson's 95% interval and its mean cards
left; then the deals only one of them won, the exact two-sided sign test on those, and
the mean difference in cards left with its paired 95% interval. Typical use: the same
command run by two versions of the code (``git worktree add`` an older commit).

    python bench/paired_runs.py before.jsonl after.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from endgame_gain import sign_test  # noqa: E402

from cardtable.sim import student, wilson  # noqa: E402

SAME_DEAL = ("game", "players", "seed", "options")


def read_run(path: str) -> dict:
    """``{game index: game line}`` of one ``--out`` file."""
    with open(path, encoding="utf-8") as lines:
        return {game["index"]: game for game in map(json.loads, lines)}


def compare(games_a: dict, games_b: dict) -> list:
    """The report's lines for two runs of the same deals (``ValueError`` if they differ)."""
    deals = sorted(games_a.keys() & games_b.keys())
    if not deals:
        raise ValueError("the runs have no game in common")
    differ = [key for key in SAME_DEAL if any(games_a[d][key] != games_b[d][key] for d in deals)]
    if differ:
        raise ValueError(f"the runs did not play the same deals: {', '.join(differ)} differ")
    results_a = {d: games_a[d]["result"] for d in deals}
    results_b = {d: games_b[d]["result"] for d in deals}
    won_a = [results_a[d]["outcome"] == "won" for d in deals]
    won_b = [results_b[d]["outcome"] == "won" for d in deals]
    lines = [f"{len(deals)} deals in both runs"]
    for name, won, results in (("first", won_a, results_a), ("second", won_b, results_b)):
        low, high = wilson([float(w) for w in won])
        left = statistics.fmean(results[d]["cards_left"] for d in deals)
        lines.append(f"{name}: {sum(won)} wins, {sum(won) / len(deals):.2%}"
                     f" ({low:.2%}–{high:.2%}), {left:.2f} cards left")
    only_a = sum(a and not b for a, b in zip(won_a, won_b))
    only_b = sum(b and not a for a, b in zip(won_a, won_b))
    lines.append(f"won only by the first: {only_a}; only by the second: {only_b};"
                 f" sign test p = {sign_test(only_b, only_a):.2g}")
    diffs = [results_b[d]["cards_left"] - results_a[d]["cards_left"] for d in deals]
    low, high = student(diffs) or (0.0, 0.0)
    lines.append(f"cards left, second minus first: {statistics.fmean(diffs):+.2f}"
                 f" ({low:+.2f} to {high:+.2f})")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="--out file of the first run")
    parser.add_argument("second", help="--out file of the second run")
    args = parser.parse_args(argv)
    try:
        lines = compare(read_run(args.first), read_run(args.second))
    except (OSError, ValueError, KeyError) as error:
        print(f"paired_runs: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
