"""What a table renderer needs besides the seat's view: names, the player's unfinished
choice, the log, the hint and which buttons are live."""

from __future__ import annotations

from dataclasses import dataclass


class You(str):
    """The name of the viewer's own seat ("You", translated): the table speaks to that
    seat in the second person and of every other in the third (see
    :func:`..table_parts.by`). A plain ``str`` otherwise."""


def is_you(name) -> bool:
    """Whether ``name`` is the viewer's own seat's (a :class:`You`)."""
    return isinstance(name, You)


@dataclass(frozen=True)
class TableUi:
    """Everything on the table that is not in ``view``.

    ``names[seat]`` label the seats (the viewer's own, when named "You", is a
    :class:`You`); ``local`` is the table module's own record of what
    the player is choosing (a selected card, a pick; None when nothing is chosen,
    and again after every move); ``log`` the latest events, oldest first; ``hint`` a
    bot's ``{"actions", "reason"}``; ``my_turn`` whether the viewing seat may act now;
    ``awaiting`` whether the viewer's own move just lost and may still be taken back;
    ``live`` is False on a replay, where the table draws no control of play at all.
    """

    names: tuple
    local: object = None
    log: tuple = ()
    hint: dict | None = None
    can_hint: bool = False
    can_undo: bool = False
    my_turn: bool = False
    awaiting: bool = False
    live: bool = True
