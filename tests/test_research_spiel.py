"""The games in OpenSpiel (py/cardtable_research/spiel.py): OpenSpiel's own harness
(``pyspiel.random_sim_test``, with serialization) on every game at both ends of its player
range, the root's deals, the action numbering, observations from the view, rewards per
deal in Rentz, IS-MCTS with the engine's world sampler, and every game's bot levels as
OpenSpiel bots that play as the simulator does."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from cardtable.bots import levels  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.sim import bot_seed, play_one  # noqa: E402
from cardtable_research import spiel  # noqa: E402
from cardtable_research.actions import table  # noqa: E402
from cardtable_research.episode import Setup  # noqa: E402

# Both ends of each game's player range; Rentz's whole match at 6 players is slow under
# the harness (its information states grow with the match), so that end plays practice
# deals (a trick sub-game and the layout), and the 3-player match has the blind choice.
CASES = [(game, players, {}) for game, spec in GAMES.items() if game != "rentz"
         for players in (spec.min_players, spec.max_players)]
CASES += [("rentz", 3, {"blind": "double"}), ("rentz", 6, {"practice": "whist"}),
          ("rentz", 6, {"practice": "rentz"})]


@pytest.mark.parametrize("game,players,options", CASES)
def test_openspiel_random_simulation_with_serialization(game, players, options):
    loaded = spiel.load(game, players=players, deals=3, seed=7, **options)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def play_randomly(loaded, rng, on_step=None):
    state = loaded.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[int(rng.random() * len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        before = state.clone()
        state.apply_action(action)
        if on_step:
            on_step(before, action, state)
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_root_deals_the_simulators_deal_i(game):
    """Deal i of seed S is the game seeded S/i, as ``cardtable sim`` seeds it."""
    spec = GAMES[game]
    loaded = spiel.load(game, players=spec.max_players, deals=5, seed=11)
    for index in (0, 4):
        state = loaded.new_initial_state()
        assert state.is_chance_node() and len(state.chance_outcomes()) == 5
        state.apply_action(index)
        options = spec.resolve_options({}, spec.max_players)
        assert state.engine_state == spec.new(spec.max_players, options, derive_seed("11", index))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_legal_action_has_one_id_that_stands_for_it(game):
    numbering = table(game)
    spec = GAMES[game]
    for players in (spec.min_players, spec.max_players):
        state = spec.new(players, {}, f"ids-{players}")
        rng = random.Random(players)
        for _ in range(300):
            if state.is_over:
                break
            legal = state.legal_actions()
            ids = {numbering.id_of(action) for action in legal}
            assert len(ids) == len(legal)
            assert all(numbering.action_of(numbering.id_of(action)) == action for action in legal)
            state = state.apply(legal[int(rng.random() * len(legal))])


def test_a_seat_observes_its_view_only():
    """Two states that differ only in what seat 1 cannot see give seat 1 the same
    information state and observation (strings and tensors)."""
    loaded = spiel.load("rentz", players=4, practice="queens")
    state = play_randomly_until(loaded, 9)
    other = state.clone()
    other._state = spiel.Held(state.engine_state.unseen_shuffled(1, random.Random(3)))
    assert other.engine_state.hands != state.engine_state.hands
    for method in ("information_state_string", "observation_string",
                   "information_state_tensor", "observation_tensor"):
        assert getattr(other, method)(1) == getattr(state, method)(1)
    assert state.observation_string(1) != state.observation_string(2)


def play_randomly_until(loaded, steps: int):
    state, rng = loaded.new_initial_state(), random.Random(steps)
    state.apply_action(0)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    return state


def test_utility_models_follow_the_returns():
    assert spiel.load("the-game").get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert spiel.load("extreme").get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert spiel.load("triggs").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    rentz = spiel.load("rentz", players=4, practice="queens")
    assert rentz.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert rentz.utility_sum() == 4 * -40
    doubled = spiel.load("rentz", players=4, blind="double")
    assert doubled.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_rentz_rewards_come_after_every_deal():
    """RZ-7/RZ-9: each deal's points are the rewards of the action that ends it."""
    loaded = spiel.load("rentz", players=3, seed=5)
    paid = []

    def on_step(before, action, after):
        if any(after.rewards()):
            sheet = after.engine_state.sheet
            assert len(sheet) == len(before.engine_state.sheet) + 1
            assert after.rewards() == [float(p) for p in sheet[-1][3]]
            paid.append(after.rewards())

    final = play_randomly(loaded, random.Random(5), on_step)
    assert len(paid) == 8 * 3
    assert [sum(column) for column in zip(*paid)] == final.returns()


