"""The solo endgame of The Game, searched exactly while few cards are left to draw.

Alone, every card the seat does not see is in the draw pile (TG-14): only their order is
hidden, and every order is as likely as any other. With few of them left, the chance of
winning after each way of playing the turn can be computed exactly: the turns are
enumerated, and after each one every set of cards it may draw (TG-6), until the draw pile
is empty and nothing is hidden any more. :func:`best_chance` returns the plays that give
the best chance of playing every card, and that chance; :func:`searching` is the same
search in slices (a generator that yields at pauses, see ``bots.thinking``), for a page
that must stay responsive while it searches.

A budget of positions bounds the work; past it the search gives up (returns None) and the
bot plans as it does mid-game. Positions where some card can never be played again, not
even after backwards tricks (TG-5), are lost without searching further.
"""

from __future__ import annotations

from itertools import combinations

from ..engine.the_game import PILE_DIRS, fits
from .thinking import finish

UP = tuple(d == "up" for d in PILE_DIRS)
# The search starts when the draw pile holds at most this many cards, and gives up past
# this many positions: each position costs about the same, so the budget bounds the time
# a decision can take, the same on every machine and Python.
DECK = 9
BUDGET = 50_000
# A search thought in slices pauses each time it has met this many more positions.
PAUSE = 500


class OutOfBudget(Exception):
    """The search met more positions than its budget allows."""


def reachable_tops(pile: int, top: int, cards) -> set:
    """Every top ``pile`` might ever show if ``cards`` were played on it in some order: a
    card beyond a reachable top, or one exactly 10 back from one (TG-5). Order and
    competition between piles are ignored, so the set is never too small."""
    step = -10 if UP[pile] else 10
    tops = {top}
    grew = True
    while grew:
        lowest = min(tops) if UP[pile] else max(tops)
        new = {c for c in cards if c not in tops
               and ((c > lowest if UP[pile] else c < lowest) or c - step in tops)}
        grew = bool(new)
        tops |= new
    return tops


def some_card_is_dead(cards, tops) -> bool:
    """Whether one of ``cards`` fits no pile now and can never fit one later."""
    stuck = [card for card in cards
             if not any(fits(card, PILE_DIRS[p], top) for p, top in enumerate(tops))]
    if not stuck:  # the usual case: every card fits somewhere now
        return False
    reach = [reachable_tops(p, top, cards) for p, top in enumerate(tops)]
    return any(not any(fits(card, PILE_DIRS[p], t) for p in range(4) for t in reach[p])
               for card in stuck)


class Search:
    """What every endgame search shares: a count of positions against a budget, and a
    pause every :data:`PAUSE` positions for a search thought in slices."""

    def __init__(self, min_cards: int, budget: int):
        self.min_cards = min_cards
        self.budget = budget
        self.positions = 0
        self.pause_at = PAUSE

    def count(self) -> None:
        self.positions += 1
        if self.positions > self.budget:
            raise OutOfBudget

    def pause_due(self) -> bool:
        """Whether :data:`PAUSE` more positions were met since the last pause."""
        if self.positions < self.pause_at:
            return False
        self.pause_at = self.positions + PAUSE
        return True

    def one_play_on(self, hand: tuple, tops: tuple, plays: tuple, seen: set):
        """Every position one more play of ``hand`` reaches that ``seen`` does not hold
        yet (added to it, and counted): ``(kept, tops, plays)``."""
        for i, card in enumerate(hand):
            rest = hand[:i] + hand[i + 1:]
            for pile, top in enumerate(tops):
                if fits(card, PILE_DIRS[pile], top):
                    moved = tops[:pile] + (card,) + tops[pile + 1:]
                    if (rest, moved) not in seen:
                        seen.add((rest, moved))
                        self.count()
                        yield rest, moved, plays + ((card, pile),)


class Endgame(Search):
    """The exact search; ``min_cards`` is the table's minimum a turn (TG-4, TG-11).
    :meth:`chance`, :meth:`best_turn` and :meth:`after_turn` are generators that yield
    at pauses and return their answer (run one to its end with ``finish``)."""

    def __init__(self, min_cards: int, budget: int):
        super().__init__(min_cards, budget)
        self.chances: dict = {}
        self.emptied: dict = {}

    def chance(self, hand: tuple, tops: tuple, deck: tuple):
        """The chance of winning from the start of a turn: ``hand`` and ``deck`` sorted,
        ``deck`` the cards still to draw in an unknown order. Only :meth:`after_turn`
        asks, once it found no dead card among the same cards on the same tops."""
        key = (hand, tops, deck)
        if key not in self.chances:
            self.count()
            if not deck:
                found = 1.0 if self.plays_all(hand, tops) else 0.0
            else:
                found = (yield from self.best_turn(hand, tops, deck,
                                                   min(self.min_cards, len(hand))))[0]
            self.chances[key] = found
        return self.chances[key]

    def best_turn(self, hand: tuple, tops: tuple, deck: tuple, required: int,
                  already: int = 0):
        """``(chance, plays)`` of the best way to play the rest of this turn, ``already``
        cards of it played and ``required`` more needed; ``(0.0, None)`` when it cannot be
        played. Every order of plays is tried; a position reached twice in the turn is
        scored once."""
        best = (0.0, None)
        seen = set()
        stack = [(hand, tops, ())]
        while stack:
            if self.pause_due():
                yield
            kept, piles, plays = stack.pop()
            if len(plays) >= required:
                value = yield from self.after_turn(kept, piles, deck, already + len(plays))
                if best[1] is None or value > best[0]:
                    best = (value, plays)
                    if value == 1.0:
                        return best
            stack.extend(self.one_play_on(kept, piles, plays, seen))
        return best

    def plays_all(self, hand: tuple, tops: tuple) -> bool:
        """Whether every card of ``hand`` can be played, one after another (the draw
        pile is empty: nothing is hidden)."""
        if not hand:
            return True
        key = (hand, tops)
        if key not in self.emptied:
            self.count()
            self.emptied[key] = any(
                fits(card, PILE_DIRS[pile], top)
                and self.plays_all(hand[:i] + hand[i + 1:], tops[:pile] + (card,) + tops[pile + 1:])
                for i, card in enumerate(hand) for pile, top in enumerate(tops))
        return self.emptied[key]

    def after_turn(self, kept: tuple, tops: tuple, deck: tuple, played: int):
        """The chance of winning once the turn ends with ``played`` cards: the mean over
        every set of cards the draw may bring, all equally likely."""
        if some_card_is_dead(kept + deck, tops):  # whatever the draw brings
            return 0.0
        draws = list(combinations(deck, min(played, len(deck))))
        total = 0.0
        for drawn in draws:
            rest = tuple(c for c in deck if c not in drawn)
            total += yield from self.chance(tuple(sorted(kept + drawn)), tops, rest)
        return total / len(draws)


def searching(view: dict, deck, budget: int | None = None):
    """:func:`best_chance` in slices: a generator that yields at pauses and returns its
    answer."""
    already = len(view["played"])
    search = Endgame(view["min_cards"], BUDGET if budget is None else budget)
    try:
        return (yield from search.best_turn(
            tuple(sorted(view["hand"])), tuple(p["top"] for p in view["piles"]),
            tuple(sorted(deck)), max(view["required"] - already, 0), already))
    except OutOfBudget:
        return None


def best_chance(view: dict, deck, budget: int | None = None):
    """``(chance, plays)`` for the rest of this seat's turn, alone at the table with
    ``deck`` the cards it does not see; None past ``budget`` positions (:data:`BUDGET`
    when None)."""
    return finish(searching(view, deck, budget))
