"""The Game's table: piles, draw pile, hands, signals (TG-13), log, and the end result.

``table_html(view, ui)`` draws one seat's view (TG-14) and the buttons of the automation
contract: hand cards ``data-action="select" data-card``, piles ``data-action="play"
data-pile data-dir data-top``, ``end-turn``, ``undo``, draw pile ``data-count``. What is
live comes from the view's ``legal`` actions only; ``ui.local`` is the selected card.
Extreme's table (``games/extreme/table.py``) draws with these pieces too.

Each pile shows its name (↑1 ↑2 ↓1 ↓2, as the log and the hint call it); the pile of the
latest play is marked ``last-play`` (and ``just-played`` for a short movement while that
play is the latest move); the hand comes first in the page's order, so the keyboard
reaches it first, and the stylesheet shows the piles above it. Signals appear only when
more than one seat plays.
"""

from __future__ import annotations

from .rules import CARDS, SIGNAL_KINDS, SPEC, pile_name
from ...i18n import N_, _, ngettext
from ...web.html import attrs, button, esc
from ...web.tables import TableSpec
from ...web.table_parts import (
    Html, by, compact_names, face_parts, hint_html as hint_box, last_mark, latest_move, log_html as log_box,
    moves_by_turn, number_index, seat_says, unseen, weave,
)
from ...web.ui import TableUi

STYLESHEET = "table.css"

# Texts of these tables are marked with N_ and translated where they are shown.
SIGNAL_WORDS = {
    # TRANSLATORS: a signal on a pile (TG-13): "hold" asks the others not to play there.
    "hold": (N_("hold"), N_("hold: please don't play here")),
    # TRANSLATORS: a signal on a pile (TG-13): "small" asks the others not to jump far there.
    "small": (N_("small"), N_("small: please don't jump far here")),
}
RATINGS = {"win": N_("Won: all 98 cards are played!"),  # TG-10
           "excellent": N_("Excellent: only {left} left (fewer than 10)."),
           "lost": N_("Lost: {left} left (fewer than 10 would be excellent).")}


def no_mark(card: int) -> tuple:
    """A card as The Game shows it: no badge after its number, no extra button attributes.
    A variant's table passes its own ``mark(card) -> (badge_html, attributes)``."""
    return "", {}


def legal_piles(view: dict, card: int | None) -> set:
    """The piles where the engine lets ``card`` go now; empty when no card is chosen."""
    return {action[2] for action in view["legal"] if action[0] == "play" and action[1] == card}


def is_legal(view: dict, *action) -> bool:
    return list(action) in view["legal"]


def is_backwards(card: int, pile: dict) -> bool:
    """Whether ``card`` on ``pile`` is the backwards trick (exactly 10 the other way)."""
    return card == pile["top"] + (-10 if pile["dir"] == "up" else 10)


def action_words(action) -> str:
    """A suggested action in words, e.g. "37 on ↑1"."""
    if action[0] == "play":
        return on_pile(action[1], action[2])
    if action[0] == "end":
        return _("end the turn")
    return _("signal “{signal}” on {pile}").format(signal=signal_word(action[2]),
                                                  pile=pile_name(action[1]))


def on_pile(card: int, pile: int) -> str:
    """"37 on ↑1"."""
    # TRANSLATORS: a card played on a pile: "37 on ↑1" (↑1 ↑2 ↓1 ↓2 name the piles).
    return _("{card} on {pile}").format(card=card, pile=pile_name(pile))


def signal_word(kind: str) -> str:
    """A signal's short name, "hold" or "small" (an unknown kind as it is)."""
    return _(SIGNAL_WORDS[kind][0]) if kind in SIGNAL_WORDS else kind


def last_play(log):
    """The latest ``play`` event of the log, and whether it is the latest move too (the
    table then shows the card arriving); None and False before the first play."""
    play = next((event for event in reversed(log) if event["kind"] == "play"), None)
    return play, play is not None and latest_move(log) is play


