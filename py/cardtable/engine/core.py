"""The contract every game follows: a game declared as data, and an immutable state.

A game is a :class:`GameSpec`: id, name, seat range, an option schema, its deck for a
number of players, a bound on the length of a game and a few constructors. Its state is a
frozen dataclass of tuples that subclasses :class:`GameState`; every change makes a new
state with :meth:`GameState.apply`.

Actions are short tuples of strings, integers and booleans (``("play", 37, 2)``,
``("play", "10C")``, ``("pass",)``), so that a game's action log is plain JSON and
replaying it rebuilds the same state. In a view and in JSON an action is a list; the
engine accepts either.

What a seat may do is the engine's to say, once: a seat's :meth:`GameState.view` carries
``legal``, its legal actions when it is to move (else an empty list). Bots and tables
choose among those and decide nothing else about legality.

What happened is said as data: :meth:`GameState.events` turns one applied action into
events, dicts with at least ``seat`` and ``kind`` (``{"seat": 2, "kind": "play",
"card": "QS"}``). Tables put them into words; no code parses text.

Events are public: every seat gets them (a guest at a shared table receives them with its
seat's view), so an event holds only what every seat may know: a card played face up, a
face-up card taken, how many cards were drawn; never a card that only some seats may see
(a card drawn face down, a hand). What the action itself makes public may be said too (a
seat that plays again, a pile remade). ``tests/test_event_honesty.py`` checks it on every
game: a seat's events do not change when what it cannot see is dealt again
(:meth:`GameState.unseen_shuffled`), wherever its view after the action does not either.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Callable

from ..i18n import _, ngettext

Action = tuple


class IllegalAction(ValueError):
    """An action that the rules do not allow here; the message says why."""


# -- options --------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One game option: its key (as in share links and ``--opt``), label, default, help.

    Subclasses say which values are allowed (:meth:`check`), how a value is written in a
    link (:meth:`encode`) and read back (:meth:`parse`), and which lobby widget edits it
    (``widget``: ``"choice"``, ``"integer"`` or ``"integers"``). A default may depend on
    the number of players: :meth:`default_for`. With ``practice``, a value other than the
    default makes the game a practice deal (a part of a game, to practise), which the
    records count apart from whole games.
    """

    key: str
    label: str
    default: Any
    help: str = ""
    practice: bool = False
    widget = "choice"

    def default_for(self, players: int) -> Any:
        return self.default

    def check(self, value: Any, players: int) -> None:
        """Raise ``ValueError`` in words when ``value`` is not allowed with ``players``."""
        raise NotImplementedError

    def encode(self, value: Any) -> str:
        """How ``value`` is written in links and on the command line."""
        return encode_value(value)

    def parse(self, text: str) -> Any:
        """The value that ``text`` (from a link or the command line) stands for; raises
        ``ValueError`` with a message for people when it stands for none. Values that
        depend on the number of players are checked later, by :meth:`check`."""
        raise NotImplementedError


WHOLE = re.compile(r"\s*[+-]?[0-9]{1,12}\s*")


