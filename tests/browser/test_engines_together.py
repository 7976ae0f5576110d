"""Playing together across engines: a Firefox friend at a Chromium host's table and a
Chromium friend at a Firefox host's, each joining by the invitation link and the reply code
(the host pastes it), then both playing a deal of Rentz to its end by their controls, with
a bot in the third seat; and a Firefox friend who sits down at a Chromium host's table by
the invitation link alone, through a real relay (mosquitto). WebKitGTK is not among them: Debian's build has no WebRTC
(test_together_ui.py checks what a page without it says).

Firefox gathers no WebRTC candidate on loopback, and none at all in a network with no
default route: ``build.py test`` gives the suite's network namespace a veth pair (both ends
in it) with a default route through it, and the module sets Firefox's preference that
lists host addresses as they are instead of as mDNS names (which nothing in the namespace
answers).
"""

from __future__ import annotations

import json
import subprocess

import pytest

from engines import alerts, js, open_app, shows, view, wait_until
from engines.chromium import ChromiumPage
from engines.firefox import Firefox, FirefoxPage
from settings_scripts import settings_script

from cardtable.engine.registry import GAMES

FIREFOX_PREFS = {"media.peerconnection.ice.obfuscate_host_addresses": False}
DEAL = "#/rentz?seed=engines-together&players=3&seats=human,friend,random&practice=queens"
SETTINGS = {"tours_seen": list(GAMES), "pace": "fast"}
JOINED = "(v => v && v.seat !== undefined)(window.cardtable.view())"
ENDED = "!!document.querySelector('main.end')"
SHOWN = "JSON.stringify(window.cardtable.view())"  # the view as the page itself writes it
# What this page's seat does now: "end" when the deal is over, else its first legal
# action when it may act (none while the table waits for someone), else null.
NEXT_ACTION = """(() => {
  if (document.querySelector("main.end")) return "end";
  const shown = window.cardtable.view();
  if (!shown || document.querySelector(".paused")) return null;
  return (shown.legal || [])[0] || null;
})()"""


@pytest.fixture(scope="module")
def routed_network():
    """A default route for Firefox's WebRTC: ``build.py test`` gives its network namespace
    one before pytest starts (``sitebuild.runtests.ROUTED``); made here, it would change the
    interfaces under the other worker's browsers, which fail their requests in flight."""
    if not subprocess.run(["ip", "route", "show", "default"], capture_output=True,
                          text=True).stdout.strip():
        pytest.fail("Firefox needs a default route to connect by WebRTC, and this network has"
                    " none: run the suite with build.py test, whose network has one")


@pytest.fixture
def chromium_device(new_page, site):
    """``chromium_device(name)``: a Chromium page of a context of its own, allowed to list
    its host addresses (headless Chromium lists them only with the microphone permission),
    the player's name set, the bots fast."""

    def make(name: str, **settings) -> ChromiumPage:
        page = new_page()
        page.context.grant_permissions(["microphone"], origin=site.origin)
        page.context.add_init_script(settings_script(**SETTINGS, name=name, **settings))
        return ChromiumPage(page)
    return make


@pytest.fixture
def firefox_device(site, routed_network):
    """``firefox_device(name)``: a page of a Firefox of this test's own (the preference
    above), its settings stored from the site's lobby. At teardown every page is checked for
    console errors and uncaught errors, and the Firefox closed."""
    browser, pages = Firefox(FIREFOX_PREFS), []

    def make(name: str, **settings) -> FirefoxPage:
        page = FirefoxPage.open(browser)
        pages.append(page)
        open_app(page, site.url)
        page.evaluate(f"localStorage.setItem('cardtable.settings',"
                      f" {js(json.dumps({**SETTINGS, 'name': name, **settings}))})")
        page.goto("about:blank")
        return page
    yield make
    problems = [problem for page in pages for problem in page.problems()]
    browser.close()
    assert not problems, problems


def host_a_deal(host, site) -> None:
    open_app(host, site.link(DEAL))
    wait_until(host, "!!document.querySelector('[data-invite-seat=\"1\"] a[data-invite-link]')",
               60)