def pile_html(view: dict, ui: TableUi, index: int, legal: set, hinted: set,
              mark=no_mark, talk: bool = True) -> str:
    """One pile as a play button, named as the log names it, with its signals (only
    when more than one seat plays); ``talk`` False disables the toggles."""
    pile = view["piles"][index]
    trick = ""
    if index in legal and is_backwards(ui.local, pile):
        trick = f'<span class="trick">↩ {"−" if pile["dir"] == "up" else "+"}10</span>'
    play, fresh = last_play(ui.log)
    last = play is not None and play["pile"] == index
    classes = " ".join(["pile", pile["dir"]] + (["legal"] if index in legal else [])
                       + (["hinted"] if index in hinted else [])
                       + (["last-play"] if last else [])
                       + (["just-played"] if last and fresh and ui.local is None else []))
    after = ((by(ui.names[play['seat']], _(", last played by you"), _(", last played by {name}"))
              if last else "")
             + (_(", legal for the chosen card") if index in legal else "")
             + (_(", the hint's pile") if index in hinted else ""))
    badge, extra = mark(pile["top"])
    # TRANSLATORS: a pile's name for screen readers; {pile} is ↑1 ↑2 ↓1 ↓2, {count} "5 cards".
    way = (_("Pile {pile} (rising), top {top}, {count}") if pile["dir"] == "up"
           else _("Pile {pile} (falling), top {top}, {count}"))
    inner = weave(way, pile=Html(f'<span class="dir">{pile_name(index)}</span>'),
                  top=Html(f'<span{attrs(class_="top", data_flip=pile["top"] if pile["count"] else None, data_flip_from=came_from(view, play) if last and fresh else None)}>'
                           f'{pile["top"]}</span>{badge}'),
                  count=Html(f'<span class="count">{esc(cards(pile["count"]))}</span>{trick}')) \
        + unseen(after) + (last_mark() if last else "")
    play_button = (f'<button type="button"{attrs(class_=classes, data_action="play", data_drop="play", data_pile=index, data_dir=pile["dir"], data_top=pile["top"], data_nav="piles", **extra)}>'
                   f'{inner}</button>')
    signals = signals_html(view, ui, index, talk) if view["players"] > 1 else ""
    return f'<div class="pile-slot">{play_button}{signals}</div>'


def came_from(view: dict, play: dict):
    """Where another seat's card just played comes in from: that seat in the list of
    players (the viewer's own comes from the hand); None for the viewer's."""
    return None if play["seat"] == view["seat"] else f'.players [data-seat="{play["seat"]}"]'


def signals_html(view: dict, ui: TableUi, index: int, talk: bool) -> str:
    """The signals on pile ``index`` (TG-13): another seat's as a badge naming it, in a row
    kept whether or not one shows, and the viewer's toggles. A toggle is pressed only for the
    viewer's own signal; where another seat's shows, its toggle says it clears that one (the
    engine's signal action clears whoever raised it)."""
    raised = {s["kind"]: s["seat"] for s in view["signals"] if s["pile"] == index}
    others = {kind: seat for kind, seat in raised.items() if seat != view["seat"]}
    badges = "".join(f'<span class="signal {k}" title="{esc(signal_word(k))} · {esc(ui.names[seat])}">'
                     f'<span class="signal-kind">{esc(signal_word(k))}</span>'
                     f'<span class="sr"> ·</span> '
                     f'<span class="signal-by">{esc(name)}</span></span>'
                     for k, seat in others.items()
                     for name in [compact_names(ui.names)[seat]])
    toggles = "".join(signal_toggle(view, ui, index, k, raised.get(k), talk)
                      for k in SIGNAL_KINDS)
    return f'<div class="signals"><div class="signal-row">{badges}</div>{toggles}</div>'


