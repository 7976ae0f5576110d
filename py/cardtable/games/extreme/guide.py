"""How to play The Game: Extreme: the rules panel's words and pictures, and the tour.

``GUIDE`` holds the rules in the project's own words, section by section
(``seeds/extreme.md`` is the precise statement), the guided first game's steps and the rule
reference (ids and English summaries for the tests, never shown). The texts shown are
English, marked with ``N_()`` and translated as they are drawn; a function in a section's
body is drawn when shown, in the player's language.
"""

from __future__ import annotations

from functools import partial

from ...i18n import N_, _
from ...web.teaching.guide import Guide, Section, Table
from ...web.teaching.pictures import Picture, card, svg, text
from .rules import DEFAULT_LAYOUT, KINDS
from .table import SYMBOL_SVG


# -- pictures --------------------------------------------------------------------------------
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


# -- words --------------------------------------------------------------------------------
LIGHTNING = tuple(kind for kind, info in KINDS.items() if info.symbol == "lightning")
INFINITY = tuple(kind for kind, info in KINDS.items() if info.symbol == "infinity")


def kind_lines(kinds) -> tuple:
    """One line per instruction kind, its label and what it asks, in the player's language
    (drawn when shown: the body holds ``partial(kind_lines, …)``)."""
    # TRANSLATORS: an instruction of The Game: Extreme and what it asks, e.g. "Stop: your turn
    # ends at once with this card…"
    return tuple(_("{label}: {words}").format(label=_(KINDS[kind].label),
                                             words=_(KIND_WORDS[kind])) for kind in kinds)


KIND_WORDS = {
    "stop": N_("your turn ends at once with this card, even as your first card (you still "
               "draw as usual)."),
    "skull": N_("before your turn ends, another card must cover it on its own pile."),
    "three": N_("this turn has exactly three cards, counting the ones already played. If you "
                "began the turn with only one or two cards, playing it loses the game."),
    "no_talk": N_("no signals and no sharing; the signals already raised are hidden."),
    "no_reverse": N_("no backwards trick on any pile."),
    "one_pile": N_("the player on turn plays all the cards of the turn on one pile."),
    "draw_one": N_("ending a turn draws a single card, however many were played, so hands "
                   "shrink."),
}

GUIDE = Guide(
    intro=N_("The Game with instructions: 28 of the 98 cards also give an order that the whole "
             "team must obey."),
    sections=(
        Section("need", N_("What you need"), (
            N_("Everything from The Game: 98 cards from 2 to 99, four piles, the same hands and "
               "the same way of playing. 28 cards also show an instruction, four of each of "
               "seven kinds; they still go onto the piles by their number."),
            instructions_picture,
        )),
        Section("goal", N_("The goal"), (
            N_("Play all 98 cards together, as in The Game, without ever breaking an "
               "instruction: breaking one costs the team the game. The app never offers a move "
               "that would break one."),
        )),
        Section("turn", N_("A turn"), (
            N_("As in The Game: at least two cards (three in expert mode, one once the draw "
               "pile is empty), higher on ↑, lower on ↓, the backwards trick by exactly 10."),
            N_("An instruction counts from the moment its card is played. Ending a turn fills "
               "your hand back to its full size, not just the cards you played, unless a draw "
               "one card is showing."),
            N_("The \"In force\" box on the table lists what binds you now, and End turn says "
               "why it is not allowed yet."),
        )),
        Section("special", N_("The instructions"), (
            N_("Lightning binds only the player who plays it, for the rest of that turn:"),
            partial(kind_lines, LIGHTNING),
            N_("Infinity binds everybody for as long as its card is on top of a pile:"),
            partial(kind_lines, INFINITY),
            N_("All instructions of a turn must be obeyed together: a stop cannot close a turn "
               "while a skull shows elsewhere (a stop laid on the skull covers it)."),
            N_("You may tell the others which kinds of instruction you hold, never the "
               "numbers: the app's \"share my instructions\" switch (once per turn) shows "
               "them the kinds."),
            N_("Which numbers carry them: the rulebook does not say, so by default the app "
               "uses this table; the lobby's \"random\" layout spreads them by the deal's seed."),
            Table((N_("instruction"), N_("numbers")),
                  tuple((KINDS[kind].label, ", ".join(map(str, numbers)))
                        for kind, numbers in DEFAULT_LAYOUT.items())),
        )),
        Section("end", N_("The end and the score"), (
            N_("As in The Game, the score is the number of cards never played."),
            N_("When the player on turn has no way to finish a turn while obeying every "
               "instruction, the game ends. If the plain rules of The Game would still have "
               "allowed a turn, the instructions are to blame: the game is lost, whatever is "
               "left, and the end screen names the instruction. A skull left on top by the "
               "very last card loses too."),
        )),
    ),
    reference=(
        ("EX-1", "28 cards carry an instruction, four of each of seven kinds."),
        ("EX-2", "Instructions count at once and must be obeyed; breaking one loses."),
        ("EX-3", "Which numbers carry them: the project's table, or random from the seed."),
        ("EX-4", "Stop: the turn ends at once with this card."),
        ("EX-5", "Skull: cover it on its pile before the turn ends."),
        ("EX-6", "3!: the turn has exactly three cards."),
        ("EX-7", "All lightning instructions of a turn are obeyed together."),
        ("EX-8", "No talking: no signals and no sharing while it shows."),
        ("EX-9", "No backwards: the backwards trick is barred while it shows."),
        ("EX-10", "One pile: all cards of a turn go on one pile while it shows."),
        ("EX-11", "Draw one: end a turn drawing one card; otherwise refill to a full hand."),
        ("EX-12", "Players may share the kinds of instruction they hold, never numbers."),
    ),
    tour=(
        (".hand", N_("Your hand. A card with a symbol carries an instruction; it still goes on "
                     "a pile by its number. Tap a card, then a lit pile.")),
        (".ex-in-force", N_("What binds you now: lightning cards played this turn, infinity "
                            "cards on top of a pile. Breaking one would lose the game, so the app "
                            "never offers it.")),
        (".piles", N_("The piles work as in The Game: ↑ higher, ↓ lower, exactly 10 back "
                      "fits.")),
        ("[data-action=end-turn]",
         N_("End turn lights up once every instruction is obeyed; the line under it "
                      "says why not yet, or what you will draw.")),
        (".ex-key", N_("Tap an instruction here to read what it asks. The full rules are under "
                       "Rules in the menu.")),
    ),
)