def whole(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits (spaces around allowed), or None:
    ``int()`` alone would also take other scripts' digits and underscores."""
    return int(text) if WHOLE.fullmatch(text) else None


def encode_value(value: Any) -> str:
    """How a plain value is written in links: booleans as on/off, the rest as text."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


@dataclass(frozen=True)
class Choice(Option):
    """An option with a few allowed values (lobby: a row of buttons). ``names`` are the
    buttons' words, one per choice, marked with ``N_`` (shown translated); without them
    the buttons show the values as links write them."""

    choices: tuple = ()
    names: tuple = ()

    def check(self, value, players):
        if value not in self.choices:
            raise ValueError(_("{label}: {value} is not allowed (choose {allowed})").format(
                label=_(self.label), value=repr(encode_value(value)[:40]),
                allowed=", ".join(map(encode_value, self.choices))))

    def parse(self, text):
        for choice in self.choices:
            if text == encode_value(choice):
                return choice
        allowed = ", ".join(encode_value(c) for c in self.choices)
        raise ValueError(_("{label}: “{value}” is not allowed (choose {allowed})").format(
            label=_(self.label), value=text[:40], allowed=allowed))


@dataclass(frozen=True)
class Integer(Option):
    """A whole number between ``minimum`` and ``maximum`` (lobby: a number field)."""

    minimum: int = 0
    maximum: int = 0
    widget = "integer"

    def check(self, value, players):
        if type(value) is not int or not self.minimum <= value <= self.maximum:
            raise ValueError(
                _("{label} must be a whole number from {minimum} to {maximum}, not {value}")
                .format(label=_(self.label), minimum=self.minimum, maximum=self.maximum,
                        value=encode_value(value)[:40]))

    def parse(self, text):
        value = whole(text) if len(text) <= 12 else None
        if value is None:
            raise ValueError(_("{label} must be a whole number, not “{value}”").format(
                label=_(self.label), value=text[:40]))
        self.check(value, 0)
        return value


@dataclass(frozen=True)
class Integers(Option):
    """One whole number per player, e.g. points by placing (lobby: a text field, comma
    separated; links ``400,200,100,0``). ``default`` maps a player count to its tuple."""

    minimum: int = 0
    maximum: int = 0
    widget = "integers"

    def default_for(self, players):
        return self.default[players]

    def check(self, value, players):
        if not isinstance(value, tuple) or len(value) != players:
            raise ValueError(ngettext("{label} needs {players} number, one per place",
                                      "{label} needs {players} numbers, one per place",
                                      players).format(label=_(self.label), players=players))
        for number in value:
            if type(number) is not int or not self.minimum <= number <= self.maximum:
                raise ValueError(
                    _("{label}: each number must be from {minimum} to {maximum}, not {value}")
                    .format(label=_(self.label), minimum=self.minimum, maximum=self.maximum,
                            value=encode_value(number)[:40]))

    def encode(self, value):
        return ",".join(map(str, value))

    def parse(self, text):
        numbers = []
        for part in text.split(",")[:12]:
            if whole(part) is None:
                raise ValueError(
                    _("{label} must be whole numbers separated by commas, not “{value}”")
                    .format(label=_(self.label), value=text[:40]))
            numbers.append(whole(part))
        for number in numbers:
            if not self.minimum <= number <= self.maximum:
                raise ValueError(
                    _("{label}: each number must be from {minimum} to {maximum}, not {value}")
                    .format(label=_(self.label), minimum=self.minimum, maximum=self.maximum,
                            value=number))
        return tuple(numbers)


# -- the game as data -------------------------------------------------------------------
@dataclass(frozen=True)
class GameSpec:
    """A game declared as data; the registry, lobby, links, simulator and tests read it.

    ``new_game(players, options, seed)`` gets complete, checked options; ``cards(players)``
    is the whole deck for that many players (each card as often as it occurs);
    ``max_actions(players)`` bounds the number of actions of any game (the harness and
    the simulator stop a game that runs past it); ``summarize`` turns a list of
    ``result()`` dicts into the simulator's figures for this game; ``package`` names the
    game's package, where the registry finds its bots, table and guide (``rules.py``
    passes its own ``__package__``).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple
    new_game: Callable[[int, dict, str], "GameState"]
    state_type: type
    summarize: Callable[[list], dict]
    cards: Callable[[int], tuple]
    max_actions: Callable[[int], int]
    package: str
    summary: str = ""

    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)

    def resolve_options(self, given: dict | None, players: int) -> dict:
        """All options for ``players`` seats, defaults filled in; raises ``ValueError``
        in words for a key or value not allowed."""
        values = {opt.key: opt.default_for(players) for opt in self.options}
        for key, value in (given or {}).items():
            if key not in values:
                raise ValueError(_("{game} has no option “{key}”").format(
                    game=self.name, key=key))
            self.option(key).check(value, players)
            values[key] = value
        return values

    def check_players(self, players: int) -> None:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(_("{game} is for {low}–{high} players, not {players}").format(
                game=self.name, low=self.min_players, high=self.max_players, players=players))

    def new(self, players: int, options: dict | None = None, seed: str = "0") -> "GameState":
        """A new game; ``options`` may be partial. Raises ``ValueError`` for bad input."""
        self.check_players(players)
        return self.new_game(players, self.resolve_options(options, players), seed)

    def replay(self, players: int, options: dict, seed: str, actions) -> "GameState":
        """The state after applying ``actions`` (JSON lists or tuples) to a new game."""
        state = self.new(players, options, seed)
        for action in actions:
            state = state.apply(as_action(action))
        return state


def as_action(action) -> Action:
    """An action from JSON (lists all the way down) as the engine's tuple."""
    return freeze(list(action))


