"""The games as PettingZoo AEC environments (py/cardtable_research/zoo.py): PettingZoo's
``api_test`` and ``seed_test`` on every game at both ends of its player range, the deal
``reset(seed=k)`` gives, the action mask against the view's legal actions, and a bot
level answering ``info["view"]``."""

import random

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable_research import zoo  # noqa: E402
from cardtable.sim import bot_seed, play_one  # noqa: E402
from cardtable_research.actions import table  # noqa: E402
from cardtable_research.levels import LevelAgent  # noqa: E402

CASES = [(game, players, {}) for game, spec in GAMES.items() if game != "rentz"
         for players in (spec.min_players, spec.max_players)]
CASES += [("rentz", 3, {}), ("rentz", 6, {"practice": "tricks"}),
          ("rentz", 6, {"practice": "rentz"})]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game,players,options", CASES)
def test_pettingzoo_api_and_seed_tests(game, players, options):
    api_test(zoo.env(game, players, options), num_cycles=100)
    seed_test(lambda: zoo.env(game, players, options), num_cycles=30)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reset_with_a_seed_deals_that_deal_of_the_environments_seed(game):
    spec = GAMES[game]
    env = zoo.env(game, spec.max_players, seed="run")
    env.reset(seed=3)
    options = spec.resolve_options({}, spec.max_players)
    assert env.state == spec.new(spec.max_players, options, derive_seed("run", 3))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_mask_is_the_seats_legal_actions(game):
    """A random-agent loop with masks, as docs/research.md shows: the mask allows exactly
    the legal actions of the seat to move, and nothing for the others."""
    env, rng = zoo.env(game, GAMES[game].max_players), random.Random(4)
    env.reset(seed=4)
    numbering = table(game)
    for agent in env.agent_iter(max_iter=200):
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = {numbering.id_of(action) for action in info["view"]["legal"]}
        allowed = {i for i, on in enumerate(observation["action_mask"]) if on}
        assert allowed == legal and legal
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(sorted(allowed)))


def test_a_bot_level_answers_the_view_in_info_as_the_simulator_plays():
    game, players = "extreme", 2
    environment = zoo.env(game, players, seed="5")
    environment.reset(seed=2)
    deal = derive_seed("5", 2)
    agents = [LevelAgent(game, "strong", seat, bot_seed(deal, seat)) for seat in range(players)]
    for name in environment.agent_iter():
        _, _, terminated, truncated, info = environment.last()
        seat = environment.seat(name)
        environment.step(None if terminated or truncated else agents[seat].act(info["view"]))
    played = play_one(GAMES[game], players, environment.setup.options, deal, ["strong"] * players)
    assert environment.state.to_json() == played.to_json()
