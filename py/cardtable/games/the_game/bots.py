"""Bots for The Game. Each sees only its seat's view (TG-14), chooses only among the
view's ``legal`` actions, and talks only through the pile signals of TG-13.

- ``random``: any legal play, ends the turn as soon as it may (for tests).
- ``casual``: card by card, the closest fit first; plays extra cards only when they are
  nearly free; respects signals.
- ``strong``: plans the whole turn on its first call (see :mod:`.search`), then
  replays the plan one action per call; raises and clears signals; offers ``hint``
  (and ``think_hint``, the same in slices).
- ``master``: the strong bot whose endgame searches look further ahead
  (:data:`.lookahead.MASTER`: the team search from more cards left to draw, over more
  sampled deals and positions; alone, the exact search from more cards). It thinks
  longer late in a game, in slices; the page's hint plays at this level.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ...engine.core import as_action, thaw
from ...engine.rng import make_rng
from . import DEFAULT_LEVEL  # noqa: F401 (the bots' API; declared by the package)
from .rules import PILE_DIRS, distance, is_backwards
from .lookahead import MASTER, STRONG
from .search import planning_turn, weights_for
from ...bots.thinking import finish


def plays_of(view: dict) -> list:
    """The ``(card, pile)`` of every play in the view's ``legal`` actions, in their order."""
    return [(action[1], action[2]) for action in view["legal"] if action[0] == "play"]


def can_end(view: dict) -> bool:
    return ["end"] in view["legal"]


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
        if can_end(view) and (not must_play(view)) and self.rng.random() < 0.5:
            return ("end",)
        plays = plays_of(view)
        if plays and (must_play(view) or not can_end(view)):
            card, pile = plays[int(self.rng.random() * len(plays))]
            return ("play", card, pile)
        return ("end",)


class CasualBot:
    """Card by card: play the cheapest fit; extra cards only when they cost little."""

    EXTRA_COST = 2  # an extra card is worth playing if it moves a pile at most this far

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat

    @staticmethod
    def cost(view: dict, card: int, pile: int, held: set, kept_small: set) -> float:
        """The price of playing ``card`` on ``pile``: how far it moves the pile (a
        backwards trick -10), more on a pile another seat asked to hold (``held``) or to
        keep small (``kept_small``)."""
        top = view["piles"][pile]["top"]
        direction = PILE_DIRS[pile]
        if is_backwards(card, direction, top):
            return -10
        cost = distance(card, direction, top)
        if pile in held:
            cost += 30
        if pile in kept_small and cost > 5:
            cost += 20
        return cost

    def cheapest(self, view: dict, plays: list) -> tuple:
        """``(cost, card, pile)`` of the cheapest of ``plays`` (ties: the lower card, then
        the lower pile)."""
        held, kept_small = others_signals(view, "hold"), others_signals(view, "small")
        return min((self.cost(view, c, p, held, kept_small), c, p) for c, p in plays)

    def act(self, view: dict):
        plays = plays_of(view)
        if not plays:
            return ("end",)
        cost, card, pile = self.cheapest(view, plays)
        if must_play(view) or cost <= self.EXTRA_COST or (view["deck"] == 0 and cost <= 10):
            return ("play", card, pile)
        return ("end",)


class StrongBot:
    """Plans the whole turn once, on the turn's first call, and replays it action by action.

    The plan is recomputed if the view's ``legal`` actions no longer hold its next action
    (for instance when someone else's action changed the table in between). ``change``
    replaces fields of the weights the table calls for (tuning, ``bench/``); the levels
    never set it. ``LOOKAHEAD`` is how far the level's endgame searches look;
    ``lookahead`` replaces it for one bot (``bench/``; the levels never set it either).
    """

    LOOKAHEAD = STRONG

    def __init__(self, seat: int, seed: str = "0", change: dict | None = None,
                 lookahead=None):
        self.seat = seat
        self.change = change or {}
        self.lookahead = lookahead or self.LOOKAHEAD
        self.pending: list = []
        self.turn = None

    def act(self, view: dict):
        return finish(self.think(view))

    def think(self, view: dict):
        """:meth:`act` in slices: yields while its turn search or an endgame search pauses (see
        ``bots.thinking``)."""
        if self.turn != view["turn"] or not self.pending or not is_legal(view, self.pending[0]):
            plan = yield from planning_turn(view, self.weights(view), self.lookahead)
            self.pending = list(plan.actions)
            self.turn = view["turn"]
        if not is_legal(view, self.pending[0]):  # a plan the engine disagrees with: drop it
            self.pending = [as_action(view["legal"][0])]
        return self.pending.pop(0)

    def weights(self, view: dict):
        """The weights with ``change`` made, or None (the table's own) without one."""
        if not self.change:
            return None
        return replace(weights_for(view["players"], view["min_cards"]), **self.change)

    def hint(self, view: dict) -> dict:
        """The web UI's Hint button: the turn this level would play from ``view``, and why
        in words."""
        return finish(self.think_hint(view))

    def think_hint(self, view: dict):
        """:meth:`hint` in slices: yields while its turn search or an endgame search pauses (see
        ``bots.thinking``)."""
        plan = yield from planning_turn(view, lookahead=self.lookahead)
        return {"actions": [list(a) for a in plan.actions], "reason": plan.reason}


class MasterBot(StrongBot):
    """The strong bot with the master level's endgame searches (:data:`.lookahead.MASTER`)."""

    LOOKAHEAD = MASTER


def is_legal(view: dict, action) -> bool:
    """Whether ``action`` is among the view's ``legal`` actions."""
    return thaw(action) in view["legal"]


def hint(view: dict) -> dict:
    """The turn the top level (master) would play from this view, and why in words (the
    page's hint is the best level its table offers: ``web.bot_runner.hint_bot``)."""
    return MasterBot(view["seat"]).hint(view)


LEVELS = {"random": RandomBot, "casual": CasualBot, "strong": StrongBot, "master": MasterBot}
