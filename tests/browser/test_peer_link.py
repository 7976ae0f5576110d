"""Pages connect by WebRTC data channels (assets/together.js), signalled by the codes of
web/together/signal.py: each offer and answer goes through encode and decode here, as it
will go from one device to another by hand, and the page gets the SDP that to_sdp rebuilds.

Each page is its own browser context (``peer_page``: the microphone granted, loopback
candidates allowed). Every test fails if a channel never opens. The figures (code lengths,
time from accept() to "open") are printed: ``pytest -s`` shows them; bench/peer_link.py
gives medians.
"""

from __future__ import annotations

import os
import socket
import time
from dataclasses import replace

import pytest
from playwright.sync_api import Error as PlaywrightError

from cardtable.web.together.signal import decode, encode, from_sdp, to_sdp

OPEN_MS = 5_000
GATHER_MS = 3_000
NON_ASCII = "Olá, Română: ș ț ă — ♠♥♦♣ 🂡 \u0000 \"quoted\" <b>&amp;</b>"
BIG = ("♠ a card, é, ß, 漢字; " * 4000)[:60_000]

# Keeps what the page's link reports, with the time of each state change.
RECORD = """() => {
  window.linkLog = { messages: [], states: [] };
  cardtablePeers.listen(
    (peer, text) => linkLog.messages.push([peer, text]),
    (peer, state) => linkLog.states.push([peer, state, performance.now()]));
}"""
OFFER = "([peer, servers, ms]) => cardtablePeers.offer(peer, servers, ms)"
ANSWER = "([peer, sdp, ms]) => cardtablePeers.answer(peer, sdp, [], ms)"
ACCEPT = """async ([peer, sdp]) => {
  linkLog.acceptedAt = performance.now();
  await cardtablePeers.accept(peer, sdp);
}"""
SEND = "([peer, text]) => cardtablePeers.send(peer, text)"


def opened(peer: str) -> str:
    return f"linkLog.states.some(([p, s]) => p === {peer!r} && s === 'open')"


@pytest.fixture
def peers(peer_page, site, wait_ready):
    """Factory: ``n`` pages of the app, ready, each recording its link's reports."""

    def make(count: int) -> list:
        pages = [peer_page() for _ in range(count)]
        for page in pages:
            page.goto(site.url)
        for page in pages:
            wait_ready(page)
            page.evaluate(RECORD)
        return pages

    return make


def connect(host, guest, seat: int, wait_until, answer_candidates: bool = True) -> dict:
    """Host offers seat ``seat``, the guest answers, the host accepts: both channels open.
    Returns the figures: the codes' lengths and ms from accept() to open on the host."""
    peer = f"seat-{seat}"
    invite = os.urandom(4)
    offer_code = encode(from_sdp(host.evaluate(OFFER, [peer, [], GATHER_MS]), "offer", invite,
                                 seat))
    offer = decode(offer_code)
    assert offer.candidates, "the offer lists no candidate: is loopback allowed?"
    reply = from_sdp(guest.evaluate(ANSWER, ["host", to_sdp(offer), GATHER_MS]), "answer",
                     invite, seat)
    reply_code = encode(reply if answer_candidates else replace(reply, candidates=()))
    answer = decode(reply_code)
    assert (answer.invite, answer.seat, answer.kind) == (invite, seat, "answer")
    host.evaluate(ACCEPT, [peer, to_sdp(answer)])
    wait_until(host, opened(peer), OPEN_MS)
    wait_until(guest, opened("host"), OPEN_MS)
    open_at = host.evaluate(
        "(peer) => linkLog.states.find(([p, s]) => p === peer && s === 'open')[2]", peer)
    return {"offer_chars": len(offer_code), "answer_chars": len(reply_code),
            "open_ms": round(open_at - host.evaluate("() => linkLog.acceptedAt"), 1)}


def messages(page) -> list:
    return [tuple(m) for m in page.evaluate("() => linkLog.messages")]


def states(page, peer: str) -> list:
    return [s for p, s, _ in page.evaluate("() => linkLog.states") if p == peer]


def test_two_pages_connect_and_messages_arrive_intact_both_ways(peers, wait_until):
    host, guest = peers(2)
    figures = connect(host, guest, 1, wait_until)
    print(f"peer link: offer code {figures['offer_chars']} characters, answer code "
          f"{figures['answer_chars']}, accept() to open {figures['open_ms']} ms")
    assert host.evaluate(SEND, ["seat-1", NON_ASCII]) and host.evaluate(SEND, ["seat-1", BIG])
    assert guest.evaluate(SEND, ["host", BIG[::-1]]) and guest.evaluate(SEND, ["host", NON_ASCII])
    wait_until(guest, "linkLog.messages.length >= 2", OPEN_MS)
    wait_until(host, "linkLog.messages.length >= 2", OPEN_MS)
    assert messages(guest) == [("host", NON_ASCII), ("host", BIG)]
    assert messages(host) == [("seat-1", BIG[::-1]), ("seat-1", NON_ASCII)]
    assert states(host, "seat-1")[-1] == "open" and states(guest, "host")[-1] == "open"


