"""Playing together, the controller's side: the waiting room, joining, and the link.

The :class:`~..controller.Controller` keeps, while friends play on their own devices,
either a :class:`~.host.Host` (``controller.host``: this page deals; its friends' seats are
``"friend"`` in the setup) or a :class:`~.guest.Guest` (``controller.guest``: this page
joined a friend's table). Before joining, ``controller.joining`` holds the
:class:`~..links.Invitation` the page was opened with.

The page's link to other pages is asked for through *jobs*, which the page takes with
:func:`take_jobs` and carries out by a transport (WebRTC in the browser, an in-memory
network in the tests), reporting back with :func:`job_done`, :func:`link_state` and
:func:`link_message`:

- ``("offer", peer, ice_servers, gather_ms)``: make an offer for ``peer``; report its SDP;
- ``("answer", peer, offer_sdp, ice_servers, gather_ms)``: answer an offer; report its SDP;
- ``("accept", peer, answer_sdp)``: apply a friend's answer;
- ``("close", peer)``: close the link to ``peer``;
- ``("relay-open", room, secret, urls)``, ``("relay-send", room, text)``,
  ``("relay-close", room)``: the relay rooms of one-link invitations (:mod:`.relayed`),
  whose messages and states come back by :func:`relay_message` and :func:`relay_state`.

Invitations and replies carry the offer and answer in the compact form of
:mod:`.signal`; an invitation is a link (:func:`~..links.invitation_fragment`).
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from ...i18n import N_, _, language
from .. import links
from ..records import book
from ..storage import SUGGESTED_RELAYS, relay_urls
from ..validate import OUTCOME_KEYS, read_json
from . import relayed, signal
from .guest import Guest
from .host import Host
from .messages import TOKEN, clean_name

GUEST_KEY = "cardtable.guest"  # on a friend's page: {room: token} of the tables it joined
GATHER_MS = {"local": 3000, "internet": 5000}  # the longest wait for the link's addresses
HOST_PEER = "host"
# The reason of a job that failed because the browser has no WebRTC at all (the error of
# assets/together.js; app.py's when together.js is missing).
NO_WEBRTC = "no WebRTC"
MAKING_REPLY = N_("Making your reply…")
SEAT_WORDS = {"invited": N_("invited"), "replied": N_("replied: connecting"),
              "connected": N_("connected"), "left": N_("left the table"),
              "bot": N_("a bot plays")}


# -- settings -------------------------------------------------------------------------------
def player_name(controller) -> str:
    """The name the player gave (settings), or ""."""
    return clean_name(controller.store.load_settings().get("name", ""))


def ice_servers(controller) -> tuple:
    """``(servers, mode)``: the STUN/TURN servers the player chose when playing across the
    internet is on, else none (peers find each other on the same network)."""
    settings = controller.store.load_settings()
    if settings.get("internet") != "on":
        return [], "local"
    servers = []
    if settings.get("stun"):
        servers.append({"urls": settings["stun"]})
    if settings.get("turn"):
        servers.append({"urls": settings["turn"], "username": settings.get("turn_user", ""),
                        "credential": settings.get("turn_pass", "")})
    return servers, "internet"


def ask(controller, job: tuple) -> None:
    controller.jobs.append(job)


def take_jobs(controller) -> list:
    """The link jobs due (see the module docstring), each given once."""
    jobs, controller.jobs = controller.jobs, []
    return jobs


# -- hosting ---------------------------------------------------------------------------------
def start_hosting(controller, kept: dict | None) -> None:
    """The table has friends' seats: make its :class:`Host` (``kept``: what a save kept
    of them) and an invitation for each."""
    kept = kept if isinstance(kept, dict) else {}
    room = kept.get("room") if isinstance(kept.get("room"), str) else None
    friends = kept.get("friends") if isinstance(kept.get("friends"), dict) else {}
    controller.host = Host(controller.table, controller.bots, controller.send_link,
                           lambda peer: ask(controller, ("close", peer)),
                           controller.seconds, room=room if room and links.ROOM.fullmatch(room)
                           else None, kept=checked_friends(friends))
    for seat in controller.host.friends:
        invite_again(controller, seat)
    relayed.open_seats(controller, ask)


def checked_friends(friends: dict) -> dict:
    """The tokens and names a save kept, those that are well formed."""
    return {key: {"token": value["token"], "name": clean_name(value.get("name")),
                  "known": value.get("known") is True,
                  "relay": value["relay"] if isinstance(value.get("relay"), str)
                  and links.RELAY_SECRET.fullmatch(value["relay"]) else ""}
            for key, value in friends.items()
            if isinstance(value, dict) and isinstance(value.get("token"), str)
            and TOKEN.fullmatch(value["token"])}


def invite_again(controller, seat: int) -> None:
    """A fresh invitation for ``seat``: an offer is asked for its link (the seat's
    current link, if any, stays until the invitation is answered)."""
    host = controller.host
    peer = host.invite(seat)
    host.links[seat] = None
    servers, mode = ice_servers(controller)
    ask(controller, ("offer", peer, servers, GATHER_MS[mode]))


def offered(controller, peer: str, sdp: str) -> None:
    """The offer for ``peer`` is made: its invitation link is ready."""
    host = controller.host
    friend = host.friend_of(peer) if host else None
    if friend is None or peer != friend.asked:
        return
    code = signal.encode(signal.from_sdp(sdp, "offer", friend.invite, friend.seat))
    fragment = links.invitation_fragment(controller.session.setup, friend.seat,
                                         player_name(controller), host.room, code,
                                         friend.relay)
    host.links[friend.seat] = controller.base_url + fragment
    relayed.offer_ready(controller, ask, friend.seat, code)


def on_accept_reply(controller, data) -> None:
    """The host pasted a friend's reply for ``data-seat``."""
    host = controller.host
    if host is None:
        raise ValueError(_("There is no waiting room open."))
    accept_reply(controller, seat_of(data, host), str(data.get("text", "")))


