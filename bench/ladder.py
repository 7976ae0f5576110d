"""The ladder between the strong bot of The Game and the oracle: what PIMC wins (sampling
the hidden cards consistently with the seat's view, searching each sampled world with
everything known, playing what wins the most worlds), and what a team wins that sees its
partners' hands but not the draw order.

Every rung plays the same deals (deal ``i`` is the deal ``python -m cardtable sim`` plays
as deal ``i`` of ``--seed``) with the same bot in every seat. Rungs:

- ``strong``: the strong bot as it plays (its team endgame samples 12 worlds once the
  draw pile is down to 12 cards, within 20,000 positions).
- ``master``: the master level as it plays (``lookahead.MASTER``).
- ``endgame:D/S/B``: the strong bot whose team endgame starts at ``D`` cards to draw,
  samples ``S`` worlds and searches at most ``B`` positions a decision (8,000 a world).
- ``solo:D/B``: the strong bot whose solo endgame (one player) searches exactly from
  ``D`` cards to draw within ``B`` positions (it plays 9 and 50,000).
- ``plans:K/N/B``: at every turn's start before the endgame search (solo or team), the planner's ``K``
  best ways to play the turn, each judged in ``N`` worlds dealt by ``unseen_shuffled``
  from the view by the oracle's search (``oracle.py``) within ``B`` positions: the way
  found to win in the most worlds is played (ties: the planner's order).
- ``rollout:K/N``: as ``plans``, but each way is judged by playing each of ``N`` worlds
  (the same worlds for every way) to its end with the planner alone in every seat (no
  endgame search, no signals): the way that wins the most, then leaves the fewest cards.
- ``+partners`` after a rung: its sampled worlds keep the partners' real hands and
  shuffle only the draw pile (the bench hands the bot those hands; no level sees them).
- ``+signals`` after a rung: its sampled worlds are dealt by ``belief.believed_deal``
  (``bench/belief.py``),
  which weighs uniform deals by how well the partners' hands in them explain the signals
  they show (what a seat may see).

Printed per rung: wins with Wilson's 95% interval, the paired difference from the first
rung with its 95% interval (normal approximation over deals), and seconds a game. Rows are
JSON lines with ``--out`` (``--table FILE`` prints them again).

    python bench/ladder.py --players 2 --deals 100 --rungs strong,endgame:18/32/200000
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import belief  # noqa: E402
from oracle import Oracle  # noqa: E402
from rows import keep_row, read_rows  # noqa: E402
from the_game_strength import MODES  # noqa: E402

from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import derive_seed, make_rng, shuffled  # noqa: E402
from cardtable.games.the_game import search, team_endgame  # noqa: E402
from cardtable.games.the_game.bots import StrongBot  # noqa: E402
from cardtable.games.the_game.lookahead import MASTER, STRONG  # noqa: E402
from cardtable.games.the_game.rules import CARDS, PILE_STARTS, TheGameState  # noqa: E402
from cardtable.sim import bot_seed, next_action, wilson  # noqa: E402

WORLD_BUDGET = 8_000  # positions of one sampled world in an ``endgame`` rung
BELIEVED = False  # a ``+signals`` rung: worlds dealt by the belief
LOOKAHEAD = STRONG  # the endgame searches of this process's rung


class RankedTurns(search.TurnSearch):
    """The planner's search, keeping every place to stop (best score per position)."""

    def run(self) -> list:
        self.stops = {}
        super().run()
        return [moves for _, moves in sorted(self.stops.values())]

    def visit(self, hand, tops, moves, cost) -> None:
        score = self.score(hand, tops, moves, cost)
        if (hand, tops) not in self.stops or score < self.stops[(hand, tops)][0]:
            self.stops[(hand, tops)] = (score, moves)
        super().visit(hand, tops, moves, cost)


def world(view: dict, rng) -> TheGameState:
    """A deal consistent with ``view``: a state holding the view's hand, piles and counts
    (any cards elsewhere), with what the seat cannot see dealt again by ``unseen_shuffled``;
    with ``view["partner_hands"]`` (the ``+partners`` rungs) the partners keep those hands
    and only the draw pile is shuffled; with ``BELIEVED`` the deal is
    ``belief.believed_deal``'s."""
    seat, hand = view["seat"], tuple(sorted(view["hand"]))
    piles = tuple((start,) + tuple(p["cards"]) for start, p in zip(PILE_STARTS, view["piles"]))
    seen = set(hand) | {card for pile in piles for card in pile}
    known = view.get("partner_hands")
    if known:
        hands = [hand if other == seat else tuple(known[other]) for other in range(view["players"])]
        seen |= set(sum(hands, ()))
    unseen = [card for card in CARDS if card not in seen]
    if not known:
        hands, at = [], 0
        for other, count in enumerate(view["hand_counts"]):
            hands.append(hand if other == seat else tuple(unseen[at:at + count]))
            at += 0 if other == seat else count
        unseen = unseen[at:]
    state = TheGameState(players=view["players"], min_cards=view["min_cards"],
                         hand_size=view["hand_size"], hands=tuple(hands), deck=tuple(unseen),
                         piles=piles, current=seat, turn=view["turn"])
    if known:
        return replace(state, deck=shuffled(state.deck, rng))
    if BELIEVED:
        hands, deck = belief.believed_deal(view, hand, state.unseen_cards(seat), rng)
        return replace(state, hands=hands, deck=deck)
    return state.unseen_shuffled(seat, rng)


