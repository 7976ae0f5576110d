"""The review screen, as HTML: pure, from a :class:`~.reviewing.Reviewing`.

Its head (the title and Close, ``data-action="close-review"``), a line saying how far the
review got ("Thinking… move 3 of 8"), the chart of the seat's estimate along its moves
(an SVG like :mod:`.charts`', the noise a band around the line, better always up: a
measure where less is better is drawn upside down and says so), with the same points
as a table for screen readers, then the moves that mattered, each with the move made,
the move preferred, why, and what it cost give or take its noise, and its controls:
Show the position (``review-show``) and Try the other move (``review-try``), both with
``data-move``. The position of the moment on show follows, as the seat saw it (the
game's table, nothing live). Styles: ``assets/records.css``.
"""

from __future__ import annotations

import math

from ...engine.registry import GAMES
from ...i18n import N_, _, ngettext
from ..html import attrs, button, esc
from ..tables import action_words
from .charts import HEIGHT, PAD, WIDTH, figure, scale

# What an estimate counts, by ReviewSpec.unit (the chart's caption and the table's column).
MEASURES = {"chance": N_("Chance to win"), "cards": N_("Cards"), "points": N_("Points"),
            "place": N_("Place")}
TOP, BOTTOM = PAD / 2 + 4, HEIGHT - PAD - 4  # the chart's highest and lowest y


def number(unit: str, value: float) -> str:
    """An estimate in the unit's figures: a chance as a percentage, else one decimal."""
    return f"{round(value * 100)}%" if unit == "chance" else f"{value:.1f}"


def tick(unit: str, value: float) -> str:
    """An axis' end: as :func:`number`, but whole from 10 on (it fits beside the axis)."""
    return number(unit, value) if unit == "chance" or abs(value) < 10 else str(round(value))


def spread(unit: str, noise: float) -> str:
    """A noise in the unit's figures (a chance's in percentage points), "?" if unknown."""
    if not math.isfinite(noise):
        return "?"
    return str(round(noise * 100)) if unit == "chance" else f"{noise:.1f}"


def about(unit: str, value: float, noise: float) -> str:
    """"about 40%, give or take 8"."""
    return _("about {value}, give or take {noise}").format(value=number(unit, value),
                                                          noise=spread(unit, noise))


def measure_name(spec) -> str:
    """What the estimate counts, saying which way is better where less is."""
    name = _(MEASURES.get(spec.unit, N_("Points")))
    return name if spec.higher else _("{measure}, less is better").format(measure=name)


def review_html(reviewing) -> str:
    """The review screen of ``reviewing``: a ``<main>``, or while a position is on show
    a section before the game's table (whose own ``<main>`` it is, as in a replay)."""
    review, record = reviewing.review, reviewing.record
    title = _("Review: {game}, {when}").format(game=GAMES[record["game"]].name,
                                               when=record["when"].replace("T", " "))
    about_words = _("How you stood after each of your moves, estimated from what you"
                    " saw then by bots playing the rest out many times.")
    head = (f'<div class="screen-head"><h1 id="review-title" tabindex="-1">{esc(title)}</h1>'
            + button(_("Close"), "close-review", class_="panel-close") + "</div>")
    position = position_html(reviewing)
    tag = "section" if position else "main"  # the position's table is the <main> then
    return (f'<{tag} class="records review" aria-labelledby="review-title">{head}'
            f'<p class="help">{esc(about_words)}</p>{progress_html(reviewing)}'
            f'{review_chart(reviewing)}{moments_html(reviewing)}</{tag}>{position}')


def thinking_parts(reviewing) -> dict:
    """What changes on the screen while the review thinks, by selector: the progress
    line and the chart (the page replaces just these, not the whole screen)."""
    return {"p.review-progress": progress_html(reviewing),
            "figure.review-chart": review_chart(reviewing)}


def done_parts(reviewing) -> dict:
    """What changes on the screen when the review is done, besides :func:`thinking_parts`:
    the moves that mattered."""
    return {"section.moments": moments_html(reviewing)}


def done_words(reviewing) -> str:
    """The progress line of a review done (also said in the page's status region)."""
    return ngettext("Review done: your {n} move.", "Review done: your {n} moves.",
                    reviewing.total).format(n=reviewing.total)


def progress_html(reviewing) -> str:
    """How far the review got, in words."""
    review = reviewing.review
    if review is None:  # its first steps make it
        words = _("Thinking…")
    elif review.done:
        words = done_words(reviewing)
    else:
        words = _("Thinking… move {move} of {total}").format(
            move=min(len(review.points) + 1, reviewing.total), total=reviewing.total)
    return f'<p class="review-progress">{esc(words)}</p>'


def y_range(reviewing) -> tuple:
    """The estimates' ``(low, high)`` that the chart spans: a chance's whole 0..1, else
    the points with their noise (a flat range widened by one)."""
    spec, points = reviewing.review.spec, reviewing.review.points
    if spec.unit == "chance":
        return 0.0, 1.0
    ends = [p.estimate + sign * (p.noise if math.isfinite(p.noise) else 0)
            for p in points for sign in (-1, 1)] or [0.0]
    low, high = min(ends), max(ends)
    return (low - 0.5, high + 0.5) if high == low else (low, high)


