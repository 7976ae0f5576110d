"""A short guided first game: a few steps per game that point at the parts of the table.

A game's steps are its guide's ``tour`` (see ``guide``): ``(selector, text)``, the CSS
selector of what a step points at on the table and what it says (in English, marked with
``N_()``: :func:`tour_html` translates it as it draws the step). The tour is offered once
per game (the settings remember the games whose tour was seen or skipped) and can be
skipped at any step. It never blocks
play: the box is a non-modal dialog; ``assets/teach.css`` shows it as a compact bar at the
bottom of a phone and in a column of its own beside the table on a wide screen, where it
covers nothing, once the page has marked the element it points at with
:func:`point_at_target`.

A step follows the player: doing what it says (a tap on a control inside the element it
points at: a card of the hand, a pile, End turn) goes on to the next step, and a step whose
element is not on the table (a choice that is not the player's to make) is passed over.
"""

from __future__ import annotations

from ...i18n import _
from ..html import attrs, button, esc
from .guide import game_guide


def tour_steps(game: str) -> tuple:
    """``game``'s tour: its guide's steps (loaded when the game is first opened)."""
    return game_guide(game).tour


def tour_html(game: str, step: int) -> str:
    """Step ``step`` of ``game``'s tour as a box with Next (Got it on the last step) and
    Skip; ``data-points-at`` holds the selector of what it points at and ``data-step``
    names the step (``<game>:<step>``). Empty when there is no such step."""
    steps = tour_steps(game)
    if not 0 <= step < len(steps):
        return ""
    selector, text = steps[step]
    last = step == len(steps) - 1
    box = attrs(class_="tour", role="dialog", aria_label=_("Guided first game"),
                data_points_at=selector, data_step=f"{game}:{step}")
    # TRANSLATORS: the guided first game's progress, e.g. "Guided first game · 2 of 5"
    count = _("Guided first game · {step} of {steps}").format(step=step + 1, steps=len(steps))
    return (f'<section{box}>'
            f'<p class="tour-count">{esc(count)}</p>'
            f'<p class="tour-text" id="tour-text">{esc(_(text))}</p><div class="tour-buttons">'
            + button(_("Got it") if last else _("Next"), "tour-next", class_="primary",
                     aria_describedby="tour-text")
            + ("" if last else button(_("Skip the tour"), "tour-skip")) + "</div></section>")


def point_at_target(screen) -> bool:
    """In the page, after each drawing: mark the element the tour box points at with
    ``data-tour-target`` (teach.css outlines it) and, when the step is new, scroll it into
    view. False when a step is on show but what it points at is not on the table (the page
    then passes the step over). ``screen`` is the DOM element the screen was drawn into;
    only its DOM methods are used, so this module needs no ``js``."""
    box = screen.querySelector(".tour[data-points-at]")
    if not box:
        return True
    target = screen.querySelector(box.getAttribute("data-points-at"))
    if not target:
        return False
    target.setAttribute("data-tour-target", "")
    step = box.getAttribute("data-step")
    if screen.getAttribute("data-tour-step") != step:
        screen.setAttribute("data-tour-step", step)
        target.scrollIntoView(False)  # its bottom in view, above the box (scroll-margin)
    return True
