"""The game on the table: the session, whose hand is shown, and the player's choices.

:class:`Table` is what the buttons of a game act on. It knows the humans' seats (pass the
device between them), what the viewing seat may do, the game's table's own record of the
player's unfinished choice (``local``), the hint on show, and the end of the game: a game
ends when its state is over, except that a human's own move that lost the game may still
be taken back where the game's table allows it (``takes_back_loss``), until they confirm.
"""

from __future__ import annotations

from ..i18n import _
from .lobby import HUMAN, player_seat, seat_names
from .session import Session
from .tables import pauses, table_module, takes_back_loss
from .ui import TableUi

class Table:
    """A :class:`~.session.Session` on screen. ``focus`` is a CSS selector for the page
    to focus after drawing (handlers set it); ``module`` the game's table, its
    :class:`~.tables.TableSpec`."""

    def __init__(self, session: Session):
        self.session = session
        self.module = table_module(session.setup.game)
        self.local = None
        self.hint = None
        self.focus = None
        self.ended = False
        self.tour = None  # the step of the guided first game on show, if any
        self.given = None  # the names people chose, by seat (None: named by the page)
        self.paused = False  # a part of the game (a deal) just ended: see tables.pauses
        humans = session.setup.humans()
        self.revealed_to = humans[0] if len(humans) == 1 else None

    # -- who sees and who moves -------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def names(self) -> tuple:
        return seat_names(self.session.setup.seats, self.given)

    def viewer(self) -> int:
        """The human seat whose hand is on the table."""
        current = self.state.current_player
        if current is not None and self.session.setup.seats[current] == HUMAN \
                and not self.needs_pass():
            return current
        return player_seat(self.session.setup.seats) if self.revealed_to is None \
            else self.revealed_to

    def needs_pass(self) -> bool:
        """Several humans share the device and the one to move has not taken it yet."""
        current = self.state.current_player
        return (len(self.session.setup.humans()) > 1 and current is not None
                and self.session.setup.seats[current] == HUMAN
                and self.state.forced_action() is None and self.revealed_to != current)

    def my_turn(self) -> bool:
        return (self.state.current_player == self.viewer() and not self.needs_pass()
                and self.state.forced_action() is None)

    @property
    def view(self) -> dict:
        """The viewing seat's view (read only)."""
        return self.state.view(self.viewer())

    # -- the end ------------------------------------------------------------------
    def awaiting(self) -> bool:
        """The viewer's own move ended the game in a way the table lets them take back."""
        return (self.state.is_over and not self.ended and self.session.can_undo()
                and takes_back_loss(self.module, self.state.result()))

    @property
    def finished(self) -> bool:
        return self.state.is_over and not self.awaiting()

    # -- moves --------------------------------------------------------------------
    def act(self, action) -> None:
        """The viewer's move; raises ``ValueError`` (``IllegalAction``) saying why not."""
        if not self.my_turn():
            raise ValueError(_("It is not your turn."))
        self.session.apply(action)
        self.moved()

    def moved(self) -> None:
        """After any move: the player's unfinished choice and the hint are stale; a move
        that ended a part of the game, not the game, pauses the table."""
        self.local = None
        self.hint = None
        events = self.session.events[-1] if self.session.events else ()
        self.paused = not self.state.is_over and pauses(self.module, events)

    def go_on(self) -> None:
        """The player has seen the pause: the game goes on."""
        self.paused = False

    def undo(self) -> None:
        if self.finished:
            raise ValueError(_("The game is over: start a new deal or play this one again."))
        self.session.undo()
        self.local = self.hint = None
        self.paused = False

    def reveal(self) -> None:
        """The next person took the device: show their hand."""
        self.revealed_to = self.state.current_player

    # -- drawing ------------------------------------------------------------------
    def ui(self, can_hint: bool) -> TableUi:
        return TableUi(names=self.names, local=self.local, hint=self.hint,
                       log=self.session.log(),
                       can_hint=can_hint and not self.finished,
                       can_undo=self.session.can_undo() and not self.finished,
                       my_turn=self.my_turn(), awaiting=self.awaiting())
