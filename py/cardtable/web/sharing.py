"""Share and embed: the link that opens a deal, a line to send a friend, an iframe."""

from __future__ import annotations

from ..i18n import _
from . import links
from .html import esc
from .session import Session


def deal_link(base_url: str, session: Session) -> str:
    """The address that opens this exact deal (setup, seats and seed)."""
    return base_url + links.fragment(session.setup, session.seed)


def share_text(base_url: str, session: Session, result_line: str | None) -> str:
    """One line for a friend: the game, the result when there is one, the link."""
    link = deal_link(base_url, session)
    if result_line:
        return _("{game}: {result} Play this deal: {link}").format(
            game=session.setup.spec.name, result=result_line, link=link)
    return _("{game}: Play this deal: {link}").format(game=session.setup.spec.name, link=link)


def embed_snippet(base_url: str, session: Session) -> str:
    """An ``<iframe>`` that plays this deal inside another page (the link is URL-quoted:
    it holds no quote mark). It loads lazily: a frame that a reader never scrolls near
    fetches nothing."""
    title = f"cardtable: {session.setup.spec.name}"
    return (f'<iframe src="{deal_link(base_url, session)}" title="{esc(title)}"'
            f' width="400" height="720" loading="lazy" style="border:0;max-width:100%">'
            '</iframe>')
