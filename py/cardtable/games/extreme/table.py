"""The Game: Extreme's table: The Game's table (``games/the_game/table.py``) plus the
instructions.

What it adds to The Game's pieces, all read from the seat's view (EX-1..EX-12):

- every card that carries an instruction, in the hand and on top of a pile, shows its
  symbol (drawn as inline SVG, so no emoji font is needed) and short label, with a
  ``title`` tooltip, ``data-instruction="<kind>"`` and ``aria-describedby`` pointing at
  its explanation in the instruction key (``<details>`` to tap open);
- the "In force" panel: the lightning instructions binding the active player this turn,
  then the infinity ones visible on the piles, and the refill once no draw one is visible;
- only the piles the view's ``legal`` plays offer for the chosen card light up (the
  view's ``losing`` says which of them lose the game at once); End turn stays disabled
  while the turn cannot end, and the text under it says why, or what ending draws (EX-11);
- signals are disabled while no talking is in force (EX-8; the view already hides them);
- the "Share my instructions" toggle and the kinds other seats share (EX-12);
- a lost game names the instruction that could not be followed, who could not and why
  (EX-2), on the table and on the end screen (from the result's ``ending``);
- the hand comes first in the page's order (keyboard), shown under the piles.
"""

from __future__ import annotations

from .rules import KINDS, LOSS_REASONS, SPEC
from ..the_game.rules import pile_name
from ...i18n import N_, _, ngettext
from ..the_game import table as base
from ...web.html import button, esc
from ...web.tables import TableSpec
from ...web.table_parts import by

STYLESHEET = "table.css"

# The two symbols (EX-3), 16×16, drawn in the current text colour.
SYMBOL_SVG = {
    "lightning": '<path d="M9.5 1 3 9.2h4.2L6.3 15 13 6.6H8.7z" fill="currentColor"/>',
    "infinity": ('<path d="M8 8C6.6 6.1 5.5 5.2 4.1 5.2a2.8 2.8 0 0 0 0 5.6C5.5 10.8 6.6 9.9 8 8'
                 'c1.4-1.9 2.5-2.8 3.9-2.8a2.8 2.8 0 0 1 0 5.6C10.5 10.8 9.4 9.9 8 8z"'
                 ' fill="none" stroke="currentColor" stroke-width="1.7"/>'),
}
SYMBOL_WORDS = {"lightning": N_("lightning: binds the player who played it, this turn"),
                "infinity": N_("infinity: binds everyone while the card is visible")}
SYMBOL_NAMES = {"lightning": N_("lightning"), "infinity": N_("infinity")}


def label(kind: str) -> str:
    """An instruction's short label, e.g. "Stop"."""
    return _(KINDS[kind].label)


def reason(kind: str) -> str:
    """Why instruction ``kind`` lost the game (EX-2)."""
    return _(LOSS_REASONS[kind])


# -- instruction marks ----------------------------------------------------------
def symbol_html(symbol: str) -> str:
    return (f'<svg class="ex-sym" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"'
            f' focusable="false">{SYMBOL_SVG[symbol]}</svg>')


def kind_html(kind: str) -> str:
    """An instruction's symbol and short label, e.g. lightning + "Stop"."""
    info = KINDS[kind]
    return (f'<span class="ex-kind {info.symbol}">{symbol_html(info.symbol)}'
            f'<span class="ex-label">' + (esc(_(info.label))) + f'</span></span>')


def tooltip(kind: str) -> str:
    info = KINDS[kind]
    # TRANSLATORS: an instruction's tooltip: "Stop (lightning): Your turn ends at once …".
    return _("{label} ({symbol}): {help}").format(label=_(info.label),
                                                  symbol=_(SYMBOL_NAMES[info.symbol]),
                                                  help=_(info.help))


def help_id(kind: str) -> str:
    """The id of the paragraph in the instruction key that explains ``kind``."""
    return f"ex-help-{kind}"


def card_marks(view: dict) -> dict:
    """The instruction on each card the view shows face up: the hand and the pile tops."""
    marks = dict(zip(view["hand"], view["hand_instructions"]))
    marks.update((pile["top"], pile["instruction"]) for pile in view["piles"])
    return {card: kind for card, kind in marks.items() if kind}


def marker(marks: dict):
    """The ``mark(card)`` that The Game's table calls for hand and pile cards."""
    def mark(card: int) -> tuple:
        kind = marks.get(card)
        if not kind:
            return base.no_mark(card)
        badge = f'<span class="ex-mark">{kind_html(kind)}</span>'
        return badge, {"title": tooltip(kind), "data_instruction": kind,
                       "aria_describedby": help_id(kind)}
    return mark