def judged_plans(count: int, worlds: int, budget: int | None = None):
    """``search.choosing_plays`` for a ``plans`` rung, or with no ``budget`` a ``rollout``
    rung (see the module's docstring)."""
    planner = search.choosing_plays

    def choosing(view, weights, lookahead=STRONG):
        start = (lookahead.solo_start(view) if view["players"] == 1
                 else lookahead.team_start(view))
        late = view["deck"] <= start
        if late or view["played"]:
            return (yield from planner(view, weights, lookahead))
        table = search.Table(view, weights)
        ways = RankedTurns(table, view["required"]).run()[:count]
        if len(ways) < 2:
            return (yield from planner(view, weights, lookahead))
        rng = make_rng(repr((view["seat"], view["hand"], view["turn"])), "ladder")
        won = [0] * len(ways)
        for _ in range(worlds):
            dealt = world(view, rng)
            for i, plays in enumerate(ways):
                won[i] += wins_after(dealt, plays, budget) if budget else rolled_out(dealt, plays)
            yield
        best = max(range(len(ways)), key=lambda i: (won[i], -i))
        return ways[best], table, {}
    return choosing


def wins_after(state: TheGameState, plays, budget: int) -> bool:
    """Whether the oracle finds a win, within ``budget`` positions, once ``plays`` are made
    and the turn ended."""
    state = turn_played(state, plays)
    if state.outcome:
        return state.outcome == "won"
    return Oracle(state, budget).solve(state).status == "won"


def turn_played(state: TheGameState, plays) -> TheGameState:
    """``state`` once ``plays`` are made and the turn ended (unless that ended the game)."""
    for card, pile in plays:
        state = state.apply(("play", card, pile))
    return state if state.is_over else state.apply(("end",))


def rolled_out(state: TheGameState, plays) -> float:
    """1 for a win once ``plays`` are made and the planner alone plays every seat to the
    end, else minus the cards left, in hundredths (fewer left is better)."""
    state = turn_played(state, plays)
    while not state.is_over:
        view = state.view(state.current)
        table = search.Table(view, search.weights_for(view["players"], view["min_cards"]))
        state = turn_played(state, search.TurnSearch(table, view["required"]).run())
    if state.outcome == "won":
        return 1.0
    return -(sum(map(len, state.hands)) + len(state.deck)) / 100


def known_partners(view: dict, hand: tuple, unseen: tuple) -> tuple:
    """``team_endgame.sampled_deal`` for a ``+partners`` rung: the partners' real hands,
    the rest of ``unseen`` (shuffled) as the draw pile."""
    hands = tuple(hand if seat == view["seat"] else tuple(view["partner_hands"][seat])
                  for seat in range(view["players"]))
    held = set(sum(hands, ()))
    return hands, tuple(card for card in unseen if card not in held)


def belief_rng(view: dict, hand: tuple, unseen: tuple):
    """A stream for the belief's choice among its candidate deals, seeded by the position
    and the candidates' order (``unseen`` as ``team_endgame`` shuffled it)."""
    return make_rng(repr((view["seat"], hand, unseen)), "ladder-belief")


def set_rung(rung: str) -> None:
    """Make this process's strong bot play as ``rung``."""
    name, _, partners = rung.partition("+")
    kind, _, figures = name.partition(":")
    numbers = [int(n) for n in figures.split("/")] if figures else []
    global LOOKAHEAD, BELIEVED
    if kind == "endgame":
        deck, samples, budget = numbers
        LOOKAHEAD = replace(STRONG, team_decks={(2, players): deck for players in range(2, 6)},
                            samples=samples, sample_budget=WORLD_BUDGET, search_budget=budget)
    elif kind == "solo":
        LOOKAHEAD = replace(STRONG, solo_deck=numbers[0], solo_budget=numbers[1])
    elif kind == "master":
        LOOKAHEAD = MASTER
    elif kind in ("plans", "rollout"):
        search.choosing_plays = judged_plans(*numbers)
    elif kind != "strong":
        raise SystemExit(f"no rung {rung!r}: strong, master, endgame:D/S/B, solo:D/B,"
                         " plans:K/N/B or rollout:K/N")
    if partners == "partners":
        team_endgame.sampled_deal = known_partners
    elif partners == "signals":
        BELIEVED = True
        team_endgame.sampled_deal = lambda view, hand, unseen: belief.believed_deal(
            view, hand, unseen, belief_rng(view, hand, unseen))
    elif partners:
        raise SystemExit(f"no rung {rung!r}: a rung's suffix is +partners or +signals")


