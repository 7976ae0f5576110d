"""How to play: each game's rules in the page, in the project's own words.

:func:`rules_html` draws the rules of one game for the "Rules" panel, reachable from the
lobby and from the table's menu. The words are data (``rules_text.GUIDES``); this module
only turns them into HTML: every text escaped, pictures as the trusted SVG that
``rules_pictures`` draws, and the rule ids only in the closing "Rule reference".
"""

from __future__ import annotations

from ..engine.registry import GAMES
from .html import esc
from .rules_pictures import Picture
from .rules_text import GUIDES, Section, Table


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
    body = "".join(BLOCKS[type(block)](block) for block in section.body)
    return (f'<section class="rules-section" aria-labelledby="{esc(ident)}">'
            f'<h3 id="{esc(ident)}">{esc(section.title)}</h3>{body}</section>')


def reference_html(reference: tuple) -> str:
    """The rule ids of ``seeds/<game>.md``, each with a one-line summary, folded away."""
    items = "".join(f"<dt>{esc(rule)}</dt><dd>{esc(summary)}</dd>" for rule, summary in reference)
    return (f'<details class="rule-reference"><summary>Rule reference</summary>'
            f"<p>The ids the project's rules and tests use.</p><dl>{items}</dl></details>")


def rules_html(game: str) -> str:
    """The rules of ``game`` as HTML: a heading, a line on what the game is, its sections
    (what you need, the goal, a turn, the special parts, the end) and the rule reference.
    A game without a guide (one registered only by a test) gets its summary."""
    guide = GUIDES.get(game)
    if guide is None:
        return f"<h2>How to play {esc(GAMES[game].name)}</h2><p>{esc(GAMES[game].summary)}</p>"
    sections = "".join(section_html(game, section) for section in guide.sections)
    return (f'<div class="rules-body"><h2>How to play {esc(GAMES[game].name)}</h2>'
            f'<p class="rules-intro">{esc(guide.intro)}</p>{sections}'
            f"{reference_html(guide.reference)}</div>")
