"""The words of "How to play": each game's rules for players, as data.

A :class:`Guide` per game id (``GUIDES``) holds one :class:`Section` for each key of
``SECTION_KEYS`` (what you need, the goal, a turn, the special cards or sub-games, the end
and the score) and the rule reference: every rule id of ``seeds/<game>.md`` with a
one-line summary. A section's body is a sequence of blocks: a string is a paragraph, a
tuple of strings a list, a :class:`Table` a table, and a function a block drawn when shown
(a :class:`~.rules_pictures.Picture` from ``rules_pictures``, or words with numbers or
labels filled in). The texts are plain (``rules.py`` escapes them) and name no rule id: ids
appear only in the reference. ``seeds/*.md`` stay the precise statement; this is the
friendly one, in the project's words.

The texts are English, marked with ``N_()`` for the catalogs: the tables here are built at
import, before a language is chosen, so ``rules.py`` translates each one as it draws it
(``_()``), and the functions of a body translate what they draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..engine.extreme import DEFAULT_LAYOUT, KINDS
from ..engine.triggs import BOXES
from ..i18n import N_, _
from .rules_pictures import (
    backwards_trick_picture, instructions_picture, rentz_layout_picture, rentz_trick_picture,
    the_game_piles_picture, triggs_cross_picture, triggs_piles_picture, triggs_sheet_picture,
)

SECTION_KEYS = ("need", "goal", "turn", "special", "end")


@dataclass(frozen=True)
class Table:
    """A small table: a header row and body rows, all plain text."""

    head: tuple
    rows: tuple


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    body: tuple


@dataclass(frozen=True)
class Guide:
    """One game's rules: ``sections`` in reading order, ``reference`` as (id, summary)."""

    intro: str
    sections: tuple
    reference: tuple


# -- The Game ---------------------------------------------------------------------------------
THE_GAME_TURN = (
    N_("On your turn, play cards from your hand one at a time, each onto any pile you like. "
       "Play at least two, and more if you want, up to your whole hand."),
    (N_("On a climbing pile (↑) a card must be higher than the top card."),
     N_("On a falling pile (↓) a card must be lower than the top card."),
     N_("The backwards trick: a card exactly 10 lower on a climbing pile, or exactly 10 higher "
        "on a falling pile, also fits. Use it whenever it fits: it wins space back.")),
    backwards_trick_picture,
    N_("When you end your turn you draw one card for each card you played, while the draw "
       "pile lasts. Once it is empty, one card a turn is enough. A player with no cards left "
       "is passed over."),
    N_("At the table: tap a card, then a lit pile (or drag the card onto the pile); End turn "
       "draws your cards. Undo takes back the cards of this turn."),
)

THE_GAME = Guide(
    intro=N_("Everyone plays together against the deck: try to play all 98 cards onto four "
             "piles."),
    sections=(
        Section("need", N_("What you need"), (
            N_("One to five players and 98 cards numbered 2 to 99. Four piles lie in the "
               "middle: two climb from a 1, two fall from a 100."),
            the_game_piles_picture,
            N_("Each player holds 8 cards alone, 7 with two players, 6 with three to five; the "
               "rest is the face-down draw pile."),
        )),
        Section("goal", N_("The goal"), (
            N_("You win together by playing every card. Every card left over counts against "
               "the team, so fewer is better even when you cannot play them all."),
        )),
        Section("turn", N_("A turn"), THE_GAME_TURN),
        Section("special", N_("Talking, and expert mode"), (
            N_("Nobody may say, ask or hint at a number. Anything else is fine: \"keep off this "
               "pile\", \"don't jump far here\"."),
            N_("In the app you say it with signals on a pile: hold (\"I have a good card for "
               "this pile, please leave it\") and small (\"please don't jump far here\"). Each "
               "pile's signals may change once per turn, so toggling can never spell a number."),
            N_("Expert mode (an option in the lobby): at least three cards a turn instead of "
               "two, still one once the draw pile is empty; and, if you like, every hand one "
               "card smaller."),
            N_("You see your hand, every card on the piles, the signals and how many cards the "
               "draw pile and each other hand hold, never the other hands."),
        )),
        Section("end", N_("The end and the score"), (
            N_("The game ends when the player on turn cannot play the cards they owe. If you "
               "get stuck halfway through a turn, the app lets you undo this turn's cards and "
               "try another order before you confirm the end."),
            N_("Your score is the number of cards never played, in the hands and the draw "
               "pile: 0 is a win, fewer than 10 is excellent."),
        )),
    ),
    reference=(
        ("TG-1", N_("98 cards from 2 to 99; two piles climb from 1, two fall from 100.")),
        ("TG-2", N_("Hands of 8 alone, 7 for two, 6 for three to five; the rest is the draw "
                    "pile.")),
        ("TG-3", N_("Who starts: seat 1, or the seat with the cheapest opening (option).")),
        ("TG-4", N_("A turn plays at least the minimum, one card at a time, onto any piles.")),
        ("TG-5", N_("Higher on a climbing pile, lower on a falling one; exactly 10 back fits "
                    "too.")),
        ("TG-6", N_("Ending a turn draws one card per card played.")),
        ("TG-7", N_("Once the draw pile is empty, one card a turn is enough.")),
        ("TG-8", N_("A player with no cards left is passed over.")),
        ("TG-9", N_("The game stops when the player on turn cannot play what they owe.")),
        ("TG-10", N_("Score: cards never played; 0 wins, under 10 is excellent.")),
        ("TG-11", N_("Expert mode: at least 3 cards a turn (1 once the draw pile is empty).")),
        ("TG-12", N_("Optional smaller hands: one card fewer each.")),
        ("TG-13", N_("No numbers may be said; signals hold and small, one change per pile a "
                     "turn.")),
        ("TG-14", N_("You see your hand, the piles, the counts and the signals.")),
    ),
)

