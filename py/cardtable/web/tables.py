"""The table protocol: each game's ``table.py`` declares its table as one :class:`TableSpec`.

A game's table module (``table.py`` in its package) draws the game and handles its
controls; at its end it declares ``TABLE = TableSpec(...)``, which names what the rest of
the app may use of it: the required parts (how to draw the table, its handlers, its words
for events and results, the result as records keep it, its stylesheet) and the optional
hooks (an end screen of its own, a loss a player may take back, the Escape key's action,
a pause between parts of the game, how far an unfinished game got, what its score counts,
a card in words). :class:`TableSpec` documents each field and checks the declaration once,
when the table module is imported. Everything that draws or drives a table (the table in
play, a friend's table, a replay, the records, the checks of what is read back) holds the
spec that :func:`table_module` returns and reads its fields; nothing looks a hook up by
name.

:func:`table_module` imports a game's table module only when first asked for (the page
starts without the tables of games nobody has opened; in the browser a table's part of the
package may first have to be fetched: :class:`~cardtable.parts.PartMissing`).

Generic behaviour comes from data attributes, not from a game: ``data-nav="<group>"``
makes arrow keys move between the group's items; a pressable item with ``data-drag``
can be dragged onto an element with ``data-drop="<action>"``, which then runs that
action with the target's data attributes plus the dragged item's (``data-card``…); a
``<details data-reveal>`` with an id scrolls into view when the player opens it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable

from ..engine.registry import GAMES, game_module
from .html import esc

ABSENT = object()  # a required field left out: __post_init__ says which, naming the game


@dataclass(frozen=True, kw_only=True, eq=False)
class TableSpec:
    """A game's table declared as data (``TABLE`` at the end of its ``table.py``).

    The field names are those of the table module's attributes they used to be, so that
    ``table.module.HANDLERS`` or ``table.module.CANCEL`` read the same with the spec in
    place of the module. Every field is given by keyword; the spec is checked when it is
    made (:meth:`__post_init__`): ``TypeError`` naming the game for a required field left
    out or anything of the wrong kind.

    Required:

    - ``game``: the id of the game it draws (its ``GameSpec.id``); named in the errors,
      and :func:`table_module` checks that the game's table declares its own id.
    - ``table_html(view, ui) -> str``: the table as the viewing seat sees it (``view`` the
      engine's view of that seat, ``ui`` a :class:`~.ui.TableUi`); called for every
      drawing of the table in play, at a friend's table, on the end screen and in a
      replay. Only the view's ``legal`` actions may be offered as live controls, each a
      ``<button data-action=…>`` with its arguments as data attributes.
    - ``HANDLERS``: ``{data-action: handler(table, data)}``, a dict, for the table's own
      controls; the controller calls the handler of a pressed control with ``table`` the
      :class:`~.playing.Table` on screen (or a friend's table's
      :class:`~.together.guest.RemoteTable`: ``table.view``, ``table.local`` to keep the
      player's unfinished choice, ``table.act(action)`` to move, ``table.focus`` a CSS
      selector to focus after drawing) and ``data`` the control's data attributes; what
      it returns is ignored.
    - ``event_text(event, names) -> str``: one engine event in words for the log (events
      with ``seat`` None are consequences: a trick taken, a pile remade); ``names`` the
      seats' names.
    - ``result_text(result, names) -> str``: the result (the state's ``result()``) in one
      line: the end screen's default heading, the share text, the records' lists.
    - ``outcome(result, seat, names) -> dict``: the result for one seat as records keep
      it, called when a game ends and when records are checked: ``won`` (bool),
      ``score`` (a number), ``better`` ("lower" or "higher": which scores are better),
      ``place`` (1 = first, tied seats share it; None where the seats win or lose
      together), ``progress`` (0 to 1, how far to a win: the share bar of today's deal)
      and ``text`` (the result in one line, as ``result_text``).
    - ``STYLESHEET``: the file name of its stylesheet beside the table module in its
      package, or None (:func:`stylesheet_paths`; build.py bundles every table's into
      the page's one stylesheet).

    Optional (the default in brackets):

    - ``end_html(result, names) -> str``: the end screen's heading and figures, drawn
      above the table as it ended (and under the last step of a replay) [None: the
      result line as a heading, :func:`end_html`].
    - ``takes_back_loss(result) -> bool``: called when a human's own move ended the game
      with ``result``: whether that move may still be undone before the game ends (a
      rule may allow it) [None: never, :func:`takes_back_loss`].
    - ``CANCEL``: the data-action that the Escape key sends while the player has an
      unfinished choice (``table.local``): it drops that choice; one of ``HANDLERS``
      [None: Escape sends nothing to the table].
    - ``PAUSE_AFTER`` and ``pause_html(view, ui) -> str``: the kind of event that ends a
      part of the game (a deal) and what the pause after it shows (what each seat took
      and scored, the running totals); both or neither. After a move with such an event,
      unless the game ended, the table pauses (:func:`pauses`): the app makes no move
      until the player goes on (``go-on``) or the pace's pause
      (``lobby.PAUSE_SECONDS``) has passed, and draws ``pause_html`` meanwhile [None: the
      table never pauses].
    - ``progress(view) -> (kind, n, total)``: how far an unfinished game got, for the list
      of saved games, from the player's view: ``kind`` a word of the saves' list
      (``"cards_left"``, ``"boxes"``, ``"deal"``…), ``n`` a number, ``total`` a number or
      None; called when the game is saved [None: the number of moves made].
    - ``SCORE_NAME``: what ``outcome``'s score counts, marked for translation with
      ``N_`` (the records' figures say it in the page's language) [None: the records say
      "score"].
    - ``card_text(card) -> str``: a card of the views' hands in words (a replay lists
      every seat's hand with it) [``str``].
    - ``action_text(action) -> str``: one action (as ``view()["legal"]`` lists it) in the
      table's words, as its hint names a move ("play 9♥"): a review says with it the move
      made and the move preferred [None: :func:`action_words` writes the action's parts].
    """

    game: str = ABSENT
    table_html: Callable = ABSENT
    HANDLERS: dict = ABSENT
    event_text: Callable = ABSENT
    result_text: Callable = ABSENT
    outcome: Callable = ABSENT
    STYLESHEET: str | None = ABSENT
    end_html: Callable | None = None
    takes_back_loss: Callable | None = None
    CANCEL: str | None = None
    PAUSE_AFTER: str | None = None
    pause_html: Callable | None = None
    progress: Callable | None = None
    SCORE_NAME: str | None = None
    card_text: Callable = str
    action_text: Callable | None = None

    def __post_init__(self):
        game = self.game if isinstance(self.game, str) and self.game else None
        where = f"the table of {game!r}" if game else "a table"
        missing = [f.name for f in fields(self) if getattr(self, f.name) is ABSENT]
        if missing:
            raise TypeError(f"{where} does not declare {', '.join(missing)}")
        if game is None:
            raise TypeError(f"{where}: game must be a game's id, not {self.game!r}")

        def wrong(name: str, what: str):
            return TypeError(f"{where}: {name} must be {what}, not {getattr(self, name)!r}")

        for name in ("table_html", "event_text", "result_text", "outcome", "card_text"):
            if not callable(getattr(self, name)):
                raise wrong(name, "callable")
        for name in ("end_html", "takes_back_loss", "pause_html", "progress", "action_text"):
            if getattr(self, name) is not None and not callable(getattr(self, name)):
                raise wrong(name, "callable or None")
        for name in ("STYLESHEET", "CANCEL", "PAUSE_AFTER", "SCORE_NAME"):
            if getattr(self, name) is not None and not (isinstance(getattr(self, name), str)
                                                        and getattr(self, name)):
                raise wrong(name, "a non-empty string or None")
        if not isinstance(self.HANDLERS, dict):
            raise wrong("HANDLERS", "a dict of data-action: handler(table, data)")
        for action, handler in self.HANDLERS.items():
            if not (isinstance(action, str) and action):
                raise TypeError(f"{where}: HANDLERS' key {action!r} is not a data-action")
            if not callable(handler):
                raise TypeError(f"{where}: the handler of {action!r} is not callable,"
                                f" but {handler!r}")
        if self.CANCEL is not None and self.CANCEL not in self.HANDLERS:
            raise TypeError(f"{where}: CANCEL {self.CANCEL!r} is not one of its HANDLERS")
        if (self.PAUSE_AFTER is None) != (self.pause_html is None):
            raise TypeError(f"{where}: PAUSE_AFTER and pause_html go together"
                            " (the kind of event to pause after, and what the pause shows)")


def table_module(game_id: str) -> TableSpec:
    """The :class:`TableSpec` of ``game_id`` (its table module's ``TABLE``), the module
    imported when first asked for (the page then starts without the tables of games
    nobody has opened); ``KeyError`` if the game is unknown, ``TypeError`` naming the game
    if its table module declares no spec of its own. (Named for what it returned before
    the spec: its callers hold the spec where they held the module.)"""
    module = game_module(game_id, "table")
    spec = getattr(module, "TABLE", None)
    if not isinstance(spec, TableSpec):
        raise TypeError(f"the table module of {game_id!r} declares no TABLE = TableSpec(...)")
    if spec.game != game_id:
        raise TypeError(f"the table module of {game_id!r} declares the table of {spec.game!r}")
    return spec


def stylesheet_paths() -> list:
    """Every game's table stylesheet (a path beside its table module), in registry order."""
    return [Path(game_module(game, "table").__file__).with_name(spec.STYLESHEET)
            for game, spec in zip(GAMES, map(table_module, GAMES)) if spec.STYLESHEET]


def end_html(table: TableSpec, result: dict, names) -> str:
    """A table's end-screen heading, or the result line as one."""
    if table.end_html is not None:
        return table.end_html(result, names)
    return f'<h2 class="result">{esc(table.result_text(result, names))}</h2>'


def action_words(table: TableSpec, action) -> str:
    """``action`` in ``table``'s words (its ``action_text``), else its parts one after
    another ("play 9H")."""
    if table.action_text is not None:
        return table.action_text(action)
    return " ".join(str(part) for part in action)


def pauses(table: TableSpec, events) -> bool:
    """Whether a move with ``events`` ends a part of the game after which the table pauses."""
    kind = table.PAUSE_AFTER
    return kind is not None and any(event["kind"] == kind for event in events)


def takes_back_loss(table: TableSpec, result: dict) -> bool:
    """Whether a human's own move that ended the game with ``result`` may still be undone."""
    return table.takes_back_loss is not None and bool(table.takes_back_loss(result))