def signal_toggle(view: dict, ui: TableUi, index: int, kind: str, raiser, talk: bool) -> str:
    """The viewer's button for signal ``kind`` on pile ``index`` (``raiser``: the seat
    showing it, or None): a toggle of their own signal, or, while another seat's shows,
    the button that clears it."""
    meaning = _(SIGNAL_WORDS[kind][1])
    if raiser in (None, view["seat"]):
        label = _("{signal} ({pile})").format(signal=meaning, pile=pile_name(index))
        shown, pressed = esc(signal_word(kind)), str(raiser is not None).lower()
    else:
        # TRANSLATORS: a button's name for screen readers: another player's signal on a pile.
        label = _("{signal} ({pile}), raised by {name}: clears it").format(
            name=ui.names[raiser], signal=meaning, pile=pile_name(index))
        shown, pressed = "✕ " + esc(signal_word(kind)), None
    return button(meaning, "signal", html_label=shown, class_="signal-toggle", data_pile=index,
                  data_kind=kind, aria_pressed=pressed, aria_label=label,
                  disabled=not (ui.my_turn and talk and is_legal(view, "signal", index, kind)))


def signals_note(view: dict) -> str:
    """What the signals under the piles say, in words seen on a touch screen too (only
    when more than one seat plays)."""
    if view["players"] == 1:
        return ""
    return ('<p class="signals-note">' + esc(_(
        "Signals under the piles: “hold” asks the others to leave that pile to you; “small”"
        " asks them not to jump far on it. Nobody may say a number.")) + '</p>')


def hand_html(view: dict, ui: TableUi, hinted: set, mark=no_mark) -> str:
    cards = "".join(card_html(ui, c, c in hinted, mark) for c in sorted(view["hand"]))
    label = _("Your hand ({name})").format(name=ui.names[view["seat"]])
    return f'<section class="hand" aria-label="{esc(label)}">{cards}</section>'


def card_html(ui: TableUi, card: int, hinted: bool, mark=no_mark) -> str:
    """A hand card: its number big in the middle and small in two corners, the variant's
    badge under it; it moves to the pile it is played on (``data-flip``)."""
    badge, extra = mark(card)
    return (f'<button type="button"{attrs(class_="card pc" + (" hinted" if hinted else ""), data_action="select", data_drag=True, data_card=card, data_flip=card, data_nav="hand", aria_pressed=str(card == ui.local).lower(), disabled=not ui.my_turn, **extra)}>'
            f'{face_parts(number_index(card), str(card))}{badge}'
            + (unseen(_(", the hint's card") if hinted else "")) + f'</button>')


def players_html(view: dict, ui: TableUi, note=lambda seat: "") -> str:
    """The seats and their hand counts; ``note(seat)`` may add HTML to a seat's summary."""
    rows = "".join(
        f'<li{attrs(class_="current" if seat == view["current"] and not view["over"] else None, data_seat=seat)}>'
        f'{seat_says(ui.names[seat], in_hand(n))}'
        f'{note(seat)}</li>'
        for seat, n in enumerate(view["hand_counts"]))
    return f'<ul class="players">{rows}</ul>'


def in_hand(n: int) -> str:
    """"6 in hand"."""
    # TRANSLATORS: how many cards a player holds, e.g. "6 in hand".
    return ngettext("{n} in hand", "{n} in hand", n).format(n=n)


def turn_line(view: dict, ui: TableUi) -> str:
    if view["over"] and not ui.awaiting:
        who = _("Game over")
    elif ui.my_turn or ui.awaiting:
        who = _("Your turn")
    elif view["current"] == view["seat"]:  # a replay: your move, that nobody can make
        who = _("You are playing")
    else:
        who = _("{name} is playing").format(name=ui.names[view['current']])
    played = len(view["played"])
    # A variant's "exactly 3 cards" instruction (Extreme's EX-6) replaces the minimum.
    exactly_three = any(entry["kind"] == "three" for entry in view.get("in_force", ()))
    if exactly_three:
        # TRANSLATORS: {played} is how many cards were played this turn, {required} is 3.
        line = _("Turn {turn} · {who} · played {played} of exactly {required}")
    else:
        # TRANSLATORS: {required} is the turn's minimum number of cards.
        line = _("Turn {turn} · {who} · played {played} of at least {required}")
    # The translation is text; the markup goes around the values it places.
    return '<p class="turn">' + phrases(esc(line).format(
        turn=view["turn"], who=esc(who), played=f"<b>{played}</b>",
        required=f"<b>{3 if exactly_three else view['required']}</b>")) + '</p>'


