"""Which bot levels a table offers: a level is offered at a table unless the levels' table
showed that it is not stronger there than the level below it.

The levels' table (``bench/levels.py``, its figures in ``docs/figures/levels.md``) plays
each level against the one below it on paired deals, one row per game, mode and player
count; a mode is the standard rules or one of the lobby's choices set alone to another
value, named as a link writes it (``min_cards=3``). Its verdicts are each game's
``level_table.SHOWN`` (``games/<game>/level_table.py``, written by the bench), by
``(mode, players, level)``: true where the row's 95% interval lies above 0.

A table's modes are the rows that speak of it: ``standard`` when every choice is at its
default, else one per choice it sets otherwise. A level is **withheld** at a table when
one of those rows was measured and did not show it; a table offers every other level
(the lowest always). A row not yet measured withholds nothing, except for the levels
a game declares ``SHOWN_ONLY``: those are offered only where every
row of the table's modes was measured and showed them. The docs list the rows not yet
measured. Where a withheld level is asked for (a link, an old setup whose table
changed), the best level offered below it plays instead.
"""

from __future__ import annotations

from ..engine.registry import GAMES, game_module
from . import default_level, levels, shown_only

STANDARD = "standard"


def mode_name(spec, options: dict) -> str:
    """Options as a link writes them (``key=value``, comma-separated), or ``standard``."""
    return ",".join(f"{key}={spec.option(key).encode(value)}"
                    for key, value in options.items()) or STANDARD


def table_modes(game: str, options: dict) -> list:
    """The modes of the levels' table that speak of a table with ``options``."""
    spec = GAMES[game]
    chosen = [option for option in spec.options if option.widget == "choice"
              and option.key in options and options[option.key] != option.default]
    return [mode_name(spec, {option.key: options[option.key]}) for option in chosen] \
        or [STANDARD]


def withheld(game: str, players: int, options: dict) -> set:
    """The levels a row of this table's modes measured and did not show, and the
    ``SHOWN_ONLY`` levels a row of its modes has not shown (measured or not)."""
    shown, unproven = verdicts(game), shown_only(game)
    return {level for level in levels(game)[1:] for mode in table_modes(game, options)
            if not shown.get((mode, players, level), level not in unproven)}


def not_shown(game: str, players: int, options: dict) -> tuple:
    """The levels, weakest first, that a measured row of this table's modes did not show,
    but for the ``SHOWN_ONLY`` ones: the levels a table withholds where others offer them."""
    hidden, unproven = withheld(game, players, options), shown_only(game)
    return tuple(level for level in levels(game) if level in hidden and level not in unproven)


def verdicts(game: str) -> dict:
    """The game's ``level_table.SHOWN``; empty for a game without one (no row measured)."""
    try:
        return game_module(game, "level_table").SHOWN
    except ModuleNotFoundError as missing:
        if missing.name != f"{GAMES[game].package}.level_table":
            raise
        return {}


def offered_levels(game: str, players: int, options: dict) -> tuple:
    """The levels a table offers, weakest first."""
    hidden = withheld(game, players, options)
    return tuple(level for level in levels(game) if level not in hidden)


def offered_level(game: str, players: int, options: dict, level: str) -> str:
    """``level`` where the table offers it, else the best level it offers below it."""
    offered = offered_levels(game, players, options)
    ladder = levels(game)
    return next(kind for kind in reversed(ladder[:ladder.index(level) + 1])
                if kind in offered)


def offered_default(game: str, players: int, options: dict) -> str:
    """The game's default level, or the best offered below it at this table."""
    return offered_level(game, players, options, default_level(game))
