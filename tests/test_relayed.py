"""One-link invitations (web/together/relayed.py), pages in memory: with relays named, a
friend sits down by opening the invitation and tapping Join, the host pasting nothing;
rejoins by the same link; comes back by itself after the host's page reloads; and, with
every relay dead, gets the reply code to send by hand, with a sentence that says why."""

from __future__ import annotations

import json
import random
import re

import pytest

from cardtable.web import links
from cardtable.web.lobby import FRIEND, default_setup
from cardtable.web.render import screen_html
from cardtable.web.storage import SUGGESTED_RELAYS, relay_urls
from cardtable.web.together import relayed
from cardtable.web.together.link import HOST_PEER
from cardtable.web.together.transport import MemoryNetwork
from together_devices import Clock, Device, MemoryRelay, pass_time, play_out

RELAYS = "wss://relay.test/mqtt"


def online(device: Device) -> Device:
    """The player switched playing across the internet on and named a relay."""
    settings = device.store.load_settings()
    device.store.write_settings({**settings, "internet": "on", "relays": RELAYS, "stun": ""})
    return device


def rentz_table():
    network, clock, relay = MemoryNetwork(), Clock(), MemoryRelay()
    host = online(Device(network, "host", clock, relay=relay))
    setup = default_setup("rentz").with_players(3)
    setup = setup.with_seat(1, FRIEND).with_seat(2, FRIEND)
    host.controller.setup = setup
    host.act("start")
    friends = {seat: online(Device(network, f"friend{seat}", clock, relay=relay))
               for seat in (1, 2)}
    return network, clock, relay, host, friends


def join_by_link(host: Device, friend: Device, seat: int) -> None:
    friend.open(host.controller.together.host.links[seat])
    friend.act("join", text=f"Friend{seat}")
    host.network.run()


def test_friends_sit_down_by_the_link_alone_and_the_relays_read_nothing():
    network, clock, relay, host, friends = rentz_table()
    link = host.controller.together.host.links[1]
    assert "relay=" in link
    for seat, friend in friends.items():
        join_by_link(host, friend, seat)
        assert friend.controller.together.reply is None  # no code to carry back
    assert host.screen().kind in ("table", "pass")
    assert [friend.controller.together.guest.seat for friend in friends.values()] == [1, 2]
    kinds = [json.loads(text)["t"] for _, text in relay.carried]
    assert kinds.count("knock") >= 2 and kinds.count("answer") == 2
    secrets = {friend.relay for friend in host.controller.together.host.friends.values()}
    assert len(secrets) == 2 and all(links.RELAY_SECRET.fullmatch(s) for s in secrets)
    play_out([host, *friends.values()], random.Random(3))
    assert host.controller.sitting.table.finished
    assert [friend.controller.address() for friend in friends.values()] == ["", ""]  # over


def test_with_the_internet_off_no_relay_is_contacted_and_the_codes_are_as_before():
    """Relays named in Settings, but playing across the internet off: no relay job on
    either page, no secret in the link, the reply code to carry back by hand."""
    network, clock, relay = MemoryNetwork(), Clock(), MemoryRelay()
    host, friend = (Device(network, name, clock, relay=relay) for name in ("host", "friend"))
    for device in (host, friend):
        device.store.write_settings({"internet": "off", "relays": RELAYS})
    host.controller.setup = default_setup("rentz").with_players(3).with_seat(1, FRIEND)
    host.act("start")
    assert "relay=" not in host.controller.together.host.links[1]
    friend.open(host.controller.together.host.links[1])
    friend.act("join", text="Friend1")
    assert friend.controller.together.reply and not relay.carried and not relay.rooms
    assert not host.controller.together.relay_rooms and not friend.controller.together.relay_rooms


