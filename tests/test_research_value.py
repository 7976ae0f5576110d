"""The review's estimate offered to research code (``spiel.value``, the PettingZoo
environment's ``value``): a seat's standing from its view, deterministic from the seed,
the same whatever the hidden cards really are."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from cardtable_research import spiel, zoo  # noqa: E402

CASES = [("the-game", 2, {}), ("extreme", 2, {}), ("triggs", 2, {}),
         ("rentz", 3, {"practice": "queens"})]


def played_a_little(game, players, options, moves=6):
    """An OpenSpiel state after the deal and a few random legal moves."""
    state = spiel.load(game, players=players, seed=3, **options).new_initial_state()
    state.apply_action(0)
    rng = random.Random(5)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game,players,options", CASES)
def test_value_is_seeded_and_blind_to_the_hidden_cards(game, players, options):
    state = played_a_little(game, players, options)
    seat = state.current_player()
    estimate, noise = spiel.value(state, seat, samples=3, seed="s")
    assert spiel.value(state, seat, samples=3, seed="s") == (estimate, noise)
    # the same position with the cards this seat cannot see dealt otherwise
    other = state.clone()
    other._state = type(state._state)(state.engine_state.unseen_shuffled(seat, random.Random(9)))
    assert other.engine_state.view(seat) == state.engine_state.view(seat)
    assert other.engine_state != state.engine_state  # the hidden cards lie otherwise
    assert spiel.value(other, seat, samples=3, seed="s") == (estimate, noise)
    assert noise >= 0


def test_the_zoo_environment_gives_the_same_value():
    env = zoo.env("rentz", 3, {"practice": "queens"}, seed="3")
    env.reset(seed=0)
    agent = env.agent_selection
    estimate, noise = env.value(agent, samples=3, seed="s")
    assert (estimate, noise) == env.value(agent, samples=3, seed="s")
    assert isinstance(estimate, float) and noise >= 0
