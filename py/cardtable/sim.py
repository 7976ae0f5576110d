"""The headless simulator: ``python -m cardtable sim <game-id> --players N --games K --seed S``.

Prints one JSON object (see DESIGN.md, automation contract). Deal ``i`` of a run uses
the seed ``derive_seed(S, i)``, so one command reproduces every game of the run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from .bots import DEFAULT_LEVEL, make_bot
from .engine.registry import GAMES
from .engine.rng import derive_seed


def play_one(spec, players: int, options: dict, seed: str, levels: list):
    """Play one seeded game with bots in every seat; returns the final state."""
    state = spec.new(players, options, seed)
    bots = [make_bot(spec.id, levels[seat], seat, seed) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        state = state.apply(bots[seat].act(state.view(seat)))
    return state


def run(game_id: str, players: int, games: int, seed: str, levels: list, options: dict) -> dict:
    spec = GAMES[game_id]
    options = spec.resolve_options(options)
    start = time.perf_counter()
    results = [play_one(spec, players, options, derive_seed(seed, i), levels).result()
               for i in range(games)]
    elapsed = time.perf_counter() - start
    report = {"game": game_id, "players": players, "games": games, "seed": seed,
              "bots": levels, "options": options,
              "games_per_second": round(games / elapsed, 2) if elapsed else None}
    report.update(spec.summarize(results))
    return report


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m cardtable sim",
                                     description="Simulate seeded games with bots.")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--bot", help="the level of every seat")
    parser.add_argument("--bots", help="levels per seat, comma separated")
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    spec = GAMES[args.game]
    try:
        spec.check_players(args.players)
        options = {}
        for item in args.opt:
            key, _, text = item.partition("=")
            options[key] = spec.option(key).parse(text)
        levels = (args.bots.split(",") if args.bots
                  else [args.bot or DEFAULT_LEVEL[args.game]] * args.players)
        if len(levels) != args.players:
            raise ValueError(f"--bots names {len(levels)} levels for {args.players} players")
        report = run(args.game, args.players, args.games, args.seed, levels, options)
    except (KeyError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0
