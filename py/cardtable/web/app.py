"""The glue between the page and the pure UI modules: the only place that touches js.

One delegated listener per event type on ``<div id="app">`` reads ``data-action`` and the
data attributes of the control hit and hands them to the :class:`~.controller.Controller`;
then the page is drawn again. What the page does besides is generic, read from data
attributes (see :mod:`.tables`): arrow keys within a ``data-nav`` group, Escape closes the
open menu or else sends the table's ``CANCEL``, a tap outside the open menu closes it, and
pointer events (mouse, pen and touch) drag a ``data-drag`` item onto a ``data-drop``
target. Bots and forced moves are made in an asyncio task that
sleeps the chosen pace between moves, so the page stays responsive; every move, the
player's own too, makes a short tone when the sound is on. A pause between parts of a game
ends by itself after the pace's pause seconds. Cards move to their new places as the page
is drawn again (``window.cardtableMotion``, ``assets/motion.js``). The address bar shows the
link of the deal on the table (the plain page in the lobby), and ``<html>`` carries the
chosen theme, motion and suit colours as ``data-theme``, ``data-motion`` and ``data-deck``
for the stylesheets. Taps made on the prerendered lobby while Python loaded (kept by
``boot.js``) are carried out in order once it runs.
``window.cardtable.view()`` returns the human seat's view (a plain JSON object).

Playing together: the controller's link jobs (see ``together.handlers``) are carried out
by ``window.cardtablePeers`` (``assets/together.js``, WebRTC data channels); what arrives
over a link, and a heartbeat every second, go back to the controller. A button with
``data-with="<selector>"`` sends that field's value as ``data["text"]``; fields marked
``data-keep`` keep what was typed in them when the page is drawn again; a
``<details data-reveal>`` (with an id) scrolls into view when the player opens it; elements with
``data-qr`` get their QR code drawn by ``window.cardtableQr`` (``assets/qr.js``).
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from datetime import datetime

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from ..i18n import _, language
from ..parts import PartMissing
from . import fetching, starting
from .bot_runner import BotError
from .controller import SCREEN_START, Controller
from .records.handlers import replay_key
from .lobby import PACES, PAUSE_SECONDS
from .render import menu_html, message_lines, messages_html, screen_html
from .storage import Store
from .teaching.tour import point_at_target

DRAG_THRESHOLD = 8  # pixels a card must move before a press counts as a drag
SLICE_SECONDS = 0.04  # the longest a bot thinks before the page may draw and answer taps
THINKING_SHOWN_AFTER = 0.3  # seconds a thought runs before the page says who is thinking
NAV_KEYS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
FOCUSABLE = "button, input, select, textarea, [tabindex]"
FIELDS = "input, select, textarea"  # their own keys: never taken for a replay step


class Page:
    """The app root, the controller, and the listeners (their proxies are kept alive)."""

    def __init__(self, root):
        self.root = root
        self.controller = None  # see start()
        self.proxies = []
        self.relay_proxies = None  # the relays' callbacks, made when a room first opens
        self.bots_task = None
        self.pause_task = None
        self.drag = None
        self.swallow_until = 0  # a drop is followed by a click event to ignore
        self.parts = None  # see make_parts
        self.moving = None  # the table whose cards moved on the last drawing: see paint
        self.shown = {"alert": "", "status": ""}  # what the live regions hold
        self.wanted = ()  # the games whose parts the page was asked for: see want_parts
        self.tones = Tones()

    def listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def install(self) -> None:
        for event, handler in (("click", self.on_click), ("change", self.on_change),
                               ("keydown", self.on_keydown), ("pointerdown", self.on_pointerdown),
                               ("pointermove", self.on_pointermove), ("pointerup", self.on_pointerup),
                               ("pointercancel", self.on_pointercancel)):
            self.listen(self.root, event, handler)
        self.listen(js.document, "click", self.on_outside_click)
        self.listen(js.window, "hashchange", lambda event: self.open_fragment())
        peers = getattr(js.window, "cardtablePeers", None)
        if peers is not None:
            on_message, on_state = (create_proxy(self.on_link_message),
                                    create_proxy(self.on_link_state))
            self.proxies += [on_message, on_state]
            peers.listen(on_message, on_state)
        self.listen(js.window, "pagehide", lambda event: self.close_links())
        asyncio.ensure_future(self.heartbeat())
        view = create_proxy(self.view_json)
        self.proxies.append(view)
        js.window.cardtable = to_js({"view": view}, dict_converter=js.Object.fromEntries)

    def begin(self, controller) -> None:
        """The first drawing, of ``controller`` (:func:`.starting.start` calls it)."""
        self.controller = controller
        self.draw()

    def view_json(self, *args):
        return js.JSON.parse(json.dumps(self.controller.current_view()))

    # -- drawing -------------------------------------------------------------
    def paint(self) -> None:
        """Draw the controller's screen into three parts of the root made once: the menu,
        the live regions and the rest. The live regions stay the same elements and change
        only when their text does, because screen readers announce changes to a region
        they already know, not a region that has just been inserted. Explanations the
        player tapped open (``<details>`` with an id) stay open."""
        screen = self.controller.screen()
        html = js.document.documentElement
        html.dataset.theme = screen.preferences["theme"]
        html.dataset.motion = screen.preferences["motion"]
        html.dataset.deck = screen.preferences["deck"]
        html.lang = language()
        opened = [d.id for d in (self.parts["screen"] if self.parts else self.root)
                  .querySelectorAll("details[open]") if d.id]
        parts = self.parts or self.make_parts()
        parts["menu"].innerHTML = menu_html(screen)
        for role in ("alert", "status"):
            lines = message_lines(screen.messages, role)
            if self.shown[role] != lines:  # compared as written: the DOM re-serializes
                parts[role].innerHTML = self.shown[role] = lines
        typed = {f.id: f.value for f in parts["screen"].querySelectorAll("[data-keep]") if f.id}
        # Cards move only from one drawing of a table to the next drawing of the same table:
        # another game's cards share ids (a number, a card) but are not the same cards.
        moving, self.moving = self.moving, moving_table(self.controller, screen)
        motion = getattr(js.window, "cardtableMotion", None)
        if moving is None or moving is not self.moving:
            motion = None
        places = motion.record(parts["screen"]) if motion else None
        parts["screen"].innerHTML = screen_html(screen)
        if not point_at_target(parts["screen"]):
            self.controller.pass_tour_step()
            return self.paint()
        if motion:
            motion.play(parts["screen"], places)
        for ident in opened:
            details = js.document.getElementById(ident)
            if details and details.tagName == "DETAILS":
                details.open = True
        for ident, value in typed.items():
            field = js.document.getElementById(ident)
            if field and field.hasAttribute("data-keep") and value:
                field.value = value
        if parts["screen"].querySelector("[data-qr]") and getattr(js.window, "cardtableQr", None):
            js.window.cardtableQr.fill(parts["screen"])
        if screen.kind == "lobby":
            self.want_parts()

    def want_parts(self) -> None:
        """Ask the page (assets/snapshot.js) for the parts of the games that the lobby offers
        at one tap, in the background: Start or Continue then finds them there instead of
        waiting for them (see :meth:`attempt`)."""
        wanted = self.controller.games_at_hand()
        want = getattr(getattr(js.window, "cardtableParts", None), "want", None)
        if want and wanted and wanted != self.wanted:
            self.wanted = wanted
            want(to_js(list(wanted)))

    def make_parts(self) -> dict:
        """The root's parts, made on the first paint (replacing the prerendered lobby)."""
        self.root.innerHTML = ('<div class="app-menu"></div>' + messages_html()
                               + '<div class="app-screen"></div>'
                               + '<p class="thinking" aria-live="polite" hidden></p>')
        self.parts = {"menu": self.root.querySelector(":scope > .app-menu"),
                      "alert": self.root.querySelector(":scope > [role=alert]"),
                      "status": self.root.querySelector(":scope > [role=status]"),
                      "screen": self.root.querySelector(":scope > .app-screen"),
                      "thinking": self.root.querySelector(":scope > .thinking")}
        return self.parts

    def draw(self) -> None:
        """Paint after the player's action: the address follows the deal; the focus goes
        where the handler asked, else stays on its control, else (that control is gone)
        goes to the screen's first control; the bots start when it is their turn."""
        controller = self.controller
        held = focus_selector(js.document.activeElement)
        if not self.attempt(self.paint, then=self.draw):
            return
        self.keep_address()
        wanted = controller.focus or ()
        self.place_focus(((wanted,) if isinstance(wanted, str) else tuple(wanted))
                         + ((held,) + SCREEN_START if held else ()))
        box = self.root.querySelector("#panel-text")
        if box:
            box.focus()
            box.select()
        if controller.bot_due() and self.bots_task is None:
            self.bots_task = asyncio.ensure_future(self.run_bots())
        if controller.paused() and self.pause_task is None:
            self.pause_task = asyncio.ensure_future(self.end_pause())
        for job in controller.take_jobs():
            asyncio.ensure_future(self.run_job(job))

    # -- the package's parts -------------------------------------------------------------
    def attempt(self, run, then=None, tried=()) -> bool:
        """``run()``, and True; or, when it finds a part of the package missing, False:
        the part is fetched in the background and ``then()`` (by default ``run()``) runs
        once it is there. A part that cannot be had (offline before it was ever stored)
        is said in one sentence; nothing stored is touched. ``run`` raises
        :class:`PartMissing` before it changes anything (the controller's handlers load
        what they need first), so running it again does it once."""
        try:
            run()
            return True
        except PartMissing as missing:
            asyncio.ensure_future(self.after_parts(missing.parts, then or run, tried))
            return False

    async def after_parts(self, parts, run, tried) -> None:
        failed = parts if set(parts) <= set(tried) else await fetching.load_parts(parts)
        if failed:
            self.controller.set_down_views()
            self.controller.say("alert", starting.needs_network(failed))
            self.draw()
            return
        self.attempt(run, tried=(*tried, *parts))

    # -- the links to other pages (playing together) -----------------------------------
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
            self.controller.job_done(job, str(sdp))
        except Exception as error:  # the browser's refusal, said in a sentence
            self.controller.job_failed(job, str(error))
        self.draw()

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
                    self.relay_proxies = (create_proxy(self.on_relay_message),
                                          create_proxy(self.on_relay_state))
                    self.proxies += list(self.relay_proxies)
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
        if self.controller.relay_message(str(room), str(text)) or self.controller.jobs_due():
            self.draw()

    def on_relay_state(self, room, state) -> None:
        counts = {key: int(getattr(state, key, 0) or 0) for key in ("live", "dead", "of")}
        if self.controller.relay_state(str(room), counts) or self.controller.jobs_due():
            self.draw()

    def on_link_message(self, peer, text) -> None:
        """A message from another page; a move made elsewhere makes its tone."""
        self.attempt(lambda: self.take_link_message(str(peer), str(text)))

    def take_link_message(self, peer: str, text: str) -> None:
        moves = self.controller.latest_move()[0]
        if self.controller.link_message(peer, text):
            self.draw()
            count, seat = self.controller.latest_move()
            if count > moves and self.controller.store.preferences()["sound"] == "on":
                self.tones.play(seat or 0)

    def on_link_state(self, peer, state) -> None:
        if self.controller.link_state(str(peer), str(state)):
            self.draw()

    async def heartbeat(self) -> None:
        """Every second: the links' heartbeats; the page is drawn when one changed."""
        while True:
            await asyncio.sleep(1)
            try:
                if self.controller.tick() or self.controller.jobs_due():
                    self.draw()
            except Exception as error:  # a bug must not stop the heartbeat
                js.console.error(f"cardtable: heartbeat: {error}")

    def close_links(self) -> None:
        """The page goes away: its links close at once (the others learn it quickly)."""
        peers = getattr(js.window, "cardtablePeers", None)
        if peers is not None and self.controller.in_company():
            relay = getattr(js.window, "cardtableRelay", None)
            for kind, name in self.controller.closing_jobs():
                if kind == "close":
                    peers.close(name)
                elif relay is not None:
                    relay.close(name)

    def place_focus(self, selectors) -> None:
        """Focus the first enabled, rendered element that one of ``selectors`` finds, in
        their order (an element that is no control, a skip link's target, is made
        focusable, and its top is scrolled into view); focusing a control scrolls it into
        view."""
        for selector in selectors:
            element = self.root.querySelector(selector)
            if element and not element.matches(":disabled") and element.getClientRects().length:
                if element.matches(FOCUSABLE):
                    element.focus()
                    return
                element.setAttribute("tabindex", "-1")  # a panel, a skip link's target
                element.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
                element.scrollIntoView(to_js({"block": "start"}, dict_converter=js.Object.fromEntries))
                return

    def keep_address(self) -> None:
        """The address bar shows the controller's fragment (replaceState: no history
        entry, no hashchange)."""
        fragment = self.controller.address()
        if str(js.location.hash) != fragment:
            js.history.replaceState(None, "", js.location.pathname + js.location.search + fragment)

    async def run_bots(self) -> None:
        """Bots act one action at a time, ``PACES[pace]`` seconds apart; the focus stays
        on its control while it is there."""
        try:
            while self.controller.bot_due():
                await asyncio.sleep(PACES[self.controller.pace])
                if self.controller.bot_due():
                    self.controller.clear_messages()
                    await self.bot_step()
                    await asyncio.sleep(0)  # the move and its drawing: two tasks
                    held = focus_selector(js.document.activeElement)
                    self.paint()
                    self.place_focus((held,) if held else ())
                    if self.controller.store.preferences()["sound"] == "on":
                        self.tones.play(self.controller.session.last_actor() or 0)
        finally:
            self.bots_task = None
        self.draw()

    async def end_pause(self) -> None:
        """A pause between parts of a game ends by itself after the pace's pause seconds,
        unless the player went on (or left) meanwhile."""
        try:
            while (pause := self.controller.paused()) is not None:
                await asyncio.sleep(PAUSE_SECONDS[self.controller.pace])
                if self.controller.paused() == pause:
                    self.act("go-on", {})
        finally:
            self.pause_task = None

    async def bot_step(self) -> None:
        """One move the app makes, thought in slices of at most ``SLICE_SECONDS`` of the
        main thread (the page answers taps between them); a bot's bug is logged and shown,
        and that seat then plays the game's random bot's move so the game can go on."""
        try:
            await self.in_slices(self.controller.bot_steps(), self.controller.thinking_words())
        except BotError as error:
            js.console.error(f"cardtable: {error}")
            self.controller.say("alert", _("{error} Please report this; a random legal move"
                                           " was played instead.").format(error=error))
            await in_slices(self.controller.bot_steps(fallback=True))

    # -- events ---------------------------------------------------------------
    def act(self, action: str, data: dict) -> None:
        """Carry out the control's ``action`` (once the parts of the package it needs are
        there: see :meth:`attempt`); a move it made makes its tone (the sound on)."""
        self.attempt(lambda: self.act_now(action, data))

    def act_now(self, action: str, data: dict) -> None:
        moves = self.controller.latest_move()[0]
        effect = self.controller.handle(action, data)
        self.log_failure()
        chosen = self.chosen_file(effect)  # taken before drawing, which remakes the field
        self.draw()
        if effect and effect[0] == "copy":
            asyncio.ensure_future(self.copy(effect[1], effect[2]))
        elif effect and effect[0] == "share":
            asyncio.ensure_future(self.share(effect[1], effect[2]))
        elif effect and effect[0] == "download":
            self.download(*effect[1:])
        elif effect and effect[0] == "think":
            asyncio.ensure_future(self.think(effect[1]))
        elif chosen is not None:
            asyncio.ensure_future(self.read_file(chosen, effect[2], effect[3]))
        count, seat = self.controller.latest_move()
        sound = self.controller.store.preferences()["sound"] == "on"
        if sound and (count > moves or data.get("key") == "sound"):
            self.tones.play(seat or 0)  # within the tap: browsers let audio start only then

    def log_failure(self) -> None:
        """Log the error of a handler's bug that the controller has put into words."""
        failure, self.controller.failure = self.controller.failure, None
        if failure is not None:
            js.console.error("cardtable: " + "".join(
                traceback.format_exception(type(failure), failure, failure.__traceback__)))

    async def think(self, steps) -> None:
        """Run the generator ``steps`` (a hint being thought) in slices, then draw."""
        await self.in_slices(steps, _("Looking for a hint…"))
        self.draw()

    async def in_slices(self, steps, words: str) -> None:
        """:func:`in_slices`, and while a thought runs past ``THINKING_SHOWN_AFTER``
        seconds, ``words`` (who thinks) in the page's thinking line, which does not move
        the table (it floats over the page's bottom edge)."""
        line = (self.parts or {}).get("thinking")
        started = time.perf_counter()

        def show() -> None:
            if line is not None and line.hidden and \
                    time.perf_counter() - started > THINKING_SHOWN_AFTER:
                line.textContent, line.hidden = words, False

        try:
            await in_slices(steps, between=show)
        finally:
            if line is not None:
                line.hidden, line.textContent = True, ""

    async def copy(self, text: str, done: str) -> None:
        """Copy ``text`` to the clipboard and say ``done``; or show it to copy by hand."""
        try:
            await js.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard API, or permission refused
            self.controller.copy_failed(text)
        else:
            self.controller.say("status", done)
        self.draw()

    async def share(self, text: str, done: str) -> None:
        """Hand ``text`` to the system's Share sheet where the browser has one; else copy
        it. A share the player cancelled says nothing."""
        if not callable(getattr(js.navigator, "share", None)):
            await self.copy(text, done)
            return
        try:
            await js.navigator.share(to_js({"text": text}, dict_converter=js.Object.fromEntries))
        except Exception as error:  # cancelled (AbortError), or not allowed here: copy
            if "AbortError" not in str(error):
                await self.copy(text, done)

    def chosen_file(self, effect):
        """For a ``("read-file", selector, action, limit)`` effect, the file chosen in the field
        ``selector``; else None."""
        if not effect or effect[0] != "read-file":
            return None
        field = self.root.querySelector(effect[1])
        files = field.files if field else None
        return files.item(0) if files and files.length else None

    async def read_file(self, chosen, action: str, limit: int) -> None:
        """Read ``chosen`` (a File) as text and send it to ``action`` as ``data["text"]``;
        a file larger than ``limit`` bytes is refused unread."""
        if int(chosen.size) > limit:
            self.controller.say("alert", too_large(int(chosen.size), limit))
            self.draw()
            return
        try:
            text = await chosen.text()
        except Exception:  # the file went away or cannot be read
            self.controller.say("alert", _("The file could not be read: nothing was changed."))
            self.draw()
            return
        self.act(action, {"text": str(text)})

    def download(self, name: str, text: str, done: str) -> None:
        """Save ``text`` as the file ``name`` (a Blob behind a link clicked once), then
        say ``done``."""
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                 dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href, link.download = url, name
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
        self.controller.say("status", done)
        self.draw()

    def replay_taps(self) -> None:
        """Carry out, in order, the taps made on the prerendered lobby while Python loaded
        (``boot.js`` kept them); when boot opened a game instead, say they were dropped."""
        keeper = getattr(js.window, "cardtableBoot", None)
        taps = keeper.takeTaps().to_py() if keeper else []
        if taps and self.controller.shown_table() is not None:
            self.controller.say("status", _("A game was opened, so the taps made while the"
                                            " page loaded were not carried out."))
            self.draw()
            return
        for tap in taps:
            self.act(str(tap["action"]), {str(k): str(v) for k, v in tap["data"].items()})

    def on_click(self, event) -> None:
        if event.timeStamp < self.swallow_until:
            return
        reveal = event.target.closest("details[id][data-reveal] > summary")
        if reveal and not reveal.parentElement.open:  # it opens after this event
            ident = reveal.parentElement.id
            js.setTimeout(create_once_callable(lambda: scroll_into_view(ident)), 0)
        target = event.target.closest("button[data-action]")
        if target:
            data = dataset(target) | tour_done(target)
            field = self.root.querySelector(data["with"]) if "with" in data else None
            if field:
                data["text"] = str(field.value)
            self.act(target.dataset.action, data)

    def on_outside_click(self, event) -> None:
        """A tap outside the open menu that no control took closes it (a control's tap
        has already closed it: every action does)."""
        if self.controller.menu_open and not event.target.closest(".menu"):
            self.act("menu", {})

    def on_change(self, event) -> None:
        target = event.target
        if target.matches("select[data-action], input[data-action]:not([data-with])"):
            self.act(target.dataset.action, {**dataset(target), "value": target.value})

    def on_keydown(self, event) -> None:
        """Arrow keys move within a ``data-nav`` group; Escape drops the player's choice."""
        target = event.target
        if event.key == "Escape" and self.controller.menu_open:
            self.act("menu", {})  # closes it; the focus goes to its button
            return
        cancel = self.controller.cancel_action()
        if event.key == "Escape" and cancel:
            self.act(cancel, {})
            return
        # getAttribute gives JS null (pyodide.ffi.jsnull, not None) when there is none
        group = target.getAttribute("data-nav") if target.nodeType == 1 else None
        step = None if isinstance(group, str) or target.matches(FIELDS) \
            else replay_key(self.controller, event.key)
        if step:  # a replay on screen: the arrow keys step through it
            event.preventDefault()
            self.act(*step)
            return
        if event.key not in NAV_KEYS or not isinstance(group, str):
            return
        items = list(self.root.querySelectorAll(f'[data-nav="{group}"]:not([disabled])'))
        here = [i for i, item in enumerate(items) if item.isSameNode(target)]
        if here:
            event.preventDefault()
            items[(here[0] + NAV_KEYS[event.key]) % len(items)].focus()

    def on_pointerdown(self, event) -> None:
        item = event.target.closest("[data-drag]:not([disabled])")
        if item and event.button == 0:
            self.drag = {"el": item, "data": dataset(item), "x": event.clientX,
                         "y": event.clientY, "moving": False, "id": event.pointerId}

    def on_pointermove(self, event) -> None:
        drag = self.drag
        if not drag or event.pointerId != drag["id"]:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        if not drag["moving"] and dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
            drag["moving"] = True
            drag["el"].classList.add("dragging")
            drag["el"].setPointerCapture(event.pointerId)
        if drag["moving"]:
            drag["el"].style.transform = f"translate({dx}px, {dy}px)"

    def on_pointerup(self, event) -> None:
        drag, self.drag = self.drag, None
        if not drag or not drag["moving"]:
            return
        self.swallow_until = event.timeStamp + 500
        hit = js.document.elementFromPoint(event.clientX, event.clientY)
        target = hit.closest("[data-drop]") if hit else None
        if target:
            dragged = {k: v for k, v in drag["data"].items() if k not in ("action", "drag", "nav")}
            self.act(target.dataset.drop, {**dataset(target), **dragged, **tour_done(target)})
        else:
            drag["el"].classList.remove("dragging")
            drag["el"].style.transform = ""

    def on_pointercancel(self, event) -> None:
        if self.drag:
            self.drag["el"].classList.remove("dragging")
            self.drag["el"].style.transform = ""
        self.drag = None

    def open_fragment(self, fragment: str | None = None) -> None:
        """Open the share link ``fragment`` (by default the address bar's: at boot or when
        it changes), once the parts of the package it needs are there. Until then nothing
        is drawn, so that the address bar keeps the link."""
        fragment = str(js.location.hash) if fragment is None else fragment
        if self.attempt(lambda: self.controller.boot(fragment),
                        then=lambda: self.open_fragment(fragment)):
            self.draw()


