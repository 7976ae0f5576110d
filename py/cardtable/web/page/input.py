"""The listeners: what the player does on the page, handed to the hub as actions.

One delegated listener per event type on ``<div id="app">`` reads ``data-action`` and the
data attributes of the control hit and hands them to the :class:`~.controller.Controller`
(through :meth:`.hub.Page.act`); then the page is drawn again. What the page does besides
is generic, read from data attributes (see :mod:`..tables`): arrow keys within a
``data-nav`` group, Escape closes the open menu, else the panel on show, else the records
or a replay, else sends the table's ``CANCEL``; a tap outside the open menu or outside the panel on
show (on its backdrop) closes it, and pointer events (mouse, pen and touch) drag a
``data-drag`` item onto a ``data-drop`` target. A button with ``data-with="<selector>"``
sends that field's value as ``data["text"]``; a ``<details data-reveal>`` (with an id)
scrolls into view when the player opens it. A new fragment in the address bar opens its
link.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable

from .drawing import scroll_into_view

DRAG_THRESHOLD = 8  # pixels a card must move before a press counts as a drag
NAV_KEYS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
FIELDS = "input, select, textarea"  # their own keys: never taken for a replay step


class Input:
    """The page's listeners, and the drag under way."""

    def __init__(self, page):
        self.page = page
        self.drag = None
        self.swallow_until = 0  # a drop is followed by a click event to ignore

    def install(self) -> None:
        page = self.page
        for event, handler in (("click", self.on_click), ("change", self.on_change),
                               ("keydown", self.on_keydown), ("pointerdown", self.on_pointerdown),
                               ("pointermove", self.on_pointermove), ("pointerup", self.on_pointerup),
                               ("pointercancel", self.on_pointercancel)):
            page.listen(page.root, event, handler)
        page.listen(js.document, "click", self.on_outside_click)
        page.listen(js.document, "keydown", self.on_outside_key)
        page.listen(js.window, "hashchange", lambda event: self.open_fragment())

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
            field = self.page.root.querySelector(data["with"]) if "with" in data else None
            if field:
                data["text"] = str(field.value)
            self.page.act(target.dataset.action, data)

    def on_outside_click(self, event) -> None:
        """A tap outside the panel on show that no control took (on its backdrop, on the
        menu bar's empty part) closes it and the menu; a tap outside the open menu that no
        control took closes the menu (a control's tap has already closed it: every action
        does)."""
        panels, target = self.page.controller.panels, event.target
        if panels.panel and not target.closest(".panel, [data-action], label, input"):
            self.page.act("close-panel", {})
        elif panels.menu_open and not target.closest(".menu"):
            self.page.act("menu", {})

    def on_outside_key(self, event) -> None:
        """Escape with the focus outside the app (on the page's body, after a tap on no
        control) closes what is over the table as well."""
        if event.key == "Escape" and not self.page.root.contains(event.target):
            self.on_keydown(event)

    def on_change(self, event) -> None:
        target = event.target
        if target.matches("select[data-action], input[data-action]:not([data-with])"):
            self.page.act(target.dataset.action, {**dataset(target), "value": target.value})

    def on_keydown(self, event) -> None:
        """Arrow keys move within a ``data-nav`` group; Escape closes what is over the
        table (the menu, a panel, the records, a replay), else drops the player's choice."""
        page, target = self.page, event.target
        if event.key == "Escape" and page.controller.panels.menu_open:
            page.act("menu", {})  # closes it; the focus goes to its button
            return
        closing = escape_action(page.controller) if event.key == "Escape" else None
        if closing:  # the focus goes back to the control that opened it
            event.preventDefault()
            page.act(closing, {})
            return
        cancel = page.controller.sitting.cancel_action()
        if event.key == "Escape" and cancel:
            page.act(cancel, {})
            return
        # getAttribute gives JS null (pyodide.ffi.jsnull, not None) when there is none
        group = target.getAttribute("data-nav") if target.nodeType == 1 else None
        step = None if isinstance(group, str) or target.matches(FIELDS) \
            else page.controller.browsing.replay_key(event.key)
        if step:  # a replay on screen: the arrow keys step through it
            event.preventDefault()
            page.act(*step)
            return
        if event.key not in NAV_KEYS or not isinstance(group, str):
            return
        items = list(page.root.querySelectorAll(f'[data-nav="{group}"]:not([disabled])'))
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
            self.page.act(target.dataset.drop, {**dataset(target), **dragged, **tour_done(target)})
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
        page = self.page
        fragment = str(js.location.hash) if fragment is None else fragment
        if page.attempt(lambda: page.controller.boot(fragment),
                        then=lambda: self.open_fragment(fragment)):
            page.draw()


def escape_action(controller) -> str | None:
    """What Escape closes, as its Close's action: the panel on show, else a replay (back to
    its records), else the records (back to the table or the lobby); None: nothing."""
    if controller.panels.panel:
        return "close-panel"
    if controller.browsing.replay is not None:
        return "close-replay"
    return "close-records" if controller.browsing.game is not None else None


def tour_done(element) -> dict:
    """``{"tour": "done"}`` when ``element`` is inside what the tour's step points at: the
    player did what the step says, and the step goes on once the action is taken."""
    return {"tour": "done"} if element.closest("[data-tour-target]") else {}


def dataset(element) -> dict:
    """An element's data attributes as a dict of strings."""
    return {str(k): str(v) for k, v in js.Object.entries(element.dataset)}
