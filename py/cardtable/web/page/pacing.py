"""The page's pace: the bots' moves, the pauses between parts of a game, long thoughts.

Bots and forced moves are made in an asyncio task that sleeps the chosen pace between
moves, so the page stays responsive; each move is thought in slices of the main thread
(the page draws and answers taps between them), and a thought that runs long names the
thinker in the page's thinking line. A pause between parts of a game ends by itself after
the pace's pause seconds. A hint and a review are thought in slices too.
"""

from __future__ import annotations

import asyncio
import time

import js

from ...bots.thinking import PAUSE
from ...i18n import _
from ...parts import PartMissing
from ..bot_runner import BotError
from ..lobby import PACES, PAUSE_SECONDS
from .drawing import focus_selector
from .sound import sound_on

SLICE_SECONDS = 0.04  # the longest a bot thinks before the page may draw and answer taps
# A review's slice: shorter, since one of its steps (a bot's move in a play-out, a slice of
# the judge's hint) may run past the slice's end, and no task may take 50 ms.
REVIEW_SLICE_SECONDS = 0.02
# The review's chart is drawn again at most this often while it thinks: on a slow phone,
# drawing it for every point was most of the time.
REVIEW_DRAWN_EVERY = 1.0
THINKING_SHOWN_AFTER = 0.3  # seconds a thought runs before the page says who is thinking
# Seconds after Review first shows on screen before the review's modules are imported in
# the background (the screen that offers it is drawn and settled by then).
WARM_REVIEW_AFTER = 0.5


