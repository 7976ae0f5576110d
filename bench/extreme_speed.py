"""How fast Extreme's strong bot decides once the draw pile is empty, where it searches the
rest of the game (``bench/bot_speed.py`` times decisions from the start of games, which
rarely reach that point).

Plays seeded games of all-strong seats (1–5 players, both layouts in turn) and keeps every
view with the draw pile empty and more than one legal action, up to ``--positions``;
then times a fresh strong bot's answer to each in CPython and inside Pyodide (npm
``pyodide`` under Node, as ``bench/bot_speed.py`` does) and prints the median, 95th
percentile and maximum in milliseconds.

    python bench/extreme_speed.py --positions 300
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_speed import cpython_times, figures, pyodide_dir, pyodide_times  # noqa: E402

from cardtable.bots import make_bot  # noqa: E402
from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402

LAYOUTS = ("default", "random")


def endgame_views(state, bots: list) -> list:
    """Plays ``state`` to its end with ``bots``; the views with the draw pile empty and a
    choice to make."""
    views = []
    while not state.is_over:
        action = state.forced_action()
        if action is None:
            view = state.view(state.current_player)
            if view["deck"] == 0 and len(view["legal"]) > 1:
                views.append(["extreme", view])
            action = bots[state.current_player].act(view)
        state = state.apply(action)
    return views


def positions(count: int, seed: str) -> list:
    """``["extreme", view]`` items from seeded games, cycling through player counts and
    layouts, until ``count`` are found."""
    spec, found, game = get("extreme"), [], 0
    while len(found) < count:
        players = 1 + game % 5
        layout = LAYOUTS[game // 5 % len(LAYOUTS)]
        options = spec.resolve_options({"layout": layout}, players)
        state = spec.new(players, options, derive_seed(seed, game))
        bots = [make_bot("extreme", "strong", s, f"{seed}/{s}") for s in range(players)]
        found += endgame_views(state, bots)
        game += 1
    return found[:count]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", default="speed")
    parser.add_argument("--pyodide", help="folder of npm pyodide if node_modules has none")
    args = parser.parse_args(argv)
    items = positions(args.positions, args.seed)
    print(f"Extreme, strong decision with the draw pile empty: {len(items)} positions")
    print(f"  CPython {sys.version.split()[0]}: {figures(cpython_times(items))}")
    print(f"  Pyodide: {figures(pyodide_times(items, pyodide_dir(args.pyodide)))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
