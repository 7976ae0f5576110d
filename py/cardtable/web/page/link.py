"""The links to other pages (playing together): peers, relays and the heartbeat.

The link jobs of the controller's ``together`` (typed: :mod:`..together.link`) are carried
out by the browser's carriers, :class:`BrowserPeers` (``window.cardtablePeers``,
``assets/together.js``, WebRTC data channels) and :class:`BrowserRelays`
(``window.cardtableRelay``, ``assets/relay.js``); what arrives over a link or a relay, and
a heartbeat every second, go back to ``together``, and the page is drawn again when that
changed something. When the page goes away its links close at once; when it comes back
into view, its links are checked at once. While it has company (a table with friends or
the waiting room), it asks the browser to keep the screen on (:class:`ScreenAwake`).
"""

from __future__ import annotations

import asyncio
import inspect

import js
from pyodide.ffi import to_js

from ...parts import PartMissing
from . import js_object
from .pacing import in_slices
from .sound import sound_on


def on_window(name: str, missing: str):
    """``window[name]``; ``RuntimeError(missing)`` where the page has none."""
    found = getattr(js.window, name, None)
    if found is None:
        raise RuntimeError(missing)
    return found


class BrowserPeers:
    """The ``Peers`` of :mod:`..together.link` in the browser: ``window.cardtablePeers``;
    where it is missing, each link job fails saying the browser has no WebRTC."""

    @staticmethod
    def here():
        return on_window("cardtablePeers", "this browser has no WebRTC here")

    async def offer(self, peer: str, servers, gather_ms: int) -> str:
        return str(await self.here().offer(peer, js_object(servers), gather_ms))

    async def answer(self, peer: str, offer_sdp: str, servers, gather_ms: int) -> str:
        return str(await self.here().answer(peer, offer_sdp, js_object(servers), gather_ms))

    async def accept(self, peer: str, answer_sdp: str) -> None:
        await self.here().accept(peer, answer_sdp)

    def close(self, peer: str) -> None:
        self.here().close(peer)

    @staticmethod
    def send(peer: str, text: str) -> None:
        """Send ``text`` over the link to ``peer`` (dropped when it is not open: the
        heartbeats tell the pages when a link is gone)."""
        peers = getattr(js.window, "cardtablePeers", None)
        if peers is not None:
            peers.send(peer, text)

    @staticmethod
    def listen(on_message, on_state) -> None:
        peers = getattr(js.window, "cardtablePeers", None)
        if peers is not None:
            peers.listen(on_message, on_state)


class BrowserRelays:
    """The ``Relays`` of :mod:`..together.link` in the browser: ``window.cardtableRelay``."""

    @staticmethod
    def here():
        return on_window("cardtableRelay", "assets/relay.js is not on the page")

    async def open(self, room: str, secret: str, urls, on_message, on_state) -> None:
        await self.here().open(room, secret, to_js(list(urls)), on_message, on_state)

    async def send(self, room: str, text: str) -> None:
        await self.here().send(room, text)

    def close(self, room: str) -> None:
        self.here().close(room)


class ScreenAwake:
    """The Screen Wake Lock, held while it is wanted: asked for when wanted and the page
    is in view, released when no longer wanted. The browser lets it go by itself when the
    page is hidden, so it is asked for again when the page comes back. Where the browser
    has no wake lock, or refuses it, nothing is said: the table plays on all the same."""

    def __init__(self):
        self.sentinel = None  # the browser's WakeLockSentinel while held
        self.asking = False

    def held(self) -> bool:
        return self.sentinel is not None and not self.sentinel.released

    async def want(self, wanted: bool) -> None:
        api = getattr(js.navigator, "wakeLock", None)
        if api is None or self.asking:
            return
        if wanted and not self.held() and js.document.visibilityState == "visible":
            self.asking = True
            try:
                self.sentinel = await api.request("screen")
            except Exception:  # refused (a policy, the battery): the screen may sleep
                self.sentinel = None
            finally:
                self.asking = False
        elif not wanted and self.held():
            sentinel, self.sentinel = self.sentinel, None
            await sentinel.release()


