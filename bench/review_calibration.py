"""How faithful a game's review estimate is (issue 52), for any game with a ``REVIEW``.

Plays ``--deals`` deals (seeds ``review-calibration-<i>``, apart from the tests') with the
review's judge level at every seat. At every ``--every``-th move of each seat, the review's
estimate there (``position_value``: sampled worlds consistent with the seat's view, played
out by the review's policy) is set beside the *truth* it stands for: the review's measure
taken at the end of the judge's own game from that position.

A game whose review module offers ``RAW`` (its spec before calibration) and ``stage(state)``
(an index into its ``CALIBRATION`` rows) is calibrated: a linear map ``truth ≈ a + b × raw``
is fitted for each stage on the even deals and checked on the odd ones; the script prints
the fitted rows as Python, to be written into the module as its ``CALIBRATION``. Without
them the estimate is checked as it is.

Printed and written to ``docs/figures/review.md`` (the game's own section, others kept):
the rows, the correlation and mean absolute error against the truth before and after the
map on the check deals, the mean noise of an estimate, and the time of whole reviews of
``--reviews`` check deals' records (from seat 0) with the longest slice and the moves that
review names (a game of the judge alone: any named is a false alarm). ``--deals 0`` times
the whole reviews alone, in a section of their own.

    python bench/review_calibration.py --game the-game --deals 120
"""

from __future__ import annotations

import argparse
import datetime
import math
import multiprocessing
import os
import platform
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from tqdm import tqdm  # noqa: E402

from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.review import Review, position_value, review_spec  # noqa: E402
from cardtable.engine.core import as_action, thaw  # noqa: E402
from cardtable.engine.registry import GAMES, game_module  # noqa: E402
from cardtable.sim import bot_seed  # noqa: E402

FIGURES = ROOT / "docs" / "figures" / "review.md"
PREFIX = "review-calibration"


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    every: int
    samples: int | None


def judge_game(game: str, players: int, deal: str, level: str) -> tuple:
    """The deal played by ``level`` at every seat: its positions and actions."""
    states, actions = [GAMES[game].new(players, {}, deal)], []
    seats = [make_bot(game, level, seat, bot_seed(deal, seat)) for seat in range(players)]
    while states[-1].current_player is not None:
        state = states[-1]
        action = state.forced_action()
        if action is None:
            action = as_action(seats[state.current_player].act(state.view(state.current_player)))
        actions.append(thaw(action))
        states.append(state.apply(action))
    return states, actions


def measured_deal(job: Job, index: int) -> list:
    """``(deal index, stage, raw estimate, noise, truth)`` at every ``every``-th move of
    each seat in deal ``index``."""
    module = game_module(job.game, "review")
    spec = getattr(module, "RAW", module.REVIEW)
    stage = getattr(module, "stage", lambda state: 0)
    deal = f"{PREFIX}-{index}"
    states, _ = judge_game(job.game, job.players, deal, spec.judge)
    end, rows, moves = states[-1], [], {}
    for step, state in enumerate(states[:-1]):
        seat = state.current_player
        if state.forced_action() is not None:
            continue
        moves[seat] = moves.get(seat, -1) + 1
        if moves[seat] % job.every:
            continue
        raw, noise = position_value(job.game, state, seat, job.samples, f"{deal}-{step}", spec)
        rows.append((index, stage(state), raw, noise, spec.measure(state, end, seat)))
    return rows


def fit(pairs: list) -> tuple:
    """``(a, b)``: the least-squares line ``y ≈ a + b x`` through ``(x, y)`` pairs; the
    identity when they cannot fix one."""
    n = len(pairs)
    if n < 10:
        return 0.0, 1.0
    mx, my = sum(x for x, _ in pairs) / n, sum(y for _, y in pairs) / n
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    if sxx == 0:
        return my - mx, 1.0
    b = sum((x - mx) * (y - my) for x, y in pairs) / sxx
    return my - b * mx, b


def correlation(pairs: list) -> float:
    n = len(pairs)
    mx, my = sum(x for x, _ in pairs) / n, sum(y for _, y in pairs) / n
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    syy = sum((y - my) ** 2 for _, y in pairs)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def mean_abs(pairs: list) -> float:
    return sum(abs(x - y) for x, y in pairs) / len(pairs)


def reviewed(game: str, players: int, index: int) -> dict:
    """A whole review, from seat 0, of the record of check deal ``index`` played by the
    judge: its time on the clock and in CPU (this process's, which other work on the
    machine does not lengthen), its longest slice in CPU time and the moves it names."""
    spec = review_spec(game)
    deal = f"{PREFIX}-{index}"
    _, actions = judge_game(game, players, deal, spec.judge)
    review = Review(game, players, {}, deal, actions, 0)
    start, cpu = time.perf_counter(), time.process_time()
    last, longest = time.thread_time(), 0.0
    for _ in review.steps():
        now = time.thread_time()
        longest, last = max(longest, now - last), now
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu,
            "longest": longest, "moves": len(review.points), "named": len(review.moments)}


def reviews_section(game: str, reviews: list) -> list:
    """The lines of the whole reviews' table."""
    spec = review_spec(game)
    lines = ["Whole reviews of check deals' records (seat 0, the shipped `REVIEW`: "
             f"{spec.samples} worlds a move, one process; the load average of the machine "
             f"at the end: {os.getloadavg()[0]:.1f}; CPU time is this process's own):", "",
             "| deal | seat's moves | seconds | CPU seconds | longest slice (CPU ms) |"
             " moves named |", "| --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {PREFIX}-{r['index']} | {r['moves']} | {r['seconds']:.1f} | {r['cpu']:.1f} |"
              f" {r['longest'] * 1000:.0f} | {r['named']} |" for r in reviews]
    return lines + [""]