def test_a_friend_who_reloads_rejoins_by_the_same_link():
    network, clock, relay, host, friends = rentz_table()
    first_links = dict(host.controller.together.host.links)
    for seat, friend in friends.items():
        join_by_link(host, friend, seat)
    token = friends[1].controller.together.guest.token
    network.vanish(friends[1].page)
    relay.close(friends[1], relayed.HOST_ROOM)
    pass_time([host, friends[2]], clock, 12)
    back = online(Device(network, "friend1-again", clock, store=friends[1].store, relay=relay))
    back.open(first_links[1])  # the link sent at the start, not a new one: no tap needed
    network.run()
    assert back.controller.together.guest.seat == 1 and back.controller.together.guest.token == token
    assert host.screen().kind in ("table", "pass")


def test_a_friend_who_reloads_while_no_relay_answers_waits_for_one_not_for_a_used_code():
    """A seated friend's page reloads while every relay is dead to it (a broker slower than
    relay.js's connect time looks dead until it reconnects): it does not fall back to the
    link's reply code, which answers an invitation the host has since replaced; it sits
    down again once a relay answers."""
    network, clock, relay, host, friends = rentz_table()
    first_links = dict(host.controller.together.host.links)
    for seat, friend in friends.items():
        join_by_link(host, friend, seat)
    network.vanish(friends[1].page)
    relay.close(friends[1], relayed.HOST_ROOM)
    pass_time([host, friends[2]], clock, 12)  # the host counts the seat gone
    relay.up = False
    back = online(Device(network, "friend1-again", clock, store=friends[1].store, relay=relay))
    back.open(first_links[1])
    pass_time([back, host, friends[2]], clock, 3 * relayed.RELAY_WAIT_S)
    assert back.controller.together.reply is None
    relay.revive()
    pass_time([back, host, friends[2]], clock, 5)
    assert back.controller.together.guest.seat == 1
    assert host.controller.together.host.friends[1].state == "connected"


def test_a_seated_friends_address_is_its_invitation_and_a_reload_sits_down_by_itself():
    network, clock, relay, host, friends = rentz_table()
    join_by_link(host, friends[1], 1)
    address = friends[1].controller.address()
    assert links.parse(address).invitation.relay  # what a reload opens
    assert "seed" not in address
    network.vanish(friends[1].page)
    relay.close(friends[1], relayed.HOST_ROOM)
    pass_time([host], clock, 12)  # the host counts the seat gone
    reloaded = online(Device(network, "friend1-reloaded", clock, store=friends[1].store,
                             relay=relay))
    reloaded.open("https://play.test/" + address)
    network.run()
    assert reloaded.controller.together.guest.seat == 1
    stranger = online(Device(network, "stranger", clock, relay=relay))
    stranger.open("https://play.test/" + address)  # no token kept: the join screen
    assert stranger.controller.together.guest is None and stranger.screen().kind == "join"


@pytest.mark.parametrize("away_s", [0, 3 * relayed.RELAY_WAIT_S])
def test_after_the_hosts_reload_the_friends_come_back_by_themselves(away_s):
    """However long the host's page takes to come back: a friend's page that sat down
    never falls back to the link's reply code (its offer was used), it knocks until the
    host answers."""
    network, clock, relay, host, friends = rentz_table()
    for seat, friend in friends.items():
        join_by_link(host, friend, seat)
    actions = list(host.controller.session.actions)
    network.vanish(host.page)
    for room in [relayed.seat_room(seat) for seat in friends]:
        relay.close(host, room)
    pass_time(list(friends.values()), clock, away_s)
    assert all(friend.controller.together.reply is None for friend in friends.values())
    if away_s:
        said = [text for _, text in friends[1].screen().messages]
        assert any("looks for it through the relays" in text for text in said), said
    again = Device(network, "host-again", clock, store=host.store, relay=relay)
    again.open("https://play.test/")
    assert again.controller.session.actions == actions
    pass_time([again, *friends.values()], clock, 15)
    assert again.screen().kind in ("table", "pass")
    assert {s: f.state for s, f in again.controller.together.host.friends.items()} == {
        1: "connected", 2: "connected"}