def accept_reply(controller, seat: int, text: str) -> None:
    """Apply a friend's reply ``text`` for ``seat`` (pasted, or come by the relays);
    ``ValueError`` in words when it is not one."""
    host = controller.host
    if not text.strip():
        raise ValueError(_("Paste the reply your friend sent, then press Connect."))
    reply = signal.decode(text)
    if reply.kind != "answer":
        raise ValueError(_("That is an invitation, not a reply: paste the code your friend"
                           " sent back."))
    if reply.seat != seat:
        raise ValueError(_("That reply is for seat {found}, not seat {seat}.").format(
            found=reply.seat + 1, seat=seat + 1))
    try:
        host.replied(seat, reply.invite)
    except ValueError:
        raise ValueError(_("That reply answers an older invitation: send your friend the"
                           " new one.")) from None
    ask(controller, ("accept", host.friends[seat].asked, signal.to_sdp(reply)))
    controller.say("status", _("Connecting seat {seat}…").format(seat=seat + 1))


def on_invite_again(controller, data) -> None:
    host = controller.host
    if host is None:
        raise ValueError(_("There is no waiting room open."))
    invite_again(controller, seat_of(data, host))


def on_to_bot(controller, data) -> None:
    """Give a friend's seat to a bot for the rest of the game."""
    host = controller.host
    if host is None:
        raise ValueError(_("There is no waiting room open."))
    host.hand_to_bot(seat_of(data, host))
    controller.saved()


def seat_of(data, host) -> int:
    """The friend's seat named by ``data-seat``; ``ValueError`` in words."""
    text = str(data.get("seat", ""))
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or int(text) not in host.friends:
        raise ValueError(_("Seat {seat} is not a friend's seat.").format(seat=text[:10]))
    return int(text)


def room_rows(controller) -> list:
    """What the waiting room shows of each friend's seat: ``(seat, state, words, link)``."""
    host = controller.host
    names = controller.table.names
    return [(seat, friend.state, _(SEAT_WORDS[friend.state]), host.links.get(seat),
             names[seat]) for seat, friend in host.friends.items()]


# -- joining ---------------------------------------------------------------------------------
def on_join(controller, data) -> None:
    """The friend accepted the invitation: answer its offer (the reply code follows)."""
    invitation = controller.joining
    if invitation is None:
        raise ValueError(_("There is no invitation to accept."))
    offer = signal.decode(invitation.code)
    if offer.kind != "offer" or offer.seat != invitation.seat:
        raise ValueError(_("This invitation is damaged: ask your friend for a new one."))
    name = clean_name(data.get("text", "")) or player_name(controller)
    if name:
        settings = controller.store.load_settings()
        controller.store.write_settings({**settings, "name": name})
    controller.guest = Guest(lambda text: controller.send_link(HOST_PEER, text),
                             controller.seconds, name, language(),
                             token=kept_tokens(controller).get(invitation.room))
    if invitation.relay:
        relayed.start_joining(controller, ask)
    else:
        answer_offer(controller, offer)