def play(players: int, deal: str, partners: bool, mode: str = "classic") -> bool:
    """Whether strong bots (as the rung made them) win the deal, in ``mode`` (classic or
    expert, as ``the_game_strength.MODES`` sets them)."""
    spec = get("the-game")
    state = spec.new(players, spec.resolve_options(MODES[mode][1], players), deal)
    seats = [StrongBot(seat, bot_seed(deal, seat), lookahead=LOOKAHEAD) for seat in range(players)]
    while not state.is_over:
        if partners and state.forced_action() is None:
            seat = state.current_player
            view = dict(state.view(seat), partner_hands=[list(h) for h in state.hands])
            state = state.apply(seats[seat].act(view))
        else:
            state = state.apply(next_action(state, seats, ["strong"] * players))
    return state.outcome == "won"


def measure(rung: str, players: int, deals: int, seed: str, mode: str = "classic",
            first: int = 0) -> dict:
    """The row of ``rung`` over deals ``first`` to ``first + deals - 1`` (``won`` counts
    from ``first``)."""
    set_rung(rung)
    started = time.perf_counter()
    won = [play(players, derive_seed(seed, first + i), rung.endswith("+partners"), mode)
           for i in range(deals)]
    return {"rung": rung, "mode": mode, "players": players, "deals": deals, "seed": seed,
            "first": first,
            "won": [i for i, w in enumerate(won) if w],
            "seconds_per_game": round((time.perf_counter() - started) / deals, 2)}


def measure_task(task: tuple) -> dict:
    return measure(*task)


def difference(row: dict, first: dict) -> str:
    """The paired difference of win rates from the first rung, with its 95% interval."""
    a, b = set(row["won"]), set(first["won"])
    diffs = [(i in a) - (i in b) for i in range(row["deals"])]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0
    return f"{100 * mean:+.1f} ({100 * (mean - half):+.1f} … {100 * (mean + half):+.1f})"


def same_table(row: dict, other: dict) -> bool:
    """Whether two rows played the same deals (rows from before ``mode`` are classic)."""
    def deals(r):
        return r.get("mode", "classic"), r["players"], r["deals"], r["seed"], r.get("first", 0)
    return deals(row) == deals(other)


def table(rows: list) -> str:
    lines = ["| mode | players | deals | rung | wins | vs the first rung (points, 95%)"
             " | s a game | command |", "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        reference = next(r for r in rows if same_table(r, row))
        mode = row.get("mode", "classic")
        low, high = wilson([float(i in set(row["won"])) for i in range(row["deals"])])
        lines.append(f"| {mode} | {row['players']} | {row['deals']} | {row['rung']} |"
                     f" {100 * len(row['won']) / row['deals']:.1f}% ({100 * low:.1f}–"
                     f"{100 * high:.1f}%) | {difference(row, reference)} |"
                     f" {row['seconds_per_game']} | `python bench/ladder.py --mode {mode} --players"
                     f" {row['players']} --deals {row['deals']} --seed {row['seed']}"
                     + (f" --first {row['first']}" if row.get("first") else "") +
                     f" --rungs {reference['rung']},{row['rung']}` |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="classic", choices=("classic", "expert"))
    parser.add_argument("--players", type=int, default=2, choices=range(1, 6))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="report")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--rungs", default="strong", help="comma-separated, the first the"
                        " reference of the differences")
    parser.add_argument("--jobs", type=int, default=1, help="rungs measured at once")
    parser.add_argument("--out", help="append each finished row to this JSON-lines file")
    parser.add_argument("--table", help="only print the table of this JSON-lines file")
    args = parser.parse_args(argv)
    if args.table:
        print(table(read_rows(args.table)))
        return 0
    rows, tasks = [], [(rung, args.players, args.deals, args.seed, args.mode, args.first)
                       for rung in args.rungs.split(",")]
    # A rung changes the bot's modules in its process: each is measured in a new one.
    with multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=1) as pool:
        for row in pool.imap(measure_task, tasks):
            rows.append(row)
            keep_row(row, args.out)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
