"""How close to perfect: the oracle's ceiling beside the strong bot, on the same deals.

For each mode and player count, deal ``i`` is the one ``python -m cardtable sim`` plays as
deal ``i`` of ``--seed`` (so the strong bot's figure is that command's). On every deal:

- the oracle (:mod:`oracle`) searches for a winning line within ``--budget`` positions and
  answers won, lost (proved: no line wins) or cut off;
- the strong bot plays the deal in every seat.

A deal counts as winnable when the oracle found a win or the strong bot won it (its game
is a winning line too). The ceiling is therefore the interval [winnable, winnable + cut
off without a win]; its bounds come with Wilson's 95% intervals. The share of winnable
deals that strong wins is given against both ends. Every finished row is appended as one
JSON line to ``--out``; ``--table FILE`` prints the table of such a file.

    python bench/ceiling.py --modes classic --players 1 --deals 100 --budget 50000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from oracle import replay_wins, solve  # noqa: E402
from rows import keep_row, read_rows  # noqa: E402
from the_game_strength import MODES, command  # noqa: E402

from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.sim import play_one, wilson  # noqa: E402


def deal_row(spec, players: int, options: dict, deal: str, budget: int) -> dict:
    """The oracle's verdict and the strong bot's result on one deal."""
    state = spec.new(players, options, deal)
    verdict = solve(state, budget)
    if verdict.status == "won" and not replay_wins(state, verdict.line):
        raise AssertionError(f"the oracle's line does not win deal {deal!r}")
    strong = play_one(spec, players, options, deal, ["strong"] * players).outcome == "won"
    return {"oracle": verdict.status, "nodes": verdict.nodes, "strong": strong}


def measure(mode: str, players: int, deals: int, seed: str, budget: int) -> dict:
    """One row of the table: counts over ``deals`` seeded deals."""
    game, options = MODES[mode]
    spec, started = get(game), time.perf_counter()
    rows = [deal_row(spec, players, options, derive_seed(seed, i), budget) for i in range(deals)]
    found = [r["oracle"] == "won" for r in rows]
    strong = [r["strong"] for r in rows]
    winnable = [a or b for a, b in zip(found, strong)]
    open_ = [r["oracle"] == "cutoff" and not w for r, w in zip(rows, winnable)]
    return {"mode": mode, "players": players, "deals": deals, "seed": seed, "budget": budget,
            "oracle_found": sum(found), "strong_wins": sum(strong), "winnable": sum(winnable),
            "proved_lost": sum(r["oracle"] == "lost" for r in rows), "cut_off": sum(open_),
            "winnable_ci": wilson([float(w) for w in winnable]),
            "ceiling_high_ci": wilson([float(w or o) for w, o in zip(winnable, open_)]),
            "strong_ci": wilson([float(s) for s in strong]),
            "seconds": round(time.perf_counter() - started, 1),
            "command": command(game, players, deals, seed, "strong", options)}


def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def interval(bounds) -> str:
    return f"{100 * bounds[0]:.1f}–{100 * bounds[1]:.1f}%"


def table(rows: list) -> str:
    """The markdown table of measured rows, each with the command that reproduces it."""
    lines = ["| mode | players | deals | budget | ceiling: winnable … + cut off | proved lost"
             " | strong wins | strong's share of the winnable | command |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        n, won, high = r["deals"], r["winnable"], r["winnable"] + r["cut_off"]
        share = (f"{percent(r['strong_wins'] / high)}–{percent(r['strong_wins'] / won)}"
                 if won else "—")
        lines.append(
            f"| {r['mode']} | {r['players']} | {n} | {r['budget']}"
            f" | {percent(won / n)} ({interval(r['winnable_ci'])})"
            f" … {percent(high / n)} ({interval(r['ceiling_high_ci'])}) | {r['proved_lost']}"
            f" | {percent(r['strong_wins'] / n)} ({interval(r['strong_ci'])}) | {share}"
            f" | `python bench/ceiling.py --modes {r['mode']} --players {r['players']}"
            f" --deals {n} --budget {r['budget']} --seed {r['seed']}` |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", default="classic,expert,extreme")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="report")
    parser.add_argument("--budget", type=int, default=50_000, help="positions per deal")
    parser.add_argument("--out", help="append each finished row to this JSON-lines file")
    parser.add_argument("--table", help="only print the table of this JSON-lines file")
    args = parser.parse_args(argv)
    if args.table:
        print(table(read_rows(args.table)))
        return 0
    rows = []
    for mode in args.modes.split(","):
        for players in map(int, args.players.split(",")):
            rows.append(measure(mode, players, args.deals, args.seed, args.budget))
            keep_row(rows[-1], args.out)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
