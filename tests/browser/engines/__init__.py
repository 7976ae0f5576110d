"""One interface over three browser engines, for the tests that must hold in each of them.

Which driver serves which engine, and why:

- ``chromium``: Playwright over Debian's /usr/bin/chromium, the session's ``browser`` of
  conftest.py (the Chromium suite's own driver, reused: no second Chromium).
- ``firefox``: npm's puppeteer-core over WebDriver BiDi, launching Debian's
  /usr/bin/firefox-esr itself (no geckodriver, which Debian does not package, and no
  browser download). One Firefox per test session; each page gets a browser context of
  its own (fresh storage, cache and service workers). BiDi gives console messages and
  uncaught errors from the first line of the page, and evaluation that the page's CSP
  does not forbid. Puppeteer is a Node library, so ``firefox_bridge.mjs`` relays its calls
  (one JSON line each way) and ``firefox.py`` speaks to it.
- ``webkit``: PyPI's selenium over WebDriver classic to Debian's WebKitWebDriver, with
  WebKitGTK's MiniBrowser (``--automation``) as the browser, in an Xvfb display started
  once per session. WebKitWebDriver 2.50 answers no BiDi session, so the console is
  watched by a hook the page gets once it has loaded (errors before that show as
  ``data-app="error"``). Each page is a session of its own: MiniBrowser's automation
  session is its own ephemeral profile, the one way to get fresh storage.

A page (``EnginePage``) opens a URL, reloads, evaluates a JS expression (awaited; the result
comes back as JSON), clicks a real control by CSS selector, gives a view into an iframe
(``frame(selector)``) and lists the console errors and uncaught errors seen so far.
The functions below build the tests' steps on that.
"""

from __future__ import annotations

import json
import time

import pytest

ENGINES = ("chromium", "firefox", "webkit")
READY_TIMEOUT_S = 90
# The page's own keys, as a {key: value} object.
STORED_KEYS = ("Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('cardtable.'))"
               ".sort().map(k => [k, localStorage.getItem(k)]))")


class EnginePage:
    """What every engine's page does; ``engine`` names it."""

    engine = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def evaluate(self, expression: str):
        """The value of a JS expression (a promise awaited), as JSON gives it back."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        """A real mouse click on the first element that matches ``selector``, at a moment
        when nothing on the page moves: the drivers of Firefox and WebKit click where the
        element is when they look, and a card in flight would take a click meant for what
        lies under it (Playwright waits by itself for an element to stand still)."""
        wait_until(self, "document.getAnimations().length === 0")
        self.click_now(selector)

    def click_now(self, selector: str) -> None:
        """A real mouse click on the first element that matches ``selector``, at once."""
        raise NotImplementedError

    def frame(self, selector: str) -> "EnginePage":
        """The same page, evaluating and clicking inside the iframe ``selector`` finds."""
        raise NotImplementedError

    def problems(self) -> list[str]:
        """Console errors and uncaught errors of this page so far."""
        raise NotImplementedError

    def resize(self, width: int, height: int) -> int:
        """The page's viewport made ``width`` × ``height`` CSS pixels, or as near as the
        engine allows; the width it has then."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


def wait_until(page: EnginePage, expression: str, timeout_s: float = READY_TIMEOUT_S):
    """Poll a JS expression until it is truthy; its value. Fails after ``timeout_s``.

    An evaluation that fails while a document is replaced counts as false."""
    deadline = time.monotonic() + timeout_s
    problem = ""
    while True:
        try:
            value, problem = page.evaluate(expression), ""
        except Exception as error:  # each driver has its own error for a page in transit
            value, problem = None, f" (the page answers: {str(error).splitlines()[0]})"
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{page.engine}: still false after {timeout_s} s: {expression}{problem};"
                        f" the page shows: {shows(page)}")
        time.sleep(0.1)


def shows(page: EnginePage) -> str:
    """The start of the text the page shows (its <main>, else its body), for a failure."""
    try:
        return page.evaluate("(document.querySelector('main') || document.body)"
                             ".innerText.replace(/\\s+/g, ' ').slice(0, 300)")
    except Exception as error:  # a page in transit, or gone
        return f"nothing it can say ({str(error).splitlines()[0]})"


def alerts(page: EnginePage) -> str:
    """What the page's alert regions say (they lie outside <main>, which shows() reads)."""
    return page.evaluate("[...document.querySelectorAll('[role=alert]')]"
                         ".map(e => e.textContent).join(' ')").strip()


def wait_ready(page: EnginePage, timeout_s: float = READY_TIMEOUT_S) -> None:
    """Wait until ``<html data-app="ready">``; on ``error`` fail at once with the page's words."""
    state = wait_until(page, "['ready', 'error'].includes(document.documentElement.dataset.app)"
                       " && document.documentElement.dataset.app", timeout_s)
    if state != "ready":
        pytest.fail(f"{page.engine}: the app reports data-app={state!r}: {alerts(page)}")


def open_app(page: EnginePage, url: str) -> EnginePage:
    """Open ``url`` and wait until the app is ready; the page."""
    page.goto(url)
    wait_ready(page)
    return page


def stored(page: EnginePage) -> dict[str, str]:
    """Every ``cardtable.*`` key of the page's localStorage with its value."""
    return page.evaluate(STORED_KEYS)


def view(page: EnginePage) -> dict:
    """The human seat's view (the automation contract's ``window.cardtable.view()``)."""
    return page.evaluate("window.cardtable.view()")


def js(value) -> str:
    """``value`` written as a JS literal, to put in an expression."""
    return json.dumps(value)