def phrases(markup: str) -> str:
    """A status line's parts between its " · " each kept whole (class ``phrase``, an
    inline block): a line that wraps does so between them, never leaving "2" alone under
    "played 0 of at least"."""
    return " · ".join(f'<span class="phrase">{part}</span>' for part in markup.split(" · "))


def hint_html(ui: TableUi) -> str:
    """The suggested turn and why (the strong bot's ``hint``)."""
    if not ui.hint:
        return ""
    return hint_box(ui.hint, hint_steps(ui.hint.get("actions", [])) or _("no move"))


def hint_steps(actions) -> str:
    """The hint's turn in a few words, the move first: "play 45 on ↑1, then 51 on ↑1,
    then end the turn" (the verb said once, with the first card)."""
    steps = [action_words(a) for a in actions]
    first = next((i for i, a in enumerate(actions) if a[0] == "play"), None)
    if first is not None:
        # TRANSLATORS: the first step of a hint: "play 45 on ↑1" (then "51 on ↑1", …).
        steps[first] = _("play {card} on {pile}").format(card=actions[first][1],
                                                         pile=pile_name(actions[first][2]))
    return then_join(steps)


def then_join(steps) -> str:
    """"37 on ↑1, then 45 on ↑1, then end the turn"."""
    text = steps[0] if steps else ""
    for step in steps[1:]:
        # TRANSLATORS: two steps of a suggested turn, in order.
        text = _("{first}, then {second}").format(first=text, second=step)
    return text


def hinted_parts(ui: TableUi):
    """The card and pile of the hint's first play, to highlight on the table."""
    plays = [a for a in (ui.hint or {}).get("actions", []) if a[0] == "play"]
    return ({plays[0][1]}, {plays[0][2]}) if plays else (set(), set())


STUCK_TEXT = N_("You cannot reach the minimum this turn.")


def controls_html(view: dict, ui: TableUi, end_note: str = "", stuck: str | None = None) -> str:
    """End turn, Undo, Hint; or, when the human's own move lost (TG-9), the choice to undo
    it or end the game, saying ``stuck``. ``end_note`` is shown under the buttons (why the
    turn cannot end yet, what ending it draws) and describes the End turn button. None on
    a replay."""
    if not ui.live:
        return ""
    if ui.awaiting:
        stuck = stuck if stuck is not None else _(STUCK_TEXT)
        return (f'<section class="decision"><p>{esc(stuck)} '
                + (esc(_("Undo and try another order, or end the game."))) + f'</p>'
                + button(_("Undo"), "undo", class_="primary")
                + button(_("End the game"), "confirm-end")
                + "</section>")
    parts = [button(_("End turn"), "end-turn", class_="primary", disabled=not (ui.my_turn and is_legal(view, "end")),
                    aria_describedby="end-note" if end_note else None),
             button(_("Undo"), "undo", disabled=not ui.can_undo)]
    if ui.can_hint:
        parts.append(button(_("Hint"), "hint", disabled=not ui.my_turn))
    note = f'<p class="end-note" id="end-note">{esc(end_note)}</p>' if end_note else ""
    return f'<div class="controls">{"".join(parts)}</div>{note}'


def table_html(view: dict, ui: TableUi) -> str:
    """The table as ``ui.names[view["seat"]]`` sees it: the hand first in the page's
    order (the stylesheet shows the piles above it)."""
    legal = legal_piles(view, ui.local) if ui.my_turn else set()
    hinted_cards, hinted_piles = hinted_parts(ui)
    piles = "".join(pile_html(view, ui, i, legal, hinted_piles) for i in range(len(view["piles"])))
    return (f'<main class="table the-game">{players_html(view, ui)}{turn_line(view, ui)}'
            f'{hand_html(view, ui, hinted_cards)}'
            f'<section class="piles" aria-label="' + (esc(_("Piles"))) + f'">{draw_html(view)}{piles}</section>'
            f'{signals_note(view)}{controls_html(view, ui)}{hint_html(ui)}{log_html(ui)}</main>')


