"""Playing together, the host's side: the waiting room, invitations and replies.

:class:`Hosting` is the half of :class:`~.company.Together` that a host's page uses: it
reads and writes the company's state (``host``, ``store``, ``base_url``, ``seconds``,
``send_link``) and asks for link jobs by ``ask``; ``say`` and ``saved`` tell the app.
Invitations carry the offer in the compact form of :mod:`.signal`; an invitation is a link
(:func:`~..links.invitation_fragment`).
"""

from __future__ import annotations

from ...i18n import N_, _
from .. import links
from . import relayed, signal
from .host import Host
from .link import GATHER_MS, Accept, Close, Offer, ice_servers
from .messages import TOKEN, clean_name

SEAT_WORDS = {"invited": N_("invited"), "replied": N_("replied: connecting"),
              "connected": N_("connected"), "left": N_("left the table"),
              "bot": N_("a bot plays")}


class Hosting:
    """The host's side of :class:`~.company.Together` (see the module docstring)."""

    def seat_table(self, table, bots, kept: dict | None, keep_friends: bool) -> None:
        """This page put ``table`` (whose bots ``bots`` runs) on its table. The same
        table's next deal (``keep_friends``) keeps its friends; otherwise the links of the
        table before close, and a table with friends' seats opens its waiting room
        (``kept``: what its save kept of the friends)."""
        if keep_friends and self.host is not None:
            self.host.rebind(table, bots)
            return
        self.leave()
        if table.session.setup.friends():
            self.start_hosting(table, bots, kept)

    def start_hosting(self, table, bots, kept: dict | None) -> None:
        """``table`` has friends' seats: make its :class:`Host` (``kept``: what a save kept
        of them) and an invitation for each."""
        kept = kept if isinstance(kept, dict) else {}
        room = kept.get("room") if isinstance(kept.get("room"), str) else None
        friends = kept.get("friends") if isinstance(kept.get("friends"), dict) else {}
        self.host = Host(table, bots, self.send_link, lambda peer: self.ask(Close(peer)),
                         self.seconds, room=room if room and links.ROOM.fullmatch(room)
                         else None, kept=checked_friends(friends))
        for seat in self.host.friends:
            self.invite_again(seat)
        relayed.open_seats(self)

    def invite_again(self, seat: int) -> None:
        """A fresh invitation for ``seat``: an offer is asked for its link (the seat's
        current link, if any, stays until the invitation is answered)."""
        host = self.host
        peer = host.invite(seat)
        host.links[seat] = None
        servers, mode = ice_servers(self.store)
        self.ask(Offer(peer, servers, GATHER_MS[mode]))

    def offered(self, peer: str, sdp: str) -> None:
        """The offer for ``peer`` is made: its invitation link is ready."""
        host = self.host
        friend = host.friend_of(peer) if host else None
        if friend is None or peer != friend.asked:
            return
        code = signal.encode(signal.from_sdp(sdp, "offer", friend.invite, friend.seat))
        fragment = links.invitation_fragment(host.table.session.setup, friend.seat,
                                             player_name(self.store), host.room, code,
                                             friend.relay, relayed.named_in_links(self))
        host.links[friend.seat] = self.base_url + fragment
        relayed.offer_ready(self, friend.seat, code)

    def on_accept_reply(self, data) -> None:
        """The host pasted a friend's reply for ``data-seat``."""
        self.accept_reply(self.seat_of(data), str(data.get("text", "")))

    def accept_reply(self, seat: int, text: str) -> None:
        """Apply a friend's reply ``text`` for ``seat`` (pasted, or come by the relays);
        ``ValueError`` in words when it is not one."""
        host = self.host
        if not text.strip():
            raise ValueError(_("Paste the reply your friend sent, then press Connect."))
        reply = signal.decode(text)
        if reply.kind != "answer":
            raise ValueError(_("That is an invitation, not a reply: paste the code your"
                               " friend sent back."))
        if reply.seat != seat:
            raise ValueError(_("That reply is for seat {found}, not seat {seat}.").format(
                found=reply.seat + 1, seat=seat + 1))
        try:
            host.replied(seat, reply.invite)
        except ValueError:
            raise ValueError(_("That reply answers an older invitation: send your friend"
                               " the new one.")) from None
        self.ask(Accept(host.friends[seat].asked, signal.to_sdp(reply)))
        self.say("status", _("Connecting seat {seat}…").format(seat=seat + 1))

    def on_invite_again(self, data) -> None:
        self.invite_again(self.seat_of(data))

    def on_to_bot(self, data) -> None:
        """Give a friend's seat to a bot for the rest of the game."""
        self.host.hand_to_bot(self.seat_of(data))
        self.saved()

    def seat_of(self, data) -> int:
        """The friend's seat named by ``data-seat``; ``ValueError`` in words (and when no
        waiting room is open)."""
        host = self.host
        if host is None:
            raise ValueError(_("There is no waiting room open."))
        text = str(data.get("seat", ""))
        if not (text.isascii() and text.isdigit() and len(text) <= 2) \
                or int(text) not in host.friends:
            raise ValueError(_("Seat {seat} is not a friend's seat.").format(seat=text[:10]))
        return int(text)

    def room_rows(self) -> list:
        """What the waiting room shows of each friend's seat: ``(seat, state, words, link,
        name)``."""
        host = self.host
        names = host.table.names
        return [(seat, friend.state, _(SEAT_WORDS[friend.state]), host.links.get(seat),
                 names[seat]) for seat, friend in host.friends.items()]

    def waiting_room(self) -> bool:
        """Whether the host's table waits for its friends (the waiting room is on show)."""
        return self.host is not None and self.host.paused()

    def gone(self, seats) -> None:
        """Friends at ``seats`` left, or their reply never connected: the others are told,
        and each seat gets a fresh invitation (the old one was used)."""
        if self.host.unreachable:
            self.host.unreachable = []
            self.say("alert", cannot_reach())
        for seat in seats:
            self.invite_again(seat)
        if seats:
            self.saved()

    def invitation_link(self, data) -> str:
        link = self.host.links.get(self.seat_of(data))
        if not link:
            raise ValueError(_("The invitation is still being made."))
        return link

    def on_copy_invite(self, data):
        return ("copy", self.invitation_link(data),
                _("Copied the invitation: send it to your friend."))

    def on_share_invite(self, data):
        return ("share", self.invitation_link(data),
                _("Copied the invitation: send it to your friend."))


def player_name(store) -> str:
    """The name the player gave (settings), or ""."""
    return clean_name(store.load_settings().get("name", ""))


def checked_friends(friends: dict) -> dict:
    """The tokens and names a save kept, those that are well formed."""
    return {key: {"token": value["token"], "name": clean_name(value.get("name")),
                  "known": value.get("known") is True,
                  "relay": value["relay"] if isinstance(value.get("relay"), str)
                  and links.RELAY_SECRET.fullmatch(value["relay"]) else ""}
            for key, value in friends.items()
            if isinstance(value, dict) and isinstance(value.get("token"), str)
            and TOKEN.fullmatch(value["token"])}


def cannot_reach() -> str:
    return _("The two devices could not reach each other. Join the same Wi-Fi, set a TURN"
             " server in Settings, or play at one device.")


HANDLERS = {"accept-reply": Hosting.on_accept_reply, "invite-again": Hosting.on_invite_again,
            "to-bot": Hosting.on_to_bot, "copy-invite": Hosting.on_copy_invite,
            "share-invite": Hosting.on_share_invite}
