"""Pages linked in memory: the transport the tests use in place of WebRTC.

The page's link to other pages has one interface, that of ``window.cardtablePeers``
(``assets/together.js``): ``offer(peer, servers, gather_ms)`` and ``answer(peer, offer,
servers, gather_ms)`` give a description of this end (SDP), ``accept(peer, answer)``
applies the other end's, ``send(peer, text)``, ``close(peer)``, and ``listen(on_message,
on_state)`` for what arrives. :class:`MemoryNetwork` implements it for any number of
pages in one process, synchronously but in order: what is sent waits in a queue until
:meth:`MemoryNetwork.run` delivers it, as the browser delivers between two tasks. Its
descriptions are SDP texts that :mod:`.signal` reads, so invitations and replies go
through the same codes as in the browser.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

SDP = """v=0
o=- {session} 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1 1 udp 2113937151 127.0.0.1 {port} typ host generation 0
a=ice-ufrag:{ufrag}
a=ice-pwd:{pwd}
a=fingerprint:sha-256 {fingerprint}
a=setup:{setup}
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""


@dataclass
class MemoryPage:
    """One page's end of the network (the ``cardtablePeers`` interface)."""

    network: "MemoryNetwork"
    name: str
    on_message: object = None
    on_state: object = None
    ends: dict = field(default_factory=dict)  # peer id: the ufrag of this page's end

    def listen(self, on_message, on_state) -> None:
        self.on_message, self.on_state = on_message, on_state

    def offer(self, peer: str, servers=(), gather_ms: int = 0) -> str:
        return self.describe(peer, "actpass")

    def answer(self, peer: str, offer_sdp: str, servers=(), gather_ms: int = 0) -> str:
        sdp = self.describe(peer, "active")
        self.network.answers[ufrag_of(sdp)] = ufrag_of(offer_sdp)
        return sdp

    def accept(self, peer: str, answer_sdp: str) -> None:
        """Apply the answer: the two ends open (when the answering page is still there)."""
        offer = self.ends.get(peer)
        answering = self.network.answers.get(ufrag_of(answer_sdp))
        if offer is None or answering != offer:
            raise ValueError("this answer is for another offer")
        other = self.network.end_of(ufrag_of(answer_sdp))
        if other is None:
            return  # the answering page went away: nothing opens (the host's ICE fails)
        self.network.pair(self, peer, *other)

    def send(self, peer: str, text: str) -> bool:
        return self.network.send(self, peer, text)

    def close(self, peer: str) -> None:
        self.network.close(self, peer)
        self.ends.pop(peer, None)

    def describe(self, peer: str, setup: str) -> str:
        self.network.close(self, peer)
        ufrag = self.network.fresh()
        self.ends[peer] = ufrag
        number = int(ufrag, 16)
        return SDP.format(session=number, port=40000 + number % 20000, ufrag=ufrag,
                          pwd=f"{number:022d}",
                          fingerprint=":".join(f"{(number + i) % 256:02X}" for i in range(32)),
                          setup=setup)


def ufrag_of(sdp: str) -> str:
    return next(line.split(":", 1)[1] for line in sdp.splitlines()
                if line.startswith("a=ice-ufrag:"))


class MemoryNetwork:
    """Pages in one process and the open links between them."""

    def __init__(self):
        self.pages: list = []
        self.queue: deque = deque()
        self.links: dict = {}  # (page name, peer): (other page, its peer id)
        self.answers: dict = {}  # an answer's ufrag: the ufrag of the offer it answers
        self.count = 0
        self.delivered = []  # (page name, peer, text) of every message delivered

    def page(self, name: str) -> MemoryPage:
        page = MemoryPage(self, name)
        self.pages.append(page)
        return page

    def fresh(self) -> str:
        self.count += 1
        return f"{self.count:04x}"

    def end_of(self, ufrag: str):
        for page in self.pages:
            for peer, own in page.ends.items():
                if own == ufrag:
                    return page, peer
        return None

    def pair(self, page, peer, other, other_peer) -> None:
        self.links[(page.name, peer)] = (other, other_peer)
        self.links[(other.name, other_peer)] = (page, peer)
        self.queue.append(("state", page, peer, "open"))
        self.queue.append(("state", other, other_peer, "open"))

    def send(self, page, peer: str, text: str) -> bool:
        link = self.links.get((page.name, peer))
        if link is None:
            return False
        self.queue.append(("message", *link, text))
        return True

    def close(self, page, peer: str) -> None:
        """Close a link: the other end hears it closed (as when a page reloads)."""
        link = self.links.pop((page.name, peer), None)
        if link is not None:
            self.links.pop((link[0].name, link[1]), None)
            self.queue.append(("state", *link, "closed"))

    def vanish(self, page) -> None:
        """``page`` is gone without a word (a tab killed, a phone out of range): its links
        stop carrying messages, and nobody is told."""
        for key in [key for key in self.links if key[0] == page.name]:
            other, other_peer = self.links.pop(key)
            self.links.pop((other.name, other_peer), None)
        page.ends.clear()
        self.pages.remove(page)

    def run(self, limit: int = 100_000) -> int:
        """Deliver what waits, and what that causes, in order; the number delivered."""
        done = 0
        while self.queue and done < limit:
            kind, page, peer, value = self.queue.popleft()
            if page not in self.pages:
                continue
            done += 1
            if kind == "state":
                page.on_state(peer, value)
            else:  # sent before a close: a channel delivers what it had before closing
                self.delivered.append((page.name, peer, value))
                page.on_message(peer, value)
        return done
