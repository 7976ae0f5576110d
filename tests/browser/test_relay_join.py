"""One-link invitations in real browsers through a real relay (Debian's mosquitto on
loopback, relay_server.py), set in Settings as a player sets it: two friends in Portuguese
and Romanian open their invitation links, tap Join and sit down at a 3-player Rentz table
with nothing pasted by the host; the deal is played to its end; what the relay carried
holds no name, card, seed or move."""

from __future__ import annotations

import time

import pytest

from relay_server import free_port
from settings_scripts import settings_script
from test_relay import CONNECT_S, REFUSED
from test_together_ui import FAST, PHONE, play, play_to_the_end, view

DEAL = "#/rentz?seed=relay-rz&players=3&seats=human,friend,friend&practice=queens"
SEATED = "(v => v && v.seat !== undefined)(window.cardtable.view())"


@pytest.fixture
def device(relay, new_page, site, open_app):
    """``device(name, lang, url, relays)``: a phone-sized page whose player switched
    playing across the internet on, with the test's relay (or ``relays``) and no STUN
    server."""

    def make(name: str, lang: str = "en", url: str | None = None, relays: str = relay.url):
        page = new_page(**PHONE, locale=lang)
        page.watch.allow_errors(REFUSED)
        page.context.grant_permissions(["microphone"], origin=site.origin)
        page.context.add_init_script(FAST)
        page.context.add_init_script(settings_script(name=name, internet="on",
                                                     relays=relays, stun=""))
        if url:
            open_app(page, url)
        return page
    return make


def seat_by_links(host, friends: dict, open_app, wait_until) -> dict:
    """Each friend's page opens the invitation link of its seat and taps Join; every page
    shows the table. The links, by seat."""
    links = {}
    for seat, friend in friends.items():
        link = host.locator(f'[data-invite-seat="{seat}"] a[data-invite-link]')
        link.wait_for(timeout=30_000)
        links[seat] = link.get_attribute("href")
        open_app(friend, links[seat])
        friend.locator('[data-action="join"]').tap()
    for page in (host, *friends.values()):
        wait_until(page, SEATED, 30_000)
    return links


def test_two_friends_sit_down_by_one_link_each_and_the_relay_reads_nothing(
        relay, device, site, open_app, wait_until):
    host = device("Ana", "en", site.link(DEAL))
    assert "127.0.0.1" in host.inner_text("main.room")  # the relays it contacts, named
    friends = {1: device("Bia", "pt-PT"), 2: device("Cici", "ro-RO")}
    links = seat_by_links(host, friends, open_app, wait_until)
    assert all("relay=" in link for link in links.values())
    assert [view(friends[seat])["seat"] for seat in (1, 2)] == [1, 2]
    assert all(f.locator("[data-reply-code]").count() == 0 for f in friends.values())
    play_to_the_end([host, *friends.values()], wait_until)
    carried = relay.carried()
    assert carried
    # Words of four bytes or more (a shorter one, such as a card, turns up in ciphertext
    # by chance): the seed, the names, the sub-game, and the relayed messages' own words.
    for topic, payload in carried:
        for word in ("relay-rz", "Ana", "Bia", "Cici", "queens", '"knock"', '"code"'):
            assert word.encode() not in payload and word not in topic


def test_a_whole_game_of_the_game_by_links_with_a_friends_reload(
        device, site, open_app, wait_until, wait_ready):
    """Two friends (Portuguese, Romanian) sit down by their links; the Portuguese friend
    reloads (its page sits down again with no tap), then opens the same link again in a
    fresh tab (the same); the game is played to its end. No new invitation is sent."""
    host = device("Ana", "en", site.link("#/the-game?seed=relay-tg&players=3"
                                         "&seats=human,friend,friend"))
    friends = {1: device("Bia", "pt-PT"), 2: device("Cici", "ro-RO")}
    links = seat_by_links(host, friends, open_app, wait_until)
    pages = [host, *friends.values()]
    assert friends[1].evaluate("document.documentElement.lang") == "pt"
    play(pages, wait_until, 6)
    # The Portuguese friend reloads: its page sits down again by itself.
    assert "relay=" in friends[1].evaluate("location.hash")
    friends[1].reload()
    wait_ready(friends[1])
    wait_until(friends[1], "(v => v && v.seat === 1)(window.cardtable.view())", 30_000)
    play(pages, wait_until, 4)
    # It closes the tab, and opens the link it was sent at the start in a new one.
    friends[1].goto("about:blank")
    open_app(friends[1], links[1])
    wait_until(friends[1], "(v => v && v.seat === 1)(window.cardtable.view())", 30_000)
    play(pages, wait_until, 4)
    play_to_the_end(pages, wait_until)


