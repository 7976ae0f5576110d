"""The headless simulator: ``python -m cardtable sim <game-id> --players N --games K --seed S``.

Prints one JSON object (see DESIGN.md, automation contract): ``game``, ``players``,
``games``, ``seed``, ``bots``, ``options`` (each written as in a share link),
``games_per_second``, ``avg_actions`` and the game's own figures (``spec.summarize``).

Seeds: deal ``i`` of a run uses the seed ``derive_seed(S, i)``, so one command reproduces
every game of the run. The bot in each seat gets a seed of its own, :func:`bot_seed`,
from which the deal cannot be rebuilt.

Every bad argument ends the command with one line on stderr and exit status 2. A game the
bots cannot finish (a bot's illegal action, more actions than ``spec.max_actions``) ends
it with one line naming the game, the seeds and the bots, and exit status 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from . import bots
from .engine.core import as_action, thaw
from .engine.registry import GAMES
from .engine.rng import derive_seed


class SimulationError(RuntimeError):
    """A game the bots could not finish: a bot's illegal action or a game too long."""


def bot_seed(deal: str, seat: int) -> str:
    """The seed of the bot in ``seat`` for the deal seeded ``deal``.

    A one-way hash with its own purpose (``bot``) of the deal's seed, itself made of the
    run's seed and the deal's index: a bot can neither rebuild the deal's hands and draw
    order from it nor share a stream with another seat or deal.
    """
    return hashlib.sha256(f"bot|{deal}|{seat}".encode()).hexdigest()[:16]


def next_action(state, seats: list, levels: list):
    """The next action: the forced one if the rules make it, else the answer of the bot
    in the seat to move, which must be one of ``state.legal_actions()``."""
    forced = state.forced_action()
    if forced is not None:
        return forced
    seat = state.current_player
    answer = seats[seat].act(state.view(seat))
    action = as_action(answer) if isinstance(answer, (list, tuple)) else answer
    if action not in state.legal_actions():
        chose = json.dumps(thaw(action), default=repr)
        raise SimulationError(f"bot {type(seats[seat]).__name__} (level {levels[seat]})"
                              f" in seat {seat} chose {chose}, which is not a legal action")
    return action


def play_deal(spec, players: int, options: dict, deal: str, levels: list):
    """Play the deal seeded ``deal`` with bots in every seat; returns the final state and
    the number of actions, forced ones included."""
    state = spec.new(players, options, deal)
    seats = [bots.make_bot(spec.id, levels[seat], seat, bot_seed(deal, seat))
             for seat in range(players)]
    limit = spec.max_actions(players)
    count = 0
    try:
        while not state.is_over:
            if count == limit:
                raise SimulationError(f"the game ran past {limit} actions")
            state = state.apply(next_action(state, seats, levels))
            count += 1
    except SimulationError as err:
        raise SimulationError(f"{err}: {spec.id}, {players} players, seed {deal!r},"
                              f" bots {','.join(levels)}") from None
    return state, count


def play_one(spec, players: int, options: dict, deal: str, levels: list):
    """The final state of :func:`play_deal`."""
    return play_deal(spec, players, options, deal, levels)[0]


def check_run(spec, players: int, games: int, levels: list) -> None:
    """Raise ``ValueError`` in words for a player count, number of games or bot levels
    that the run cannot use."""
    spec.check_players(players)
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if len(levels) != players:
        raise ValueError(f"{players} players need {players} bot levels, not {len(levels)}")
    offered = bots.levels(spec.id)
    for level in levels:
        if level not in offered:
            raise ValueError(f"{spec.name} has no bot level “{level}”"
                             f" (choose {', '.join(offered)})")


def setup(game_id: str, players: int, games: int, levels: list, options: dict):
    """The game's spec and its complete options for a run; raises ``ValueError`` in words
    for input the run cannot use, before any game is played."""
    spec = GAMES[game_id]
    check_run(spec, players, games, levels)
    return spec, spec.resolve_options(options, players)


def simulate(spec, players: int, games: int, seed: str, levels: list, options: dict) -> dict:
    """Play ``games`` deals with complete options; the report that the command prints."""
    start = time.perf_counter()
    results, actions = [], 0
    for index in range(games):
        state, count = play_deal(spec, players, options, derive_seed(seed, index), levels)
        results.append(state.result())
        actions += count
    elapsed = time.perf_counter() - start
    report = {"game": spec.id, "players": players, "games": games, "seed": seed,
              "bots": levels,
              "options": {key: spec.option(key).encode(value) for key, value in options.items()},
              "games_per_second": round(games / elapsed, 2) if elapsed else None,
              "avg_actions": round(actions / games, 2)}
    report.update(spec.summarize(results))
    return report


def run(game_id: str, players: int, games: int, seed: str, levels: list, options: dict) -> dict:
    """:func:`setup` then :func:`simulate`: ``ValueError`` for bad input,
    :class:`SimulationError` for a game the bots did not finish."""
    spec, options = setup(game_id, players, games, levels, options)
    return simulate(spec, players, games, seed, levels, options)


# -- the command line -------------------------------------------------------------------
class Parser(argparse.ArgumentParser):
    """Every error in one line on stderr, exit status 2."""

    def error(self, message):
        self.exit(2, f"error: {message}\n")


def game_id(text: str) -> str:
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"no game “{text[:40]}” (choose {', '.join(GAMES)})")
    return text


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text[:40]}” is not a whole number") from None


def at_least_one(text: str) -> int:
    number = whole_number(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def key_value(text: str) -> tuple:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"write KEY=VALUE, not “{text[:40]}”")
    return key, value


def parse_args(argv):
    parser = Parser(prog="python -m cardtable sim",
                    description="Simulate seeded games with bots in every seat.")
    parser.add_argument("game", type=game_id, help=", ".join(GAMES))
    parser.add_argument("--players", type=whole_number, required=True)
    parser.add_argument("--games", type=at_least_one, default=100)
    parser.add_argument("--seed", default="0")
    levels = parser.add_mutually_exclusive_group()
    levels.add_argument("--bot", help="the level of every seat (default: the game's)")
    levels.add_argument("--bots", help="levels per seat, comma separated")
    parser.add_argument("--opt", type=key_value, action="append", default=[],
                        metavar="KEY=VALUE", help="a game option, as in a share link")
    return parser.parse_args(argv)


def parse_options(spec, pairs) -> dict:
    """``--opt`` pairs as option values; ``ValueError`` in words for an unknown key or a
    value the option does not take."""
    options = {}
    for key, text in pairs:
        try:
            option = spec.option(key)
        except KeyError:
            known = ", ".join(opt.key for opt in spec.options) or "none"
            raise ValueError(f"{spec.name} has no option “{key[:40]}”"
                             f" (options: {known})") from None
        options[key] = option.parse(text)
    return options


def main(argv=None) -> int:
    args = parse_args(argv)
    spec = GAMES[args.game]
    try:
        spec.check_players(args.players)
        levels = (args.bots.split(",") if args.bots
                  else [args.bot or bots.default_level(args.game)] * args.players)
        spec, options = setup(args.game, args.players, args.games, levels,
                              parse_options(spec, args.opt))
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        report = simulate(spec, args.players, args.games, args.seed, levels, options)
    except SimulationError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(json.dumps(report))
    return 0
