"""Extreme: every bot level on the same deals, per player count, with Wilson 95% intervals.

Each row is one run of the simulator (the same code as ``python -m cardtable sim``) with
all seats at one level; every level of a player count plays the same seeded deals, so
the rows compare levels deal for deal. Tune on one seed (``--seed tune``), report on
another (``--seed report``). Every finished row is appended as one JSON line to ``--out``;
``--table FILE`` prints the table of such a file.

    python bench/extreme_strength.py --players 2,3 --games 300 --seed report --levels strong,careful
    python bench/extreme_strength.py --table extreme.jsonl
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.bots import levels as bot_levels  # noqa: E402
from cardtable.sim import run  # noqa: E402
from rows import keep_row, read_rows  # noqa: E402


def command(players: int, games: int, seed: str, level: str, layout: str) -> str:
    """The command line that reproduces one row."""
    opt = f" --opt layout={layout}" if layout != "default" else ""
    return (f"python -m cardtable sim extreme --players {players} --games {games}"
            f" --seed {seed} --bot {level}{opt}")


def measure(players: int, games: int, seed: str, level: str, layout: str) -> dict:
    """One row: the level in every seat on ``games`` deals of ``seed``."""
    report = run("extreme", players, games, seed, [level] * players, {"layout": layout})
    lost = report["lost_by_instruction"]
    return {"players": players, "layout": layout, "level": level, "games": games,
            "seed": seed, "wins": round(report["win_rate"] * games),
            "win_rate": report["win_rate"], "win_rate_ci": report["win_rate_ci"],
            "avg_cards_left": report["avg_cards_left"],
            "excellent_rate": report["excellent_rate"],
            "lost": [lost[kind] for kind in ("skull", "three", "no_reverse", "one_pile")],
            "command": command(players, games, seed, level, layout)}


def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def table(rows: list) -> str:
    """The markdown table of measured rows, each with its command."""
    lines = ["| players | layout | level | wins | win rate (95% interval) | avg cards left"
             " | excellent (< 10) | lost to skull / three / no_reverse / one_pile | command |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        low, high = r["win_rate_ci"]
        lines.append(
            f"| {r['players']} | {r['layout']} | {r['level']} | {r['wins']} / {r['games']}"
            f" | {percent(r['win_rate'])} ({percent(low)}–{percent(high)})"
            f" | {r['avg_cards_left']:.2f} | {percent(r['excellent_rate'])}"
            f" | {' / '.join(map(str, r['lost']))} | `{r['command']}` |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", default="report")
    parser.add_argument("--layouts", default="default,random")
    parser.add_argument("--levels", default=",".join(reversed(bot_levels("extreme"))))
    parser.add_argument("--out", help="append each finished row to this JSON-lines file")
    parser.add_argument("--table", help="only print the table of this JSON-lines file")
    args = parser.parse_args(argv)
    if args.table:
        print(table(read_rows(args.table)))
        return 0
    rows = []
    for players in map(int, args.players.split(",")):
        for layout in args.layouts.split(","):
            for level in args.levels.split(","):
                rows.append(measure(players, args.games, args.seed, level, layout))
                keep_row(rows[-1], args.out)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
