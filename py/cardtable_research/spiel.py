"""cardtable's games in OpenSpiel: ``python_cardtable_<game>`` for each registered game
(``-`` becomes ``_``: ``python_cardtable_the_game``), registered on import.

Parameters: ``players``, each of the game's options (numbers and booleans as they are;
Rentz's ``placings`` in its link form, ``"400,200,0"``, ``""`` for the default), ``seed``
(a whole number: OpenSpiel reads a parameter that looks like a number as one) and
``deals``. The root is a chance node choosing deal ``i`` of ``deals``, uniformly: the game
seeded ``<seed>/<i>`` (:mod:`.episode`); the deal chosen is never observed, only
what the seats' views show of it. Actions are numbered by :mod:`.actions`.

Information state and observation come from the seat's view (:mod:`.episode`): the
observation string is the view; the information state string is the view and every
public event so far (the engine's events, public by its contract), so it recalls the whole
game. Both tensors are the view's (:func:`.episode.view_tensor`), the history left out.

Utility: The Game and Extreme are IDENTICAL (one team); Triggs is GENERAL_SUM (1 for the
winner, 0 for the others, 0 for all in a game stopped unfinished); Rentz is CONSTANT_SUM
(its points add up to the same total in every match), GENERAL_SUM when a blind choice
may double a deal, with rewards after every deal (the points each seat scored).

Bots: :func:`bot` is any of the game's bot levels (as ``cardtable sim`` seats them) as an
OpenSpiel bot, reading only its seat's view.

OpenSpiel copies a Python state by calling ``new_initial_state()`` and deep-copying its
attributes: the engine's frozen state lives in a :class:`Held`, which copies as itself.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from cardtable.bots.review import position_value
from cardtable.engine.core import thaw
from cardtable.engine.registry import GAMES

from .actions import table
from .episode import (TENSOR_SIZE, Setup, options_from, parameter_default, view_string,
                      view_tensor)
from .levels import LevelAgent

PREFIX = "python_cardtable_"
UTILITY = {"the-game": pyspiel.GameType.Utility.IDENTICAL,
           "extreme": pyspiel.GameType.Utility.IDENTICAL,
           "triggs": pyspiel.GameType.Utility.GENERAL_SUM,
           "rentz": pyspiel.GameType.Utility.CONSTANT_SUM}
PER_DEAL = {"rentz"}  # games with rewards after every deal


def short_name(game: str) -> str:
    return PREFIX + game.replace("-", "_")


def game_type(game: str, utility=None) -> pyspiel.GameType:
    spec = GAMES[game]
    parameters = {"players": spec.min_players, "seed": 0, "deals": 1}
    parameters.update({option.key: parameter_default(option) for option in spec.options})
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"cardtable {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility or UTILITY[game],
        reward_model=(pyspiel.GameType.RewardModel.REWARDS if game in PER_DEAL
                      else pyspiel.GameType.RewardModel.TERMINAL),
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


class Held:
    """A value that is never changed in place: a copy, deep or not, is itself."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def game_class(game: str) -> type:
    """The ``pyspiel.Game`` subclass of ``game``."""

    class CardtableGame(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            setup = Setup.make(game, int(params.get("players", GAMES[game].min_players)),
                               options_from(game, params), str(int(params.get("seed", 0))),
                               int(params.get("deals", 1)))
            total = setup.constant_sum()
            utility = UTILITY[game]
            if utility == pyspiel.GameType.Utility.CONSTANT_SUM and total is None:
                utility = pyspiel.GameType.Utility.GENERAL_SUM
            low, high = setup.bounds()
            info = pyspiel.GameInfo(
                num_distinct_actions=len(table(game)), max_chance_outcomes=setup.deals,
                num_players=setup.players, min_utility=low, max_utility=high,
                utility_sum=total if utility == pyspiel.GameType.Utility.CONSTANT_SUM else None,
                max_game_length=setup.max_length())
            super().__init__(game_type(game, utility), info, params)
            self.setup = setup

        def new_initial_state(self):
            return CardtableState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return ViewObserver(iig_obs_type, params)

    CardtableGame.__name__ = CardtableGame.__qualname__ = f"Cardtable_{game.replace('-', '_')}"
    return CardtableGame


class CardtableState(pyspiel.State):
    """A position: before the deal (a chance node), then the engine's state."""

    def __init__(self, game):
        super().__init__(game)
        self._setup = Held(game.setup)
        self._table = Held(table(game.setup.game))
        self._state = Held(None)
        self._events = Held(None)  # the public events so far: (earlier, this action's)
        self._rewards = Held((0.0,) * game.setup.players)

    @property
    def engine_state(self):
        """The engine's state (None before the deal)."""
        return self._state.value

    @property
    def setup(self) -> Setup:
        return self._setup.value

    def current_player(self):
        state = self._state.value
        if state is None:
            return pyspiel.PlayerId.CHANCE
        if state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return state.current_player

    def _legal_actions(self, player):
        ids = self._table.value.ids
        return sorted(ids[action] for action in self._state.value.legal_actions())

    def chance_outcomes(self):
        deals = self.setup.deals
        return [(index, 1.0 / deals) for index in range(deals)]

    def _apply_action(self, action):
        state = self._state.value
        if state is None:
            self._state = Held(self.setup.start(action))
            return
        move = self._table.value.action_of(action)
        after = state.apply(move)
        self._events = Held((self._events.value, state.events(move, after)))
        self._rewards = Held(tuple(float(b - a)
                                   for a, b in zip(state.returns(), after.returns())))
        self._state = Held(after)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.setup.deal_seed(action)}"
        return json.dumps(thaw(self._table.value.action_of(action)))

    def public_events(self, after: int = 0) -> list:
        """Every event so far, in order (public: the engine's contract); with ``after``, only
        those of the actions after the first ``after`` of the history (the deal among them)."""
        batches, link = [], self._events.value
        for _ in range(len(self.history()) - max(after, 1)):
            link, batch = link
            batches.append(batch)
        return [event for batch in reversed(batches) for event in batch]

    def is_terminal(self):
        state = self._state.value
        return state is not None and state.is_over

    def returns(self):
        state = self._state.value
        return [0.0] * self.setup.players if state is None else [float(r) for r in state.returns()]

    def rewards(self):
        return list(self._rewards.value)

    def __str__(self):
        state = self._state.value
        return "before the deal" if state is None else json.dumps(state.to_json())


