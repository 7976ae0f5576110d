"""What the OpenSpiel games and the PettingZoo environments share: a setup (the game,
players, options, a seed and a number of deals), the bounds of its returns, and what a
seat observes.

Deal ``i`` of a setup with seed ``S`` is the game seeded ``derive_seed(S, i)``
(``S/i``): the deal that ``cardtable sim``, share links and the tests give for it.

A seat observes its view (``GameState.view``: what the rules let it know, its legal
actions included) and nothing else:

- :func:`view_string`: the view as canonical JSON;
- :func:`view_tensor`: the view's facts hashed into :data:`TENSOR_SIZE` numbers, the same
  encoding for every game: a number at ``path`` adds its value at the slot of ``path``,
  any other value (a string, a bool, null) adds 1 at the slot of ``path=value``; lists of
  strings (hands, cards taken) count as sets (``path[]=card``), other lists by index.
  ``legal`` is left out (the environments give the legal actions on their own).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass

from cardtable.engine.core import Choice, Integers
from cardtable.engine.registry import GAMES
from cardtable.engine.rng import derive_seed

TENSOR_SIZE = 4096


@dataclass(frozen=True)
class Setup:
    """A game's setup: ``options`` complete and checked (``GameSpec.resolve_options``)."""

    game: str
    players: int
    options: dict
    seed: str = "0"
    deals: int = 1

    @classmethod
    def make(cls, game: str, players: int, options: dict | None = None, seed: str = "0",
             deals: int = 1) -> "Setup":
        """A checked setup; ``ValueError`` in words for bad players, options or deals."""
        spec = GAMES[game]
        spec.check_players(players)
        if type(deals) is not int or deals < 1:
            raise ValueError(f"deals must be a whole number from 1, not {deals!r}")
        return cls(game, players, spec.resolve_options(options, players), str(seed), deals)

    @property
    def spec(self):
        return GAMES[self.game]

    def deal_seed(self, index: int) -> str:
        return derive_seed(self.seed, index)

    def start(self, index: int):
        """The initial state of deal ``index``."""
        return self.spec.new(self.players, self.options, self.deal_seed(index))

    def max_length(self) -> int:
        return self.spec.max_actions(self.players)

    def bounds(self) -> tuple:
        """The least and the most any seat's return can be."""
        return rentz_bounds(self) if self.game == "rentz" else (0.0, 1.0)

    def constant_sum(self):
        """The sum of every game's returns when it is the same for every game, else None
        (The Game and Extreme are cooperative: every seat gets the team's return)."""
        return rentz_total(self) if self.game == "rentz" else None


# -- Rentz's bounds, from its options ---------------------------------------------------------
def rentz_deal_points(setup: Setup, sub: str) -> tuple:
    """(least, most, total over the seats) of one deal of sub-game ``sub``."""
    from cardtable.games.rentz.rules import HAND_SIZE, SCORED_BY, SUB_GAME, deck
    game, opts = SUB_GAME[sub], setup.options
    if game.layout:
        placings = opts["placings"]
        return min(placings), max(placings), sum(placings)
    cards = set(deck(setup.players))
    parts = [opts[key] * len(SCORED_BY[key] & cards) for key in game.card_keys]
    if game.trick_key:
        parts.append(opts[game.trick_key] * HAND_SIZE)
    return sum(min(0, p) for p in parts), sum(max(0, p) for p in parts), sum(parts)


def rentz_subs(setup: Setup) -> list:
    """The sub-game of every deal of a match (in some order)."""
    from cardtable.games.rentz.rules import SUB_GAME_IDS
    practice = setup.options["practice"]
    return [practice] if practice != "off" else list(SUB_GAME_IDS) * setup.players


def rentz_bounds(setup: Setup) -> tuple:
    factor = 2 if setup.options["blind"] == "double" else 1  # RZ-4: a blind deal doubles
    low = high = 0
    for sub in rentz_subs(setup):
        least, most, _ = rentz_deal_points(setup, sub)
        low, high = low + min(least, factor * least), high + max(most, factor * most)
    return float(low), float(high)


def rentz_total(setup: Setup):
    """Every match's points add up to the same total, unless a blind choice may double a
    deal (RZ-4: then the total depends on the choices)."""
    if setup.options["blind"] == "double":
        return None
    return float(sum(rentz_deal_points(setup, sub)[2] for sub in rentz_subs(setup)))


# -- options as parameters ----------------------------------------------------------------------
def parameter_default(option):
    """An option's default as a plain parameter: numbers and booleans as they are, a list
    of numbers in its link form (``""``: the default for the number of players)."""
    if isinstance(option, Integers):
        return ""
    if isinstance(option.default, (bool, int)):
        return option.default
    return str(option.default)


def option_value(option, value):
    """The option's value for a parameter (see :func:`parameter_default`)."""
    if isinstance(option, Integers):
        return None if value == "" else option.parse(value)
    if isinstance(option, Choice) and isinstance(option.default, bool):
        return bool(value)
    return value


def options_from(game: str, values: dict) -> dict:
    """The options set by ``values`` (parameters by option key); defaults left out."""
    chosen = {}
    for option in GAMES[game].options:
        if option.key in values:
            value = option_value(option, values[option.key])
            if value is not None:
                chosen[option.key] = value
    return chosen


# -- what a seat observes -------------------------------------------------------------------------
def view_string(view: dict) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def facts(value, path: str, out: list) -> list:
    """``(key, amount)`` pairs of ``value`` at ``path`` (see the module docstring)."""
    if isinstance(value, dict):
        for key, item in value.items():
            facts(item, f"{path}.{key}", out)
    elif isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            out.extend((f"{path}[]={item}", 1.0) for item in value)
        else:
            for index, item in enumerate(value):
                facts(item, f"{path}.{index}", out)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        out.append((path, float(value)))
    else:
        out.append((f"{path}={json.dumps(value)}", 1.0))
    return out


def view_tensor(view: dict, size: int = TENSOR_SIZE) -> list:
    """The view's facts hashed into ``size`` numbers (see the module docstring)."""
    tensor = [0.0] * size
    for key, amount in facts({k: v for k, v in view.items() if k != "legal"}, "", []):
        tensor[zlib.crc32(key.encode("utf-8")) % size] += amount
    return tensor
