"""Browser test harness: the built site in Debian's Chromium through Playwright.

Every browser test runs against the site as ``build.py`` builds it (the ``dist`` fixture of
tests/conftest.py: ``dist/`` under ``python3 build.py test``, which builds it first, else a
private build made once per session). One Chromium
serves the whole session; each test gets a fresh context (empty cache, storage and service
workers), so tests never see each other's state.

The site's service worker (its offline copy) runs only in the tests marked
``@pytest.mark.service_worker`` (a module's ``pytestmark``, or one test): the offline, update,
parts and start-up tests, the cross-engine ones and every page opened by ``engine_page``.
Everywhere else the contexts block it, since its install downloads and stores every file
of the site a second time, a fifth of a short test's CPU on this suite's 2 cores
(docs/development.md, "The suite's time"); those tests are about the table, not the copy.

Fixtures
--------
``site``
    ``Site`` for the session: ``site.url`` is the app on ``http://localhost:PORT/``,
    ``site.origin`` its origin, ``site.dist`` the folder served. ``site.link(fragment)``
    gives the app URL with a fragment, e.g. ``site.link("#/the-game?seed=7&players=2")``.
``pseudo_site``
    The URL of the site built with the pseudo-language (``pseudo_dist`` of tests/conftest.py,
    built once a run), on a server of its own.
``subpath_site``
    The same ``dist/`` served under ``/cardtable/`` (as on a GitHub Pages project site).
``shared_origin``
    One origin that serves the same ``dist/`` under ``/cardtable/`` and another site's page
    under ``/evil/``, as GitHub Pages serves every repository of ``<user>.github.io``:
    ``shared_origin.app`` is the app's ``Site``, ``shared_origin.neighbour`` the other page's
    URL (an empty page: a test runs the neighbour's code in it).
``embedder``
    A second origin, ``http://127.0.0.1:PORT`` (cross-site to ``localhost``).
    ``embedder.page_for(src)`` is the URL of a page whose only content is
    ``<iframe id="app" src=src>``.
``browser``
    The session's Chromium (``executable_path=/usr/bin/chromium``). Its own log (its
    stderr, with ``--enable-logging``: what a renderer says before it dies) goes to the
    session's ``chromium.log``; a test whose page crashed fails and quotes its last lines.
``context`` / ``page``
    A fresh context and a page in it, watched: the test fails if the page (or any frame,
    or the service worker) requests anything outside ``site``'s origin, throws an uncaught
    error, logs a console error, or reports a Content-Security-Policy violation.
    ``page.watch`` is that ``Watch``; call ``page.watch.allow_errors(r"regex")`` when a
    test provokes an error on purpose (it matches console and uncaught errors), and
    ``page.watch.allow_crash()`` when it kills the page's renderer on purpose.
``watch_page``
    A function ``watch_page(page, *origins)`` that watches a page you made yourself (e.g.
    from ``context``) and returns its ``Watch``; call ``.check()`` on it at the end.
``new_page``
    A factory for more watched pages in fresh contexts (``new_page(**context_options)``),
    e.g. to open a share link in a second, clean browser profile. Pages of ``page`` and
    ``new_page`` are a returning player's (the guided tours seen); ``new_page(first_visit=True)``
    gives a first visit. ``settings_script(pace="fast")`` is an init script that merges
    settings into the stored ones.
``peer_page``
    A factory like ``new_page`` (the same arguments) for pages that connect to each other
    by WebRTC (assets/together.js): the context grants the microphone permission to
    ``site``'s origin, without which headless Chromium, loopback allowed or not, gathers
    no local candidate (no getUserMedia call is needed). With the session's
    ``--allow-loopback-in-peer-connection`` the pages then find each other on 127.0.0.1,
    the one interface that ``python3 build.py test`` leaves them as root.
``storage_blocked_page``
    A watched page in a persistent Chromium profile that blocks third-party cookies and
    site data, so an iframe from another site gets no localStorage, IndexedDB or service
    worker: the real browser setting, not a stub (a second Chromium process, so use it
    sparingly). Requests to ``embedder``'s origin are allowed on it.

``wait_ready``
    A function ``wait_ready(page_or_frame, timeout_ms=60_000)``: waits for
    ``<html data-app="ready">`` (boot takes 2-10 s here); if the page says
    ``data-app="error"`` the test fails at once with the page's message.
``wait_app_state``
    A function ``wait_app_state(page_or_frame, states, timeout_ms=60_000)`` that polls
    ``data-app`` until it is one of ``states`` and returns it (e.g. to expect ``error``).
``wait_until``
    A function ``wait_until(page_or_frame, "js expression", timeout_ms=60_000)`` that polls
    the expression (awaiting promises) until it is truthy. Playwright's wait_for_function
    would evaluate a string, which the page's CSP forbids.
``open_app``
    A function ``open_app(page, url)``: ``page.goto(url)`` then ``wait_ready``; returns page.

``engine`` / ``engine_page``
    The tests that must hold in Firefox and WebKit too take these: see engines/fixtures.py.

Example::

    def test_lobby_lists_the_game(page, site, open_app):
        open_app(page, site.url)
        assert page.locator("[data-game=the-game]").count() == 1
"""