def rejoin_on_open(controller) -> None:
    """An invitation with a relay secret to a table this page sat at before (it kept a
    token for the room) is joined at once, under the name kept: a friend's reload, or the
    same link opened again, sits down with no tap."""
    invitation = controller.joining
    if invitation.relay and invitation.room in kept_tokens(controller):
        try:
            on_join(controller, {})
        except ValueError:  # a damaged offer, refused before anything changed: the join
            pass  # screen stays, and says so at the tap


def invitation_address(controller) -> str:
    """A friend's page's address: its invitation while it has a relay secret and the
    table's game is not over; none otherwise."""
    invitation, guest = controller.joining, controller.guest
    if invitation is None or not invitation.relay or guest is not None and guest.over:
        return ""
    return links.invitation_fragment(invitation.setup, invitation.seat, invitation.host,
                                     invitation.room, invitation.code, invitation.relay)


def answer_offer(controller, offer) -> None:
    """Answer the host's ``offer`` (the reply follows, by :func:`answered`)."""
    controller.offer = offer
    servers, mode = ice_servers(controller)
    ask(controller, ("answer", HOST_PEER, signal.to_sdp(offer), servers, GATHER_MS[mode]))
    controller.say("status", _(MAKING_REPLY))


def fall_back_to_codes(controller, why: str) -> None:
    """The relays did not bring the host's offer: answer the link's own, and show the
    reply code to send back by hand, saying ``why``."""
    controller.relaying, controller.relay_fallback = None, why
    controller.relay_rooms.discard(relayed.HOST_ROOM)
    controller.jobs.append(("relay-close", relayed.HOST_ROOM))
    answer_offer(controller, signal.decode(controller.joining.code))


def answered(controller, sdp: str) -> None:
    """The answer is made: its reply code is ready to send back."""
    offer = controller.offer
    if offer is None:
        return
    answer = signal.from_sdp(sdp, "answer", offer.invite, offer.seat)
    code = signal.encode(answer)
    if not relayed.answered(controller, ask, code):
        controller.reply = code
        controller.say("status", controller.relay_fallback
                       or _("Your reply is ready: send it back."))


def kept_tokens(controller) -> dict:
    """``{room: token}`` of the tables this page joined (a damaged text counts as none)."""
    try:
        kept = read_json(controller.store.get(GUEST_KEY) or "{}", 4_000)
    except ValueError:
        return {}
    return kept if isinstance(kept, dict) else {}


def keep_token(controller) -> None:
    """Keep the seat's token for this room, to rejoin the same seat after a reload."""
    guest, invitation = controller.guest, controller.joining
    if guest is None or invitation is None or guest.token is None:
        return
    kept = {room: token for room, token in kept_tokens(controller).items()
            if isinstance(room, str) and isinstance(token, str)}
    kept = dict(list({**kept, invitation.room: guest.token}.items())[-8:])
    controller.store.set(GUEST_KEY, json.dumps(kept))


# -- the link -------------------------------------------------------------------------------
def job_done(controller, job: tuple, sdp: str) -> None:
    """An ``offer`` or ``answer`` job gave its SDP."""
    if job[0] == "offer":
        offered(controller, job[1], sdp)
    elif job[0] == "answer":
        answered(controller, sdp)


def job_failed(controller, job: tuple, why: str) -> None:
    """A job failed in the browser: said in one sentence (that the browser cannot connect
    at all, where it has no WebRTC), and nothing waits for it any more: a friend's page is
    back at the invitation as before Join, and a seat whose invitation could not be made
    offers a new one and a bot. A job replaced by a newer one (``replaced``) is left to
    that one."""
    print(f"cardtable: the link's {job[0]} failed: {why[:200]}")
    if why.endswith("replaced"):
        return
    if job[0] == "answer" and controller.offer is not None:
        controller.offer = controller.guest = None
        making = ("status", _(MAKING_REPLY))
        controller.messages = [said for said in controller.messages if said != making]
    elif job[0] == "offer" and controller.host is not None:
        friend = controller.host.friend_of(job[1])
        if friend is not None and job[1] == friend.asked:
            controller.host.links[friend.seat] = ""
    if NO_WEBRTC in why:
        controller.say("alert", _("This browser cannot connect to other devices (it has no"
                                  " WebRTC). Use another browser, or play with everyone"
                                  " at this device."))
        return
    controller.say("alert", _("The browser could not make the connection ({why}). Try"
                              " again, or play with everyone at this device.").format(
                                  why=why[:80]))


