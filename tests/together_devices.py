"""Devices joined in memory for the tests of playing together.

A :class:`Device` is a page without the browser: a :class:`~cardtable.web.controller.
Controller` on its own store, whose link jobs are carried out by a
:class:`~cardtable.web.together.transport.MemoryNetwork` page, as ``web/page/link.py``
carries them out with WebRTC, and whose bots move at once. :func:`seat_friends` opens a
host's table with friends by the same steps as in the browser: invitation link, Join, reply
code, Connect.
"""

from __future__ import annotations

import random
from datetime import datetime
from urllib.parse import urlsplit

from cardtable.bots.thinking import finish
from cardtable.web.controller import Controller
from cardtable.web.storage import MemoryBackend, Store
from cardtable.web.together.transport import MemoryNetwork


class Clock:
    """Seconds that tests move on by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class MemoryRelay:
    """Relays in memory, as ``assets/relay.js`` and the brokers behave for the pages: a
    room is known by its secret; a text sent in it reaches every other page in it, once.
    ``up`` False: every relay is dead (a room opens with its state saying so) until
    :meth:`revive`, which joins the rooms opened meanwhile, as mqtt.js's reconnection does."""

    def __init__(self):
        self.rooms: dict = {}  # secret: [(device, room name)]
        self.heard: dict = {}  # (device, room name): its page's on_message
        self.up = True
        self.carried: list = []  # (secret, text) of everything sent
        self.contacted: list = []  # (device, room, the relays' URLs) of every room opened
        self.opened_dead: list = []  # (device, room, secret, on_message, on_state) while down

    def open(self, device, room: str, secret: str, on_message, on_state) -> None:
        self.close(device, room)
        if not self.up:
            self.opened_dead.append((device, room, secret, on_message, on_state))
            on_state(room, {"live": 0, "dead": 1, "of": 1})
            return
        self.rooms.setdefault(secret, []).append((device, room))
        self.heard[device, room] = on_message
        on_state(room, {"live": 1, "dead": 0, "of": 1})

    def revive(self) -> None:
        """The relays answer again: every room opened while they were dead comes live."""
        self.up = True
        waiting, self.opened_dead = self.opened_dead, []
        for device, room, secret, on_message, on_state in waiting:
            self.open(device, room, secret, on_message, on_state)

    def send(self, device, room: str, text: str) -> None:
        for secret, members in self.rooms.items():
            if (device, room) in members:
                self.carried.append((secret, text))
                for other, other_room in list(members):
                    if other is not device:
                        self.heard[other, other_room](other_room, text)

    def close(self, device, room: str) -> None:
        """The page left ``room``: gone from it, and not joined by :meth:`revive` either
        (relay.js ends a closed room's clients, reconnection included)."""
        self.opened_dead = [entry for entry in self.opened_dead if entry[:2] != (device, room)]
        for members in self.rooms.values():
            if (device, room) in members:
                members.remove((device, room))


class RelayEnd:
    """One page's end of a :class:`MemoryRelay` (the ``Relays`` interface of
    ``cardtable.web.together.link``, as ``window.cardtableRelay`` is in the browser)."""

    def __init__(self, relay: MemoryRelay, device):
        self.relay, self.device = relay, device

    def open(self, room: str, secret: str, urls, on_message, on_state) -> None:
        self.relay.contacted.append((self.device, room, tuple(urls)))
        self.relay.open(self.device, room, secret, on_message, on_state)

    def send(self, room: str, text: str) -> None:
        self.relay.send(self.device, room, text)

    def close(self, room: str) -> None:
        self.relay.close(self.device, room)