def test_a_link_lost_soon_after_it_opened_is_knocked_for_at_once():
    """The answer connected, so the page does not wait out the answer's time before it
    knocks again."""
    network, clock, relay, host, friends = rentz_table()
    join_by_link(host, friends[1], 1)
    knocks = [json.loads(text)["t"] for _, text in relay.carried].count("knock")
    friends[1].controller.together.link_state(HOST_PEER, "closed")  # the host's page went away
    pass_time([friends[1]], clock, relayed.KNOCK_EVERY_S)
    assert relayed.KNOCK_EVERY_S < relayed.ANSWER_WAIT_S
    assert [json.loads(text)["t"] for _, text in relay.carried].count("knock") == knocks + 1


def test_with_every_relay_dead_the_reply_code_is_offered_in_words():
    network, clock, relay, host, friends = rentz_table()
    relay.up = False
    friend = friends[1]
    friend.open(host.controller.together.host.links[1])
    friend.act("join", text="Friend1")
    assert friend.controller.together.reply  # at once: every relay said it is dead
    said = [text for kind, text in friend.controller.messages if kind == "status"]
    assert any("No relay could be reached" in text for text in said)
    host.act("accept-reply", seat=1, text=friend.controller.together.reply)
    network.run()
    assert friend.controller.together.guest.seat == 1


def test_the_hosts_waiting_room_says_when_no_relay_answers():
    relay = MemoryRelay()
    relay.up = False
    host = online(Device(MemoryNetwork(), "host", Clock(), relay=relay))
    host.controller.setup = default_setup("rentz").with_players(3).with_seat(1, FRIEND)
    host.act("start")
    assert host.controller.together.relay_state(relayed.seat_room(1), {"live": 0, "dead": 1, "of": 1}) \
        is False  # said already: nothing to draw again
    assert host.controller.together.relay_state(relayed.seat_room(1), {"live": 1, "dead": 0, "of": 1})
    assert host.controller.together.relay_state(relayed.seat_room(1), {"live": 0, "dead": 1, "of": 1})
    screen = host.screen()
    assert screen.kind == "room" and screen.body.relays_down
    html = screen_html(screen)
    assert "No relay answers" in html and "paste the reply" in html
    assert 'data-reply-seat="1"' in html  # the field for the code by hand


def test_a_relay_that_never_answers_gives_the_codes_after_the_wait():
    network, clock, relay, host, friends = rentz_table()
    friend = friends[1]
    friend.open(host.controller.together.host.links[1])
    relay.rooms.clear()  # the host's rooms are gone: nobody answers the knock
    friend.act("join", text="Friend1")
    assert friend.controller.together.reply is None
    pass_time([friend], clock, relayed.RELAY_WAIT_S + 1)
    assert friend.controller.together.reply


@pytest.mark.parametrize("text", [
    "", "garbage", "[]", '{"v":2,"t":"knock","seat":1}', '{"v":1,"t":"hello","seat":1}',
    '{"v":1,"t":"knock","seat":true}', '{"v":1,"t":"knock","seat":99}',
    '{"v":1,"t":"knock","seat":1,"extra":1}', '{"v":1,"t":"offer","seat":1}',
    '{"v":1,"t":"offer","seat":1,"code":"' + "A" * 700 + '"}', "x" * 5000])
def test_a_bad_relayed_message_is_refused(text):
    with pytest.raises(ValueError):
        relayed.read(text)


def test_garbage_through_the_relays_changes_nothing():
    network, clock, relay, host, friends = rentz_table()
    before = host.controller.together.host.to_save()
    for text in ('{"v":1,"t":"answer","seat":1,"code":"AAAA"}', "nonsense",
                 '{"v":1,"t":"offer","seat":1,"code":"AAAA"}'):
        assert host.controller.together.relay_message(relayed.seat_room(1), text) is False
    assert host.controller.together.relay_message(relayed.seat_room(2),
                                         '{"v":1,"t":"knock","seat":1}') is False
    assert host.controller.together.host.to_save() == before


def test_an_invitation_with_a_damaged_relay_secret_is_refused_in_words():
    link = links.parse("#/rentz?players=3&seat=2&room=0123abcd&join=AAAA&relay=short")
    assert link.invitation is None and "not complete" in link.error