def link_state(controller, peer: str, state: str) -> bool:
    """The link to ``peer`` changed ``state`` (open, disconnected, closed, failed); True
    when the page should be drawn again."""
    if controller.host is not None:
        if state in ("closed", "failed"):
            gone(controller, controller.host.closed(peer))
            return True
        return False
    guest = controller.guest
    if guest is None or peer != HOST_PEER:
        return False
    if state == "open":
        guest.opened()
        relayed.link_opened(controller)
        return True
    if state in ("closed", "failed"):
        if state == "failed" and guest.setup is None:
            controller.say("alert", cannot_reach())
        guest.closed()
        return True
    return False


def cannot_reach() -> str:
    return _("The two devices could not reach each other. Join the same Wi-Fi, set a TURN"
             " server in Settings, or play at one device.")


def link_message(controller, peer: str, text) -> bool:
    """A message from ``peer``; True when the page should be drawn again."""
    host, guest = controller.host, controller.guest
    if host is not None:
        if host.receive(peer, text):
            controller.saved()
            joined, host.joined = host.joined, []
            names = controller.table.names
            for seat in joined:
                controller.say("status", _("{name} is connected at seat {number}.").format(
                    name=names[seat], number=seat + 1))
            return True
        return False
    if guest is not None and peer == HOST_PEER:
        changed = guest.receive(text)
        if guest.refusal:
            controller.say("alert", guest.refusal)
            guest.refusal = None
        if changed and guest.setup is not None:
            controller.setup = guest.setup  # the rules and records open on its game
            keep_token(controller)
            record_guest_game(controller)
        return changed
    return False


def tick(controller) -> bool:
    """The heartbeat (the page calls it every second); True when the page should be drawn."""
    if controller.host is not None:
        left = controller.host.tick()
        gone(controller, left)
        return bool(left)
    before = len(controller.messages)
    relayed.guest_tick(controller, ask, lambda why: fall_back_to_codes(controller, why))
    changed = len(controller.messages) != before
    return controller.guest is not None and controller.guest.tick() or changed


# -- the relays of one-link invitations -------------------------------------------------------
def relay_message(controller, room: str, text) -> bool:
    """A message that came through the relays in ``room``; True when the page should be
    drawn again. Whatever does not fit is dropped and logged, as any peer's message."""
    try:
        data = relayed.read(text)
        if controller.host is not None:
            return relayed.host_heard(
                controller, ask, lambda seat, code: accept_reply(controller, seat, code),
                lambda seat: invite_again(controller, seat), room, data)
        return relayed.guest_heard(controller, lambda offer: answer_offer(controller, offer),
                                   room, data)
    except ValueError as error:
        print(f"cardtable: dropped a message from the relays: {str(error)[:200]}")
        return False


def relay_hosts(controller) -> tuple:
    """The hosts of the relays this page's invitations travel through: the host's own
    (while it has relay rooms open), a friend's for an invitation with a relay secret."""
    if controller.host is not None:
        urls = relayed.relays(controller) if controller.relay_rooms else []
    elif controller.joining is not None and controller.joining.relay \
            and controller.relay_fallback is None:
        urls = relayed.relays(controller) or relay_urls(SUGGESTED_RELAYS)
    else:
        urls = []
    return tuple(urlsplit(url).hostname for url in urls)


def relays_down(controller) -> bool:
    """Whether every relay of every room this page opened has failed."""
    states = [controller.relay_states.get(room) for room in controller.relay_rooms]
    return bool(states) and all(state and state["of"] and state["dead"] == state["of"]
                                for state in states)


