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

from ..engine.rentz import SUB_GAME, SUB_GAME_IDS, SUIT_NAMES, SUITS, deck_ranks, rank_of, suit_of
from ..i18n import N_
from .html import attrs, button, esc
from .table_parts import hint_html, latest_move, log_html as log_box, moves_by_turn, place
from .ui import TableUi

STYLESHEET = "rentz.css"

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = {"H", "D"}
RANK_WORDS = {"2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
              "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack", "Q": "Queen", "K": "King",
              "A": "Ace"}
# Each sub-game's score under the house rules (format fields: the options, signed) and aim.
SCORE_WORDS = {
    "king": "{king} for the K♥",
    "queens": "{queen} per queen",
    "diamonds": "{diamond} per diamond",
    "tricks": "{trick} per trick",
    "totals": "{king} K♥, {queen} per queen, {diamond} per diamond, {trick} per trick",
    "ten": "{ten} for the 10♣",
    "whist": "{whist} per trick",
    "rentz": "{placings} by the order hands empty",
}
AIMS = {"king": "avoid the K♥", "queens": "avoid queens", "diamonds": "avoid diamonds",
        "tricks": "avoid tricks", "totals": "avoid all of these", "ten": "take the 10♣",
        "whist": "take tricks", "rentz": "empty your hand first"}
# What a deal's points count, for the summary "2 queens": (option, one, many); Totals
# mixes four and the layout pays by place, so they show points only.
COUNTED = {"king": ("king", "the K♥", "the K♥"), "queens": ("queen", "1 queen", "{n} queens"),
           "diamonds": ("diamond", "1 diamond", "{n} diamonds"),
           "tricks": ("trick", "1 trick", "{n} tricks"), "ten": ("ten", "the 10♣", "the 10♣"),
           "whist": ("whist", "1 trick", "{n} tricks")}
REASONS = {  # why a deal ended (deal_over's reason, RZ-7/RZ-8)
    "king": "ended early: the K♥ was taken", "queens": "ended early: every queen was taken",
    "diamonds": "ended early: every diamond was taken", "ten": "ended early: the 10♣ was taken",
    "tricks": "every trick was played", "layout": "only one player still held cards",
}
PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


# -- words -------------------------------------------------------------------------------
def signed(points: int) -> str:
    """"+200", "−40" (a real minus sign), "0"."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def place(n: int) -> str:
    return PLACES.get(n, f"{n}th")


def card_text(card: str) -> str:
    """"Q♠", "10♣"."""
    return rank_of(card) + SUIT_SYMBOL[suit_of(card)]


def card_label(card: str) -> str:
    """"Queen of spades"."""
    return f"{RANK_WORDS[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def score_words(sub_game: str, options: dict) -> str:
    """The sub-game's score under the house rules: "−40 per queen"."""
    values = {key: signed(value) for key, value in options.items() if isinstance(value, int)}
    values["placings"] = " / ".join(str(p) for p in options["placings"])
    return SCORE_WORDS[sub_game].format(**values)


def sub_game_line(sub_game: str, options: dict) -> str:
    """"Queens · −40 per queen"."""
    return f"{SUB_GAME[sub_game].name} · {score_words(sub_game, options)}"


def took_words(sub_game: str, points: int, options: dict, doubled: bool) -> str:
    """What a seat's deal points stand for ("2 queens"), or "" when the points say it all."""
    if sub_game not in COUNTED or not points:
        return ""
    key, one, many = COUNTED[sub_game]
    unit = options[key] * (2 if doubled else 1)
    count = points // unit if unit else 0
    return (one if count == 1 else many.format(n=count)) if count else ""


def names_and(seats, names) -> str:
    """"You", "Bot 2 and Bot 3", "Bot 2, Bot 3 and Bot 4"."""
    named = [names[seat] for seat in seats]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def points_words(points: int) -> str:
    """"310 points", "−40 points", "1 point"."""
    number = f"−{-points}" if points < 0 else str(points)
    return f"{number} point{'' if abs(points) == 1 else 's'}"


# -- events --------------------------------------------------------------------------------
def deal_over_words(event: dict, names) -> str:
    points = ", ".join(f"{names[seat]} {signed(p)}" for seat, p in enumerate(event["points"]))
    double = " (counts double)" if event["doubled"] else ""
    return (f"Deal {event['deal'] + 1}, {SUB_GAME[event['sub_game']].name}, is over: "
            f"{REASONS[event['reason']]}{double}. {points}.")