class Tones:
    """Short tones made with the Web Audio API: no files, nothing fetched. Where audio is
    unavailable they are silently skipped."""

    def __init__(self):
        self.audio = None

    def play(self, seat: int, seconds: float = 0.09) -> None:
        """A soft tone whose pitch tells the seats apart."""
        try:
            self.audio = self.audio or js.AudioContext.new()
            audio, now = self.audio, self.audio.currentTime
            oscillator, gain = audio.createOscillator(), audio.createGain()
            oscillator.frequency.value = 440 * 2 ** (seat * 3 / 12)
            gain.gain.setValueAtTime(0.0001, now)
            gain.gain.exponentialRampToValueAtTime(0.15, now + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + seconds)
            oscillator.connect(gain)
            gain.connect(audio.destination)
            oscillator.start(now)
            oscillator.stop(now + seconds + 0.02)
        except Exception as error:  # no Web Audio here
            js.console.info(f"cardtable: no sound here: {error}")


async def in_slices(steps, between=lambda: None) -> None:
    """Run the generator ``steps`` to its end, giving the browser back its main thread
    whenever a slice has taken ``SLICE_SECONDS`` (``between()`` is called then)."""
    while True:
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < deadline:
                next(steps)
        except StopIteration:
            return
        between()
        await asyncio.sleep(0)


