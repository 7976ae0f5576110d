"""The engines' fixtures (conftest.py imports them).

``engine``
    The engine's name; a test that takes it (or ``engine_page``) runs once per engine of
    ``ENGINES``.
``engine_page``
    A factory: ``engine_page(**firefox_prefs)`` opens a fresh page (empty storage, cache and
    service workers) in the test's engine. At teardown every page is closed and the test
    fails if any logged a console error or threw an uncaught error; call
    ``engine_page.allow(r"regex")`` when a test provokes one on purpose. ``firefox_prefs``
    start a Firefox of the test's own with those preferences (the session's otherwise).
    ``engine_page.close(page)`` reads a page's errors and closes it before the test ends, so
    that what it would go on doing in the background (caching the site, making a snapshot)
    does not slow the next page down.
``firefox`` / ``webkit_display``
    The session's Firefox (its bridge) and the Xvfb display of WebKit's windows, started
    the first time a test needs them.
"""

from __future__ import annotations

import re

import pytest

from . import ENGINES
from .chromium import ChromiumPage
from .firefox import Firefox, FirefoxPage
from .webkit import Display, WebKitPage


@pytest.fixture(scope="session")
def firefox():
    browser = Firefox()
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def webkit_display():
    display = Display()
    yield display
    display.close()


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    return request.param


@pytest.fixture
def engine_page(request, engine):
    pages, browsers, allowed = [], [], []

    def open_page(**firefox_prefs):
        if engine == "chromium":
            page = ChromiumPage.open(request.getfixturevalue("browser"))
        elif engine == "firefox":
            if firefox_prefs:
                browsers.append(Firefox(firefox_prefs))
            page = FirefoxPage.open(browsers[-1] if firefox_prefs
                                    else request.getfixturevalue("firefox"))
        else:
            page = WebKitPage.open(request.getfixturevalue("webkit_display"))
        pages.append(page)
        return page

    problems = {}

    def close_page(page):
        problems.setdefault(page.engine, []).extend(
            p for p in page.problems() if not any(a.search(p) for a in allowed))
        pages.remove(page)
        page.close()

    open_page.allow = lambda pattern: allowed.append(re.compile(pattern))
    open_page.close = close_page
    yield open_page
    for page in list(pages):
        close_page(page)
    for browser in browsers:
        browser.close()
    assert not any(problems.values()), problems
