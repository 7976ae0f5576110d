"""A game being played: its setup and seed, the action log, the states and what happened.

The action log is at once the save (replaying it rebuilds the position), the undo stack
and the source of the table's log, which holds the engine's structured events (dicts with
``seat`` and ``kind``; each table puts them into words). Undo takes back the last action
only while it revealed nothing hidden (``state.reveals_hidden``): a card played before the
turn's draw, say, or a choice made before the first card is led.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.core import IllegalAction, as_action, thaw
from ..i18n import _
from ..parts import PartMissing
from . import validate
from .lobby import PEOPLE, Setup

SCHEMA = 1  # version of the saved-game format below


@dataclass
class Session:
    """``states[i]`` is the position after ``actions[:i]``; ``events[i]`` lists what
    ``actions[i]`` did."""

    setup: Setup
    seed: str
    states: list
    actions: list = field(default_factory=list)
    events: list = field(default_factory=list)

    @classmethod
    def new(cls, setup: Setup, seed: str) -> "Session":
        state = setup.spec.new(setup.players, setup.options, seed)
        return cls(setup=setup, seed=seed, states=[state])

    @property
    def state(self):
        return self.states[-1]

    def apply(self, action) -> None:
        """Play ``action`` for the seat to act; raises ``IllegalAction`` saying why not."""
        action = as_action(action)
        before = self.state
        after = before.apply(action)
        self.events.append(before.events(action, after))
        self.actions.append(thaw(action))
        self.states.append(after)

    def log(self, limit: int | None = None) -> tuple:
        """Every event of the game, or the latest ``limit``, oldest first."""
        batches = self.events if limit is None else self.events[-limit:]
        flat = tuple(event for batch in batches for event in batch)
        return flat if limit is None else flat[-limit:]

    def last_actor(self):
        """The seat that made the last action (None before the first one)."""
        return self.states[-2].current_player if self.actions else None

    def can_undo(self) -> bool:
        """True when the last action was a person's own choice (not forced by the rules)
        and revealed nothing hidden."""
        if not self.actions:
            return False
        before, action = self.states[-2], as_action(self.actions[-1])
        return (self.setup.seats[self.last_actor()] in PEOPLE
                and before.forced_action() is None
                and not before.reveals_hidden(action))

    def undo(self) -> None:
        if not self.can_undo():
            raise ValueError(_("Nothing to take back: only moves that showed no hidden card"
                               " can be undone."))
        self.states.pop()
        self.actions.pop()
        self.events.pop()

    def due_seat(self):
        """The seat whose move the app makes now (a bot's, or any seat's forced move),
        or None when a person is to choose or the game is over."""
        state = self.state
        seat = state.current_player
        if seat is None:
            return None
        if self.setup.seats[seat] not in PEOPLE or state.forced_action() is not None:
            return seat
        return None

    def to_save(self) -> dict:
        s = self.setup
        options = s.spec.resolve_options(s.options, s.players)
        return {"schema": SCHEMA, "game": s.game, "players": s.players,
                "options": {key: s.spec.option(key).encode(value)
                            for key, value in options.items()},
                "seed": self.seed, "actions": list(self.actions), "seats": list(s.seats)}


def from_save(save: dict) -> Session:
    """Replay a saved game. Raises ``ValueError`` (or ``IllegalAction``, a subclass)
    with a reason in words when the save cannot be read or no longer replays: every part
    is checked (:mod:`.validate`) before the moves are replayed, and any error of a move
    becomes such a reason."""
    if not isinstance(save, dict) or save.get("schema") != SCHEMA:
        found = save.get("schema") if isinstance(save, dict) else None
        # TRANSLATORS: why a saved game cannot be read; {found} and {schema} are format numbers.
        raise ValueError(_("it was written in format {found}, this version reads {schema}")
                         .format(found=repr(found)[:30], schema=SCHEMA))
    setup = validate.setup_of(save)
    session = Session.new(setup, validate.seed_of(save.get("seed")))
    for action in validate.actions_of(save.get("actions"), setup):
        try:
            session.apply(action)
        except (IllegalAction, PartMissing):  # the rules' refusal says why in words; a
            raise  # part not fetched yet is the environment's failure, not the save's
        except Exception:  # a move of the right shape that the rules cannot read
            raise ValueError(_("its move {number} cannot be played").format(
                number=len(session.actions) + 1)) from None
    return session
