"""The finished game a host's page sends each friend (the ``record`` message): its size,
and how long a friend's page takes to check it (validate.deal_seen_steps replays every move).

    python bench/together_record.py [--games N]

Under CPython, for each game at its largest table: N whole games of random legal moves
(the longest games for the card games, whose deals run to their end; short ones for The
Game and Extreme, which random play loses early), each game's ``record`` message's length
in characters (a message may be messages.HOST_LIMIT long), the time its whole check takes
on the friend's page at the end of the game (seat 1's, or seat 0's alone), and the
longest of its steps (a move replayed: the page runs the check in slices of them).
Figures: the median and the largest of each over the N games. Pyodide runs Python several
times slower than CPython.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.web.lobby import default_setup  # noqa: E402
from cardtable.web.session import Session  # noqa: E402
from cardtable.web.together import messages  # noqa: E402
from cardtable.web.validate import deal_seen_steps, view_in  # noqa: E402

FIELDS = ("game", "players", "seats", "options", "seed", "actions")


def one_game(game: str, players: int, seed: int) -> tuple:
    """``(characters, check seconds, longest step seconds)`` of the record message of one
    random game."""
    setup = default_setup(game).with_players(players)
    session, rng = Session.new(setup, f"bench-{seed}"), random.Random(seed)
    while not session.state.is_over:
        forced = session.state.forced_action()
        legal = session.state.view(session.state.current_player)["legal"]
        session.apply(forced if forced is not None else rng.choice(legal))
    save = session.to_save()
    text = messages.message("record", **{key: save[key] for key in FIELDS})
    data = messages.read(text, from_host=True)
    seat = min(1, players - 1)
    seen = {"moves": len(session.actions), "log": json.loads(json.dumps(session.events)),
            "result": json.loads(json.dumps(session.state.result())), "seat": seat,
            "lang": "en", "view": view_in(session.state, seat, "en")}
    start = last = time.perf_counter()
    longest = 0.0
    for _step in deal_seen_steps(data, setup, seen):
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    return len(text), time.perf_counter() - start, longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print(f"limit {messages.HOST_LIMIT} characters; {args.games} games each")
    print("game        players  chars median  chars max  check ms median  check ms max"
          "  step ms max")
    for game, spec in GAMES.items():
        runs = [one_game(game, spec.max_players, seed) for seed in range(args.games)]
        chars = [c for c, _, _ in runs]
        seconds = [s * 1000 for _, s, _ in runs]
        steps = [s * 1000 for _, _, s in runs]
        print(f"{game:<11} {spec.max_players:>7}  {statistics.median(chars):>12.0f}"
              f"  {max(chars):>9}  {statistics.median(seconds):>15.0f}  {max(seconds):>12.0f}"
              f"  {max(steps):>11.1f}")


if __name__ == "__main__":
    main()
