"""Tuning the strong bot of The Game: changed weights against the current ones, deal by deal.

Each variant replaces some fields of the weights the strong bot plays with
(``Weights`` in ``games/the_game/search.py``) in every seat, and plays the same deals as the
unchanged bot. Per variant the table gives the wins, the mean cards left and the cards
played before the first dead card (a card still to be played that no pile takes any
more: a game is lost once one stays dead), each mean with the paired 95% range of its
difference from the current weights. Tune on ``--seed tune``; report on other seeds.

    python bench/the_game_variants.py --players 1 --games 1000 --expert \\
        --variant "dead6: shut_out_by_takers=6,1,0.7,0.4" --variant "reach0: reach=0"

A variant is ``NAME: field=value; field=value``; a value with commas is a tuple.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.games.the_game.bots import StrongBot  # noqa: E402
from cardtable.games.the_game.search import Weights  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.games.the_game.rules import PILE_DIRS, fits  # noqa: E402
from cardtable.sim import bot_seed, next_action  # noqa: E402

Z = statistics.NormalDist().inv_cdf(0.975)
EXPERT = {"min_cards": 3, "small_hands": True}
FIELDS = {f.name: type(getattr(Weights(), f.name)) for f in fields(Weights)}


def parse_variant(text: str) -> tuple:
    """``"NAME: field=value; ..."`` as ``(NAME, {field: value})``; ValueError on a field
    ``Weights`` lacks or a value of the wrong kind."""
    name, _, body = text.partition(":")
    change = {}
    for item in filter(None, (part.strip() for part in body.split(";"))):
        key, _, value = (s.strip() for s in item.partition("="))
        if key not in FIELDS:
            raise ValueError(f"“{key}” is not a field of the weights ({', '.join(FIELDS)})")
        kind = FIELDS[key]
        change[key] = tuple(float(v) for v in value.split(",")) if kind is tuple else kind(value)
    if not name.strip() or not change:
        raise ValueError(f"“{text}” is not NAME: field=value")
    return name.strip(), change


def dead_cards(state) -> int:
    """Cards in hands or the draw pile that no pile takes any more."""
    tops = state.tops
    cards = [c for hand in state.hands for c in hand] + list(state.deck)
    return sum(not any(fits(c, PILE_DIRS[p], t) for p, t in enumerate(tops)) for c in cards)


def play(task: tuple) -> tuple:
    """One deal with ``change`` in every seat: (cards left, cards played before the first
    dead card, whether the draw pile ran out)."""
    players, options, seed, index, change = task
    spec = GAMES["the-game"]
    deal = derive_seed(seed, index)
    state = spec.new(players, options, deal)
    seats = [StrongBot(seat, bot_seed(deal, seat), change) for seat in range(players)]
    total = state.cards_left
    before_dead = None
    while not state.is_over:
        state = state.apply(next_action(state, seats, ["strong"] * players))
        if before_dead is None and dead_cards(state):
            before_dead = total - state.cards_left
    return state.cards_left, total if before_dead is None else before_dead, not state.deck


def paired(base: list, other: list) -> str:
    """The mean of ``other`` and its difference from ``base``, with the 95% range."""
    diffs = [b - a for a, b in zip(base, other)]
    mean = statistics.fmean(diffs)
    spread = Z * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return f"{statistics.fmean(other):.2f} ({mean:+.2f} ± {spread:.2f})"


def table(results: dict) -> str:
    base = results["current"]
    lines = ["| variant | wins | mean cards left (vs current) | cards played before the first"
             " dead card (vs current) | draw pile ran out |", "|---|---|---|---|---|"]
    for name, rows in results.items():
        lines.append(f"| {name} | {sum(r[0] == 0 for r in rows)} |"
                     f" {paired([r[0] for r in base], [r[0] for r in rows])} |"
                     f" {paired([r[1] for r in base], [r[1] for r in rows])} |"
                     f" {sum(r[2] for r in rows)} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1, choices=range(1, 6))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default="tune")
    parser.add_argument("--expert", action="store_true", help="min_cards=3, small_hands=on")
    parser.add_argument("--variant", action="append", default=[], help="NAME: field=value; ...")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        variants = dict([("current", {})] + [parse_variant(v) for v in args.variant])
    except ValueError as err:
        parser.error(str(err))
    options = GAMES["the-game"].resolve_options(EXPERT if args.expert else {}, args.players)
    results = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for name, change in variants.items():
            tasks = [(args.players, options, args.seed, i, change) for i in range(args.games)]
            results[name] = pool.map(play, tasks, chunksize=16)
    mode = "expert" if args.expert else "classic"
    print(f"{mode}, {args.players} player(s), {args.games} deals of --seed {args.seed}\n")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