def match_over_words(event: dict, names) -> str:
    return f"The match is over: {winners_words(event['winners'], event['scores'], names)}."


def winners_words(winners, scores, names) -> str:
    """"You win with +310 points", "Player 3 and Bot 4 share the win with 0 points"."""
    who = names_and(winners, names)
    said = f"{who} share the win" if len(winners) > 1 else subject(who, "wins", "win")
    return f"{said} with {points_words(scores[winners[0]])}"


def subject(name: str, verb: str, you_verb: str) -> str:
    """"Bot 3 takes", "You take"."""
    return f"{name} {you_verb if name == 'You' else verb}"


# Moves: the words after "Name: "; consequences (seat None): the whole line.
MOVE_WORDS = {
    "choose": lambda e, n: f"chooses {SUB_GAME[e['sub_game']].name}"
                           + (" without looking at the hand" if e["blind"] else ""),
    "look": lambda e, n: "looks at the hand before choosing",
    "play": lambda e, n: f"plays {card_text(e['card'])}",
    "pass": lambda e, n: "passes: no valid card",
    "again": lambda e, n: "laid an Ace: plays again",
    "out": lambda e, n: f"has no cards left: {place(e['place'])} out",
}
NOTICE_WORDS = {
    "trick": lambda e, n: f"{subject(n[e['winner']], 'takes', 'take')} the trick with "
                          f"{card_text(dict(e['cards'])[e['winner']])} "
                          f"({' '.join(card_text(c) for _, c in e['cards'])}).",
    "skip": lambda e, n: f"{subject(n[e['skipped']], 'loses', 'lose')} this turn: "
                         "the lowest rank was laid.",
    "deal_over": deal_over_words,
    "deal": lambda e, n: f"Deal {e['deal'] + 1}: {subject(n[e['chooser']], 'chooses', 'choose')}"
                         " the sub-game.",
    "match_over": match_over_words,
}


def event_text(event: dict, names) -> str:
    """An engine event in words: a move with its mover's name, or a consequence."""
    if event["seat"] is None:
        return NOTICE_WORDS[event["kind"]](event, names)
    return f"{names[event['seat']]}: {MOVE_WORDS[event['kind']](event, names)}"


def result_text(result: dict, names) -> str:
    """The result in one line: the winners by RZ-5, with their total."""
    return winners_words(result["winners"], result["scores"], names) + "."


def end_html(result: dict, names) -> str:
    """The winners (RZ-5: exactly 0 beats every other total) and the ranking."""
    scores = result["scores"]
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    zero = " A total of exactly 0 wins (RZ-5)." if scores[result["winners"][0]] == 0 else ""
    note = f"After {result['deals_played']} deals.{zero}"
    rows = "".join(
        f'<li{attrs(data_seat=seat, class_="winner" if seat in result["winners"] else None)}>'
        f'<span class="name">{esc(names[seat])}</span> <b>{esc(signed(scores[seat]))}</b>'
        f'{" <span class=badge>wins</span>" if seat in result["winners"] else ""}</li>'
        for seat in order)
    return (f'<h2 class="result">{esc(result_text(result, names))}</h2>'
            f'<p class="rule">{esc(note)}</p>'
            f'<ol class="ranking" aria-label="Ranking">{rows}</ol>')


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


def face_html(card: str) -> str:
    """A card's face: rank and suit symbol (red for hearts and diamonds), read as words."""
    red = " red" if suit_of(card) in RED_SUITS else ""
    return (f'<span class="face{red}" role="img" aria-label="{esc(card_label(card))}">'
            f'<span class="rank">{esc(rank_of(card))}</span>'
            f'<span class="suit">{SUIT_SYMBOL[suit_of(card)]}</span></span>')


def status_html(view: dict, ui: TableUi) -> str:
    """Deal number, the sub-game and its score, and what happens now."""
    parts = [f"Deal {view['deal'] + 1} of {view['deals']}"]
    if view["sub_game"] and view["phase"] != "choose":
        double = " · counts double" if view["doubled"] else ""
        parts.append(sub_game_line(view["sub_game"], view["options"]) + double)
    return (f'<p class="turn"><span class="deal-line">{esc(" · ".join(parts))}</span> '
            f'<strong class="doing">{esc(doing_words(view, ui))}</strong></p>')


