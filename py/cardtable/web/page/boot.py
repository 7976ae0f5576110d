"""The page's start: what ``cardtable.main`` calls.

:func:`start` makes the :class:`~.hub.Page` on ``<div id="app">``, boots the controller
(on the browser's storage, clock, address and languages) once the parts of the package
it needs are there, draws its first screen and installs the listeners. Taps made on the
prerendered lobby while Python loaded (kept by ``boot.js``) are carried out in order once
it runs.
"""

from __future__ import annotations

from datetime import datetime

import js

from ...i18n import _
from ...parts import PartMissing
from .. import fetching, sharing, starting
from ..controller import Controller
from ..storage import Store
from .hub import Page
from .link import send_link

PAGE = None


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
        replay_taps(PAGE)
    except Exception:
        js.document.documentElement.dataset.app = "error"
        js.document.getElementById("app").textContent = _(
            "The page could not start: please reload it.")
        raise
    js.document.documentElement.dataset.app = "ready"


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


def replay_taps(page) -> None:
    """Carry out, in order, the taps made on the prerendered lobby while Python loaded
    (``boot.js`` kept them); when boot opened a game instead, say they were dropped."""
    keeper = getattr(js.window, "cardtableBoot", None)
    taps = keeper.takeTaps().to_py() if keeper else []
    if taps and page.controller.sitting.table is not None:
        page.controller.say("status", _("A game was opened, so the taps made while the"
                                        " page loaded were not carried out."))
        page.draw()
        return
    for tap in taps:
        page.act(str(tap["action"]), {str(k): str(v) for k, v in tap["data"].items()})


def make_controller(store) -> Controller:
    return Controller(store, new_seed, page_address(),
                      [str(code) for code in js.navigator.languages or ()], clock=local_now,
                      send_link=send_link, embedded=embedded(), start_size=start_size())


def embedded() -> bool:
    """Whether the page runs in another page's frame (``assets/lang.js`` marks ``<html
    data-embedded>`` there)."""
    return bool(js.document.documentElement.hasAttribute("data-embedded"))


def start_size() -> str:
    """About how much a start downloads, in words, as the poster says it: the build wrote
    it into the page's boot words (``assets/lang.js`` chose them); the package's guess
    where the page has none."""
    size = getattr(getattr(js.globalThis, "cardtableWords", None), "size", None)
    return str(size) if size else sharing.START_SIZE


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
