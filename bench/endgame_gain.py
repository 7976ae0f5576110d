"""What the strong bot's endgame searches win, deal by deal, in The Game: the solo search
(``the_game_endgame``) alone, the team search (``the_game_team_endgame``) where it
plays (classic mode, and expert mode with 2 players).

Every deal is played by strong bots in every seat up to the first turn that starts with
at most the search's ``DECK`` cards in the draw pile (until then the search plays no
part), and from there finished twice: with the search and without it. Printed: the
wins both ways (with Wilson's 95% intervals) and the cards left, the deals only one
of them wins, the exact two-sided sign test on those deals, how often the search
ran and came back without an answer (solo: past its budget; team: the game already
lost, or no way won a sampled deal), and the time of the plans it made (median, p95,
max).

    python bench/endgame_gain.py --games 10000 --seed 1 --expert --jobs 2
    python bench/endgame_gain.py --players 2 --games 10000 --seed 1 --expert --jobs 2
    python bench/endgame_gain.py --players 3 --games 1000 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.games.the_game import endgame  # noqa: E402
from cardtable.games.the_game import team_endgame  # noqa: E402
from cardtable.games.the_game.bots import StrongBot  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.sim import bot_seed, next_action, wilson  # noqa: E402

EXPERT = {"min_cards": 3, "small_hands": True}
# Per search: its module, the name and function of the generator to time, its start (the
# module's DECK) and the DECK that switches it off, and the budget --budget sets.
SEARCHES = {
    "solo": {"module": endgame, "name": "searching", "search": endgame.searching,
             "on": endgame.DECK, "off": -1, "budget": "BUDGET"},
    "team": {"module": team_endgame, "name": "team_searching",
             "search": team_endgame.team_searching, "on": dict(team_endgame.DECK), "off": {},
             "budget": "SAMPLE_BUDGET"},
}


class TimedSearch:
    """Wraps a search in slices (which the bot runs in one go) to time each search and
    count its answers."""

    def __init__(self, search):
        self.search = search
        self.times: list = []
        self.gave_up = 0

    def __call__(self, *args, **kwargs):
        start = time.perf_counter()
        found = yield from self.search(*args, **kwargs)
        self.times.append(time.perf_counter() - start)
        self.gave_up += found is None
        return found


def search_of(players: int) -> dict:
    """The entry of :data:`SEARCHES` that plays with ``players`` seats."""
    return SEARCHES["solo" if players == 1 else "team"]


def start_deck(players: int, options: dict):
    """The most cards left to draw at which the search plays; None if it never does."""
    deck = search_of(players)["on"]
    return deck if players == 1 else deck.get((options["min_cards"], players))


def try_start(players: int, options: dict, deck: int) -> None:
    """Make the search start at ``deck`` cards left to draw at this table (the worker
    processes inherit it)."""
    if players == 1:
        SEARCHES["solo"]["on"] = deck
    else:
        SEARCHES["team"]["on"][(options["min_cards"], players)] = deck


def finish(state, deal: str, search: bool):
    """Play ``state`` to its end, with the endgame search on or off."""
    way = search_of(state.players)
    way["module"].DECK = way["on"] if search else way["off"]
    bots = [StrongBot(seat, bot_seed(deal, seat)) for seat in range(state.players)]
    while not state.is_over:
        state = state.apply(next_action(state, bots, ["strong"] * state.players))
    return state


def play(task: tuple) -> dict:
    """One deal (players, ``options``, run seed, index, the search's budget): its
    outcome with and without the search, and the search's calls."""
    players, options, seed, index, budget = task
    way = search_of(players)
    setattr(way["module"], way["budget"], budget)
    deal = derive_seed(seed, index)
    state = GAMES["the-game"].new(players, options, deal)
    way["module"].DECK = way["off"]
    bots = [StrongBot(seat, bot_seed(deal, seat)) for seat in range(players)]
    deck = start_deck(players, options)
    while not state.is_over and not (len(state.deck) <= deck and not state.played):
        state = state.apply(next_action(state, bots, ["strong"] * players))
    timed = TimedSearch(way["search"])
    setattr(way["module"], way["name"], timed)
    without, with_search = finish(state, deal, False), finish(state, deal, True)
    return {"without": without.outcome == "won", "with": with_search.outcome == "won",
            "left_without": without.cards_left, "left_with": with_search.cards_left,
            "times": timed.times, "gave_up": timed.gave_up}


def sign_test(wins_only_with: int, wins_only_without: int) -> float:
    """Two-sided exact p-value that the two ways win equally often, from the deals only
    one of them wins."""
    n = wins_only_with + wins_only_without
    if not n:
        return 1.0
    k = min(wins_only_with, wins_only_without)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=range(1, 6), default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default="report")
    parser.add_argument("--expert", action="store_true", help="min_cards=3, small_hands=on")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--start", type=int,
                        help="cards left to draw at which the search starts (default: the"
                             " bot's own; this also tries the team search where the bot has"
                             " it off)")
    parser.add_argument("--budget", type=int,
                        help="positions the search may visit (the team search: per sampled"
                             " deal; default: the bot's own)")
    args = parser.parse_args(argv)
    options = GAMES["the-game"].resolve_options(EXPERT if args.expert else {}, args.players)
    if args.start is not None:
        try_start(args.players, options, args.start)
    deck = start_deck(args.players, options)
    if deck is None:
        parser.error("the team endgame search does not play at this table (--start tries"
                     " it there)")
    way = search_of(args.players)
    budget = args.budget or getattr(way["module"], way["budget"])
    tasks = [(args.players, options, args.seed, i, budget) for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = pool.map(play, tasks, chunksize=16)
    times = sorted(t * 1000 for r in rows for t in r["times"])
    only_with = sum(r["with"] and not r["without"] for r in rows)
    only_without = sum(r["without"] and not r["with"] for r in rows)
    mode = "expert" if args.expert else "classic"
    print(f"{mode}, {args.players} player(s), {args.games} deals of --seed {args.seed},"
          f" search from {deck} cards left to draw, budget {budget} positions")
    for way in ("without", "with"):
        wins = sum(r[way] for r in rows)
        low, high = wilson([int(r[way]) for r in rows])
        left = statistics.fmean(r[f"left_{way}"] for r in rows)
        excellent = sum(r[f"left_{way}"] < 10 for r in rows) / len(rows)
        print(f"{way} the search: {wins} wins, {wins / len(rows):.2%} ({low:.2%}–{high:.2%}),"
              f" {left:.2f} cards left, {excellent:.1%} excellent (< 10)")
    print(f"deals won only with it: {only_with}; only without it: {only_without};"
          f" sign test p = {sign_test(only_with, only_without):.2g}")
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"searches: {len(times)}, without an answer: {sum(r['gave_up'] for r in rows)};"
              f" CPython ms median {statistics.median(times):.1f}, p95 {p95:.1f},"
              f" max {times[-1]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
