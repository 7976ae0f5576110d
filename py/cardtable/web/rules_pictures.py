"""Small pictures of the tables for the rules panel, drawn as inline SVG.

Each ``*_picture()`` returns a :class:`Picture`: the SVG markup (``role="img"`` with an
``aria-label`` saying what it shows) and a caption. Colours come from classes that
``assets/teach.css`` styles (``rp-card``, ``rp-up``, ``rp-down``, …), so the pictures follow
the page's light and dark themes; only presentation attributes are used, never ``style=``.
Nothing is fetched: no images, no fonts. The functions are called when the rules are shown,
so every word they draw (labels, descriptions, captions) is in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.extreme import DEFAULT_LAYOUT, KINDS
from ..engine.triggs import BOXES
from ..i18n import _
from .html import esc
from .table_extreme import SYMBOL_SVG

CARD_W, CARD_H = 40, 56  # one card, in picture units


@dataclass(frozen=True)
class Picture:
    """Trusted SVG markup and the caption written under it."""

    svg: str
    caption: str


def svg(width: int, height: int, label: str, body: str) -> str:
    """An SVG element scaled to its box's width, described by ``label``."""
    return (f'<svg class="rp" viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
            f' role="img" aria-label="{esc(label)}" focusable="false">{body}</svg>')


def text(x: float, y: float, words: str, cls: str = "rp-text", size: int = 12,
         anchor: str = "middle") -> str:
    return (f'<text x="{x}" y="{y}" class="{cls}" font-size="{size}"'
            f' text-anchor="{anchor}">{esc(words)}</text>')


def card(x: float, y: float, label: str = "", cls: str = "", sub: str = "",
         w: int = CARD_W, h: int = CARD_H) -> str:
    """A card at (x, y): ``label`` large in the middle, ``sub`` small under it; ``cls``
    adds classes to its outline (``rp-up``, ``rp-back``, ``rp-win``, ``rp-slot``…)."""
    classes = f"rp-card {cls}".strip()
    parts = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" class="{classes}"/>']
    if label:
        parts.append(text(x + w / 2, y + h / 2 + 5, label, "rp-num", 15))
    if sub:
        parts.append(text(x + w / 2, y + h - 6, sub, "rp-muted", 9))
    return "".join(parts)


def arrow(x1: float, y1: float, x2: float, y2: float, cls: str = "rp-arrow") -> str:
    """A line from (x1, y1) to (x2, y2) ending in a small head (drawn, not a marker, so
    pictures never share ids)."""
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    left = (x2 - 7 * ux + 4 * uy, y2 - 7 * uy - 4 * ux)
    right = (x2 - 7 * ux - 4 * uy, y2 - 7 * uy + 4 * ux)
    head = " ".join(f"{px:.1f},{py:.1f}" for px, py in ((x2, y2), left, right))
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="{cls}"/>'
            f'<polygon points="{head}" class="{cls}-head"/>')


# -- The Game and Extreme ---------------------------------------------------------------
def the_game_piles_picture() -> Picture:
    """The draw pile and the four piles as a game starts."""
    piles = (("↑", "1", "rp-up"), ("↑", "1", "rp-up"), ("↓", "100", "rp-down"),
             ("↓", "100", "rp-down"))
    body = [card(6, 22, "", "rp-back"), text(26, 16, _("draw"), "rp-muted", 10)]
    for i, (sign, top, cls) in enumerate(piles):
        x = 74 + i * 66
        body += [text(x + CARD_W / 2, 16, sign, cls.replace("rp-", "rp-t-"), 14),
                 card(x, 22, top, cls)]
    body += [text(127, 96, _("climb: higher"), "rp-t-up", 11),
             text(259, 96, _("fall: lower"), "rp-t-down", 11)]
    label = _("The draw pile and four piles: two climbing from 1, two falling from 100.")
    caption = _("Two piles climb from 1, two fall from 100. Only the top card counts.")
    return Picture(svg(340, 104, label, "".join(body)), caption)


