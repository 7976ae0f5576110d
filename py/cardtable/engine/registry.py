"""The registry of games: the lobby, share links, simulator and tests all read it."""

from . import extreme, the_game
from . import triggs
from . import rentz

GAMES = {spec.id: spec for spec in (the_game.SPEC, extreme.SPEC, triggs.SPEC, rentz.SPEC)}


def get(game_id: str):
    """The :class:`~cardtable.engine.core.GameSpec` for ``game_id``; ``KeyError`` if unknown."""
    return GAMES[game_id]
