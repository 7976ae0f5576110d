"""What a player is choosing on the Triggs table, and what those choices amount to.

Pure and small, so the table's logic is tested without HTML. A :class:`Pick` is the
player's unfinished choice: the hand cards selected (by their place in the sorted hand,
since values repeat) and the row chosen to cross. The rules themselves stay in
:mod:`cardtable.games.triggs.rules`; this module only turns a selection into the action it
stands for, or says in words why it stands for none. Whether that action is allowed now
is the view's ``legal`` list's to say.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from .rules import best_makes, describe_makes
from ...i18n import _, ngettext


@dataclass(frozen=True)
class Pick:
    """The player's selection since the last move (the table drops it after every move,
    as the hand may have changed). ``cards`` are indices into the sorted hand; ``row`` is
    the value chosen for a cross, or None."""

    cards: tuple = ()
    row: int | None = None

    def toggle_card(self, index: int) -> "Pick":
        chosen = set(self.cards) ^ {index}
        return replace(self, cards=tuple(sorted(chosen)))

    def toggle_row(self, row: int) -> "Pick":
        return replace(self, row=None if self.row == row else row)


def selected_values(hand, pick: Pick) -> tuple:
    """The values of the selected cards (indices past the hand's end are ignored)."""
    return tuple(hand[i] for i in pick.cards if 0 <= i < len(hand))


@dataclass(frozen=True)
class CrossPlan:
    """What the selected cards do for row ``row``: ``makes`` is the grouping that would
    be crossed (as many makes as the cards allow, never more than ``free``, TR-7) and
    ``unused`` the selected cards left out of it."""

    row: int
    free: int
    makes: tuple
    unused: tuple

    @property
    def action(self):
        """The engine action, or None when the selection makes the row no time."""
        return ("cross", self.row, self.makes) if self.makes else None

    def words(self) -> str:
        """E.g. "make 7 twice (7, 5+2) · not used: 9"."""
        if not self.makes:
            return _("make {row} no time").format(row=self.row)
        # TRANSLATORS: {times} is "once", "twice", "3 times"…; {makes} the cards, "7, 5+2".
        text = _("make {row} {times} ({makes})").format(row=self.row, times=times(len(self.makes)),
                                                        makes=describe_makes(self.makes))
        if self.unused:
            text = _("{plan} · not used: {cards}").format(plan=text,
                                                          cards=", ".join(map(str, self.unused)))
        return text


def cross_plan(values, row: int, free: int) -> CrossPlan:
    """The most makes of ``row`` the cards ``values`` give, capped at ``free`` (the
    engine's :func:`best_makes` applied to the selection)."""
    makes = best_makes(values, row, free)
    used = Counter(card for make in makes for card in make)
    unused = tuple(sorted((Counter(values) - used).elements()))
    return CrossPlan(row=row, free=free, makes=makes, unused=unused)


def times(count: int) -> str:
    """"once", "twice", "3 times"."""
    if count == 1:
        return _("once")
    if count == 2:
        return _("twice")
    return ngettext("{n} time", "{n} times", count).format(n=count)


def indices_of(hand, makes) -> tuple:
    """The hand indices holding the cards of ``makes`` (for "select the best grouping")."""
    wanted = Counter(card for make in makes for card in make)
    chosen = []
    for index, card in enumerate(hand):
        if wanted[card]:
            wanted[card] -= 1
            chosen.append(index)
    return tuple(chosen)


def helpful(hand, row: int) -> set:
    """Indices of hand cards that can take part in making ``row``: a card of the value
    itself, or one whose partner (summing to ``row``) is elsewhere in the hand."""
    counts = Counter(hand)
    return {i for i, card in enumerate(hand)
            if card == row or (row > card and counts[row - card] > (row - card == card))}


def discard_action(values):
    """The discard of the selected cards, or a reason in words why it is not one (TR-6)."""
    if not values:
        return None, _("Select the cards to discard.")
    if len(set(values)) > 1:
        return None, _("Discard cards of one value only.")
    return ("discard", values[0], len(values)), ""
