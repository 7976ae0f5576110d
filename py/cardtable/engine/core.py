"""The contract every game follows: a game declared as data, and an immutable state.

A game is a :class:`GameSpec` (id, name, seat range, option schema, rules version and
two constructors). Its state is a frozen dataclass of tuples that subclasses
:class:`GameState`; every change makes a new state with :meth:`GameState.apply`.
Actions are short tuples of strings and integers, e.g. ``("play", 37, 2)``, so that a
game's action log is plain JSON and replaying it rebuilds the same state.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable

Action = tuple


class IllegalAction(ValueError):
    """An action that the rules do not allow here; the message says why."""


@dataclass(frozen=True)
class Option:
    """One game option: its key (as in share links), label, default and allowed values."""

    key: str
    label: str
    default: Any
    choices: tuple
    help: str = ""

    def parse(self, text: str) -> Any:
        """The value that ``text`` (from a share link or the command line) stands for.

        Raises ``ValueError`` with a message for people when ``text`` is not allowed.
        """
        for choice in self.choices:
            if text == encode_value(choice):
                return choice
        allowed = ", ".join(encode_value(c) for c in self.choices)
        raise ValueError(f"{self.label}: “{text[:40]}” is not allowed (choose {allowed})")


def encode_value(value: Any) -> str:
    """How an option value is written in links and on the command line."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


@dataclass(frozen=True)
class GameSpec:
    """A game declared as data; the registry, lobby, links, simulator and tests read it.

    ``new_game(players, options, seed)`` gets complete, valid options; ``summarize``
    turns a list of ``result()`` dicts into the simulator's figures for this game;
    ``cards`` is the whole deck (each card as often as it occurs).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple
    rules_version: int
    new_game: Callable[[int, dict, str], "GameState"]
    state_type: type
    summarize: Callable[[list], dict]
    cards: tuple
    summary: str = ""

    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)

    def resolve_options(self, given: dict | None = None) -> dict:
        """All options, defaults filled in; raises ``ValueError`` for a key or value not allowed."""
        values = {opt.key: opt.default for opt in self.options}
        for key, value in (given or {}).items():
            opt = self.option(key) if key in values else None
            if opt is None:
                raise ValueError(f"{self.name} has no option “{key}”")
            if value not in opt.choices:
                raise ValueError(f"{opt.label}: {value!r} is not allowed")
            values[key] = value
        return values

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players}–{self.max_players} players, not {players}"
            )

    def new(self, players: int, options: dict | None = None, seed: str = "0") -> "GameState":
        """A new game; ``options`` may be partial. Raises ``ValueError`` for bad input."""
        self.check_players(players)
        return self.new_game(players, self.resolve_options(options), seed)

    def replay(self, players: int, options: dict, seed: str, actions) -> "GameState":
        """The state after applying ``actions`` (JSON lists or tuples) to a new game."""
        state = self.new(players, options, seed)
        for action in actions:
            state = state.apply(tuple(action))
        return state


class GameState:
    """What every game's state offers. Subclasses are frozen dataclasses of tuples.

    - ``players``: the number of seats; seats are numbered from 0.
    - ``current_player``: the seat to act, or ``None`` when the game is over.
    - ``legal_actions()``: every action allowed now (empty only when the game is over).
    - ``apply(action)``: the next state; raises :class:`IllegalAction` saying why.
    - ``is_over`` and ``result()``: the outcome, as a JSON-able dict.
    - ``view(seat)``: what that seat may know, as a JSON-able dict.
    - ``reveals_hidden(action)``: whether applying the action shows hidden cards
      (a draw); undo never goes back past such an action.
    - ``describe(action)``: the action in words, for the log.
    - ``card_locations()``: every card of the game by the place it is in (hands, piles,
      removed…); together they always make up the spec's ``cards``.
    """

    players: int

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> tuple:
        raise NotImplementedError

    def apply(self, action: Action) -> "GameState":
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def view(self, seat: int) -> dict:
        raise NotImplementedError

    def reveals_hidden(self, action: Action) -> bool:
        return True

    def describe(self, action: Action) -> str:
        return " ".join(str(part) for part in action)

    def card_locations(self) -> dict:
        raise NotImplementedError

    def to_json(self) -> dict:
        """Every field, with tuples as lists."""
        return {f.name: thaw(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict) -> "GameState":
        """The state that :meth:`to_json` wrote."""
        return cls(**{f.name: freeze(data[f.name]) for f in dataclasses.fields(cls)})


def freeze(value: Any) -> Any:
    """Lists become tuples, all the way down (JSON back to state fields)."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Tuples become lists, all the way down (state fields to JSON)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value