def test_ismcts_plays_with_the_engines_world_sampler():
    from open_spiel.python.algorithms import ismcts, mcts
    loaded = spiel.load("rentz", players=3, practice="queens", seed=2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(loaded, evaluator, uct_c=40, max_simulations=20,
                           random_state=np.random.RandomState(2))
    bot.set_resampler(spiel.resampler(random.Random(2)))
    state = loaded.new_initial_state()
    state.apply_action(0)
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_bounds_hold_every_return_of_rentz_matches():
    setup = Setup.make("rentz", 3, {"king": 300, "whist": -80})
    low, high = setup.bounds()
    loaded = spiel.load("rentz", players=3, king=300, whist=-80)
    final = play_randomly(loaded, random.Random(8))
    assert all(low <= r <= high for r in final.returns())
    assert sum(final.returns()) == loaded.utility_sum()


def test_action_ids_follow_the_readmes_tables():
    """docs/research.md, "For researchers": ids in closed form where the table gives one."""
    the_game, rentz, triggs = table("the-game"), table("rentz"), table("triggs")
    assert the_game.id_of(("play", 57, 2)) == 4 * (57 - 2) + 2
    assert the_game.id_of(("end",)) == 392 and the_game.id_of(("signal", 3, "small")) == 400
    assert table("extreme").id_of(("share", True)) == 402 and len(table("extreme")) == 403
    assert rentz.id_of(("choose", "whist")) == 6 and rentz.id_of(("look",)) == 8
    assert rentz.id_of(("play", "QD")) == 9 + 13 * 1 + 10 and rentz.id_of(("pass",)) == 61
    assert triggs.id_of(("discard", 5, 3)) == 3 + 9 * 4 + 2
    assert triggs.id_of(("cross", 1, ((1,),))) == 111 and triggs.id_of(("bonus", 1)) == 1974
    assert len(triggs) == 1986


# Each game's top bot level at its fewest players; Rentz one practice deal (a match of
# strong bots is long for the suite).
TOP_LEVELS = [(game, levels(game)[-1], spec.min_players,
               {"practice": "queens"} if game == "rentz" else {})
              for game, spec in GAMES.items()]


@pytest.mark.parametrize("game,level,players,options", TOP_LEVELS)
def test_a_bot_level_plays_in_openspiel_the_game_the_simulator_plays(game, level, players,
                                                                     options):
    from open_spiel.python.algorithms import evaluate_bots
    loaded = spiel.load(game, players=players, seed=3, deals=2, **options)
    state = loaded.new_initial_state()
    state.apply_action(1)
    deal = derive_seed("3", 1)
    bots = [spiel.bot(game, level, seat, bot_seed(deal, seat)) for seat in range(players)]
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    played = play_one(GAMES[game], players, state.setup.options, deal, [level] * players)
    assert state.engine_state.to_json() == played.to_json()
    assert returns == [float(r) for r in played.returns()]


def test_a_bot_reads_only_its_seats_view(monkeypatch):
    loaded = spiel.load("the-game", players=2, seed=4)
    state = loaded.new_initial_state()
    state.apply_action(0)
    seen = []
    engine = type(state.engine_state)
    viewing = engine.view
    monkeypatch.setattr(engine, "view", lambda self, seat: seen.append(seat) or viewing(self, seat))
    seat = state.current_player()
    action = spiel.bot("the-game", "master", seat).step(state)
    assert action in state.legal_actions() and set(seen) == {seat}
    with pytest.raises(ValueError, match="no bot level 'grand' for the-game: one of random"):
        spiel.bot("the-game", "grand", 0)
