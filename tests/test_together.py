"""Playing together on several devices, under CPython: pages linked in memory.

The host's page and its friends' pages are whole controllers (``together_devices``), linked
by :class:`~cardtable.web.together.transport.MemoryNetwork` through the same invitation
links and reply codes as in the browser. Whole games of every registered game (and the
test-only Nim) run with friends, people at the host's device and bots mixed; friends drop
and rejoin, a bot takes a seat over, the host reloads; arbitrary messages change nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable.bots import default_level
from cardtable.engine import registry
from cardtable.engine.registry import GAMES
from cardtable.web.records.book import RecordBook
from cardtable.web.records.screens import records_html
from cardtable.web.lobby import FRIEND, HUMAN, default_setup
from cardtable.web.saves import GAMES_KEY
from cardtable.web.storage import SUGGESTED_STUN
from cardtable.web.together import messages
from cardtable.web.together.link import Answer, Offer, ice_servers
from cardtable.web.together.transport import MemoryNetwork
from html_page import Page, screen_html
from together_devices import Clock, Device, join, pass_time, play_out, seat_friends

# One table per game: (players, seats); friends, people at the host's device and bots mixed.
TABLES = {
    "the-game": (3, (HUMAN, FRIEND, "casual")),
    "extreme": (3, (HUMAN, FRIEND, FRIEND)),
    "triggs": (3, (HUMAN, FRIEND, HUMAN)),
    "rentz": (5, (HUMAN, FRIEND, "basic", HUMAN, FRIEND)),  # a whole match
    "nim": (3, (HUMAN, FRIEND, "random")),
}


@pytest.fixture
def nim(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "nim", registry.declared("nim"))


def table_for(game: str):
    players, seats = TABLES[game]
    network, clock = MemoryNetwork(), Clock()
    host = Device(network, "host", clock)
    setup = default_setup(game).with_players(players)
    for seat, kind in enumerate(seats[1:], start=1):
        setup = setup.with_seat(seat, kind)
    host.controller.setup = setup
    host.act("start")
    friends = {seat: Device(network, f"friend{seat}", clock)
               for seat, kind in enumerate(seats) if kind == FRIEND}
    return network, clock, host, friends


def playing(game: str, seed: int, moves: int):
    """A table of ``game`` with its friends joined, ``moves`` moves into a random game."""
    network, clock, host, friends = table_for(game)
    seat_friends(host, friends)
    play_out([host, *friends.values()], random.Random(seed),
             stop=lambda: len(host.controller.session.actions) > moves)
    return network, clock, host, friends


def test_every_registered_game_is_in_the_tables():
    assert set(GAMES) <= set(TABLES), "a game with no table of friends here"


@pytest.mark.parametrize("game", sorted(TABLES))
def test_whole_game_with_friends_bots_and_people_at_the_host(game, nim):
    network, clock, host, friends = table_for(game)
    assert host.screen().kind == "room"
    rows = host.screen().body.room
    assert [row[1] for row in rows] == ["invited"] * len(friends)
    seat_friends(host, friends)
    assert host.screen().kind in ("table", "pass")
    for seat, friend in friends.items():
        assert friend.screen().kind == "table"
        assert friend.view()["seat"] == seat if "seat" in friend.view() else True
    play_out([host, *friends.values()], random.Random(game))
    network.run()
    assert host.controller.sitting.table.finished
    result = host.controller.session.state.result()
    for seat, friend in friends.items():
        screen = friend.screen()
        assert screen.kind == "end" and screen.body.result == result
        records = friend.controller.browsing.book.games
        record = records[-1]  # the host sent the deal once the game was over: replayable
        assert len(records) == 1 and record["seat"] == seat
        assert record["seed"] == host.controller.session.seed
        assert record["actions"] == host.controller.session.actions
        outcome = friend.controller.together.guest.remote.module.outcome(
            result, seat, friend.controller.together.guest.seat_names())
        assert record["outcome"]["score"] == outcome["score"]
        assert friend.store.get(GAMES_KEY) is None  # the friend's own save untouched
        reread = RecordBook(friend.store)  # the next visit reads the record back
        assert reread.games[-1]["outcome"] == record["outcome"] and reread.problem is None
        friend.act("records", value=game)
        assert "Played at a friend" not in records_html(friend.controller.browsing.records_data())
    assert host.controller.browsing.book.games[-1]["seed"] == host.controller.session.seed


def test_a_friends_own_saved_game_is_left_as_it_was():
    network, clock, host, friends = table_for("triggs")
    friend = friends[1]
    friend.controller.setup = default_setup("the-game")
    friend.act("start")
    saved = friend.store.get(GAMES_KEY)
    assert saved
    seat_friends(host, friends)
    play_out([host, *friends.values()], random.Random(3))
    assert friend.store.get(GAMES_KEY) == saved


@pytest.mark.parametrize("game", sorted(set(TABLES) - {"nim"}))
def test_a_guest_never_learns_the_seed_and_gets_only_its_own_seat(game):
    """Every message to a friend in a whole game: no seed before the game is over (then
    one ``record`` message brings it); a table message holds exactly that seat's view; a
    log message exactly the events of the host's session (public by the events contract,
    tested in test_event_honesty.py). Where cards are names (Rentz), no message names a
    card in another seat's hand."""
    network, clock, host, friends = table_for(game)
    sent = []
    original = host.controller.together.send_link

    def capture(peer, text):
        """Keep each message with the state, the events and the cards hidden from its
        seat: in the others' hands now (for the view) and, for events, both now and before
        the latest move, that move's own card aside (a deal's last trick shows cards that
        the next deal puts into hands again)."""
        session = host.controller.session
        seat = int(peer.split("-")[1])
        played = set(strings_in(session.actions[-1:]))  # the latest move is public
        hidden = [{card for other, hand in enumerate(state.hands) if other != seat
                   for card in hand if isinstance(card, str)} - played
                  for state in session.states[-2:]]
        sent.append((seat, text, hidden, session.state, list(session.events),
                     host.controller.sitting.table.finished))
        original(peer, text)

    host.controller.together.host.send = capture
    seat_friends(host, friends)
    play_out([host, *friends.values()], random.Random(5),
             stop=lambda: len(host.controller.session.actions) > 400)
    seed = host.controller.session.seed
    tables = 0
    for seat, text, hidden, state, events, over in sent:
        data = json.loads(text)
        assert (seed not in text and "actions" not in data) or over and data["t"] == "record"
        if data["t"] == "table":
            tables += 1
            assert data["view"] == json.loads(json.dumps(state.view(seat)))
            strings = set(strings_in(data))
            assert not strings & hidden[-1], f"seat {seat} was sent {strings & hidden[-1]}"
        elif data["t"] == "log":
            start = data["from"]
            assert data["events"] == json.loads(json.dumps(events[start:start + len(data["events"])]))
            strings = set(strings_in(data))
            both = set.intersection(*hidden)
            assert not strings & both, f"seat {seat} was sent {strings & both}"
    assert tables > 10 and {seat for seat, *_ in sent} == set(friends)


