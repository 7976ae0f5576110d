"""A short guided first game: a few steps per game that point at the parts of the table.

``STEPS[game]`` lists ``(selector, text)``: the CSS selector of what a step points at on
the table, and what it says. The tour is offered once per game (the settings remember the
games whose tour was seen or skipped) and can be skipped at any step.
"""

from __future__ import annotations

from .html import button, esc

STEPS: dict = {}


def tour_html(game: str, step: int) -> str:
    """Step ``step`` of ``game``'s tour as an overlay box, with Next and Skip."""
    steps = STEPS.get(game, ())
    if not 0 <= step < len(steps):
        return ""
    selector, text = steps[step]
    last = step == len(steps) - 1
    return (f'<aside class="tour" role="dialog" aria-label="Guided first game"'
            f' data-points-at="{esc(selector)}"><p>{esc(text)}</p>'
            + button("Got it" if last else "Next", "tour-next", class_="primary")
            + ("" if last else button("Skip the tour", "tour-skip")) + "</aside>")