class ViewObserver:
    """A seat's view as an observation (``perfect_recall``: with the public events so far,
    the information state); see the module docstring."""

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if (kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not kind.public_info):
            raise ValueError("only a seat's own observation is offered: its view")
        self.perfect_recall = kind.perfect_recall
        self.tensor = np.zeros(TENSOR_SIZE, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state, player):
        engine = state.engine_state
        self.tensor[:] = 0 if engine is None else view_tensor(engine.view(player))

    def string_from(self, state, player):
        engine = state.engine_state
        if engine is None:
            return ""
        text = view_string(engine.view(player))
        if self.perfect_recall:
            text += "\n" + json.dumps(state.public_events(), separators=(",", ":"))
        return text


def resampler(rng):
    """A world sampler for OpenSpiel's Python IS-MCTS (``ISMCTSBot.set_resampler``):
    ``(state, player) -> state`` with what ``player`` cannot see dealt again by ``rng``
    (``GameState.unseen_shuffled``: other hands, draw order, chance still to come,
    consistent with what play has shown). Its history is the real one."""
    def resample(state, player):
        world = state.clone()
        world._state = Held(state.engine_state.unseen_shuffled(player, rng))
        return world
    return resample


GAME_CLASSES = {}
for _game in GAMES:
    GAME_CLASSES[_game] = game_class(_game)
    pyspiel.register_game(game_type(_game), GAME_CLASSES[_game])


def load(game: str, **parameters) -> pyspiel.Game:
    """``pyspiel.load_game`` of ``game`` (a registry id) with ``parameters``."""
    return pyspiel.load_game(short_name(game), parameters)


class LevelBot(pyspiel.Bot):
    """A cardtable bot level as an OpenSpiel bot for ``player``: each step reads that
    seat's view of the state (nothing else) and answers the level's action id; see
    :class:`.levels.LevelAgent`."""

    def __init__(self, game: str, level: str, player: int, seed: str = "0"):
        pyspiel.Bot.__init__(self)
        self.agent = LevelAgent(game, level, player, seed)

    def restart_at(self, state) -> None:
        self.agent.restart()

    def restart(self) -> None:
        self.agent.restart()

    def inform_action(self, state, player_id, action) -> None:
        """Nothing to note: the next view shows what the other seats did."""

    def step(self, state) -> int:
        return self.agent.act(state.engine_state.view(self.agent.seat))


def bot(game: str, level: str, player: int, seed: str = "0") -> LevelBot:
    """The OpenSpiel bot of ``level`` (a level ``cardtable sim`` offers for ``game``) in
    seat ``player``, its own random stream ``seed``."""
    return LevelBot(game, level, player, seed)


def value(state, player: int, samples: int | None = None, seed: str = "value") -> tuple:
    """How ``player`` stands at ``state`` (after the deal) in the game's review measure,
    from what that seat sees: ``(estimate, noise)``, the mean over ``samples`` worlds
    consistent with its view played out by the review's policy, and the half-width of
    its 95% interval (``cardtable.bots.review.position_value``; what each game measures:
    its ``games/<game>/review.py``). Deterministic from ``seed``; the same whatever the
    hidden cards really are."""
    return position_value(state.setup.game, state.engine_state, player, samples, seed)