def draw_html(view: dict) -> str:
    """The draw pile with its count (``data-count``)."""
    n = view["deck"]
    label = ngettext("Draw pile: {n} card", "Draw pile: {n} cards", n).format(n=n)
    # TRANSLATORS: the label on the draw pile (a noun: the pile cards are drawn from).
    word = _("Draw")
    return (f'<div class="draw"{attrs(data_count=n)} aria-label="{esc(label)}">'
            f'<span class="label">{esc(word)}</span><span class="top">{n}</span></div>')


def event_text(event: dict, names) -> str:
    """A move in words, said to the player or of another: "You play 37 on ↑1 (backwards
    trick)", "Bot 2 ends the turn and draws 2 cards"."""
    return EVENT_WORDS[event["kind"]](event, names[event["seat"]])


def signal_words(event: dict, name: str) -> str:
    values = {"signal": signal_word(event["signal"]), "pile": pile_name(event["pile"])}
    if event["on"]:
        return by(name, _("You raise “{signal}” on {pile}"),
                  _("{name} raises “{signal}” on {pile}"), **values)
    return by(name, _("You clear “{signal}” on {pile}"),
              _("{name} clears “{signal}” on {pile}"), **values)


def play_words(event: dict, name: str) -> str:
    values = {"card": event["card"], "pile": pile_name(event["pile"])}
    if event["backwards"]:
        return by(name, _("You play {card} on {pile} (backwards trick)"),
                  _("{name} plays {card} on {pile} (backwards trick)"), **values)
    # TRANSLATORS: a move of the log: "You play 37 on ↑1" (↑1 ↑2 ↓1 ↓2 name the piles).
    return by(name, _("You play {card} on {pile}"), _("{name} plays {card} on {pile}"),
              **values)


def end_words(event: dict, name: str) -> str:
    n = event["drew"]
    return by(name, ngettext("You end the turn and draw {n} card",
                             "You end the turn and draw {n} cards", n),
              ngettext("{name} ends the turn and draws {n} card",
                       "{name} ends the turn and draws {n} cards", n), n=n)


EVENT_WORDS = {"play": play_words, "end": end_words, "signal": signal_words}


def log_html(ui: TableUi, words=event_text) -> str:
    """The whole game's moves, each numbered by its turn (a turn ends with ``end``),
    newest last in a scrollable box (``words`` puts an event into words)."""
    numbered = moves_by_turn(ui.log, lambda event, following: event["kind"] == "end")
    return log_box([(turn, words(event, ui.names)) for turn, event in numbered
                    if event["seat"] is not None], _("Moves by turn"))


def result_text(result: dict, names=()) -> str:
    """The result in one line (end screen and share text)."""
    rating = result["rating"]
    return _(RATINGS[rating]).format(left=cards(result["cards_left"]))


def end_html(result: dict, names, text: str | None = None) -> str:
    """The end screen's heading (TG-10's rating, ``text`` or the result line), what ended
    a lost game (its ``ending``) and the cards left."""
    text = text or result_text(result)
    ending = result.get("ending")
    why = f'<p class="ending">{esc(ending_words(ending, names))}</p>' if ending else ""
    return (f'<h2{attrs(class_="rating " + result["rating"])}>{esc(text)}</h2>{why}'
            f'<p class="left" data-cards-left="{esc(result["cards_left"])}">'
            + (esc(_("Cards left:"))) + f' <b>{esc(result["cards_left"])}</b></p>')