def measured_on(elapsed: float) -> str:
    return (f"Measured {datetime.date.today()} on {platform.machine()} "
            f"({os.cpu_count()} cores, {platform.python_implementation()} "
            f"{platform.python_version()}; `{platform.uname().system} "
            f"{platform.uname().release}`), in {elapsed:.0f} s:")


def calibration_rows(module, fitting: list) -> list:
    """The fitted ``(a, b)`` of every stage of ``module``."""
    stages = len(getattr(module, "CALIBRATION", ((0.0, 1.0),)))
    return [fit([(raw, truth) for _, s, raw, _, truth in fitting if s == stage])
            for stage in range(stages)]


def report(args, rows: list, reviews: list, elapsed: float) -> str:
    module = game_module(args.game, "review")
    spec = review_spec(args.game)
    calibrates = hasattr(module, "RAW") and hasattr(module, "stage")
    fitting = [r for r in rows if r[0] % 2 == 0]
    checking = [r for r in rows if r[0] % 2 == 1]
    table = calibration_rows(module, fitting) if calibrates else [(0.0, 1.0)]
    raw = [(r[2], r[4]) for r in checking]
    mapped = [(table[r[1]][0] + table[r[1]][1] * r[2], r[4]) for r in checking]
    noise = [abs(table[r[1]][1]) * r[3] for r in checking]
    bias = sum(x - y for x, y in mapped) / len(mapped)
    policy = getattr(spec.policy, "__name__", spec.policy)
    lines = [f"## {args.game}", "",
             measured_on(elapsed), "",
             f"    python bench/review_calibration.py --game {args.game} --players {args.players}"
             f" --deals {args.deals} --every {args.every} --reviews {args.reviews}"
             + (f" --samples {args.samples}" if args.samples else "")
             + (" --no-write" if args.no_write else ""), "",
             f"{args.players} players; the judge ({spec.judge}) at every seat of deals "
             f"`{PREFIX}-<i>`; estimates by `{policy}` play-outs, "
             f"{args.samples or spec.samples} worlds each, in the unit `{spec.unit}`; "
             f"truth: the same measure at the end of the judge's game.", ""]
    if calibrates:
        lines += ["Calibration fitted on the even deals "
                  f"({len(fitting)} positions): `{module.__name__}.CALIBRATION`, "
                  "one `(a, b)` per stage (`STAGE_BOUNDS`, cards left):", "",
                  "    CALIBRATION = (" + "".join(
                      f"\n        ({a:.3f}, {b:.3f}),  # stage {i}: "
                      f"{sum(1 for r in fitting if r[1] == i)} positions"
                      for i, (a, b) in enumerate(table)) + "\n    )", ""]
    lines += [f"On the odd deals ({len(checking)} positions of "
              f"{len({r[0] for r in checking})} deals):", "",
              "| estimate | correlation with the truth | mean absolute error | mean error |",
              "| --- | --- | --- | --- |",
              f"| raw | {correlation(raw):.3f} | {mean_abs(raw):.2f} |"
              f" {sum(x - y for x, y in raw) / len(raw):+.2f} |",
              f"| calibrated | {correlation(mapped):.3f} | {mean_abs(mapped):.2f} |"
              f" {bias:+.2f} |", "",
              f"Mean noise of a calibrated estimate (half-width of its 95% interval): "
              f"{sum(noise) / len(noise):.2f}.", ""]
    if reviews:
        lines += reviews_section(args.game, reviews)
    return "\n".join(lines)


def reviews_only(args, reviews: list, elapsed: float) -> str:
    """The section of whole reviews alone (``--deals 0``)."""
    return "\n".join([f"## {args.game}: whole reviews", "", measured_on(elapsed), "",
                      f"    python bench/review_calibration.py --game {args.game} --players"
                      f" {args.players} --deals 0 --reviews {args.reviews}", ""] + reviews_section(args.game, reviews))


def write_section(text: str) -> None:
    """Put ``text`` in place of its section (its first line) of the figures file, others
    kept."""
    head = ("# Reviews: how faithful the estimate is\n\n"
            "Made by `bench/review_calibration.py`, one section per game (issue 52).\n\n")
    old = FIGURES.read_text(encoding="utf-8") if FIGURES.exists() else head
    sections = re.split(r"(?m)^(?=## )", old)
    title = text.split("\n", 1)[0]
    kept = [s for s in sections[1:] if s.split("\n", 1)[0] != title]
    body = sorted(kept + [text.rstrip() + "\n\n"], key=lambda s: s.split("\n", 1)[0])
    FIGURES.write_text(sections[0] + "".join(body).rstrip() + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--every", type=int, default=4, help="every n-th move of a seat")
    parser.add_argument("--samples", type=int, default=None, help="the spec's unless given")
    parser.add_argument("--reviews", type=int, default=2, help="whole reviews timed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    job = Job(args.game, args.players, args.every, args.samples)
    start = time.perf_counter()
    rows = []
    with multiprocessing.Pool(args.jobs) as pool:
        for found in tqdm(pool.imap_unordered(deal_of(job), range(args.deals)),
                          total=args.deals):
            rows.extend(found)
    reviews = [{"index": i, **reviewed(args.game, args.players, i)}
               for i in range(1, 2 * args.reviews, 2)]
    elapsed = time.perf_counter() - start
    text = report(args, rows, reviews, elapsed) if rows else reviews_only(args, reviews, elapsed)
    print(text)
    if not args.no_write:
        write_section(text)


class deal_of:  # noqa: N801 (a picklable function of one argument)
    """``measured_deal`` with the job bound, for a pool."""

    def __init__(self, job: Job):
        self.job = job

    def __call__(self, index: int) -> list:
        return measured_deal(self.job, index)


if __name__ == "__main__":
    main()