# -- Extreme ----------------------------------------------------------------------------------
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

EXTREME = Guide(
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
        ("EX-1", N_("28 cards carry an instruction, four of each of seven kinds.")),
        ("EX-2", N_("Instructions count at once and must be obeyed; breaking one loses.")),
        ("EX-3", N_("Which numbers carry them: the project's table, or random from the seed.")),
        ("EX-4", N_("Stop: the turn ends at once with this card.")),
        ("EX-5", N_("Skull: cover it on its pile before the turn ends.")),
        ("EX-6", N_("3!: the turn has exactly three cards.")),
        ("EX-7", N_("All lightning instructions of a turn are obeyed together.")),
        ("EX-8", N_("No talking: no signals and no sharing while it shows.")),
        ("EX-9", N_("No backwards: the backwards trick is barred while it shows.")),
        ("EX-10", N_("One pile: all cards of a turn go on one pile while it shows.")),
        ("EX-11", N_("Draw one: end a turn drawing one card; otherwise refill to a full hand.")),
        ("EX-12", N_("Players may share the kinds of instruction they hold, never numbers.")),
    ),
)

# -- Triggs -----------------------------------------------------------------------------------
def triggs_sheet_words() -> str:
    """What Triggs needs, with the number of boxes of a sheet, in the player's language."""
    return _("Two to four players and 108 cards: every value from 1 to 12, nine times. Each "
             "player has a score sheet with one row per value and {boxes} boxes in all; "
             "higher rows have more boxes.").format(boxes=sum(BOXES))


TRIGGS = Guide(
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
        ("TR-1", N_("108 cards, 1 to 12 nine times; two to four players.")),
        ("TR-2", N_("A sheet of 12 rows with 2 to 5 boxes each, 41 in all, crossed from the "
                    "left.")),
        ("TR-3", N_("Hands of 5; three draw piles (sides face up, middle face down); a discard "
                    "pile.")),
        ("TR-4", N_("The deal's seed picks who begins; turns go clockwise.")),
        ("TR-5", N_("Draw: two cards, each from any pile; a hand holds at most 10.")),
        ("TR-6", N_("Discard: any number of cards of one value.")),
        ("TR-7", N_("Cross: makes of a value (a card, or a pair adding up), one box each.")),
        ("TR-8", N_("Filling a row earns a free cross elsewhere, and so on in a chain.")),
        ("TR-9", N_("An empty hand takes 5 cards from the middle pile.")),
        ("TR-10", N_("An empty draw pile is rebuilt from the shuffled discards.")),
        ("TR-11", N_("12s, then 11s, leave the game once everyone has filled those rows.")),
        ("TR-12", N_("The first full sheet wins at once.")),
        ("TR-13", N_("Sheets, tops, discards and counts are public; hands are secret.")),
    ),
)

# -- Rentz ------------------------------------------------------------------------------------
RENTZ = Guide(
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
        ("RZ-1", N_("Three to six players, eight cards each; the deck runs down from the Aces.")),
        ("RZ-2", N_("2 low to Ace high in each suit; no trumps.")),
        ("RZ-3", N_("Eight deals per player; each chooser names each sub-game once.")),
        ("RZ-4", N_("Blind choice (option): double, or plain.")),
        ("RZ-5", N_("Exactly 0 beats everything; else the best total wins.")),
        ("RZ-6", N_("Follow suit if you can; the highest of the led suit wins and leads next.")),
        ("RZ-7", N_("What each sub-game counts; some deals stop early.")),
        ("RZ-8", N_("Rentz: rows around the Jacks; an Ace plays again; the lowest rank skips.")),
        ("RZ-9", N_("Rentz pays by the order in which hands run empty.")),
        ("RZ-10", N_("Every point value is a house rule in the match's options.")),
        ("RZ-11", N_("Hands are secret; everything else is public.")),
    ),
)

GUIDES = {"the-game": THE_GAME, "extreme": EXTREME, "triggs": TRIGGS, "rentz": RENTZ}