def test_a_fresh_friend_finds_the_host_on_the_relays_its_invitation_names():
    """The host named a relay of its own; the friend's browser never named any (nor
    switched playing across the internet on): it looks for the host on the link's relays,
    not the suggested ones, and sits down with no code."""
    network, clock, relay = MemoryNetwork(), Clock(), MemoryRelay()
    host = online(Device(network, "host", clock, relay=relay))
    host.controller.setup = default_setup("the-game").with_players(2).with_seat(1, FRIEND)
    host.act("start")
    link = host.controller.together.host.links[1]
    assert links.parse(link.split("#", 1)[1]).invitation.relays == (RELAYS,)
    friend = Device(network, "friend", clock, relay=relay)
    join_by_link(host, friend, 1)
    assert friend.controller.together.reply is None
    assert {urls for device, _, urls in relay.contacted if device is friend} == {(RELAYS,)}


def test_a_friend_whose_settings_name_relays_tries_the_links_first():
    invitation = links.Invitation(setup=default_setup("the-game"), seat=1, host="", room="ab12cd34",
                                  code="x", relay="s", relays=("wss://host.example/mqtt",))
    assert relayed.joining_relays(invitation, ["wss://mine.example/mqtt", "wss://host.example/mqtt"]) \
        == ["wss://host.example/mqtt", "wss://mine.example/mqtt"]
    assert relayed.joining_relays(links.Invitation(default_setup("the-game"), 1, "", "ab12cd34", "x",
                                                   "s"), []) == relay_urls(SUGGESTED_RELAYS)


@pytest.mark.parametrize("named,kept,refused", [
    ("wss://a.example/mqtt,wss://b.example:8084/mqtt", 2, []),
    ("ws://evil.example:1883/mqtt,wss://a.example/mqtt", 1, ["ws://evil.example:1883/mqtt"]),
    ("http://a.example/,javascript:alert(1),wss://a.example/mqtt", 1,
     ["http://a.example/", "javascript:alert(1)"]),
    (",".join(f"wss://r{n}.example/mqtt" for n in range(8)), 5,
     [f"wss://r{n}.example/mqtt" for n in range(5, 8)]),
    ("ws://localhost:1883,wss://a.example/mqtt,wss://a.example/mqtt", 2, []),
])
def test_an_invitations_relays_are_checked_as_the_setting_is(named, kept, refused):
    """Bad addresses, a ws:// to another machine, too many: dropped, in one sentence that
    names them, and never contacted."""
    network, clock, relay = MemoryNetwork(), Clock(), MemoryRelay()
    host = online(Device(network, "host", clock, relay=relay))
    host.controller.setup = default_setup("the-game").with_players(2).with_seat(1, FRIEND)
    host.act("start")
    link = host.controller.together.host.links[1]
    from urllib.parse import quote
    tampered = re.sub(r"relays=[^&]*", "relays=" + quote(named, safe=","), link)
    parsed = links.parse(tampered.split("#", 1)[1])
    assert len(parsed.invitation.relays) == kept
    said = " ".join(parsed.notices)
    for url in refused[:3]:
        assert url in said
    assert not refused or "will not contact" in said
    friend = Device(network, "friend", clock, relay=relay)
    friend.open(tampered)
    friend.act("join", text="Friend1")
    contacted = {url for device, _, urls in relay.contacted if device is friend for url in urls}
    assert contacted and not contacted & set(refused)


def test_an_invitation_on_the_suggested_relays_does_not_name_them():
    """A friend's page tries the suggested relays anyway: naming them would only lengthen
    the link."""
    network, clock, relay = MemoryNetwork(), Clock(), MemoryRelay()
    host = Device(network, "host", clock, relay=relay)
    host.store.write_settings({"internet": "on", "relays": SUGGESTED_RELAYS, "stun": ""})
    host.controller.setup = default_setup("the-game").with_players(2).with_seat(1, FRIEND)
    host.act("start")
    link = host.controller.together.host.links[1]
    assert "relay=" in link and "relays=" not in link
