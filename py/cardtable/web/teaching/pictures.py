"""What the rules panel's small pictures are drawn with: inline SVG and a few shapes.

A game's guide draws its pictures with these; each ``*_picture()`` of a guide returns a
:class:`Picture`: the SVG markup (``role="img"`` with an ``aria-label`` saying what it
shows) and a caption. Colours come from classes that
``assets/teach.css`` styles (``rp-card``, ``rp-up``, ``rp-down``, …), so the pictures follow
the page's light and dark themes; only presentation attributes are used, never ``style=``.
Nothing is fetched: no images, no fonts. The functions are called when the rules are shown,
so every word they draw (labels, descriptions, captions) is in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..html import esc

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
