"""How well the bots of The Game play: win rate, average cards left, excellent rate.

Runs the simulator (the same code as ``python -m cardtable sim``) for each bot level,
mode (classic; expert = min 3 cards and small hands; Extreme, and Extreme with
its random layout, when registered) and player
count, and prints a markdown table with the exact command behind every figure and the
published anchors beside them. Each finished run is appended as one JSON line to
``--out``, so a long measurement can run in the background and be tabulated at any time
with ``--table FILE``.

    python bench/the_game_strength.py --games 10000 --out strength.jsonl
    python bench/the_game_strength.py --table strength.jsonl
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.engine.core import encode_value  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.sim import run  # noqa: E402
from rows import keep_row, read_rows  # noqa: E402

# Published results on the classic rules, 10,000 games each (see issue 5).
ANCHORS = {1: "11.8%", 2: "24% (3.8 left)", 3: "10%", 4: "11.2%", 5: "14.4% / 12.3%"}
MODES = {
    "classic": ("the-game", {}),
    "expert": ("the-game", {"min_cards": 3, "small_hands": True}),
    "extreme": ("extreme", {}),
    "extreme-random": ("extreme", {"layout": "random"}),
}


def command(game: str, players: int, games: int, seed: str, level: str, options: dict) -> str:
    """The command line that reproduces one figure."""
    opts = "".join(f" --opt {k}={encode_value(v)}" for k, v in options.items())
    return (f"python -m cardtable sim {game} --players {players} --games {games}"
            f" --seed {seed} --bot {level}{opts}")


def measure(mode: str, level: str, players: int, games: int, seed: str) -> dict:
    game, options = MODES[mode]
    report = run(game, players, games, seed, [level] * players, options)
    return {"mode": mode, "level": level, "players": players, "games": games,
            "win_rate": report["win_rate"], "avg_cards_left": report["avg_cards_left"],
            "excellent_rate": report["excellent_rate"],
            "games_per_second": report["games_per_second"],
            "command": command(game, players, games, seed, level, options)}


def table(rows: list) -> str:
    lines = ["| mode | players | bot | win rate | avg cards left | excellent (<10) | published"
             " anchor (win rate) | command |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in sorted(rows, key=lambda r: (r["mode"], r["players"], r["level"])):
        anchor = ANCHORS[r["players"]] if r["mode"] == "classic" else "—"
        lines.append(
            f"| {r['mode']} | {r['players']} | {r['level']} | {r['win_rate']:.1%} |"
            f" {r['avg_cards_left']:.2f} | {r['excellent_rate']:.1%} | {anchor} |"
            f" `{r['command']}` |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--levels", default="casual,strong")
    parser.add_argument("--modes", default="classic,expert")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--out", help="append each finished run to this JSON-lines file")
    parser.add_argument("--table", help="only print the table of this JSON-lines file")
    args = parser.parse_args(argv)
    if args.table:
        rows = read_rows(args.table)
        print(table(rows))
        return 0
    rows = []
    for mode in args.modes.split(","):
        if MODES[mode][0] not in GAMES:
            print(f"{mode}: not in the registry, skipped", file=sys.stderr)
            continue
        for players in map(int, args.players.split(",")):
            for level in args.levels.split(","):
                rows.append(measure(mode, level, players, args.games, args.seed))
                keep_row(rows[-1], args.out)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
