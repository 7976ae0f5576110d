"""The page's hub: the app root, the controller, the listeners' proxies, and the jobs.

Each job is an object of its own module (:mod:`.drawing`, :mod:`.input`, :mod:`.pacing`,
:mod:`.link`, :mod:`.sound`) that holds its own state and reaches the others through the
:class:`Page`. The hub itself carries out an action (the controller's handler, the
drawing, the effect, the tone) and what waits for parts of the package to be fetched.
``window.cardtable.view()`` returns the human seat's view (a plain JSON object),
``window.cardtable.review()`` the review on show (``Browsing.review_json``) or null.
"""

from __future__ import annotations

import asyncio
import json
import traceback

import js
from pyodide.ffi import create_proxy

from ...parts import PartMissing
from .. import fetching, starting
from . import js_object
from .drawing import Drawing
from .effects import carry_out, take_file
from .input import Input
from .link import Link
from .pacing import Pacing
from .sound import Tones, sound_on


class Page:
    """The app root, the controller, the listeners (their proxies are kept alive), and the
    page's jobs, each of which holds its own state."""

    def __init__(self, root):
        self.root = root
        self.controller = None  # see begin()
        self.proxies = []
        self.drawing = Drawing(self)
        self.input = Input(self)
        self.pacing = Pacing(self)
        self.link = Link(self)
        self.tones = Tones()

    def proxy(self, handler):
        """A JS proxy of ``handler``, kept alive with the page."""
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        return proxy

    def listen(self, target, event: str, handler) -> None:
        target.addEventListener(event, self.proxy(handler))

    def install(self) -> None:
        self.input.install()
        self.link.install()
        view, review = self.proxy(self.view_json), self.proxy(self.review_json)
        js.window.cardtable = js_object({"view": view, "review": review})

    def begin(self, controller) -> None:
        """The first drawing, of ``controller`` (:func:`.starting.start` calls it)."""
        self.controller = controller
        self.draw()

    def view_json(self, *args):
        return js.JSON.parse(json.dumps(self.controller.current_view()))

    def review_json(self, *args):
        return js.JSON.parse(json.dumps(self.controller.browsing.review_json()))

    def draw(self) -> None:
        """:meth:`.drawing.Drawing.draw`."""
        self.drawing.draw()

    # -- an action ------------------------------------------------------------------
    def act(self, action: str, data: dict) -> None:
        """Carry out the control's ``action`` (once the parts of the package it needs are
        there: see :meth:`attempt`); a move it made makes its tone (the sound on)."""
        self.attempt(lambda: self.act_now(action, data))

    def act_now(self, action: str, data: dict) -> None:
        moves = self.controller.sitting.latest_move()[0]
        effect = self.controller.handle(action, data)
        self.log_failure()
        effect = take_file(self, effect)  # before drawing, which remakes the file's field
        self.draw()
        carry_out(self, effect)
        count, seat = self.controller.sitting.latest_move()
        sound = sound_on(self.controller)
        if sound and (count > moves or data.get("key") == "sound"):
            self.tones.play(seat or 0)  # within the tap: browsers let audio start only then

    def log_failure(self) -> None:
        """Log the error of a handler's bug that the controller has put into words."""
        failure, self.controller.failure = self.controller.failure, None
        if failure is not None:
            js.console.error("cardtable: " + "".join(
                traceback.format_exception(type(failure), failure, failure.__traceback__)))

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
