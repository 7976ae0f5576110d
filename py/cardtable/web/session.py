"""A game being played: its setup and seed, the action log, and the states it produced.

The action log is at once the save (replaying it rebuilds the position), the undo stack
and the table's log. Undo takes back the last action only while it revealed nothing
hidden (``state.reveals_hidden``): within a The Game turn, up to the draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.registry import GAMES
from .lobby import HUMAN, Setup, seat_name

SCHEMA = 1  # version of the saved-game format below


@dataclass
class Session:
    """``states[i]`` is the position after ``actions[:i]``; ``log[i]`` says who did what."""

    setup: Setup
    seed: str
    states: list
    actions: list = field(default_factory=list)
    log: list = field(default_factory=list)

    @classmethod
    def new(cls, setup: Setup, seed: str) -> "Session":
        state = setup.spec.new(setup.players, setup.options, seed)
        return cls(setup=setup, seed=seed, states=[state])

    @property
    def state(self):
        return self.states[-1]

    def apply(self, action) -> None:
        """Play ``action`` for the seat to act; raises ``IllegalAction`` saying why not."""
        before = self.state
        after = before.apply(tuple(action))
        seat = before.current_player
        self.log.append(f"{seat_name(self.setup.seats, seat)}: {before.describe(tuple(action))}")
        self.actions.append(list(action))
        self.states.append(after)

    def last_actor(self):
        """The seat that made the last action (None before the first one)."""
        return self.states[-2].current_player if self.actions else None

    def can_undo(self) -> bool:
        """True when the last action was a human's and revealed nothing hidden."""
        if not self.actions:
            return False
        actor = self.last_actor()
        return (self.setup.seats[actor] == HUMAN
                and not self.states[-2].reveals_hidden(tuple(self.actions[-1])))

    def undo(self) -> None:
        if not self.can_undo():
            raise ValueError("nothing to take back: only cards played this turn can be undone")
        self.states.pop()
        self.actions.pop()
        self.log.pop()

    def awaiting_confirmation(self) -> bool:
        """TG-9 decision: a human's own move lost the game but can still be undone;
        the game ends only when they confirm (a result without "won" never waits)."""
        return (self.state.is_over and self.state.result().get("won") is False
                and self.can_undo())

    def bot_to_act(self):
        """The bot seat that should act now, or None (game over or a human's turn)."""
        seat = self.state.current_player
        if seat is None or self.setup.seats[seat] == HUMAN:
            return None
        return seat

    def to_save(self) -> dict:
        s = self.setup
        return {"schema": SCHEMA, "game": s.game, "players": s.players,
                "options": s.spec.resolve_options(s.options), "seed": self.seed,
                "actions": [list(a) for a in self.actions], "seats": list(s.seats)}


def from_save(save: dict) -> Session:
    """Replay a saved game. Raises ``ValueError`` (or ``IllegalAction``, a subclass)
    with a reason in words when the save cannot be read or no longer replays."""
    if not isinstance(save, dict) or save.get("schema") != SCHEMA:
        found = save.get("schema") if isinstance(save, dict) else None
        raise ValueError(f"it was written in format {found!r}, this version reads {SCHEMA}")
    try:
        spec = GAMES[save["game"]]
        seats = tuple(save["seats"])
        setup = Setup(game=spec.id, players=int(save["players"]), seats=seats,
                      options=spec.resolve_options(save["options"]))
        if len(seats) != setup.players or seats[0] != HUMAN:
            raise ValueError("its seats do not match its players")
        session = Session.new(setup, str(save["seed"]))
        for action in save["actions"]:
            session.apply(action)
    except (KeyError, TypeError) as error:
        raise ValueError(f"it is incomplete ({error})") from None
    return session
