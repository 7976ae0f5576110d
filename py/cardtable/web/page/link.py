"""The links to other pages (playing together): peers, relays and the heartbeat.

The controller's link jobs (see ``together.handlers``) are carried out by
``window.cardtablePeers`` (``assets/together.js``, WebRTC data channels) and, for the relay
jobs, ``window.cardtableRelay`` (``assets/relay.js``); what arrives over a link or a relay,
and a heartbeat every second, go back to the controller, and the page is drawn again when
that changed something. When the page goes away its links close at once. The jobs are
tuples, read here only: ``("offer", peer, servers, gather_ms)``, ``("answer", peer, sdp,
servers, gather_ms)``, ``("accept", peer, sdp)``, ``("close", peer)``, ``("relay-open",
room, secret, relays)``, ``("relay-send", room, text)``, ``("relay-close", room)``.
"""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import to_js

from .sound import sound_on


class Link:
    """The page's side of its links: the relays' callbacks, made when a room first opens."""

    def __init__(self, page):
        self.page = page
        self.relay_proxies = None  # the relays' callbacks, made when a room first opens

    def install(self) -> None:
        page = self.page
        peers = getattr(js.window, "cardtablePeers", None)
        if peers is not None:
            peers.listen(page.proxy(self.on_link_message), page.proxy(self.on_link_state))
        page.listen(js.window, "pagehide", lambda event: self.close_links())
        asyncio.ensure_future(self.heartbeat())

    def run_jobs(self) -> None:
        """Carry out, each in a task of its own, the link jobs the controller has for the
        page."""
        for job in self.page.controller.take_jobs():
            asyncio.ensure_future(self.run_job(job))

    async def run_job(self, job: tuple) -> None:
        """Carry out one of the controller's link jobs with ``window.cardtablePeers``."""
        peers = getattr(js.window, "cardtablePeers", None)
        kind = job[0]
        if kind.startswith("relay-"):
            await self.run_relay_job(job)
            return
        try:
            if peers is None:
                raise RuntimeError("this browser has no WebRTC here")
            if kind == "close":
                peers.close(job[1])
                return
            if kind == "accept":
                await peers.accept(job[1], job[2])
                return
            servers = to_js(job[-2], dict_converter=js.Object.fromEntries)
            sdp = (await peers.offer(job[1], servers, job[3]) if kind == "offer"
                   else await peers.answer(job[1], job[2], servers, job[4]))
            self.page.controller.job_done(job, str(sdp))
        except Exception as error:  # the browser's refusal, said in a sentence
            self.page.controller.job_failed(job, str(error))
        self.page.draw()

    async def run_relay_job(self, job: tuple) -> None:
        """Carry out a relay job (``relay-open``, ``relay-send``, ``relay-close``) with
        ``window.cardtableRelay`` (assets/relay.js). A relay that cannot be had is reported
        as a state with every relay dead, which the controller answers with the codes."""
        relay = getattr(js.window, "cardtableRelay", None)
        kind, room = job[0], job[1]
        try:
            if relay is None:
                raise RuntimeError("assets/relay.js is not on the page")
            if kind == "relay-open":
                if self.relay_proxies is None:
                    self.relay_proxies = (self.page.proxy(self.on_relay_message),
                                          self.page.proxy(self.on_relay_state))
                await relay.open(room, job[2], to_js(list(job[3])), *self.relay_proxies)
            elif kind == "relay-send":
                await relay.send(room, job[2])
            else:
                relay.close(room)
        except Exception as error:  # the browser's refusal: as if no relay answered
            js.console.warn(f"cardtable: the relays' {kind} failed: {str(error)[:200]}")
            if kind == "relay-open":
                self.on_relay_state(room, to_js({"live": 0, "dead": 1, "of": 1},
                                                dict_converter=js.Object.fromEntries))

    def on_relay_message(self, room, text) -> None:
        controller = self.page.controller
        if controller.relay_message(str(room), str(text)) or controller.jobs_due():
            self.page.draw()

    def on_relay_state(self, room, state) -> None:
        counts = {key: int(getattr(state, key, 0) or 0) for key in ("live", "dead", "of")}
        controller = self.page.controller
        if controller.relay_state(str(room), counts) or controller.jobs_due():
            self.page.draw()

    def on_link_message(self, peer, text) -> None:
        """A message from another page; a move made elsewhere makes its tone."""
        self.page.attempt(lambda: self.take_link_message(str(peer), str(text)))

    def take_link_message(self, peer: str, text: str) -> None:
        page = self.page
        moves = page.controller.latest_move()[0]
        if page.controller.link_message(peer, text):
            page.draw()
            count, seat = page.controller.latest_move()
            if count > moves and sound_on(page.controller):
                page.tones.play(seat or 0)

    def on_link_state(self, peer, state) -> None:
        if self.page.controller.link_state(str(peer), str(state)):
            self.page.draw()

    async def heartbeat(self) -> None:
        """Every second: the links' heartbeats; the page is drawn when one changed."""
        while True:
            await asyncio.sleep(1)
            try:
                controller = self.page.controller
                if controller.tick() or controller.jobs_due():
                    self.page.draw()
            except Exception as error:  # a bug must not stop the heartbeat
                js.console.error(f"cardtable: heartbeat: {error}")

    def close_links(self) -> None:
        """The page goes away: its links close at once (the others learn it quickly)."""
        controller = self.page.controller
        peers = getattr(js.window, "cardtablePeers", None)
        if peers is not None and controller.in_company():
            relay = getattr(js.window, "cardtableRelay", None)
            for kind, name in controller.closing_jobs():
                if kind == "close":
                    peers.close(name)
                elif relay is not None:
                    relay.close(name)


def send_link(peer: str, text: str) -> None:
    """Send ``text`` over the link to ``peer`` (dropped when it is not open: the
    heartbeats tell the pages when a link is gone)."""
    peers = getattr(js.window, "cardtablePeers", None)
    if peers is not None:
        peers.send(peer, text)
