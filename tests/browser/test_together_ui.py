"""Playing together in real browsers: a host and two friends, each in its own browser
context (its own storage and service worker) at phone size, linked by WebRTC data channels
on loopback, signalled by hand through the invitation link and the reply code.

The pages are driven by their controls only (the automation contract of
``web/together/screens.py``); what each page may do is read from its own
``window.cardtable.view()``. These tests fail when a connection never opens.
"""

import json

import pytest

from settings_scripts import settings_script
from test_a11y import violations
from test_languages import PSEUDO, untranslated, watched
from menu import choose

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
FAST = settings_script(pace="fast")
TABLE_OPEN = "document.querySelector('main.end') || window.cardtable.view()"
# The friend's page has recorded the game with its moves (sent by the host at the end).
DEALT = ("(r => r && JSON.parse(r).games.slice(-1)[0].actions !== null)"
         "(localStorage.getItem('cardtable.records'))")


@pytest.fixture
def device(new_page, site, open_app):
    """``device(name, lang)``: a phone-sized page in a fresh context whose browser speaks
    ``lang``, allowed to list loopback addresses (headless Chromium lists them only with
    the microphone permission), the player's name set, the bots fast."""

    def make(name: str, lang: str = "en", url: str | None = None):
        page = new_page(**PHONE, locale=lang)
        page.context.grant_permissions(["microphone"], origin=site.origin)
        page.context.add_init_script(FAST)
        page.context.add_init_script(settings_script(name=name))
        if url:
            open_app(page, url)
        return page
    return make


def invite(host, friend, seat: int, open_app, wait_until) -> None:
    """``friend`` opens the invitation for ``seat``, joins, and the host pastes the reply."""
    link = host.locator(f'[data-invite-seat="{seat}"] a[data-invite-link]')
    link.wait_for(timeout=30_000)
    open_app(friend, link.get_attribute("href"))
    assert friend.evaluate("location.hash") == ""  # the invitation left the address bar
    friend.locator('[data-action="join"]').tap()
    code = friend.locator("[data-reply-code]")
    code.wait_for(timeout=30_000)
    host.fill(f'[data-reply-seat="{seat}"]', code.inner_text())
    host.locator(f'[data-action="accept-reply"][data-seat="{seat}"]').tap()


def view(page):
    return page.evaluate("window.cardtable.view()")


def act(page, action) -> None:
    """Play ``action`` (from the page's own view) with the table's controls."""
    if action[0] == "play" and len(action) == 3:  # The Game: the card, then its pile
        page.locator(f'[data-action="select"][data-card="{action[1]}"]').tap()
        page.locator(f'[data-action="play"][data-pile="{action[2]}"]').tap()
    elif action[0] == "play":  # Rentz: the card
        page.locator(f'[data-action="rentz-play"][data-card="{action[1]}"]').tap()
    elif action[0] == "end":
        page.locator('[data-action="end-turn"]').tap()
    else:
        raise AssertionError(f"no control for {action}")


def my_action(page):
    """The action this page's seat may make now (the first legal one; End turn when the
    turn may end), or None."""
    if page.locator("main.end").count():
        return None
    if page.locator('[data-action="confirm-end"]').count():
        page.locator('[data-action="confirm-end"]').first.tap()
        return None
    shown = view(page)
    legal = (shown or {}).get("legal") or []
    if not legal or page.locator(".paused").count():
        return None
    ends = [a for a in legal if a[0] == "end"]
    return ends[0] if ends else legal[0]


def play(pages, wait_until, moves: int) -> int:
    """Each page plays whenever its seat may, for ``moves`` moves or until every page shows
    the end; returns the number of moves made."""
    for made in range(moves):
        if all(p.locator("main.end").count() for p in pages):
            return made
        for page in pages:
            action = my_action(page)
            if action is not None:
                before = json.dumps(view(page))
                act(page, action)
                wait_until(page, f"document.querySelector('main.end') || JSON.stringify("
                                 f"window.cardtable.view()) !== {json.dumps(before)}", 15_000)
                break
        else:
            pages[0].wait_for_timeout(100)
    return moves


