"""A finished game reviewed from one seat: how the seat stood along its moves, and the
moves where the game's top bot would have done clearly better.

Each game says what its review measures in ``games/<game>/review.py``: a ``REVIEW``
(:class:`ReviewSpec`) naming the fast level that plays sampled worlds out, the level
whose hint names the better move, how many worlds a move rests on, and the number a
play-out ends on for the seat. This driver names no game.

For every action the seat made (its *moves*, counted from 0), the position before it is
taken from the engine's replay of the record; ``samples`` worlds are drawn consistent with
what the seat saw there (``GameState.unseen_shuffled``, which depends on the seat's view
and the stream alone, never on where the hidden cards really were), and each world is
played out twice by the policy level, once after the move made and once after the judge's
preferred move, with the same bots' streams (common random numbers, so that the two
differ by the moves and not by luck). Where the spec says ``least``, a move stops after
that many worlds unless its play-outs so far put the judge's move above it: the same
move as the judge's, or one no worse so far, is not a mistake to look into, and its point
says its wider noise (a mistake is called on every world of ``samples``). A move's point is the mean of the first play-outs
and its ``noise`` the half-width of their 95% interval; its drop is the mean difference,
called a mistake only beyond :data:`MOMENT_Z` standard errors (so that a game of forty
good moves names none by chance). Everything is seeded from the record: the same record
reviewed twice gives the same figures.

The review is thought in slices (:meth:`Review.steps` yields after every action of a
play-out), so that a page runs it between frames; the points fill in as it goes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from ..engine.core import as_action, thaw
from ..engine.registry import GAMES, game_module
from ..engine.rng import make_rng
from . import make_bot
from .thinking import finish, hinting

Z95 = 1.96  # a point's noise: the half-width of its 95% interval
MOMENT_Z = 3.0  # a drop is a mistake only beyond this many standard errors of the difference
MOMENTS = 5  # at most this many moves that mattered


def game_over(start, state) -> bool:
    """The default end of a play-out: the game's end."""
    return state.current_player is None


@dataclass(frozen=True)
class ReviewSpec:
    """What a game's review measures.

    ``measure(start, end, seat)``: the number a play-out from ``start`` that stopped at
    ``end`` gives the seat, on the scale the page shows (a chance in 0..1, cards, points);
    ``until(start, state)``: whether a play-out stops at ``state`` (the game's end unless
    said). ``unit`` names the scale for the page (``"chance"``, ``"cards"``, ``"points"``,
    ``"place"``), ``higher`` whether more is better. ``policy`` plays the worlds out: a
    level of the game's bots, or a bot class (``policy(seat, seed)``, a bot as
    ``bots.make_bot`` gives: it sees only views and acts among their ``legal``);
    ``judge`` is the level whose hint (``hint(view)``: its actions and the reason in words)
    names the better move; ``samples`` worlds per move, or only ``least`` (when given)
    where the first ``least`` show the move no worse than the judge's (see
    :meth:`Review.judge_move`)."""

    policy: str | type
    judge: str
    samples: int
    measure: Callable
    unit: str
    higher: bool = True
    until: Callable = game_over
    least: int | None = None


def review_spec(game: str) -> ReviewSpec:
    """The game's ``REVIEW``; ``KeyError`` for a game not registered."""
    return game_module(game, "review").REVIEW


@dataclass
class Point:
    """How the seat stood after its move ``move`` (the record's action ``step``)."""

    move: int
    step: int
    estimate: float
    noise: float


@dataclass
class Moment:
    """A move that mattered: ``made`` where the judge preferred ``better``, which the
    play-outs put ``drop`` (± ``noise``) above it; ``reason`` is the judge's hint's words."""

    move: int
    step: int
    made: list
    better: list
    drop: float
    noise: float
    reason: str