def doing_words(view: dict, ui: TableUi) -> str:
    if view["over"]:
        return "The match is over"
    name = ui.names[view["current"]]
    if view["legal"] == [["pass"]]:
        return f"{subject(name, 'has', 'have')} no valid card: the turn passes (RZ-8)"
    if not ui.my_turn:
        doing = "choosing the sub-game" if view["phase"] == "choose" else "playing"
        return f"{subject(name, 'is', 'are')} {doing}"
    if view["phase"] == "choose":
        return "Your turn: choose the sub-game"
    if view["phase"] == "layout":
        return "Your turn: lay a Jack or a card next to an end of its row"
    return "Your turn: " + follow_words(view, ui)


def follow_words(view: dict, ui: TableUi) -> str:
    """What the lit cards mean in a trick (RZ-6), read from ``legal``."""
    if not view["trick"]:
        return "lead any card"
    led = suit_of(view["trick"][0][1])
    plays = [card for (card,) in legal_of(view, ui, "play")]
    if all(suit_of(card) == led for card in plays):
        return f"follow {SUIT_NAMES[led]} {SUIT_SYMBOL[led]}"
    return f"no {SUIT_NAMES[led]}: play any card"


def seats_html(view: dict, ui: TableUi) -> str:
    """Every seat: name, cards in hand, tricks or place, match score, and its role now."""
    items = "".join(seat_html(view, ui, seat) for seat in range(view["players"]))
    return f'<ul class="rentz-seats" aria-label="Players">{items}</ul>'


def seat_html(view: dict, ui: TableUi, seat: int) -> str:
    roles = []
    if seat == view["current"] and not view["over"]:
        roles.append("to play" if view["phase"] != "choose" else "choosing")
    if seat == view["leader"] and view["phase"] == "trick":
        roles.append("leads")
    if seat in view["finished"]:
        roles.append(f"{place(view['finished'].index(seat) + 1)} out")
    if view["skip"] == seat:
        roles.append("lost a turn")
    count = view["hand_counts"][seat]
    detail = f"{count} card{'' if count == 1 else 's'}"
    if view["phase"] == "trick":
        detail += f" · {view['tricks'][seat]} trick{'' if view['tricks'][seat] == 1 else 's'}"
    badges = "".join(f'<span class="role">{esc(role)}</span>' for role in roles)
    classes = "seat" + (" current" if seat == view["current"] and not view["over"] else "")
    return (f'<li{attrs(class_=classes, data_seat=seat, data_hand=count)}>'
            f'<span class="name">{esc(ui.names[seat])}</span>'
            f'<span class="detail">{esc(detail)}</span>'
            f'<span class="score" data-score="{view["scores"][seat]}">{esc(signed(view["scores"][seat]))}</span>'
            f'{badges}</li>')


def choose_html(view: dict, ui: TableUi) -> str:
    """The chooser's sub-games (the legal ones) with their scores, and Look (RZ-3, RZ-4);
    the others see who chooses and what is still open to them."""
    chooser = ui.names[view["chooser"]]
    if not ui.my_turn:
        left = [SUB_GAME[g].name for g in SUB_GAME_IDS if g not in view["chosen"][view["chooser"]]]
        blind = " without looking at the hand" if view["blind_pending"] else ""
        said = f"{subject(chooser, 'is', 'are')} choosing the sub-game{blind}. Still open: {', '.join(left)}."
        return f'<section class="rentz-choose" aria-label="Choice"><p>{esc(said)}</p></section>'
    choices = "".join(
        button("", "rentz-choose", class_="sub-game" + (" hinted" if game in hinted_args(ui, "choose") else ""),
               data_sub_game=game, data_nav="choices",
               html_label=f'<b>{esc(SUB_GAME[game].name)}</b><span class="sr"> · </span>'
                          f'<span>{esc(score_words(game, view["options"]))}</span>'
                          f'<span class="sr">, </span><small>{esc(AIMS[game])}</small>')
        for (game,) in legal_of(view, ui, "choose"))
    look = ""
    if legal_of(view, ui, "look"):
        look = button("Look at my hand", "rentz-look",
                      class_="primary" + (" hinted" if hinted_args(ui, "look") else ""))
    return (f'<section class="rentz-choose" aria-label="Choose the sub-game">'
            f'<p>{esc(choose_note(view))}</p>{look}<div class="choices">{choices}</div></section>')


