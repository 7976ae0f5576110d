"""A recorded game replayed: step through it forward and back, nobody can act.

:class:`Replay` rebuilds the game from its record (the engine replays the action log, as
a resumed save does) and shows it at one ``step``: the position after that many actions,
as the player's seat saw it (the record's ``seat``: seat 1 but at a friend's table), with
the log up to there. The view it gives the game's table has no
legal actions and the :class:`~.ui.TableUi` says it is nobody's turn, so the table offers
no live control; the controller runs no table handler on the replay screen either.
It opens at the start. Once the player asks (``show_hands``; offered when there is more
than one seat), every seat's hand at the step is shown too: a recorded game is over, so
nothing is left to hide.
"""

from __future__ import annotations

from ...i18n import _
from ..lobby import seat_names
from .book import as_save
from ..session import from_save
from ..tables import table_module
from ..ui import TableUi


class Replay:
    """``record`` replayed; ``step`` is the number of actions made (0 to ``last``)."""

    def __init__(self, record: dict, index: int):
        if record.get("actions") is None:
            raise ValueError(_("This game's moves were dropped to make room: only its"
                               " result is kept, so it cannot be replayed."))
        self.session = from_save(as_save(record))
        self.record, self.index = record, index
        self.module = table_module(record["game"])  # the game's TableSpec
        self.seat = record.get("seat", 0)  # the player's, whose view is shown
        self.names = seat_names(tuple(record["seats"]), me=self.seat)
        self.step = 0
        self.show_hands = False

    @property
    def last(self) -> int:
        return len(self.session.actions)

    def to(self, step: int) -> None:
        """Go to ``step``, held within 0..``last``."""
        self.step = max(0, min(self.last, int(step)))

    def by(self, steps: int) -> None:
        self.to(self.step + int(steps))

    @property
    def state(self):
        return self.session.states[self.step]

    def view(self) -> dict:
        """The player's seat's view at the step, with no legal action."""
        return {**self.state.view(self.seat), "legal": []}

    def ui(self) -> TableUi:
        """The table's extras at the step: the log up to it, nothing live."""
        log = tuple(event for batch in self.session.events[:self.step] for event in batch)
        return TableUi(names=self.names, log=log, live=False)

    def hands(self) -> list:
        """``(name, cards in words)`` for every seat at the step, from each seat's own view
        (the table's ``card_text`` names a card)."""
        words = self.module.card_text
        return [(self.names[seat], [words(card) for card in self.state.view(seat).get("hand", [])])
                for seat in range(self.record["players"])]