def review_chart(reviewing) -> str:
    """The chart of the estimates along the seat's moves, better up, with the noise as a
    band and the moments marked; its table gives move, estimate and give or take. Nothing
    before the review was made."""
    review = reviewing.review
    if review is None:
        return ""
    spec, points, total = review.spec, review.points, max(1, reviewing.total)
    low, high = y_range(reviewing)
    best, worst = (high, low) if spec.higher else (low, high)

    def y(value: float) -> float:
        return scale(max(low, min(high, value)), worst, best, BOTTOM, TOP)

    def x(move: int) -> float:
        return scale(move, 0, max(1, total - 1), PAD + 6, WIDTH - 10)

    band = [(x(p.move), y(p.estimate + (p.noise if math.isfinite(p.noise) else 0)))
            for p in points]
    band += [(x(p.move), y(p.estimate - (p.noise if math.isfinite(p.noise) else 0)))
             for p in reversed(points)]
    line = " ".join(f"{x(p.move):.1f},{y(p.estimate):.1f}" for p in points)
    marked = {m.move for m in review.moments}
    dots = "".join(f'<circle class="{"moment" if p.move in marked else "point"}"'
                   f' cx="{x(p.move):.1f}" cy="{y(p.estimate):.1f}"'
                   f' r="{4 if p.move in marked else 2.5}"/>' for p in points)
    across = _("Your moves, first to last")
    svg = (axis_html(spec.unit, best, worst)
           + (f'<polygon class="band" points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in band)}"/>'
              if len(points) > 1 else "")
           + (f'<polyline class="trend" points="{line}"/>' if len(points) > 1 else "") + dots
           + f'<text class="axis-title" x="{WIDTH / 2}" y="{HEIGHT - 6}" text-anchor="middle">'
           f'{esc(across)}</text>')
    rows = [(str(p.move + 1), number(spec.unit, p.estimate), spread(spec.unit, p.noise))
            for p in points]
    caption = measure_name(spec)
    return figure("review-chart", caption, svg, (_("Move"), _("Estimate"), _("Give or take")),
                  rows)


def axis_html(unit: str, best: float, worst: float) -> str:
    """The axes, the better end's value at the top and the worse end's at the bottom."""
    lines = (f'<line class="axis" x1="{PAD}" y1="{PAD / 2}" x2="{PAD}" y2="{HEIGHT - PAD}"/>'
             f'<line class="axis" x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - 4}"'
             f' y2="{HEIGHT - PAD}"/>')
    return lines + "".join(f'<text class="tick" x="{PAD - 4}" y="{y:.1f}" text-anchor="end">'
                           f'{esc(tick(unit, value))}</text>'
                           for value, y in ((best, TOP + 4), (worst, BOTTOM)))


def moments_html(reviewing) -> str:
    """The moves that mattered (named once the review is done), each with its controls;
    ``data-state`` is ``done`` once they are named (the last part drawn)."""
    review = reviewing.review
    heading = _("The moves that mattered")
    done = review is not None and review.done
    if not done:
        said = _("They are named once every move is reviewed.")
    elif not review.moments:
        said = _("No move cost clearly more than the estimates' noise: well played.")
    else:
        said = ""
    items = "".join(moment_html(reviewing, m) for m in review.moments) if done else ""
    state = "done" if done else "thinking"
    return (f'<section class="moments" data-state="{state}" aria-labelledby="moments-title">'
            f'<h2 id="moments-title">{esc(heading)}</h2>'
            + (f'<p class="help">{esc(said)}</p>' if said else "")
            + (f'<ol class="moment-list">{items}</ol>' if items else "") + "</section>")


def moment_html(reviewing, moment) -> str:
    """One move that mattered: made, better, why, what it cost, its two controls."""
    table, spec = reviewing.module, reviewing.review.spec
    title = _("Move {number}").format(number=moment.move + 1)
    made = _("You chose: {move}.").format(move=action_words(table, moment.made))
    better = _("Better: {move}.").format(move=action_words(table, moment.better))
    cost = _("It cost {about} ({measure}).").format(
        about=about(spec.unit, moment.drop, moment.noise), measure=measure_name(spec))
    why = f'<p class="why">{esc(moment.reason)}</p>' if moment.reason else ""
    shown = reviewing.shown == moment.move
    controls = (button(_("Show the position"), "review-show", data_move=moment.move,
                       aria_pressed=str(shown).lower())
                + button(_("Try the other move"), "review-try", data_move=moment.move,
                         class_="primary"))
    return (f'<li{attrs(class_="moment", data_move=moment.move)}><h3>{esc(title)}</h3>'
            f'<p>{esc(made)}</p><p>{esc(better)}</p>{why}<p class="cost">{esc(cost)}</p>'
            f'<div class="controls">{controls}</div></li>')


def position_html(reviewing) -> str:
    """The position before the moment on show, as the seat saw it; nothing while none is."""
    if reviewing.shown is None:
        return ""
    moment = reviewing.moment(reviewing.shown)
    heading = _("The position before move {number}").format(number=moment.move + 1)
    view, ui = reviewing.position(moment)
    return (f'<h2 class="review-position" id="review-position" tabindex="-1">{esc(heading)}</h2>'
            + reviewing.module.table_html(view, ui))
