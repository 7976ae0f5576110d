"""Events are public (``engine/core.py``): checked on every registered game and on Nim.

The property: nothing sent to a seat differs between two states that differ only in what
that seat cannot see. For each action, a guest at a shared table receives the engine's
events and its seat's view; views are checked in ``test_contract.py``, events here.

At every step ``state --action--> after`` of seeded games (every player count, random
play with table talk and a bot level, options as the harness picks them), for every
observer seat, ``other = state.unseen_shuffled(seat, rng)`` deals again what that seat
cannot see, and ``action`` is applied there too (``other_after``):

- the seat's own action must be legal in ``other`` at once (its legal actions are in its
  view); another seat's action is tried on up to :data:`TRIES` deals until it is legal
  there (the other hands must hold its card), and counts as ``missed`` if it never is;
- the events of ``action`` must be the same in ``state`` and ``other`` wherever the seat's
  views after it are the same. Where those views differ, the action made public, or
  showed the seat, what they differ in (a card drawn, a card turned up, a seat that can
  or cannot play again) and the events may say it too; for another seat's action such a
  step counts as ``others revealing``, not as compared (``others``);
- the seat's own action that reveals nothing hidden (``reveals_hidden``, which undo
  trusts) leaves the seat's view after it the same in both.

The test fails when too few of other seats' actions were compared (:data:`COMPARED`) or
an event kind that happened was never compared; ``pytest -s`` prints the figures.
"""

import json
import random
from collections import Counter
from dataclasses import dataclass, replace
from itertools import islice

import pytest
from test_invariants import choice_options, random_action

from cardtable import sim
from cardtable.bots import levels, make_bot
from cardtable.engine import registry
from cardtable.engine.core import IllegalAction
from cardtable.engine.rng import below
from cardtable.games.the_game.rules import TheGameState, start

GAME_IDS = sorted(registry.GAMES) + ["nim"]
GAMES_PER_SETUP = 2  # seeded games per player count and policy
TRIES = 40  # deals tried for another seat's action to be legal
TALK = 0.2  # the share of random moves made among all legal actions, table talk included
MAX_STEPS = 600  # steps checked per game (a whole Rentz match at 6 players has ~1100)
COMPARED = 0.6  # the least share of other seats' actions whose events must be compared


@pytest.fixture(autouse=True)
def nim(monkeypatch):
    """Nim joins the registry for one test: one line, as a real game's package does."""
    monkeypatch.setitem(registry.GAMES, "nim", registry.declared("nim"))


def as_json(value):
    """``value`` as a guest receives it: after a JSON round trip."""
    return json.loads(json.dumps(value, allow_nan=False))


def setups(spec) -> list:
    """``(players, seed, policy)``: at every player count, :data:`GAMES_PER_SETUP` games
    at random and as many with the weakest bot level that is not random (it plays on to
    later positions)."""
    policies = ("random",) + levels(spec.id)[1:2]
    return [(players, f"events/{players}/{policy}/{game}", policy)
            for players in range(spec.min_players, spec.max_players + 1)
            for policy in policies for game in range(GAMES_PER_SETUP)]


def steps(spec, players: int, seed: str, policy: str):
    """Every ``(state, action, after)`` of one seeded game played by ``policy``."""
    rng = random.Random(seed)
    state = spec.new(players, choice_options(spec, players, rng), seed)
    bots = [make_bot(spec.id, policy, seat, sim.bot_seed(seed, seat))
            for seat in range(players)]
    while not state.is_over:
        action = (random_move(state, rng) if policy == "random"
                  else sim.next_action(state, bots, [policy] * players))
        after = state.apply(action)
        yield state, action, after
        state = after


def random_move(state, rng):
    """A random legal action; table talk too, now and then (the harness leaves it out)."""
    if rng.random() >= TALK:
        return random_action(state, rng)
    legal = state.legal_actions()
    return legal[below(rng, len(legal))]


def dealt_again(state, seat: int, action, rng):
    """``(other, other_after)``: ``state`` with what ``seat`` cannot see dealt again, and
    ``action`` applied there; ``(None, None)`` when ``action`` was legal in none of the
    deals tried (one for the seat's own action, else :data:`TRIES`)."""
    for _ in range(1 if seat == state.current_player else TRIES):
        other = state.unseen_shuffled(seat, rng)
        try:
            return other, other.apply(action)
        except IllegalAction:
            continue
    return None, None