class Device:
    """One page: a controller, its store and its end of the network."""

    def __init__(self, network: MemoryNetwork, name: str, clock: Clock, store=None,
                 relay: MemoryRelay | None = None):
        self.network, self.name, self.clock, self.relay = network, name, clock, relay
        self.store = store or Store(MemoryBackend())
        self.seeds = (f"{name}-{n}" for n in range(10 ** 6))
        self.page = network.page(name)
        self.controller = Controller(self.store, lambda: next(self.seeds), "https://play.test/",
                                     clock=lambda: datetime(2026, 11, 26, 9, 30),
                                     seconds=clock, send_link=self.page.send)
        self.page.listen(self.on_message, self.on_state)
        self.relays = RelayEnd(relay, self) if relay else None
        self.goes_on = True  # the player goes on at once after a pause between deals

    def act(self, action: str, **data):
        """A tap on ``data-action=action`` with ``data``; then the jobs and bots run."""
        effect = self.controller.handle(action, {k: str(v) for k, v in data.items()})
        assert self.controller.failure is None, self.controller.failure
        self.pump()
        return effect

    def open(self, url: str) -> None:
        """Open a link on this page (its fragment)."""
        self.controller.boot("#" + urlsplit(url).fragment)
        self.pump()

    def pump(self) -> None:
        """Carry out the link jobs, as the page does, and let the bots move."""
        controller = self.controller
        while True:
            jobs = controller.together.take_jobs()
            for job in jobs:
                self.run_job(job)
            if self.goes_on and controller.paused():  # between deals: go on at once
                controller.handle("go-on", {})
                continue
            if controller.bot_due():
                controller.bot_step()
                continue
            if not jobs:
                return

    def run_job(self, job) -> None:
        """Carry out one link job, as the page does (its ``carry``)."""
        made = job.carry(self.page, self.relays, (self.on_relay_message, self.on_relay_state))
        if job.reports:
            self.controller.together.job_done(job, made)

    def on_relay_message(self, room: str, text: str) -> None:
        self.controller.together.relay_message(room, text)
        self.pump()

    def on_relay_state(self, room: str, state: dict) -> None:
        self.controller.together.relay_state(room, state)

    def on_message(self, peer: str, text: str) -> None:
        self.controller.together.link_message(peer, text)
        steps = self.controller.together.record_steps()  # the page checks it in slices
        if steps is not None:
            finish(steps)
        self.pump()

    def on_state(self, peer: str, state: str) -> None:
        self.controller.together.link_state(peer, state)
        self.pump()

    def view(self):
        return self.controller.current_view()

    def screen(self):
        return self.controller.screen()


def join(host: Device, friend: Device, seat: int, name: str = "") -> None:
    """``friend`` opens the invitation to ``seat`` and joins; the host pastes the reply."""
    friend.open(host.controller.together.host.links[seat])
    friend.act("join", text=name or f"Friend{seat}")
    host.act("accept-reply", seat=seat, text=friend.controller.together.reply)
    host.network.run()


def seat_friends(host: Device, friends: dict) -> None:
    """Each ``friends[seat]`` joins the host's table."""
    for seat, friend in friends.items():
        join(host, friend, seat)


def play_out(devices, rng: random.Random, limit: int = 20_000, stop=None) -> int:
    """Every device plays a random legal move whenever its seat is to move, until the game
    is over on every device (or ``stop()`` says so); the number of moves made."""
    moves = 0
    network = devices[0].network
    while moves < limit:
        network.run()
        if stop and stop():
            return moves
        mover = next((d for d in devices if my_move(d)), None)
        if mover is None:
            return moves
        act_for(mover, rng.choice(mover.view()["legal"]))
        moves += 1
    raise AssertionError("the game did not end")


def my_move(device: Device) -> bool:
    controller = device.controller
    if controller.together.guest is not None:
        guest = controller.together.guest
        return guest.ready and guest.remote.my_turn()
    table = controller.sitting.table
    if table is None or controller.together.host and controller.together.host.paused():
        return False
    if table.needs_pass():
        controller.handle("reveal", {})
    return table.my_turn() and not table.finished


def act_for(device: Device, action) -> None:
    """Play ``action`` for the device's seat, as its table module's buttons do."""
    controller = device.controller
    if controller.together.guest is not None:
        controller.together.guest.remote.act(action)
    else:
        controller.sitting.table.act(action)
        controller.local.saved()
    device.pump()


def pass_time(devices, clock: Clock, seconds: int, deliver: bool = True) -> None:
    """``seconds`` go by, one at a time: every page's heartbeat runs each second, and what
    the network carries arrives after it (unless ``deliver`` is false: a slow link)."""
    for _ in range(seconds):
        clock.now += 1
        for device in devices:
            if device.controller.together.tick() or device.controller.together.jobs:
                device.pump()
        if deliver:
            devices[0].network.run()