# -- what the instructions allow now -----------------------------------------------------
def offered_piles(view: dict, card: int | None, losing: bool = False) -> set:
    """The piles the engine offers for ``card`` (EX-2); with ``losing``, only those where
    the card loses the game (a ``three`` begun with 1 or 2 cards, EX-6)."""
    offered = base.legal_piles(view, card)
    if losing:
        return {pile for pile in offered if [card, pile] in view["losing"]}
    return offered


def draw_note(view: dict) -> str:
    """What ending the turn now draws (EX-11; TG-6 when no draw one is visible)."""
    draw, played = view["draw"], len(view["played"])
    if not view["deck"]:
        return _("Ending the turn draws nothing: the draw pile is empty.")
    if view["draw_one"]:
        return _("Ending the turn draws 1 card: draw one is in force.")
    if draw > played:
        if len(view["hand"]) + draw == view["hand_size"]:
            return ngettext(
                "Ending the turn draws {n} card, back up to a full hand of {size}: no draw one"
                " is visible.",
                "Ending the turn draws {n} cards, back up to a full hand of {size}: no draw one"
                " is visible.", draw).format(n=draw, size=view["hand_size"])
        return ngettext(
            "Ending the turn draws {n} card, the last of the draw pile: no draw one is visible"
            ".",
            "Ending the turn draws {n} cards, the last of the draw pile: no draw one is visible"
            ".", draw).format(n=draw)
    return ngettext("Ending the turn draws {n} card.", "Ending the turn draws {n} cards.",
                    draw).format(n=draw)


def end_note(view: dict, ui) -> str:
    """The text under End turn: what an instruction in force asks before the turn may
    end (a skull to cover, a 3! to finish), or what ending draws. The turn's plain
    minimum is not repeated here: the turn line says it ("played 0 of at least 2"), as
    The Game's does, so nothing scolds a player who has not moved yet."""
    if not ui.my_turn:
        return ""
    if view["end_problem"]:
        if not any(entry["kind"] in BINDING_END for entry in view["in_force"]):
            return ""
        # TRANSLATORS: {problem} is the rules' reason, e.g. "exactly 3 cards: 1 more to play".
        return _("To end the turn: {problem}.").format(problem=view['end_problem'])
    return draw_note(view)


BINDING_END = ("skull", "three")  # the instructions that ask something before a turn ends


# -- panels -----------------------------------------------------------------------
def rule_item(entry: dict, active: str) -> str:
    """One instruction in force: its symbol, the engine's sentence, and whom it binds."""
    symbol = entry["symbol"]
    if symbol == "lightning":
        who = by(active, _("· binds you, this turn"), _("· binds {name}, this turn"))
    else:
        who = _("· on {pile}, binds everyone while visible").format(pile=pile_name(entry['pile']))
    return (f'<li class="ex-rule {symbol}" data-kind="{esc(entry["kind"])}">'
            f'<span class="ex-kind {symbol}">{symbol_html(symbol)}</span>'
            f' <span class="ex-text">{esc(entry["text"])}</span>'
            f' <span class="ex-who">{esc(who)}</span></li>')


def in_force_html(view: dict, ui) -> str:
    """Every instruction in force: lightning first (binding the active player this
    turn), then infinity (binding everyone while visible). Nothing once the game is over."""
    if view["over"]:
        return ""
    entries = sorted(view["in_force"], key=lambda e: e["symbol"] != "lightning")
    items = [rule_item(entry, ui.names[view["current"]]) for entry in entries]
    if view["refill"]:
        refill = _("No draw one is visible: hands refill, each turn ends by drawing back up to"
                   " a full hand of {size}.").format(size=view["hand_size"])
        items.append(f'<li class="ex-rule refill">{esc(refill)}</li>')
    body = (f'<ul>{"".join(items)}</ul>' if items
            else f'<p class="ex-none">' + (esc(_("No instruction in force."))) + f'</p>')
    return (f'<section class="ex-in-force" aria-label="' + (esc(_("Instructions in force"))) + f'">'
            f'<h2>' + (esc(_("In force"))) + f'</h2>{body}</section>')


def selected_html(view: dict, ui) -> str:
    """About the chosen card: its instruction (the tap text of a hand card), and when
    no pile takes it or a pile would lose the game."""
    card = ui.local
    if card is None or not ui.my_turn:
        return ""
    lines = []
    kind = card_marks(view).get(card)
    if kind:
        lines.append(_("{card}: {tooltip}").format(card=card, tooltip=tooltip(kind)))
    if not offered_piles(view, card):
        lines.append(_("{card} cannot be played now without breaking a rule or an"
                       " instruction.").format(card=card))
    elif offered_piles(view, card, losing=True):
        lines.append(_("Careful: playing this 3! now loses the game, as you began this turn"
                       " with fewer than 3 cards."))
    return "".join(f'<p class="ex-selected">{esc(line)}</p>' for line in lines)