def check_step(state, action, after, seat: int, rng) -> str:
    """The property at one step for one observer ``seat``. Says how the step counts:
    ``own`` or ``others`` (the seat's own action or another's, events compared), the
    same followed by `` revealing`` (the views after it differ: not compared), or
    ``missed`` (another's action, legal in none of the deals tried)."""
    own = seat == state.current_player
    other, other_after = dealt_again(state, seat, action, rng)
    if other is None:
        assert not own, f"seat {seat}'s own {action} is illegal once what it cannot see" \
                        " is dealt again: its legal actions depend on hidden cards"
        return "missed"
    same_view = as_json(after.view(seat)) == as_json(other_after.view(seat))
    if same_view:
        sent = as_json(state.events(action, after))
        seen = as_json(other.events(action, other_after))
        assert seen == sent, (f"the events of {action} hold something seat {seat} cannot"
                              f" see: {sent} here, {seen} with it dealt again")
    if own and not state.reveals_hidden(action):
        assert same_view, f"{action} reveals nothing hidden, yet seat {seat}'s view after" \
                          " it depends on hidden cards"
    return ("own" if own else "others") + ("" if same_view else " revealing")


def check_game(spec, players: int, seed: str, policy: str, figures: Counter) -> None:
    """:func:`check_step` at every step of one game (up to :data:`MAX_STEPS`), for every
    seat; ``figures`` counts steps, how each observer counted, and the events compared
    (``compared``) and produced (``events``) by kind."""
    rng = random.Random(f"check/{seed}")
    for state, action, after in islice(steps(spec, players, seed, policy), MAX_STEPS):
        kinds = [event["kind"] for event in state.events(action, after)]
        figures.update(["steps"] + [f"events {kind}" for kind in kinds])
        for seat in range(players):
            counted = check_step(state, action, after, seat, rng)
            figures[counted] += 1
            if counted in ("own", "others"):  # compared
                figures.update(f"compared {kind}" for kind in kinds)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_are_the_same_whatever_a_seat_cannot_see(game_id):
    """Nothing sent to a seat differs between two states that differ only in what that
    seat cannot see (the module docstring says how each step is checked)."""
    spec = registry.GAMES[game_id]
    figures = Counter()
    for setup in setups(spec):
        check_game(spec, *setup, figures)
    print(game_id, dict(sorted(figures.items())))
    tried = figures["others"] + figures["others revealing"] + figures["missed"]
    assert figures["others"] >= COMPARED * tried, (
        f"too few of other seats' actions were compared: {dict(figures)}")
    produced = {key.split()[1] for key in figures if key.startswith("events ")}
    compared = {key.split()[1] for key in figures if key.startswith("compared ")}
    assert compared == produced, f"events of kinds {produced - compared} never compared"


@dataclass(frozen=True)
class ShowsAHand(TheGameState):
    """The Game with a leak: every action's events show the next seat's hand."""

    def events(self, action, after):
        following = (self.current + 1) % self.players
        leak = {"seat": None, "kind": "peek", "hand": list(after.hands[following])}
        return super().events(action, after) + [leak]


@dataclass(frozen=True)
class ShowsTheDraw(TheGameState):
    """The Game with a leak: the end of a turn shows the cards drawn."""

    def events(self, action, after):
        drawn = sorted(set(after.hands[self.current]) - set(self.hands[self.current]))
        return [{**event, "cards": drawn} for event in super().events(action, after)]


@pytest.mark.parametrize("leaky", [ShowsAHand, ShowsTheDraw], ids=lambda cls: cls.__name__)
def test_the_check_catches_events_that_show_hidden_cards(leaky):
    the_game = registry.GAMES["the-game"]
    check_game(the_game, 3, "events/leak", "random", Counter())
    spec = replace(the_game, state_type=leaky,
                   new_game=lambda players, options, seed: start(leaky, players, options, seed))
    with pytest.raises(AssertionError, match="hold something seat . cannot see"):
        check_game(spec, 3, "events/leak", "random", Counter())