def test_the_hosts_reload_brings_every_friend_back_with_no_new_link(
        device, site, open_app, wait_until, wait_ready):
    """A 3-player game of The Game whose host reloads its page mid-game: both friends'
    pages knock through the relay by themselves and sit down again in their seats,
    however long the host's page takes to start; the game goes on to its end. Nobody
    opens a link a second time."""
    host = device("Ana", "en", site.link("#/the-game?seed=relay-hr&players=3"
                                         "&seats=human,friend,friend"))
    friends = {1: device("Bia", "pt-PT"), 2: device("Cici", "ro-RO")}
    seat_by_links(host, friends, open_app, wait_until)
    pages = [host, *friends.values()]
    play(pages, wait_until, 4)
    host.reload()
    wait_ready(host)
    wait_until(host, "!document.querySelector('[data-invite-seat]')"
                     " && (v => v && v.seat === 0)(window.cardtable.view())", 60_000)
    assert all(friend.locator("[data-reply-code]").count() == 0 for friend in friends.values())
    play_to_the_end(pages, wait_until)


def test_with_every_relay_dead_the_codes_are_offered_within_the_connect_time(
        device, site, open_app, wait_until):
    """Two relays named, nothing listening at either: the host's waiting room says so; the
    friend's page, a few seconds after Join, shows its reply code with the reason; the
    host pastes it and the friend sits down."""
    dead = " ".join(f"ws://127.0.0.1:{free_port()}" for _ in range(2))
    host = device("Ana", "en", site.link("#/the-game?seed=relay-dead&players=2"
                                         "&seats=human,friend"), relays=dead)
    room = host.locator("main.room")
    wait_until(host, "document.querySelector('main.room').textContent"
                     ".includes('No relay answers')", (CONNECT_S + 3) * 1000)
    friend = device("Bia", "pt-PT", relays=dead)
    open_app(friend, host.locator('[data-invite-seat="1"] a[data-invite-link]')
             .get_attribute("href"))
    tapped = time.monotonic()
    friend.locator('[data-action="join"]').tap()
    code = friend.locator("[data-reply-code]")
    code.wait_for(timeout=(CONNECT_S + 3) * 1000)
    assert time.monotonic() - tapped < CONNECT_S + 3
    assert "Nenhum relé respondeu" in friend.inner_text("body")  # every relay dead, in words
    room.locator('[data-reply-seat="1"]').fill(code.inner_text())
    room.locator('[data-action="accept-reply"][data-seat="1"]').tap()
    for page in (host, friend):
        wait_until(page, SEATED, 30_000)


def test_a_fresh_friend_finds_the_hosts_own_relay_through_the_link(
        relay, device, new_page, site, open_app, wait_until):
    """The host named only a relay of its own; the friend's browser never opened the site
    (no settings at all): it looks for the host on the relay the link names, sits down
    with no code; a copy of the link whose relays were tampered with says in words which it
    drops, and the page never opens a connection to them."""
    host = device("Ana", "en", site.link("#/the-game?seed=relay-own&players=3"
                                         "&seats=human,friend,friend"))
    friend = new_page(**PHONE)
    friend.context.grant_permissions(["microphone"], origin=site.origin)
    sockets = []
    friend.on("websocket", lambda socket: sockets.append(socket.url))
    seat_by_links(host, {1: friend}, open_app, wait_until)
    assert friend.locator("[data-reply-code]").count() == 0
    assert sockets and all(url.startswith(relay.url) for url in sockets)
    # the second seat's link, its relays swapped for others
    link = host.locator('[data-invite-seat="2"] a[data-invite-link]').get_attribute("href")
    bad = "ws://192.0.2.7:1883/mqtt"
    tampered = link.replace("relays=", "relays=" + bad.replace(":", "%3A") + ",")
    other = new_page(**PHONE)
    other.context.grant_permissions(["microphone"], origin=site.origin)
    other_sockets = []
    other.on("websocket", lambda socket: other_sockets.append(socket.url))
    open_app(other, tampered)
    assert bad in other.inner_text("body") and "will not contact" in other.inner_text("body")
    other.locator('[data-action="join"]').tap()
    wait_until(other, SEATED, 30_000)
    assert other_sockets and not any("192.0.2.7" in url for url in other_sockets)
