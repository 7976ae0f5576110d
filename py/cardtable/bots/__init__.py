"""What every bot shares; each game's bots are the ``bots.py`` of its package. A bot
receives a seat's view (a JSON-able dict, exactly what a person in that seat sees) and
answers with one action at a time.

Contract: ``make_bot(game_id, level, seat, seed)`` returns an object with
``act(view) -> action``, one of the view's ``legal`` actions. ``seed`` is the bot's own
random stream, never derived from the deal. A bot may remember things between calls (a
plan for the rest of its turn), but it learns about the game only from the views it is
given. Each game's bot module offers ``LEVELS`` (level name: bot class, weakest first),
whose names the game's package declares too, with ``DEFAULT_LEVEL`` and, where it has
them, ``SHOWN_ONLY`` (the lobby reads them there, without importing the bots); a bot
class may offer ``hint(view)`` too.

A bot whose decisions can take long may also offer ``think(view)``: a generator that
yields (nothing) at pauses in its work and returns the same action as ``act(view)``, so
that the page can think in slices between which it stays responsive; a bot with a
``hint`` whose thought can take long offers ``think_hint(view)`` likewise. ``thinking(bot,
view)`` and ``hinting(bot, view)`` give such generators for any bot; ``finish(steps)``
runs one to its end.
"""

import importlib

from ..engine.registry import GAMES, game_module
from .thinking import PAUSE, finish, hinting, thinking  # noqa: F401 (the bots' API)


def bot_module(game_id: str):
    """The bot module of ``game_id``'s package, imported when first asked for (the page
    then starts without the bots of games nobody has opened); ``KeyError`` for a game not
    registered."""
    return game_module(game_id, "bots")


def importing(game_id: str):
    """The game's bots imported a module at a time: a generator that yields
    :data:`~.thinking.PAUSE` before each of the modules its package's ``BOT_MODULES``
    names (relative to the package, each importing only those before it; its ``.bots``
    alone when it names none), so that a page imports each in a task of its own."""
    package = GAMES[game_id].package
    for name in getattr(declaration(game_id), "BOT_MODULES", (".bots",)):
        yield PAUSE
        importlib.import_module(name, package)


def levels(game_id: str) -> tuple:
    """The bot levels a game offers, weakest first, as its package declares them (read
    without importing its bots: the lobby needs them at start)."""
    return tuple(declaration(game_id).LEVELS)


def shown_only(game_id: str) -> tuple:
    """The levels a table offers only where the levels' table showed them stronger than
    the level below, as the game's package declares them (none unless it does)."""
    return tuple(getattr(declaration(game_id), "SHOWN_ONLY", ()))


def default_level(game_id: str) -> str:
    """The level a new bot seat of ``game_id`` gets, as its package declares it."""
    return declaration(game_id).DEFAULT_LEVEL


def declaration(game_id: str):
    """The package of ``game_id`` (its ``__init__``: ``SPEC``, ``LEVELS``, ``DEFAULT_LEVEL``),
    imported with the registry already; ``KeyError`` for a game not registered."""
    return importlib.import_module(GAMES[game_id].package)


def make_bot(game_id: str, level: str | None, seat: int, seed: str = "0"):
    """A bot for ``seat``; ``level`` None means the game's default level; ``seed`` is the
    bot's own stream, never derived from the deal."""
    module = bot_module(game_id)
    level = level or default_level(game_id)
    if level not in module.LEVELS:
        raise ValueError(f"no bot level “{level}” for {game_id}")
    return module.LEVELS[level](seat, seed)