# -- the state ----------------------------------------------------------------------------
class GameState:
    """What every game's state offers. Subclasses are frozen dataclasses of tuples.

    - ``players``: the number of seats; seats are numbered from 0.
    - ``current_player``: the seat to act, or ``None`` when the game is over.
    - ``legal_actions()``: every action allowed now (empty only when the game is over).
    - ``apply(action)``: the next state; raises :class:`IllegalAction` saying why, for an
      action that is well formed but not allowed as for one that makes no sense.
    - ``forced_action()``: the action the rules make for the seat to move without asking
      it (a seat with no valid card passes), or None; the app applies it by itself.
    - ``is_over``, ``result()`` (the outcome, a JSON-able dict) and ``returns()`` (one
      number per seat, higher is better: a team game gives every seat the same).
    - ``view(seat)``: what that seat may know, a JSON-able dict; it always carries
      ``legal`` (see the module docstring). Games write ``seat_view``; ``view`` adds it.
    - ``events(action, after)``: what applying ``action`` here (giving ``after``) did, as
      a list of event dicts with ``seat`` and ``kind``, for the log and the tables; sent
      to every seat, so public (see the module docstring).
    - ``reveals_hidden(action)``: whether applying the action shows hidden cards or what
      is told of them (a draw, a card led, the kinds a seat shares coming back into
      sight); undo never goes back past such an action.
    - ``card_locations()``: every card of the game by the place it is in (hands, piles,
      tricks taken…); together they always make up ``spec.cards(players)``.
    - ``unseen_shuffled(seat, rng)``: the same position with what ``seat`` cannot see
      dealt again (others' hands, the draw order, and chance still to come, such as
      later deals: from a seed drawn from ``rng``) by ``rng``, consistent with what play
      has shown every seat (a card taken in the open stays in its hand, no seat gets a
      suit it has shown it lacks): the view-honesty tests check that ``seat``'s view does
      not change. The world drawn depends on ``seat``'s view and ``rng`` alone, never on
      where the unseen cards really are (they are dealt from a fixed order), so that a
      review's estimates tell nothing of them (``bots/review.py``).
    - ``flat_actions``: true where no action holds a tuple (``("play", 37, 2)``, not
      ``("cross", 5, ((5,),))``), so that a view lists an action by ``list`` alone (a view
      is built at every action of a bot's play-out: the review's hot path).
    """

    flat_actions = False

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

    def forced_action(self) -> Action | None:
        return None

    def result(self) -> dict:
        raise NotImplementedError

    def returns(self) -> tuple:
        raise NotImplementedError

    def seat_view(self, seat: int) -> dict:
        raise NotImplementedError

    def view(self, seat: int) -> dict:
        """``seat_view(seat)`` plus ``legal``: the seat's legal actions (as lists) when it
        is to move, else empty (another seat's legal cards would show its hand)."""
        view = self.seat_view(seat)
        mine = seat == self.current_player
        thawed = list if self.flat_actions else thaw
        view["legal"] = [thawed(action) for action in self.legal_actions()] if mine else []
        return view

    def events(self, action: Action, after: "GameState") -> list:
        """What applying ``action`` here (giving ``after``) did: event dicts with ``seat``
        and ``kind``, public (see the module docstring). By default one event, the seat
        and the action's words and values: right while every action is made in the open;
        a game with a secret action (cards passed face down) says less."""
        return [{"seat": self.current_player, "kind": action[0], "args": thaw(action[1:])}]

    def reveals_hidden(self, action: Action) -> bool:
        return True

    def card_locations(self) -> dict:
        raise NotImplementedError

    def unseen_shuffled(self, seat: int, rng) -> "GameState":
        raise NotImplementedError

    def to_json(self) -> dict:
        """Every field, with tuples as lists."""
        return {f.name: thaw(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict) -> "GameState":
        """The state that :meth:`to_json` wrote."""
        return cls(**{f.name: freeze(data[f.name]) for f in dataclasses.fields(cls)})


def replace_at(items: tuple, index: int, value) -> tuple:
    """``items`` with the item at ``index`` replaced by ``value`` (states are tuples)."""
    return items[:index] + (value,) + items[index + 1:]


def freeze(value: Any) -> Any:
    """Lists become tuples, all the way down (JSON back to state fields)."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Tuples become lists, all the way down (state fields to JSON)."""
    if isinstance(value, tuple):  # a flat item is not a call: play-outs thaw millions
        return [thaw(v) if isinstance(v, tuple) else v for v in value]
    return value
