"""The link to other pages, typed: what a page asks of it (jobs) and what carries them.

Playing together is pure Python (:class:`~.company.Together`); what reaches another page
goes through two carriers the page holds, each one interface with two implementations:

- :class:`Peers`, the direct links (WebRTC data channels): in the browser
  ``window.cardtablePeers`` (``assets/together.js``), in the tests
  :class:`~.transport.MemoryPage`;
- :class:`Relays`, the relay rooms of one-link invitations: in the browser
  ``window.cardtableRelay`` (``assets/relay.js``), in the tests the tests' memory relay.

:class:`~.company.Together` asks for the link by *jobs*, the dataclasses below, which the
page takes (``Together.take_jobs``) and carries out, each by its ``carry(peers, relays,
heard)``; a job that makes a description of this end (``reports``: ``Offer``, ``Answer``)
reports it back with ``Together.job_done``.
What arrives (a message, a link's state) comes back by the carriers' callbacks.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Protocol

GATHER_MS = {"local": 3000, "internet": 5000}  # the longest wait for the link's addresses
HOST_PEER = "host"  # a friend's page's one peer: the host's page


def ice_servers(store) -> tuple:
    """``(servers, mode)``: the STUN/TURN servers the player chose when playing across the
    internet is on, else none (peers find each other on the same network)."""
    settings = store.load_settings()
    if settings.get("internet") != "on":
        return [], "local"
    servers = []
    if settings.get("stun"):
        servers.append({"urls": settings["stun"]})
    if settings.get("turn"):
        servers.append({"urls": settings["turn"], "username": settings.get("turn_user", ""),
                        "credential": settings.get("turn_pass", "")})
    return servers, "internet"


class Peers(Protocol):
    """Direct links to other pages, each known by a peer id."""

    def offer(self, peer: str, servers, gather_ms: int):
        """A description (SDP) of this end of a new link to ``peer`` (maybe awaitable)."""

    def answer(self, peer: str, offer_sdp: str, servers, gather_ms: int):
        """A description (SDP) of this end answering ``offer_sdp`` (maybe awaitable)."""

    def accept(self, peer: str, answer_sdp: str):
        """Apply the other end's answer: the link opens."""

    def send(self, peer: str, text: str) -> None:
        """Send ``text`` (dropped when the link is not open)."""

    def close(self, peer: str) -> None:
        """Close the link to ``peer``."""

    def listen(self, on_message, on_state) -> None:
        """``on_message(peer, text)`` and ``on_state(peer, state)`` for what arrives."""


class Relays(Protocol):
    """Relay rooms, each known by a room name and entered with its secret."""

    def open(self, room: str, secret: str, urls, on_message, on_state):
        """Enter ``room`` through the relays at ``urls`` (maybe awaitable)."""

    def send(self, room: str, text: str):
        """Send ``text`` to the others in ``room``."""

    def close(self, room: str) -> None:
        """Leave ``room``."""


class Job:
    """A link job: it calls its carrier's method ``CALL`` with its fields, in their order;
    ``reports``: what the call makes (a description of this end) is reported back."""

    CALL = ""
    reports = False
    RELAYED = False  # its carrier: the relays (True) or the peers

    def carry(self, peers: Peers, relays: Relays, heard):
        carrier = relays if self.RELAYED else peers
        return getattr(carrier, self.CALL)(*(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True)
class Offer(Job):
    """Make an offer for ``peer`` with the ICE ``servers`` (as RTCPeerConnection takes
    them); its SDP is reported back."""

    peer: str
    servers: list
    gather_ms: int
    CALL, reports = "offer", True


@dataclass(frozen=True)
class Answer(Job):
    """Answer the offer ``offer_sdp`` of ``peer``; its SDP is reported back."""

    peer: str
    offer_sdp: str
    servers: list
    gather_ms: int
    CALL, reports = "answer", True


@dataclass(frozen=True)
class Close(Job):
    """Close the link to ``peer``."""

    peer: str
    CALL = "close"


@dataclass(frozen=True)
class Accept(Job):
    """Apply a friend's answer ``answer_sdp`` to the link ``peer``."""

    peer: str
    answer_sdp: str
    CALL = "accept"


@dataclass(frozen=True)
class RelayOpen(Job):
    """Enter the relay room ``room`` with ``secret`` through the relays at ``urls``;
    ``heard`` is the page's ``(on_message, on_state)`` for the room."""

    room: str
    secret: str
    urls: tuple
    RELAYED = True

    def carry(self, peers: Peers, relays: Relays, heard):
        return relays.open(self.room, self.secret, self.urls, *heard)


@dataclass(frozen=True)
class RelaySend(Job):
    """Send ``text`` to the others in the relay room ``room``."""

    room: str
    text: str
    CALL, RELAYED = "send", True


@dataclass(frozen=True)
class RelayClose(Job):
    """Leave the relay room ``room``."""

    room: str
    CALL, RELAYED = "close", True

