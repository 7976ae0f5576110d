"""A game played at a together table comes whole to each friend's records (issue 52).

Pages linked in memory, as in test_together.py. Once the game is over (the match, not a
deal of it) the host's page sends each friend a ``record`` message with the game's seed and
moves; before that, no message to a friend holds either. The friend's page keeps them only
when the engine replays them to the game it saw (moves, result, every event), then its
record replays from its own seat; a record sent after the friend's page recorded the game
fills that record in. (A whole match of Rentz, with the record at its end, is
test_together.py's whole game.)
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.bots import finish
from cardtable.web.lobby import FRIEND, HUMAN, default_setup
from cardtable.web.records.book import RecordBook, checked, digest
from cardtable.web.records.replay import Replay
from cardtable.web.tables import pauses
from cardtable.web.validate import deal_seen_steps
from cardtable.web.together import messages
from cardtable.web.together.transport import MemoryNetwork
from together_devices import Clock, Device, play_out, seat_friends

TABLES = {
    "the-game": (3, (HUMAN, FRIEND, FRIEND)),
    "triggs": (3, (HUMAN, FRIEND, "basic")),
    "rentz": (3, (HUMAN, FRIEND, "basic")),  # a match of several deals
}


class Table:
    """A host and its friends, every message to a friend kept as ``(seat, text, over)``
    (``over``: the host's game was over when it was sent); with ``hold``, the ``record``
    messages are kept back from the friends (``held``) until :meth:`deliver`."""

    def __init__(self, game: str, hold: bool = False):
        players, seats = TABLES[game]
        self.network, clock = MemoryNetwork(), Clock()
        self.host = Device(self.network, "host", clock)
        setup = default_setup(game).with_players(players)
        for seat, kind in enumerate(seats[1:], start=1):
            setup = setup.with_seat(seat, kind)
        self.host.controller.setup = setup
        self.host.act("start")
        self.friends = {seat: Device(self.network, f"friend{seat}", clock)
                        for seat, kind in enumerate(seats) if kind == FRIEND}
        self.sent, self.held, self.hold = [], [], hold
        host = self.host.controller.together.host
        self.forward = host.send
        host.send = self.capture
        seat_friends(self.host, self.friends)

    def capture(self, peer: str, text: str) -> None:
        seat = int(peer.split("-")[1])
        self.sent.append((seat, text, self.host.controller.sitting.table.finished))
        if self.hold and json.loads(text)["t"] == "record":
            self.held.append((seat, text))
        else:
            self.forward(peer, text)

    def play(self, seed: int) -> None:
        play_out([self.host, *self.friends.values()], random.Random(seed))
        self.network.run()
        assert self.host.controller.sitting.table.finished

    def deliver(self, seat: int, text: str) -> None:
        """``text`` reaches ``seat``'s page as if from the host."""
        self.friends[seat].on_message("host", text)

    def records(self, seat: int) -> list:
        return self.friends[seat].controller.browsing.book.games


@pytest.mark.parametrize("game", ["the-game", "triggs"])
def test_the_deal_leaves_the_host_only_once_the_game_is_over_and_replays_from_the_seat(game):
    table = Table(game)
    table.play(seed=7)
    session = table.host.controller.session
    before = [(seat, text) for seat, text, over in table.sent if not over]
    assert len(before) > 20
    for seat, text in before:
        assert session.seed not in text and json.loads(text)["t"] != "record"
        assert '"actions"' not in text
    sent = [(seat, json.loads(text)) for seat, text, over in table.sent
            if json.loads(text)["t"] == "record"]
    assert sorted(seat for seat, _ in sent) == sorted(table.friends)  # once each
    for seat, data in sent:
        assert data["seed"] == session.seed and data["actions"] == session.actions
    for seat, friend in table.friends.items():
        [record] = table.records(seat)
        assert record["seat"] == seat and record["seed"] == session.seed
        assert record["actions"] == session.actions and record["moves"] == len(session.actions)
        assert record["digest"] == digest(session.actions)
        replay = Replay(record, 0)
        replay.to(replay.last)
        assert replay.view() == {**session.state.view(seat), "legal": []}
        assert replay.names[seat] == "You"
        # the next visit reads it back, and an export of it imports with its moves checked
        assert RecordBook(friend.store).games == [record]
        good, bad = checked(json.loads(RecordBook(friend.store).export_text()), replay=True)
        assert bad == [] and good[0]["actions"] == session.actions


def test_rz3_no_deal_leaves_the_host_between_the_deals_of_a_match():
    table = Table("rentz")
    session = table.host.controller.session
    module = table.host.controller.sitting.table.module
    play_out([table.host, *table.friends.values()], random.Random(4),
             stop=lambda: sum(pauses(module, batch) for batch in session.events) >= 2)
    assert sum(pauses(module, batch) for batch in session.events) >= 2
    assert not session.state.is_over
    for seat, text, over in table.sent:
        assert not over and session.seed not in text and json.loads(text)["t"] != "record"
    assert table.records(1) == [] and table.friends[1].controller.together.guest.deal is None


def test_a_record_that_comes_after_the_game_was_recorded_fills_that_record_in():
    table = Table("the-game", hold=True)
    table.play(seed=3)
    [(seat, text), *_] = table.held
    [before] = table.records(seat)
    assert before["seed"] is None and before["actions"] is None
    moves, when = before["moves"], before["when"]
    table.deliver(seat, text)
    [after] = table.records(seat)
    session = table.host.controller.session
    assert after["actions"] == session.actions and after["seed"] == session.seed
    assert (after["moves"], after["when"], after["seat"]) == (moves, when, seat)
    table.deliver(seat, text)  # said again: dropped, still one record
    assert table.records(seat) == [after]
    guest = table.friends[seat].controller.together.guest
    assert guest.dropped[-1] == "record: before the game is over, or once more"
    table.deliver(seat, tampered(text, "seed"))  # another after it: dropped, not said
    assert table.records(seat) == [after] and guest.deal["seed"] == session.seed
    assert not any("not those of the game" in words
                   for _, words in table.friends[seat].controller.messages)
    assert RecordBook(table.friends[seat].store).games == [after]


def tampered(text: str, how: str) -> str:
    data = json.loads(text)
    if how == "seed":
        data["seed"] = data["seed"] + "x"
    elif how == "short":
        data["actions"] = data["actions"][:-1]
    elif how == "options":
        small = data["options"]["small_hands"]
        data["options"] = {**data["options"], "small_hands": "on" if small == "off" else "off"}
    elif how == "game":
        data["game"] = "extreme"
    return json.dumps(data)


@pytest.mark.parametrize("how", ["seed", "short", "options", "game"])
def test_a_record_that_is_not_the_game_seen_is_refused_in_words(how):
    table = Table("the-game", hold=True)
    table.play(seed=5)
    seat, text = table.held[0]
    friend = table.friends[seat]
    [before] = table.records(seat)
    table.deliver(seat, tampered(text, how))
    assert table.records(seat) == [before] and before["actions"] is None
    assert friend.controller.together.guest.deal is None
    said = [words for role, words in friend.controller.messages if role == "alert"]
    assert said and "not those of the game you played" in said[-1]
    table.deliver(seat, text)  # the true one still comes in
    assert table.records(seat)[0]["actions"] == table.host.controller.session.actions


def test_a_record_before_the_end_is_dropped_and_changes_nothing():
    table = Table("triggs")
    play_out([table.host, *table.friends.values()], random.Random(2),
             stop=lambda: len(table.host.controller.session.actions) > 6)
    session = table.host.controller.session
    save = session.to_save()
    text = messages.message("record", **{key: save[key] for key in (
        "game", "players", "seats", "options", "seed", "actions")})
    guest = table.friends[1].controller.together.guest
    table.deliver(1, text)
    assert guest.dropped[-1] == "record: before the game is over, or once more"
    assert guest.deal is None and table.records(1) == []


@pytest.mark.parametrize("fields, why", [
    ({"seed": "<b>"}, "record: markup"),
    ({"seed": 7}, "record: deal"),
    ({"actions": "play"}, "record: deal"),
    ({"actions": [["play", "<i>"]]}, "record: markup"),
    ({"options": {"rules": 3}}, "record: options"),
    ({"seats": "human"}, "record: seats"),
    ({"players": 99}, "record: game"),
])
def test_a_malformed_record_message_is_dropped_in_words(fields, why):
    data = {"game": "triggs", "players": 3, "seats": ["human", "friend", "friend"],
            "options": {}, "seed": "s1", "actions": [], **fields}
    with pytest.raises(ValueError, match=why):
        messages.read(messages.message("record", **data), from_host=True)


def test_moves_that_replay_must_make_the_very_result_events_and_view_seen():
    table = Table("the-game", hold=True)
    table.play(seed=5)
    seat, text = table.held[0]
    guest = table.friends[seat].controller.together.guest
    data, seen = json.loads(text), guest.seen()
    finish(deal_seen_steps(data, guest.setup, seen))  # the game seen: kept
    log = json.loads(json.dumps(seen["log"]))
    log[-1][-1]["seat"] = "another"  # one event seen otherwise
    hand = seen["view"]["hand"]  # the cards left in the friend's hand at the end
    others = [{"log": log}, {"result": {**seen["result"], "outcome": "another"}},
              {"moves": seen["moves"] + 1}, {"view": {**seen["view"], "hand": hand + [1]}}]
    for other in others:
        with pytest.raises(ValueError, match="do not make the game that was played"):
            finish(deal_seen_steps(data, guest.setup, {**seen, **other}))


def test_a_friends_record_opens_its_review_from_its_own_seat():
    table = Table("the-game")
    table.play(seed=9)
    friend = table.friends[2]
    friend.act("records", game="the-game")
    effect = friend.act("review", index=0)
    reviewing = friend.controller.browsing.reviewing
    assert effect[0] == "review" and reviewing.seat == 2
    assert reviewing.names[2] == "You" and friend.screen().kind == "review"


def test_a_page_reloaded_since_it_recorded_the_game_fills_in_that_record():
    table = Table("the-game", hold=True)
    table.play(seed=3)
    seat, text = table.held[0]
    friend = table.friends[seat]
    browsing, guest = friend.controller.browsing, friend.controller.together.guest
    browsing.recorded = (None, None)  # as a page reloaded since has it
    browsing.record_guest(guest)  # the table drawn again: not recorded a second time
    assert len(table.records(seat)) == 1
    table.deliver(seat, text)
    [record] = table.records(seat)
    assert record["actions"] == table.host.controller.session.actions


def test_a_friends_end_screen_offers_review_once_the_moves_came():
    """The end screen of a friend's table offers Review when the host's page sent the
    moves (reviewed from the friend's seat), not before."""
    from cardtable.web.render import screen_html

    table = Table("the-game", hold=True)
    table.play(seed=7)
    seat, text = table.held[0]
    friend = table.friends[seat]
    assert friend.screen().kind == "end" and not friend.screen().body.reviewable
    assert 'data-action="review"' not in screen_html(friend.screen())
    table.deliver(seat, text)
    end = friend.screen()
    assert end.kind == "end" and end.body.reviewable
    assert 'data-action="review"' in screen_html(end)
    effect = friend.act("review")
    assert effect[0] == "review" and friend.controller.browsing.reviewing.seat == seat


def test_the_record_is_checked_a_move_at_a_time_and_kept_only_at_its_end():
    """A friend's page checks the host's record in steps (the page runs them in slices:
    replaying a long match in one go stalled it), one a move; only once the last move
    and the result check out is the deal kept and the game recorded with its moves."""
    table = Table("rentz", hold=True)
    table.play(seed=3)
    seat, text = table.held[0]
    friend = table.friends[seat]
    together, guest = friend.controller.together, friend.controller.together.guest
    together.link_message("host", text)  # as the page takes it, before its slices run
    steps = together.record_steps()
    assert together.record_steps() is None  # one check a record
    moves = len(json.loads(text)["actions"])
    for _ in range(moves - 1):
        next(steps)
        assert guest.deal is None and table.records(seat)[0]["actions"] is None
    with pytest.raises(StopIteration):
        next(steps)
        next(steps)
    assert guest.deal["actions"] == table.host.controller.session.actions
    assert table.records(seat)[0]["actions"] == guest.deal["actions"]


def test_a_record_whose_table_moved_on_while_it_was_checked_is_dropped():
    table = Table("the-game", hold=True)
    table.play(seed=5)
    seat, text = table.held[0]
    together, guest = (table.friends[seat].controller.together,
                       table.friends[seat].controller.together.guest)
    together.link_message("host", text)
    steps = together.record_steps()
    next(steps)
    guest.log = guest.log + [[]]  # the host's next log arrived meanwhile
    for _ in steps:
        pass
    assert guest.deal is None and guest.dropped[-1].startswith("record: the table moved on")
