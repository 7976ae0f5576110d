"""Playing together, a friend's side: answering an invitation, and sitting down again.

:class:`Joining` is the half of :class:`~.company.Together` that a friend's page uses: it
reads and writes the company's state (``joining``, ``guest``, ``seat``, ``offer``,
``reply``, ``relaying``, ``relay_rooms``, ``relay_fallback``, ``store``, ``seconds``,
``send_link``, ``make_seat``) and asks for link jobs by ``ask``; ``say`` tells the app.
The reply carries the answer in the compact form of :mod:`.signal`.
"""

from __future__ import annotations

import json

from ...i18n import N_, _, language
from .. import links
from ..validate import read_json
from . import relayed, signal
from .guest import Guest
from .hosting import player_name
from .link import GATHER_MS, HOST_PEER, Answer, RelayClose, ice_servers
from .messages import clean_name

GUEST_KEY = "cardtable.guest"  # on a friend's page: {room: token} of the tables it joined
MAKING_REPLY = N_("Making your reply…")


class Joining:
    """A friend's side of :class:`~.company.Together` (see the module docstring)."""

    def on_join(self, data) -> None:
        """The friend accepted the invitation: answer its offer (the reply code follows)."""
        invitation = self.joining
        if invitation is None:
            raise ValueError(_("There is no invitation to accept."))
        offer = signal.decode(invitation.code)
        if offer.kind != "offer" or offer.seat != invitation.seat:
            raise ValueError(_("This invitation is damaged: ask your friend for a new one."))
        name = clean_name(data.get("text", "")) or player_name(self.store)
        if name:
            settings = self.store.load_settings()
            self.store.write_settings({**settings, "name": name})
        self.guest = Guest(lambda text: self.send_link(HOST_PEER, text), self.seconds, name,
                           language(), token=self.kept_tokens().get(invitation.room))
        self.seat = self.make_seat(self.guest)
        if invitation.relay:
            relayed.start_joining(self)
        else:
            self.answer_offer(offer)

    def open_invitation(self, invitation) -> None:
        """The page was opened with ``invitation``: its join screen. One with a relay
        secret to a table this page sat at before (it kept a token for the room) is joined
        at once, under the name kept: a friend's reload, or the same link opened again,
        sits down with no tap."""
        self.joining = invitation
        if invitation.relay and invitation.room in self.kept_tokens():
            try:
                self.on_join({})
            except ValueError:  # a damaged offer, refused before anything changed: the
                pass  # join screen stays, and says so at the tap

    def invitation_address(self) -> str:
        """A friend's page's address: its invitation while it has a relay secret and the
        table's game is not over; none otherwise."""
        invitation, guest = self.joining, self.guest
        if invitation is None or not invitation.relay or guest is not None and guest.over:
            return ""
        return links.invitation_fragment(invitation.setup, invitation.seat, invitation.host,
                                         invitation.room, invitation.code, invitation.relay,
                                         invitation.relays)

    def answer_offer(self, offer) -> None:
        """Answer the host's ``offer`` (the reply follows, by :meth:`answered`)."""
        self.offer = offer
        servers, mode = ice_servers(self.store)
        self.ask(Answer(HOST_PEER, signal.to_sdp(offer), servers, GATHER_MS[mode]))
        self.say("status", _(MAKING_REPLY))

    def fall_back_to_codes(self, why: str) -> None:
        """The relays did not bring the host's offer: answer the link's own, and show the
        reply code to send back by hand, saying ``why``."""
        self.relaying, self.relay_fallback = None, why
        self.relay_rooms.discard(relayed.HOST_ROOM)
        self.ask(RelayClose(relayed.HOST_ROOM))
        self.answer_offer(signal.decode(self.joining.code))

    def answered(self, sdp: str) -> None:
        """The answer is made: its reply code is ready to send back."""
        offer = self.offer
        if offer is None:
            return
        answer = signal.from_sdp(sdp, "answer", offer.invite, offer.seat)
        code = signal.encode(answer)
        if not relayed.answered(self, code):
            self.reply = code
            self.say("status", self.relay_fallback or _("Your reply is ready: send it back."))

    def kept_tokens(self) -> dict:
        """``{room: token}`` of the tables this page joined (a damaged text counts as none)."""
        try:
            kept = read_json(self.store.get(GUEST_KEY) or "{}", 4_000)
        except ValueError:
            return {}
        return kept if isinstance(kept, dict) else {}

    def keep_token(self) -> None:
        """Keep the seat's token for this room, to rejoin the same seat after a reload."""
        guest, invitation = self.guest, self.joining
        if guest is None or invitation is None or guest.token is None:
            return
        kept = {room: token for room, token in self.kept_tokens().items()
                if isinstance(room, str) and isinstance(token, str)}
        kept = dict(list({**kept, invitation.room: guest.token}.items())[-8:])
        self.store.set(GUEST_KEY, json.dumps(kept))

    def reply_code(self) -> str:
        if not self.reply:
            raise ValueError(_("There is no reply to send yet."))
        return self.reply

    def on_copy_reply(self, data):
        return ("copy", self.reply_code(), _("Copied your reply: send it back to the host."))

    def on_share_reply(self, data):
        return ("share", self.reply_code(), _("Copied your reply: send it back to the host."))


HANDLERS = {"join": Joining.on_join, "copy-reply": Joining.on_copy_reply,
            "share-reply": Joining.on_share_reply}
