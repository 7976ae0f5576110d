"""How to play: each game's rules in the page, in the project's own words.

:func:`rules_html` draws the rules of one game for the "Rules" panel, reachable from the
lobby and from the table's menu.
"""

from __future__ import annotations

from ..engine.registry import GAMES
from .html import esc


def rules_html(game: str) -> str:
    """The rules of ``game`` as HTML (a heading, then sections)."""
    spec = GAMES[game]
    return f"<h2>How to play {esc(spec.name)}</h2><p>{esc(spec.summary)}</p>"
