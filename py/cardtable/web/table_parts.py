"""Pieces every game's table draws alike: the log of the whole game numbered by turn, the
hint with its reason, and a card's face.

The log is a scrollable box whose newest line shows without any script: the box lays its
list out from the bottom (``column-reverse``), so it opens scrolled to the end. Styles
live in ``assets/table.css`` (``.log-box``, ``.hint``, ``.last-play``, ``.just-played``,
the faces' ``.pc``).
"""

from __future__ import annotations

import re

from ..i18n import _, pgettext
from .html import attrs, esc
from .ui import is_you


class Html(str):
    """Markup that :func:`weave` puts in as it is (plain ``str`` values are text)."""


def unseen(text: str) -> str:
    """Words for screen readers only (class ``sr``): a control's name is its visible
    text with these around it, so the name always holds what is shown."""
    return f'<span class="sr">{esc(text)}</span>' if text else ""


def face_parts(index: str, centre: str) -> str:
    """The inside of a card's face drawn by the page (the element holding it has the class
    ``pc``): ``index`` (markup) in the top-left corner and, upside down, in the bottom-right
    one, and ``centre`` (markup) in the middle. The top-left index is the card's visible
    name and is read; the other two are hidden from screen readers. Spaces part the three
    in the text (a flex box does not draw them), so that "K♦ K K♦" reads as a card's."""
    return (f'<span class="pc-i pc-tl">{index}</span> '
            f'<span class="pc-c" aria-hidden="true">{centre}</span> '
            f'<span class="pc-i pc-br" aria-hidden="true">{index}</span>')


TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}  # digits read upside down


def number_index(number: int) -> str:
    """A number card's index for :func:`face_parts`: underlined when, upside down in the
    far corner, it would read as another number (6 and 9, 16 and 91)."""
    text = str(number)
    turned = "".join(TURNED.get(digit, "?") for digit in reversed(text))
    other = "?" not in turned and turned != text and not turned.startswith("0")
    return f'<span class="pc-u">{text}</span>' if other else text


def weave(template: str, **parts) -> str:
    """A control's name from one translated sentence: its words are for screen readers
    only (:func:`unseen`) and its ``{placeholders}`` given as :class:`Html` are the
    visible pieces, put in where the translation places them; other values are words."""
    out, words = [], ""
    for index, piece in enumerate(re.split(r"\{(\w+)\}", template)):
        if index % 2 == 0:
            words += piece
        elif isinstance(parts[piece], Html):
            out += [unseen(words), parts[piece]]
            words = ""
        else:
            words += str(parts[piece])
    return "".join(out) + unseen(words)


def by(name: str, yours: str, theirs: str, **values) -> str:
    """A sentence about what the seat named ``name`` did, from a pair of translated
    templates: ``yours`` speaks to the viewer ("You play {card}") when ``name`` is the
    viewer's own (:func:`.ui.is_you`), ``theirs`` tells of another ("{name} plays
    {card}"); ``values`` (and ``name``) fill it. The first letter is a capital, as a
    sentence's (a language may begin ``yours`` with the verb)."""
    text = (yours if is_you(name) else theirs).format(name=name, **values)
    return text[:1].upper() + text[1:]


def compact_names(names, width: int = 7) -> tuple:
    """``names`` shortened to at most ``width`` characters each where a table has little
    room (the names over a trick's cards), still told apart: a name that fits stays; a
    name ending in a number keeps the number and the start of its words ("Robotul 3" →
    "Robo. 3"); any other is cut ("Alexandra" → "Alexan…"). Names that would come out
    the same are cut further to end in their seat's number ("Ana 1", "Ana 2")."""
    short = [compact_name(name, width) for name in names]
    return tuple(name if short.count(name) == 1 else numbered(name, seat, width)
                 for seat, name in enumerate(short))


def numbered(name: str, seat: int, width: int) -> str:
    """``name`` cut to make room for its seat's number: "Ana 1"."""
    number = str(seat + 1)
    return f"{name[:max(1, width - len(number) - 1)].rstrip('.… ')} {number}"


