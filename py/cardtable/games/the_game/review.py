"""The Game's review (``bots/review.py``): the cards the team can expect to have left at
the end if the strong level played on, from what the seat saw.

Sampled worlds are played out by the casual level (fast, but it leaves far more cards
than strong does); the cards casual leaves are mapped onto the cards strong leaves by a
linear map for each stage of the game (:data:`CALIBRATION`, by the cards left at the
position), fitted by ``bench/review_calibration.py`` against the ends of strong's own
games from the same positions. A map that is linear keeps the driver's mean and noise
exact: the mean of the mapped play-outs is the map of their mean. The strong level's
hint names the better move."""

from __future__ import annotations

from dataclasses import replace

from ...bots.review import ReviewSpec

# The stages of a game: a position is in the first stage whose bound its cards left
# (draw pile and hands) do not exceed.
STAGE_BOUNDS = (6, 12, 20, 30, 45, 65, 100)

# ``(a, b)`` per stage: strong's cards left ≈ a + b × casual's cards left. Written by
# ``python bench/review_calibration.py --game the-game --deals 60 --every 4 --reviews 2
# --samples 12`` (docs/figures/review.md).
CALIBRATION = ((-0.012, 0.515), (-0.691, 0.672), (-1.523, 0.968), (-2.717, 1.131),
               (-3.844, 1.123), (-4.623, 0.844), (-5.232, 0.635))


def stage(state) -> int:
    """The stage of ``state`` (an index into :data:`STAGE_BOUNDS`)."""
    left = state.cards_left
    return next((i for i, bound in enumerate(STAGE_BOUNDS) if left <= bound),
                len(STAGE_BOUNDS) - 1)


def cards_left(start, end, seat: int) -> float:
    """The cards the team has left at the end of a play-out (TG-10)."""
    return float(end.cards_left)


def calibrated(table) -> callable:
    """The measure :func:`cards_left` mapped by ``table``'s row for the play-out's
    starting stage."""
    def measure(start, end, seat: int) -> float:
        a, b = table[stage(start)]
        return a + b * end.cards_left
    return measure


# The review before calibration: what the bench fits the map on.
# Every world where a move may be a mistake, half of them where the first half say it is
# not: a review takes less time, and such a point says its wider noise (what it saves:
# bench/review_speed.py, docs/figures/review.md).
RAW = ReviewSpec(policy="casual", judge="strong", samples=20, least=10, measure=cards_left,
                 unit="cards", higher=False)
REVIEW = replace(RAW, measure=calibrated(CALIBRATION))
