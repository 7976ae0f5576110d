"""One-link invitations: the offer and the answer travel through relays instead of by hand.

While playing across the internet is on and relays are named (Settings), each friend's
seat has a relay secret, which its invitation link carries after the ``#`` (browsers never
send that part to a server), with the relays the host uses (addresses of servers, not
secrets): the friend's page looks for the host there first, whatever its own settings. The host's page opens the seat's relay room (a ``RelayOpen``
job, ``assets/relay.js``: the room's topic and key come from the secret); a friend who
taps Join opens the same room and *knocks*; the host answers with the seat's current offer;
the friend's page answers it and sends the answer back the same way; the host applies it
as if pasted. So a friend sits down with no code to carry back, rejoins by opening the same
link again (the host's page answers a knock with a fresh offer whenever the seat is not
connected), and a friend whose link to the host was lost (the host's page reloaded) knocks
again by itself until it is back.

The codes stay the fallback: when no relay answers within :data:`RELAY_WAIT_S` seconds,
or every relay failed, the friend's page answers the link's own offer and shows its reply
code as before, with a sentence that says why.

What travels through a relay (each text JSON, encrypted by relay.js, checked here like any
peer message: anything else is dropped and logged)::

    {"v": 1, "t": "knock",  "seat": n}               friend -> host
    {"v": 1, "t": "offer",  "seat": n, "code": ...}  host -> friend
    {"v": 1, "t": "answer", "seat": n, "code": ...}  friend -> host
"""

from __future__ import annotations

import json
import secrets

from ...i18n import _
from ..storage import MAX_RELAYS, SUGGESTED_RELAYS, relay_urls
from ..validate import read_json
from . import signal
from .link import RelayClose, RelayOpen, RelaySend

RELAY_WAIT_S = 8  # how long a friend's page waits for the host's offer through the relays
KNOCK_EVERY_S = 2  # a friend's page knocks again this often while it waits
ANSWER_WAIT_S = 10  # how long an answer sent through the relays may take to connect
MAX_TEXT = 1_000  # the longest relayed text read
KINDS = {"knock": ("seat",), "offer": ("seat", "code"), "answer": ("seat", "code")}
HOST_ROOM = "host"  # a friend's page's one relay room


def new_secret() -> str:
    return secrets.token_urlsafe(16)


def seat_room(seat: int) -> str:
    return f"seat-{seat}"


def relays(together) -> list:
    """The relays this page may contact: the player's, while playing across the internet
    is on; none otherwise."""
    settings = together.store.load_settings()
    if settings.get("internet") != "on":
        return []
    return relay_urls(settings.get("relays", ""))


def named_in_links(together) -> list:
    """The relays an invitation names: the host's, unless they are the suggested ones,
    which a friend's page tries anyway (the link stays shorter, its QR code smaller)."""
    urls = relays(together)
    return [] if urls == relay_urls(SUGGESTED_RELAYS) else urls


def open_room(together, room: str, secret: str, urls: list) -> None:
    together.relay_rooms.add(room)
    together.ask(RelayOpen(room, secret, tuple(urls)))


def closing_jobs(together) -> list:
    """The jobs that leave every relay room this page opened."""
    rooms, together.relay_rooms = together.relay_rooms, set()
    return [RelayClose(room) for room in sorted(rooms)]


def message(kind: str, seat: int, code: str | None = None) -> str:
    fields = {"v": 1, "t": kind, "seat": seat} | ({"code": code} if code else {})
    return json.dumps(fields, separators=(",", ":"))


def read(text) -> dict:
    """A relayed message, checked; ``ValueError`` otherwise."""
    data = read_json(str(text), MAX_TEXT)
    if not isinstance(data, dict) or data.get("v") != 1 or data.get("t") not in KINDS:
        raise ValueError("relay: not a message")
    if set(data) != {"v", "t", *KINDS[data["t"]]}:
        raise ValueError("relay: its fields")
    if not isinstance(data["seat"], int) or isinstance(data["seat"], bool) \
            or not 0 <= data["seat"] < signal.SEATS:
        raise ValueError("relay: its seat")
    if "code" in data and not (isinstance(data["code"], str)
                               and 0 < len(data["code"]) <= signal.MAX_CHARS):
        raise ValueError("relay: its code")
    return data


# -- the host's page ---------------------------------------------------------------------------
def open_seats(together) -> None:
    """Give each friend's seat a relay secret (kept ones stay) and open its room."""
    urls = relays(together)
    if not urls:
        return
    for seat, friend in together.host.friends.items():
        friend.relay = friend.relay or new_secret()
        open_room(together, seat_room(seat), friend.relay, urls)


def offer_ready(together, seat: int, code: str) -> None:
    """The seat's invitation is made: a friend who knocked meanwhile gets its offer."""
    host = together.host
    host.codes[seat] = code
    if seat in host.knocked:
        host.knocked.discard(seat)
        together.ask(RelaySend(seat_room(seat), message("offer", seat, code)))


