"""The Game's review (``bots/review.py``): the cards the team would have left at the end,
the casual level playing sampled worlds out; the strong level's hint names the better
move."""

from ...bots.review import ReviewSpec


def cards_left(start, end, seat: int) -> float:
    return float(end.cards_left)


REVIEW = ReviewSpec(policy="casual", judge="strong", samples=12, measure=cards_left,
                    unit="cards", higher=False)