def relay_state(controller, room: str, state: dict) -> bool:
    """How many relays of ``room`` are connected (``{live, dead, of}``); True when the
    page should be drawn again (the host's: when its waiting room's words change)."""
    down = relays_down(controller)
    controller.relay_states[room] = state
    if controller.host is None:
        before = len(controller.messages)
        relayed.guest_state(controller, ask, lambda why: fall_back_to_codes(controller, why),
                            state)
        return len(controller.messages) != before
    return relays_down(controller) != down


def gone(controller, seats) -> None:
    """Friends at ``seats`` left, or their reply never connected: the others are told,
    and each seat gets a fresh invitation (the old one was used)."""
    if controller.host.unreachable:
        controller.host.unreachable = []
        controller.say("alert", cannot_reach())
    for seat in seats:
        invite_again(controller, seat)
    if seats:
        controller.saved()


# -- a friend's record --------------------------------------------------------------------------
def record_guest_game(controller) -> None:
    """At the end of a game played at a friend's table, record it in this page's records
    from this seat (no seed and no moves: a guest never learns the deal)."""
    guest = controller.guest
    if guest is None or not guest.over or controller.recorded[0] is guest and \
            controller.recorded[1]["digest"] == book.digest(guest.log):
        return  # recorded already (a next deal at the same table makes a new log)
    setup = guest.setup
    table = guest.remote.module
    result = guest.table["result"]
    outcome = table.outcome(result, guest.seat, guest.seat_names())
    options = {key: setup.spec.option(key).encode(value) for key, value in setup.options.items()}
    record = {"game": setup.game, "players": setup.players, "seats": list(setup.seats),
              "options": options, "seed": None, "seat": guest.seat,
              "when": controller.clock().strftime("%Y-%m-%dT%H:%M"), "result": result,
              "outcome": {key: outcome.get(key) for key in OUTCOME_KEYS},
              "actions": None, "moves": guest.table["at"],
              "digest": book.digest(guest.log)}
    controller.recorded = (guest, record)
    said = controller.records.add(record)
    if said:
        controller.say("status", said)


def latest_move(controller) -> tuple:
    """``(moves, seat)``: how many moves the table has had, and who made the latest (None
    before the first), on the host's page or a friend's."""
    guest = controller.guest
    if guest is not None:
        if not guest.ready:
            return 0, None
        seats = [event["seat"] for event in (guest.log[-1] if guest.log else [])]
        return guest.table["at"], seats[0] if seats else None
    session = controller.session
    return (len(session.actions), session.last_actor()) if session else (0, None)


def closing_jobs(controller) -> list:
    """The jobs that close every link of this page."""
    friends = controller.host.friends.values() if controller.host else ()
    peers = [peer for friend in friends for peer in (friend.peer, friend.asked) if peer]
    if controller.guest is not None or controller.joining is not None:
        peers.append(HOST_PEER)
    return [("close", peer) for peer in peers] + relayed.closing_jobs(controller)


def leave(controller) -> None:
    """Leave a friend's table or close the waiting room: the friends are told the table
    closed, and every link closes."""
    if controller.host is not None:
        controller.host.close_table()
    controller.jobs += closing_jobs(controller)
    controller.host = controller.guest = controller.joining = None
    controller.offer = controller.reply = controller.relaying = None


def invitation_link(controller, data) -> str:
    host = controller.host
    if host is None:
        raise ValueError(_("There is no waiting room open."))
    link = host.links.get(seat_of(data, host))
    if not link:
        raise ValueError(_("The invitation is still being made."))
    return link


def reply_code(controller) -> str:
    if not controller.reply:
        raise ValueError(_("There is no reply to send yet."))
    return controller.reply


def on_copy_invite(controller, data):
    return ("copy", invitation_link(controller, data),
            _("Copied the invitation: send it to your friend."))


def on_share_invite(controller, data):
    return ("share", invitation_link(controller, data),
            _("Copied the invitation: send it to your friend."))


def on_copy_reply(controller, data):
    return ("copy", reply_code(controller), _("Copied your reply: send it back to the host."))


def on_share_reply(controller, data):
    return ("share", reply_code(controller), _("Copied your reply: send it back to the host."))


TOGETHER_HANDLERS = {"accept-reply": on_accept_reply, "invite-again": on_invite_again,
                     "to-bot": on_to_bot, "join": on_join, "copy-invite": on_copy_invite,
                     "share-invite": on_share_invite, "copy-reply": on_copy_reply,
                     "share-reply": on_share_reply}
