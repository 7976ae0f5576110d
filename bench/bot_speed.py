"""How fast every game's strong bot decides: in the browser's Python (Pyodide, via Node)
and in CPython.

1. Plays seeded games with strong bots in every seat (every player count; The Game
   classic and expert; Rentz one deal of each sub-game) and keeps views where the strong
   bot must think, up to ``--positions`` per game: The Game's at the start of every turn
   (its strong bot plans the whole turn there; later calls replay the plan and cost
   nothing), the other games' at every call with more than one legal action. Apart, The
   Game's endgames: every turn start where the strong bot's solo endgame search runs
   (alone, 1 to its start's cards left to draw, classic and expert), and where its team
   search runs (2 players, expert, at most its start's cards left; classic tables are
   timed whole, below), timed as the page's hint, which runs the same search. And
   ``the-game-tables``: every turn start of whole games, at each table (classic and
   expert, 1-5 players) apart, for the limits per decision a player of that table
   meets, endgame searches included.
2. Times a fresh strong bot's answer to each view in CPython and inside Pyodide (npm
   ``pyodide``: the project's ``node_modules/pyodide``, or ``--pyodide DIR``), thought in
   slices as the page thinks it, and prints the median, 95th percentile and maximum of the
   whole thought in milliseconds, and the longest stretch between two of the bot's pauses
   (what the page's slices cannot cut).
3. Prints CPython games per second for each bot level of The Game (2 players, classic).

``--level`` times another level than strong (The Game's master: its positions come from
games of that level, in ``the-game-tables`` at the tables ``--table`` names).

    python bench/bot_speed.py --positions 300 [--game rentz]
    python bench/bot_speed.py --positions 300 --game the-game-tables --level master \
        --table classic:4 --table expert:2
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from cardtable.bots import make_bot  # noqa: E402
from cardtable.games.the_game.bots import LEVELS  # noqa: E402
from cardtable.games.the_game.lookahead import STRONG  # noqa: E402
from cardtable.engine.registry import get  # noqa: E402
from cardtable.games.rentz.rules import SUB_GAME_IDS  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.sim import run  # noqa: E402

MODES = {"the-game": ({}, {"min_cards": 3, "small_hands": True}), "extreme": ({},),
         "triggs": ({},), "rentz": ({},) + tuple({"practice": sub} for sub in SUB_GAME_IDS)}
PER_GAME = 24  # at most ``count // PER_GAME`` positions from one game, so that all modes count
TITLES = {"the-game": "The Game, strong turn plan", "extreme": "Extreme, strong decision",
          "triggs": "Triggs, strong decision", "rentz": "Rentz, strong decision",
          "the-game-endgame": "The Game, solo endgame search (the hint)",
          "the-game-team-endgame": "The Game, team endgame search (2 players, expert; the hint)",
          "the-game-tables": "The Game, every turn plan of whole games, by table"}
ENDGAME_PLAYERS = {"the-game-endgame": 1, "the-game-team-endgame": 2}
# Run in CPython and in Pyodide alike: ``timed(items)`` gives, for each ``[game id, view,
# "act" or "hint", level]``, a fresh bot's whole thought and its longest stretch between
# two pauses, in milliseconds, thought in slices as the page thinks it.
TIMING = """
import time
from cardtable.bots import hinting, make_bot, thinking

def timed(items):
    found = []
    for game_id, view, kind, level in items:
        bot = make_bot(game_id, level, view["seat"])
        steps = hinting(bot, view) if kind == "hint" else thinking(bot, view)
        start = last = time.perf_counter()
        longest, going = 0.0, True
        while going:
            try:
                next(steps)
            except StopIteration:
                going = False
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
        found.append([(last - start) * 1000, longest * 1000])
    return found
"""


def thinks(game_id: str, view: dict) -> bool:
    """Whether the strong bot must think here: The Game's at a turn's start only."""
    if game_id == "the-game":
        return not view["played"]
    return len(view["legal"]) > 1


def positions(game_id: str, count: int, seed: str) -> list:
    """``[game_id, view]`` where a strong bot must think, from seeded games of all-strong
    seats, cycling through ``MODES`` and the player counts; a whole Rentz match gives its
    choices of sub-game too."""
    spec, found, game = get(game_id), [], 0
    modes, counts = MODES[game_id], range(spec.min_players, spec.max_players + 1)
    while len(found) < count:
        options = modes[game % len(modes)]
        players = counts[game // len(modes) % len(counts)]
        state = spec.new(players, options, derive_seed(seed, game))
        bots = [make_bot(game_id, "strong", s, f"{seed}/{s}") for s in range(players)]
        stop = min(count, len(found) + max(1, count // PER_GAME))
        while not state.is_over and len(found) < stop:
            seat = state.current_player
            action = state.forced_action()
            if action is None:
                view = state.view(seat)
                if thinks(game_id, view):
                    found.append([game_id, view])
                action = bots[seat].act(view)
            state = state.apply(action)
        game += 1
    return found


def turn_starts(seed: str, game: int, players: int, options: dict, level: str = "strong"):
    """The views at every turn start of seeded game number ``game`` of The Game, played
    by bots of ``level`` in every seat."""
    state = get("the-game").new(players, options, derive_seed(seed, game))
    bots = [make_bot("the-game", level, s, f"{seed}/{s}") for s in range(players)]
    while not state.is_over:
        view = state.view(state.current)
        if not view["played"]:
            yield view
        state = state.apply(bots[state.current].act(view))


def endgame_positions(count: int, seed: str, players: int) -> list:
    """``[the-game, view, "hint"]`` at every turn start where an endgame search of the
    strong bot runs: alone with 1 to the solo search's start of cards left to draw
    (classic and expert in turn), or with ``players`` in expert mode with at most the
    team search's; from seeded games of strong bots."""
    found, game = [], 0
    modes = MODES["the-game"] if players == 1 else MODES["the-game"][1:]
    while len(found) < count:
        for view in turn_starts(seed, game, players, modes[game % len(modes)]):
            if searched(view):
                found.append(["the-game", view, "hint", "strong"])
                if len(found) == count:
                    break
        game += 1
    return found


