"""How to play: each game's rules in the page, in the project's own words.

:func:`rules_html` draws the rules of one game for the "Rules" panel, reachable from the
lobby and from the table's menu. The words are data (the ``GUIDE`` of each game's
``guide.py``, see ``guide``); this module only turns them into HTML: every text in the
player's language and escaped, pictures as the trusted SVG that a guide draws, and no rule
id (a guide's ``reference`` of ids is for the tests, never drawn). The words are English
marked with ``N_()``; each is translated here, as it is
drawn, so the panel speaks the language chosen now. Blocks that are functions are drawn
by calling them and come back translated already.
"""

from __future__ import annotations

from ...engine.registry import GAMES
from ...i18n import _
from ..html import esc
from .guide import Section, Table, game_guide
from .pictures import Picture


def tr(text: str) -> str:
    """``text`` in the player's language; an empty text stays empty (gettext's translation
    of "" is the catalog's header)."""
    return _(text) if text else text


def in_language(block):
    """A block of the data (a paragraph, a list, a table) with its texts translated."""
    if isinstance(block, str):
        return tr(block)
    if isinstance(block, tuple):
        return tuple(tr(item) for item in block)
    if isinstance(block, Table):
        return Table(tuple(tr(cell) for cell in block.head),
                     tuple(tuple(tr(cell) for cell in row) for row in block.rows))
    return block


def paragraph(text: str) -> str:
    return f"<p>{esc(text)}</p>"


def bullets(items: tuple) -> str:
    return "<ul>" + "".join(f"<li>{esc(item)}</li>" for item in items) + "</ul>"


def table(block: Table) -> str:
    head = "".join(f'<th scope="col">{esc(cell)}</th>' for cell in block.head)
    rows = "".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>"
                   for row in block.rows)
    return (f'<div class="rules-table"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


def picture(block: Picture) -> str:
    return (f'<figure class="rules-picture">{block.svg}'
            f"<figcaption>{esc(block.caption)}</figcaption></figure>")


BLOCKS = {str: paragraph, tuple: bullets, Table: table, Picture: picture}


def section_html(game: str, section: Section) -> str:
    """One section: its heading (with an id to link to) and its blocks in order."""
    ident = f"rules-{game}-{section.key}"
    body = "".join(block_html(block) for block in section.body)
    return (f'<section class="rules-section" aria-labelledby="{esc(ident)}">'
            f'<h3 id="{esc(ident)}">{esc(tr(section.title))}</h3>{body}</section>')


def block_html(block) -> str:
    """One block of a section: a function is called (what it draws is translated already),
    data is translated here."""
    shown = block() if callable(block) else in_language(block)
    return BLOCKS[type(shown)](shown)


def rules_title(game: str) -> str:
    """The heading of ``game``'s rules, in words."""
    # TRANSLATORS: the heading of the rules panel; {game} is a game's name (not translated)
    return _("How to play {game}").format(game=GAMES[game].name)


def rules_html(game: str, titled: bool = True) -> str:
    """The rules of ``game`` as HTML: a heading (unless not ``titled``: the panel's head
    shows it), a line on what the game is, its sections (what you need, the goal, a turn,
    the special parts, the end); no rule id.
    """
    heading = f"<h2>{esc(rules_title(game))}</h2>" if titled else ""
    guide = game_guide(game)
    sections = "".join(section_html(game, section) for section in guide.sections)
    return (f'<div class="rules-body">{heading}'
            f'<p class="rules-intro">{esc(tr(guide.intro))}</p>{sections}</div>')

