"""Triggs' review (``bots/review.py``): the seat's chance to win, the basic level playing
sampled worlds out; the strong level's hint names the better move."""

from ...bots.review import ReviewSpec


def won(start, end, seat: int) -> float:
    return end.returns()[seat]


REVIEW = ReviewSpec(policy="basic", judge="strong", samples=12, measure=won, unit="chance")
