"""What the strong bot's endgame searches win, deal by deal, in The Game: the solo search
(``the_game_endgame``) alone, the team search (``the_game_team_endgame``) where it
plays (classic mode, and expert mode with 2 players).

Every deal is played by strong bots in every seat up to the first turn that starts with
at most as many cards in the draw pile as the search starts from (until then the search plays no
part), and from there finished twice: with the search and without it. Printed: the
wins both ways (with Wilson's 95% intervals) and the cards left, the deals only one
of them wins, the exact two-sided sign test on those deals, how often the search
ran and came back without an answer (solo: past its budget; team: the game already
lost, or no way won a sampled deal), and the time of the plans it made (median, p95,
max).

``--level master`` finishes each deal with the master level's searches instead and
"without" with the strong level's own (the two levels play alike until the master's
search starts), and prints the paired 95% interval of the difference in wins too.

    python bench/endgame_gain.py --games 10000 --seed 1 --expert --jobs 2
    python bench/endgame_gain.py --level master --games 10000 --seed 1 --expert --jobs 2
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

from dataclasses import replace  # noqa: E402

from cardtable.games.the_game import endgame  # noqa: E402
from cardtable.games.the_game import team_endgame  # noqa: E402
from cardtable.games.the_game.bots import StrongBot  # noqa: E402
from cardtable.games.the_game.lookahead import MASTER, STRONG  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.sim import bot_seed, next_action, student, wilson  # noqa: E402

EXPERT = {"min_cards": 3, "small_hands": True}
# Per search: its module and the name and function of the generator to time.
SEARCHES = {"solo": (endgame, "searching", endgame.searching),
            "team": (team_endgame, "team_searching", team_endgame.team_searching)}


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


def lookaheads(players: int, options: dict, start: int | None, budget: int | None,
               level: str = "strong") -> tuple:
    """The strong level's lookahead with the search of this table (starting at ``start``
    cards left and within ``budget`` positions, the team search's per sampled deal, when
    given) and without it; for ``level`` master, the master's and the strong level's."""
    if level == "master":
        return MASTER, STRONG
    if players == 1:
        return (replace(STRONG, solo_deck=STRONG.solo_deck if start is None else start,
                        solo_budget=budget or STRONG.solo_budget),
                replace(STRONG, solo_deck=-1))
    decks = dict(STRONG.team_decks)
    if start is not None:
        decks[(options["min_cards"], players)] = start
    return (replace(STRONG, team_decks=decks, sample_budget=budget or STRONG.sample_budget),
            replace(STRONG, team_decks={}))


def start_deck(lookahead, players: int, options: dict):
    """The most cards left to draw at which the search plays; None if it never does."""
    if players == 1:
        return lookahead.solo_deck
    return lookahead.team_decks.get((options["min_cards"], players))


def finish(state, deal: str, lookahead):
    """Play ``state`` to its end with strong bots looking ahead as ``lookahead`` says."""
    bots = [StrongBot(seat, bot_seed(deal, seat), lookahead=lookahead)
            for seat in range(state.players)]
    while not state.is_over:
        state = state.apply(next_action(state, bots, ["strong"] * state.players))
    return state


def play(task: tuple) -> dict:
    """One deal (players, ``options``, run seed, index, the lookaheads with and without
    the search): its outcome with and without the search, and the search's calls."""
    players, options, seed, index, on, off = task
    deal = derive_seed(seed, index)
    state = GAMES["the-game"].new(players, options, deal)
    bots = [StrongBot(seat, bot_seed(deal, seat), lookahead=off) for seat in range(players)]
    deck = start_deck(on, players, options)
    while not state.is_over and not (len(state.deck) <= deck and not state.played):
        state = state.apply(next_action(state, bots, ["strong"] * players))
    module, name, search = SEARCHES["solo" if players == 1 else "team"]
    timed = TimedSearch(search)
    without = finish(state, deal, off)
    setattr(module, name, timed)  # only the searches of the "with" games are timed
    try:
        with_search = finish(state, deal, on)
    finally:
        setattr(module, name, search)
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
    parser.add_argument("--level", choices=("strong", "master"), default="strong",
                        help="master: its searches against strong's (--start and --budget"
                             " then do not apply)")
    args = parser.parse_args(argv)
    if args.level == "master" and (args.start is not None or args.budget is not None):
        parser.error("--level master searches as the master level does: without --start"
                     " and --budget")
    options = GAMES["the-game"].resolve_options(EXPERT if args.expert else {}, args.players)
    on, off = lookaheads(args.players, options, args.start, args.budget, args.level)
    deck = start_deck(on, args.players, options)
    if deck is None:
        parser.error("the team endgame search does not play at this table (--start tries"
                     " it there)")
    budget = on.solo_budget if args.players == 1 else on.sample_budget
    tasks = [(args.players, options, args.seed, i, on, off) for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = pool.map(play, tasks, chunksize=16)
    times = sorted(t * 1000 for r in rows for t in r["times"])
    only_with = sum(r["with"] and not r["without"] for r in rows)
    only_without = sum(r["without"] and not r["with"] for r in rows)
    mode = "expert" if args.expert else "classic"
    print(f"{mode}, {args.players} player(s), {args.games} deals of --seed {args.seed},"
          f" search from {deck} cards left to draw, budget {budget} positions"
          + (" (master; without: strong's searches)" if args.level == "master" else ""))
    names = ({"without": "strong", "with": "master"} if args.level == "master"
             else {"without": "without the search", "with": "with the search"})
    for way in ("without", "with"):
        wins = sum(r[way] for r in rows)
        low, high = wilson([int(r[way]) for r in rows])
        left = statistics.fmean(r[f"left_{way}"] for r in rows)
        excellent = sum(r[f"left_{way}"] < 10 for r in rows) / len(rows)
        print(f"{names[way]}: {wins} wins, {wins / len(rows):.2%} ({low:.2%}–{high:.2%}),"
              f" {left:.2f} cards left, {excellent:.1%} excellent (< 10)")
    print(f"deals won only with it: {only_with}; only without it: {only_without};"
          f" sign test p = {sign_test(only_with, only_without):.2g}")
    low, high = student([int(r["with"]) - int(r["without"]) for r in rows]) or (0.0, 0.0)
    print(f"wins with it minus without, paired 95%: {(only_with - only_without) / len(rows):+.2%}"
          f" ({low:+.2%} … {high:+.2%})")
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"searches: {len(times)}, without an answer: {sum(r['gave_up'] for r in rows)};"
              f" CPython ms median {statistics.median(times):.1f}, p95 {p95:.1f},"
              f" max {times[-1]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