def table_positions(count: int, seed: str, players: int, options: dict,
                    level: str = "strong") -> list:
    """``[the-game, view, "act", level]`` at every turn start of whole seeded games of
    bots of ``level`` at one table, game after game until ``count`` are found (the last
    game whole)."""
    found, game = [], 0
    while len(found) < count:
        found += [["the-game", view, "act", level]
                  for view in turn_starts(seed, game, players, options, level)]
        game += 1
    return found


def time_tables(count: int, seed: str, pyodide: Path, level: str, tables) -> None:
    """Print, per table of The Game (``tables``: ``mode:players``, None for every one),
    the figures of every turn plan of whole games of ``level``."""
    for options in MODES["the-game"]:
        mode = "expert" if options else "classic"
        for players in range(1, 6):
            if tables and f"{mode}:{players}" not in tables:
                continue
            items = table_positions(count, seed, players, options, level)
            print(f"  {mode}, {players} player(s), {len(items)} positions:")
            print(f"    CPython: {figures(cpython_times(items))}")
            print(f"    Pyodide: {figures(pyodide_times(items, pyodide))}")


def searched(view: dict) -> bool:
    """Whether an endgame search of the strong bot runs at this turn start."""
    if view["players"] == 1:
        return 0 < view["deck"] <= STRONG.solo_start(view)
    return view["deck"] <= STRONG.team_start(view)


def cpython_times(items: list) -> list:
    space: dict = {}
    exec(TIMING, space)
    return space["timed"](items)


def pyodide_dir(given: str | None) -> Path:
    candidates = [Path(given)] if given else []
    for candidate in candidates + [ROOT / "node_modules" / "pyodide"]:
        if (candidate / "pyodide.mjs").exists():
            return candidate
    raise SystemExit("no npm pyodide found: run npm ci, or pass --pyodide DIR")


def pyodide_times(items: list, pyodide: Path) -> list:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
        json.dump(items, out)
    script = ROOT / "bench" / "bot_speed.mjs"
    done = subprocess.run(["node", str(script), str(pyodide), str(ROOT / "py"), out.name],
                          input=TIMING, check=True, capture_output=True, text=True)
    Path(out.name).unlink()
    return json.loads(done.stdout)


def figures(times: list) -> str:
    """The whole thoughts' median, p95 and maximum; the longest stretch between pauses."""
    ordered = sorted(whole for whole, _ in times)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    stretch = max(longest for _, longest in times)
    return (f"median {pick(0.5):.1f} ms, p95 {pick(0.95):.1f} ms, max {ordered[-1]:.1f} ms;"
            f" longest stretch between pauses {stretch:.1f} ms")


def games_count(text: str) -> int:
    """``--games``: a whole number from 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number from 1, not {text!r}")
    return int(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", default="speed")
    parser.add_argument("--games", type=games_count, default=100,
                        help="games per level for games/s (at least 1)")
    parser.add_argument("--pyodide", help="folder of npm pyodide if node_modules has none")
    parser.add_argument("--game", choices=sorted(TITLES), action="append",
                        help="time only this game (again for more); default: every game")
    parser.add_argument("--level", default="strong", choices=LEVELS,
                        help="The Game's level timed by the-game-tables")
    parser.add_argument("--table", action="append", choices=[
        f"{mode}:{players}" for mode in ("classic", "expert") for players in range(1, 6)],
        help="the-game-tables: only this table (again for more); default: every one")
    args = parser.parse_args(argv)
    pyodide = pyodide_dir(args.pyodide)
    for game_id in args.game or TITLES:
        if game_id == "the-game-tables":
            print(TITLES[game_id])
            time_tables(args.positions, args.seed, pyodide, args.level, args.table)
            continue
        if game_id in ENDGAME_PLAYERS:
            items = endgame_positions(args.positions, args.seed, ENDGAME_PLAYERS[game_id])
        else:
            items = [[game, view, "act", "strong"]
                     for game, view in positions(game_id, args.positions, args.seed)]
        print(f"{TITLES[game_id]}: {len(items)} positions")
        print(f"  CPython {sys.version.split()[0]}: {figures(cpython_times(items))}")
        print(f"  Pyodide ({pyodide}): {figures(pyodide_times(items, pyodide))}")
    for level in LEVELS:
        report = run("the-game", 2, args.games, args.seed, [level, level], {})
        print(f"CPython games/second, 2 players, {level}: {report['games_per_second']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
