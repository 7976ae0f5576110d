"""Rentz's table: the sub-game choice, trick play, the layout, the seats, the log and the
score sheet (RZ-3..RZ-11).

``table_html(view, ui)`` draws one seat's view. Live controls come only from the view's
``legal`` actions; the table works nothing out about legality. ``HANDLERS``:

- ``rentz-choose`` (``data-sub-game``, an id of the engine's ``SUB_GAME_IDS``): choose the
  deal's sub-game (RZ-3), blind while the hand is hidden (RZ-4);
- ``rentz-look``: look at the hand instead of choosing blind (RZ-4, ``blind=double``);
- ``rentz-play`` (``data-card``, e.g. ``QS``): play a card to the trick (RZ-6) or lay it
  in the layout (RZ-8); one tap, no selection, so there is nothing to cancel.

The score sheet is ``<details id="rentz-sheet">`` opened by its summary
``data-action="rentz-sheet"``: the page keeps it open across redraws (a bot's move
included), which the player's unfinished choice (``ui.local``, dropped after every move)
could not. Passes are the app's forced moves: they appear in the log, never as a button.

The hand comes first in the page's order after the trick or layout (the score sheet
follows the play); the card just played is marked in the trick or the layout
(``last-play``, moving in while it is the latest move); the log numbers every move of the
match; the hint outlines its card or sub-game and says why.
"""

from __future__ import annotations

from ...i18n import N_, _, ngettext, pgettext

from .rules import SPEC, SUB_GAME, SUB_GAME_IDS, SUITS, deck_ranks, rank_of, suit_of
from ...web.html import attrs, button, esc
from ...web.tables import TableSpec
from ...web.table_parts import (
    by, compact_names, face_parts, hint_html, latest_move, log_html as log_box, moves_by_turn,
    place, unseen,
)
from ...web.ui import TableUi, is_you

STYLESHEET = "table.css"

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = {"H", "D"}
# Texts of these tables are marked with N_ and translated where they are shown.
# TRANSLATORS: a card named in words for screen readers; {suit} is "hearts", "diamonds",
# "clubs" or "spades" (translated on their own), as in "King of hearts".
RANK_WORDS = {"2": N_("Two of {suit}"), "3": N_("Three of {suit}"), "4": N_("Four of {suit}"),
              "5": N_("Five of {suit}"), "6": N_("Six of {suit}"), "7": N_("Seven of {suit}"),
              "8": N_("Eight of {suit}"), "9": N_("Nine of {suit}"), "10": N_("Ten of {suit}"),
              "J": N_("Jack of {suit}"), "Q": N_("Queen of {suit}"), "K": N_("King of {suit}"),
              "A": N_("Ace of {suit}")}