def too_large(size: int, limit: int) -> str:
    """The sentence refusing a file of ``size`` bytes, over ``limit``."""
    return _("This file is {size} MB, more than the {limit} MB a records file can be: it"
             " was not read, and nothing was changed.").format(
        size=f"{size / 1e6:.1f}", limit=f"{limit / 1e6:g}")


def scroll_into_view(ident: str) -> None:
    """Scroll the element with id ``ident`` (a ``<details data-reveal>`` just opened) to
    the top of the window, as far as the page allows."""
    element = js.document.getElementById(ident)
    if element:
        element.scrollIntoView(to_js({"block": "start"}, dict_converter=js.Object.fromEntries))


def focus_selector(element):
    """A selector that finds ``element``'s counterpart after a redraw (its data-action and
    the data attributes that tell it from its siblings), or None."""
    if not element or element.nodeType != 1 or not element.hasAttribute("data-action"):
        return None
    names = ("action", "value", "key", "seat", "card", "pile", "index", "row", "kind",
             "sub-game", "to")
    found = ((name, element.getAttribute(f"data-{name}")) for name in names)
    return "".join(f'[data-{name}="{value}"]' for name, value in found
                   if isinstance(value, str) and '"' not in value)


def moving_table(controller, screen):
    """The table whose cards the screen shows in play (the table or its end), or None."""
    return controller.shown_table() if screen.kind in ("table", "end") else None