def choose_note(view: dict) -> str:
    if not view["blind_pending"]:
        return "Choose the sub-game for this deal, after looking at your hand."
    if view["blind"] == "double":
        return ("Choose now, without looking, and this deal counts double; "
                "or look at your hand first (RZ-4).")
    return "House rule: every sub-game is chosen before the hand is seen (RZ-4)."


def played_html(seat: int, card: str, names, winner=None, last: str = "") -> str:
    """One card of a trick with its player's name; ``last`` the classes of the latest
    play (see :func:`last_classes`) when this card is it."""
    classes = " ".join(filter(None, ["won" if seat == winner else "", last.strip()])) or None
    return (f'<li{attrs(data_seat=seat, data_card=card, class_=classes)}>'
            f'<span class="who">{esc(names[seat])}</span>'
            f'{face_html(card)}</li>')


def last_classes(ui: TableUi, card: str) -> str:
    """" last-play" for the card of the log's latest ``play``, with " just-played" while
    it is the latest move; else ""."""
    play = next((e for e in reversed(ui.log) if e["kind"] == "play"), None)
    if play is None or play["card"] != card:
        return ""
    return " last-play" + (" just-played" if latest_move(ui.log) is play else "")


def trick_html(view: dict, ui: TableUi) -> str:
    """The trick under way, in play order, with the seats still to play, and the last
    complete trick and its winner (RZ-6)."""
    if view["over"]:
        return last_trick_html(view, ui)
    played = [played_html(seat, card, ui.names, last=last_classes(ui, card))
              for seat, card in view["trick"]]
    start = view["leader"] if view["leader"] is not None else view["current"]
    done = {seat for seat, _ in view["trick"]}
    waiting = [f'<li class="waiting" data-seat="{seat}"><span class="who">{esc(ui.names[seat])}</span>'
               f'<span class="face empty" aria-label="to play">…</span></li>'
               for seat in ((start + step) % view["players"] for step in range(view["players"]))
               if seat not in done]
    return (f'<section class="rentz-trick" aria-label="Trick">'
            f'<h3>Trick {sum(view["tricks"]) + 1}</h3><ol class="trick-cards">{"".join(played + waiting)}</ol>'
            f'</section>{last_trick_html(view, ui)}')


def last_trick_html(view: dict, ui: TableUi) -> str:
    last = view["last_trick"]
    if not last:
        return ""
    cards = "".join(played_html(seat, card, ui.names, last["winner"], last_classes(ui, card))
                    for seat, card in last["cards"])
    return (f'<section class="rentz-last" aria-label="Last trick">'
            f'<h3>Last trick: {esc(ui.names[last["winner"]])} took it</h3>'
            f'<ol class="trick-cards small">{cards}</ol></section>')


