"""What a handler asks the page to do besides drawing: its *effect*, carried out once the
page is drawn again.

A handler of the controller may return an effect, a tuple whose first item is its kind:

- ``("copy", text, done)``: copy ``text`` to the clipboard and say ``done`` (or show it to
  copy by hand);
- ``("share", text, done)``: hand ``text`` to the system's Share sheet, else copy it;
- ``("download", filename, text, done)``: save ``text`` as a file and say ``done``;
- ``("think", steps)``: run the generator ``steps`` (a hint) in slices, then draw
  (:meth:`.pacing.Pacing.think`);
- ``("review", steps)``: run the generator ``steps`` (a review) in slices, drawing the
  page whenever the review on show has a new point, and once it ends
  (:meth:`.pacing.Pacing.review`);
- ``("read-file", selector, action, limit)``: read the file chosen in the field
  ``selector`` (at most ``limit`` bytes) and send its text to ``action`` as
  ``data["text"]``.

:data:`EFFECTS` holds the function of each kind, called with the page and the effect's
other items; a coroutine it returns runs as a task of its own.
"""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import create_once_callable, to_js

from ...i18n import _
from . import js_object


def take_file(page, effect):
    """``effect``, but for a ``("read-file", selector, action, limit)`` effect: the file
    chosen in the field ``selector`` in the selector's place, or None when none is. Taken
    before the page is drawn again, which remakes the field."""
    if not effect or effect[0] != "read-file":
        return effect
    field = page.root.querySelector(effect[1])
    files = field.files if field else None
    chosen = files.item(0) if files and files.length else None
    return None if chosen is None else ("read-file", chosen, *effect[2:])


def carry_out(page, effect) -> None:
    """Carry out ``effect`` (None, or a kind with no function: nothing)."""
    run = EFFECTS.get(effect[0]) if effect else None
    if run is not None:
        done = run(page, *effect[1:])
        if asyncio.iscoroutine(done):
            asyncio.ensure_future(done)


async def copy(page, text: str, done: str) -> None:
    """Copy ``text`` to the clipboard and say ``done``; or show it to copy by hand."""
    try:
        await js.navigator.clipboard.writeText(text)
    except Exception:  # no clipboard API, or permission refused
        page.controller.panels.copy_failed(text)
    else:
        page.controller.say("status", done)
    page.draw()


async def share(page, text: str, done: str) -> None:
    """Hand ``text`` to the system's Share sheet where the browser has one; else copy
    it. A share the player cancelled says nothing."""
    if not callable(getattr(js.navigator, "share", None)):
        await copy(page, text, done)
        return
    try:
        await js.navigator.share(js_object({"text": text}))
    except Exception as error:  # cancelled (AbortError), or not allowed here: copy
        if "AbortError" not in str(error):
            await copy(page, text, done)


def download(page, name: str, text: str, done: str) -> None:
    """Save ``text`` as the file ``name`` (a Blob behind a link clicked once), then
    say ``done``."""
    blob = js.Blob.new(to_js([text]), js_object({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href, link.download = url, name
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
    page.controller.say("status", done)
    page.draw()


async def read_file(page, chosen, action: str, limit: int) -> None:
    """Read ``chosen`` (a File) as text and send it to ``action`` as ``data["text"]``;
    a file larger than ``limit`` bytes is refused unread."""
    if int(chosen.size) > limit:
        page.controller.say("alert", too_large(int(chosen.size), limit))
        page.draw()
        return
    try:
        text = await chosen.text()
    except Exception:  # the file went away or cannot be read
        page.controller.say("alert", _("The file could not be read: nothing was changed."))
        page.draw()
        return
    page.act(action, {"text": str(text)})


def too_large(size: int, limit: int) -> str:
    """The sentence refusing a file of ``size`` bytes, over ``limit``."""
    return _("This file is {size} MB, more than the {limit} MB a records file can be: it"
             " was not read, and nothing was changed.").format(
        size=f"{size / 1e6:.1f}", limit=f"{limit / 1e6:g}")


# {an effect's kind: the function that carries it out, given the page and the effect's other
# items}
EFFECTS = {
    "copy": copy,
    "share": share,
    "download": download,
    "think": lambda page, steps: page.pacing.think(steps),
    "review": lambda page, steps: page.pacing.review(steps),
    "read-file": read_file,
}
