"""assets/relay.js against a real relay (mosquitto on loopback, tests/browser/relay_server.py):
pages that share a secret meet and hear each other once; the relay carries nothing
readable; a dead relay among live ones costs nothing; all dead is said within the
connect time; garbage, a replay and another secret's messages are dropped."""

from __future__ import annotations

import time

import pytest

from relay_server import free_port

SECRET = "Vd3c1nU0m1xQbqg2kDqC9w"
TEXT = "offer for seat 2 from Ana: 7QH KS"
CONNECT_S = 4  # assets/relay.js's CONNECT_MS
OPEN = """([secret, urls]) => {
  window.heard = []; window.states = [];
  return window.cardtableRelay.open("table", secret, urls,
    (room, text) => window.heard.push(text), (room, state) => window.states.push(state))
    .then(() => true);
}"""
LAST_STATE = "window.states.length ? window.states[window.states.length - 1] : null"


def dead_url() -> str:
    return f"ws://127.0.0.1:{free_port()}"  # nothing listens there


# Chromium's own console line for a WebSocket that found nobody listening (a dead relay).
REFUSED = r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/' failed: .*ERR_CONNECTION_REFUSED"


def opened(new_page, site, open_app, urls, secret=SECRET):
    page = new_page(origin=site.origin)
    page.watch.allow_errors(REFUSED)
    open_app(page, site.url)
    page.evaluate(OPEN, [secret, urls])
    return page


@pytest.mark.parametrize("served", ["site", "subpath_site"])
def test_two_pages_meet_and_the_relay_reads_nothing(relay, new_page, request, served,
                                                      open_app, wait_until):
    """At a domain's root and under a path (the MQTT client is fetched beside the page)."""
    site = request.getfixturevalue(served)
    host, friend = (opened(new_page, site, open_app, [relay.url]) for _ in range(2))
    for page in (host, friend):
        wait_until(page, f"({LAST_STATE}) && ({LAST_STATE}).live === 1")
    assert host.evaluate(f"window.cardtableRelay.send('table', {TEXT!r})") == 1
    wait_until(friend, "window.heard.length === 1")
    assert friend.evaluate("window.heard") == [TEXT]
    time.sleep(0.5)
    assert host.evaluate("window.heard") == []  # its own message is not heard back
    carried = relay.carried()
    assert carried, "the relay carried nothing"
    for topic, payload in carried:
        assert SECRET not in topic
        for word in (TEXT, "Ana", "offer", SECRET):
            assert word.encode() not in payload


def test_a_dead_relay_among_live_ones_costs_nothing(relay, new_page, site, open_app,
                                                     wait_until):
    urls = [dead_url(), relay.url]
    host, friend = (opened(new_page, site, open_app, urls) for _ in range(2))
    for page in (host, friend):
        wait_until(page, f"({LAST_STATE}) && ({LAST_STATE}).live === 1"
                         f" && ({LAST_STATE}).dead === 1", (CONNECT_S + 3) * 1000)
    host.evaluate(f"window.cardtableRelay.send('table', {TEXT!r})")
    wait_until(friend, "window.heard.length === 1")


def test_every_relay_dead_is_said_within_the_connect_time(new_page, site, open_app,
                                                          wait_until):
    page = new_page()
    page.watch.allow_errors(REFUSED)
    open_app(page, site.url)
    started = time.monotonic()
    page.evaluate(OPEN, [SECRET, [dead_url(), dead_url()]])
    wait_until(page, f"({LAST_STATE}) && ({LAST_STATE}).dead === 2", (CONNECT_S + 3) * 1000)
    assert time.monotonic() - started < CONNECT_S + 3
    assert page.evaluate("window.cardtableRelay.send('table', 'nobody hears this')") == 0


def test_garbage_a_replay_and_another_secret_are_dropped(relay, new_page, site, open_app,
                                                         wait_until):
    host, friend = (opened(new_page, site, open_app, [relay.url]) for _ in range(2))
    stranger = opened(new_page, site, open_app, [relay.url], secret="another-secret-entirely")
    for page in (host, friend, stranger):
        wait_until(page, f"({LAST_STATE}) && ({LAST_STATE}).live === 1")
    host.evaluate(f"window.cardtableRelay.send('table', {TEXT!r})")
    wait_until(friend, "window.heard.length === 1")
    topic, sealed = next((t, p) for t, p in relay.carried() if len(p) > 12)
    relay.publish(topic, sealed)  # the same message again
    relay.publish(topic, b"garbage")
    relay.publish(topic, sealed[:12] + bytes(len(sealed) - 12))  # a forged ciphertext
    relay.publish(topic, bytes(5000))  # larger than any message
    stranger.evaluate("window.cardtableRelay.send('table', 'from another table')")
    time.sleep(1.5)
    assert friend.evaluate("window.heard") == [TEXT]
    assert stranger.evaluate("window.heard") == []


@pytest.mark.service_worker
def test_the_relay_client_is_fetched_when_a_room_first_opens_and_kept_then(
        relay, new_page, dist, open_app, wait_until):
    """A first visit ready for offline has not downloaded the MQTT client; the first relay
    room fetches it once, and the service worker keeps it for the next visit."""
    from test_engines_embed import CountingServer, start
    from test_offline import PRECACHE_TIMEOUT_MS, READY_FOR_OFFLINE

    server = start(CountingServer(dist))
    url = f"http://localhost:{server.server_address[1]}/"
    try:
        page = new_page(first_visit=True, origin=url.rstrip("/"))
        page.watch.allow_errors(REFUSED)
        open_app(page, url)
        wait_until(page, READY_FOR_OFFLINE, PRECACHE_TIMEOUT_MS)
        assert not [path for path in server.paths if "mqtt" in path]
        # a page the worker controls (the first may have loaded before it was active)
        again = page.context.new_page()
        open_app(again, url)
        wait_until(again, "!!navigator.serviceWorker.controller")
        again.evaluate(OPEN, [SECRET, [relay.url]])
        wait_until(again, f"({LAST_STATE}) && ({LAST_STATE}).live === 1")
        assert [path for path in server.paths if "mqtt" in path] == ["/vendor/mqtt.esm.js"]
        assert again.evaluate("caches.match(new URL('vendor/mqtt.esm.js', document.baseURI)"
                              ".href).then(found => !!found)")
    finally:
        server.shutdown()