class Link:
    """The page's side of its links: the relays' callbacks, made when a room first opens."""

    def __init__(self, page):
        self.page = page
        self.relay_proxies = None  # the relays' callbacks, made when a room first opens
        self.peers, self.relays = BrowserPeers(), BrowserRelays()
        self.awake = ScreenAwake()

    def install(self) -> None:
        page = self.page
        self.peers.listen(page.proxy(self.on_link_message), page.proxy(self.on_link_state))
        page.listen(js.window, "pagehide", lambda event: self.close_links())
        page.listen(js.document, "visibilitychange", lambda event: self.on_visible())
        asyncio.ensure_future(self.heartbeat())

    def on_visible(self) -> None:
        """Back in view (after a locked screen, another app, a frozen tab): the links are
        checked now, not at the next heartbeat, and the screen kept on again."""
        if js.document.visibilityState == "visible":
            asyncio.ensure_future(self.beat())

    def run_jobs(self) -> None:
        """Carry out, each in a task of its own, the link jobs ``together`` has for the
        page."""
        for job in self.page.controller.together.take_jobs():
            asyncio.ensure_future(self.run_job(job))

    async def carry(self, job):
        """``job`` carried out by the browser's carriers; what it made (a description)."""
        heard = self.relay_callbacks() if job.RELAYED else ()
        made = job.carry(self.peers, self.relays, heard)
        return await made if inspect.isawaitable(made) else made

    async def run_job(self, job) -> None:
        """Carry out one link job: a description made is reported, a refusal said in a
        sentence (the page is drawn then)."""
        if job.RELAYED:
            await self.run_relay_job(job)
            return
        together = self.page.controller.together
        try:
            made = await self.carry(job)
            if not job.reports:
                return
            together.job_done(job, str(made))
        except Exception as error:  # the browser's refusal, said in a sentence
            together.job_failed(job, str(error))
        self.page.draw()

    async def run_relay_job(self, job) -> None:
        """Carry out a relay job. A relay that cannot be had is reported as a state with
        every relay dead, which ``together`` answers with the codes."""
        try:
            await self.carry(job)
        except Exception as error:  # the browser's refusal: as if no relay answered
            kind = type(job).__name__
            js.console.warn(f"cardtable: the relays' {kind} failed: {str(error)[:200]}")
            if kind == "RelayOpen":
                self.on_relay_state(job.room, js_object({"live": 0, "dead": 1, "of": 1}))

    def relay_callbacks(self) -> tuple:
        """The relays' ``(on_message, on_state)``, made when a room first opens."""
        if self.relay_proxies is None:
            self.relay_proxies = (self.page.proxy(self.on_relay_message),
                                  self.page.proxy(self.on_relay_state))
        return self.relay_proxies

    def on_relay_message(self, room, text) -> None:
        together = self.page.controller.together
        if together.relay_message(str(room), str(text)) or together.jobs_due():
            self.page.draw()

    def on_relay_state(self, room, state) -> None:
        counts = {key: int(getattr(state, key, 0) or 0) for key in ("live", "dead", "of")}
        together = self.page.controller.together
        if together.relay_state(str(room), counts) or together.jobs_due():
            self.page.draw()

    def on_link_message(self, peer, text) -> None:
        """A message from another page; a move made elsewhere makes its tone."""
        self.page.attempt(lambda: self.take_link_message(str(peer), str(text)))

    def take_link_message(self, peer: str, text: str) -> None:
        page = self.page
        moves = page.controller.sitting.latest_move()[0]
        if page.controller.together.link_message(peer, text):
            page.draw()
            count, seat = page.controller.sitting.latest_move()
            if count > moves and sound_on(page.controller):
                page.tones.play(seat or 0)
        steps = page.controller.together.record_steps()
        if steps is not None:
            asyncio.ensure_future(self.check_record(steps))

    async def check_record(self, steps) -> None:
        """The record the host sent, checked in slices (replaying a long game in one go
        stalled a friend's page at the table's end), then the page drawn."""
        try:
            await in_slices(steps)
        except PartMissing:  # the browser lost a part meanwhile: the record keeps no moves
            js.console.info("cardtable: the host's record was not checked: a part is missing")
        self.page.draw()

    def on_link_state(self, peer, state) -> None:
        if self.page.controller.together.link_state(str(peer), str(state)):
            self.page.draw()

    async def heartbeat(self) -> None:
        """Every second, :meth:`beat`."""
        while True:
            await asyncio.sleep(1)
            await self.beat()

    async def beat(self) -> None:
        """The links' heartbeats (the page is drawn when one changed), and the screen kept
        on while the page has company."""
        try:
            together = self.page.controller.together
            if together.tick() or together.jobs_due():
                self.page.draw()
            await self.awake.want(together.in_company())
        except Exception as error:  # a bug must not stop the heartbeat
            js.console.error(f"cardtable: heartbeat: {error}")

    def close_links(self) -> None:
        """The page goes away: its links close at once (the others learn it quickly)."""
        together = self.page.controller.together
        if getattr(js.window, "cardtablePeers", None) is None or not together.in_company():
            return
        for job in together.closing_jobs():
            try:
                job.carry(self.peers, self.relays, ())
            except RuntimeError:  # no relays on the page: nothing to leave
                pass



send_link = BrowserPeers.send
