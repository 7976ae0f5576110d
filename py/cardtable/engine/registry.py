"""The registry of games: one line per game package; everything else finds a game here.

A game package (``games/<game>/``) holds the whole game: ``rules.py`` (its
:class:`~cardtable.engine.core.GameSpec`, ``SPEC``, and its state), ``bots.py``, ``table.py``
and ``guide.py``; its ``__init__.py`` declares the game by naming ``SPEC`` and its bots'
``LEVELS`` and ``DEFAULT_LEVEL``. The lobby, links,
saves, simulator, rules panel, tour, records and tests read :data:`GAMES` and reach a game's
other modules through :func:`game_module`, which imports each one only when it is first asked
for, so that the page starts without the bots, tables and guides of games nobody opened.
"""

from __future__ import annotations

import importlib

PACKAGES = (
    "cardtable.games.the_game",
    "cardtable.games.extreme",
    "cardtable.games.triggs",
    "cardtable.games.rentz",
)


def declared(package: str):
    """The ``SPEC`` that the game package ``package`` declares."""
    return importlib.import_module(package).SPEC


GAMES = {spec.id: spec for spec in map(declared, PACKAGES)}


def get(game_id: str):
    """The :class:`~cardtable.engine.core.GameSpec` for ``game_id``; ``KeyError`` if unknown."""
    return GAMES[game_id]


def game_module(game_id: str, part: str):
    """The module ``part`` (``"bots"``, ``"table"``, ``"guide"``…) of ``game_id``'s package,
    imported when first asked for; ``KeyError`` for a game not registered."""
    return importlib.import_module(f"{GAMES[game_id].package}.{part}")
