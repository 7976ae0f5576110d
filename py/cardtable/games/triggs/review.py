"""Triggs' review (``bots/review.py``): the seat's chance to win if the strong level played
on, from what the seat saw.

Sampled worlds are played out by the basic level (a whole game in a few milliseconds;
strong is ten times slower), and whether the seat won is mapped onto strong's chance by a
linear map for each stage (:data:`CALIBRATION`), fitted by ``bench/review_calibration.py``
against the ends of strong's own games from the same positions. A linear map keeps the
driver's mean and noise exact: the mean of the mapped play-outs is the map of their mean.
A stage is the number of players and how far the leading sheet is (boxes crossed, public,
TR-13), so that a world and the true position share it. The strong level's hint names the
better move."""

from __future__ import annotations

from dataclasses import replace

from ...bots.review import ReviewSpec
from .rules import TOTAL_BOXES

# A position's progress: the first bound the most boxes crossed on one sheet does not
# exceed (of TOTAL_BOXES); one such row of stages per number of players, 2 to 4.
PROGRESS_BOUNDS = (12, 24, 32, TOTAL_BOXES)
PLAYER_COUNTS = (2, 3, 4)

# ``(a, b)`` per stage: strong's chance to win ≈ a + b × basic's. The lines that
# ``python bench/review_calibration.py --game triggs --players 2`` (and 3, and 4) fitted
# did no better than none on the deals kept apart to check them, so every stage
# keeps (0, 1): the commands and figures are in docs/figures/review.md.
CALIBRATION = ((0.0, 1.0),) * (len(PROGRESS_BOUNDS) * len(PLAYER_COUNTS))


def stage(state) -> int:
    """The stage of ``state`` (an index into :data:`CALIBRATION`)."""
    most = max(sum(sheet) for sheet in state.sheets)
    progress = next(i for i, bound in enumerate(PROGRESS_BOUNDS) if most <= bound)
    return PLAYER_COUNTS.index(state.players) * len(PROGRESS_BOUNDS) + progress


def won(start, end, seat: int) -> float:
    """1 if the seat won the play-out (TR-12), else 0."""
    return end.returns()[seat]


def calibrated(table) -> callable:
    """The measure :func:`won` mapped by ``table``'s row for the play-out's start."""
    def measure(start, end, seat: int) -> float:
        a, b = table[stage(start)]
        return a + b * won(start, end, seat)
    return measure


# The review before calibration: what the bench fits the map on.
RAW = ReviewSpec(policy="basic", judge="strong", samples=12, measure=won, unit="chance")
REVIEW = replace(RAW, measure=calibrated(CALIBRATION))