def join(host, friend) -> None:
    """``friend`` opens the invitation of seat 1 and joins; the host pastes the reply code
    into its field and connects; both tables open."""
    link = host.evaluate("document.querySelector('[data-invite-seat=\"1\"] a[data-invite-link]')"
                         ".getAttribute('href')")
    open_app(friend, link)
    friend.click('[data-action="join"]')
    code = wait_until(friend, "(e => e && e.textContent)(document.querySelector("
                              "'[data-reply-code]'))", 30)
    host.evaluate(f"(field => {{ field.value = {js(code)};"
                  " field.dispatchEvent(new Event('input', {bubbles: true})); })"
                  "(document.querySelector('[data-reply-seat=\"1\"]'))")
    host.click('[data-action="accept-reply"][data-seat="1"]')
    try:
        for page in (friend, host):
            wait_until(page, JOINED, 30)
    except pytest.fail.Exception as failure:  # what the host's page said meanwhile
        seat = host.evaluate("(e => e && e.dataset.state)("
                             "document.querySelector('[data-invite-seat=\"1\"]'))")
        said = alerts(host) or "nothing"
        pytest.fail(f"{failure}; the host's seat 1: {seat}; the host's alerts: {said};"
                    f" the host's page: {shows(host)}")


def play_the_deal(pages, moves: int = 200) -> None:
    """Each page plays its first legal card whenever its seat may, by clicking it, until
    every page shows the end of the deal."""
    for _ in range(moves):
        actions = [page.evaluate(NEXT_ACTION) for page in pages]
        if all(action == "end" for action in actions):
            return
        page, action = next(((p, a) for p, a in zip(pages, actions) if isinstance(a, list)),
                            (None, None))
        if page is None:
            wait_until(pages[0], "new Promise((done) => setTimeout(() => done(true), 100))")
            continue
        before = page.evaluate(SHOWN)
        page.click(f'[data-action="rentz-play"][data-card="{action[1]}"]')
        wait_until(page, f"{ENDED} || {SHOWN} !== {js(before)}", 15)
    pytest.fail(f"the deal did not end in {moves} rounds of looking")


def last_record(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('cardtable.records')"))["games"][-1]


@pytest.mark.parametrize("host_engine", ["chromium", "firefox"])
def test_a_friend_in_another_engine_plays_a_deal_to_its_end(chromium_device, firefox_device,
                                                            site, host_engine):
    chromium, firefox = chromium_device("Ana"), firefox_device("Bia")
    host, friend = (chromium, firefox) if host_engine == "chromium" else (firefox, chromium)
    host_a_deal(host, site)
    join(host, friend)
    assert view(host)["seat"] == 0 and view(friend)["seat"] == 1
    play_the_deal([host, friend])
    for page in (host, friend):
        wait_until(page, ENDED, 10)
    assert last_record(host)["seed"] == "engines-together"
    assert last_record(friend)["seat"] == 1
    assert last_record(friend)["result"] == last_record(host)["result"]


def test_a_firefox_friend_sits_down_at_a_chromium_table_by_one_link_through_a_relay(
        relay, chromium_device, firefox_device, site):
    """One-link invitations (web/together/relayed.py) across engines: the friend opens the
    link and taps Join; the host pastes nothing."""
    online = {"internet": "on", "relays": relay.url, "stun": ""}
    host, friend = chromium_device("Ana", **online), firefox_device("Bia", **online)
    host_a_deal(host, site)
    link = host.evaluate("document.querySelector('[data-invite-seat=\"1\"] a[data-invite-link]')"
                         ".getAttribute('href')")
    assert "relay=" in link
    open_app(friend, link)
    friend.click('[data-action="join"]')
    for page in (host, friend):
        wait_until(page, JOINED, 30)
    assert not friend.evaluate("!!document.querySelector('[data-reply-code]')")
    play_the_deal([host, friend])
    assert last_record(friend)["seat"] == 1
