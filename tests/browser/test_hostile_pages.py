"""Other pages against the app: a page at another path of the same origin (another repository
of <user>.github.io) writing the app's caches. Each time the app starts and runs only its
own code.

The neighbour's code is the test's own, run in the neighbour's page with
``page.evaluate``: what any page of the origin could do.
"""

from pathlib import Path

import pytest

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