def share_html(view: dict, ui) -> str:
    """EX-12: the toggle that shows one's instruction kinds to the other seats; none
    alone at the table, where there is nobody to share with."""
    if view["over"] or view["players"] == 1:
        return ""
    if not view["talk_allowed"]:
        why = _("No talking is in force: nothing is shared.")
    elif not ui.my_turn:
        why = _("You can change this on your turn.")
    else:
        why = _("Others see the kinds of instruction you hold, never numbers.")
    toggle = button(_("Share my instructions"), "share-instructions", class_="share-toggle",
                    aria_pressed=str(view["share"]).lower(), aria_describedby="share-note",
                    disabled=not (ui.my_turn and base.is_legal(view, "share", not view["share"])))
    return f'<div class="ex-share">{toggle}<p class="ex-note" id="share-note">{esc(why)}</p></div>'


def shared_note(view: dict):
    """The ``note(seat)`` for the seats' summaries: the kinds another seat shares."""
    def note(seat: int) -> str:
        kinds = view["shared"][seat]
        if kinds is None:
            return ""
        names = ", ".join(label(k) for k in kinds) or _("no instructions")
        inner = "".join(kind_html(k) for k in kinds) or esc(_("none"))
        title = _("Shares: {kinds}").format(kinds=names)
        return (f' <span class="ex-shared" title="{esc(title)}">'
                f'<span class="ex-shares">' + (esc(_("shares"))) + f'</span> {inner}</span>')
    return note


def key_html(view: dict) -> str:
    """The instruction key under its heading ("What the instructions mean"): one
    ``<details>`` per kind on the table, whose summary names the kind and the cards that
    carry it ("Draw one · your 10", "Skull · on ↑1"), tap to read it (its id keeps it open
    across redraws)."""
    kinds = set(card_marks(view).values()) | {e["kind"] for e in view["in_force"]}
    items = "".join(
        f'<details class="ex-help" id="ex-key-{kind}"><summary>{kind_html(kind)}'
        f'{where_html(view, kind)}</summary>'
        f'<p id="{help_id(kind)}">' + (esc(_(KINDS[kind].help))) + f''
        f' <span class="ex-note">' + (esc(_(SYMBOL_WORDS[KINDS[kind].symbol]))) + f'.</span></p></details>'
        for kind in KINDS if kind in kinds)
    if not items:
        return ""
    heading = esc(_("What the instructions mean"))
    return (f'<section class="ex-key" aria-labelledby="ex-key-heading">'
            f'<h2 id="ex-key-heading">{heading}</h2><div class="ex-keys">{items}</div></section>')


def where_html(view: dict, kind: str) -> str:
    """Which cards on show carry instruction ``kind``, in words: the hand's ("your 10,
    22") and the piles' tops ("on ↑1"); nothing for an instruction that binds this turn
    from a card already covered."""
    said = []
    held = [str(card) for card, mark in zip(view["hand"], view["hand_instructions"]) if mark == kind]
    if held:
        # TRANSLATORS: the hand's cards that carry an instruction, in the key: "your 10, 22".
        said.append(_("your {cards}").format(cards=", ".join(held)))
    piles = [pile_name(i) for i, pile in enumerate(view["piles"]) if pile["instruction"] == kind]
    if piles:
        # TRANSLATORS: the piles whose top card carries an instruction, in the key: "on ↑1, ↓2".
        said.append(_("on {piles}").format(piles=", ".join(piles)))
    return "".join(f' <span class="ex-where">· {esc(words)}</span>' for words in said)


def lost_words(kind: str, seat: int, began: int, names) -> str:
    """Why the game was lost to instruction ``kind`` (EX-2, EX-6), naming the seat as the
    table does; ``began`` is how many cards that seat began its turn with."""
    who = names[seat]
    if kind == "three":
        return by(who, _("You played a 3! card having begun the turn with {cards}: {reason}."),
                  _("{name} played a 3! card having begun the turn with {cards}: {reason}."),
                  cards=base.cards(began), reason=reason("three"))
    return by(who, _("You could not complete a turn: {reason}."),
              _("{name} could not complete a turn: {reason}."), reason=reason(kind))


