"""How to play The Game: the rules panel's words and pictures, and the tour.

``GUIDE`` holds the rules in the project's own words, section by section
(``seeds/the-game.md`` is the precise statement), the guided first game's steps and the
rule reference (ids and English summaries for the tests, never shown). The texts shown are
English, marked with ``N_()`` and translated as they are drawn; a function in a section's
body is drawn when shown, in the player's language.
"""

from __future__ import annotations

from ...i18n import N_, _
from ...web.teaching.guide import Guide, Section
from ...web.teaching.pictures import CARD_W, Picture, arrow, card, svg, text


# -- pictures --------------------------------------------------------------------------------
def the_game_piles_picture() -> Picture:
    """The draw pile and the four piles as a game starts."""
    piles = (("↑", "1", "rp-up"), ("↑", "1", "rp-up"), ("↓", "100", "rp-down"),
             ("↓", "100", "rp-down"))
    body = [card(6, 22, "", "rp-back"), text(26, 16, _("draw"), "rp-muted", 10)]
    for i, (sign, top, cls) in enumerate(piles):
        x = 74 + i * 66
        body += [text(x + CARD_W / 2, 16, sign, cls.replace("rp-", "rp-t-"), 14),
                 card(x, 22, top, cls)]
    body += [text(127, 96, _("climb: higher"), "rp-t-up", 11),
             text(259, 96, _("fall: lower"), "rp-t-down", 11)]
    label = _("The draw pile and four piles: two climbing from 1, two falling from 100.")
    caption = _("Two piles climb from 1, two fall from 100. Only the top card counts.")
    return Picture(svg(340, 104, label, "".join(body)), caption)


def backwards_trick_picture() -> Picture:
    """The backwards trick on a climbing and on a falling pile."""
    body = [text(60, 14, _("climbing pile"), "rp-t-up", 11), card(16, 24, "47", "rp-up"),
            card(78, 24, "37", "rp-play"), arrow(76, 52, 60, 52),
            text(60, 96, _("37 fits: exactly 10 less"), "rp-text", 10),
            text(240, 14, _("falling pile"), "rp-t-down", 11), card(196, 24, "65", "rp-down"),
            card(258, 24, "75", "rp-play"), arrow(256, 52, 240, 52),
            text(240, 96, _("75 fits: exactly 10 more"), "rp-text", 10)]
    label = _("The backwards trick: 37 on a climbing 47, 75 on a falling 65.")
    caption = _("The backwards trick: a step back by exactly 10 always fits.")
    return Picture(svg(320, 104, label, "".join(body)), caption)


# -- words --------------------------------------------------------------------------------
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

GUIDE = Guide(
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
        ("TG-1", "98 cards from 2 to 99; two piles climb from 1, two fall from 100."),
        ("TG-2", "Hands of 8 alone, 7 for two, 6 for three to five; the rest is the draw "
                 "pile."),
        ("TG-3", "Who starts: seat 1, or the seat with the cheapest opening (option)."),
        ("TG-4", "A turn plays at least the minimum, one card at a time, onto any piles."),
        ("TG-5", "Higher on a climbing pile, lower on a falling one; exactly 10 back fits "
                 "too."),
        ("TG-6", "Ending a turn draws one card per card played."),
        ("TG-7", "Once the draw pile is empty, one card a turn is enough."),
        ("TG-8", "A player with no cards left is passed over."),
        ("TG-9", "The game stops when the player on turn cannot play what they owe."),
        ("TG-10", "Score: cards never played; 0 wins, under 10 is excellent."),
        ("TG-11", "Expert mode: at least 3 cards a turn (1 once the draw pile is empty)."),
        ("TG-12", "Optional smaller hands: one card fewer each."),
        ("TG-13", "No numbers may be said; signals hold and small, one change per pile a "
                  "turn."),
        ("TG-14", "You see your hand, the piles, the counts and the signals."),
    ),
    tour=(
        (".hand", N_("Your hand. Tap a card to pick it up: the piles where it fits light up. "
                     "You can also drag it onto a pile.")),
        (".piles", N_("Four piles: ↑ climbs from 1 (play higher), ↓ falls from 100 (play "
                      "lower). Exactly 10 back always fits too: 37 on a climbing 47.")),
        (".piles", N_("With other players, the buttons under each pile are signals: “hold” "
                      "asks the others to leave that pile to you, “small” asks them not to "
                      "jump far on it. Tap one to raise your signal, again to clear it; "
                      "another player's shows with their name.")),
        ("[data-action=end-turn]",
         N_("Play at least two cards, then End turn: you draw back up to a full hand.")),
        ("[data-action=undo]", N_("Undo takes back a card you played this turn.")),
        ("[data-action=hint]", N_("Stuck? Hint shows what the strongest bot would play. The full "
                                  "rules are under Rules in the menu.")),
    ),
)
