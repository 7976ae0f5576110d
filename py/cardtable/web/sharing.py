"""Share and embed: the link that opens a deal, a line to send a friend, an iframe."""

from __future__ import annotations

from . import links
from .html import esc
from .session import Session


def deal_link(base_url: str, session: Session) -> str:
    """The address that opens this exact deal (setup, seats and seed)."""
    return base_url + links.fragment(session.setup, session.seed)


def share_text(base_url: str, session: Session, result_line: str | None) -> str:
    """One line for a friend: the game, the result when there is one, the link."""
    result = f"{result_line} " if result_line else ""
    return f"{session.setup.spec.name}: {result}Play this deal: {deal_link(base_url, session)}"


def embed_snippet(base_url: str, session: Session) -> str:
    """An ``<iframe>`` that plays this deal inside another page (the link is URL-quoted:
    it holds no quote mark)."""
    title = f"cardtable: {session.setup.spec.name}"
    return (f'<iframe src="{deal_link(base_url, session)}" title="{esc(title)}"'
            f' width="400" height="720" style="border:0;max-width:100%"></iframe>')
