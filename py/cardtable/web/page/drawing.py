"""The screen drawn into the root, the focus placed, the address bar kept.

The page is drawn again after each action. Cards move to their new places as the page is
drawn again (``window.cardtableMotion``, ``assets/motion.js``). The address bar shows the
link of the deal on the table (the plain page in the lobby), and ``<html>`` carries the
chosen theme (a link's, for the visit), motion and suit colours as ``data-theme``,
``data-motion`` and ``data-deck`` for the stylesheets. Fields marked ``data-keep`` keep
what was typed in them when the page is drawn again; elements with ``data-qr`` get their
QR code drawn by ``window.cardtableQr`` (``assets/qr.js``). In the lobby the page asks for
the parts of the package of the games it offers at one tap (``window.cardtableParts``,
``assets/snapshot.js``).
"""

from __future__ import annotations

import js
from pyodide.ffi import to_js

from ...i18n import language
from ..panels import SCREEN_START
from ..render import (menu_html, message_lines, messages_html, review_parts,
                      screen_html)
from ..teaching.tour import point_at_target
from . import js_object

FOCUSABLE = "button, input, select, textarea, [tabindex]"


class Drawing:
    """The root's parts (made on the first paint), what the live regions hold, the table
    drawn last and the games whose parts were asked for."""

    def __init__(self, page):
        self.page = page
        self.parts = None  # see make_parts
        self.moving = None  # the table whose cards moved on the last drawing: see paint
        self.moved = None  # that table when the drawing before showed it too
        self.shown = {"alert": "", "status": ""}  # what the live regions hold
        self.wanted = ()  # the games whose parts the page was asked for: see want_parts

    def paint(self) -> None:
        """Draw the controller's screen into three parts of the root made once: the menu,
        the live regions and the rest. The live regions stay the same elements and change
        only when their text does, because screen readers announce changes to a region
        they already know, not a region that has just been inserted. Explanations the
        player tapped open (``<details>`` with an id) stay open."""
        controller = self.page.controller
        screen = controller.screen()
        html = js.document.documentElement
        html.dataset.theme = screen.preferences["theme"]
        html.dataset.motion = screen.preferences["motion"]
        html.dataset.deck = screen.preferences["deck"]
        html.lang = language()
        opened = [d.id for d in (self.parts["screen"] if self.parts else self.page.root)
                  .querySelectorAll("details[open]") if d.id]
        parts = self.parts or self.make_parts()
        parts["menu"].innerHTML = menu_html(screen)
        self.speak(screen.messages)
        typed = {f.id: f.value for f in parts["screen"].querySelectorAll("[data-keep]") if f.id}
        # Cards move only from one drawing of a table to the next drawing of the same table:
        # another game's cards share ids (a number, a card) but are not the same cards.
        moving, self.moving = self.moving, moving_table(controller, screen)
        self.moved = self.moving if moving is self.moving else None  # the same table again
        motion = getattr(js.window, "cardtableMotion", None)
        if moving is None or moving is not self.moving:
            motion = None
        places = motion.record(parts["screen"]) if motion else None
        parts["screen"].innerHTML = screen_html(screen)
        if not point_at_target(parts["screen"]):
            controller.sitting.pass_tour_step()
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

    def speak(self, messages) -> None:
        """The live regions say ``messages`` (a screen's), each region changed only where
        its text does."""
        for role in ("alert", "status"):
            lines = message_lines(messages, role)
            if self.shown[role] != lines:  # compared as written: the DOM re-serializes
                self.parts[role].innerHTML = self.shown[role] = lines

    def want_parts(self) -> None:
        """Ask the page (assets/snapshot.js) for the parts of the games that the lobby offers
        at one tap, in the background: Start or Continue then finds them there instead of
        waiting for them (see :meth:`.hub.Page.attempt`)."""
        wanted = self.page.controller.games_at_hand()
        want = getattr(getattr(js.window, "cardtableParts", None), "want", None)
        if want and wanted and wanted != self.wanted:
            self.wanted = wanted
            want(to_js(list(wanted)))

    def make_parts(self) -> dict:
        """The root's parts, made on the first paint (replacing the prerendered lobby)."""
        root = self.page.root
        root.innerHTML = ('<div class="app-menu"></div>' + messages_html()
                          + '<div class="app-screen"></div>'
                          + '<p class="thinking" aria-live="polite" hidden></p>')
        self.parts = {"menu": root.querySelector(":scope > .app-menu"),
                      "alert": root.querySelector(":scope > [role=alert]"),
                      "status": root.querySelector(":scope > [role=status]"),
                      "screen": root.querySelector(":scope > .app-screen"),
                      "thinking": root.querySelector(":scope > .thinking")}
        return self.parts

    def thinking_line(self):
        """The page's thinking line (see :meth:`.pacing.Pacing.in_slices`), or None before
        the first paint."""
        return (self.parts or {}).get("thinking")

    def draw(self) -> None:
        """Paint after the player's action: the address follows the deal; the focus goes
        where the handler asked, else stays on its control, else (that control is gone)
        goes to the screen's first control; the bots start when it is their turn."""
        page = self.page
        controller = page.controller
        held = focus_selector(js.document.activeElement)
        if not page.attempt(self.paint, then=self.draw):
            return
        self.keep_address()
        asked = controller.focus or ()
        asked = (asked,) if isinstance(asked, str) else tuple(asked)
        # on the same table (a card just played, the bots' turn over) the focus stays on
        # its control, or goes to the screen's first control when that is gone, without
        # scrolling the table away from under the player
        scroll = self.moved is None
        if not self.place_focus(asked) and held \
                and not self.place_focus((held,), scroll=scroll):
            self.place_focus(SCREEN_START, scroll=scroll)
        box = page.root.querySelector("#panel-text")
        if box and not on_panel_control(box):
            box.focus()
            # all of it selected, backwards: Firefox scrolls the selection's moving end into
            # view (later, on its own), and after select() that end is the last line, so
            # the box showed the snippet's tail and not the comment line that opens it
            box.setSelectionRange(0, len(box.value), "backward")
        page.pacing.start_due()
        page.pacing.warm_review()
        page.link.run_jobs()

    def place_focus(self, selectors, scroll: bool = True) -> bool:
        """Focus the first enabled, rendered element that one of ``selectors`` finds, in
        their order (an element that is no control, a skip link's target, is made
        focusable, and its top is scrolled into view); focusing a control scrolls it into
        view. With ``scroll`` false the page stays where it is. Whether one was found."""
        for selector in selectors:
            element = self.page.root.querySelector(selector)
            if element and not element.matches(":disabled") and element.getClientRects().length:
                if element.matches(FOCUSABLE):
                    element.focus(js_object({"preventScroll": not scroll}))
                    return True
                element.setAttribute("tabindex", "-1")  # a panel, a skip link's target
                element.focus(js_object({"preventScroll": True}))
                if scroll:
                    element.scrollIntoView(js_object({"block": "start"}))
                return True
        return False

    def redraw_review(self, done: bool = False) -> None:
        """Draw the review on show again while it thinks: only its parts that change
        (:func:`.render.review_parts`; with ``done``, those that change at its end, and the
        live regions), or the whole screen where one of them is not on show; the focus
        stays where it is."""
        reviewing = self.page.controller.browsing.reviewing
        if reviewing is not None and self.patch(review_parts(reviewing, done)):
            if done:
                self.speak(self.page.controller.screen().messages)
            return
        active = js.document.activeElement
        held = focus_selector(active) or (f"#{active.id}" if active and active.id else None)
        self.paint()
        self.place_focus((held,) if held else (), scroll=False)

    def patch(self, parts: dict) -> bool:
        """Replace each element of the screen on show that a selector of ``parts`` finds
        by that selector's HTML; nothing, and False, when one of them finds none."""
        screen = (self.parts or {}).get("screen")
        found = {selector: screen.querySelector(selector) for selector in parts} \
            if screen else {}
        if not found or not all(found.values()):
            return False
        for selector, element in found.items():
            element.outerHTML = parts[selector]
        return True

    def keep_address(self) -> None:
        """The address bar shows the controller's fragment (replaceState: no history
        entry, no hashchange)."""
        fragment = self.page.controller.address()
        if str(js.location.hash) != fragment:
            js.history.replaceState(None, "", js.location.pathname + js.location.search + fragment)


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


def on_panel_control(box) -> bool:
    """Whether the focus is on a control of ``box``'s panel (a choice of the Embed panel
    just pressed, which rewrote the box): it stays there rather than going to the box."""
    active = js.document.activeElement
    panel = box.closest(".panel")
    return bool(active and panel and active.hasAttribute("data-action")
                and panel.contains(active))


def moving_table(controller, screen):
    """The table whose cards the screen shows in play (the table or its end), or None."""
    return controller.sitting.table if screen.kind in ("table", "end") else None


def scroll_into_view(ident: str) -> None:
    """Scroll the element with id ``ident`` (a ``<details data-reveal>`` just opened) to
    the top of the window, as far as the page allows."""
    element = js.document.getElementById(ident)
    if element:
        element.scrollIntoView(js_object({"block": "start"}))
