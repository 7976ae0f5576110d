"""Bots: one module per game. A bot receives a seat's view (a JSON-able dict, exactly
what a person in that seat sees) and answers with one action at a time.

Contract: ``make_bot(game_id, level, seat, seed)`` returns an object with
``act(view) -> action``, one of the view's ``legal`` actions. ``seed`` is the bot's own
random stream, never derived from the deal. A bot may remember things between calls (a
plan for the rest of its turn), but it learns about the game only from the views it is
given.
"""

from . import extreme, the_game
from . import triggs

LEVELS = {
    "the-game": the_game.LEVELS,
    "extreme": extreme.LEVELS,
    "triggs": triggs.LEVELS,
}
DEFAULT_LEVEL = {
    "the-game": the_game.DEFAULT_LEVEL,
    "extreme": extreme.DEFAULT_LEVEL,
    "triggs": triggs.DEFAULT_LEVEL,
}


def levels(game_id: str) -> tuple:
    """The bot levels a game offers, weakest first."""
    return tuple(LEVELS[game_id])


def make_bot(game_id: str, level: str | None, seat: int, seed: str = "0"):
    """A bot for ``seat``; ``level`` None means the game's default level; ``seed`` is the
    bot's own stream, never derived from the deal."""
    level = level or DEFAULT_LEVEL[game_id]
    try:
        factory = LEVELS[game_id][level]
    except KeyError:
        raise ValueError(f"no bot level “{level}” for {game_id}") from None
    return factory(seat, seed)
