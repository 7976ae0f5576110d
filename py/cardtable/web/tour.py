"""A short guided first game: a few steps per game that point at the parts of the table.

``STEPS[game]`` lists ``(selector, text)``: the CSS selector of what a step points at on
the table (simple ones: a tag, classes, ``[data-action=…]``, found in the table as it is
first drawn), and what it says (in English, marked with ``N_()``: :func:`tour_html`
translates it as it draws the step). The tour is offered once per game (the settings remember
the games whose tour was seen or skipped) and can be skipped at any step. It never blocks
play: the box is a non-modal dialog; ``assets/teach.css`` places it beside the element
it points at (on a phone, as a compact bar at the bottom) once the page has marked that
element with :func:`point_at_target`.
"""

from __future__ import annotations

from ..i18n import N_, _
from .html import attrs, button, esc

END_TURN = "[data-action=end-turn]"

STEPS: dict = {
    "the-game": (
        (".hand", N_("Your hand. Tap a card to pick it up: the piles where it fits light up. "
                     "You can also drag it onto a pile.")),
        (".piles", N_("Four piles: ↑ climbs from 1 (play higher), ↓ falls from 100 (play "
                      "lower). Exactly 10 back always fits too: 37 on a climbing 47.")),
        (END_TURN, N_("Play at least two cards, then End turn: you draw back up to a full hand.")),
        ("[data-action=undo]", N_("Undo takes back a card you played this turn.")),
        ("[data-action=hint]", N_("Stuck? Hint shows what the strongest bot would play. The full "
                                  "rules are under Rules in the menu.")),
    ),
    "extreme": (
        (".hand", N_("Your hand. A card with a symbol carries an instruction; it still goes on "
                     "a pile by its number. Tap a card, then a lit pile.")),
        (".ex-in-force", N_("What binds you now: lightning cards played this turn, infinity "
                            "cards on top of a pile. Breaking one would lose the game, so the app "
                            "never offers it.")),
        (".piles", N_("The piles work as in The Game: ↑ higher, ↓ lower, exactly 10 back "
                      "fits.")),
        (END_TURN, N_("End turn lights up once every instruction is obeyed; the line under it "
                      "says why not yet, or what you will draw.")),
        (".ex-key", N_("Tap an instruction here to read what it asks. The full rules are under "
                       "Rules in the menu.")),
    ),
    "triggs": (
        (".hand", N_("Your hand. Tap cards to select them: on your turn you may discard any "
                     "number of one value, or use them to cross a row.")),
        (".triggs-piles", N_("To draw, take two cards, one at a time, from any pile: left and "
                             "right show their top card, the middle is face down.")),
        (".sheet.full", N_("Your sheet. To cross, tap a row: ×2 beside it means your hand makes "
                           "its value twice (a card of that value, or two that add up to it).")),
        (".opponents", N_("The others' sheets. The first to cross every box wins. The full rules "
                          "are under Rules in the menu.")),
    ),
    "rentz": (
        (".hand", N_("Your eight cards. When it is your turn, the ones you may play are lit: "
                     "tap one to play it.")),
        (".rentz-choose", N_("You choose this deal's sub-game: each of the eight once per match. "
                             "Pick one that suits your hand.")),
        (".rentz-seats", N_("The players, their scores and whose turn it is.")),
        (".rentz-sheet", N_("The score sheet, deal by deal: tap to open it.")),
        (".log", N_("What happened lately. The full rules are under Rules in the menu.")),
    ),
}


def tour_html(game: str, step: int) -> str:
    """Step ``step`` of ``game``'s tour as a box with Next (Got it on the last step) and
    Skip; ``data-points-at`` holds the selector of what it points at and ``data-step``
    names the step (``<game>:<step>``). Empty when there is no such step."""
    steps = STEPS.get(game, ())
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


def point_at_target(screen) -> None:
    """In the page, after each drawing: mark the element the tour box points at with
    ``data-tour-target`` (teach.css outlines it and anchors the box to it) and, when the
    step is new, scroll it into view. ``screen`` is the DOM element the screen was drawn
    into; only its DOM methods are used, so this module needs no ``js``."""
    box = screen.querySelector(".tour[data-points-at]")
    target = box and screen.querySelector(box.getAttribute("data-points-at"))
    if not target:
        return
    target.setAttribute("data-tour-target", "")
    step = box.getAttribute("data-step")
    if screen.getAttribute("data-tour-step") != step:
        screen.setAttribute("data-tour-step", step)
        target.scrollIntoView(False)  # its bottom in view, above the box (scroll-margin)