# TRANSLATORS: the suits, in "King of {suit}", "follow {suit}", "no {suit}".
SUIT_WORDS = {"H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "S": N_("spades")}
# The sub-games' names (the engine's SUB_GAME names), marked for the catalogs.
SUB_GAME_NAMES = (N_("King of hearts"), N_("Queens"), N_("Diamonds"), N_("Tricks"),
                  N_("Totals"), N_("Ten of clubs"), N_("Whist"))
# Each sub-game's score under the house rules (format fields: the options, signed) and aim.
SCORE_WORDS = {
    "king": N_("{king} for the K♥"),
    "queens": N_("{queen} per queen"),
    "diamonds": N_("{diamond} per diamond"),
    "tricks": N_("{trick} per trick"),
    "totals": N_("{king} K♥, {queen} per queen, {diamond} per diamond, {trick} per trick"),
    "ten": N_("{ten} for the 10♣"),
    "whist": N_("{whist} per trick"),
    # TRANSLATORS: the Rentz sub-game's points to the first, second… player out of cards,
    # e.g. "400 / 200 / 100 / 0 by finishing order".
    "rentz": N_("{placings} by finishing order"),
}
AIMS = {"king": N_("avoid the K♥"), "queens": N_("avoid queens"),
        "diamonds": N_("avoid diamonds"), "tricks": N_("avoid tricks"),
        "totals": N_("avoid all of these"), "ten": N_("take the 10♣"),
        "whist": N_("take tricks"), "rentz": N_("empty your hand first")}
# What a deal's points count, for the summary "2 queens" (see took_words); Totals mixes
# four and the layout pays by place, so they show points only.
COUNTED = {"king": "king", "queens": "queen", "diamonds": "diamond", "tricks": "trick",
           "ten": "ten", "whist": "whist"}
REASONS = {  # why a deal ended (deal_over's reason, RZ-7/RZ-8)
    "king": N_("ended early: the K♥ was taken"),
    "queens": N_("ended early: every queen was taken"),
    "diamonds": N_("ended early: every diamond was taken"),
    "ten": N_("ended early: the 10♣ was taken"),
    "tricks": N_("every trick was played"), "layout": N_("only one player still held cards"),
}
# TRANSLATORS: the order in which players run out of cards in Rentz: 1st, 2nd, 3rd, 4th…
PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


# -- words -------------------------------------------------------------------------------
def signed(points: int) -> str:
    """"+200", "−40" (a real minus sign), "0"."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def reason_words(event: dict) -> str:
    """Why a deal ended (its ``deal_over`` event), in words."""
    why = event["reason"]
    return _(REASONS[why])


def ordinal(n: int) -> str:
    """"1st", "2nd", "4th"."""
    return _(PLACES[n]) if n in PLACES else _("{n}th").format(n=n)


def card_text(card: str) -> str:
    """"Q♠", "10♣"."""
    return rank_of(card) + SUIT_SYMBOL[suit_of(card)]


def suit_word(suit: str) -> str:
    """"hearts"."""
    return _(SUIT_WORDS[suit])


def card_label(card: str) -> str:
    """"Queen of spades"."""
    return _(RANK_WORDS[rank_of(card)]).format(suit=suit_word(suit_of(card)))


def sub_game_name(sub_game: str) -> str:
    """"Queens", "King of hearts" (as the Romanian rules name them in Romanian)."""
    return _(SUB_GAME[sub_game].name)


def score_words(sub_game: str, options: dict) -> str:
    """The sub-game's score under the house rules: "−40 per queen"."""
    values = {key: signed(value) for key, value in options.items() if isinstance(value, int)}
    # a line breaks only after a slash, never before one ("400 / 200 /", "100 / 0")
    values["placings"] = "\u00a0/ ".join(str(p) for p in options["placings"])
    return _(SCORE_WORDS[sub_game]).format(**values)


def sub_game_line(sub_game: str, options: dict) -> str:
    """"Queens · −40 per queen"."""
    return f"{sub_game_name(sub_game)} · {score_words(sub_game, options)}"


def took_words(sub_game: str, points: int, options: dict, doubled: bool) -> str:
    """What a seat's deal points stand for ("2 queens"), or "" when the points say it all."""
    if sub_game not in COUNTED or not points:
        return ""
    unit = options[COUNTED[sub_game]] * (2 if doubled else 1)
    count = points // unit if unit else 0
    if not count:
        return ""
    if sub_game == "king":
        return _("the K♥")
    if sub_game == "ten":
        return _("the 10♣")
    if sub_game == "queens":
        return ngettext("{n} queen", "{n} queens", count).format(n=count)
    if sub_game == "diamonds":
        return ngettext("{n} diamond", "{n} diamonds", count).format(n=count)
    return ngettext("{n} trick", "{n} tricks", count).format(n=count)


def names_and(seats, names) -> str:
    """"You", "Bot 2 and Bot 3", "Bot 2, Bot 3 and Bot 4"."""
    named = [names[seat] for seat in seats]
    if len(named) == 1:
        return named[0]
    # TRANSLATORS: the last of several names: "Bot 2, Bot 3 and Bot 4".
    return _("{names} and {last}").format(names=", ".join(named[:-1]), last=named[-1])


def points_words(points: int) -> str:
    """"310 points", "−40 points", "1 point"."""
    number = f"−{-points}" if points < 0 else str(points)
    return ngettext("{points} point", "{points} points", abs(points)).format(points=number)


# -- events --------------------------------------------------------------------------------
def deal_over_words(event: dict, names) -> str:
    points = ", ".join(f"{names[seat]} {signed(p)}" for seat, p in enumerate(event["points"]))
    values = {"deal": event['deal'] + 1, "sub_game": sub_game_name(event['sub_game']),
              "reason": reason_words(event), "points": points}
    if event["doubled"]:
        return _("Deal {deal}, {sub_game}, is over: {reason} (counts double). {points}.").format(
            **values)
    return _("Deal {deal}, {sub_game}, is over: {reason}. {points}.").format(**values)


def match_over_words(event: dict, names) -> str:
    return _("The match is over: {winners}.").format(
        winners=winners_words(event['winners'], event['scores'], names))


def winners_words(winners, scores, names) -> str:
    """"You win with +310 points", "Player 3 and Bot 4 share the win with 0 points"."""
    who, points = names_and(winners, names), points_words(scores[winners[0]])
    if len(winners) > 1:
        return _("{names} share the win with {points}").format(names=who, points=points)
    return by(who, _("You win with {points}"), _("{name} wins with {points}"), points=points)


def trick_words(e: dict, n) -> str:
    values = {"card": card_text(dict(e['cards'])[e['winner']]),
              "cards": ' '.join(card_text(c) for _seat, c in e['cards'])}
    return by(n[e['winner']], _("You take the trick with {card} ({cards})."),
              _("{name} takes the trick with {card} ({cards})."), **values)


def skip_words(e: dict, n) -> str:
    return by(n[e['skipped']], _("You lose this turn: the lowest rank was laid."),
              _("{name} loses this turn: the lowest rank was laid."))


def deal_words(e: dict, n) -> str:
    return by(n[e['chooser']], _("Deal {deal}: you choose the sub-game."),
              _("Deal {deal}: {name} chooses the sub-game."), deal=e['deal'] + 1)


def choose_words(e: dict, name: str) -> str:
    sub_game = sub_game_name(e['sub_game'])
    if e["blind"]:
        return by(name, _("You choose {sub_game} without looking at your hand"),
                  _("{name} chooses {sub_game} without looking at the hand"), sub_game=sub_game)
    return by(name, _("You choose {sub_game}"), _("{name} chooses {sub_game}"), sub_game=sub_game)


# Moves, said to the player or of another (by the mover's name).
MOVE_WORDS = {
    "choose": choose_words,
    "look": lambda e, name: by(name, _("You look at your hand before choosing"),
                               _("{name} looks at the hand before choosing")),
    "play": lambda e, name: by(name, _("You play {card}"), _("{name} plays {card}"),
                               card=card_text(e['card'])),
    "pass": lambda e, name: by(name, _("You pass: no valid card"),
                               _("{name} passes: no valid card")),
    "again": lambda e, name: by(name, _("You laid an Ace and play again"),
                                _("{name} laid an Ace and plays again")),
    # TRANSLATORS: {place} is "1st", "2nd"… (the order players run out of cards).
    "out": lambda e, name: by(name, _("You have no cards left: {place} out"),
                              _("{name} has no cards left: {place} out"),
                              place=ordinal(e['place'])),
}
NOTICE_WORDS = {
    "trick": trick_words,
    "skip": skip_words,
    "deal_over": deal_over_words,
    "deal": deal_words,
    "match_over": match_over_words,
}


def event_text(event: dict, names) -> str:
    """An engine event in words: a move with its mover's name, or a consequence."""
    if event["seat"] is None:
        return NOTICE_WORDS[event["kind"]](event, names)
    return MOVE_WORDS[event['kind']](event, names[event['seat']])


def result_text(result: dict, names) -> str:
    """The result in one line: the winners by RZ-5, with their total."""
    return _("{winners}.").format(winners=winners_words(result["winners"], result["scores"], names))


def end_html(result: dict, names) -> str:
    """The winners (RZ-5: exactly 0 beats every other total) and the ranking."""
    scores = result["scores"]
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    deals = result['deals_played']
    note = ngettext("After {n} deal.", "After {n} deals.", deals).format(n=deals)
    if scores[result["winners"][0]] == 0:
        note += " " + _("A total of exactly 0 wins.")
    # TRANSLATORS: a badge beside the winner's name and total in the ranking (a noun).
    badge = unseen(", ") + '<span class="badge">' + esc(pgettext("ranking", "winner")) + "</span>"
    rows = "".join(
        f'<li{attrs(data_seat=seat, class_="winner" if seat in result["winners"] else None)}>'
        f'<span class="name">{esc(names[seat])}</span>{unseen(":")} <b>{esc(signed(scores[seat]))}</b>'
        f'{badge if seat in result["winners"] else ""}</li>'
        for seat in order)
    return (f'<h2 class="result">{esc(result_text(result, names))}</h2>'
            f'<p class="rule">{esc(note)}</p>'
            f'<ol class="ranking" aria-label="' + (esc(_("Ranking"))) + f'">{rows}</ol>')


# -- the table's buttons -----------------------------------------------------------------
def on_choose(table, data):
    """``data-sub-game`` arrives as ``subGame`` (the page reads ``element.dataset``)."""
    table.act(("choose", data["subGame"]))
    table.focus = '[data-action="rentz-play"]:not([disabled])'


def on_look(table, data):
    table.act(("look",))
    table.focus = '[data-action="rentz-choose"]'


def on_play(table, data):
    table.act(("play", data["card"]))
    table.focus = '[data-action="rentz-play"]:not([disabled])'


HANDLERS = {"rentz-choose": on_choose, "rentz-look": on_look, "rentz-play": on_play}


# -- drawing: pieces -----------------------------------------------------------------------
def legal_of(view: dict, ui: TableUi, kind: str) -> list:
    """The arguments of the view's legal ``kind`` actions, when the viewer may act."""
    return [action[1:] for action in view["legal"] if action[0] == kind] if ui.my_turn else []


# The court cards' emblems, drawn in the suit's colour (viewBox 0 0 20 12): a crown of
# three points for the King, a crown of round tips for the Queen, for the Jack a hat with
# a wide brim and a feather (a bare dome over the letter read as an umbrella).
EMBLEMS = {
    "K": '<path d="M1 11V3l4.5 4L10 1l4.5 6L19 3v8z"/>',
    "Q": '<path d="M2 11l1-7 4 4 3-5 3 5 4-4 1 7z"/><circle cx="3" cy="3" r="1.6"/>'
         '<circle cx="10" cy="2.2" r="1.6"/><circle cx="17" cy="3" r="1.6"/>',
    "J": '<path d="M1 11h18l-2.5-2.5h-13z"/><path d="M4.5 8.5q0-6.5 5.5-6.5t5.5 6.5z"/>'
         '<path d="M13 3q2-3.5 6-3-2.5 1.2-4.5 4z"/>',
}


def suit_classes(card: str) -> str:
    """The classes that colour a card by its suit (``suit-H``…; ``red`` for hearts and
    diamonds), which the four-colour deck setting recolours."""
    return f"suit-{suit_of(card)}" + (" red" if suit_of(card) in RED_SUITS else "")


def centre_html(card: str) -> str:
    """A card's middle: a court card's framed emblem and letter, the Ace's ringed pip, or
    one big pip."""
    rank, symbol = rank_of(card), SUIT_SYMBOL[suit_of(card)]
    if rank in EMBLEMS:
        return (f'<span class="pc-court"><svg viewBox="0 0 20 12" aria-hidden="true" focusable="false">'
                f'{EMBLEMS[rank]}</svg><b>{esc(rank)}</b></span>')
    return f'<span class="pc-pip{" pc-ace" if rank == "A" else ""}">{symbol}</span>'


def card_inside(card: str) -> str:
    """A card's face drawn by the page: rank and suit in the corners, the middle."""
    index = (f'<span class="pc-r">{esc(rank_of(card))}</span>'
             f'<span class="pc-s" aria-hidden="true">{SUIT_SYMBOL[suit_of(card)]}</span>')
    return face_parts(index, centre_html(card))


def face_html(card: str, came_from: str | None = None, went_to: str | None = None) -> str:
    """A card on the table, read as words ("Queen of spades"); it moves from its last
    place, or in from ``came_from`` (a selector) when it was not on screen, or, when it
    comes from elsewhere, first to ``went_to`` (see ``assets/motion.js``)."""
    return (f'<span{attrs(class_="face pc " + suit_classes(card), data_rank=rank_of(card), data_flip=card, data_flip_from=came_from, data_flip_to=went_to, role="img", aria_label=card_label(card))}>'
            f'{card_inside(card)}</span>')


def status_html(view: dict, ui: TableUi) -> str:
    """Deal number, the sub-game and its score, and what happens now."""
    parts = [_("Deal {deal} of {deals}").format(deal=view['deal'] + 1, deals=view['deals'])]
    if view["sub_game"] and view["phase"] != "choose":
        parts.append(sub_game_line(view["sub_game"], view["options"]))
        if view["doubled"]:
            parts.append(_("counts double"))
    return (f'<p class="turn"><span class="deal-line">{esc(" · ".join(parts))}</span> '
            f'<strong class="doing">{esc(doing_words(view, ui))}</strong></p>')


def doing_words(view: dict, ui: TableUi) -> str:
    if view["over"]:
        return _("The match is over")
    name = ui.names[view["current"]]
    you = is_you(name)
    if view["legal"] == [["pass"]]:
        if you:
            return _("You have no valid card: the turn passes")
        return _("{name} has no valid card: the turn passes").format(name=name)
    if not ui.my_turn:
        if view["phase"] == "choose":
            return (_("You are choosing the sub-game") if you
                    else _("{name} is choosing the sub-game").format(name=name))
        return _("You are playing") if you else _("{name} is playing").format(name=name)
    if view["phase"] == "choose":
        return _("Your turn: choose the sub-game")
    if view["phase"] == "layout":
        return _("Your turn: lay a Jack or a card next to an end of its row")
    return _("Your turn: {what}").format(what=follow_words(view, ui))


def follow_words(view: dict, ui: TableUi) -> str:
    """What the lit cards mean in a trick (RZ-6), read from ``legal``."""
    if not view["trick"]:
        return _("lead any card")
    led = suit_of(view["trick"][0][1])
    plays = [card for (card,) in legal_of(view, ui, "play")]
    if all(suit_of(card) == led for card in plays):
        return _("follow {suit} {symbol}").format(suit=suit_word(led), symbol=SUIT_SYMBOL[led])
    return _("no {suit}: play any card").format(suit=suit_word(led))


def seats_html(view: dict, ui: TableUi) -> str:
    """Every seat in one row, in seat order: name, cards in hand, tricks or place, match
    score, and its role now."""
    items = "".join(seat_html(view, ui, seat) for seat in range(view["players"]))
    return (f'<ul{attrs(class_="rentz-seats", data_players=view["players"], aria_label=_("Players"))}>'
            f'{items}</ul>')


def seat_html(view: dict, ui: TableUi, seat: int) -> str:
    roles = []
    if seat == view["current"] and not view["over"]:
        # TRANSLATORS: a seat's role now: the one to play a card, or to choose the sub-game.
        roles.append(_("to play") if view["phase"] != "choose" else _("choosing"))
    # who leads shows in the trick (the first card), so it is said to screen readers only
    # (a text in an f-string's braces is not extracted for translation: named out here)
    leads = _("leads") if seat == view["leader"] and view["phase"] == "trick" else ""
    if seat in view["finished"]:
        # TRANSLATORS: {place} is "1st", "2nd"… (the order players run out of cards).
        roles.append(_("{place} out").format(place=ordinal(view['finished'].index(seat) + 1)))
    if view["skip"] == seat:
        roles.append(_("lost a turn"))
    count = view["hand_counts"][seat]
    details = [ngettext("{n} card", "{n} cards", count).format(n=count)]
    if view["phase"] == "trick":
        tricks = view['tricks'][seat]
        details.append(ngettext("{n} trick", "{n} tricks", tricks).format(n=tricks))
    # each part keeps its words together: a narrow plate breaks only between them
    detail = " ".join(f"<span>{esc(words)}{' ·' if more else ''}</span>"
                      for more, words in zip([True] * (len(details) - 1) + [False], details))
    badges = "".join(f'<span class="role">{esc(role)}</span>' for role in roles)
    classes = "seat" + (" current" if seat == view["current"] and not view["over"] else "")
    return (f'<li{attrs(class_=classes, data_seat=seat, data_hand=count)}>'
            f'{plate_name(seat, ui.names)}{unseen(": ")}'
            f'<span class="score" data-score="{view["scores"][seat]}">{esc(signed(view["scores"][seat]))}</span>'
            f'{unseen(", ")}<span class="detail">{detail}</span>'
            f'{unseen(", " + leads) if leads else ""}'
            f'<span class="roles">{badges}</span></li>')


def plate_name(seat: int, names) -> str:
    """A seat's name on its plate; a name too long for the narrow plates of five or six
    seats on a phone also comes shortened (:func:`compact_names`), which the stylesheet
    shows there instead, the whole name still read."""
    short, name = compact_names(names)[seat], names[seat]
    if short == name:
        return f'<span class="name">{esc(name)}</span>'
    return (f'<span class="name"><span class="long">{esc(name)}</span>'
            f'<span class="short" aria-hidden="true">{esc(short)}</span></span>')


def choose_html(view: dict, ui: TableUi) -> str:
    """The chooser's sub-games (the legal ones) with their scores, and Look (RZ-3, RZ-4);
    the others see who chooses and what is still open to them."""
    chooser = ui.names[view["chooser"]]
    if not ui.my_turn:
        left = ", ".join(sub_game_name(g) for g in SUB_GAME_IDS
                         if g not in view["chosen"][view["chooser"]])
        if view["blind_pending"]:
            said = (_("You are choosing the sub-game without looking at the hand. Still open:"
                      " {left}.") if is_you(chooser) else
                    _("{name} is choosing the sub-game without looking at the hand. Still open:"
                      " {left}."))
        else:
            said = (_("You are choosing the sub-game. Still open: {left}.") if is_you(chooser)
                    else _("{name} is choosing the sub-game. Still open: {left}."))
        said = said.format(name=chooser, left=left)
        return (f'<section class="rentz-choose" aria-label="' + (esc(_("Choice"))) + f'">'
                f'<p>{esc(said)}</p></section>')
    choices = "".join(
        button("", "rentz-choose", class_="sub-game" + (" hinted" if game in hinted_args(ui, "choose") else ""),
               data_sub_game=game, data_nav="choices",
               html_label=f'<b>{esc(sub_game_name(game))}</b><span class="sr"> · </span>'
                          f'<span class="score">{score_html(game, view["options"])}</span>'
                          f'<span class="sr">, </span><small>' + (esc(_(AIMS[game]))) + f'</small>')
        for (game,) in legal_of(view, ui, "choose"))
    look = ""
    if legal_of(view, ui, "look"):
        look = button(_("Look at my hand"), "rentz-look",
                      class_="primary" + (" hinted" if hinted_args(ui, "look") else ""))
    return (f'<section class="rentz-choose" aria-label="' + (esc(_("Choose the sub-game"))) + f'">'
            f'<p>{esc(choose_note(view))}</p>{look}<div class="choices">{choices}</div></section>')


def score_html(sub_game: str, options: dict) -> str:
    """:func:`score_words` whose parts between commas each keep to one line (Totals: a
    line breaks after "−40 per queen,", never inside it)."""
    parts = score_words(sub_game, options).split(", ")
    if len(parts) == 1:
        return esc(parts[0])
    return ", ".join(f'<span class="part">{esc(part)}</span>' for part in parts)


def choose_note(view: dict) -> str:
    if not view["blind_pending"]:
        return _("Choose the sub-game for this deal, after looking at your hand.")
    if view["blind"] == "double":
        return _("Choose now, without looking, and this deal counts double; "
                 "or look at your hand first.")
    return _("House rule: every sub-game is chosen before the hand is seen.")


def seat_selector(seat: int) -> str:
    """The selector of a seat's box in the list of players (where its cards come from)."""
    return f'.rentz-seats [data-seat="{seat}"]'


def played_html(seat: int, card: str, names, winner=None, last: str = "",
                viewer: int | None = None, pos: int | None = None, led: bool = False) -> str:
    """One card of a trick with its player's name (:func:`who_html`); ``last`` the classes
    of the latest play (see :func:`last_classes`) when this card is it. Another seat's card
    just played comes in from that seat; the cards of a trick that has a winner go to the
    winner's seat as it is taken (``data-flip-to``)."""
    classes = " ".join(filter(None, ["won" if seat == winner else "", "led" if led else "",
                                     last.strip()])) or None
    came_from = seat_selector(seat) if "just-played" in last and seat != viewer else None
    went_to = seat_selector(winner) if winner is not None else None
    # TRANSLATORS: said to screen readers after the card that began the trick.
    said = unseen(", " + _("the lead")) if led else ""
    return (f'<li{attrs(data_seat=seat, data_pos=pos, data_card=card, class_=classes)}>{who_html(seat, names)}'
            f'{face_html(card, came_from, went_to)}{said}</li>')


def who_html(seat: int, names) -> str:
    """The name over a trick's card: shortened to fit and told apart from the others'
    (:func:`compact_names`), the whole name for screen readers."""
    short, name = compact_names(names)[seat], names[seat]
    shown = (esc(short) if short == name
             else f'<span aria-hidden="true">{esc(short)}</span>{unseen(name)}')
    return f'<span class="who">{shown}</span>'


def last_classes(ui: TableUi, card: str) -> str:
    """" last-play" for the card of the log's latest ``play``, with " just-played" while
    it is the latest move; else ""."""
    play = next((e for e in reversed(ui.log) if e["kind"] == "play"), None)
    if play is None or play["card"] != card:
        return ""
    return " last-play" + (" just-played" if latest_move(ui.log) is play else "")


def position(seat: int, view: dict) -> int:
    """Where ``seat`` sits around the table seen by the view's seat: 0 is the viewer (at
    the bottom), 1, 2… the others clockwise, in the order of play (RZ-6), from the
    viewer's left over the top to the right."""
    return (seat - view["seat"]) % view["players"]


def seats_around(view: dict) -> list:
    """The seats as they sit around the trick: the others clockwise from the viewer's
    left, then the viewer."""
    players = view["players"]
    return [(view["seat"] + step) % players for step in range(1, players)] + [view["seat"]]


def trick_html(view: dict, ui: TableUi) -> str:
    """The trick under way, each seat's card in that seat's place around it (the viewer
    at the bottom, the others clockwise from the left), whoever led; the seats still to
    play show an empty place, the one to play now marked; then the last complete trick
    and its winner (RZ-6)."""
    if view["over"]:
        return last_trick_html(view, ui)
    played = dict((seat, card) for seat, card in view["trick"])
    lead = view["trick"][0][0] if view["trick"] else None
    slots = []
    for seat in seats_around(view):
        pos = position(seat, view)
        if seat in played:
            card = played[seat]
            slots.append(played_html(seat, card, ui.names, last=last_classes(ui, card),
                                     viewer=view["seat"], pos=pos, led=seat == lead))
        else:
            classes = "waiting" + (" next" if seat == view["current"] else "")
            slots.append(f'<li{attrs(class_=classes, data_seat=seat, data_pos=pos)}>{who_html(seat, ui.names)}'
                         f'<span class="face empty" aria-label="' + (esc(_("to play"))) + f'">…</span></li>')
    heading = _("Trick {n}").format(n=sum(view["tricks"]) + 1)
    label = _("Trick")  # (named out of the f-string, where it would not be extracted)
    return (f'<section{attrs(class_="rentz-trick", data_players=view["players"], aria_label=label)}>'
            f'<h3>{esc(heading)}</h3><ol class="trick-cards ring">{"".join(slots)}</ol>'
            f'</section>{last_trick_html(view, ui)}')


def last_trick_html(view: dict, ui: TableUi) -> str:
    """The last complete trick and its winner, in one line of small cards in the order
    played; before the first, its line kept empty (the hand below does not move when it
    comes)."""
    last = view["last_trick"]
    if not last:
        return '<section class="rentz-last" aria-hidden="true"></section>'
    cards = "".join(played_html(seat, card, ui.names, last["winner"], last_classes(ui, card),
                                view["seat"])
                    for seat, card in last["cards"])
    heading = by(ui.names[last["winner"]], _("Last trick: you took it"),
                 _("Last trick: {name} took it"))
    return (f'<section class="rentz-last" aria-label="' + (esc(_("Last trick"))) + f'">'
            f'<h3>{esc(heading)}</h3>'
            f'<ol class="trick-cards small">{cards}</ol></section>')


def layout_html(view: dict, ui: TableUi) -> str:
    """Four suit rows around a centre column of Jacks, lower ranks left, higher right;
    each row's ends as the view gives them, and where the lit cards would go (RZ-8). A
    card just laid comes from the hand or from its player's seat."""
    ranks = deck_ranks(view["players"])
    lit = {card for (card,) in legal_of(view, ui, "play")}
    rows = "".join(layout_row(suit, view["layout"][suit], ranks, lit, ui) for suit in SUITS)
    # TRANSLATORS: who ran out of cards in which order: "1st You, 2nd Bot 3".
    out = ", ".join(_("{place} {name}").format(place=ordinal(i + 1), name=ui.names[seat])
                    for i, seat in enumerate(view["finished"]))
    # kept empty until someone is out, so that the hand below does not move when it fills
    finished = f'<p class="finished">' + (esc(_("Out of cards: {names}").format(names=out))
                                          if out else "") + '</p>'
    return (f'<section class="rentz-layout" aria-label="' + (esc(_("Layout"))) + f'">'
            f'<ol class="layout-rows" data-ranks="{len(ranks)}">{rows}</ol>{finished}</section>')


def layout_row(suit: str, ends, ranks, lit: set, ui: TableUi) -> str:
    low, high = (ranks.index(rank_of(card)) for card in ends) if ends else (None, None)
    cells = []
    for index, rank in enumerate(ranks):
        card = rank + suit
        laid = ends is not None and low <= index <= high
        state = "laid" if laid else ("open" if card in lit else "empty")
        classes = f"cell {state}" + (" jack" if rank == "J" else "") + \
            (last_classes(ui, card) if laid else "")
        shown = rank if laid or card in lit else ""
        came = seat_selector(latest_move(ui.log)["seat"]) if "just-played" in classes else None
        cells.append(f'<span{attrs(class_=classes, data_card=card, data_flip=card if laid else None, data_flip_from=came, aria_hidden=None if laid else "true")}>'
                     f'{esc(shown)}</span>')
    span = (_("{low} to {high}").format(low=card_label(ends[0]), high=card_label(ends[1]))
            if ends else _("waits for the Jack"))
    # TRANSLATORS: a row of the layout: "Hearts: Nine of hearts to Queen of hearts".
    label = _("{suit}: {cards}").format(suit=suit_word(suit).capitalize(), cards=span)
    row = attrs(class_="layout-row", data_suit=suit, data_low=ends and ends[0],
                data_high=ends and ends[1], aria_label=label)
    return (f'<li{row}><span class="row-suit {suit_classes("A" + suit)}" aria-hidden="true">'
            f'{SUIT_SYMBOL[suit]}</span>'
            f'{"".join(cells)}</li>')


def hand_html(view: dict, ui: TableUi) -> str:
    """The viewer's cards, one tap each; only the legal plays are enabled (lit)."""
    name = ui.names[view["seat"]]
    if view["blind_pending"] and view["seat"] == view["chooser"]:
        count = view["hand_counts"][view["seat"]]
        if view["blind"] == "double":  # RZ-4: only "double" lets the chooser look first
            face_down = ngettext("Your {n} card is face down until you choose or look.",
                                 "Your {n} cards are face down until you choose or look.",
                                 count).format(n=count)
        else:
            face_down = ngettext("Your {n} card is face down until you choose.",
                                 "Your {n} cards are face down until you choose.",
                                 count).format(n=count)
        return (f'<section class="hand blind" aria-label="' + (esc(_("Your hand ({name})").format(name=name))) + f'">'
                f'<p>{esc(face_down)}</p></section>')
    lit = {card for (card,) in legal_of(view, ui, "play")}
    hinted = hinted_args(ui, "play")
    cards = "".join(hand_card(card, card in lit, card in hinted) for card in view["hand"])
    total = len(view["hand"])
    note = ('<p class="hand-note">' + esc(ngettext(
        "{lit} of {n} card can be played: they are lit.",
        "{lit} of {n} cards can be played: they are lit.", total).format(lit=len(lit), n=total))
        + '</p>') if lit else ""
    waiting = "" if lit else " waiting"
    label = ngettext("Your hand ({name}), {n} card", "Your hand ({name}), {n} cards",
                     total).format(name=name, n=total)
    return (f'<section class="hand{waiting}" aria-label="{esc(label)}">'
            f'{cards}</section>{note}')


def last_deal(log):
    """The log's latest ``deal_over`` event."""
    return next(event for event in reversed(log) if event["kind"] == "deal_over")


def hand_card(card: str, lit: bool, hinted: bool = False) -> str:
    """A card of the hand as a button: enabled (lit) only when it is a legal play; its
    name is its corner's rank, then the card in words ("Q, Queen of spades")."""
    classes = (f"card pc {suit_classes(card)}" + (" lit" if lit else "")
               + (" hinted" if hinted else ""))
    said = f", {card_label(card)}" + (_(", the hint's card") if hinted else "")
    return button(card_label(card), "rentz-play", html_label=card_inside(card) + unseen(said),
                  class_=classes, data_card=card, data_rank=rank_of(card), data_flip=card,
                  data_drag=True, data_nav="hand", disabled=not lit)


# The table pauses after each deal (web/tables.py): pause_html says how it went.
PAUSE_AFTER = "deal_over"


def pause_html(view: dict, ui: TableUi) -> str:
    """The pause after a deal: why it ended, what each seat took and scored in it (RZ-7),
    and the running totals (RZ-11)."""
    event = last_deal(ui.log)
    rows = "".join(
        f'<tr data-seat="{seat}"><th scope="row">{esc(ui.names[seat])}</th>'
        f'<td class="took">{esc(took_words(event["sub_game"], p, view["options"], event["doubled"]))}'
        f'</td><td class="points">{esc(signed(p))}</td>'
        f'<td class="total">{esc(signed(view["scores"][seat]))}</td></tr>'
        for seat, p in enumerate(event["points"]))
    values = {"deal": event['deal'] + 1, "sub_game": sub_game_name(event['sub_game']),
              "reason": reason_words(event)}
    heading = (_("Deal {deal}, {sub_game} (counted double): {reason}") if event["doubled"]
               else _("Deal {deal}, {sub_game}: {reason}")).format(**values)
    heads = "".join(f'<th scope="col">{esc(words)}</th>'
                    for words in (_("Player"), _("Took"), _("This deal"), _("Total")))
    return (f'<section class="deal-summary" aria-labelledby="deal-summary-title">'
            f'<h2 id="deal-summary-title">{esc(heading)}</h2>'
            f'<table><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></section>')


def sheet_html(view: dict, ui: TableUi) -> str:
    """The score sheet: who chose which sub-game, each deal's points with running totals,
    and the totals (RZ-3, RZ-11). Open at the end of the match."""
    seats = range(view["players"])
    heads = "".join(f'<th scope="col">{esc(ui.names[s])}</th>' for s in seats)
    return (f'<details{attrs(id="rentz-sheet", class_="rentz-sheet", open=view["over"], data_reveal=True)}>'
            f'<summary data-action="rentz-sheet">' + (esc(_("Score sheet"))) + f'</summary>'
            f'<div class="sheet-scroll"><table class="deals"><caption>' + (esc(_("Points per deal, running total below"))) + f'</caption>'
            f'<thead><tr><th scope="col">' + (esc(_("Deal"))) + f'</th>{heads}</tr></thead>'
            f'<tbody>{deal_rows(view, ui)}</tbody><tfoot><tr><th scope="row">' + (esc(_("Total"))) + f'</th>'
            + "".join(f'<td data-seat="{s}">{esc(signed(view["scores"][s]))}</td>' for s in seats)
            + f'</tr></tfoot></table></div>'
            f'<div class="sheet-scroll"><table class="chosen"><caption>' + (esc(_("Who chose what"))) + f'</caption>'
            f'<thead><tr><th scope="col">' + (esc(_("Sub-game"))) + f'</th>{heads}</tr></thead><tbody>{chosen_rows(view)}</tbody>'
            f'</table></div></details>')


def deal_rows(view: dict, ui: TableUi) -> str:
    rows, totals = [], [0] * view["players"]
    for entry in view["sheet"]:
        totals = [t + p for t, p in zip(totals, entry["points"])]
        game = sub_game_name(entry["sub_game"]) + (" ×2" if entry["doubled"] else "")
        cells = "".join(f'<td data-seat="{s}">{esc(signed(p))}<small>{esc(signed(t))}</small></td>'
                        for s, (p, t) in enumerate(zip(entry["points"], totals)))
        rows.append(f'<tr data-deal="{entry["deal"]}"><th scope="row">{entry["deal"] + 1}. {esc(game)}'
                    f'<small>{esc(ui.names[entry["chooser"]])}</small></th>{cells}</tr>')
    return "".join(rows) or (f'<tr><td colspan="{view["players"] + 1}">'
                             + (esc(_("No deal finished yet."))) + f'</td></tr>')


def chosen_rows(view: dict) -> str:
    """Per sub-game, the deal in which each seat chose it ("now" for this deal)."""
    deal_of = {(e["chooser"], e["sub_game"]): str(e["deal"] + 1) for e in view["sheet"]}
    if view["sub_game"] and not view["over"]:
        # TRANSLATORS: in the score sheet's "who chose what": chosen for the deal under way.
        deal_of.setdefault((view["chooser"], view["sub_game"]), _("now"))
    return "".join(
        f'<tr data-sub-game="{game}"><th scope="row">{esc(sub_game_name(game))}</th>'
        + "".join(f'<td data-seat="{s}">{esc(deal_of.get((s, game), ""))}</td>'
                  for s in range(view["players"])) + "</tr>"
        for game in SUB_GAME_IDS)


def controls_html(ui: TableUi) -> str:
    """Undo, while a choice made with the hand in view may still be taken back, and the
    Hint button when a bot offers hints."""
    parts = [button(_("Undo the choice"), "undo")] if ui.can_undo else []
    if ui.can_hint:
        parts.append(button(_("Hint"), "hint", disabled=not ui.my_turn))
    return f'<div class="controls">{"".join(parts)}</div>' if parts else ""


def hinted_args(ui: TableUi, kind: str) -> set:
    """The argument of the hint's action when it is of ``kind`` (a card, a sub-game;
    ``{True}`` for an action without one), else nothing."""
    actions = (ui.hint or {}).get("actions") or [[]]
    action = actions[0]
    if not action or action[0] != kind:
        return set()
    return {action[1]} if len(action) > 1 else {True}


# The hint's move in a few words ("Play 9♥", "Choose Whist": the hint box capitalises it);
# why, with the sampled deals' figures, is the hint's reason (bots.py), folded under it.
HINT_WORDS = {"play": lambda a: _("play {card}").format(card=card_text(a[1])),
              "choose": lambda a: _("choose {sub_game}").format(sub_game=sub_game_name(a[1])),
              "look": lambda a: _("look at your hand first"), "pass": lambda a: _("pass")}


def hint_box(ui: TableUi) -> str:
    actions = (ui.hint or {}).get("actions") or []
    return hint_html(ui.hint, HINT_WORDS[actions[0][0]](actions[0])) if actions else ""


def log_html(ui: TableUi) -> str:
    """The events of the deal under way, from the line that opens it, each move numbered
    as counted from the match's first (consequences unnumbered), in a box that opens at
    the newest line. Earlier deals are on the score sheet (and the whole match replays
    from the records): a match runs to thousands of events, and the table is drawn
    again at every move."""
    log = ui.log
    opened = next((index for index in range(len(log) - 1, -1, -1)
                   if log[index]["kind"] == "deal" and log[index]["seat"] is None), 0)
    moves_before = sum(1 for event in log[:opened] if event["seat"] is not None)
    numbered = moves_by_turn(log[opened:], lambda event, following: event["seat"] is not None,
                             first=moves_before + 1)
    return log_box([(turn if event["seat"] is not None else None, event_text(event, ui.names))
                    for turn, event in numbered], _("What happened"))


MIDDLE = {"choose": choose_html, "trick": trick_html, "layout": layout_html}


def middle_html(view: dict, ui: TableUi) -> str:
    """The phase's centre of the table; at the end, the last deal's layout or trick."""
    phase = view["phase"]
    if phase == "over":
        phase = "layout" if SUB_GAME[view["sub_game"]].layout else "trick"
    return MIDDLE[phase](view, ui)


def table_html(view: dict, ui: TableUi) -> str:
    """The table as ``ui.names[view["seat"]]`` sees it: the seats in one row, the trick
    (or layout) with every seat in its place, the hand, and right under it the buttons
    and the hint; while choosing, the hand, the hint, then the sub-games."""
    middle, hand = middle_html(view, ui), hand_html(view, ui)
    under = controls_html(ui) + hint_box(ui)
    play = (hand + under + middle) if view["phase"] == "choose" else (middle + hand + under)
    return (f'<main class="table rentz" data-phase="{esc(view["phase"])}">'
            f'{status_html(view, ui)}'
            f'<div class="rentz-main">{seats_html(view, ui)}<div class="rentz-play">{play}</div>'
            f'{log_html(ui)}</div>'
            f'{sheet_html(view, ui)}</main>')


def outcome(result: dict, seat: int, names) -> dict:
    """The seat's total (RZ-5: the winners are the seats on exactly 0, else the highest)
    and its placing; progress is the share of the other seats placed below it."""
    scores, players = result["scores"], result["players"]
    won = seat in result["winners"]
    rank = 1 if won else place(scores, seat) + (1 if 0 in scores and scores[seat] > 0 else 0)
    return {"won": won, "score": scores[seat], "better": "higher", "place": rank,
            "progress": (players - rank) / max(1, players - 1),
            "text": result_text(result, names)}


SCORE_NAME = N_("points")  # what outcome()'s score counts, for the records


def progress(view: dict) -> tuple:
    """How far a match got, for the list of unfinished games: the deal being played."""
    return ("deal", min(view["deal"] + 1, view["deals"]), view["deals"])


# What the app uses of this table (web/tables.py: TableSpec), checked as it is made.
TABLE = TableSpec(
    game=SPEC.id, table_html=table_html, HANDLERS=HANDLERS, event_text=event_text,
    result_text=result_text, outcome=outcome, STYLESHEET=STYLESHEET, end_html=end_html,
    PAUSE_AFTER=PAUSE_AFTER, pause_html=pause_html, progress=progress, SCORE_NAME=SCORE_NAME,
    card_text=card_text,
    action_text=lambda action: HINT_WORDS[action[0]](action))
