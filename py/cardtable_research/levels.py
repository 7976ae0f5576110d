"""cardtable's bot levels as agents of research code: :class:`LevelAgent` answers a seat's
view with an action id (:mod:`.actions`), for any game and level ``cardtable sim``
offers (``bots.levels(game)``: The Game's ``master`` among them).

The agent is the same bot the page and the simulator seat: it sees only the view it is
given (the seat's, never the deal), chooses among the view's ``legal`` actions, and its
own random stream is ``seed`` (a level's search budgets are counted in positions, so a
seed plays the same everywhere). :func:`.spiel.bot` wraps one as an OpenSpiel bot;
PettingZoo code calls :meth:`LevelAgent.act` with ``info["view"]`` (:mod:`.zoo`).
"""

from __future__ import annotations

from cardtable.bots import levels, make_bot
from cardtable.engine.core import as_action

from .actions import table


class LevelAgent:
    """A bot of ``level`` in ``seat`` of ``game``; ``ValueError`` for a level the game
    does not offer (its levels named)."""

    def __init__(self, game: str, level: str, seat: int, seed: str = "0"):
        if level not in levels(game):
            raise ValueError(f"no bot level {level!r} for {game}: one of {', '.join(levels(game))}")
        self.game, self.level, self.seat, self.seed = game, level, seat, seed
        self.table = table(game)
        self.restart()

    def restart(self) -> None:
        """A fresh bot, for a new game (a bot may remember its plan between calls)."""
        self.bot = make_bot(self.game, self.level, self.seat, self.seed)

    def act(self, view: dict) -> int:
        """The id of the bot's action on ``view`` (the seat's view, with ``legal``)."""
        if view["seat"] != self.seat:
            raise ValueError(f"a view of seat {view['seat']} given to the bot of seat {self.seat}")
        return self.table.ids[as_action(self.bot.act(view))]
