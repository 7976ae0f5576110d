"""How to play Triggs: the rules panel's words and pictures, and the tour.

``GUIDE`` holds the rules in the project's own words, section by section
(``seeds/triggs.md`` is the precise statement), the guided first game's steps and the rule
reference (ids and English summaries for the tests, never shown). The texts shown are
English, marked with ``N_()`` and translated as they are drawn; a function in a section's
body is drawn when shown, in the player's language.
"""

from __future__ import annotations

from ...i18n import N_, _
from ...web.teaching.guide import Guide, Section, Table
from ...web.teaching.pictures import Picture, arrow, card, svg, text
from .rules import BOXES


# -- pictures --------------------------------------------------------------------------------
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


# -- words --------------------------------------------------------------------------------
def triggs_sheet_words() -> str:
    """What Triggs needs, with the number of boxes of a sheet, in the player's language."""
    return _("Two to four players and 108 cards: every value from 1 to 12, nine times. Each "
             "player has a score sheet with one row per value and {boxes} boxes in all; "
             "higher rows have more boxes.").format(boxes=sum(BOXES))


GUIDE = Guide(
    intro=N_("A race to fill your score sheet: collect cards that make each row's value, "
             "then cross its boxes."),
    sections=(
        Section("need", N_("What you need"), (
            triggs_sheet_words,
            Table((N_("row"),) + tuple(str(row) for row in range(1, 13)),
                  ((N_("boxes"),) + tuple(str(n) for n in BOXES),)),
            triggs_sheet_picture,
            N_("Everyone gets 5 cards. The rest form three draw piles: left and right face up "
               "(you see their top card), the middle face down. The discard pile starts empty."),
            triggs_piles_picture,
        )),
        Section("goal", N_("The goal"), (
            N_("Be the first to cross every box of your sheet."),
        )),
        Section("turn", N_("A turn: one of three actions"), (
            (N_("Draw: take two cards, one at a time, each from any of the three piles (the "
                "same one twice is fine). You see a newly uncovered top before your second "
                "pick. A hand holds at most 10 cards: at 9 you take one, at 10 you cannot draw."),
             N_("Discard: put any number of cards of one value on the discard pile."),
             N_("Cross: choose a row and lay out cards that make its value, once or several "
                "times. A make is one card of that value, or two cards that add up to it, "
                "never three. Cross one box per make; you cannot lay out more makes than the "
                "row has empty boxes. The cards go to the discard pile.")),
            triggs_cross_picture,
            N_("At the table: tap a row of your sheet (the × beside it says how often your hand "
               "makes it), pick the cards and cross; or select cards of one value and discard."),
        )),
        Section("special", N_("Chains, empty hands and empty piles"), (
            N_("Chain reaction: filling the last box of a row earns a free cross in any other "
               "row with room; if that fills a row too, another follows, and so on."),
            N_("Empty hand: whoever has no cards left after a discard or a cross takes 5 from "
               "the face-down middle pile at once."),
            N_("Empty pile: when a draw pile runs out, the discard pile is shuffled to become "
               "it again."),
            N_("Once every player has filled row 12, the 12s leave the game (from the face-up "
               "tops and from discards); once everyone has filled row 11 too, the 11s follow."),
        )),
        Section("end", N_("The end"), (
            N_("Whoever first crosses every box wins on the spot; free crosses from chains "
               "count. There is no other score."),
            N_("Everyone sees every sheet, the face-up tops, the whole discard pile and how "
               "many cards each hand and pile hold; hands and the face-down pile stay secret."),
        )),
    ),
    reference=(
        ("TR-1", "108 cards, 1 to 12 nine times; two to four players."),
        ("TR-2", "A sheet of 12 rows with 2 to 5 boxes each, 41 in all, crossed from the "
                 "left."),
        ("TR-3", "Hands of 5; three draw piles (sides face up, middle face down); a discard "
                 "pile."),
        ("TR-4", "The deal's seed picks who begins; turns go clockwise."),
        ("TR-5", "Draw: two cards, each from any pile; a hand holds at most 10."),
        ("TR-6", "Discard: any number of cards of one value."),
        ("TR-7", "Cross: makes of a value (a card, or a pair adding up), one box each."),
        ("TR-8", "Filling a row earns a free cross elsewhere, and so on in a chain."),
        ("TR-9", "An empty hand takes 5 cards from the middle pile."),
        ("TR-10", "An empty draw pile is rebuilt from the shuffled discards."),
        ("TR-11", "12s, then 11s, leave the game once everyone has filled those rows."),
        ("TR-12", "The first full sheet wins at once."),
        ("TR-13", "Sheets, tops, discards and counts are public; hands are secret."),
    ),
    tour=(
        (".hand", N_("Your hand. Tap cards to select them: on your turn you may discard any "
                     "number of one value, or use them to cross a row.")),
        (".triggs-piles", N_("To draw, take two cards, one at a time, from any pile: left and "
                             "right show their top card, the middle is face down.")),
        (".sheet.full", N_("Your sheet. To cross, tap a row: ×2 beside it means your hand makes "
                           "its value twice (a card of that value, or two that add up to it).")),
        (".opponents", N_("The others' sheets. The first to cross every box wins. The full rules "
                          "are under Rules in the menu.")),
    ),
)
