"""A table with friends stays awake (issue 53): while a together table or its waiting room
is open the page holds the Screen Wake Lock, and lets it go in the lobby; a page frozen
for a long while (a locked phone) is back at its table within 2 s of waking, host and
friend alike.

The lock is the browser's own (``navigator.wakeLock``, there in headless Chromium); an init
script only notes the sentinels the page was given, to read whether one is held."""

from __future__ import annotations

import time

from test_relay_join import SEATED, device, seat_by_links  # noqa: F401 (fixture)
from test_together_ui import play, view

# Every sentinel the page got, noted as it arrives; the real API does the rest.
NOTE_LOCKS = """
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  window.__locks = [];
  navigator.wakeLock.request = async (type) => {
    const sentinel = await request(type);
    window.__locks.push(sentinel);
    return sentinel;
  };
}"""
HELD = "(window.__locks || []).some((sentinel) => !sentinel.released)"
FROZEN_S = 150
BACK_S = 2


def noted(page, origin: str):
    """``page`` noting its locks. Granting the microphone (which lets headless Chromium
    list loopback addresses) denies every permission not named with it, the wake lock
    among them, where a phone's browser grants it to a page in view: it is named too."""
    page.context.grant_permissions(["microphone", "screen-wake-lock"], origin=origin)
    page.context.add_init_script(NOTE_LOCKS)
    return page


def test_the_screen_is_kept_on_at_the_table_and_let_go_in_the_lobby(
        device, site, open_app, wait_until):  # noqa: F811
    host = noted(device("Ana", "en"), site.origin)
    open_app(host, site.link("#/the-game?seed=awake&players=2&seats=human,friend"))
    host.locator("main.room").wait_for()
    wait_until(host, HELD, 5_000)  # the waiting room
    friend = noted(device("Bia", "pt-PT"), site.origin)
    seat_by_links(host, {1: friend}, open_app, wait_until)
    wait_until(friend, HELD, 5_000)  # a friend at the table
    assert host.evaluate(HELD)
    host.locator('[data-action="lobby"]').first.click()
    host.locator('[data-action="start"]').first.wait_for()
    wait_until(host, f"!({HELD})", 3_000)


def at_table(page, seat: int) -> str:
    return (f"(v => v && v.seat === {seat})(window.cardtable.view())"
            " && !document.querySelector('.paused, [data-invite-seat][data-state=\"left\"]')")


def test_a_page_frozen_for_minutes_is_back_at_its_table_within_two_seconds(
        device, site, open_app, wait_until):  # noqa: F811
    """Two tables at once (one frozen wait for both): at the first the host's page is
    frozen, at the second the friend's, for FROZEN_S seconds (Chromium's lifecycle
    freezing, as a phone does a hidden tab's); once each wakes, both pages of its table
    show the table again, with nobody missing, within BACK_S seconds."""
    tables = []
    for n, frozen_seat in enumerate((0, 1)):
        host = device("Ana", "en", site.link(f"#/the-game?seed=frozen-{n}&players=2"
                                             "&seats=human,friend"))
        friend = device("Bia", "en")
        seat_by_links(host, {1: friend}, open_app, wait_until)
        play([host, friend], wait_until, 2)
        tables.append((host, friend, (host, friend)[frozen_seat]))
    sessions = {}
    for *_, frozen in tables:
        sessions[frozen] = frozen.context.new_cdp_session(frozen)
        sessions[frozen].send("Page.setWebLifecycleState", {"state": "frozen"})
    time.sleep(FROZEN_S)
    for *_, frozen in tables:
        sessions[frozen].send("Page.setWebLifecycleState", {"state": "active"})
    woken = time.monotonic()
    for host, friend, _ in tables:
        wait_until(host, at_table(host, 0), 30_000)
        wait_until(friend, at_table(friend, 1), 30_000)
        assert view(host)["seat"] == 0
    took = time.monotonic() - woken
    assert took <= BACK_S, f"back at the tables {took:.1f} s after waking"
