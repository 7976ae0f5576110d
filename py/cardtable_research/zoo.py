"""cardtable's games as PettingZoo AEC environments: :func:`env` (``game`` a registry id).

Agents are ``player_0`` … (seats from 0). Each observation is a dict: ``observation``, the
seat's view as a tensor (:func:`.episode.view_tensor`), and ``action_mask``, 1 for each
of the seat's legal actions (ids of :mod:`.actions`; all 0 when it is not to move).
``reset(seed=k)`` deals deal ``k`` of the environment's seed, the game seeded
``<seed>/<k>`` (as ``cardtable sim`` and links deal it); ``reset()`` picks a deal at
random from the environment's generator. Rewards are the change of each seat's return
with every action: at the end for most games, after every deal in a Rentz match.
``info["view"]`` is the seat's whole view (with ``legal``) for agents that read it: a
:class:`.levels.LevelAgent` (any of the game's bot levels) answers it with an action id.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .actions import table
from .episode import TENSOR_SIZE, Setup, view_string, view_tensor


def env(game: str, players: int | None = None, options: dict | None = None, seed: str = "0",
        render_mode: str | None = None) -> "CardtableEnv":
    """The AEC environment of ``game`` for ``players`` seats (its fewest by default)."""
    return CardtableEnv(game, players, options, seed, render_mode)


class CardtableEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict | None = None,
                 seed: str = "0", render_mode: str | None = None):
        super().__init__()
        from cardtable.engine.registry import GAMES
        players = players or GAMES[game].min_players
        self.setup = Setup.make(game, players, options, seed)
        self.table = table(game)
        self.metadata = {**self.metadata, "name": f"cardtable_{game.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        low, high = self.setup.bounds()
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (TENSOR_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.table),), np.int8)})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(self.table))
                              for agent in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def value(self, agent: str, samples: int | None = None, seed: str = "value") -> tuple:
        """How ``agent`` stands now in the game's review measure, from its view:
        ``(estimate, noise)`` (see :func:`.spiel.value`; deterministic from ``seed``)."""
        from cardtable.bots.review import position_value
        return position_value(self.setup.game, self.state, self.seat(agent), samples, seed)

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent):
        view = self.state.view(self.seat(agent))
        mask = np.zeros(len(self.table), np.int8)
        for action in view["legal"]:
            mask[self.table.id_of(action)] = 1
        return {"observation": np.asarray(view_tensor(view), np.float32), "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None or not hasattr(self, "np_random"):
            self._seed_generator(seed)
        deal = seed if seed is not None else int(self.np_random.integers(1 << 31))
        self.state = self.setup.start(deal)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._set_infos()
        self.agent_selection = self.possible_agents[self.state.current_player]

    def _seed_generator(self, seed):
        from gymnasium.utils import seeding
        self.np_random, _ = seeding.np_random(seed)

    def _set_infos(self):
        self.infos = {agent: {"view": self.state.view(self.seat(agent))} for agent in self.agents}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before, move = self.state, self.table.action_of(int(action))
        self.state = before.apply(move)
        self._cumulative_rewards[agent] = 0.0
        gains = [float(b - a) for a, b in zip(before.returns(), self.state.returns())]
        self.rewards = {name: gains[self.seat(name)] for name in self.agents}
        if self.state.is_over:
            self.terminations = {name: True for name in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._set_infos()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        return view_string(self.state.view(self.seat(self.agent_selection)))

    def close(self):
        pass
