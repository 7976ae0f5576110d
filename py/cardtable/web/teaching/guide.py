"""A game's guide, as data: the rules panel's words and pictures and the tour's steps.

Each game's ``guide.py`` (in its package) offers ``GUIDE``, a :class:`Guide`: one
:class:`Section` for each key of ``SECTION_KEYS`` (what you need, the goal, a turn, the
special cards or sub-games, the end and the score), the rule reference (every rule id of
``seeds/<game>.md`` with a one-line English summary, for the tests and the code's readers:
never shown to a player) and the guided first game's steps. A section's
body is a sequence of blocks: a string is a paragraph, a tuple of strings a list, a
:class:`Table` a table, and a function a block drawn when shown (a
:class:`~.pictures.Picture`, or words with numbers or labels filled in). The texts are plain
(``rules.py`` escapes them) and name no rule id: no text a player reads does.
``seeds/*.md`` stay the precise statement; a guide is the friendly one, in the project's words.

The texts are English, marked with ``N_()`` for the catalogs: a guide is built at import,
before a language is chosen, so ``rules.py`` and ``tour.py`` translate each one as they draw
it (``_()``), and the functions of a body translate what they draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.registry import game_module

SECTION_KEYS = ("need", "goal", "turn", "special", "end")


@dataclass(frozen=True)
class Table:
    """A small table: a header row and body rows, all plain text."""

    head: tuple
    rows: tuple


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    body: tuple


@dataclass(frozen=True)
class Guide:
    """One game's rules: ``sections`` in reading order, ``reference`` as (id, summary) (not
    drawn, not translated), and ``tour``, the guided first game's steps as (selector, text): the CSS selector of what a
    step points at on the table (simple ones: a tag, classes, ``[data-action=…]``, found in
    the table as it is first drawn) and what it says."""

    intro: str
    sections: tuple
    reference: tuple
    tour: tuple = ()


def game_guide(game: str) -> Guide:
    """The :class:`Guide` of ``game``: its package's ``guide.py``, imported when first
    asked for."""
    return game_module(game, "guide").GUIDE