def backwards_trick_picture() -> Picture:
    """The backwards trick on a climbing and on a falling pile."""
    body = [text(60, 14, _("climbing pile"), "rp-t-up", 11), card(16, 24, "47", "rp-up"),
            card(78, 24, "37", "rp-play"), arrow(76, 52, 60, 52),
            text(60, 96, _("37 fits: exactly 10 less"), "rp-text", 10),
            text(240, 14, _("falling pile"), "rp-t-down", 11), card(196, 24, "65", "rp-down"),
            card(258, 24, "75", "rp-play"), arrow(256, 52, 240, 52),
            text(240, 96, _("75 fits: exactly 10 more"), "rp-text", 10)]
    label = _("The backwards trick: 37 on a climbing 47, 75 on a falling 65.")
    caption = _("The backwards trick: a step back by exactly 10 always fits.")
    return Picture(svg(320, 104, label, "".join(body)), caption)


def two_lines(label: str) -> list:
    """``label`` on at most two lines (a card has room for two under it), split between
    words where the longer line is shortest: "No talking" → "No", "talking"."""
    words = label.split()
    if len(words) <= 2:
        return words
    splits = ((" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words)))
    return list(min(splits, key=lambda pair: max(map(len, pair))))


def instructions_picture() -> Picture:
    """The seven instructions, lightning first, each on its first default number."""
    body = [text(84, 12, _("lightning: you, this turn"), "rp-muted", 10),
            text(296, 12, _("infinity: everyone, while on top"), "rp-muted", 10)]
    for i, (kind, info) in enumerate(KINDS.items()):
        x = 4 + i * 56 + (12 if info.symbol == "infinity" else 0)
        symbol = (f'<svg x="{x + 12}" y="46" width="16" height="16" viewBox="0 0 16 16"'
                  f' class="rp-sym">{SYMBOL_SVG[info.symbol]}</svg>')
        body += [card(x, 20, "", "rp-ex", w=40, h=60), symbol,
                 text(x + 20, 36, str(DEFAULT_LAYOUT[kind][0]), "rp-num", 13)]
        body += [text(x + 20, 94 + 11 * line, words, "rp-text", 10)
                 for line, words in enumerate(two_lines(_(info.label)))]
    label = _("The seven instructions: stop, skull and 3! (lightning); no talking, no "
              "backwards, one pile and draw one (infinity).")
    caption = _("Each instruction is printed on four cards; the number still counts as usual.")
    return Picture(svg(400, 112, label, "".join(body)), caption)


# -- Triggs ---------------------------------------------------------------------------------
def triggs_sheet_picture() -> Picture:
    """A score sheet with some boxes crossed from the left."""
    crossed = {1: 2, 2: 1, 5: 1, 11: 2}
    body = []
    for row, boxes in enumerate(BOXES, start=1):
        y = 4 + (row - 1) * 17
        body.append(text(14, y + 12, str(row), "rp-num", 11, "end"))
        for box in range(boxes):
            x = 22 + box * 18
            done = box < crossed.get(row, 0)
            body.append(f'<rect x="{x}" y="{y}" width="14" height="14" rx="2"'
                        f' class="rp-box{" rp-done" if done else ""}"/>')
            if done:
                body.append(f'<path d="M{x + 3} {y + 3}l8 8m0-8l-8 8" class="rp-cross"/>')
    label = _("A score sheet: rows 1 to 12, with 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5 and 5 boxes; "
              "a few are crossed from the left.")
    caption = _("Your sheet: rows 1–12, crossed from the left.")
    return Picture(svg(116, 210, label, "".join(body)), caption)


def triggs_piles_picture() -> Picture:
    """The three draw piles and the discard pile."""
    body = [text(26, 12, _("left"), "rp-muted", 10), card(6, 18, "7", "rp-up", _("face up")),
            text(80, 12, _("middle"), "rp-muted", 10), card(60, 18, "", "rp-back", _("face down")),
            text(134, 12, _("right"), "rp-muted", 10), card(114, 18, "5", "rp-up", _("face up")),
            text(208, 12, _("discard"), "rp-muted", 10), card(188, 18, "9", "rp-slot")]
    label = _("Three draw piles, left and right face up showing 7 and 5, the middle face down; "
              "beside them the discard pile.")
    caption = _("Draw from any of the three piles; discards go on the pile beside them.")
    return Picture(svg(236, 80, label, "".join(body)), caption)


def triggs_cross_picture() -> Picture:
    """Two makes of 11 crossing two boxes of row 11."""
    body = [card(4, 10, "11", "rp-play"), text(58, 44, _("and"), "rp-muted", 10),
            card(72, 10, "4", "rp-play"), text(122, 44, "+", "rp-text", 14),
            card(132, 10, "7", "rp-play"), arrow(180, 38, 212, 38),
            text(254, 28, _("row 11"), "rp-muted", 10)]
    for box in range(BOXES[10]):
        x, done = 218 + box * 18, box < 2
        body.append(f'<rect x="{x}" y="34" width="14" height="14" rx="2"'
                    f' class="rp-box{" rp-done" if done else ""}"/>')
        if done:
            body.append(f'<path d="M{x + 3} 37l8 8m0-8l-8 8" class="rp-cross"/>')
    label = _("An 11, and a 4 and a 7 that add up to 11: two makes of 11, so two boxes of row "
              "11 are crossed.")
    caption = _("Two makes of 11 (an 11, and 4 + 7) cross two boxes of row 11.")
    return Picture(svg(310, 72, label, "".join(body)), caption)


# -- Rentz ----------------------------------------------------------------------------------
SUIT_CLASS = {"♥": "rp-red", "♦": "rp-red", "♣": "rp-black", "♠": "rp-black"}


def face(x: float, y: float, rank: str, suit: str, cls: str = "") -> str:
    """A playing card showing ``rank`` and ``suit``."""
    return (card(x, y, "", cls, w=34, h=46)
            + text(x + 17, y + 21, rank, SUIT_CLASS[suit], 13)
            + text(x + 17, y + 38, suit, SUIT_CLASS[suit], 14))


def rentz_trick_picture() -> Picture:
    """A trick of four: hearts led, the highest heart wins, a club cannot."""
    body = [face(133, 104, "10", "♥"), text(150, 166, _("you lead"), "rp-muted", 10),
            face(40, 52, "K", "♥", "rp-win"), text(57, 46, _("takes it"), "rp-t-win", 10),
            face(133, 4, "7", "♥"), face(226, 52, "A", "♣"),
            text(243, 114, _("no heart"), "rp-muted", 10)]
    label = _("A trick: you lead the 10 of hearts; the next players play the King of hearts, "
              "the 7 of hearts and the Ace of clubs. The King of hearts takes the trick.")
    caption = _("Hearts were led, so the K♥ takes the trick: the A♣ is not a heart.")
    return Picture(svg(300, 172, label, "".join(body)), caption)


LAYOUT_ROWS = (("♥", ("9", "10", "J", "Q")), ("♦", ("J",)), ("♣", ("10", "J", "Q", "K", "A")),
               ("♠", ()))
RANK_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")


def next_ranks(ranks: tuple) -> set:
    """The ranks that fit a row holding ``ranks`` (low to high): a Jack opens an empty
    row; otherwise one directly below its bottom or above its top."""
    if not ranks:
        return {"J"}
    ends = (RANK_ORDER.index(ranks[0]) - 1, RANK_ORDER.index(ranks[-1]) + 1)
    return {RANK_ORDER[i] for i in ends if 0 <= i < len(RANK_ORDER)}


def rentz_layout_picture() -> Picture:
    """The four rows of the Rentz game around the Jacks, with the cards that fit next."""
    body = []
    for row, (suit, ranks) in enumerate(LAYOUT_ROWS):
        y = 4 + row * 52
        body.append(text(12, y + 30, suit, SUIT_CLASS[suit], 16))
        fits = next_ranks(ranks)
        for col, rank in enumerate(RANK_ORDER[1:]):  # no row of the picture reaches a 7
            x = 30 + col * 38
            if rank in ranks:
                body.append(face(x, y, rank, suit, "rp-jack" if rank == "J" else ""))
            elif rank in fits:
                body.append(card(x, y, "", "rp-slot", w=34, h=46)
                            + text(x + 17, y + 28, rank, "rp-muted", 11))
    label = _("The Rentz layout: one row per suit, growing out from the Jacks in the middle. "
              "Dashed places show the cards that may come next.")
    caption = _("Rows grow outwards from the Jacks; the dashed places are the cards that fit "
                "next (a Jack opens its suit's row).")
    return Picture(svg(300, 212, label, "".join(body)), caption)
