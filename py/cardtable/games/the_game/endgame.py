"""The solo endgame of The Game, searched exactly while few cards are left to draw.

Alone, every card the seat does not see is in the draw pile (TG-14): only their order is
hidden, and every order is as likely as any other. With few of them left, the chance of
winning after each way of playing the turn can be computed exactly: the turns are
enumerated, and after each one every set of cards it may draw (TG-6), until the draw pile
is empty and nothing is hidden any more. :func:`best_chance` returns the plays that give
the best chance of playing every card, and that chance; :func:`searching` is the same
search in slices (a generator that yields at pauses, see ``bots.thinking``), for a page
that must stay responsive while it searches.

A budget of positions bounds the work (each position costs about the same, so it bounds
the time a decision can take, the same on every machine and Python; a level's
:class:`.lookahead.Lookahead` says how many and from how many cards left the search
starts); past it the search gives up (returns None) and the bot plans as it does
mid-game. Positions where some card can never be played again, not
even after backwards tricks (TG-5), are lost without searching further.
"""

from __future__ import annotations

from itertools import combinations

from .rules import PILE_DIRS, fits
from ...bots.thinking import finish
from .lookahead import STRONG

UP = tuple(d == "up" for d in PILE_DIRS)
# A search thought in slices pauses each time it has met this many more positions.
PAUSE = 500


class OutOfBudget(Exception):
    """The search met more positions than its budget allows."""


def furthest_back(top: int, cards, up: bool) -> int:
    """The furthest back a pile showing ``top`` might ever go if ``cards`` (a set) were
    played on it in some order: the lowest top of an ascending pile, the highest of a
    descending one. A card beyond a top it may show can follow, and so can one exactly 10
    back from one (TG-5), so every card from there on is a top it may show. Order and
    competition between piles are ignored, so it is never too near."""
    back = top
    while True:
        # the furthest card within 10 back of ``back`` that itself can follow: one just
        # past ``top`` or past another card exactly 10 back
        if up:
            further = next((c for c in range(back - 10, back)
                            if c in cards and (c + 10 == top or c + 10 in cards)), None)
        else:
            further = next((c for c in range(back + 10, back, -1)
                            if c in cards and (c - 10 == top or c - 10 in cards)), None)
        if further is None:
            return back
        back = further


def some_card_is_dead(cards, tops) -> bool:
    """Whether one of ``cards`` fits no pile now and can never fit one later: it lies
    below how far back every ascending pile may go, and above how far back every
    descending one may."""
    cards = set(cards)
    lowest = min(furthest_back(top, cards, True) for top, up in zip(tops, UP) if up)
    highest = max(furthest_back(top, cards, False) for top, up in zip(tops, UP) if not up)
    return any(highest < card < lowest for card in cards)


class Search:
    """What every endgame search shares: a count of positions against a budget, and a
    pause every ``pause_every`` steps for a search thought in slices. A step is a
    position met, new or met again: only new ones count against the budget, but a
    position met again costs time too."""

    pause_every = PAUSE

    def __init__(self, min_cards: int, budget: int):
        self.min_cards = min_cards
        self.budget = budget
        self.positions = 0
        self.steps = 0
        self.pause_at = self.pause_every

    def count(self) -> None:
        self.positions += 1
        self.steps += 1
        if self.positions > self.budget:
            raise OutOfBudget

    def pause_due(self) -> bool:
        """Whether ``pause_every`` more steps were taken since the last pause."""
        if self.steps < self.pause_at:
            return False
        self.pause_at = self.steps + self.pause_every
        return True

    def position_key(self, hand: tuple, tops: tuple):
        """What :meth:`one_play_on` tells positions apart by: here the hand and the tops."""
        return hand, tops

    def one_play_on(self, hand: tuple, tops: tuple, plays: tuple, seen: set):
        """Every position one more play of ``hand`` reaches that ``seen`` does not hold
        yet (added to it, and counted): ``(kept, tops, plays)``."""
        key_of = self.position_key
        for i, card in enumerate(hand):
            rest = None
            for pile, top in enumerate(tops):
                # TG-5, as rules.fits says it, written out: this loop is the searches' hottest
                if (card > top or card == top - 10) if UP[pile] else (card < top or card == top + 10):
                    if rest is None:
                        rest = hand[:i] + hand[i + 1:]
                    moved = tops[:pile] + (card,) + tops[pile + 1:]
                    key = key_of(rest, moved)
                    if key not in seen:
                        seen.add(key)
                        self.count()
                        yield rest, moved, plays + ((card, pile),)
                    else:
                        self.steps += 1


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
    search = Endgame(view["min_cards"], STRONG.solo_budget if budget is None else budget)
    try:
        return (yield from search.best_turn(
            tuple(sorted(view["hand"])), tuple(p["top"] for p in view["piles"]),
            tuple(sorted(deck)), max(view["required"] - already, 0), already))
    except OutOfBudget:
        return None


def best_chance(view: dict, deck, budget: int | None = None):
    """``(chance, plays)`` for the rest of this seat's turn, alone at the table with
    ``deck`` the cards it does not see; None past ``budget`` positions (the strong
    level's when None)."""
    return finish(searching(view, deck, budget))