class Pacing:
    """The bots' task and the pause's task, while they run."""

    def __init__(self, page):
        self.page = page
        self.bots_task = None
        self.pause_task = None
        self.warmed = set()  # the games whose review's modules are imported or on their way

    def start_due(self) -> None:
        """Start the bots when it is their turn, and the end of a pause when one began
        (each once: not while its task runs)."""
        controller = self.page.controller
        if controller.bot_due() and self.bots_task is None:
            self.bots_task = asyncio.ensure_future(self.run_bots())
        if controller.paused() and self.pause_task is None:
            self.pause_task = asyncio.ensure_future(self.end_pause())

    async def run_bots(self) -> None:
        """Bots act one action at a time, ``PACES[pace]`` seconds apart; the focus stays
        on its control while it is there."""
        page = self.page
        try:
            while page.controller.bot_due():
                await asyncio.sleep(PACES[page.controller.settings.pace])
                if page.controller.bot_due():
                    page.controller.clear_messages()
                    await self.bot_step()
                    await asyncio.sleep(0)  # the move and its drawing: two tasks
                    held = focus_selector(js.document.activeElement)
                    page.drawing.paint()
                    page.drawing.place_focus((held,) if held else (), scroll=False)
                    if sound_on(page.controller):
                        page.tones.play(page.controller.sitting.latest_move()[1] or 0)
        finally:
            self.bots_task = None
        page.draw()

    async def end_pause(self) -> None:
        """A pause between parts of a game ends by itself after the pace's pause seconds,
        unless the player went on (or left) meanwhile."""
        page = self.page
        try:
            while (pause := page.controller.paused()) is not None:
                await asyncio.sleep(PAUSE_SECONDS[page.controller.settings.pace])
                if page.controller.paused() == pause:
                    page.act("go-on", {})
        finally:
            self.pause_task = None

    async def bot_step(self) -> None:
        """One move the app makes, thought in slices of at most ``SLICE_SECONDS`` of the
        main thread (the page answers taps between them); a bot's bug is logged and shown,
        and that seat then plays the game's random bot's move so the game can go on."""
        page = self.page
        try:
            await self.in_slices(page.controller.sitting.bot_steps(),
                                 page.controller.sitting.thinking_words())
        except BotError as error:
            js.console.error(f"cardtable: {error}")
            page.controller.say("alert", _("{error} Please report this; a random legal move"
                                           " was played instead.").format(error=error))
            await in_slices(page.controller.sitting.bot_steps(fallback=True))

    def warm_review(self) -> None:
        """Once a Review button is on screen, the review's modules for the game on show are
        imported in the background, a module a task (``reviewing.warming``), so that the
        tap on Review only draws its screen; once per game a visit."""
        game = self.page.controller.setup.game
        if game not in self.warmed and \
                self.page.root.querySelector('[data-action="review"]') is not None:
            self.warmed.add(game)
            asyncio.ensure_future(self.warm(game))

    async def warm(self, game: str) -> None:
        await asyncio.sleep(WARM_REVIEW_AFTER)
        try:
            from ..records.reviewing import warming

            await in_slices(warming(game))
        except PartMissing:  # a part not fetched yet: the tap on Review fetches it
            self.warmed.discard(game)

    async def think(self, steps) -> None:
        """Run the generator ``steps`` (a hint being thought) in slices, then draw."""
        await self.in_slices(steps, _("Looking for a hint…"))
        self.page.draw()

    async def review(self, steps) -> None:
        """Run the generator ``steps`` (a review being thought) in slices of
        ``REVIEW_SLICE_SECONDS``; when the review on show got further (a new point, or
        done: ``Browsing.progress``), its chart and progress line are drawn again
        (:meth:`.drawing.Drawing.redraw_review`) in a task of their own, not after every
        slice and at most every ``REVIEW_DRAWN_EVERY`` seconds. Once it is done, the chart
        and then the moves that mattered are drawn in, each in a task of its own (drawing
        the whole screen again took more than 50 ms on a slow phone); the page is drawn
        whole only when the review was left or its screen is not on show."""
        browsing = self.page.controller.browsing
        drawn, drawn_at = browsing.progress(), time.perf_counter()

        def between() -> None:
            nonlocal drawn, drawn_at
            if browsing.progress() != drawn \
                    and time.perf_counter() - drawn_at >= REVIEW_DRAWN_EVERY:
                drawn, drawn_at = browsing.progress(), time.perf_counter()
                asyncio.get_event_loop().call_soon(self.page.drawing.redraw_review)

        await in_slices(steps, between=between, seconds=REVIEW_SLICE_SECONDS)
        reviewing = browsing.reviewing
        if reviewing is None or reviewing.review is None or not reviewing.review.done:
            self.page.draw()  # left, or its screen gone: the page as it is now
            return
        await asyncio.sleep(0)
        self.page.drawing.redraw_review()  # the last point and "done"
        await asyncio.sleep(0)
        self.page.drawing.redraw_review(done=True)  # then the moves that mattered

    async def in_slices(self, steps, words: str) -> None:
        """:func:`in_slices`, and while a thought runs past ``THINKING_SHOWN_AFTER``
        seconds, ``words`` (who thinks) in the page's thinking line, which does not move
        the table (it floats over the page's bottom edge)."""
        line = self.page.drawing.thinking_line()
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


async def in_slices(steps, between=lambda: None, seconds: float = SLICE_SECONDS) -> None:
    """Run the generator ``steps`` to its end, giving the browser back its main thread
    before a slice would pass ``seconds``: a slice makes another step only while one as
    long as the longest of this slice and the one before still fits (one step at least;
    on a slow phone a step can take a good part of a slice, and a slice that ended only
    once past its time ran over by that step), and ends at once after a step that yields
    :data:`~cardtable.bots.thinking.PAUSE` (the long piece of work that comes next is not
    counted as a step's length) (``between()`` is called then)."""
    before, paused = 0.0, False  # the longest step of the slice before; a pause's
    while True:
        start = time.perf_counter()
        deadline, own, counted = start + seconds, 0.0, not paused
        try:
            while True:
                paused = next(steps) is PAUSE
                now = time.perf_counter()
                if counted:
                    own = max(own, now - start)
                start, counted = now, True
                if paused or now + max(own, before) > deadline:
                    break
        except StopIteration:
            return
        before = own
        between()
        await asyncio.sleep(0)