# What a view says each seat has shown it lacks (Rentz: a suit not followed, a pass) is
# public: it names cards the seat does not hold, not where they are.
PUBLIC_ABSENCES = ("lacks",)


def strings_in(value):
    """Every string in ``value``, keys too, but for the public absences."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            if key not in PUBLIC_ABSENCES:
                yield from strings_in(item)


def test_a_friend_who_drops_pauses_the_game_and_rejoins_the_same_seat():
    network, clock, host, friends = table_for("rentz")
    seat_friends(host, friends)
    play_out([host, *friends.values()], random.Random(7), stop=lambda: len(
        host.controller.session.actions) > 12)
    friend = friends[1]
    token = friend.controller.together.guest.token
    network.vanish(friend.page)  # the tab is killed: no word to anyone
    pass_time([host, friends[4]], clock, int(messages.SILENCE) + 1)
    assert host.screen().kind == "room"
    assert dict((row[0], row[1]) for row in host.screen().body.room)[1] == "left"
    assert host.view()["legal"] == [] and friends[4].view()["legal"] == []  # paused
    name = host.controller.sitting.table.names[1]
    assert friends[4].screen().body.waiting == (name,)
    before = len(host.controller.session.actions)
    host.pump()  # the bots wait while the table does
    assert not host.controller.bot_due()
    assert len(host.controller.session.actions) == before
    # The friend reloads: a new page on the same store, and the fresh invitation the
    # host's page made when the seat was left.
    back = Device(network, "friend1-again", clock, store=friend.store)
    join(host, back, 1)
    assert back.controller.together.guest.token == token
    assert back.controller.together.guest.seat == 1
    assert host.screen().kind in ("table", "pass")
    # The game goes on with the friend back in its seat: the deal under way ends, and the
    # next one (a deal ends only when every seat has played its cards)
    deals = len(host.controller.session.state.sheet)
    play_out([host, back, friends[4]], random.Random(8),
             stop=lambda: len(host.controller.session.state.sheet) > deals + 1)
    assert len(host.controller.session.state.sheet) == deals + 2
    assert back.view()["seat"] == 1


def test_rz7_a_friends_page_pauses_after_a_deal_as_the_hosts_does():
    """After a Rentz deal, a friend's page shows what the deal gave each player until the
    friend goes on (or the pace's pause passes); meanwhile it offers no move."""
    network, clock, host, friends = table_for("rentz")
    seat_friends(host, friends)
    friend = friends[1]
    friend.goes_on = False
    play_out([host, *friends.values()], random.Random(3),
             stop=lambda: friend.controller.paused() is not None)
    assert len(host.controller.session.state.sheet) == 1  # one deal is over
    assert friend.screen().kind == "pause" and friend.view()["legal"] == []
    page = Page(screen_html(friend.screen()))
    assert page.one("button", data_action="go-on") and page.one("section", cls="deal-summary")
    friend.act("go-on")
    assert friend.controller.paused() is None and friend.screen().kind in ("table", "end")
    friend.goes_on = True  # the friend plays the next deal through (it ends only so)
    play_out([host, *friends.values()], random.Random(4),
             stop=lambda: len(host.controller.session.state.sheet) == 2)
    assert len(host.controller.session.state.sheet) == 2


def test_a_friend_who_does_not_come_back_is_replaced_by_a_bot():
    network, clock, host, friends = playing("the-game", 9, 6)
    network.vanish(friends[1].page)
    pass_time([host], clock, int(messages.SILENCE) + 1)
    assert host.screen().kind == "room"
    host.act("to-bot", seat=1)
    assert host.controller.session.setup.seats[1] == default_level("the-game")
    play_out([host], random.Random(10))
    assert host.controller.sitting.table.finished


def test_the_hosts_reload_resumes_the_game_and_the_friends_rejoin():
    network, clock, host, friends = playing("triggs", 11, 10)
    actions = list(host.controller.session.actions)
    tokens = {seat: f.controller.together.guest.token for seat, f in friends.items()}
    network.vanish(host.page)
    again = Device(network, "host-again", clock, store=host.store)
    again.open("https://play.test/")
    assert again.controller.session.actions == actions
    assert again.screen().kind == "room"
    assert again.controller.together.host.room == host.controller.together.host.room
    for seat, friend in friends.items():
        back = Device(network, f"friend{seat}-again", clock, store=friend.store)
        join(again, back, seat)
        assert back.controller.together.guest.token == tokens[seat]
        friends[seat] = back
    play_out([again, *friends.values()], random.Random(12))
    assert again.controller.sitting.table.finished


def test_undo_is_a_friends_own_last_move_before_anyone_else_acts():
    network, clock, host, friends = table_for("the-game")
    seat_friends(host, friends)
    rng = random.Random(13)
    guest = friends[1].controller.together.guest
    while not guest.remote.my_turn():
        play_out([host], rng, stop=lambda: guest.remote.my_turn())
        network.run()
    friends[1].controller.together.guest.remote.act(next(a for a in friends[1].view()["legal"]
                                                 if a[0] == "play"))
    network.run()
    moves = len(host.controller.session.actions)
    assert friends[1].screen().body.ui.can_undo
    friends[1].act("undo")
    network.run()
    assert len(host.controller.session.actions) == moves - 1
    # Another seat's move cannot be taken back by the friend.
    friends[1].controller.together.guest.request("undo")
    network.run()
    assert len(host.controller.session.actions) == moves - 1
    assert any(role == "alert" for role, _ in friends[1].controller.messages)


def test_out_of_turn_late_and_foreign_messages_change_nothing():
    network, clock, host, friends = table_for("rentz")
    seat_friends(host, friends)
    session = host.controller.session
    before = list(session.actions)
    hostc = host.controller.together.host
    at = len(session.actions)
    # From a seat that is not to move, an action it would have; late; from no seat.
    four, one = hostc.friends[4].peer, hostc.friends[1].peer
    hostc.receive(four, messages.message("act", action=["choose", "king"], at=at))
    hostc.receive(one, messages.message("act", action=["pass"], at=at + 5))
    hostc.receive("seat-9-1", messages.message("act", action=["pass"], at=at))
    hostc.receive("mallory", "{}")
    # A second hello on a seated friend's own link (the first one seated it).
    hostc.receive(one, messages.message("hello", name="Eve", lang="en", token=None))
    network.run()
    assert session.actions == before
    assert len(hostc.dropped) == 3 and hostc.friends[1].state == "connected"
    assert hostc.friends[1].name != "Eve"


PEERS = st.sampled_from([1, 3, 4, "host", "seat-2-1"])  # a friend's seat, or no seat's link
JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
MESSAGES = st.one_of(
    st.text(max_size=60),
    JSONISH.map(json.dumps),
    st.builds(lambda t, extra: json.dumps({"v": 1, "t": t, **extra}),
              st.sampled_from(sorted({*messages.GUEST_TYPES, *messages.HOST_TYPES})),
              st.dictionaries(st.sampled_from(["at", "action", "name", "lang", "token", "view",
                                               "seat", "why", "from", "events", "names"]),
                              JSONISH, max_size=5)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(PEERS, MESSAGES), max_size=6))
def test_arbitrary_messages_to_the_host_change_nothing_but_a_legal_move_of_its_seat(sent):
    network, clock, host, friends = table_for("rentz")
    seat_friends(host, friends)
    session = host.controller.session
    for who, text in sent:
        peer = host.controller.together.host.friends[who].peer if who in friends else str(who)
        before = list(session.actions)
        current = session.state.current_player
        host.controller.together.link_message(peer, text)
        host.pump()
        if session.actions != before:  # only a legal action of the sender's own seat
            assert who == current and len(session.actions) == len(before) + 1


TABLES_SENT = st.builds(
    lambda view, flags, result: json.dumps({
        "v": 1, "t": "table", "at": 3, "view": {"legal": [], **view}, "undo": flags[0],
        "awaiting": flags[1], "over": flags[2], "result": result, "waiting": [],
        "names": [None, None, None]}),
    st.dictionaries(st.sampled_from(["seat", "hand", "sheets", "piles", "phase", "current",
                                     "players", "makes", "discard", "turn", "over"]),
                    JSONISH, max_size=6),
    st.tuples(st.booleans(), st.booleans(), st.booleans()),
    st.none() | st.dictionaries(st.text(max_size=6), JSONISH, max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MESSAGES | TABLES_SENT, max_size=6))
def test_arbitrary_messages_to_a_guest_never_break_its_page(sent):
    network, clock, host, friends = table_for("triggs")
    seat_friends(host, friends)
    friend = friends[1]
    view = friend.view()
    for text in sent:
        friend.controller.together.link_message("host", text)
        from cardtable.web.render import screen_html

        screen_html(friend.screen())  # draws without an exception
    assert friend.view() == view or friend.view()["seat"] == 1


@pytest.mark.parametrize("game", sorted(set(TABLES) - {"nim"}))
def test_a_friends_name_is_escaped_at_every_table(game):
    """A name is what a peer typed: every page draws it as text."""
    from cardtable.web.render import screen_html

    network, clock, host, friends = table_for(game)
    evil = '<img src=x onerror="alert(1)">Eve'
    first, *others = sorted(friends)
    join(host, friends[first], first, name=evil)
    for seat in others:
        join(host, friends[seat], seat)
    if host.screen().kind == "pass":
        host.act("reveal")
    pages = [screen_html(host.screen())] + [screen_html(friends[seat].screen())
                                            for seat in others]
    for page in pages:
        assert "<img" not in page
    assert "&lt;img" in pages[0]


def test_a_guest_waits_for_a_silent_host_and_goes_on_when_it_speaks_again():
    network, clock, host, friends = table_for("the-game")
    seat_friends(host, friends)
    friend = friends[1]
    pass_time([friend], clock, int(messages.SILENCE) + 1)  # the host's heartbeats stop
    assert friend.controller.together.guest.state == "left"
    assert any("not answering" in text for _, text in friend.screen().messages)
    assert friend.view()["legal"] == []  # nothing can be played while the host is away
    pass_time([host, friend], clock, 3)  # they come again
    assert friend.controller.together.guest.state == "playing"


def test_a_request_with_no_answer_may_be_made_again():
    network, clock, host, friends = table_for("the-game")
    seat_friends(host, friends)
    guest = friends[1].controller.together.guest
    play_out([host], random.Random(2), stop=lambda: guest.remote.my_turn())
    network.run()
    sending = guest.send_text
    guest.send_text = lambda text: None if '"t":"act"' in text else sending(text)  # lost
    guest.remote.act(guest.table["view"]["legal"][0])
    assert not guest.remote.my_turn()
    pass_time([host, friends[1]], clock, int(messages.SILENCE) + 1)
    assert guest.state == "playing" and guest.remote.my_turn()


def test_a_friend_silent_for_a_moment_is_connected_again_when_it_speaks():
    network, clock, host, friends = table_for("rentz")
    seat_friends(host, friends)
    pass_time([host, friends[4]], clock, int(messages.SILENCE) + 1)  # friend 1 is silent
    room = dict((row[0], row[1]) for row in host.screen().body.room)
    assert room[1] == "left" and host.controller.together.host.links.get(1) is not None
    pass_time([host, *friends.values()], clock, 2)  # its beats arrive again
    assert host.screen().kind in ("table", "pass")
    assert host.controller.together.host.friends[1].state == "connected"


def test_an_invitation_works_once_and_a_used_one_gets_a_sentence():
    network, clock, host, friends = table_for("rentz")
    link = host.controller.together.host.links[1]
    join(host, friends[1], 1)
    other = Device(network, "stranger", clock)
    other.open(link)
    other.act("join", text="Mallory")
    host.act("accept-reply", seat=1, text=other.controller.together.reply)
    said = " ".join(text for role, text in host.controller.messages)
    assert "older invitation" in said or "not" in said
    assert host.controller.together.host.friends[1].state == "connected"


@pytest.mark.parametrize("code, words", [
    ("AAAA", "not complete"), ("!!!!", "not"), ("", "")])
def test_a_garbled_invitation_or_reply_gets_a_sentence(code, words):
    network, clock, host, friends = table_for("triggs")
    link = host.controller.together.host.links[1]
    friend = friends[1]
    friend.open(link.rsplit("join=", 1)[0] + "join=" + code)
    if not code:  # an invitation with no code at all is not an invitation
        assert friend.controller.together.joining is None
        assert friend.controller.messages[0][0] == "alert"
        return
    friend.act("join", text="Bia")
    assert friend.controller.together.reply is None
    assert friend.controller.messages and friend.controller.messages[-1][0] == "alert"
    host.act("accept-reply", seat=1, text=code)
    assert host.controller.messages[-1][0] == "alert"
    assert host.controller.together.host.friends[1].state == "invited"


def reply_pasted(vanish: bool = False):
    """A Triggs table whose host pasted the reply of seat 1's friend (who vanished first,
    when ``vanish``: the link can never connect); ``(network, clock, host, friend)``."""
    network, clock, host, friends = table_for("triggs")
    friend = friends[1]
    friend.open(host.controller.together.host.links[1])
    friend.act("join", text="Bia")
    if vanish:
        network.vanish(friend.page)
    host.act("accept-reply", seat=1, text=friend.controller.together.reply)
    return network, clock, host, friend


def test_devices_that_cannot_reach_each_other_are_told_so():
    network, clock, host, friend = reply_pasted(vanish=True)
    pass_time([host], clock, int(messages.CONNECTING) - 1)
    assert host.controller.together.host.friends[1].state == "replied"  # still connecting
    pass_time([host], clock, 2)
    said = " ".join(text for role, text in host.controller.messages)
    assert "could not reach each other" in said
    assert host.controller.together.host.friends[1].state == "invited"
    assert host.controller.together.host.links.get(1)  # a fresh invitation


def test_a_link_slower_to_open_than_a_heartbeat_still_seats_the_friend():
    """ICE, DTLS and the channel can take longer than SILENCE on a busy device: the host
    waits CONNECTING seconds for an answered invitation, not SILENCE."""
    network, clock, host, friend = reply_pasted()
    pass_time([host], clock, int(messages.SILENCE) + 2, deliver=False)  # the link is slow
    network.run()
    assert host.controller.together.host.friends[1].state == "connected"
    assert friend.controller.together.guest.seat == 1
    assert not [text for role, text in host.controller.messages if role == "alert"]


class WithoutWebRtc(Device):
    """A page in a browser that has no WebRTC (Debian's WebKitGTK): each offer and answer
    fails with together.js's reason."""

    def run_job(self, job) -> None:
        if isinstance(job, (Offer, Answer)):
            self.controller.together.job_failed(job, "Error: no WebRTC")
        else:
            super().run_job(job)


def waits(device: Device) -> list:
    """What the device's page shows that waits for the link: a line that something is
    being made, a reply code."""
    page = Page(screen_html(device.screen()))
    words = [e.text for e in page.elements if "Making" in e.text and not e.children]
    return words + [e.text for e in page.find(data_reply_code="")]


def test_a_browser_without_webrtc_says_so_and_shows_nothing_that_waits():
    network, clock, host, friends = table_for("triggs")
    friend = WithoutWebRtc(network, "friend", clock)
    friend.open(host.controller.together.host.links[1])
    friend.act("join", text="Bia")
    assert [role for role, text in friend.controller.messages] == ["alert"]
    assert "cannot connect to other devices" in friend.controller.messages[0][1]
    assert friend.screen().kind == "join" and not waits(friend)
    assert friend.controller.together.guest is None and friend.controller.together.reply is None

    lonely = WithoutWebRtc(network, "lonely", clock)  # hosting: no invitation can be made
    lonely.controller.setup = host.controller.setup
    lonely.act("start")
    assert lonely.screen().kind == "room" and not waits(lonely)
    assert "cannot connect to other devices" in lonely.controller.messages[-1][1]
    page = Page(screen_html(lonely.screen()))
    assert page.find(data_action="invite-again", data_seat=1)
    lonely.act("to-bot", seat=1)  # the seat's way on
    assert lonely.screen().kind in ("table", "pass")


def test_a_failed_answer_leaves_the_invitation_as_it_was_before_join():
    network, clock, host, friends = table_for("triggs")
    friend = friends[1]
    friend.open(host.controller.together.host.links[1])
    friend.controller.handle("join", {"text": "Bia"})
    job = friend.controller.together.take_jobs()[0]
    friend.controller.together.job_failed(job, "Error: closed")
    assert [role for role, text in friend.controller.messages] == ["alert"]
    assert "(Error: closed)" in friend.controller.messages[0][1] and not waits(friend)
    friend.act("join", text="Bia")  # tried again, it goes through
    host.act("accept-reply", seat=1, text=friend.controller.together.reply)
    network.run()
    assert host.controller.together.host.friends[1].state == "connected"


def test_playing_across_the_internet_uses_only_the_servers_the_player_chose():
    network, clock, host, friends = table_for("triggs")
    controller = host.controller
    assert ice_servers(controller.store) == ([], "local")
    host.act("setting", key="internet", value="on")
    servers, mode = ice_servers(controller.store)
    assert mode == "internet" and servers == [{"urls": SUGGESTED_STUN}]
    host.act("text-setting", key="turn", value=" turn:turn.example.org:3478 ")
    host.act("text-setting", key="turn_user", value="me")
    host.act("text-setting", key="turn_pass", value="secret")
    servers, _ = ice_servers(controller.store)
    assert servers[1] == {"urls": "turn:turn.example.org:3478", "username": "me",
                          "credential": "secret"}
    jobs, run = [], host.run_job
    host.run_job = lambda job: (jobs.append(job), run(job))
    host.act("invite-again", seat=1)
    assert [job.servers for job in jobs if isinstance(job, Offer)] == [servers]


def test_an_invitation_carries_no_seed_and_the_seats_link_form_works():
    network, clock, host, friends = table_for("rentz")
    link = host.controller.together.host.links[1]
    assert host.controller.session.seed not in link and "seed=" not in link
    fresh = Device(network, "fresh", clock)
    fresh.open("https://play.test/#/the-game?seed=s&players=2&seats=human,friend")
    assert fresh.screen().kind == "room"
    assert [row[1] for row in fresh.screen().body.room] in (["invited"], [])


def test_the_friends_are_told_when_the_host_leaves_the_table():
    network, clock, host, friends = table_for("triggs")
    seat_friends(host, friends)
    host.act("lobby")
    network.run()
    said = " ".join(text for _, text in friends[1].screen().messages)
    assert friends[1].controller.together.guest.state == "closed" and "closed the table" in said
    assert friends[1].controller.sitting.latest_move()[0] == 0


def test_at_a_friends_table_escape_drops_the_choice_and_the_records_open_and_close():
    network, clock, host, friends = table_for("triggs")
    seat_friends(host, friends)
    friend = friends[1]
    remote = friend.controller.together.guest.remote
    remote.local = "a choice"
    assert friend.controller.sitting.cancel_action() == remote.module.CANCEL
    friend.act("records")
    assert friend.screen().kind == "records"
    friend.act("close-records")
    assert friend.screen().kind == "table"
    assert friend.act("new-deal") is None
    assert "only the host" in friend.controller.messages[-1][1]


@pytest.mark.parametrize("again", ["new-deal", "again"])
def test_the_next_deal_at_the_same_table_keeps_the_friends(again):
    network, clock, host, friends = table_for("triggs")
    seat_friends(host, friends)
    play_out([host, *friends.values()], random.Random(21))
    network.run()
    first = friends[1].controller.browsing.book.games[-1]
    host.act(again)
    network.run()
    assert host.screen().kind in ("table", "pass")
    friend = friends[1]
    assert friend.screen().kind == "table" and friend.controller.together.guest.log == []
    assert friend.controller.together.guest.table["at"] == 0
    play_out([host, *friends.values()], random.Random(22))
    network.run()
    assert len(friend.controller.browsing.book.games) == 2
    assert friend.controller.browsing.book.games[0] == first
