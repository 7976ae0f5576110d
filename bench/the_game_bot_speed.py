"""How fast the bots of The Game decide: in the browser's Python (Pyodide, via Node) and
in CPython.

1. Plays seeded games with strong bots (1 to 5 players, classic and expert) and keeps the
   view at the start of every turn, up to ``--positions`` of them; that first call of a
   turn is where the strong bot plans (later calls replay the plan and cost nothing).
2. Times the plan of each position in CPython and inside Pyodide (npm ``pyodide``: the
   project's ``node_modules/pyodide`` first, else ``--pyodide DIR``), and prints the
   median, 95th percentile and maximum in milliseconds.
3. Prints CPython games per second for each bot level (2 players, classic).

    python bench/the_game_bot_speed.py --positions 300
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.the_game import LEVELS  # noqa: E402
from cardtable.bots.the_game_search import plan_turn  # noqa: E402
from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.sim import run  # noqa: E402

FALLBACK_PYODIDE = "/tmp/npmprobe/node_modules/pyodide"
MODES = ({}, {"min_cards": 3, "small_hands": True})


def positions(count: int, seed: str) -> list:
    """Views at the start of turns of seeded strong games, cycling through player counts."""
    spec, views, game = get("the-game"), [], 0
    while len(views) < count:
        players, options = game % 5 + 1, MODES[game // 5 % 2]
        state = spec.new(players, options, derive_seed(seed, game))
        bots = [make_bot("the-game", "strong", s, seed) for s in range(players)]
        while not state.is_over and len(views) < count:
            view = state.view(state.current)
            if not view["played"]:
                views.append(view)
            state = state.apply(bots[state.current].act(view))
        game += 1
    return views


def cpython_times(views: list) -> list:
    times = []
    for view in views:
        start = time.perf_counter()
        plan_turn(view)
        times.append((time.perf_counter() - start) * 1000)
    return times


def pyodide_dir(given: str | None) -> Path:
    for candidate in (ROOT / "node_modules" / "pyodide", Path(given or FALLBACK_PYODIDE)):
        if (candidate / "pyodide.mjs").exists():
            return candidate
    raise SystemExit("no npm pyodide found: run npm ci, or pass --pyodide DIR")


def pyodide_times(views: list, pyodide: Path) -> list:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
        json.dump(views, out)
    script = ROOT / "bench" / "the_game_bot_speed.mjs"
    done = subprocess.run(["node", str(script), str(pyodide), str(ROOT / "py"), out.name],
                          check=True, capture_output=True, text=True)
    Path(out.name).unlink()
    return json.loads(done.stdout)


def figures(times: list) -> str:
    ordered = sorted(times)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"median {pick(0.5):.1f} ms, p95 {pick(0.95):.1f} ms, max {ordered[-1]:.1f} ms"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", default="speed")
    parser.add_argument("--games", type=int, default=100, help="games per level for games/s")
    parser.add_argument("--pyodide", help="folder of npm pyodide if node_modules has none")
    args = parser.parse_args(argv)
    views = positions(args.positions, args.seed)
    print(f"{len(views)} turn-start positions (1-5 players, classic and expert)")
    print(f"CPython {sys.version.split()[0]}: strong plan {figures(cpython_times(views))}")
    pyodide = pyodide_dir(args.pyodide)
    print(f"Pyodide ({pyodide}): strong plan {figures(pyodide_times(views, pyodide))}")
    for level in LEVELS:
        report = run("the-game", 2, args.games, args.seed, [level, level], {})
        print(f"CPython games/second, 2 players, {level}: {report['games_per_second']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
