"""The host's side of a table with friends on their own devices: the authority.

The host's page keeps the :class:`~..session.Session` (save, undo, records) as for any game;
:class:`Host` stands between it and the friends' pages. Each friend's seat has a
:class:`FriendSeat`: its state in the waiting room (``invited``, ``replied``,
``connected``, ``left``, ``bot``), the invitation it may answer, the token the friend's
page keeps (to rejoin the same seat) and the name and language the friend gave.

A friend's page sends the action it wants (:mod:`.messages`); the host checks the
message, that it comes from a connected seat whose turn it is, that it was made for the
position on the table, and then lets the engine decide (``Session.apply``). Anything else
is refused (a ``refused`` message) or, when malformed or from no known seat, dropped and
logged: never an exception, never a change to the game. What the host sends each friend
is its own seat's ``view`` (drawn in the friend's language) and the engine's events, which
hold no hidden card (the contract of ``GameState.events``): while the game goes on, a page
never learns more than its seat may know, and never the deal's seed. Once the game is over
(the match, not a deal of it) each friend is sent the finished game's seed and moves once
(a ``record`` message), so that its page can replay and review it: a finished game hides
nothing, as every replay shows.

The game pauses while any friend's seat is not connected (:meth:`Host.waiting`): the
app's bots do not move until the friend is back or the host gives the seat to a bot.

Each seat has up to two links: the one its friend is connected by (``peer``) and the one a
fresh invitation will connect (``asked``). A friend silent for :data:`SILENCE` seconds has
left, but its link stays: should it speak again (a phone that lost the network for a
moment), the seat is connected again; should it answer the fresh invitation instead (a
reload), that link takes the old one's place.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace

from ...bots.offered import offered_default
from ...engine.core import IllegalAction, as_action
from ...i18n import fetch_first, language, set_language
from . import messages
from .messages import BEAT, CONNECTING, SILENCE, message

LOG_PART = 200  # event batches per ``log`` message when a page (re)joins


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class FriendSeat:
    """One friend's seat as the host sees it (see the module docstring)."""

    seat: int
    token: str = field(default_factory=new_token)
    name: str = ""
    lang: str = "en"
    state: str = "invited"
    invite: bytes = b""
    heard: float = 0.0  # when the friend's page last said anything
    told: float = 0.0  # when the host last said anything to it
    sent: int = 0  # event batches the friend's page has
    peer: str | None = None  # the link the friend is connected by
    asked: str | None = None  # the link the open invitation will connect
    known: bool = False  # the friend was connected once (a reload comes back as "left")
    relay: str = ""  # the seat's relay secret, when its invitation travels by relays
    dealt: bool = False  # the friend's page was sent the finished game's record