def mean_and_noise(values: list, z: float = Z95) -> tuple:
    """The mean of ``values`` and the half-width of its ``z`` interval (infinite for fewer
    than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, z * math.sqrt(variance / n)


@dataclass
class Review:
    """The review of one recorded game from ``seat``; run :meth:`steps` to its end (in
    slices or with ``bots.finish``), reading ``points`` as they come."""

    game: str
    players: int
    options: dict
    seed: str
    actions: list
    seat: int
    spec: ReviewSpec | None = None
    points: list = field(default_factory=list)
    moments: list = field(default_factory=list)
    done: bool = False

    def __post_init__(self):
        self.spec = self.spec or review_spec(self.game)
        self.states = replayed(self.game, self.players, self.options, self.seed, self.actions)
        self.steps_of_moves = [step for step, state in enumerate(self.states[:-1])
                               if state.current_player == self.seat
                               and state.forced_action() is None]
        self.candidates: list = []

    @classmethod
    def of_record(cls, record: dict, seat: int | None = None, spec: ReviewSpec | None = None):
        """The review of a record (``records/book.py``'s form, its options written as links
        write them) from ``seat`` (the record's own seat unless said)."""
        game = GAMES[record["game"]]
        options = {key: game.option(key).parse(value) if isinstance(value, str) else value
                   for key, value in record["options"].items()}
        return cls(record["game"], record["players"], options, record["seed"],
                   record["actions"], record.get("seat", 0) if seat is None else seat, spec)

    def steps(self):
        """The review in slices: yields after each action of a play-out; ``points`` grow
        move by move, ``moments`` and ``done`` are set at the end."""
        for move, step in enumerate(self.steps_of_moves):
            yield from self.judge_move(move, step)
        self.moments = chosen_moments(self.candidates)
        self.done = True

    def judge_move(self, move: int, step: int):
        state, made = self.states[step], as_action(self.actions[step])
        better, reason = made, ""
        if len(state.legal_actions()) > 1:
            bot = make_bot(self.game, self.spec.judge, self.seat, f"review-judge-{step}")
            hint = yield from hinting(bot, state.view(self.seat))
            if hint and hint.get("actions"):
                better, reason = as_action(hint["actions"][0]), hint.get("reason", "")
        made_values, differences = [], []
        for k in range(self.spec.samples):
            if k == self.spec.least and not sum(differences) > 0:
                break  # no sign of a mistake: the move's point rests on fewer worlds
            rng = make_rng(f"{self.seed}|{self.seat}|{step}|{k}", "review")
            world = state.unseen_shuffled(self.seat, rng)
            streams = f"review-{step}-{k}"
            value = yield from self.played_out(world, made, streams)
            made_values.append(value)
            if better != made:
                other = yield from self.played_out(world, better, streams)
                differences.append(self.signed(other - value))
        estimate, noise = mean_and_noise(made_values)
        self.points.append(Point(move, step, estimate, noise))
        if differences:
            drop, drop_noise = mean_and_noise(differences, MOMENT_Z)
            self.candidates.append(Moment(move, step, thaw(made), thaw(better), drop,
                                          drop_noise, reason))

    def signed(self, difference: float) -> float:
        """A difference counted so that more is better for the seat."""
        return difference if self.spec.higher else -difference

    def played_out(self, world, action, streams: str):
        """The spec's measure for the seat once ``action`` is made in ``world`` and the
        policy level plays on (a generator yielding after each action)."""
        return (yield from play_out(self.game, world, self.seat, self.spec, streams, action))

    def as_json(self) -> dict:
        """The automation contract's form (README): state, points and moments."""
        return {"state": "done" if self.done else "thinking",
                "points": [{"move": p.move, "estimate": p.estimate, "noise": p.noise}
                           for p in self.points],
                "moments": [{"move": m.move, "made": m.made, "better": m.better,
                             "drop": m.drop, "noise": m.noise} for m in self.moments]}


def chosen_moments(candidates: list) -> list:
    """The moves that mattered: at most :data:`MOMENTS` of those whose drop is beyond its
    noise, the largest drops, in the order played."""
    clear = [m for m in candidates if m.drop > m.noise]
    largest = sorted(clear, key=lambda m: -m.drop)[:MOMENTS]
    return sorted(largest, key=lambda m: m.move)


def play_out(game: str, start, seat: int, spec: ReviewSpec, streams: str, first=None):
    """``start`` played on (``first`` its first action, if given) by ``spec.policy`` at
    every seat, forced moves made, until ``spec.until(start, state)``; returns
    ``spec.measure(start, end, seat)``; yields after each action."""
    state = start if first is None else start.apply(first)
    bots = {}
    while state.current_player is not None and not spec.until(start, state):
        actor = state.current_player
        action = state.forced_action()
        if action is None:
            if actor not in bots:
                bots[actor] = policy_bot(game, spec.policy, actor, f"{streams}/{actor}")
            action = as_action(bots[actor].act(state.view(actor)))
        state = state.apply(action)
        yield
    return spec.measure(start, state, seat)


def policy_bot(game: str, policy, seat: int, seed: str):
    """The play-out bot for ``seat``: ``policy`` is a level of the game's bots or a bot
    class (see :class:`ReviewSpec`)."""
    return make_bot(game, policy, seat, seed) if isinstance(policy, str) else policy(seat, seed)


def replayed(game: str, players: int, options: dict, seed: str, actions) -> list:
    """Every position of a recorded game, the first before any action."""
    states = [GAMES[game].new(players, options, seed)]
    for action in actions:
        states.append(states[-1].apply(as_action(action)))
    return states


def position_value(game: str, state, seat: int, samples: int | None = None,
                   seed: str = "value", spec: ReviewSpec | None = None) -> tuple:
    """How ``seat`` stands at ``state`` in the game's review measure, from what it sees
    there: ``(estimate, noise)``, the mean over sampled worlds played out by the review's
    policy and the half-width of its 95% interval. The research environments offer it."""
    spec = spec or review_spec(game)
    values = []
    for k in range(samples or spec.samples):
        world = state.unseen_shuffled(seat, make_rng(f"{seed}|{seat}|{k}", "review"))
        values.append(finish(play_out(game, world, seat, spec, f"value-{seed}-{k}")))
    return mean_and_noise(values)
