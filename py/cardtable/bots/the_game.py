"""Bots for The Game. Each sees only its seat's view (TG-14) and talks only through the
pile signals of TG-13.

- ``random``: any legal play, ends the turn as soon as it may (for tests).
- ``casual``: card by card, the closest fit first; plays extra cards only when they are
  nearly free; respects signals.
"""

from __future__ import annotations

import random

from ..engine.rng import make_rng
from ..engine.the_game import PILE_DIRS, distance, fits, is_backwards


def legal_plays(view: dict):
    """Every legal ``(card, pile)`` in this view, for its own seat."""
    tops = [p["top"] for p in view["piles"]]
    return [(card, pile) for card in view["hand"] for pile in range(4)
            if fits(card, PILE_DIRS[pile], tops[pile])]


def must_play(view: dict) -> bool:
    return len(view["played"]) < view["required"] and bool(view["hand"])


def others_signals(view: dict, kind: str) -> set:
    """Piles where another seat raised the signal ``kind``."""
    return {s["pile"] for s in view["signals"] if s["kind"] == kind and s["seat"] != view["seat"]}


class RandomBot:
    """Legal and nothing more: a uniformly random play, ending the turn when allowed."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat
        self.rng: random.Random = make_rng(seed, f"bot-{seat}")

    def act(self, view: dict):
        if view["can_end"] and (not must_play(view)) and self.rng.random() < 0.5:
            return ("end",)
        plays = legal_plays(view)
        if plays and (must_play(view) or not view["can_end"]):
            card, pile = plays[int(self.rng.random() * len(plays))]
            return ("play", card, pile)
        return ("end",)


class CasualBot:
    """Card by card: play the cheapest fit; extra cards only when they cost little."""

    EXTRA_COST = 2  # an extra card is worth playing if it moves a pile at most this far

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat

    def cost(self, view: dict, card: int, pile: int) -> float:
        top = view["piles"][pile]["top"]
        direction = PILE_DIRS[pile]
        if is_backwards(card, direction, top):
            return -10
        cost = distance(card, direction, top)
        if pile in others_signals(view, "hold"):
            cost += 30
        if pile in others_signals(view, "small") and cost > 5:
            cost += 20
        return cost

    def act(self, view: dict):
        plays = legal_plays(view)
        if not plays:
            return ("end",)
        cost, card, pile = min((self.cost(view, c, p), c, p) for c, p in plays)
        if must_play(view) or cost <= self.EXTRA_COST or (view["deck"] == 0 and cost <= 10):
            return ("play", card, pile)
        return ("end",)


LEVELS = {"random": RandomBot, "casual": CasualBot}
DEFAULT_LEVEL = "casual"
