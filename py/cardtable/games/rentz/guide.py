"""How to play Rentz: the rules panel's words and pictures, and the tour.

``GUIDE`` holds the rules in the project's own words, section by section
(``seeds/rentz.md`` is the precise statement), the guided first game's steps and the rule
reference (ids and English summaries for the tests, never shown). The texts shown are
English, marked with ``N_()`` and translated as they are drawn; a function in a section's
body is drawn when shown, in the player's language.
"""

from __future__ import annotations

from ...i18n import N_, _
from ...web.teaching.guide import Guide, Section, Table
from ...web.teaching.pictures import Picture, card, svg, text


# -- pictures --------------------------------------------------------------------------------
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


# -- words --------------------------------------------------------------------------------
GUIDE = Guide(
    intro=N_("A match of eight different games in one: each deal, the chooser picks which one "
             "the table plays."),
    sections=(
        Section("need", N_("What you need"), (
            N_("Three to six players, and always eight cards each: the deck runs from the Aces "
               "down until there are eight cards per player."),
            Table((N_("players"), N_("cards"), N_("deck")),
                  (("3", N_("9 to Ace"), "24"), ("4", N_("7 to Ace"), "32"),
                   ("5", N_("5 to Ace"), "40"), ("6", N_("3 to Ace"), "48"))),
            N_("Within a suit, 2 is lowest and Ace highest. There are no trumps."),
        )),
        Section("goal", N_("The goal"), (
            N_("A match lasts eight deals per player. Before each deal its chooser looks at "
               "their cards and names one of the eight sub-games they have not named yet, so "
               "everyone names every sub-game once. You choose the first deal; the role then "
               "goes round."),
            N_("After the last deal the best total wins, but a total of exactly 0 beats "
               "everything: if anyone ends on 0, everyone on 0 wins. Equal winners share."),
        )),
        Section("turn", N_("A trick"), (
            N_("In the first seven sub-games the chooser plays the first card. Going round, "
               "each player adds one card: follow the suit that was led if you can, anything "
               "if you cannot. The highest card of the led suit takes the trick, and its "
               "winner leads the next one."),
            rentz_trick_picture,
            N_("At the table: the cards you may play are lit; tap one to play it."),
        )),
        Section("special", N_("The eight sub-games"), (
            Table((N_("sub-game"), N_("aim"), N_("points (defaults)")), (
                (N_("King of hearts"), N_("avoid the K♥"), N_("−200 to whoever takes it")),
                (N_("Queens"), N_("avoid queens"), N_("−40 per queen")),
                (N_("Diamonds"), N_("avoid diamonds"), N_("−30 per diamond")),
                (N_("Tricks"), N_("avoid tricks"), N_("−50 per trick")),
                (N_("Totals"), N_("avoid all four"),
                 N_("all four added up (the Q♦ counts twice)")),
                (N_("Ten of clubs"), N_("take the 10♣"), N_("+200 to whoever takes it")),
                (N_("Whist"), N_("take tricks"), N_("+50 per trick")),
                ("Rentz", N_("empty your hand first"),
                 N_("400, 200, 100… by order of finishing")),
            )),
            N_("A deal stops early once nothing left could change its score: King of hearts "
               "when the K♥ is taken, Ten of clubs when the 10♣ is, Queens and Diamonds when "
               "the last queen or diamond is."),
            N_("Rentz is a layout game: the cards go face up into four rows, one per suit, "
               "growing out from the Jacks in the middle. A Jack opens its suit's row; any "
               "other card fits directly above the top or below the bottom of its open row."),
            rentz_layout_picture,
            (N_("The chooser lays first. Lay one card that fits; if none of yours fits, you "
                "pass (the app does it for you, where everyone sees it)."),
             N_("An Ace lets you lay again at once."),
             N_("A card of the deck's lowest rank (9, 7, 5 or 3) makes the next player with "
                "cards lose their coming turn."),
             N_("The deal ends when only one player still holds cards. Points go by the order "
                "in which hands ran empty: with four players 400, 200, 100 and 0.")),
            N_("All points are house rules in the lobby. The blind choice option lets the "
               "chooser name the sub-game before looking, for double points (double), or has "
               "every sub-game named before the cards are seen (plain)."),
        )),
        Section("end", N_("The end and the score"), (
            N_("Each deal's points go on the score sheet; after eight deals per player the "
               "match is over and the totals decide, with exactly 0 beating everything."),
            N_("Nobody sees another hand. Everything else is public: each card played, who "
               "took which trick, the layout, how many cards each hand holds, who chose what "
               "and the score sheet."),
        )),
    ),
    reference=(
        ("RZ-1", "Three to six players, eight cards each; the deck runs down from the Aces."),
        ("RZ-2", "2 low to Ace high in each suit; no trumps."),
        ("RZ-3", "Eight deals per player; each chooser names each sub-game once."),
        ("RZ-4", "Blind choice (option): double, or plain."),
        ("RZ-5", "Exactly 0 beats everything; else the best total wins."),
        ("RZ-6", "Follow suit if you can; the highest of the led suit wins and leads next."),
        ("RZ-7", "What each sub-game counts; some deals stop early."),
        ("RZ-8", "Rentz: rows around the Jacks; an Ace plays again; the lowest rank skips."),
        ("RZ-9", "Rentz pays by the order in which hands run empty."),
        ("RZ-10", "Every point value is a house rule in the match's options."),
        ("RZ-11", "Hands are secret; everything else is public."),
    ),
    tour=(
        (".rentz-choose", N_("You choose this deal's sub-game: each of the eight once per match. "
                             "Pick one that suits your hand.")),
        (".hand", N_("Your eight cards. When it is your turn, the ones you may play are lit: "
                     "tap one to play it.")),
        (".rentz-seats", N_("The players, their scores and whose turn it is.")),
        (".rentz-sheet", N_("The score sheet, deal by deal: tap to open it.")),
        (".log", N_("What happened lately. The full rules are under Rules in the menu.")),
    ),
)
