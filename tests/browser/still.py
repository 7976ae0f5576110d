"""Checks of a page at rest: what is under a finger, where a thing is or how it looks is
measured when nothing on the page moves.

The page moves cards when it is drawn again (``assets/motion.js``: Web Animations of their
transforms and opacity) and lets a card arrive (a CSS animation); a pressed card lifts (a
CSS transition). All of them are in ``document.getAnimations()`` while they run or wait to
start; a card in flight covers what lies on its way, and a card arriving is faint. A check
that raced them would see a moment of the movement, not the page.
"""

from __future__ import annotations

import time

import pytest

STILL_TIMEOUT_MS = 30_000
MOVING = "document.getAnimations().length > 0"


def when_still(target, function: str, timeout_ms: int = STILL_TIMEOUT_MS):
    """The value of ``function`` (the source of a JavaScript function of no argument) on
    ``target`` (a page or a frame), called at a moment when nothing on it moves: it runs
    only when ``document.getAnimations()`` is empty, in the same task as that test, so no
    motion can start while it runs. Polls until such a moment comes (the bots may go on
    playing meanwhile); fails the test after ``timeout_ms``."""
    probe = f"() => {MOVING} ? {{moving: true}} : {{moving: false, value: ({function})()}}"
    deadline = time.monotonic() + timeout_ms / 1000
    while (result := target.evaluate(probe))["moving"]:
        if time.monotonic() > deadline:
            pytest.fail(f"the page was still moving after {timeout_ms} ms")
        time.sleep(0.05)
    return result.get("value")


def wait_still(target, timeout_ms: int = STILL_TIMEOUT_MS) -> None:
    """Wait until nothing on ``target`` moves. For a check made of several calls, which
    holds only while nothing starts new motion: when the table waits for the person (the
    bots wait too) or shows no table."""
    when_still(target, "() => true", timeout_ms)