def layout_html(view: dict, ui: TableUi) -> str:
    """Four suit rows around a centre column of Jacks, lower ranks left, higher right;
    each row's ends as the view gives them, and where the lit cards would go (RZ-8)."""
    ranks = deck_ranks(view["players"])
    lit = {card for (card,) in legal_of(view, ui, "play")}
    rows = "".join(layout_row(suit, view["layout"][suit], ranks, lit, ui) for suit in SUITS)
    out = ", ".join(f"{place(i + 1)} {ui.names[seat]}" for i, seat in enumerate(view["finished"]))
    finished = f'<p class="finished">Out of cards: {esc(out)}</p>' if out else ""
    return (f'<section class="rentz-layout" aria-label="Layout">'
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
        cells.append(f'<span{attrs(class_=classes, data_card=card, aria_hidden=None if laid else "true")}>'
                     f'{esc(shown)}</span>')
    span = f"{card_label(ends[0])} to {card_label(ends[1])}" if ends else "waits for the Jack"
    row = attrs(class_="layout-row", data_suit=suit, data_low=ends and ends[0],
                data_high=ends and ends[1], aria_label=f"{SUIT_NAMES[suit].capitalize()}: {span}")
    red = " red" if suit in RED_SUITS else ""
    return (f'<li{row}><span class="row-suit{red}" aria-hidden="true">{SUIT_SYMBOL[suit]}</span>'
            f'{"".join(cells)}</li>')


def hand_html(view: dict, ui: TableUi) -> str:
    """The viewer's cards, one tap each; only the legal plays are enabled (lit)."""
    name = esc(ui.names[view["seat"]])
    if view["blind_pending"] and view["seat"] == view["chooser"]:
        count = view["hand_counts"][view["seat"]]
        return (f'<section class="hand blind" aria-label="Your hand ({name})">'
                f'<p>Your {count} cards are face down until you choose or look.</p></section>')
    lit = {card for (card,) in legal_of(view, ui, "play")}
    hinted = hinted_args(ui, "play")
    cards = "".join(hand_card(card, card in lit, card in hinted) for card in view["hand"])
    note = (f'<p class="hand-note">{len(lit)} of {len(view["hand"])} cards can be played: '
            'they are lit.</p>') if lit else ""
    waiting = "" if lit else " waiting"
    return (f'<section class="hand{waiting}" aria-label="Your hand ({name}), {len(view["hand"])} cards">'
            f'{cards}</section>{note}')


def finished_deal(view: dict, ui: TableUi):
    """The log's latest ``deal_over`` event while the viewer has not moved since, or None."""
    for event in reversed(ui.log):
        if event["kind"] == "deal_over":
            return event
        if event["seat"] == view["seat"]:
            return None
    return None


def hand_card(card: str, lit: bool, hinted: bool = False) -> str:
    """A card of the hand as a button: enabled (lit) only when it is a legal play; its
    name is its rank, then the card in words ("Q, Queen of spades")."""
    classes = ("card" + (" red" if suit_of(card) in RED_SUITS else "") + (" lit" if lit else "")
               + (" hinted" if hinted else ""))
    said = f", {card_label(card)}" + (", the hint's card" if hinted else "")
    face = (f'<span class="rank">{esc(rank_of(card))}</span>'
            f'<span class="suit" aria-hidden="true">{SUIT_SYMBOL[suit_of(card)]}</span>'
            f'<span class="sr">{esc(said)}</span>')
    return button(card_label(card), "rentz-play", html_label=face, class_=classes, data_card=card,
                  data_drag=True, data_nav="hand", disabled=not lit)


def summary_html(view: dict, ui: TableUi) -> str:
    """The deal just finished, until the viewer's next move: why it ended and who took
    what (RZ-7)."""
    event = finished_deal(view, ui)
    if event is None:
        return ""
    items = "".join(
        f'<li data-seat="{seat}"><span class="name">{esc(ui.names[seat])}</span> '
        f'{esc(took_words(event["sub_game"], p, view["options"], event["doubled"]))} '
        f'<b>{esc(signed(p))}</b></li>'
        for seat, p in enumerate(event["points"]))
    double = " (counted double)" if event["doubled"] else ""
    heading = f"Deal {event['deal'] + 1}, {SUB_GAME[event['sub_game']].name}{double}: {REASONS[event['reason']]}"
    return (f'<section class="deal-summary" aria-label="Last deal">'
            f'<h3>{esc(heading)}</h3><ul>{items}</ul></section>')


def sheet_html(view: dict, ui: TableUi) -> str:
    """The score sheet: who chose which sub-game, each deal's points with running totals,
    and the totals (RZ-3, RZ-11). Open at the end of the match."""
    seats = range(view["players"])
    heads = "".join(f'<th scope="col">{esc(ui.names[s])}</th>' for s in seats)
    return (f'<details{attrs(id="rentz-sheet", class_="rentz-sheet", open=view["over"])}>'
            f'<summary data-action="rentz-sheet">Score sheet</summary>'
            f'<div class="sheet-scroll"><table class="deals"><caption>Points per deal, running total below</caption>'
            f'<thead><tr><th scope="col">Deal</th>{heads}</tr></thead>'
            f'<tbody>{deal_rows(view, ui)}</tbody><tfoot><tr><th scope="row">Total</th>'
            + "".join(f'<td data-seat="{s}">{esc(signed(view["scores"][s]))}</td>' for s in seats)
            + f'</tr></tfoot></table></div>'
            f'<div class="sheet-scroll"><table class="chosen"><caption>Who chose what</caption>'
            f'<thead><tr><th scope="col">Sub-game</th>{heads}</tr></thead><tbody>{chosen_rows(view)}</tbody>'
            f'</table></div></details>')


def deal_rows(view: dict, ui: TableUi) -> str:
    rows, totals = [], [0] * view["players"]
    for entry in view["sheet"]:
        totals = [t + p for t, p in zip(totals, entry["points"])]
        game = SUB_GAME[entry["sub_game"]].name + (" ×2" if entry["doubled"] else "")
        cells = "".join(f'<td data-seat="{s}">{esc(signed(p))}<small>{esc(signed(t))}</small></td>'
                        for s, (p, t) in enumerate(zip(entry["points"], totals)))
        rows.append(f'<tr data-deal="{entry["deal"]}"><th scope="row">{entry["deal"] + 1}. {esc(game)}'
                    f'<small>{esc(ui.names[entry["chooser"]])}</small></th>{cells}</tr>')
    return "".join(rows) or f'<tr><td colspan="{view["players"] + 1}">No deal finished yet.</td></tr>'


def chosen_rows(view: dict) -> str:
    """Per sub-game, the deal in which each seat chose it ("now" for this deal)."""
    deal_of = {(e["chooser"], e["sub_game"]): str(e["deal"] + 1) for e in view["sheet"]}
    if view["sub_game"] and not view["over"]:
        deal_of.setdefault((view["chooser"], view["sub_game"]), "now")
    return "".join(
        f'<tr data-sub-game="{game}"><th scope="row">{esc(SUB_GAME[game].name)}</th>'
        + "".join(f'<td data-seat="{s}">{esc(deal_of.get((s, game), ""))}</td>'
                  for s in range(view["players"])) + "</tr>"
        for game in SUB_GAME_IDS)


def controls_html(ui: TableUi) -> str:
    """Undo, while a choice made with the hand in view may still be taken back, and the
    Hint button when a bot offers hints."""
    parts = [button("Undo the choice", "undo")] if ui.can_undo else []
    if ui.can_hint:
        parts.append(button("Hint", "hint", disabled=not ui.my_turn))
    return f'<div class="controls">{"".join(parts)}</div>' if parts else ""


def hinted_args(ui: TableUi, kind: str) -> set:
    """The argument of the hint's action when it is of ``kind`` (a card, a sub-game;
    ``{True}`` for an action without one), else nothing."""
    actions = (ui.hint or {}).get("actions") or [[]]
    action = actions[0]
    if not action or action[0] != kind:
        return set()
    return {action[1]} if len(action) > 1 else {True}


HINT_WORDS = {"play": lambda a: f"play the {card_text(a[1])}",
              "choose": lambda a: f"choose {SUB_GAME[a[1]].name}",
              "look": lambda a: "look at your hand first", "pass": lambda a: "pass"}


def hint_box(ui: TableUi) -> str:
    actions = (ui.hint or {}).get("actions") or []
    return hint_html(ui.hint, HINT_WORDS[actions[0][0]](actions[0])) if actions else ""


def log_html(ui: TableUi) -> str:
    """Every event of the match, each move numbered (consequences unnumbered), in a box
    that opens at the newest line."""
    numbered = moves_by_turn(ui.log, lambda event, following: event["seat"] is not None)
    return log_box([(turn if event["seat"] is not None else None, event_text(event, ui.names))
                    for turn, event in numbered], "What happened")


MIDDLE = {"choose": choose_html, "trick": trick_html, "layout": layout_html}


def middle_html(view: dict, ui: TableUi) -> str:
    """The phase's centre of the table; at the end, the last deal's layout or trick."""
    phase = view["phase"]
    if phase == "over":
        phase = "layout" if SUB_GAME[view["sub_game"]].layout else "trick"
    return MIDDLE[phase](view, ui)


def table_html(view: dict, ui: TableUi) -> str:
    """The table as ``ui.names[view["seat"]]`` sees it."""
    parts = [middle_html(view, ui), hand_html(view, ui)]
    play = "".join(reversed(parts) if view["phase"] == "choose" else parts)
    return (f'<main class="table rentz" data-phase="{esc(view["phase"])}">'
            f'{status_html(view, ui)}{summary_html(view, ui)}'
            f'<div class="rentz-main"><div class="rentz-play">{play}{controls_html(ui)}{hint_box(ui)}</div>'
            f'<div class="rentz-side">{seats_html(view, ui)}{log_html(ui)}</div></div>'
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