def test_an_answer_without_candidates_connects(peers, wait_until):
    host, guest = peers(2)
    figures = connect(host, guest, 2, wait_until, answer_candidates=False)
    print(f"peer link without the guest's candidates: answer code {figures['answer_chars']}"
          f" characters, accept() to open {figures['open_ms']} ms")
    assert guest.evaluate(SEND, ["host", "hello"])
    wait_until(host, "linkLog.messages.length === 1", OPEN_MS)
    assert messages(host) == [("seat-2", "hello")]


def test_the_host_sees_a_guest_that_reloads_leave(peers, wait_until):
    host, guest = peers(2)
    connect(host, guest, 1, wait_until)
    started = time.monotonic()
    guest.reload()
    wait_until(host, "linkLog.states.at(-1)[1] !== 'open'", 20_000)
    print(f"peer link: the host saw {states(host, 'seat-1')[-1]!r} "
          f"{time.monotonic() - started:.2f} s after the guest's reload began")
    assert states(host, "seat-1")[-1] in ("closed", "failed", "disconnected")
    assert not host.evaluate(SEND, ["seat-1", "anyone there?"])


def test_closing_a_peer_closes_the_other_end_and_forgets_it(peers, wait_until):
    host, guest = peers(2)
    connect(host, guest, 1, wait_until)
    reported = states(host, "seat-1")
    host.evaluate("() => cardtablePeers.close('seat-1')")
    wait_until(guest, "linkLog.states.at(-1)[1] === 'closed'", OPEN_MS)
    assert states(host, "seat-1") == reported  # nothing reported after close()
    assert not host.evaluate(SEND, ["seat-1", "x"])
    host.evaluate("() => cardtablePeers.close('seat-1')")  # closing twice is harmless


def test_a_silent_stun_server_does_not_hold_gathering_past_the_cap(peers):
    host, = peers(1)
    silent = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    silent.bind(("127.0.0.1", 0))
    silent.settimeout(1.0)
    try:
        servers = [{"urls": f"stun:127.0.0.1:{silent.getsockname()[1]}"}]
        elapsed, sdp = host.evaluate("""async ([servers]) => {
          const start = performance.now();
          const sdp = await cardtablePeers.offer("seat-1", servers, 2000);
          return [performance.now() - start, sdp];
        }""", [servers])
        asked = silent.recv(2048)
    finally:
        silent.close()
    print(f"peer link: offer with a silent STUN server resolved after {elapsed:.0f} ms")
    assert asked[:2] == b"\x00\x01", "Chromium sent the STUN server no binding request"
    assert 1_900 <= elapsed < 4_000
    assert from_sdp(sdp, "offer", bytes(4), 1).candidates


def test_one_host_and_three_guests(peers, wait_until):
    host, *guests = peers(4)
    for seat, guest in enumerate(guests, start=1):
        connect(host, guest, seat, wait_until)
    for seat, guest in enumerate(guests, start=1):
        assert guest.evaluate(SEND, ["host", f"from seat {seat}"])
        assert host.evaluate(SEND, [f"seat-{seat}", f"to seat {seat}"])
    wait_until(host, "linkLog.messages.length === 3", OPEN_MS)
    assert sorted(messages(host)) == [(f"seat-{n}", f"from seat {n}") for n in (1, 2, 3)]
    for seat, guest in enumerate(guests, start=1):
        wait_until(guest, "linkLog.messages.length === 1", OPEN_MS)
        assert messages(guest) == [("host", f"to seat {seat}")]


def test_errors_are_short_and_sending_nowhere_is_false(peers):
    page, = peers(1)
    outcome = "(promise) => promise.then(() => 'resolved', (error) => error.message)"
    assert page.evaluate(f"() => ({outcome})(cardtablePeers.accept('nobody', 'v=0'))") == \
        "unknown peer"
    assert page.evaluate(
        f"() => ({outcome})(cardtablePeers.answer('host', 'not an offer', [], 100))") == \
        "bad offer"
    assert page.evaluate(SEND, ["nobody", "x"]) is False
    assert page.evaluate(SEND, ["host", "x"]) is False
    assert page.evaluate("() => linkLog.states") == []  # the failed answer was forgotten


def test_the_host_sees_a_guest_whose_page_dies_disconnect(peers, wait_until):
    """A killed page sends no close: ICE tells the host after some seconds."""
    host, guest = peers(2)
    connect(host, guest, 1, wait_until)
    started = time.monotonic()
    guest.watch.allow_crash()
    try:
        guest.goto("chrome://crash", timeout=2_000)
    except PlaywrightError:  # the page is gone: no navigation ends
        pass
    wait_until(host, "linkLog.states.at(-1)[1] !== 'open'", 20_000)
    print(f"peer link: the host saw {states(host, 'seat-1')[-1]!r} "
          f"{time.monotonic() - started:.2f} s after the guest's page died")
    assert states(host, "seat-1")[-1] in ("disconnected", "failed")