def ending_words(ending: dict, names) -> str:
    """What ended the game (TG-9), e.g. "You had to play 2 cards; only 97 fitted, on ↑1
    at 90." or "Bot 2 had to play 2 cards and played 1 (40 on ↓1); then none of the
    cards left fitted any pile."
    """
    who, played = names[ending["seat"]], ending["played"]
    values = {"cards": cards(ending["required"]), "n": len(played),
              "plays": ", ".join(on_pile(card, pile) for card, pile in played)}
    if played:
        said = by(who, _("You had to play {cards} and played {n} ({plays})"),
                  _("{name} had to play {cards} and played {n} ({plays})"), **values)
    else:
        said = by(who, _("You had to play {cards}"), _("{name} had to play {cards}"), **values)
    fitting = ending["fitting"]
    if not fitting:
        if played:
            return _("{said}; then none of the cards left fitted any pile.").format(said=said)
        held = ending["in_hand"]
        return ngettext("{said}; the one card in hand fitted no pile.",
                        "{said}; none of the {n} cards in hand fitted any pile.",
                        held).format(said=said, n=held)
    places = {}
    for card, pile, top in fitting:
        # TRANSLATORS: a pile and the card on top of it: "↑1 at 90".
        places.setdefault(card, []).append(_("{pile} at {top}").format(pile=pile_name(pile), top=top))
    if len(places) == 1:
        (card, where), = places.items()
        return _("{said}; only {card} fitted, on {places}.").format(said=said, card=card,
                                                                    places=or_join(where))
    # TRANSLATORS: a card and the piles where it fits: "37 on ↑1 or ↓2".
    listed = ", ".join(_("{card} on {places}").format(card=card, places=or_join(where))
                       for card, where in places.items())
    return _("{said}; only these fitted, and in no order that plays enough: {listed}.").format(
        said=said, listed=listed)


def or_join(items) -> str:
    """"↑1 at 90 or ↓2 at 95"."""
    text = items[0]
    for item in items[1:]:
        text = _("{first} or {second}").format(first=text, second=item)
    return text


def takes_back_loss(result: dict) -> bool:
    """TG-9 decision: a lost game may be taken back while the losing cards may be."""
    return not result["won"]


def cards(n: int) -> str:
    """ "1 card", "7 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# -- the table's buttons -----------------------------------------------------------------
def on_select(table, data) -> None:
    """Choose a hand card (again: drop it); the legal piles light up."""
    card = int(data["card"])
    table.local = None if table.local == card else card
    table.focus = ".pile.legal" if table.local is not None else f'[data-card="{card}"]'


def on_cancel(table, data) -> None:
    table.local = None


def on_play(table, data) -> None:
    """Play the dragged card (``data-card``) or the selected one onto ``data-pile``."""
    given = data.get("card")
    card = int(given) if given not in (None, "") else table.local
    if card is None:
        raise ValueError(_("Choose a card from your hand first, then a pile."))
    table.act(("play", card, int(data["pile"])))
    table.focus = '[data-action="select"]'


def on_end_turn(table, data) -> None:
    table.act(("end",))


def on_signal(table, data) -> None:
    table.act(("signal", int(data["pile"]), data["kind"]))


HANDLERS = {"select": on_select, "play": on_play, "end-turn": on_end_turn,
            "signal": on_signal, "cancel": on_cancel}
CANCEL = "cancel"


def outcome(result: dict, seat: int, names=()) -> dict:
    """The result as records keep it (see :mod:`.tables`): the team wins or loses
    together; the score is the cards left (fewer is better), progress the share played."""
    total = len(CARDS)
    return {"won": bool(result["won"]), "score": result["cards_left"], "better": "lower",
            "place": None, "progress": (total - result["cards_left"]) / total,
            "text": result_text(result, names)}


SCORE_NAME = N_("cards left")  # what outcome()'s score counts, for the records


def progress(view: dict) -> tuple:
    """How far a game got, for the list of unfinished games: the cards not played yet."""
    return ("cards_left", view["deck"] + sum(view["hand_counts"]), None)


# What the app uses of this table (web/tables.py: TableSpec), checked as it is made.
TABLE = TableSpec(
    game=SPEC.id, table_html=table_html, HANDLERS=HANDLERS, event_text=event_text,
    result_text=result_text, outcome=outcome, STYLESHEET=STYLESHEET, end_html=end_html,
    takes_back_loss=takes_back_loss, CANCEL=CANCEL, progress=progress, SCORE_NAME=SCORE_NAME,
    action_text=lambda action: hint_steps([action]))