from __future__ import annotations

import functools
import json
import os
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright
from relay_server import start_relay
from settings_scripts import RETURNING_PLAYER, settings_script

from engines.chromium import uncaught
from engines.fixtures import engine, engine_page, firefox, webkit_display  # noqa: F401

from sitebuild.install import CHROMIUM
from sitebuild.server import make_server

# --allow-loopback-in-peer-connection: WebRTC gathers 127.0.0.1 too (see ``peer_page``).
# --enable-logging=stderr --v=0: Chromium's errors, a renderer's last words included, on its
# stderr, which Playwright's driver writes to ``chromium_log``.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--allow-loopback-in-peer-connection", "--enable-logging=stderr", "--v=0"]
READY_TIMEOUT_MS = 60_000

# Reports each Content-Security-Policy violation as a console error, so the watch sees it.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (e) => console.error(
  `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} ` +
  `at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
"""



@dataclass
class Site:
    """One HTTP server for a folder, its root URL and origin."""

    url: str
    dist: Path

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    def link(self, fragment: str = "") -> str:
        return self.url + fragment


def start_server(directory: Path, prefix: str = "/", hostname: str = "localhost"):
    """Serve ``directory`` at ``prefix`` on a free port in a daemon thread."""
    server = make_server(directory, port=0, prefix=prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{hostname}:{server.server_address[1]}{prefix}"


@pytest.fixture(scope="session")
def site(dist):
    server, url = start_server(dist)
    yield Site(url, dist)
    server.shutdown()


@pytest.fixture(scope="session")
def pseudo_site(pseudo_dist) -> str:
    """The site that also speaks the pseudo-language, on its own server: its URL."""
    server, url = start_server(pseudo_dist)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_site(dist):
    server, url = start_server(dist, prefix="/cardtable/")
    yield Site(url, dist)
    server.shutdown()


@dataclass
class SharedOrigin:
    """The app at a path of an origin, and a page of another site at another path."""

    app: Site
    neighbour: str


NEIGHBOUR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another repository's page</title>
<link rel="icon" href="data:,"></head><body></body></html>
"""


@pytest.fixture(scope="session")
def shared_origin(dist, tmp_path_factory):
    root = tmp_path_factory.mktemp("shared-origin")
    (root / "cardtable").symlink_to(dist.resolve(), target_is_directory=True)
    (root / "evil").mkdir()
    (root / "evil" / "index.html").write_text(NEIGHBOUR_PAGE)
    server, url = start_server(root)
    yield SharedOrigin(Site(url + "cardtable/", dist), url + "evil/")
    server.shutdown()


@dataclass
class Embedder:
    """The second origin: pages that only embed a given URL in an iframe."""

    origin: str

    def page_for(self, src: str) -> str:
        from urllib.parse import quote
        return f"{self.origin}/embed.html#{quote(src, safe='')}"

    @staticmethod
    def embedded(page, url: str, timeout_s: float = 30):
        """The frame of ``page`` (an embedding page) showing ``url``, once its navigation
        has committed: the iframe is attached before, as about:blank."""
        deadline = time.monotonic() + timeout_s
        while not (frames := [f for f in page.frames if f.url.startswith(url)]):
            assert time.monotonic() < deadline, f"the embedded page {url} never loaded"
            page.wait_for_timeout(50)
        return frames[0]


EMBED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post embedding cardtable</title>
<link rel="icon" href="data:,">
<script src="embed.js"></script></head>
<body><h1>A post with a game in it</h1></body></html>
"""
# The iframe's src comes from the fragment, so one static page embeds any URL.
EMBED_SCRIPT = """addEventListener("DOMContentLoaded", () => {
  const frame = document.createElement("iframe");
  frame.id = "app"; frame.width = 800; frame.height = 700;
  frame.src = decodeURIComponent(location.hash.slice(1));
  document.body.append(frame);
});
"""


@pytest.fixture(scope="session")
def embedder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("embedder")
    (folder / "embed.html").write_text(EMBED_PAGE)
    (folder / "embed.js").write_text(EMBED_SCRIPT)
    server, url = start_server(folder, hostname="127.0.0.1")
    yield Embedder(url.rstrip("/"))
    server.shutdown()


@pytest.fixture(scope="session")
def chromium_log(tmp_path_factory) -> Path:
    """The file where Playwright's driver writes what the session's browsers print."""
    return tmp_path_factory.mktemp("chromium") / "chromium.log"


@pytest.fixture(scope="session")
def playwright_instance(chromium_log):
    """Playwright, its driver logging every browser's stderr to ``chromium_log`` (its
    ``pw:browser`` channel; the environment is the driver's alone)."""
    kept = {name: os.environ.get(name) for name in ("DEBUG", "DEBUG_FILE")}
    os.environ.update(DEBUG="pw:browser", DEBUG_FILE=str(chromium_log))
    try:
        playwright = sync_playwright().start()
    finally:
        for name, value in kept.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    yield playwright
    playwright.stop()


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=str(CHROMIUM),
                                                  args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@dataclass
class Watch:
    """What went wrong on the pages of one test: outside requests, errors, CSP reports,
    a renderer that crashed (with the last lines of ``log``, Chromium's log)."""

    origins: tuple
    log: Path | None = None
    outside_requests: list = field(default_factory=list)
    page_errors: list = field(default_factory=list)
    console_errors: list = field(default_factory=list)
    crashes: list = field(default_factory=list)
    failed_requests: list = field(default_factory=list)
    allowed: list = field(default_factory=list)
    crash_allowed: bool = False

    def allow_errors(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def allow_crash(self) -> None:
        self.crash_allowed = True

    def on_request(self, request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:", "about:")):
            return
        if not any(url.startswith(origin + "/") for origin in self.origins):
            self.outside_requests.append(url)

    def on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location.get('url')})")

    def on_request_failed(self, request) -> None:
        """Kept to explain a wait that fails (not a problem itself: a page that is left
        cancels its requests)."""
        self.failed_requests.append(
            f"{time.strftime('%H:%M:%S')} {request.url}: {request.failure}")

    def explained(self) -> str:
        """The requests that failed and the last lines of Chromium's log, for a failure."""
        said = chromium_said(self.log) if self.log else []
        return ("; failed requests: " + ", ".join(self.failed_requests[-8:] or ["none"])
                + "; the browser's log ends:" + "".join(f"\n  {line}" for line in said))

    def on_crash(self, page) -> None:
        said = chromium_said(self.log) if self.log else []
        self.crashes.append(f"{page.url} at {time.strftime('%H:%M:%S')}; {self.log}:"
                            + "".join(f"\n  {line}" for line in said))

    def problems(self) -> dict:
        def unexpected(texts):
            return [t for t in texts if not any(p.search(t) for p in self.allowed)]
        found = {"requests outside the origin": self.outside_requests,
                 "uncaught page errors": unexpected(self.page_errors),
                 "console errors": unexpected(self.console_errors),
                 "renderers that crashed": [] if self.crash_allowed else self.crashes}
        return {key: value for key, value in found.items() if value}

    def check(self) -> None:
        problems = self.problems()
        assert not problems, json.dumps(problems, indent=2)


# Lines of Chromium's log that say nothing of a crash: the container has no D-Bus and no
# cpufreq, and the pages' console is watched apart.
LOG_NOISE = re.compile(r"dbus|Floss|UPower|cpufreq|INFO:CONSOLE|<launching>|<launched>")


def chromium_said(log: Path, lines: int = 12) -> list:
    """The last ``lines`` lines of Chromium's log but its routine noise."""
    if not log.exists():
        return []
    text = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line for line in text if not LOG_NOISE.search(line)][-lines:]


def _watch_page(page, *origins: str, log: Path | None = None) -> Watch:
    """Attach a ``Watch`` to ``page`` (and its context's requests, service worker
    included); ``log``: Chromium's log, quoted when the page's renderer crashes."""
    watch = Watch(origins, log)
    page.context.on("request", watch.on_request)
    page.context.on("requestfailed", watch.on_request_failed)
    page.on("console", watch.on_console)
    page.on("pageerror", lambda error: watch.page_errors.append(uncaught(error)))
    page.on("crash", watch.on_crash)
    page.watch = watch
    return watch


def pytest_configure(config):
    config.addinivalue_line("markers", "service_worker: the test's pages run the site's "
                            "service worker (elsewhere the browser contexts block it)")


def worker_options(request, options: dict) -> dict:
    """``options`` for a new browser context, blocking service workers unless the test is
    marked ``service_worker`` (or ``options`` say otherwise)."""
    if request.node.get_closest_marker("service_worker") is None:
        return {"service_workers": "block", **options}
    return options


@pytest.fixture
def context(browser, request):
    context = browser.new_context(**worker_options(request, {}))
    context.add_init_script(CSP_REPORTER)
    context.add_init_script(RETURNING_PLAYER)
    yield context
    context.close()


@pytest.fixture
def page(context, site, chromium_log):
    page = context.new_page()
    watch = _watch_page(page, site.origin, log=chromium_log)
    yield page
    watch.check()


@pytest.fixture
def new_page(browser, site, chromium_log, request):
    """Factory: a watched page in a fresh context; every one is checked at teardown. Its
    requests must stay on ``origin`` (the ``site`` fixture's unless another is named)."""
    made = []

    def make(first_visit=False, origin=None, **context_options):
        context = browser.new_context(**worker_options(request, context_options))
        context.add_init_script(CSP_REPORTER)
        if not first_visit:
            context.add_init_script(RETURNING_PLAYER)
        page = context.new_page()
        made.append((context, _watch_page(page, origin or site.origin, log=chromium_log)))
        return page

    yield make
    for context, watch in made:
        context.close()
    for context, watch in made:
        watch.check()


@pytest.fixture
def peer_page(new_page, site):
    """Factory: ``new_page``'s pages, their context granting the microphone to ``site``."""

    def make(**options):
        page = new_page(**options)
        page.context.grant_permissions(["microphone"], origin=site.origin)
        return page

    return make


@pytest.fixture
def phone(new_page, site, open_app):
    """A phone-sized touch page (390×844) whose bots play at the fast pace;
    ``phone(fragment)`` opens a share link on it and returns the page (``phone.page``)."""
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.context.add_init_script(settings_script(pace="fast"))

    def open_link(fragment):
        return open_app(page, site.link(fragment))
    open_link.page = page
    return open_link


@pytest.fixture
def storage_blocked_page(playwright_instance, tmp_path, site, embedder, chromium_log):
    """A page in a real Chromium profile with "block third-party cookies" (and site data)."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    preferences = {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}
    (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
    context = playwright_instance.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    context.add_init_script(CSP_REPORTER)
    page = context.new_page()
    watch = _watch_page(page, site.origin, embedder.origin, log=chromium_log)
    yield page
    context.close()
    watch.check()


def _wait_ready(target, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until ``<html data-app="ready">``; fail with the page's message on ``error``."""
    state = _wait_app_state(target, ("ready", "error"), timeout_ms)
    if state != "ready":
        message = target.evaluate(
            "[...document.querySelectorAll('[role=alert]')].map(e => e.textContent).join(' ')")
        pytest.fail(f"the app reports data-app={state!r}: {message.strip()}"
                    f"{_what_went_wrong(target)}")


def _wait_until(target, expression: str, timeout_ms: int = READY_TIMEOUT_MS):
    """Poll a JavaScript expression (awaited if a promise) until it is truthy; its value."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not (value := target.evaluate(expression)):
        if time.monotonic() > deadline:
            pytest.fail(f"still false after {timeout_ms} ms: {expression};"
                        f" {_what_it_shows(target)}{_what_went_wrong(target)}")
        time.sleep(0.1)
    return value


# The address and the start of the text a page shows, for a failure that waited on it.
SHOWS = """`at ${location.href}, showing: ${(document.querySelector('#app') || document.body)
  .innerText.replace(/\\s+/g, ' ').slice(0, 400)}`"""


def _what_it_shows(target) -> str:
    try:
        return target.evaluate(SHOWS)
    except Exception as error:  # a page in transit, or closed
        return f"the page could not say what it shows ({str(error).splitlines()[0]})"


# The state of the page's offline copy: its service worker's and the parts' cache.
OFFLINE_STATE = """async () => {
  const sw = navigator.serviceWorker;
  const registration = sw && await sw.getRegistration();
  const state = (worker) => worker ? worker.state : "none";
  return `service worker: ${sw ? (sw.controller ? "controls the page" : "no controller")
    + `, installing ${state(registration?.installing)}, waiting ${state(registration?.waiting)}`
    + `, active ${state(registration?.active)}` : "unavailable"}; parts cached: `
    + `${globalThis.cardtableParts?.cached}`;
}"""


def _what_went_wrong(target) -> str:
    """What the watch of ``target``'s page saw fail, and the state of its offline copy
    (nothing for an unwatched page)."""
    page = getattr(target, "page", target)  # a frame's page, or the page itself
    watch = getattr(page, "watch", None)
    if not watch:
        return ""
    try:
        offline = page.evaluate(OFFLINE_STATE)
    except Exception as error:  # a page in transit, or closed
        offline = f"the offline copy's state is unknown ({str(error).splitlines()[0]})"
    return f"; {offline}{watch.explained()}"


def _wait_app_state(target, states, timeout_ms: int = READY_TIMEOUT_MS) -> str:
    """Poll ``data-app`` until it is one of ``states``; returns it.

    Polled from Python: Playwright's wait_for_function evaluates strings (our CSP forbids
    that) and its wait_for_selector was seen to miss this attribute change on <html>.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    problem = ""
    while True:
        try:
            state, problem = target.evaluate("document.documentElement.dataset.app"), ""
        except PlaywrightError as error:  # navigating: the document is being replaced
            state, problem = None, f" (the page answers: {str(error).splitlines()[0]})"
        if state in states:
            return state
        if time.monotonic() > deadline:
            pytest.fail(f"data-app is still {state!r} after {timeout_ms} ms{problem}"
                        f"{_what_went_wrong(target)}")
        time.sleep(0.1)


def _open_app(page, url: str, timeout_ms: int = READY_TIMEOUT_MS):
    page.goto(url)
    _wait_ready(page, timeout_ms)
    return page


@pytest.fixture(name="watch_page")
def watch_page_fixture(chromium_log):
    return functools.partial(_watch_page, log=chromium_log)


@pytest.fixture
def wait_ready():
    return _wait_ready


@pytest.fixture
def wait_until():
    return _wait_until


@pytest.fixture
def wait_app_state():
    return _wait_app_state


@pytest.fixture
def open_app():
    return _open_app


@pytest.fixture
def relay(tmp_path):
    """A real MQTT relay on loopback for the test (relay_server.py), stopped after it. A
    test names it before ``new_page``: fixtures end in reverse order, so its pages close
    before the relay stops (a page still open would log the refused reconnection)."""
    server = start_relay(tmp_path)
    yield server
    server.stop()
