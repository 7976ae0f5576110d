"""What a table renderer needs besides the seat's view: names, selection, hint, buttons."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableUi:
    """Everything on the table that is not in ``view``.

    ``names[seat]`` label the seats; ``selected`` is the chosen hand card (or None);
    ``log`` the latest turns, newest last; ``hint`` a bot's ``{"actions", "reason"}``;
    ``my_turn`` whether the viewing seat may act now; ``awaiting`` the TG-9 decision;
    ``table`` what the game's table module adds (its ``table_state(controller)``, if any).
    """

    names: tuple
    selected: int | None = None
    log: tuple = ()
    hint: dict | None = None
    can_hint: bool = False
    can_undo: bool = False
    my_turn: bool = False
    awaiting: bool = False
    table: object = None
