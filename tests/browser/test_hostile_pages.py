"""Other pages against the app: a page at another path of the same origin (another repository
of <user>.github.io) writing the app's caches, and a cross-site embedder flooding the app
with messages while it boots. Each time the app starts and runs only its own code.

The neighbour's code is the test's own, run in the neighbour's page with
``page.evaluate``: what any page of the origin could do.
"""

from pathlib import Path

import pytest

# Their pages run the site's service worker (conftest.py blocks it elsewhere).
pytestmark = pytest.mark.service_worker

# A planted page, as a neighbour would put it: marked data-pwned, claiming to be ready.
FAKE_PAGE = '<!doctype html><html data-pwned data-app="ready"><title>cardtable</title></html>'
# A planted script in place of one the page runs.
FAKE_SCRIPT = 'document.documentElement.dataset.pwned = "";'

# The neighbour writes a body of its own into the service worker's cache, under the URL of a
# file of the app, and keeps the entry's headers.
PLANT_CACHE_ENTRY = """async ([url, body]) => {
  const name = (await caches.keys()).find((n) => n.startsWith("cardtable-"));
  const cache = await caches.open(name);
  const genuine = await cache.match(url);
  await cache.put(url, new Response(body, { headers: genuine.headers }));
  return (await (await cache.match(url)).text()) === body;
}"""
CACHED_TEXT = """async (url) => {
  const name = (await caches.keys()).find((n) => n.startsWith("cardtable-"));
  return (await (await caches.open(name)).match(url)).text();
}"""

# The neighbour makes a snapshot as assets/snapshot-worker.js does, from the app's own files,
# with Python's random.seed replaced: the app calls it right after a restore. The planted
# code marks the page data-pwned. It is stored under the app's key with its own SHA-256,
# then proved on the neighbour's page: restored there, it runs.
PLANTED_PYTHON = """
import os, sys
sys.path.insert(0, os.path.abspath("cardtable.zip"))
import importlib, pkgutil, random, cardtable
for module in pkgutil.walk_packages(cardtable.__path__, "cardtable."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)

def seed(*args, **kwargs):
    import js
    js.document.documentElement.setAttribute("data-pwned", "")

random.seed = seed
"""
PLANT_SNAPSHOT = """async ([app, python]) => {
  const { loadPyodide } = await import(app + "pyodide/pyodide.mjs");
  const module = await (await fetch(app + "assets/snapshot.js")).text();
  const key = new URL(module.match(/"\\.\\.\\/(snapshot-[0-9a-f]+\\.bin)"/)[1], app).href;
  const indexURL = app + "pyodide/";
  const maker = await loadPyodide({ indexURL, _makeSnapshot: true });
  const archive = await (await fetch(app + "cardtable.zip")).arrayBuffer();
  maker.FS.writeFile("cardtable.zip", new Uint8Array(archive));
  maker.runPython(python);
  const bytes = maker.makeMemorySnapshot();
  const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                            (b) => b.toString(16).padStart(2, "0")).join("");
  const cache = await caches.open("cardtable.snapshot");
  await cache.put(key, new Response(bytes, { headers: { "X-Snapshot-Digest": digest } }));
  const restored = await loadPyodide({ indexURL, _loadSnapshot: bytes });
  restored.runPython("import random; random.seed()");
  return document.documentElement.hasAttribute("data-pwned");
}"""

# The embedder posts Emscripten's setImmediate message to the app's frame, again and again,
# from before the app's scripts run.
SPAM = """() => {
  window.sent = 0;
  setInterval(() => {
    const frame = document.getElementById("app");
    if (!frame) return;
    frame.contentWindow.postMessage("_si", "*");
    window.sent += 1;
  }, 1);
}"""


def pwned(page) -> bool:
    return page.evaluate("document.documentElement.hasAttribute('data-pwned')")


@pytest.fixture
def app_page(context, shared_origin, watch_page):
    """A watched page of the shared origin."""
    page = context.new_page()
    watch = watch_page(page, shared_origin.app.origin)
    yield page
    watch.check()


@pytest.mark.parametrize("file, body", [("", FAKE_PAGE), ("assets/lang.js", FAKE_SCRIPT)],
                         ids=["page", "script"])
def test_a_service_worker_entry_planted_by_a_neighbour_is_not_served(
        app_page, shared_origin, open_app, wait_app_state, wait_until, file, body):
    app = shared_origin.app
    open_app(app_page, app.url)
    wait_until(app_page, "navigator.serviceWorker.controller !== null")
    app_page.goto(shared_origin.neighbour)
    assert app_page.evaluate(PLANT_CACHE_ENTRY, [app.url + file, body])
    app_page.goto(app.url)
    assert wait_app_state(app_page, ("ready", "error")) == "ready"
    assert not pwned(app_page)
    assert app_page.evaluate("navigator.serviceWorker.controller !== null")
    # The bad entry was replaced by the genuine file.
    genuine = Path(app.dist, file or "index.html").read_text(encoding="utf-8")
    assert app_page.evaluate(CACHED_TEXT, app.url + file) == genuine


def test_a_snapshot_planted_by_a_neighbour_runs_nothing(app_page, shared_origin, open_app):
    app = shared_origin.app
    app_page.goto(shared_origin.neighbour)
    assert app_page.evaluate(PLANT_SNAPSHOT, [app.url, PLANTED_PYTHON])
    open_app(app_page, app.url)
    assert not pwned(app_page)
    assert app_page.evaluate("window.cardtableSnapshot.boot") == "normal"
    assert app_page.evaluate("caches.has('cardtable.snapshot')") is False


def test_message_spam_from_a_cross_site_embedder_does_not_stop_the_boot(
        context, site, embedder, watch_page, wait_ready):
    page = context.new_page()
    watch = watch_page(page, site.origin, embedder.origin)
    # Started at once (no poster): the spam meets the boot from its first step.
    page.goto(embedder.page_for(site.link("#?poster=off")), wait_until="commit")
    page.evaluate(SPAM)
    app = embedder.embedded(page, site.url)
    wait_ready(app)
    frame = page.frame_locator("#app")
    frame.locator("[data-action=start]").first.click()
    frame.locator("[data-action=select]").first.wait_for(timeout=10_000)
    assert page.evaluate("window.sent") > 0
    watch.check()


# Until the page is ready, an error event every 10 ms as a script of another origin throws
# it (its file elsewhere), then one that names no file (how a cross-origin script's error
# reaches the page). Before boot.js judged errors by their source, the first one failed the
# boot.
FOREIGN_ERRORS = """
const raise = () => {
  if (document.documentElement?.dataset.app === "ready") return;
  for (const filename of ["https://elsewhere.example/inject.js", ""]) {
    dispatchEvent(new ErrorEvent("error", {message: "Script error.", filename}));
  }
  setTimeout(raise, 10);
};
setTimeout(raise, 0);
"""


def test_errors_of_scripts_from_elsewhere_do_not_stop_the_boot(new_page, site, wait_app_state):
    page = new_page()
    page.watch.allow_errors("outside the page")  # the page logs each one it ignores
    page.add_init_script(FOREIGN_ERRORS)
    page.goto(site.url)
    assert wait_app_state(page, ("ready", "error")) == "ready"
    assert not page.locator("#boot-error[role=alert]").is_visible()
