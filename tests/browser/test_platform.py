"""The platform in a real browser: boot, origin, offline, embedding, relative URLs, errors.

The ``page`` fixture (conftest.py) fails any test whose page requests another origin, throws,
logs a console error or violates the Content-Security-Policy.
"""

import json
import re
import shutil
import threading

import pytest

from sitebuild.dist import STYLES
from sitebuild.server import make_server
from sitebuild.service_worker import integrity, service_worker
from test_offline import PRECACHE_TIMEOUT_MS, READY_FOR_OFFLINE

# Their pages run the site's service worker (conftest.py blocks it elsewhere).
pytestmark = pytest.mark.service_worker


def precache(dist, name: str = "PRECACHE") -> dict:
    """The service worker's precache list (or its list ``name``) as {url: integrity}."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    entries = json.loads(re.search(rf"const {name} = (\[.*?\]);", text, re.S).group(1))
    return dict(entries)


def dist_files(dist) -> set:
    return {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}


def test_boots_with_only_same_origin_requests(page, site, open_app):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    open_app(page, site.url)
    assert page.evaluate("typeof window.cardtable.view") == "function"
    paths = {url[len(site.url):] for url in requested}
    # Every runtime file is loaded from this origin (the watch fails on any other origin).
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "cardtable.zip",
            "pyscript/core.js"} <= paths


def test_dist_holds_only_what_the_page_loads(page, site, open_app, wait_until):
    requested = set()
    page.on("request", lambda request: requested.add(request.url[len(site.url):]))
    open_app(page, site.url)
    wait_until(page, "window.cardtableParts.cached === true")  # the parts, once ready
    assert "" in requested  # the root URL, which serves index.html
    # What only an install, the service worker, the snapshot's making (once the page is
    # idle), the first QR code (assets/qr.js) or the first relay room (assets/relay.js)
    # uses, and the MQTT client's licence, which ships beside it and is never loaded;
    # everything else the page requests.
    not_booted = {"index.html", "sw.js", "manifest.webmanifest", "assets/icons/icon-512.png",
                  "assets/snapshot-worker.js", "vendor/qrcode.js", "vendor/mqtt.esm.js",
                  "vendor/mqtt.LICENSE.md"}
    # The pictures of the poster, which only another page's frame shows (test_embed_poster.py).
    posters = {path for path in dist_files(site.dist) if path.startswith("posters/")}
    assert posters
    assert dist_files(site.dist) - not_booted - posters <= requested


def test_first_paint_shows_the_lobby_before_python(page, site, wait_ready):
    page.goto(site.url, wait_until="domcontentloaded")
    state = page.evaluate("""() => ({
        app: document.documentElement.dataset.app,
        lobby: document.querySelectorAll("#app [data-action=start]").length,
        progress: !!document.querySelector("#boot progress"),
    })""")
    assert state["app"] == "loading" and state["progress"]
    assert state["lobby"] >= 1  # the prerendered lobby's Start button
    wait_ready(page)
    assert page.locator("#boot").is_hidden()


def test_precache_list_matches_dist(site):
    installed, on_demand = precache(site.dist), precache(site.dist, "ON_DEMAND")
    # the relay client is stored when a relay room first fetches it, not at the install
    assert set(on_demand) == {"vendor/mqtt.esm.js", "vendor/mqtt.LICENSE.md"}
    assert not set(installed) & set(on_demand)
    listed = {**installed, **on_demand}
    assert set(listed) == dist_files(site.dist) - {"sw.js"}
    for url, digest in listed.items():
        assert digest == integrity((site.dist / url).read_bytes()), url


def test_service_worker_cache_name_follows_the_content(site):
    text = (site.dist / "sw.js").read_text(encoding="utf-8")
    name = re.search(r'const CACHE = "(cardtable-[0-9a-f]{16})"', text)
    assert name, "sw.js has no versioned cache name"


def test_reload_offline_boots_from_the_service_worker(page, context, site, open_app,
                                                     wait_ready, wait_until):
    open_app(page, site.url + "#/the-game?seed=offline&players=2")
    wait_until(page, READY_FOR_OFFLINE, PRECACHE_TIMEOUT_MS)  # the parts too
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("navigator.serviceWorker.controller !== null")


# The service worker's caches (the memory snapshot's cache, cardtable.snapshot, is not one).
SITE_CACHES = "caches.keys().then(k => k.filter(name => name.startsWith('cardtable-')))"


def cache_name(dist) -> str:
    return re.search(r'const CACHE = "([^"]+)"', (dist / "sw.js").read_text()).group(1)


def test_an_update_replaces_the_old_cache(page, site, wait_ready, wait_until, tmp_path):
    dist = tmp_path / "dist"
    shutil.copytree(site.dist, dist)
    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://localhost:{server.server_address[1]}/"
    page.watch.origins += (url.rstrip("/"),)
    try:
        page.goto(url)
        wait_ready(page)
        old = cache_name(dist)
        wait_until(page, "navigator.serviceWorker.controller !== null")  # installed, active
        assert page.evaluate(SITE_CACHES) == [old]
        # A new version is deployed: one file changes, and so does sw.js.
        with open(dist / "assets" / STYLES, "a") as css:
            css.write("/* v2 */\n")
        (dist / "sw.js").write_text(service_worker(dist))
        new = cache_name(dist)
        assert new != old
        page.reload()
        wait_ready(page)
        wait_until(page, f"{SITE_CACHES}.then(k => k.length === 1 && k[0] === '{new}')")
    finally:
        server.shutdown()


def test_cross_site_iframe_with_storage_blocked_boots_and_plays(storage_blocked_page, site,
                                                                embedder, wait_ready):
    page = storage_blocked_page
    page.goto(embedder.page_for(site.url))
    frame = page.frame_locator("#app")
    app = next(f for f in _frames_when_loaded(page) if f.url.startswith(site.url))
    # The profile really blocks third-party storage: this is not a stub.
    assert app.evaluate("""() => { try { localStorage.length; return "open" }
                                   catch (e) { return e.name } }""") == "SecurityError"
    frame.locator("[data-action=play-here]").click()  # the poster's Play
    wait_ready(app)
    frame.locator("[data-action=start]").first.click()
    frame.locator("[data-action=select]").first.wait_for(timeout=10_000)
    assert app.evaluate("navigator.serviceWorker.controller") is None


def _frames_when_loaded(page):
    page.wait_for_selector("#app")
    page.frame_locator("#app").locator("html").wait_for(state="attached")
    return page.frames


def test_serves_under_a_project_sub_path(context, subpath_site, wait_ready, watch_page):
    page = context.new_page()
    watch = watch_page(page, subpath_site.origin)
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(subpath_site.url)
    wait_ready(page)
    watch.check()
    assert requested and all(url.startswith(subpath_site.url) for url in requested)


def test_boot_failure_shows_an_alert(new_page, site, wait_app_state):
    # No service worker: it could serve the zip from its precache, past the route below.
    page = new_page(service_workers="block")
    page.watch.allow_errors(".")  # the failed fetch is reported on purpose
    page.route("**/cardtable.zip", lambda route: route.abort())
    page.goto(site.url)
    assert wait_app_state(page, ("ready", "error")) == "error"
    alert = page.locator("#boot-error[role=alert]")
    assert alert.is_visible()
    assert "could not start" in alert.text_content()


def test_served_mime_types(site, page):
    expected = {"index.html": "text/html", "pyodide/pyodide.mjs": "text/javascript",
                "pyodide/pyodide.asm.wasm": "application/wasm",
                "pyodide/pyodide-lock.json": "application/json",
                "manifest.webmanifest": "application/manifest+json",
                "assets/icons/icon-192.png": "image/png"}
    for path, mime in expected.items():
        response = page.request.get(site.url + path)
        assert response.ok, path
        assert response.headers["content-type"].split(";")[0] == mime, path
