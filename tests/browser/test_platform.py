"""The platform in a real browser: boot, origin, offline, embedding, relative URLs, errors.

The ``page`` fixture (conftest.py) fails any test whose page requests another origin, throws,
logs a console error or violates the Content-Security-Policy.
"""

import json
import re

import build


def precache(dist) -> dict:
    """The service worker's precache list as {url: integrity}."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    entries = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    return dict(entries)


def wait_until(target, expression: str, timeout_s: float = 60) -> None:
    """Poll ``expression`` from Python (wait_for_function would eval, which our CSP blocks)."""
    import time
    deadline = time.monotonic() + timeout_s
    while not target.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout_s} s: {expression}"
        time.sleep(0.1)


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


def test_dist_holds_only_what_the_page_loads(page, site, open_app):
    requested = set()
    page.on("request", lambda request: requested.add(request.url[len(site.url):]))
    open_app(page, site.url)
    assert "" in requested  # the root URL, which serves index.html
    # What only an install or the service worker uses; everything else the page requests.
    not_booted = {"index.html", "sw.js", "manifest.webmanifest", "assets/icons/icon-512.png"}
    assert dist_files(site.dist) - not_booted <= requested


def test_first_paint_shows_the_lobby_before_python(page, site):
    page.goto(site.url, wait_until="domcontentloaded")
    state = page.evaluate("""() => ({
        app: document.documentElement.dataset.app,
        lobby: document.querySelectorAll("#app [data-action=start]").length,
        progress: !!document.querySelector("#boot progress"),
    })""")
    assert state == {"app": "loading", "lobby": 1, "progress": True}
    page.wait_for_selector("html[data-app=ready]", state="attached", timeout=60_000)
    assert page.locator("#boot").is_hidden()


def test_precache_list_matches_dist(site):
    listed = precache(site.dist)
    assert set(listed) == dist_files(site.dist) - {"sw.js"}
    for url, integrity in listed.items():
        assert integrity == build.integrity((site.dist / url).read_bytes()), url


def test_service_worker_cache_name_follows_the_content(site):
    text = (site.dist / "sw.js").read_text(encoding="utf-8")
    name = re.search(r'const CACHE = "(cardtable-[0-9a-f]{16})"', text)
    assert name, "sw.js has no versioned cache name"


def test_reload_offline_boots_from_the_service_worker(page, context, site, open_app,
                                                     wait_ready):
    open_app(page, site.url + "#/the-game?seed=offline&players=2")
    wait_until(page, "navigator.serviceWorker.controller !== null")
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def test_old_caches_are_deleted_on_activation(page, site, open_app):
    page.goto(site.url)
    page.evaluate("caches.open('cardtable-0000000000000000').then(c => c.put('x', new Response('old')))")
    wait_until(page, "navigator.serviceWorker.controller !== null")
    page.reload()
    names = page.evaluate("caches.keys()")
    assert names and all(n.startswith("cardtable-") for n in names)
    assert "cardtable-0000000000000000" not in names


def test_cross_site_iframe_with_storage_blocked_boots_and_plays(storage_blocked_page, site,
                                                                embedder, wait_ready):
    page = storage_blocked_page
    page.goto(embedder.page_for(site.url))
    frame = page.frame_locator("#app")
    app = next(f for f in _frames_when_loaded(page) if f.url.startswith(site.url))
    # The profile really blocks third-party storage: this is not a stub.
    assert app.evaluate("""() => { try { localStorage.length; return "open" }
                                   catch (e) { return e.name } }""") == "SecurityError"
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


def test_boot_failure_shows_an_alert(page, site, wait_ready):
    page.watch.allow_errors(".")  # the failed fetch is reported on purpose
    page.route("**/cardtable.zip", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_selector("html[data-app=error]", state="attached", timeout=60_000)
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
