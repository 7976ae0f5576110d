"""A friend's page at the host's table: it draws what the host sends and asks for moves.

:class:`Guest` keeps what the host's page said (:mod:`.messages`): the seat, the setup
(without the seed, which a guest learns only once the game is over), the log of events and
the latest ``table`` message with the seat's view; once the game is over, its ``deal``
(seed, moves and seats) when the host sent them and they replay to the game this page
saw. Its table (:class:`RemoteTable`) is what the game's table module draws and what its
buttons act on, as on the host's page: the module cannot tell the difference, except that
``act`` sends the action to the host, whose engine decides. Every message from the host is checked; one that is malformed is dropped and
logged and changes nothing on the page.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..lobby import seat_names
from ..tables import end_html, pauses, table_module
from ..ui import TableUi
from ..validate import deal_seen_steps, setup_of
from . import messages
from .messages import BEAT, SILENCE, message

# What the page says when the host refused a request, by the host's reason.
REFUSED = {
    "late": N_("That came too late: the table had moved on. Here is the table now."),
    "turn": N_("It is not your turn."),
    "illegal": N_("The rules do not allow that move."),
    "undo": N_("Nothing to take back: only your own last move, before anyone else moved."),
    "seat": N_("That seat is not yours."),
}
# What the page says of a finished game's record that is not the game it saw.
NOT_SEEN = N_("The host's page sent moves that are not those of the game you played"
              " ({reason}): your record keeps the result only.")


class Guest:
    """The page of the friend at a host's table. ``send(text)`` reaches the host;
    ``clock()`` gives seconds; ``name`` and ``lang`` are the friend's, ``token`` the one
    kept from an earlier visit to this table (None for none)."""

    def __init__(self, send, clock, name: str, lang: str, token: str | None = None):
        self.send_text, self.clock = send, clock
        self.name, self.lang, self.token = messages.clean_name(name), lang, token
        self.state = "connecting"  # then "playing"; "left" (host silent), "bot", "closed"
        self.seat = None
        self.setup = None
        self.names: list = []
        self.log: list = []  # event batches, as the host's session keeps them
        self.table = None  # the latest "table" message
        # the finished game's seed, actions and seats, from the host's record, checked
        self.deal = None
        self.sent_record = None  # the host's record, until its check begins (checking)
        self.remote = None  # the RemoteTable, from the first table message
        self.refusal = None  # the host's latest refusal, until said
        self.heard = self.told = self.asked = clock()  # asked: the latest request
        self.dropped: list = []

    # -- the link ---------------------------------------------------------------------------
    def opened(self) -> None:
        """The link to the host is open: say hello."""
        self.heard = self.clock()
        self.send(message("hello", name=self.name, lang=self.lang, token=self.token))

    def send(self, text: str) -> None:
        self.told = self.clock()
        self.send_text(text)

    def receive(self, text) -> bool:
        """Handle a message from the host; True when the page should be drawn again."""
        try:
            data = messages.read(text, from_host=True)
            self.heard = self.clock()
            back = self.state == "left"  # the host was silent, and speaks again
            if back:
                self.state = "playing"
            return HOST_MESSAGES[data["t"]](self, data) or back
        except ValueError as error:
            self.drop(str(error))
            return False

    def drop(self, why: str) -> None:
        self.dropped = self.dropped[-99:] + [why]
        print(f"cardtable: dropped a message from the host: {why}")

    def closed(self) -> None:
        """The link to the host closed or failed."""
        if self.state == "playing":
            self.state = "left"

    def tick(self) -> bool:
        """The heartbeat: a beat when the host was told nothing for :data:`BEAT` seconds;
        the host counts as gone after :data:`SILENCE` silent seconds. True when that
        changed the page."""
        now = self.clock()
        if self.state != "playing":
            return False
        if now - self.heard > SILENCE:
            self.state = "left"
            return True
        if self.remote and self.remote.pending and now - self.asked > SILENCE:
            self.remote.pending = False  # the request got no answer: it may be made again
            return True
        if now - self.told >= BEAT:
            self.send(message("beat"))
        return False

    # -- the host's messages ----------------------------------------------------------------
    def on_welcome(self, data: dict) -> bool:
        setup = setup_of(data)  # ValueError in words for a game this page cannot play
        if data["seat"] >= setup.players or len(data["names"]) != setup.players:
            raise ValueError("welcome: seat")
        table_module(setup.game)  # its part first (PartMissing: the page fetches it and comes back)
        self.seat, self.setup, self.token = data["seat"], setup, data["token"]
        self.names = [messages.clean_name(name) or None for name in data["names"]]
        self.log, self.table, self.state = [], None, "playing"
        self.remote = RemoteTable(self)
        return True

    def on_log(self, data: dict) -> bool:
        if self.setup is None or data["from"] > len(self.log):
            raise ValueError("log: a gap")
        added = data["events"][len(self.log) - data["from"]:]
        log = self.log[:data["from"]] + data["events"]
        if log != self.log:  # a deal kept is of the game before (a next deal at the table)
            self.log, self.deal = log, None
        if self.remote and any(pauses(self.remote.module, batch) for batch in added):
            self.remote.paused = True  # a part of the game ended: this page pauses too
        return False  # the table that follows is drawn

    def on_table(self, data: dict) -> bool:
        if self.setup is None or len(data["names"]) != self.setup.players:
            raise ValueError("table: before welcome")
        if data["view"].get("seat", self.seat) != self.seat:
            raise ValueError("table: another seat's view")
        moved = self.table is None or self.table["at"] != data["at"]
        drawable(self.remote, data)
        self.table = data
        self.names = [messages.clean_name(name) or None for name in data["names"]]
        self.remote.pending = False
        if moved:
            self.remote.moved()
        return True

    def on_refused(self, data: dict) -> bool:
        said = REFUSED[data["why"]]  # one of REFUSALS: messages.read checked it
        self.refusal = _(said)
        return True

    def on_record(self, data: dict) -> bool:
        """The finished game's record, kept to be checked (:meth:`checking`). One that
        comes before the end, or after a deal was kept or while one waits, is dropped."""
        if not self.over or self.deal is not None or self.sent_record is not None:
            raise ValueError("record: before the game is over, or once more")
        self.sent_record = data
        return False

    def checking(self):
        """The check of the record the host sent, as a generator that yields after each
        move it replays (a long record is checked in slices); None when none waits. Its
        end: the record kept as ``deal`` when its moves replay to the game this page saw
        (moves, result, every event and the seat's last view), else said and dropped; it
        returns whether the deal was kept."""
        data, self.sent_record = self.sent_record, None
        return None if data is None else self.check(data, self.seen())

    def check(self, data: dict, seen: dict):
        try:
            yield from deal_seen_steps(data, self.setup, seen)
        except ValueError as error:
            self.drop(f"record: {error}")
            self.refusal = _(NOT_SEEN).format(reason=error)
            return False
        if self.seen() != seen:  # the table moved on meanwhile (a next deal)
            self.drop("record: the table moved on while it was checked")
            return False
        self.deal = {key: data[key] for key in ("seed", "actions", "seats")}
        return True

    def seen(self) -> dict:
        """What this page was shown of the game (see :func:`~..validate.deal_seen_steps`)."""
        table = self.table
        return {"moves": table["at"], "result": table["result"], "log": self.log,
                "seat": self.seat, "view": table["view"], "lang": self.lang}

    def on_bye(self, data: dict) -> bool:
        self.state = "bot" if data["why"] == "bot" else "closed"
        return True

    def on_beat(self, data: dict) -> bool:
        return False

    # -- the friend's requests ----------------------------------------------------------------
    def request(self, kind: str, **fields) -> None:
        """Send ``kind`` (``act``, ``undo``, ``end``) for the position on the table."""
        if self.table is None or self.state != "playing":
            raise ValueError(_("The host's table is not connected: wait for it to come back."))
        self.send(message(kind, at=self.table["at"], **fields))
        self.remote.pending, self.asked = True, self.clock()

    # -- what the page shows -------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Whether there is a table to draw."""
        return self.table is not None

    @property
    def over(self) -> bool:
        return bool(self.table and self.table["over"])

    def seat_names(self) -> tuple:
        return seat_names(self.setup.seats, self.names, me=self.seat)

    def waiting_for(self) -> list:
        """The names of the friends the table waits for."""
        names = self.seat_names()
        return [names[seat] for seat in self.table["waiting"] if seat < len(names)]


class RemoteTable:
    """The table a game's table module acts on at a guest's page (the protocol of
    :class:`~..playing.Table` that table modules use: ``view``, ``local``, ``focus``,
    ``act``), plus what the page draws from."""

    def __init__(self, guest: Guest):
        self.guest = guest
        self.module = table_module(guest.setup.game)  # the game's TableSpec
        self.local = None
        self.hint = None
        self.focus = None
        self.pending = False  # a request was sent and the host has not answered yet
        self.paused = False  # a part of the game (a deal) just ended: see tables.pauses

    @property
    def view(self) -> dict:
        return self.guest.table["view"]

    @property
    def names(self) -> tuple:
        return self.guest.seat_names()

    def my_turn(self) -> bool:
        table = self.guest.table
        return (bool(table["view"]["legal"]) and not table["waiting"] and not table["over"]
                and not self.pending and not self.paused and self.guest.state == "playing")

    def act(self, action) -> None:
        """Ask the host to play ``action`` for this seat; its engine decides."""
        if not self.my_turn():
            raise ValueError(_("It is not your turn."))
        self.guest.request("act", action=list(action))

    def moved(self) -> None:
        self.local = None
        self.hint = None

    def ui(self, can_hint: bool) -> TableUi:
        table = self.guest.table
        log = tuple(event for batch in self.guest.log for event in batch)
        return TableUi(names=self.names, local=self.local, hint=self.hint, log=log,
                       can_hint=can_hint and not table["over"],
                       can_undo=table["undo"] and not self.pending,
                       my_turn=self.my_turn(), awaiting=table["awaiting"])


def drawable(remote: RemoteTable, data: dict) -> None:
    """Raise ``ValueError`` unless the game's table draws ``data`` (a table message):
    what a host sends must not be able to stop the page from drawing."""
    guest, kept = remote.guest, remote.guest.table
    guest.table = data
    try:
        ui = remote.ui(can_hint=False)
        remote.module.table_html(data["view"], ui)
        if data["over"]:
            end_html(remote.module, data["result"], ui.names)
            remote.module.outcome(data["result"], guest.seat, ui.names)
    except Exception:  # whatever the table tripped on, the message is the fault
        raise ValueError("table: a view or result this game's table cannot draw") from None
    finally:
        guest.table = kept


HOST_MESSAGES = {"welcome": Guest.on_welcome, "log": Guest.on_log, "table": Guest.on_table,
                 "refused": Guest.on_refused, "bye": Guest.on_bye, "beat": Guest.on_beat,
                 "record": Guest.on_record}
