"""What a seat of The Game may believe about its partners' hands: deals of the unseen
cards, each kept in proportion to how well it explains the signals the partners show.

A partner who plays as the strong bot raises ``hold`` on a pile where it keeps a card
that no live card comes before, ``small`` where its closest card is a few live cards away,
and nothing where it keeps no close card (see ``search.wanted_signals``; TG-13). A deal of
the unseen cards in which a partner's hand would want other signals than those it shows is
less likely. :func:`believed_deal` draws ``CANDIDATES`` deals as ``team_endgame`` does and
keeps one of them in proportion to its :func:`signal_weight`: a sampling-importance
resampling of the uniform deals, which sees only the view.

The signals are a partner's wish at the end of its last turn, before it drew and before
the others played on; a deal that misses one is made less likely, not impossible.

Run as a script, it measures how well such deals place the partners' real cards: strong
bots play every seat. At the start of each turn while cards are left to draw, the
seat to play deals the unseen cards ``--worlds`` times, uniformly (as ``team_endgame``
does) and by :func:`believed_deal` (the signals weigh the deals); each deal scores the
share of the partners' real cards it puts in the right partner's hand. Printed: the mean
share of each way and their paired difference over turns with its 95% interval, and the
milliseconds a believed deal takes.

    python bench/belief.py --players 2 --deals 50 --seed tune
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import derive_seed, make_rng, shuffled  # noqa: E402
from cardtable.games.the_game.bots import StrongBot  # noqa: E402
from cardtable.games.the_game.rules import CARDS  # noqa: E402
from cardtable.games.the_game.search import Table, wanted_signals, weights_for  # noqa: E402
from cardtable.games.the_game.team_endgame import sampled_deal  # noqa: E402
from cardtable.sim import bot_seed, next_action  # noqa: E402

CANDIDATES = 64  # uniform deals drawn for each deal kept
MISSED = 0.01  # a deal's weight is multiplied by this for each signal it does not explain


def believed_deal(view: dict, hand: tuple, unseen: tuple, rng) -> tuple:
    """``(hands, deck)`` as ``team_endgame.sampled_deal``, the deal chosen among
    ``CANDIDATES`` uniform ones in proportion to :func:`signal_weight`."""
    deals = [sampled_deal(view, hand, shuffled(unseen, rng)) for _ in range(CANDIDATES)]
    weights = [signal_weight(view, hands) for hands, _ in deals]
    pick = rng.random() * sum(weights)
    for deal, weight in zip(deals, weights):
        pick -= weight
        if pick < 0:
            return deal
    return deals[-1]


def signal_weight(view: dict, hands: tuple) -> float:
    """``MISSED`` to the power of the partners' signals (pile by pile) that ``hands``
    does not explain: a signal shown that the partner's hand would not want, or one it
    would want that it does not show (unless another seat shows that very signal, which
    keeps it from raising it)."""
    shown = {}
    for signal in view["signals"]:
        shown.setdefault(signal["seat"], set()).add((signal["pile"], signal["kind"]))
    anyone = {(s["pile"], s["kind"]): s["seat"] for s in view["signals"]}
    weights = weights_for(view["players"], view["min_cards"])
    missed = 0
    for seat, hand in enumerate(hands):
        if seat == view["seat"]:
            continue
        wanted = partner_signals(hand, view, seat, weights)
        mine = shown.get(seat, set())
        missed += len(mine - wanted)
        missed += sum(1 for signal in wanted - mine if anyone.get(signal, seat) == seat)
    return MISSED ** missed


def partner_signals(hand: tuple, view: dict, seat: int, weights) -> set:
    """The ``(pile, kind)`` signals a strong partner in ``seat`` holding ``hand`` wants
    showing: ``search.wanted_signals`` on that partner's view of this table."""
    table = Table(dict(view, seat=seat, hand=list(hand)), weights)
    return wanted_signals(table, table.tops, hand)


def placed(view: dict, real: tuple, hands: tuple) -> float:
    """The share of the partners' real cards that ``hands`` puts in the right hand."""
    right = total = 0
    for seat, hand in enumerate(real):
        if seat != view["seat"]:
            right += len(set(hand) & set(hands[seat]))
            total += len(hand)
    return right / total if total else 1.0


def turn_starts(players: int, deal: str):
    """``(view, real hands)`` at the start of every turn with cards left to draw."""
    spec = get("the-game")
    state = spec.new(players, spec.resolve_options({}, players), deal)
    seats = [StrongBot(seat, bot_seed(deal, seat)) for seat in range(players)]
    while not state.is_over:
        if state.forced_action() is None:
            view = state.view(state.current_player)
            if not view["played"] and view["deck"] and view["signals"]:
                yield view, state.hands
        state = state.apply(next_action(state, seats, ["strong"] * players))


def measure(players: int, deals: int, seed: str, worlds: int) -> dict:
    uniform, believed, seconds = [], [], []
    for i in range(deals):
        for view, real in turn_starts(players, derive_seed(seed, i)):
            hand = tuple(sorted(view["hand"]))
            seen = set(hand) | {c for p in view["piles"] for c in p["cards"]}
            unseen = tuple(c for c in CARDS if c not in seen)
            rng = make_rng(repr((i, view["turn"])), "bench-belief")
            uniform.append(statistics.fmean(
                placed(view, real, sampled_deal(view, hand, shuffled(unseen, rng))[0])
                for _ in range(worlds)))
            started = time.perf_counter()
            deals_kept = [believed_deal(view, hand, unseen, rng) for _ in range(worlds)]
            seconds.append((time.perf_counter() - started) / worlds)
            believed.append(statistics.fmean(placed(view, real, h) for h, _ in deals_kept))
    diffs = [b - u for b, u in zip(believed, uniform)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return {"turns": len(diffs), "uniform": statistics.fmean(uniform),
            "believed": statistics.fmean(believed), "difference": statistics.fmean(diffs),
            "half": half, "ms": 1000 * statistics.median(seconds)}


def main(argv=None) -> int:
    global CANDIDATES, MISSED  # the options set the belief's figures for this run
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6))
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", default="tune")
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--candidates", type=int, default=CANDIDATES)
    parser.add_argument("--missed", type=float, default=MISSED)
    args = parser.parse_args(argv)
    CANDIDATES, MISSED = args.candidates, args.missed
    row = measure(args.players, args.deals, args.seed, args.worlds)
    print(f"{args.players} players, {args.deals} deals ({args.seed}), {row['turns']} turns;"
          f" candidates {args.candidates}, missed {args.missed}: partners' cards placed"
          f" right, uniform {100 * row['uniform']:.1f}%, believed {100 * row['believed']:.1f}%"
          f" ({100 * row['difference']:+.1f} points, ±{100 * row['half']:.1f});"
          f" {row['ms']:.2f} ms a believed deal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
