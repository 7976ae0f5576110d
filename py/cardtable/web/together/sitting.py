"""A friend's table, on this page from one seat: the guest's sitting.

The same interface as :class:`~..sitting.LocalSitting` (see :mod:`..sitting`): the table
the game's controls act on is the :class:`~.guest.RemoteTable`, whose moves go to the host
as requests; the view is the one the host last sent; the host's page keeps the deal, the
saves and the bots, so the buttons that are the host's are refused in words.
"""

from __future__ import annotations

from ...bots import hinting
from ...i18n import _
from ..bot_runner import hint_bot
from ..panels import SCREEN_START
from ..screen import TableBody
from ..sitting import NoBots, run_control


class GuestSitting(NoBots):
    """This page's seat at the table of ``guest`` (a :class:`~.guest.Guest`), in
    ``together`` (its invitation, for the address); ``app`` is the controller: its
    ``focus``, ``new_seed()`` and ``sitting`` are used."""

    def __init__(self, app, together, guest):
        self.app, self.together, self.guest = app, together, guest
        self.hinter = None  # the hint bot, made at the first hint

    @property
    def table(self):
        return self.guest.remote if self.guest.ready else None

    # -- what the page asks -----------------------------------------------------------------
    def view(self):
        """This seat's view, its ``legal`` empty while this page cannot act (the host's
        table has not arrived, it waits for the host or for a friend)."""
        if not self.guest.ready:
            return None
        view = self.guest.table["view"]
        return view if self.guest.remote.my_turn() else {**view, "legal": []}

    def paused(self):
        """This page's own pause between parts of the game: the host's page keeps its own."""
        remote = self.guest.remote
        paused = remote is not None and remote.paused and not self.guest.over
        return (remote, len(self.guest.log)) if paused else None

    def latest_move(self) -> tuple:
        """``(moves, seat)``: how many moves the host's table has had, and who made the
        latest (None before the first)."""
        guest = self.guest
        if not guest.ready:
            return 0, None
        seats = [event["seat"] for event in (guest.log[-1] if guest.log else [])]
        return guest.table["at"], seats[0] if seats else None

    def cancel_action(self):
        table = self.table
        return table.module.CANCEL if table is not None and table.local is not None else None

    def address(self) -> str:
        return self.together.invitation_address()

    def body(self):
        """``(kind, body, setup)`` of the screen: the friend's table as the host last sent
        it, and what this page knows of the host."""
        guest = self.guest
        table = guest.remote
        ui = table.ui(can_hint=True)
        waiting = tuple(guest.waiting_for())
        if guest.over:
            return "end", TableBody(table.view, ui, waiting=waiting, dealt_here=False,
                                    result=guest.table["result"]), guest.setup
        kind = "pause" if table.paused else "table"
        return kind, TableBody(table.view, ui, waiting=waiting, dealt_here=False), guest.setup

    def notice(self):
        """What this page says of the host's page, when it is gone or closed the table."""
        left = (_("The host's page is not answering: this page looks for it through the"
                  " relays and sits down again as soon as it answers.")
                if self.together.relaying is not None else
                _("The host's page is not answering: wait for it, or ask the host for a new"
                  " invitation."))
        gone = {"left": left,
                "bot": _("The host gave your seat to a bot."),
                "closed": _("The host closed the table.")}
        return gone.get(self.guest.state)

    # -- moves -------------------------------------------------------------------------------
    def table_action(self, action: str, data) -> None:
        """A control of the game's table (none: nothing happens): its handler acts on the
        remote table, whose moves go to the host."""
        if not self.guest.ready:
            raise ValueError(_("The host's table has not arrived yet."))
        run_control(self.app, self.guest.remote, action, data)

    # -- the table's own buttons ---------------------------------------------------------------
    def on_undo(self, data):
        self.guest.request("undo")

    def on_confirm_end(self, data):
        self.guest.request("end")

    def on_hint(self, data):
        """The hint, thought on this device from this seat's view (as at the host's)."""
        return ("think", self.hint_steps())

    def hint_steps(self):
        guest = self.guest
        if not guest.ready:
            return
        if self.hinter is None:
            self.hinter = hint_bot(guest.setup.game, self.app.new_seed(), guest.setup)
        if self.hinter is None:
            return
        table, at = guest.remote, guest.table["at"]
        hint = yield from hinting(self.hinter, table.view)
        if self.app.sitting is self and guest.table["at"] == at:
            table.hint = hint

    def on_go_on(self, data):
        self.guest.remote.paused = False
        self.app.focus = SCREEN_START

    def hosts_only(self, data):
        raise ValueError(_("At a friend's table, only the host can do that."))

    HANDLERS = {"undo": on_undo, "confirm-end": on_confirm_end, "hint": on_hint,
                "go-on": on_go_on, "reveal": hosts_only, "again": hosts_only,
                "new-deal": hosts_only, "share": hosts_only, "embed": hosts_only,
                "embed-choice": hosts_only, "tour-next": hosts_only, "tour-skip": hosts_only,
                "copy-link": hosts_only}