class Host:
    """The friends of ``table`` (a :class:`~..playing.Table` whose bots ``bots`` runs),
    reached by ``send(peer, text)``, whose links ``close(peer)`` closes; ``clock()`` gives
    seconds. ``room`` names this game among the host's (a friend's page keeps it with its
    token); ``kept`` is what :meth:`to_save` wrote."""

    def __init__(self, table, bots, send, close, clock, room: str | None = None,
                 kept: dict | None = None):
        self.table, self.bots, self.clock = table, bots, clock
        self.send, self.close = send, close  # (peer, text) and (peer): the page's links
        self.room = room or secrets.token_hex(4)
        kept = kept or {}
        self.friends = {seat: FriendSeat(seat, **kept.get(str(seat), {}))
                        for seat in table.session.setup.friends()}
        self.count = 0  # links made, to name each one apart
        self.unreachable: list = []  # seats whose answered invitation never connected
        self.joined: list = []  # seats whose friend just joined, until said
        self.dropped: list = []  # (peer, why) of each message dropped, newest last
        # seat: the invitation link on show (None while it is made, "" when it could not be)
        self.links: dict = {}
        self.codes: dict = {}  # seat: the offer code of its invitation (for the relays)
        self.knocked: set = set()  # seats whose friend knocked before their offer was made
        self.name_seats()

    # -- the waiting room ------------------------------------------------------------
    def invite(self, seat: int) -> str:
        """A fresh invitation for ``seat``; returns the link id its offer is for. An
        earlier invitation of the seat no longer counts (its link is closed)."""
        friend = self.friends[seat]
        if friend.asked:
            self.close(friend.asked)
        self.count += 1
        friend.invite = secrets.token_bytes(4)
        friend.asked = f"seat-{seat}-{self.count}"
        if friend.state not in ("bot", "left", "connected"):
            friend.state = "left" if friend.known else "invited"
        return friend.asked

    def replied(self, seat: int, invite: bytes) -> None:
        """The host pasted a reply for ``seat``; ``ValueError`` in words when it answers
        another invitation (an older one, or another seat's)."""
        friend = self.friends.get(seat)
        if friend is None or friend.state in ("bot", "connected"):
            raise ValueError("seat")
        if invite != friend.invite:
            raise ValueError("invite")
        friend.state = "replied"
        friend.heard = self.clock()

    def waiting(self) -> list:
        """The seats of friends the table waits for (not connected, not given to a bot)."""
        return [seat for seat, friend in self.friends.items()
                if friend.state not in ("connected", "bot")]

    def paused(self) -> bool:
        return bool(self.waiting())

    def hand_to_bot(self, seat: int) -> None:
        """Give ``seat`` to a bot of the default level for the rest of the game; its
        friend's page is told so."""
        friend = self.friends[seat]
        if friend.state == "connected":
            self.say(friend, message("bye", why="bot"))
        for peer in (friend.peer, friend.asked):
            if peer:
                self.close(peer)
        friend.peer = friend.asked = None
        friend.state = "bot"
        session = self.table.session
        seats = list(session.setup.seats)
        setup = session.setup
        seats[seat] = offered_default(setup.game, setup.players, setup.options)
        session.setup = replace(session.setup, seats=tuple(seats))
        self.bots.add(seat)
        self.name_seats()

    def rebind(self, table, bots) -> None:
        """The next deal at the same table (``table``, whose bots ``bots`` runs): the
        friends stay, each to be sent the new game from its start."""
        self.table, self.bots = table, bots
        for friend in self.friends.values():
            friend.sent, friend.dealt = 0, False
            if friend.state == "connected":  # its page drops the last game's log
                self.say(friend, message("log", events=[], **{"from": 0}))
        self.name_seats()

    def close_table(self) -> None:
        """The host leaves this table (the lobby, another deal): the friends are told."""
        for friend in self.friends.values():
            if friend.state == "connected":
                self.say(friend, message("bye", why="closed"))

    def name_seats(self) -> None:
        """Give the table the names the friends chose."""
        given = [None] * self.table.session.setup.players
        for seat, friend in self.friends.items():
            if friend.state != "bot":
                given[seat] = friend.name or None
        self.table.given = given

    # -- the link ------------------------------------------------------------------------
    def closed(self, peer: str) -> list:
        """The link ``peer`` closed or failed. The seats that need a fresh invitation:
        its friend's, when that was the friend's link, or the invitation's that the
        friend answered (it cannot be answered again)."""
        friend = self.friend_of(peer)
        if friend is None:
            return []
        if peer == friend.peer:
            friend.peer = None
            if friend.state == "connected":
                friend.state = "left"
            return [friend.seat] if friend.state == "left" and not friend.asked else []
        if friend.state == "replied":  # the answered invitation did not connect
            friend.state = "left" if friend.known else "invited"
            friend.asked = None
            self.unreachable.append(friend.seat)
            return [friend.seat]
        return []

    def receive(self, peer: str, text) -> bool:
        """Handle a message from ``peer``; True when it changed the game (the app then
        saves and draws). A malformed message, or one from no known seat, is dropped."""
        friend = self.friend_of(peer)
        try:
            if friend is None or friend.state == "bot":
                raise ValueError("from no seat that is invited or connected")
            data = messages.read(text, from_host=False)
        except ValueError as error:
            self.drop(peer, str(error))
            return False
        if peer == friend.asked:
            if data["t"] != "hello" or friend.state != "replied":
                self.drop(peer, f"{data['t']} on an invitation's link")
                return False
            fetch_first(data["lang"])  # the friend's tables are sent in it from now on
            self.hello(friend, peer, data)
            return True
        friend.heard = self.clock()
        if friend.state == "left":  # silent for a while, and speaking again
            self.back(friend)
            return True
        if friend.state != "connected":
            self.drop(peer, f"{data['t']} before hello")
            return False
        if data["t"] not in GUEST_MESSAGES:  # a second hello on the seat's own link
            self.drop(peer, f"{data['t']} from a seat already connected")
            return False
        return GUEST_MESSAGES[data["t"]](self, friend, data)

    def back(self, friend: FriendSeat) -> None:
        """A friend who went silent speaks again on its link: connected again; the fresh
        invitation made meanwhile is not needed."""
        friend.state = "connected"
        if friend.asked:
            self.close(friend.asked)
        friend.asked, friend.invite = None, b""
        self.links.pop(friend.seat, None)

    def drop(self, peer: str, why: str) -> None:
        """Log a message that was dropped (the page's console shows it)."""
        self.dropped = self.dropped[-99:] + [(peer, why)]
        print(f"cardtable: dropped a message from {peer[:20]}: {why}")

    def friend_of(self, peer: str):
        """The seat whose link (or invitation's link) ``peer`` is, or None."""
        for friend in self.friends.values():
            if peer in (friend.peer, friend.asked):
                return friend
        return None

    def hello(self, friend: FriendSeat, peer: str, data: dict) -> None:
        """A friend's page joined by the invitation's link ``peer``: it becomes the
        seat's link (an older one is closed) and the page is welcomed (the log and the
        table follow, as to every friend after a change: the caller broadcasts)."""
        if friend.peer and friend.peer != peer:
            self.close(friend.peer)
        friend.peer, friend.asked = peer, None
        friend.invite = b""  # an invitation works once
        self.links.pop(friend.seat, None)
        friend.name = messages.clean_name(data["name"])
        friend.lang = data["lang"]
        friend.state, friend.known = "connected", True
        friend.heard = self.clock()
        self.joined.append(friend.seat)
        friend.sent, friend.dealt = 0, False
        self.name_seats()
        setup = self.table.session.setup
        options = setup.spec.resolve_options(setup.options, setup.players)
        self.say(friend, message(
            "welcome", seat=friend.seat, token=friend.token, game=setup.game,
            players=setup.players, seats=list(setup.seats), names=self.names(),
            options={key: setup.spec.option(key).encode(value)
                     for key, value in options.items()}))

    def names(self) -> list:
        """The names people chose, by seat (None where a page names the seat itself)."""
        return list(self.table.given)

    # -- a friend's requests ------------------------------------------------------------
    def act(self, friend: FriendSeat, data: dict) -> bool:
        session = self.table.session
        state = session.state
        refusal = None
        if data["at"] != len(session.actions):
            refusal = "late"
        elif (state.current_player != friend.seat or self.paused()
              or state.forced_action() is not None):
            refusal = "turn"
        else:
            try:
                session.apply(as_action(data["action"]))
            except IllegalAction:
                refusal = "illegal"
            except Exception:  # an action of no shape the rules read: the same answer
                refusal = "illegal"
        if refusal:
            self.refuse(friend, refusal)
            return False
        self.table.moved()
        return True

    def undo(self, friend: FriendSeat, data: dict) -> bool:
        session = self.table.session
        if (data["at"] != len(session.actions) or session.last_actor() != friend.seat
                or not session.can_undo() or self.table.finished):
            self.refuse(friend, "undo")
            return False
        session.undo()
        self.table.moved()
        return True

    def end(self, friend: FriendSeat, data: dict) -> bool:
        session = self.table.session
        if (data["at"] != len(session.actions) or session.last_actor() != friend.seat
                or not self.table.awaiting()):
            self.refuse(friend, "undo")
            return False
        self.table.ended = True
        return True

    def beat(self, friend: FriendSeat, data: dict) -> bool:
        return False

    def refuse(self, friend: FriendSeat, why: str) -> None:
        self.say(friend, message("refused", why=why))
        self.update(friend)

    # -- telling the friends ----------------------------------------------------------------
    def say(self, friend: FriendSeat, text: str) -> None:
        friend.told = self.clock()
        if friend.peer:
            self.send(friend.peer, text)

    def broadcast(self) -> None:
        """Send every connected friend what changed (after any move or change of state)."""
        self.name_seats()
        for friend in self.friends.values():
            if friend.state == "connected":
                self.update(friend)

    def update(self, friend: FriendSeat) -> None:
        """Send ``friend`` the events it lacks and its seat's table, in its language."""
        session, table = self.table.session, self.table
        if friend.sent > len(session.events):  # a move was taken back: the page drops it
            friend.sent = len(session.events)
            self.say(friend, message("log", events=[], **{"from": friend.sent}))
        while friend.sent < len(session.events):
            part = session.events[friend.sent:friend.sent + LOG_PART]
            self.say(friend, message("log", events=part, **{"from": friend.sent}))
            friend.sent += len(part)
        spoken = language()
        set_language(friend.lang)
        try:
            view = session.state.view(friend.seat)
        finally:
            set_language(spoken)
        mine = session.last_actor() == friend.seat
        finished = table.finished
        self.say(friend, message(
            "table", at=len(session.actions), view=view,
            undo=mine and session.can_undo() and not finished,
            awaiting=mine and table.awaiting(), over=finished,
            result=session.state.result() if finished else None,
            waiting=self.waiting(), names=self.names()))
        if finished and not friend.dealt:
            friend.dealt = True
            self.send_record(friend)

    def send_record(self, friend: FriendSeat) -> None:
        """Send ``friend`` the finished game's record (never sent before the game is
        over), unless it is longer than a message may be: the friend's page then keeps
        its record without the moves, as before there was this message."""
        save = self.table.session.to_save()
        text = message("record", **{key: save[key] for key in (
            "game", "players", "seats", "options", "seed", "actions")})
        if len(text) <= messages.HOST_LIMIT:
            self.say(friend, text)

    def tick(self) -> list:
        """The heartbeat, every second or so: a beat to each friend not told anything for
        :data:`BEAT` seconds; a friend not heard from for :data:`SILENCE` seconds has
        left; an answered invitation not connected in :data:`CONNECTING` seconds never
        will be. The seats that left or could not be reached."""
        now, left = self.clock(), []
        for friend in self.friends.values():
            if friend.state == "connected" and now - friend.heard > SILENCE:
                friend.state = "left"  # its link stays, should it speak again
                left.append(friend.seat)
            elif friend.state == "replied" and now - friend.heard > CONNECTING:
                left += self.closed(friend.asked)  # the reply never connected
            if friend.peer and now - friend.told >= BEAT:
                self.say(friend, message("beat"))
        return left

    def to_save(self) -> dict:
        """What a reload needs to know the friends again: each seat's token and name,
        whether its friend was connected once, and its relay secret."""
        return {str(seat): {"token": friend.token, "name": friend.name, "known": friend.known,
                            "relay": friend.relay}
                for seat, friend in self.friends.items() if friend.state != "bot"}


GUEST_MESSAGES = {"act": Host.act, "undo": Host.undo, "end": Host.end, "beat": Host.beat}
