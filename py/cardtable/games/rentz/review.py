"""Rentz's review (``bots/review.py``): the points the seat can expect from the deal under
way if the strong level played on, from what the seat saw, against the deal's fair share
(its points shared out evenly: 0 is an average seat's lot). Counted so, a choice of
sub-game compares as the strong level weighs it (a sub-game not chosen now is chosen
later), and deals of different sub-games share one scale.

Sampled worlds are played out to the deal's end by the basic level (strong plays each
card out over a hundred worlds itself: far too slow for a review), and the seat's points
are mapped onto strong's by a linear map for each sub-game (:data:`CALIBRATION`; the
choice of the sub-game is a stage of its own), fitted by ``bench/review_calibration.py``
against the ends of strong's own deals from the same positions. A linear map keeps the
driver's mean and noise exact. The chart's point is the estimate after the move made; a
move's drop is its paired difference with the strong level's hinted move in the same
worlds: what the top bot would expect there, less what the move made leaves."""

from __future__ import annotations

from dataclasses import replace

from ...bots.review import ReviewSpec
from .bots import fair_share
from .rules import SUB_GAME_IDS

# The stages: each sub-game in SUB_GAME_IDS order, then the choice of one.
CHOOSING = len(SUB_GAME_IDS)

# ``(a, b)`` per stage: strong's deal points ≈ a + b × basic's (both against the fair
# share). The lines that ``python bench/review_calibration.py --game rentz --players 3``
# fitted did no better than none on the matches kept apart to check them, so every stage
# keeps (0, 1): the command and figures are in docs/figures/review.md.
CALIBRATION = ((0.0, 1.0),) * (CHOOSING + 1)


def stage(state) -> int:
    """The stage of ``state``: its sub-game's index, or :data:`CHOOSING` before one is
    chosen (public, RZ-11)."""
    return CHOOSING if state.sub_game is None else SUB_GAME_IDS.index(state.sub_game)


def deal_over(start, state) -> bool:
    """Whether the deal under way at ``start`` is over (its entry is on the sheet)."""
    return len(state.sheet) > len(start.sheet)


def deal_points(start, end, seat: int) -> float:
    """The seat's points in the deal that was under way at ``start`` (RZ-7, RZ-9) less
    the deal's fair share (twice as much in a doubled deal, RZ-4)."""
    if not deal_over(start, end):
        return 0.0
    _, sub_game, doubled, points = end.sheet[len(start.sheet)]
    fair = fair_share(sub_game, start.opts, start.players) * (2 if doubled else 1)
    return points[seat] - fair


def calibrated(table) -> callable:
    """The measure :func:`deal_points` mapped by ``table``'s row for the play-out's start."""
    def measure(start, end, seat: int) -> float:
        a, b = table[stage(start)]
        return a + b * deal_points(start, end, seat)
    return measure


# The review before calibration: what the bench fits the map on.
RAW = ReviewSpec(policy="basic", judge="strong", samples=12, measure=deal_points,
                 unit="points", until=deal_over)
REVIEW = replace(RAW, measure=calibrated(CALIBRATION))
