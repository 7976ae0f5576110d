"""A recorded game reviewed from the player's own seat, while its review is on screen.

A :class:`Reviewing` holds the record, the :class:`~cardtable.bots.review.Review` that the
page thinks in slices (:meth:`Reviewing.steps`), the moment whose position is on show, and
where Close goes back to (the records, or the end screen it was opened from). What it
shows of a position is that seat's view at the step (the replay's board, never every
hand). :meth:`Reviewing.tried` is a fresh game from a moment's position with the move the
review preferred: the record's deal and its moves up to the moment, then that move; the
player sits where they sat in the record (at a friend's table, perhaps not first) and the
bots play every other seat.
"""

from __future__ import annotations

from ...bots import default_level, importing, levels
from ...bots.thinking import PAUSE
from ...i18n import _
from ..lobby import HUMAN, seat_names
from ..session import Session, from_save
from ..tables import table_module
from ..ui import TableUi
from .book import as_save


def warming(game: str):
    """The review's modules for ``game`` imported, each piece after a ``PAUSE`` (a
    generator): its screen, the review's driver, the game's bots a module at a time, the
    game's review. The page runs it once Review shows; :meth:`Reviewing.thought` begins
    with it."""
    yield PAUSE
    from . import review_screen  # noqa: F401 (imported for the tap)

    yield PAUSE
    from ...bots.review import review_spec

    yield from importing(game)
    yield PAUSE
    review_spec(game)


class Reviewing:
    """``record`` (at ``index`` among the records, None for the game just finished on the
    end screen) reviewed from its ``seat`` (0 unless the record says), measured by
    ``spec`` (the game's ``REVIEW`` unless given). ``ValueError`` in words for a record
    whose moves or deal were not kept. Its ``review`` is None until the first steps made
    it (:meth:`steps`)."""

    def __init__(self, record: dict, index: int | None = None, spec=None):
        if record.get("actions") is None or record.get("seed") is None:
            raise ValueError(_("This game's moves are not kept: it cannot be reviewed."))
        self.module = table_module(record["game"])  # the game's parts first: PartMissing
        self.setup = from_save(as_save(record, actions=[])).setup  # changes nothing
        self.record, self.index, self.seat = record, index, record.get("seat", 0)
        self.spec, self.review = spec, None
        self.names = seat_names(tuple(record["seats"]), me=self.seat)
        self.shown = None  # the move of the moment whose position is on show

    @property
    def total(self) -> int | None:
        """How many moves of the seat the review judges (None before it was made)."""
        return len(self.review.steps_of_moves) if self.review else None

    def steps(self, on_show):
        """The review in slices (a generator, :meth:`thought`), stopped as soon as
        ``on_show()`` is false (the player left it). No position is on show until the
        player asks for one (so that the screen changes at the end only where the review
        got further, and a slow phone draws it in short tasks)."""
        for step in self.thought():
            if not on_show():
                return
            yield step

    def thought(self):
        """The review made, then judged move by move. Making it is not the tap's work:
        the review's modules imported as :func:`warming` does (at once where the page
        warmed them already), then the game replayed, each piece in a task of its own
        (``PAUSE`` before it)."""
        yield from warming(self.record["game"])
        from ...bots.review import Review, review_spec

        spec = self.spec or review_spec(self.record["game"])
        yield PAUSE
        setup = self.setup
        self.review = Review(setup.game, setup.players, setup.options, self.record["seed"],
                             self.record["actions"], self.seat, spec)
        yield PAUSE
        yield from self.review.steps()

    def progress(self) -> tuple:
        """``(points, done)``: what the chart shows; the page draws again when it changes."""
        return (len(self.review.points), self.review.done) if self.review else (0, False)

    def moment(self, move) -> object:
        """The moment of the seat's move ``move`` (a number, or its text); ``ValueError``
        in words when no moment is that move."""
        text = str(move)
        found = [m for m in self.review.moments if text.isascii() and text.isdigit()
                 and m.move == int(text)]
        if not found:
            raise ValueError(_("No move that mattered is move “{move}”.")
                             .format(move=text[:30]))
        return found[0]

    def position(self, moment) -> tuple:
        """``(view, ui)`` of the position before ``moment``'s move, as the seat saw it,
        nothing live."""
        state = self.review.states[moment.step]
        return {**state.view(self.seat), "legal": []}, TableUi(names=self.names, live=False)

    def tried(self, move) -> Session:
        """A new game from the position before the moment ``move``, with the move the
        review preferred made: the record's setup, the player at their seat and the bots
        (the default level where a person sat) at every other."""
        moment = self.moment(move)
        game = self.record["game"]
        seats = [HUMAN if seat == self.seat else (kind if kind in levels(game)
                                                  else default_level(game))
                 for seat, kind in enumerate(self.record["seats"])]
        actions = list(self.record["actions"][:moment.step]) + [moment.better]
        return from_save({**as_save(self.record, actions=actions), "seats": seats})

