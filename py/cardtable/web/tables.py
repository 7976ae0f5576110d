"""The table-module protocol: each game's ``table.py`` (in its package) follows it.

A game's table module provides:

- ``table_html(view, ui) -> str``: the table as the viewing seat sees it (``ui`` is a
  :class:`~.ui.TableUi`); only the view's ``legal`` actions may be offered as live
  controls, each a ``<button data-action=…>`` with its arguments as data attributes.
- ``HANDLERS``: ``{data-action: handler(table, data)}`` for its own controls; ``table``
  is the :class:`~.playing.Table` on screen (``table.view``, ``table.local`` to keep
  the player's unfinished choice, ``table.act(action)`` to move, ``table.focus`` a CSS
  selector to focus after drawing); ``data`` the control's data attributes.
- ``event_text(event, names) -> str``: one engine event in words for the log (events
  with ``seat`` None are consequences: a trick taken, a pile remade).
- ``result_text(result, names) -> str``: the result in one line (end screen, share text).
- ``outcome(result, seat, names) -> dict``: the result for one seat as records keep it:
  ``won`` (bool), ``score`` (a number), ``better`` ("lower" or "higher": which scores are
  better), ``place`` (1 = first, tied seats share it; None where the seats win or lose
  together), ``progress`` (0 to 1, how far to a win: the share bar of today's deal) and
  ``text`` (the result in one line, as ``result_text``).
- ``STYLESHEET``: the file name of its stylesheet beside it in its package, or None
  (build.py bundles every table's into the page's one stylesheet).

and may provide:

- ``end_html(result, names) -> str``: the end screen's heading and figures (default: the
  result line as a heading);
- ``takes_back_loss(result) -> bool``: whether a human's own move that ended the game
  this way may still be undone before the game ends (a rule may allow it);
- ``CANCEL``: the data-action that Escape sends (drops the player's choice);
- ``PAUSE_AFTER`` and ``pause_html(view, ui) -> str``: the kind of event that ends a part
  of the game (a deal) and what the pause after it shows (what each seat took and scored,
  the running totals). After a move with such an event, unless the game ended, the table
  pauses: the app makes no move until the player goes on (``go-on``) or the pace's pause
  (``lobby.PAUSE_SECONDS``) has passed.

Generic behaviour comes from data attributes, not from a game: ``data-nav="<group>"``
makes arrow keys move between the group's items; a pressable item with ``data-drag``
can be dragged onto an element with ``data-drop="<action>"``, which then runs that
action with the target's data attributes plus the dragged item's (``data-card``…); a
``<details data-reveal>`` with an id scrolls into view when the player opens it.
"""

from __future__ import annotations

from pathlib import Path

from ..engine.registry import GAMES, game_module
from .html import esc

REQUIRED = ("table_html", "HANDLERS", "event_text", "result_text", "outcome", "STYLESHEET")


def table_module(game_id: str):
    """The table module of ``game_id``, imported when first asked for (the page then
    starts without the tables of games nobody has opened); ``KeyError`` if unknown."""
    return game_module(game_id, "table")


def stylesheet_paths() -> list:
    """Every game's table stylesheet (a path beside its table module), in registry order."""
    return [Path(module.__file__).with_name(module.STYLESHEET)
            for module in map(table_module, GAMES) if module.STYLESHEET]


def end_html(table, result: dict, names) -> str:
    """A table's end-screen heading, or the result line as one."""
    own = getattr(table, "end_html", None)
    if own:
        return own(result, names)
    return f'<h2 class="result">{esc(table.result_text(result, names))}</h2>'


def pauses(table, events) -> bool:
    """Whether a move with ``events`` ends a part of the game after which the table pauses."""
    kind = getattr(table, "PAUSE_AFTER", None)
    return kind is not None and any(event["kind"] == kind for event in events)


def takes_back_loss(table, result: dict) -> bool:
    hook = getattr(table, "takes_back_loss", None)
    return bool(hook and hook(result))