def compact_name(name: str, width: int) -> str:
    """One name as :func:`compact_names` shortens it, before telling names apart."""
    if len(name) <= width:
        return name
    words, number = name.rsplit(" ", 1) if " " in name else (name, "")
    if number.isdigit():
        keep = max(1, width - len(number) - 2)
        return f"{words[:keep].rstrip()}. {number}"
    return name[:width - 1].rstrip() + "…"


def last_mark() -> str:
    """The word on the pile of the latest play ("last", class ``last-mark``): shown, not
    read (the pile's name for screen readers says it in a sentence); the stylesheet
    keeps it clear of the pile's name, top card and count."""
    # TRANSLATORS: a small word on the pile where the latest card went; keep it short.
    word = pgettext("pile", "last")
    return f'<span class="last-mark" aria-hidden="true">{esc(word)}</span>'


def seat_says(name: str, what: str, what_class: str = "cards", **data) -> str:
    """A seat's name and what it holds, as one phrase ("Bot 2: 6 in hand"): the
    translation's words and punctuation around a ``name`` span and a ``what_class`` span
    (with ``data`` attributes)."""
    # TRANSLATORS: a seat's name and what it holds, in the list of players: "Bot 2: 6 in hand".
    template = esc(pgettext("seat list", "{name}: {what}"))
    return template.format(name=f'<span class="name">{esc(name)}</span>',
                           what=f'<span{attrs(class_=what_class, **data)}>{esc(what)}</span>')


def log_html(lines, label: str | None = None) -> str:
    """``lines`` are ``(turn, text)``, oldest first; ``turn`` None for a consequence (a
    trick taken), which is shown unnumbered. The newest line is marked ``latest``."""
    items = []
    for index, (turn, text) in enumerate(lines):
        latest = index == len(lines) - 1
        number = f'<span class="log-turn">{turn}</span>' if turn is not None else ""
        items.append(f'<li{attrs(class_="latest" if latest else None, data_turn=turn)}>'
                     f'{number}<span class="log-text">{esc(text)}</span></li>')
    body = "".join(items) or f'<li class="log-empty">' + (esc(_("Nothing yet."))) + f'</li>'
    label = label if label is not None else _("What happened")
    return (f'<div class="log-box" role="region" tabindex="0" aria-label="{esc(label)}">'
            f'<ol class="log">{body}</ol></div>')


def hint_html(hint, steps: str) -> str:
    """The hint on show: first the move in a few words (``steps``, in the table's words,
    what the table's best level would do), then why (the hint's ``reason``) folded in a
    ``<details>`` ("Why?", a button for the keyboard too), so that a long reason never
    pushes the rest of the table down until the player asks for it. Its id keeps it open
    across redraws. Empty when there is no hint."""
    if not hint:
        return ""
    move = steps[:1].upper() + steps[1:]
    reason = hint.get("reason", "")
    # The words are named out of the f-strings: a text in their braces is not extracted.
    label, lead, fold = _("Hint"), _("Hint:"), _("Why?")
    why = (f'<details class="hint-fold" id="hint-why">'
           f'<summary>{esc(fold)}</summary>'
           f'<p class="hint-why">{esc(reason)}</p></details>') if reason else ""
    return (f'<aside class="hint" aria-label="{esc(label)}">'
            f'<p class="hint-move"><b>{esc(lead)}</b> {esc(move)}.</p>{why}</aside>')


def latest_move(log):
    """The newest event made by a seat (not a consequence), or None."""
    return next((event for event in reversed(log) if event["seat"] is not None), None)


def moves_by_turn(log, starts_turn, first: int = 1) -> list:
    """``(turn, event)`` for every event of ``log``: turns count from ``first`` and a new
    one begins after each event for which ``starts_turn(event, next_event)`` is true."""
    numbered, turn = [], first
    for index, event in enumerate(log):
        numbered.append((turn, event))
        following = log[index + 1] if index + 1 < len(log) else None
        if following is not None and starts_turn(event, following):
            turn += 1
    return numbered


def place(scores, seat: int, better: str = "higher") -> int:
    """``seat``'s placing by ``scores`` (1 = best; tied seats share a placing)."""
    mine = scores[seat]
    beaten = (lambda other: other > mine) if better == "higher" else (lambda other: other < mine)
    return 1 + sum(1 for other in scores if beaten(other))
