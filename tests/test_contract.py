"""The game contract (``engine/core.py``), checked on every registered game: a new game
gets these tests by registering.

Positions come from seeded random games at the smallest and largest player counts:
- a view shows nothing of what its seat cannot see: dealing that again
  (``unseen_shuffled``) leaves the seat's view unchanged;
- a view carries ``legal``, the legal actions for the seat to move and nothing for others;
- an action not in the legal list, made from legal ones of this game with other values, is
  refused with :class:`IllegalAction` and a reason in words, never applied;
- ``events`` says what each action did as JSON dicts with ``seat`` and ``kind``;
- Hypothesis plays the legal actions it picks from random points of random games and
  checks the harness's invariants after each.
"""

import functools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule, run_state_machine_as_test)
from test_invariants import check_position, choice_options, random_action

from cardtable.engine.core import IllegalAction, freeze, thaw
from cardtable.engine.registry import GAMES
from cardtable.engine.rng import constrained_deal

GAME_IDS = sorted(GAMES)
SAMPLES_PER_GAME = 25
NONSENSE = (None, "x", -1, 10**6, ())


def as_json(value):
    """``value`` after a JSON round trip (tuples become lists)."""
    return json.loads(json.dumps(value, allow_nan=False))


def key(value) -> str:
    """A value's JSON text, to tell apart values that do not hash (lists)."""
    return json.dumps(thaw(value))


