"""How long drawing the table takes late in a long game: the page draws it again at every
move, on the host's page and on each friend's.

    python bench/draw_speed.py [--draws N]

Under CPython, for each game at its largest table: one game of random legal moves played
to its last move, then the table module's ``table_html`` for the seat to move, drawn N
times with the game's whole log; the median and the largest time of a draw, and the
log's length in events. Pyodide runs Python several times slower than CPython.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.web.lobby import default_setup  # noqa: E402
from cardtable.web.session import Session  # noqa: E402
from cardtable.web.tables import table_module  # noqa: E402
from cardtable.web.ui import TableUi, You  # noqa: E402


def last_position(game: str, players: int) -> tuple:
    """``(view, log)`` of the seat to move before the last move of one random game at
    ``players``: the game is played out, then replayed to that move."""
    setup, rng = default_setup(game).with_players(players), random.Random(1)
    session = Session.new(setup, "draw-speed")
    while not session.state.is_over:
        forced = session.state.forced_action()
        legal = session.state.view(session.state.current_player)["legal"]
        session.apply(forced if forced is not None else rng.choice(legal))
    before = Session.new(setup, "draw-speed")
    for action in session.actions[:-1]:
        before.apply(action)
    return before.state.view(before.state.current_player), tuple(before.log())


def draw_times(game: str, players: int, draws: int) -> tuple:
    """``(events in the log, median seconds, largest seconds)`` of ``draws`` draws."""
    view, log = last_position(game, players)
    names = (You("You"),) + tuple(f"Bot {seat + 1}" for seat in range(1, players))
    ui = TableUi(names=names, log=log, my_turn=True)
    draw = table_module(game).table_html
    times = []
    for _ in range(draws):
        start = time.perf_counter()
        draw(view, ui)
        times.append(time.perf_counter() - start)
    return len(log), statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=20)
    args = parser.parse_args()
    print("| game | players | events in the log | draw, median ms | largest ms |")
    print("|---|---|---|---|---|")
    for game, spec in GAMES.items():
        events, median, largest = draw_times(game, spec.max_players, args.draws)
        print(f"| {game} | {spec.max_players} | {events} | {median * 1000:.2f} |"
              f" {largest * 1000:.2f} |")


if __name__ == "__main__":
    main()