def play_to_the_end(pages, wait_until) -> None:
    play(pages, wait_until, 600)
    assert all(p.locator("main.end").count() for p in pages), "the game did not end"


def test_three_devices_three_languages_play_a_rentz_deal_with_a_rejoin(device, site, open_app,
                                                                        wait_until):
    host = device("Ana", "en", site.link("#/rentz?seed=p2p-rz&players=3&seats=human,friend,"
                                         "friend&practice=queens"))
    pt, ro = device("Bia", "pt-PT"), device("Cici", "ro-RO")
    assert host.locator('[data-invite-seat="1"]').get_attribute("data-state") == "invited"
    invite(host, pt, 1, open_app, wait_until)
    invite(host, ro, 2, open_app, wait_until)
    for page in (host, pt, ro):  # the table opens by itself on every page
        wait_until(page, "(v => v && v.seat !== undefined)(window.cardtable.view())", 30_000)
    assert view(pt)["seat"] == 1 and view(ro)["seat"] == 2
    assert pt.evaluate("document.documentElement.lang") == "pt"
    assert ro.evaluate("document.documentElement.lang") == "ro"
    assert "Bia" in host.inner_text("main") or "Bia" in host.inner_text("body")
    # A few moves, then the Portuguese friend reloads and comes back to the same seat.
    play([host, pt, ro], wait_until, 4)
    pt.reload()
    wait_until(host, "document.querySelector('[data-invite-seat=\"1\"][data-state=\"left\"]')",
               20_000)
    wait_until(ro, "document.querySelector('.paused')", 20_000)  # "waiting for Bia"
    invite(host, pt, 1, open_app, wait_until)
    wait_until(pt, "(v => v && v.seat === 1)(window.cardtable.view())", 30_000)
    play_to_the_end([host, pt, ro], wait_until)
    result = host.inner_text("main.end h2")
    for page in (pt, ro):
        assert page.locator("main.end").count()
        wait_until(page, DEALT, 15_000)  # checked against the views it drew in its language
        records = json.loads(page.evaluate("localStorage.getItem('cardtable.records')"))
        assert records["games"][-1]["seat"] in (1, 2)
        assert records["games"][-1]["seed"] == "p2p-rz"
    assert result


