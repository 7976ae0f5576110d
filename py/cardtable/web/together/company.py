"""Playing together: the company a page keeps, and all that it holds.

A :class:`Together` holds, while friends play on their own devices, either a
:class:`~.host.Host` (``host``: this page deals; its friends' seats are ``"friend"`` in the
setup) or a :class:`~.guest.Guest` (``guest``: this page joined a friend's table). Before
joining, ``joining`` holds the :class:`~..links.Invitation` the page was opened with. The
controller holds one ``Together`` and routes the controls of :data:`HANDLERS` to it; the
page carries out its link jobs (:mod:`.link`) and hands back what arrives
(:meth:`Together.job_done`, :meth:`~Together.link_message`, …).

The host's side is :class:`~.hosting.Hosting`, a friend's :class:`~.joining.Joining`: the
two halves of one ``Together``, each in its own module.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ...i18n import _
from ..screen import JoinBody, RoomBody
from ..storage import SUGGESTED_RELAYS, relay_urls
from . import relayed
from .guest import Guest
from .host import Host
from .hosting import HANDLERS as HOSTING_HANDLERS, Hosting, cannot_reach
from .joining import HANDLERS as JOINING_HANDLERS, MAKING_REPLY, Joining
from .link import HOST_PEER, Answer, Close, Offer

# The reason of a job that failed because the browser has no WebRTC at all (the error of
# assets/together.js; the page's when together.js is missing).
NO_WEBRTC = "no WebRTC"


class Together(Hosting, Joining):
    """This page's company. ``store`` keeps the player's name and settings; ``seconds()``
    is a clock in seconds (heartbeats); ``send_link(peer, text)`` sends over an open link;
    ``base_url`` is the page's address without its fragment. It tells the app through
    ``say(role, text)`` and ``unsay(role, text)`` (messages on show), ``saved()`` (the
    host's table moved: save it) and ``seated(guest)`` (the friend's table this page sits
    at changed); ``make_seat(guest)`` makes the sitting of a page that joins a friend's
    table (a :class:`~.sitting.GuestSitting`)."""

    def __init__(self, store, seconds, send_link, base_url, say, unsay, saved, seated,
                 make_seat):
        self.store, self.seconds, self.send_link, self.base_url = (store, seconds, send_link,
                                                                   base_url)
        self.tell, self.unsay, self.saved, self.seated = say, unsay, saved, seated
        self.make_seat = make_seat
        self.host: Host | None = None
        self.guest: Guest | None = None
        self.seat = None  # this page's sitting at the guest's table
        self.joining = None  # the invitation being answered
        self.offer = self.reply = None  # the host's offer answered, the reply code made
        self.relaying = None  # a friend's page joining by relays (see relayed)
        self.relay_rooms: set = set()  # the relay rooms this page opened
        self.relay_states: dict = {}  # room: how many of its relays are connected
        self.relay_fallback = None  # why a friend's page sends its reply by hand after all
        self.jobs: list = []
        self.said = 0  # how many messages it said: whether a heartbeat said something

    def meet(self):
        """This company is met already (see :class:`~..alone.Alone`)."""
        return self

    def say(self, role: str, text: str) -> None:
        self.said += 1
        self.tell(role, text)

    # -- the link jobs ----------------------------------------------------------------------
    def ask(self, job) -> None:
        self.jobs.append(job)

    def take_jobs(self) -> list:
        """The link jobs due (see :mod:`.link`), each given once."""
        jobs, self.jobs = self.jobs, []
        return jobs

    def jobs_due(self) -> bool:
        return bool(self.jobs)

    def in_company(self) -> bool:
        """Whether this page has links to other pages (it hosts or sits at a friend's)."""
        return self.host is not None or self.guest is not None

    def seated_at_friends(self) -> bool:
        """Whether this page sits at a friend's table whose table has arrived."""
        return self.guest is not None and self.guest.ready

    # -- what the screens show -------------------------------------------------------------
    def body(self):
        """``(kind, body)`` of the screen while this page answers an invitation or its
        table waits for friends (the waiting room); else None."""
        if self.joining is not None and not self.seated_at_friends():
            return "join", JoinBody(self.joining, self.reply, self.relay_hosts())
        if self.waiting_room():
            return "room", RoomBody(tuple(self.room_rows()), relays=self.relay_hosts(),
                                    relays_down=self.relays_down())
        return None

    # -- the link ---------------------------------------------------------------------------
    def job_done(self, job, sdp: str) -> None:
        """An ``Offer`` or ``Answer`` job gave its SDP."""
        if isinstance(job, Offer):
            self.offered(job.peer, sdp)
        elif isinstance(job, Answer):
            self.answered(sdp)

    def job_failed(self, job, why: str) -> None:
        """A job failed in the browser: said in one sentence (that the browser cannot
        connect at all, where it has no WebRTC), and nothing waits for it any more: a
        friend's page is back at the invitation as before Join, and a seat whose
        invitation could not be made offers a new one and a bot. A job replaced by a newer
        one (``replaced``) is left to that one."""
        print(f"cardtable: the link's {type(job).__name__.lower()} failed: {why[:200]}")
        if why.endswith("replaced"):
            return
        if isinstance(job, Answer) and self.offer is not None:
            self.offer = self.guest = self.seat = None
            self.unsay("status", _(MAKING_REPLY))
        elif isinstance(job, Offer) and self.host is not None:
            friend = self.host.friend_of(job.peer)
            if friend is not None and job.peer == friend.asked:
                self.host.links[friend.seat] = ""
        if NO_WEBRTC in why:
            self.say("alert", _("This browser cannot connect to other devices (it has no"
                                " WebRTC). Use another browser, or play with everyone"
                                " at this device."))
            return
        self.say("alert", _("The browser could not make the connection ({why}). Try"
                            " again, or play with everyone at this device.").format(
                                why=why[:80]))

    def link_state(self, peer: str, state: str) -> bool:
        """The link to ``peer`` changed ``state`` (open, disconnected, closed, failed); True
        when the page should be drawn again."""
        if self.host is not None:
            if state in ("closed", "failed"):
                self.gone(self.host.closed(peer))
                return True
            return False
        guest = self.guest
        if guest is None or peer != HOST_PEER:
            return False
        if state == "open":
            guest.opened()
            relayed.link_opened(self)
            return True
        if state in ("closed", "failed"):
            if state == "failed" and guest.setup is None:
                self.say("alert", cannot_reach())
            guest.closed()
            return True
        return False

    def link_message(self, peer: str, text) -> bool:
        """A message from ``peer``; True when the page should be drawn again."""
        host, guest = self.host, self.guest
        if host is not None:
            if not host.receive(peer, text):
                return False
            self.saved()
            joined, host.joined = host.joined, []
            for seat in joined:
                self.say("status", _("{name} is connected at seat {number}.").format(
                    name=host.table.names[seat], number=seat + 1))
            return True
        if guest is None or peer != HOST_PEER:
            return False
        changed = guest.receive(text)
        if guest.refusal:
            self.say("alert", guest.refusal)
            guest.refusal = None
        if changed and guest.setup is not None:
            self.keep_token()
            self.seated(guest)
        return changed

    def record_steps(self):
        """The check of the record a friend's page was sent (``Guest.checking``), then its
        outcome: a record that is not the game seen is said, one that is is recorded. A
        generator that yields after each move it replays, for the page to run in slices
        and draw after; None when no record waits."""
        guest = self.guest
        steps = guest.checking() if guest is not None else None
        return None if steps is None else self.checked(guest, steps)

    def checked(self, guest, steps):
        kept = yield from steps
        if guest.refusal:
            self.say("alert", guest.refusal)
            guest.refusal = None
        if kept and guest is self.guest:
            self.seated(guest)

    def tick(self) -> bool:
        """The heartbeat (the page calls it every second); True when the page should be
        drawn."""
        if self.host is not None:
            left = self.host.tick()
            self.gone(left)
            return bool(left)
        said = self.said
        relayed.guest_tick(self)
        return self.guest is not None and self.guest.tick() or self.said != said

    # -- the relays of one-link invitations ---------------------------------------------------
    def relay_message(self, room: str, text) -> bool:
        """A message that came through the relays in ``room``; True when the page should
        be drawn again. Whatever does not fit is dropped and logged, as any peer's
        message."""
        try:
            data = relayed.read(text)
            if self.host is not None:
                return relayed.host_heard(self, room, data)
            return relayed.guest_heard(self, room, data)
        except ValueError as error:
            print(f"cardtable: dropped a message from the relays: {str(error)[:200]}")
            return False

    def relay_hosts(self) -> tuple:
        """The hosts of the relays this page's invitations travel through: the host's own
        (while it has relay rooms open), a friend's for an invitation with a relay secret."""
        if self.host is not None:
            urls = relayed.relays(self) if self.relay_rooms else []
        elif self.joining is not None and self.joining.relay and self.relay_fallback is None:
            urls = relayed.relays(self) or relay_urls(SUGGESTED_RELAYS)
        else:
            urls = []
        return tuple(urlsplit(url).hostname for url in urls)

    def relays_down(self) -> bool:
        """Whether every relay of every room this page opened has failed."""
        states = [self.relay_states.get(room) for room in self.relay_rooms]
        return bool(states) and all(state and state["of"] and state["dead"] == state["of"]
                                    for state in states)

    def relay_state(self, room: str, state: dict) -> bool:
        """How many relays of ``room`` are connected (``{live, dead, of}``); True when the
        page should be drawn again (the host's: when its waiting room's words change)."""
        down = self.relays_down()
        self.relay_states[room] = state
        if self.host is None:
            said = self.said
            relayed.guest_state(self, state)
            return self.said != said
        return self.relays_down() != down

    # -- leaving ------------------------------------------------------------------------------
    def closing_jobs(self) -> list:
        """The jobs that close every link of this page."""
        friends = self.host.friends.values() if self.host else ()
        peers = [peer for friend in friends for peer in (friend.peer, friend.asked) if peer]
        if self.guest is not None or self.joining is not None:
            peers.append(HOST_PEER)
        return [Close(peer) for peer in peers] + relayed.closing_jobs(self)

    def leave(self) -> None:
        """Leave a friend's table or close the waiting room: the friends are told the table
        closed, and every link closes."""
        if self.host is not None:
            self.host.close_table()
        self.jobs += self.closing_jobs()
        self.host = self.guest = self.seat = self.joining = None
        self.offer = self.reply = self.relaying = None


HANDLERS = Together.HANDLERS = {**HOSTING_HANDLERS, **JOINING_HANDLERS}