def tour_done(element) -> dict:
    """``{"tour": "done"}`` when ``element`` is inside what the tour's step points at: the
    player did what the step says, and the step goes on once the action is taken."""
    return {"tour": "done"} if element.closest("[data-tour-target]") else {}


def dataset(element) -> dict:
    """An element's data attributes as a dict of strings."""
    return {str(k): str(v) for k, v in js.Object.entries(element.dataset)}


def open_store() -> Store:
    """A store on ``window.localStorage``; in memory when even reading it throws."""
    try:
        return Store(js.window.localStorage)
    except Exception:  # a SecurityError where storage is blocked
        return Store.unavailable()


def page_address() -> str:
    return str(js.location.href).split("#")[0]


def local_now() -> datetime:
    """The page's local date and time (the browser's time zone, read through JS Date)."""
    now = js.Date.new()
    return datetime(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()),
                    int(now.getHours()), int(now.getMinutes()))


def new_seed() -> str:
    import secrets  # when the first deal is dealt: a start-up without it is quicker

    return secrets.token_hex(5)


PAGE = None


def send_link(peer: str, text: str) -> None:
    """Send ``text`` over the link to ``peer`` (dropped when it is not open: the
    heartbeats tell the pages when a link is gone)."""
    peers = getattr(js.window, "cardtablePeers", None)
    if peers is not None:
        peers.send(peer, text)


