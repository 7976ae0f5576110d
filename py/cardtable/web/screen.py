"""What to draw: a :class:`Screen` is the fields every screen shares and one body by kind.

The controller says what to draw (``Controller.screen``); :func:`~.render.screen_html`
draws it, each kind of body by a pure function of it (``render.BODIES``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .lobby import Setup
from .ui import TableUi


@dataclass(frozen=True)
class LobbyBody:
    """The lobby: ``records`` is what it shows of today's deals (see
    ``Browsing.lobby_data``), ``unfinished`` the ``(id, words)`` of each unfinished game,
    played last first, ``doomed`` the words for the game a new one would drop (the list is
    full), else None."""

    records: dict | None
    unfinished: tuple = ()
    doomed: str | None = None


@dataclass(frozen=True)
class RecordsBody:
    """A game's records (see ``Browsing.records_data``)."""

    records: dict


@dataclass(frozen=True)
class ReplayBody:
    """A recorded game replayed: the :class:`~.records.replay.Replay` on screen."""

    replay: object


@dataclass(frozen=True)
class ReviewBody:
    """A recorded game reviewed: the :class:`~.records.reviewing.Reviewing` on screen."""

    reviewing: object


@dataclass(frozen=True)
class PassBody:
    """Several people share the device: the hands hide until ``pass_to`` takes it."""

    pass_to: str


@dataclass(frozen=True)
class RoomBody:
    """The host's waiting room: each friend's seat (``Together.room_rows``), the names of
    the friends the table waits for, the hosts of the relays its invitations travel
    through (none when they travel by hand), and whether every one of them failed."""

    room: tuple
    waiting: tuple = ()
    relays: tuple = ()
    relays_down: bool = False


@dataclass(frozen=True)
class JoinBody:
    """A friend's invitation on show: the :class:`~.links.Invitation`, the reply code to
    send back once made, and the hosts of the relays it travels through."""

    joining: object
    reply: str | None = None
    relays: tuple = ()


@dataclass(frozen=True)
class TableBody:
    """A table ("table", "pause" between parts of a game, or "end"): the viewing seat's
    view and what the page adds (``ui``), the tour's step on show, the names of the
    friends the table waits for, the result once over, and whether this page dealt it
    (``dealt_here``: its deal may be played again, dealt anew and shared; a friend's
    table, on this page from one seat, is the host's to deal), and at the end whether its
    record can be reviewed (``reviewable``)."""

    view: dict
    ui: TableUi
    tour: int | None = None
    waiting: tuple = ()
    result: dict | None = None
    dealt_here: bool = True
    reviewable: bool = False


@dataclass(frozen=True)
class Screen:
    """What to draw: ``kind`` is "lobby", "table", "pause" (between parts of a game),
    "pass", "end", "records", "replay", "review", "room" or "join"; ``body`` the kind's own
    fields.
    The rest every screen shares: the messages on show, the game the screen is about, the
    bots' pace, the panel over it, the player's preferences (the theme a link asks for, for
    the visit), whether the menu's folded items are on show and, in another page's frame,
    the full site's address, which the end of a game offers (``play_more``; else None)."""

    kind: str
    body: object
    messages: tuple
    setup: Setup
    pace: str
    panel: tuple | None = None
    preferences: dict | None = None
    menu_open: bool = False
    play_more: str | None = None

    @property
    def dealt_here(self) -> bool:
        """Whether the screen offers what the one who deals does (false on a friend's
        table, on this page from one seat)."""
        return not isinstance(self.body, TableBody) or self.body.dealt_here

    @property
    def tour(self) -> int | None:
        """The step of the guided first game on show over the table, if any."""
        return self.body.tour if isinstance(self.body, TableBody) else None