def host_heard(together, room: str, data: dict) -> bool:
    """A friend's knock or answer in ``room``: an answer is applied as the host's Connect
    applies one. True when the page should be drawn again."""
    host = together.host
    seat = data["seat"]
    if room != seat_room(seat) or seat not in host.friends:
        raise ValueError("relay: another seat's room")
    friend = host.friends[seat]
    if friend.state in ("connected", "bot"):
        return False  # its page knocks until the host counts it gone, then gets an offer
    if data["t"] == "knock" and friend.state == "replied":
        # the offer on show was answered, and that answer has not connected: a knock now
        # means the friend's page gave up on it, so it gets a fresh offer once it is made
        host.knocked.add(seat)
        together.invite_again(seat)
        return False
    if data["t"] == "knock":
        code = host.codes.get(seat)
        if code and host.links.get(seat):
            together.ask(RelaySend(room, message("offer", seat, code)))
        else:
            host.knocked.add(seat)
        return False
    if data["t"] == "answer":
        together.accept_reply(seat, data["code"])
        return True
    raise ValueError("relay: not for the host")


# -- a friend's page ---------------------------------------------------------------------------
def joining_relays(invitation, own: list) -> list:
    """The relays a friend's page looks for the host on: the invitation's (the host's own,
    checked when the link was read) first, then the player's, MAX_RELAYS at most; the
    suggested ones when neither names any."""
    named = list(dict.fromkeys([*invitation.relays, *own]))[:MAX_RELAYS]
    return named or relay_urls(SUGGESTED_RELAYS)


def start_joining(together) -> None:
    """Join (the invitation has a relay secret): open the host's room and knock. A page
    that sat at this table before (its guest holds the seat's token: a reload, or the link
    opened again) counts as offered: the host has invited its seat afresh since it left,
    so the link's own offer is used up."""
    invitation = together.joining
    urls = joining_relays(invitation, relays(together))
    together.relaying = {"since": together.seconds(), "knocked": None, "live": 0,
                         "offered": together.guest.token is not None, "answered": None}
    open_room(together, HOST_ROOM, invitation.relay, urls)
    together.say("status", _("Finding the host's table through the relays…"))


def knock(together) -> None:
    relaying = together.relaying
    relaying["knocked"] = together.seconds()
    together.ask(RelaySend(HOST_ROOM, message("knock", together.joining.seat)))


def guest_state(together, state: dict) -> None:
    """The relays' state for the host's room: knock as soon as one is live; fall back to
    the codes when every relay has failed."""
    relaying = together.relaying
    if relaying is None:
        return
    relaying["live"] = state.get("live", 0)
    if relaying["live"] and relaying["knocked"] is None:
        knock(together)
    elif state.get("of") and state.get("dead") == state.get("of") and first_wait(together):
        together.fall_back_to_codes(_("No relay could be reached: send your reply to the host by hand."))


def waiting(together) -> bool:
    """Whether this page waits for an offer from the host (it has not answered one since
    it last knocked)."""
    return together.relaying is not None and together.offer is None


def first_wait(together) -> bool:
    """Whether this page waits for the first offer the relays bring. Only then may it fall
    back to the codes: the link's own offer is used once an offer came this way (the host
    made it, or made fresh ones since), so a page that comes back after the host's reload,
    or after its own, knocks until the host answers, however long that takes (a relay
    that did not answer in time is tried again by ``assets/relay.js``)."""
    return waiting(together) and not together.relaying["offered"]


def guest_tick(together) -> None:
    """Every second on a friend's page that joined by relay: knock again while the host's
    offer is awaited, or while the link to the host is lost (but not while an answer sent
    less than :data:`ANSWER_WAIT_S` seconds ago may still connect: a fresh answer would
    replace the link the host is connecting); fall back to the codes once
    :data:`RELAY_WAIT_S` seconds have passed with no offer."""
    relaying, now = together.relaying, together.seconds()
    if relaying is None:
        return
    guest = together.guest
    lost = guest is not None and guest.state == "left"
    if first_wait(together) and now - relaying["since"] > RELAY_WAIT_S:
        together.fall_back_to_codes(_("No relay answered within {seconds} seconds: send your reply to the"
                    " host by hand.").format(seconds=RELAY_WAIT_S))
        return
    answering = relaying["answered"] is not None and now - relaying["answered"] < ANSWER_WAIT_S
    if (waiting(together) or lost and not answering) and relaying["live"] \
            and now - (relaying["knocked"] or 0) >= KNOCK_EVERY_S:
        if lost:
            together.offer = None  # the next offer that comes is answered
        knock(together)


def guest_heard(together, room: str, data: dict) -> bool:
    """The host's offer: answered as Join answers one."""
    invitation = together.joining
    if room != HOST_ROOM or data["t"] != "offer" or invitation is None \
            or data["seat"] != invitation.seat or together.offer is not None:
        return False
    offer = signal.decode(data["code"])
    if offer.kind != "offer" or offer.seat != invitation.seat:
        raise ValueError("relay: not an offer for this seat")
    together.relaying.update(offered=True, answered=together.seconds())
    together.answer_offer(offer)
    return True


def link_opened(together) -> None:
    """The link to the host is open: the answer sent through the relays has connected, so a
    link lost from now on is knocked for at once."""
    if together.relaying is not None:
        together.relaying["answered"] = None


def answered(together, code: str) -> bool:
    """The answer is made; through the relays when this page joined by them (True)."""
    if together.relaying is None:
        return False
    together.ask(RelaySend(HOST_ROOM, message("answer", together.joining.seat, code)))
    together.say("status", _("Sitting down at the table…"))
    return True
