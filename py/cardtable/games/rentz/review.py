"""Rentz's review (``bots/review.py``): the points the seat would score in the deal under
way, the basic level playing sampled worlds out to the deal's end; the strong level's
hint names the better move."""

from ...bots.review import ReviewSpec


def deal_over(start, state) -> bool:
    return len(state.sheet) > len(start.sheet)


def deal_points(start, end, seat: int) -> float:
    """The seat's points in the deal that was under way at ``start``."""
    return float(end.sheet[len(start.sheet)][3][seat]) if deal_over(start, end) else 0.0


REVIEW = ReviewSpec(policy="basic", judge="strong", samples=12, measure=deal_points,
                    unit="points", until=deal_over)
