"""One route table: each control's ``data-action``, to the part of the app that handles it.

Every part of the app declares its controls as a ``HANDLERS`` table (action name: the
function that takes the part and the control's data). :func:`route_table` joins them,
once, at import, and refuses a name that two parts claim. A name in no table is a control
of the game on the table (its ``TableSpec.HANDLERS``), which the sitting runs.
"""

from __future__ import annotations

from typing import NamedTuple


class Route(NamedTuple):
    """Where a control goes: the part's name on the controller, and its handler."""

    part: str
    handler: object


def route_table(*parts) -> dict:
    """``{action: Route}`` from ``(part, handlers)`` pairs; ``ValueError`` naming both
    parts when two claim one action."""
    routes: dict = {}
    for part, handlers in parts:
        for action, handler in handlers.items():
            if action in routes:
                raise ValueError(f"the action {action!r} is claimed by both"
                                 f" {routes[action].part} and {part}")
            routes[action] = Route(part, handler)
    return routes