@functools.cache
def transitions(game_id: str) -> tuple:
    """``(state, action, after)`` steps sampled evenly from seeded random games at the
    smallest and largest player counts."""
    spec = GAMES[game_id]
    steps = []
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in ("contract/0", "contract/1"):
            game = play_through(spec, players, seed)
            stride = max(1, len(game) // SAMPLES_PER_GAME)
            steps.extend(game[stride // 2::stride])
    return tuple(steps)


def play_through(spec, players: int, seed: str) -> list:
    """Every ``(state, action, after)`` step of one random game."""
    rng = random.Random(seed)
    state = spec.new(players, choice_options(spec, players, rng), seed)
    steps = []
    while not state.is_over:
        action = random_action(state, rng)
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return steps


@functools.cache
def positions(game_id: str) -> tuple:
    """The sampled positions, the last one over."""
    steps = transitions(game_id)
    return tuple(state for state, _, _ in steps) + (steps[-1][2],)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_does_not_change_when_what_its_seat_cannot_see_is_dealt_again(game_id):
    spec = GAMES[game_id]
    rng = random.Random(game_id)
    dealt_again = 0
    for state in positions(game_id):
        for seat in range(state.players):
            other = state.unseen_shuffled(seat, rng)
            assert as_json(other.view(seat)) == as_json(state.view(seat)), (
                f"seat {seat}'s view shows something it cannot see")
            located = Counter(c for cards in other.card_locations().values() for c in cards)
            assert located == Counter(spec.cards(state.players)), "dealing again lost cards"
            dealt_again += other != state
    assert dealt_again, "unseen_shuffled never deals anything again"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_carries_the_legal_actions_of_the_seat_to_move_only(game_id):
    for state in positions(game_id):
        legal = as_json([list(a) for a in state.legal_actions()])
        for seat in range(state.players):
            view = as_json(state.view(seat))
            assert view["legal"] == (legal if seat == state.current_player else []), (
                f"seat {seat}'s view has the wrong legal actions")


@functools.cache
def vocabulary(game_id: str) -> dict:
    """Every value seen at each place of this game's legal actions: ``{(kind, index):
    {json: value}}``, and ``{("", 0): …}`` for the kinds."""
    values = {}
    for state in positions(game_id):
        for action in state.legal_actions():
            values.setdefault(("", 0), {})[key(action[0])] = action[0]
            for index, value in enumerate(action[1:], 1):
                values.setdefault((action[0], index), {})[key(value)] = value
    return values


def variants(action, values: dict, rng) -> list:
    """Actions made from a legal ``action``: another kind, other values at each place
    (values of this game, then nonsense), a value missing, one too many."""
    made = [(kind,) + action[1:] for kind in values[("", 0)].values()]
    for index in range(1, len(action)):
        seen = list(values.get((action[0], index), {}).values())
        for value in rng.sample(seen, min(6, len(seen))) + list(NONSENSE):
            made.append(action[:index] + (value,) + action[index + 1:])
    return made + [action[:-1], action + (action[-1],)]


def candidates(game_id: str, state, rng) -> list:
    """Actions to try on ``state``: variants of a few of its legal actions, legal actions
    of other positions, and nonsense; those in the legal list are left out."""
    values = vocabulary(game_id)
    legal = state.legal_actions()
    made = [(), ("no-such-action",)]
    for action in rng.sample(legal, min(5, len(legal))):
        made.extend(variants(action, values, rng))
    for other in rng.sample(positions(game_id), 4):
        made.extend(other.legal_actions()[:8])
    made = [freeze(thaw(action)) for action in made]
    return [action for action in made if action not in legal]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_actions_not_in_the_legal_list_are_refused_in_words(game_id):
    rng = random.Random(game_id)
    for state in positions(game_id):
        for action in candidates(game_id, state, rng):
            try:
                state.apply(action)
            except IllegalAction as err:
                message = str(err)
                assert message.strip() and "Traceback" not in message, (
                    f"{action} refused without a reason")
            except Exception as err:
                pytest.fail(f"{key(action)} raised {type(err).__name__}: {err},"
                            " not IllegalAction")
            else:
                pytest.fail(f"{key(action)} was applied but is not a legal action")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_say_what_each_action_did_as_data(game_id):
    for state, action, after in transitions(game_id):
        events = state.events(action, after)
        assert isinstance(events, list) and events, f"no events for {action}"
        assert as_json(events) == events, f"events of {action} are not JSON"
        for event in events:
            assert "seat" in event and event.get("kind"), f"{event} needs seat and kind"
        assert state.apply(thaw(action)) == after, "an action as a JSON list applies the same"


def machine(spec):
    """A Hypothesis state machine that plays ``spec``: it starts from a random point of a
    random game and then applies the legal actions it picks."""

    class Play(RuleBasedStateMachine):
        @initialize(players=st.integers(spec.min_players, spec.max_players),
                    seed=st.integers(0, 2**16), warmup=st.integers(0, 3000))
        def deal(self, players, seed, warmup):
            rng = random.Random(seed)
            self.options, self.seed = choice_options(spec, players, rng), str(seed)
            self.state = spec.new(players, self.options, self.seed)
            self.actions = []
            while len(self.actions) < warmup and not self.state.is_over:
                self.apply(random_action(self.state, rng))

        def apply(self, action):
            self.state = self.state.apply(action)
            self.actions.append(action)

        @precondition(lambda self: not self.state.is_over)
        @rule(pick=st.integers(0, 2**16))
        def act(self, pick):
            legal = self.state.legal_actions()
            self.apply(legal[pick % len(legal)])

        @rule()
        def round_trip(self):
            data = as_json(self.state.to_json())
            assert spec.state_type.from_json(data) == self.state, "JSON round trip differs"

        @invariant()
        def keeps_invariants(self):
            check_position(spec, self.state, len(self.actions))

        def teardown(self):
            if hasattr(self, "state"):
                replayed = spec.replay(self.state.players, self.options, self.seed, self.actions)
                assert replayed == self.state, "replay differs"

    return Play


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_any_legal_action_keeps_every_invariant(game_id):
    run_state_machine_as_test(machine(GAMES[game_id]), settings=settings(
        max_examples=200, stateful_step_count=60, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]))


def test_a_constrained_deal_keeps_every_bar_and_finds_a_deal_whenever_one_exists():
    """``engine.rng.constrained_deal``, which ``unseen_shuffled`` uses to keep what play
    has shown: each seat gets its number of cards and none it is barred from, even where
    dealing card by card would corner itself (only seat 2 may hold the Xs, and only if
    seat 2 takes no other card)."""
    cards = ["X1", "X2", "a", "b", "c", "d"]
    sizes, barred = {0: 2, 1: 2, 2: 2}, {0: {"X1", "X2"}, 1: {"X1", "X2"}}
    seen = set()
    for seed in range(40):
        hands = constrained_deal(cards, sizes, barred, random.Random(seed))
        assert sorted(hands[2]) == ["X1", "X2"]
        assert {len(hand) for hand in hands.values()} == {2}
        assert sorted(card for hand in hands.values() for card in hand) == sorted(cards)
        seen.add(tuple(sorted(hands[0])))
    assert len(seen) > 3  # still dealt at random where the bars leave room
    with pytest.raises(ValueError):
        constrained_deal(cards, sizes, {0: {"X1"}, 1: {"X1"}, 2: {"X1"}}, random.Random(0))
