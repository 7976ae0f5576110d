"""The memory snapshot (assets/snapshot.js): made once the app is ready, restored on the next
visit; a corrupt one, another build's one, and a page that may not store one all boot the
normal way and play, and what was found is discarded without a word to the player.
``window.cardtableSnapshot.boot`` says how Python started: restored, fallback or normal."""

import re

import pytest

from test_offline import PRECACHE_TIMEOUT_MS, READY_FOR_OFFLINE

# Their pages run the site's service worker (conftest.py blocks it elsewhere).
pytestmark = pytest.mark.service_worker

SNAPSHOT_CACHE = "cardtable.snapshot"
MADE_TIMEOUT_MS = 120_000  # the snapshot waits for an idle page, then boots a second Python
SOLO = "#/the-game?seed=snapshot&players=1"
ENTRIES = f"caches.open('{SNAPSHOT_CACHE}').then(c => c.keys()).then(k => k.map(r => r.url))"

# Damages the stored heap the way a bad disk would, keeping its digest, size and header.
CORRUPT = f"""async () => {{
  const cache = await caches.open('{SNAPSHOT_CACHE}');
  const [request] = await cache.keys();
  const stored = await cache.match(request);
  const bytes = new Uint8Array(await stored.arrayBuffer());
  for (let i = 65536; i < bytes.length; i += 4093) bytes[i] ^= 0x5a;
  await cache.put(request, new Response(bytes, {{ headers: stored.headers }}));
}}"""
# Moves the snapshot to another build's key, as an older build of the site left it.
FROM_OLD_BUILD = f"""async () => {{
  const cache = await caches.open('{SNAPSHOT_CACHE}');
  const [request] = await cache.keys();
  const old = request.url.replace(/snapshot-[^/]*\\.bin$/, 'snapshot-0000000000000000.bin');
  await cache.put(old, await cache.match(request));
  await cache.delete(request);
  return old;
}}"""


def boot_kind(page) -> str:
    return page.evaluate("window.cardtableSnapshot.boot")


def open_with_snapshot(page, site, open_app, wait_until) -> None:
    """The app opened and left until it has stored its snapshot."""
    open_app(page, site.url)
    assert boot_kind(page) == "normal"
    wait_until(page, "window.cardtableSnapshot.made !== undefined", MADE_TIMEOUT_MS)
    assert page.evaluate("window.cardtableSnapshot.made") is True
    assert len(page.evaluate(ENTRIES)) == 1


def plays(page, wait_until) -> None:
    """A solo game of The Game: one card played through the table's controls (the first
    game's guided tour skipped, where no storage remembers it was seen)."""
    page.evaluate(f"location.hash = '{SOLO}'")
    wait_until(page, "document.querySelector('[data-action=select]')")
    if page.locator("[data-action=tour-skip]").count():
        page.click("[data-action=tour-skip]")
    before = page.evaluate("window.cardtable.view()")
    _, card, pile = next(a for a in before["legal"] if a[0] == "play")
    page.click(f'[data-action="select"][data-card="{card}"]')
    page.click(f'[data-action="play"][data-pile="{pile}"]')
    wait_until(page, f"!window.cardtable.view().hand.includes({card})")


def test_the_build_writes_its_key_into_the_module(site):
    module = (site.dist / "assets" / "snapshot.js").read_text(encoding="utf-8")
    assert re.search(r'"\.\./snapshot-[0-9a-f]{16}\.bin"', module)
    assert "__SNAPSHOT_KEY__" not in module


def test_the_next_visit_restores_the_snapshot(page, site, open_app, wait_until):
    open_with_snapshot(page, site, open_app, wait_until)
    open_app(page, site.url)
    assert boot_kind(page) == "restored"
    plays(page, wait_until)


def test_a_corrupt_snapshot_boots_afresh_and_is_discarded(page, site, open_app, wait_until):
    open_with_snapshot(page, site, open_app, wait_until)
    page.evaluate(CORRUPT)
    open_app(page, site.url)
    assert boot_kind(page) == "fallback"
    assert page.evaluate(ENTRIES) == []
    assert page.locator("[role=alert]:not(:empty)").count() == 0
    plays(page, wait_until)


def test_another_builds_snapshot_is_ignored_and_discarded(page, site, open_app, wait_until):
    open_with_snapshot(page, site, open_app, wait_until)
    page.evaluate(FROM_OLD_BUILD)
    open_app(page, site.url)
    assert boot_kind(page) == "normal"
    assert page.evaluate(ENTRIES) == []
    plays(page, wait_until)


def test_offline_boot_restores_the_snapshot(page, context, site, open_app, wait_until):
    open_with_snapshot(page, site, open_app, wait_until)
    wait_until(page, READY_FOR_OFFLINE, PRECACHE_TIMEOUT_MS)  # the parts too
    context.set_offline(True)
    open_app(page, site.url)
    assert page.evaluate("navigator.onLine") is False
    assert boot_kind(page) == "restored"
    plays(page, wait_until)


def test_no_snapshot_in_a_cross_site_iframe_with_storage_blocked(storage_blocked_page, site,
                                                                  embedder, wait_ready,
                                                                  wait_until):
    page = storage_blocked_page
    page.goto(embedder.page_for(site.url))
    app = embedder.embedded(page, site.url)
    app.click("[data-action=play-here]")  # the poster's Play: a frame starts at a tap
    wait_ready(app)
    assert app.evaluate("window.cardtableSnapshot") == {"boot": "normal"}
    assert app.evaluate("""() => caches.keys().then(() => "open", (e) => e.name)""") != "open"
    plays(app, wait_until)
    assert "making" not in app.evaluate("window.cardtableSnapshot")
