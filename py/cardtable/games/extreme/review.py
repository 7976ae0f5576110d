"""Extreme's review (``bots/review.py``): the cards the team can expect to have left at the
end if the strong level played on, from what the seat saw.

Sampled worlds are played out by :class:`PlayOut`, a fast policy of this module (the
careful level looks a turn ahead at every action: too slow for a review), and the cards
it leaves are mapped onto the cards strong leaves by a linear map for each stage of the
game, as in The Game's review (``the_game/review.py``), fitted by
``bench/review_calibration.py``. The strong level's hint names the better move."""

from __future__ import annotations

from dataclasses import replace

from ...bots.review import ReviewSpec
from ..the_game.bots import CasualBot
from ..the_game.review import calibrated, cards_left
from ..the_game.review import stage  # noqa: F401 (the stages the bench fits on)
from .bots import can_end, safe_plays, share_action


class PlayOut(CasualBot):
    """A play-out bot: card by card, the cheapest safe play (The Game's casual price: the
    distance it moves the pile, a backwards trick -10, more on a pile another seat asked
    to hold or keep small), extra cards only when they are nearly free. It sees only its
    view, chooses among its ``legal`` actions (which the engine offers only when the turn
    can still be completed, EX-2) and never plays the losing three of EX-6 while anything
    else is possible; it shares its instruction kinds whenever it may (EX-12), like every
    level. Deterministic: it draws nothing."""

    EXTRA_COST = 2  # an extra card is played if it moves its pile at most this far
    EXTRA_COST_ENDGAME = 10  # the same once the draw pile is empty

    def act(self, view: dict):
        share = share_action(view)
        if share:
            return share
        plays = safe_plays(view)
        if not plays:
            return ("end",) if can_end(view) else tuple(view["legal"][0])
        cost, card, pile = self.cheapest(view, plays)
        extra = self.EXTRA_COST if view["deck"] else self.EXTRA_COST_ENDGAME
        if not can_end(view) or cost <= extra:
            return ("play", card, pile)
        return ("end",)


# ``(a, b)`` per stage (``the_game/review.py``'s stages): strong's cards left ≈ a + b ×
# PlayOut's cards left. Written by
# ``python bench/review_calibration.py --game extreme --deals 20 --every 6 --reviews 1``
# (docs/figures/review.md).
CALIBRATION = ((0.0, 1.0), (0.0, 1.0), (-1.009, 0.959), (-3.947, 1.075), (-3.870, 0.895),
               (0.888, 0.515), (8.145, 0.136))

# The review before calibration: what the bench fits the map on. Every world where a move
# may be a mistake, half of them where the first half say it is not (as The Game's).
RAW = ReviewSpec(policy=PlayOut, judge="strong", samples=8, least=4, measure=cards_left,
                 unit="cards", higher=False)
REVIEW = replace(RAW, measure=calibrated(CALIBRATION))