def last_record(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('cardtable.records')"))["games"][-1]


def test_three_devices_three_languages_play_a_whole_game_of_the_game_with_a_drop(
        device, site, open_app, wait_until):
    host = device("Ana", "en", site.link("#/the-game?seed=p2p-tg&players=3&seats=human,friend,"
                                         "friend&min_cards=3&small_hands=on"))
    pt, ro = device("Bia", "pt-BR"), device("Cici", "ro-RO")
    invite(host, pt, 1, open_app, wait_until)
    invite(host, ro, 2, open_app, wait_until)
    for page in (host, pt, ro):
        wait_until(page, "(v => v && v.seat !== undefined)(window.cardtable.view())", 30_000)
    play([host, pt, ro], wait_until, 3)
    # The Romanian friend's tab closes; a new tab of the same browser rejoins the seat.
    context = ro.context
    ro.close()
    wait_until(host, "document.querySelector('[data-invite-seat=\"2\"][data-state=\"left\"]')",
               20_000)
    wait_until(pt, "document.querySelector('.paused')", 20_000)
    ro = context.new_page()
    invite(host, ro, 2, open_app, wait_until)
    wait_until(ro, "(v => v && v.seat === 2)(window.cardtable.view())", 30_000)
    play_to_the_end([host, pt, ro], wait_until)
    assert last_record(host)["seed"] == "p2p-tg"
    for page, seat in ((pt, 1), (ro, 2)):
        wait_until(page, DEALT, 15_000)
        record = last_record(page)
        assert record["seat"] == seat and record["seed"] == "p2p-tg"
        assert record["result"] == last_record(host)["result"]


def test_a_friends_records_replay_the_game_from_its_seat(device, site, open_app, wait_until):
    """Two pages at one table: once the game is over, the friend's Records hold it with
    its deal and moves (sent by the host's page at the end), once, and offer its Replay,
    from the friend's seat, and its Review."""
    host = device("Ana", "en", site.link("#/the-game?seed=p2p-rec&players=2&seats=human,friend"
                                         "&min_cards=3&small_hands=on"))
    friend = device("Bia")
    invite(host, friend, 1, open_app, wait_until)
    for page in (host, friend):
        wait_until(page, "(v => v && v.seat !== undefined)(window.cardtable.view())", 30_000)
    play_to_the_end([host, friend], wait_until)
    wait_until(friend, DEALT, 15_000)
    hosted, record = last_record(host), last_record(friend)
    assert record["seat"] == 1 and record["seed"] == "p2p-rec"
    assert record["actions"] == hosted["actions"] and record["result"] == hosted["result"]
    records = json.loads(friend.evaluate("localStorage.getItem('cardtable.records')"))
    assert len(records["games"]) == 1
    choose(friend, "records", tap=True)
    assert "Played at a friend" not in friend.inner_text("main")
    assert friend.locator('[data-action="review"][data-index="0"]').count() == 1
    friend.locator('[data-action="replay"][data-index="0"]').tap()
    friend.locator('[data-action="replay-to"][data-step]:not([data-step="0"])').tap()
    wait_until(friend, "!!document.querySelector('.replay')", 10_000)
    assert friend.get_attribute("#replay-slider", "value") == str(len(hosted["actions"]))
    assert "Player 1" in friend.inner_text("body")  # the host's seat: the friend is "You"


def test_a_forged_message_is_refused_and_a_vanished_friend_gets_a_bot(
        device, site, open_app, wait_until):
    host = device("Ana", "en", site.link("#/the-game?seed=p2p-bot&players=2&seats=human,friend"))
    friend = device("Bia")
    invite(host, friend, 1, open_app, wait_until)
    for page in (host, friend):
        wait_until(page, "(v => v && v.seat !== undefined)(window.cardtable.view())", 30_000)
    # A forged message over the friend's open link, as a hostile page would send it: the
    # host's own move, out of turn. The host refuses it in words; nothing changes.
    wait_until(host, "window.cardtable.view().legal.length > 0", 15_000)
    move = json.dumps(view(host)["legal"][0])
    saved = host.evaluate("localStorage.getItem('cardtable.games')")
    friend.evaluate(f"window.cardtablePeers.send('host', JSON.stringify({{v: 1, t: 'act',"
                    f" action: {move}, at: 0}}))")
    wait_until(friend, "!!document.querySelector('[role=alert] p')", 10_000)
    assert host.evaluate("localStorage.getItem('cardtable.games')") == saved
    # The friend's browser goes away without a word; the host gives the seat to a bot.
    friend.context.close()
    wait_until(host, "document.querySelector('[data-invite-seat=\"1\"][data-state=\"left\"]')",
               20_000)
    host.locator('[data-action="to-bot"][data-seat="1"]').tap()
    play_to_the_end([host], wait_until)
    assert last_record(host)["seats"][1] != "friend"


def test_the_waiting_room_and_join_screen_pass_axe_and_speak_through_the_catalogs(
        device, site, new_page, pseudo_site, open_app, wait_until):
    """axe finds no serious violation on the waiting room, the join screen (before and
    after Join) and a friend's table; in the pseudo-language, no text on them bypasses
    the catalogs (the reply code and the host's name are no texts to translate)."""
    found = {}
    host = device("", "en", site.link("#/triggs?seed=p2p-a11y&players=2&seats=human,friend"))
    found["room"] = violations(host)
    friend = device("Bia")
    open_app(friend, host.locator('a[data-invite-link]').get_attribute("href"))
    found["join"] = violations(friend)
    friend.locator('[data-action="join"]').tap()
    friend.locator("[data-reply-code]").wait_for(timeout=30_000)
    found["reply"] = violations(friend)
    host.fill('[data-reply-seat="1"]', friend.inner_text("[data-reply-code]"))
    host.locator('[data-action="accept-reply"][data-seat="1"]').tap()
    wait_until(friend, "(v => v && v.seat === 1)(window.cardtable.view())", 30_000)
    found["a friend's table"] = violations(friend)
    bad = {screen: v for screen, v in found.items() if v}
    assert not bad, json.dumps(bad, indent=1)

    words = {}
    pseudo = watched(new_page(**PHONE), pseudo_site)
    open_app(pseudo, pseudo_site + "#/rentz?seed=p2p-qps&players=3&seats=human,friend,friend"
             f"&practice=queens&lang={PSEUDO}")
    words["room"] = untranslated(pseudo)
    guest = watched(new_page(**PHONE), pseudo_site)
    invitation = pseudo.locator('[data-invite-seat="1"] a[data-invite-link]').get_attribute("href")
    open_app(guest, invitation + f"&lang={PSEUDO}")  # a link's lang works on any link
    words["join"] = untranslated(guest)
    guest.locator('[data-action="join"]').tap()
    code = guest.locator("[data-reply-code]")
    code.wait_for(timeout=30_000)
    words["reply"] = [text for text in untranslated(guest)
                      if not text.startswith("PRE.reply-code:")]
    choose(pseudo, "settings", tap=True)
    pseudo.locator('.panel [data-action="setting"][data-key="internet"][data-value="on"]').tap()
    words["settings, internet on"] = [text for text in untranslated(pseudo)
                                      if "stun:" not in text]
    bad = {screen: texts for screen, texts in words.items() if texts}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


NO_WEBRTC = ("This browser cannot connect to other devices (it has no WebRTC). Use another"
             " browser, or play with everyone at this device.")


def test_a_browser_without_webrtc_says_so_and_shows_nothing_that_waits(
        device, new_page, site, open_app, wait_until):
    """In a browser without RTCPeerConnection (Debian's WebKitGTK has none), a friend's
    Join and a host's waiting room say so in one sentence; no line says that something is
    being made, and the host may give the seat to a bot."""
    host = device("Ana", "en", site.link("#/the-game?seed=no-rtc&players=2&seats=human,friend"))
    link = host.locator('a[data-invite-link]')
    link.wait_for(timeout=30_000)
    friend = new_page(**PHONE)
    friend.context.add_init_script("delete window.RTCPeerConnection")
    open_app(friend, link.get_attribute("href"))
    friend.locator('[data-action="join"]').tap()
    wait_until(friend, "!!document.querySelector('#app [role=alert] p')", 10_000)
    assert friend.locator("#app [role=alert] p").all_inner_texts() == [NO_WEBRTC]
    assert friend.locator("#app [role=status] p").count() == 0
    assert "Making" not in friend.inner_text("body")
    assert friend.locator("[data-reply-code]").count() == 0

    lonely = new_page(**PHONE)
    lonely.context.add_init_script("delete window.RTCPeerConnection")
    lonely.context.add_init_script(FAST)
    open_app(lonely, site.link("#/the-game?seed=no-rtc-host&players=2&seats=human,friend"))
    wait_until(lonely, "!!document.querySelector('#app [role=alert] p')", 10_000)
    assert lonely.locator("#app [role=alert] p").all_inner_texts() == [NO_WEBRTC]
    assert "Making" not in lonely.inner_text("body")
    assert lonely.locator("a[data-invite-link]").count() == 0
    lonely.locator('[data-action="to-bot"][data-seat="1"]').tap()
    wait_until(lonely, "(v => v && v.legal.length > 0)(window.cardtable.view())", 30_000)