async def start_with_parts(store, fragment: str):
    """:func:`.starting.start`, again each time it finds parts of the package missing,
    once they are fetched; when they cannot be had, the lobby that says so
    (:func:`.starting.start_without`). Nothing stored is touched for want of a part."""
    tried = set()
    while True:
        try:
            return starting.start(store, make_controller, fragment, PAGE.begin)
        except PartMissing as missing:
            failed = (missing.parts if tried.issuperset(missing.parts)
                      else await fetching.load_parts(missing.parts))
            tried.update(missing.parts)
            if failed:
                return starting.start_without(store, make_controller, PAGE.begin, failed)


def make_controller(store) -> Controller:
    return Controller(store, new_seed, page_address(),
                      [str(code) for code in js.navigator.languages or ()], clock=local_now,
                      send_link=send_link)


async def start() -> None:
    """Boot the UI into ``<div id="app">`` (:func:`.starting.start`: a stored value that
    stops the first drawing is kept aside, alone, and the lobby opens) once the parts of
    the package it needs are there (:func:`start_with_parts`); mark ``<html
    data-app="ready">`` when interactive."""
    global PAGE
    try:
        PAGE = Page(js.document.getElementById("app"))
        await start_with_parts(open_store(), str(js.location.hash))
        PAGE.log_failure()
        PAGE.install()
        PAGE.replay_taps()
    except Exception:
        js.document.documentElement.dataset.app = "error"
        js.document.getElementById("app").textContent = _(
            "The page could not start: please reload it.")
        raise
    js.document.documentElement.dataset.app = "ready"
