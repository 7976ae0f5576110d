"""Charts as SVG drawn by Python, each with its data in a table for screen readers.

Every chart is a ``<figure class="chart">``: a caption, the SVG (``aria-hidden``: it adds
nothing the table does not say) and a ``<table class="chart-data">``, for screen readers
only (inside ``<div class="sr">``: a table would not shrink to the hidden size), holding
every number the chart draws. Colours come from ``assets/records.css`` through classes (the
page's Content-Security-Policy allows no style attributes). Pure: runs on CPython.
"""

from __future__ import annotations

from ...i18n import _
from ..html import esc

WIDTH, HEIGHT, PAD = 320, 150, 28  # the SVG's coordinate box and its margin for labels


def figure(kind: str, caption: str, svg: str, head: tuple, rows: list) -> str:
    """A chart with its caption and data table (``head``: column titles; ``rows``:
    tuples of cells, already texts)."""
    cells = "".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>"
                    for row in rows)
    titles = "".join(f'<th scope="col">{esc(title)}</th>' for title in head)
    return (f'<figure class="chart {esc(kind)}"><figcaption>{esc(caption)}</figcaption>'
            f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" aria-hidden="true" focusable="false"'
            f' preserveAspectRatio="xMidYMid meet">{svg}</svg>'
            f'<div class="sr"><table class="chart-data"><caption>{esc(caption)}</caption>'
            f'<thead><tr>{titles}</tr></thead><tbody>{cells}</tbody></table></div></figure>')


def scale(value, low, high, start: float, end: float) -> float:
    """``value`` from ``low``..``high`` onto ``start``..``end`` (the middle when flat)."""
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def axis(low, high) -> str:
    """The y axis: a line with its lowest and highest values (one value when flat, in the
    middle, where the points are drawn)."""
    lines = (f'<line class="axis" x1="{PAD}" y1="{PAD / 2}" x2="{PAD}" y2="{HEIGHT - PAD}"/>'
             f'<line class="axis" x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - 4}" y2="{HEIGHT - PAD}"/>')
    ticks = ((high, PAD / 2 + 4), (low, HEIGHT - PAD)) if high != low \
        else ((low, (HEIGHT - PAD / 2) / 2 + 4),)
    return lines + "".join(f'<text class="tick" x="{PAD - 4}" y="{y:.1f}" text-anchor="end">'
                           f'{esc(value)}</text>' for value, y in ticks)


def results_chart(points: list, score_label: str) -> str:
    """Results over time: ``points`` are ``(when, score, won)``, oldest first; a line
    through the scores, a dot per game (class ``won`` or ``lost``)."""
    scores = [score for _, score, _ in points]
    low, high = (min(scores), max(scores)) if scores else (0, 0)
    spots = [(scale(i, 0, max(1, len(points) - 1), PAD + 6, WIDTH - 10),
              scale(score, low, high, HEIGHT - PAD - 4, PAD / 2 + 4), won)
             for i, (_, score, won) in enumerate(points)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in spots)
    dots = "".join(f'<circle class="{"won" if won else "lost"}" cx="{x:.1f}" cy="{y:.1f}" r="4"/>'
                   for x, y, won in spots)
    across = _("Games, oldest first")
    svg = (axis(low, high) + (f'<polyline class="trend" points="{line}"/>' if len(spots) > 1 else "")
           + dots + f'<text class="axis-title" x="{WIDTH / 2}" y="{HEIGHT - 6}" text-anchor="middle">'
           f'{esc(across)}</text>')
    rows = [(str(i + 1), when.replace("T", " "), str(score), _("won") if won else _("not won"))
            for i, (when, score, won) in enumerate(points)]
    return figure("results", _("Results over time ({score})").format(score=score_label), svg,
                  (_("Game"), _("Date"), score_label, _("Won")), rows)


def histogram_chart(bins: list, score_label: str) -> str:
    """How often each result came: ``bins`` are ``(low, high, count)``; a bar each."""
    most = max((count for *_, count in bins), default=0)
    width = (WIDTH - PAD - 8) / max(1, len(bins))
    bars = []
    for i, (low, high, count) in enumerate(bins):
        top = scale(count, 0, max(1, most), HEIGHT - PAD, PAD / 2)
        x = PAD + 4 + i * width
        bars.append(f'<rect class="bar" x="{x:.1f}" y="{top:.1f}" width="{max(1.0, width - 3):.1f}"'
                    f' height="{HEIGHT - PAD - top:.1f}"/>'
                    f'<text class="tick" x="{x + width / 2:.1f}" y="{HEIGHT - PAD + 12}"'
                    f' text-anchor="middle">{esc(span(low, high))}</text>')
    svg = axis(0, most) + "".join(bars)
    rows = [(span(low, high), str(count)) for low, high, count in bins]
    return figure("histogram", _("How often each result came ({score})").format(score=score_label),
                  svg, (score_label, _("Games")), rows)


def span(low, high) -> str:
    """A bin's label: "7" or "10–19"."""
    return str(low) if low == high else f"{low}–{high}"
