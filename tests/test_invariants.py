"""One random-play invariant harness over every registered game (see DESIGN.md).

For every game in the registry and every player count it allows, it plays seeded games
with random legal actions and with each bot level, and checks after every action:
every card of the spec is somewhere, exactly once as often as it occurs; there are legal
actions unless the game is over. At the end of each game: replaying the action log gives
the same state, the state survives a JSON round trip, and illegal actions raise an error
that says why. ``CARDTABLE_HARNESS_GAMES`` sets the random games per player count.
"""

import json
import os
import random
from collections import Counter

import pytest

from cardtable.bots import levels, make_bot
from cardtable.engine.core import IllegalAction
from cardtable.engine.registry import GAMES

RANDOM_GAMES = int(os.environ.get("CARDTABLE_HARNESS_GAMES", "1000"))
BOT_GAMES = max(RANDOM_GAMES // 10, 10)
CASES = [(game_id, players) for game_id, spec in GAMES.items()
         for players in range(spec.min_players, spec.max_players + 1)]


def random_options(spec, rng):
    return {opt.key: opt.choices[int(rng.random() * len(opt.choices))] for opt in spec.options}


def check_invariants(spec, state):
    located = Counter(card for cards in state.card_locations().values() for card in cards)
    assert located == Counter(spec.cards), "cards lost or duplicated"
    actions = state.legal_actions()
    assert bool(actions) != state.is_over, "legal actions must exist exactly while playing"
    assert (state.current_player is None) == state.is_over


def check_finished_game(spec, players, options, seed, actions, state):
    assert spec.replay(players, options, seed, actions) == state, "replay differs"
    data = json.loads(json.dumps(state.to_json()))
    assert spec.state_type.from_json(data) == state, "JSON round trip differs"
    with pytest.raises(IllegalAction) as err:
        state.apply(("no-such-action",))
    assert str(err.value)


def play(spec, players, seed, choose):
    """Play one game; ``choose(state, seat)`` picks each action. Checks every step."""
    rng = random.Random(seed)
    options = random_options(spec, rng)
    state = spec.new(players, options, str(seed))
    actions = []
    for _ in range(20_000):
        check_invariants(spec, state)
        if state.is_over:
            break
        action = choose(state, rng)
        actions.append(action)
        state = state.apply(action)
    assert state.is_over, "the game did not end"
    check_finished_game(spec, players, options, str(seed), actions, state)
    return state


def random_choice(state, rng):
    """A random legal action, preferring moves over table talk so games finish."""
    actions = state.legal_actions()
    moves = [a for a in actions if a[0] not in ("signal", "share")] or actions
    return moves[int(rng.random() * len(moves))]


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_play_keeps_every_invariant(game_id, players):
    spec = GAMES[game_id]
    for seed in range(RANDOM_GAMES):
        play(spec, players, seed, random_choice)


@pytest.mark.parametrize("game_id,players", CASES)
def test_bot_play_keeps_every_invariant(game_id, players):
    spec = GAMES[game_id]
    for level in levels(game_id):
        for seed in range(BOT_GAMES):
            bots = [make_bot(game_id, level, seat, str(seed)) for seat in range(players)]
            play(spec, players, seed,
                 lambda state, rng: bots[state.current_player].act(
                     state.view(state.current_player)))