def lost_html(view: dict, ui) -> str:
    """Which instruction lost the game, and why (while a losing move may still be
    undone, the decision under the hand says it instead)."""
    if not view["lost_by"] or ui.awaiting:
        return ""
    began = len(view["played"]) + view["hand_counts"][view["current"]]
    words = lost_words(view["lost_by"], view["current"], began, ui.names)
    # TRANSLATORS: {instruction} is the instruction's symbol and label, {why} a sentence.
    said = esc(_("Lost to {instruction}: {why}")).format(instruction=kind_html(view["lost_by"]),
                                                         why=esc(words))
    return f'<section class="ex-lost"><p>{said}</p></section>'


# -- the table ----------------------------------------------------------------------
def table_html(view: dict, ui) -> str:
    """The table as ``ui.names[view["seat"]]`` sees it: the hand first in the page's
    order (the stylesheet shows the piles above it, and the notes on the chosen card and
    the instructions in force under the controls)."""
    mark = marker(card_marks(view))
    legal = offered_piles(view, ui.local) if ui.my_turn else set()
    hinted_cards, hinted_piles = base.hinted_parts(ui)
    piles = "".join(base.pile_html(view, ui, i, legal, hinted_piles, mark, view["talk_allowed"])
                    for i in range(len(view["piles"])))
    stuck = (_("This loses the game: {reason}.").format(reason=view['lost_reason'])
             if view["lost_reason"] else None)
    return (f'<main class="table the-game extreme">{base.players_html(view, ui, shared_note(view))}'
            f'{base.turn_line(view, ui)}{lost_html(view, ui)}'
            f'{base.hand_html(view, ui, hinted_cards, mark)}{in_force_html(view, ui)}'
            f'<section class="piles" aria-label="' + (esc(_("Piles"))) + f'">{base.draw_html(view)}{piles}</section>'
            f'{base.signals_note(view)}{selected_html(view, ui)}'
            f'{base.controls_html(view, ui, end_note(view, ui), stuck)}{base.hint_html(ui)}'
            f'{share_html(view, ui)}{key_html(view)}{base.log_html(ui, event_text)}</main>')


def result_text(result: dict, names=()) -> str:
    """The result in one line; a game lost to an instruction names it (the table below
    the end screen's heading says why)."""
    kind = result.get("lost_by")
    if not kind:
        return base.result_text(result)
    left = result["cards_left"]
    return ngettext("Lost to the {instruction} instruction, {n} card left.",
                    "Lost to the {instruction} instruction, {n} cards left.",
                    left).format(instruction=label(kind), n=left)


def end_html(result: dict, names) -> str:
    """The Game's end screen; a game lost to an instruction says who could not follow
    it and why, instead of The Game's ending."""
    kind, ending = result.get("lost_by"), result.get("ending")
    if not (kind and ending):
        return base.end_html(result, names, result_text(result))
    began = len(ending["played"]) + ending["in_hand"]
    plain = {**result, "ending": None}
    return (base.end_html(plain, names, result_text(result))
            + f'<p class="ending">{esc(lost_words(kind, ending["seat"], began, names))}</p>')


takes_back_loss = base.takes_back_loss


def event_text(event: dict, names) -> str:
    """A move in words, as in The Game, naming the instruction a played card carries."""
    who = names[event["seat"]]
    if event["kind"] == "share" and event["on"]:
        return by(who, _("You share your instructions"), _("{name} shares their instructions"))
    if event["kind"] == "share":
        return by(who, _("You stop sharing your instructions"),
                  _("{name} stops sharing their instructions"))
    text = base.event_text(event, names)
    if event["kind"] == "play" and event["instruction"]:
        text += f" [{label(event['instruction'])}]"
    return text


# -- the table's own buttons -----------------------------------------------------------
def on_share_instructions(table, data) -> None:
    """EX-12: switch sharing one's instruction kinds on or off (on one's own turn)."""
    table.act(("share", not table.view["share"]))


HANDLERS = {**base.HANDLERS, "share-instructions": on_share_instructions}
CANCEL = base.CANCEL


def outcome(result: dict, seat: int, names=()) -> dict:
    """The Game's outcome, told in Extreme's words (a loss to an instruction names it)."""
    return {**base.outcome(result, seat, names), "text": result_text(result, names)}


SCORE_NAME = base.SCORE_NAME
progress = base.progress


# What the app uses of this table (web/tables.py: TableSpec), checked as it is made.
TABLE = TableSpec(
    game=SPEC.id, table_html=table_html, HANDLERS=HANDLERS, event_text=event_text,
    result_text=result_text, outcome=outcome, STYLESHEET=STYLESHEET, end_html=end_html,
    takes_back_loss=takes_back_loss, CANCEL=CANCEL, progress=progress, SCORE_NAME=SCORE_NAME,
    action_text=lambda action: base.hint_steps([action]))
