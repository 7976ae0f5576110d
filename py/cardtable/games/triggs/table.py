"""Triggs' table: piles, hand, score sheets, the three actions, notices and the log.

``table_html(view, ui)`` draws one seat's view (TR-13); ``ui.local`` is the player's
:class:`~.cross.Pick` (None: nothing picked) and ``ui.log`` the latest events,
from which the notices of what changed lately come. ``HANDLERS`` are the table's own
buttons, each ``handler(table, data)``:

- ``triggs-draw`` (``data-pile`` left|middle|right, also ``data-count`` and, face up,
  ``data-top``): one pick of a draw (TR-5);
- ``triggs-card`` (``data-index`` in the sorted hand, ``data-card`` its value): select;
- ``triggs-discard``: discard the selected cards (TR-6);
- ``triggs-row`` (``data-row``): choose the value to cross; ``triggs-best`` selects the
  hand's best grouping for it; ``triggs-cross`` crosses with the selected cards (TR-7);
- ``triggs-bonus`` (``data-row``): place a chain-reaction bonus cross (TR-8);
- ``triggs-clear``: drop the selection.

A selection becomes an engine action here, and the button is live only when the view's
``legal`` actions hold that action. During a chain the app's own ``undo`` takes back a
bonus or the cross. Sheets are ``.sheet[data-seat]`` (``full`` for the viewer,
``compact`` for the others, each a ``<details>`` whose summary says the seat's name, hand
and crossed boxes: tap to see the rows) whose rows carry ``data-row``, ``data-crossed``
and ``data-boxes``. The row of the latest cross or bonus is marked ``last-play``, and so is
the pile another seat drew from last.

The hand comes first in the page's order (keyboard); the stylesheet shows the piles
above it and the viewer's sheet right under it on a phone, beside the play on a desktop.
The log holds every turn of the game, one numbered line each.
"""

from __future__ import annotations

from ...i18n import N_, _, ngettext, npgettext, pgettext

from .rules import SPEC, TOTAL_BOXES, describe_makes
from ...web.html import attrs, button, esc
from ...web.tables import TableSpec
from ...web.table_parts import (
    Html, by, face_parts, hint_html, last_mark, latest_move, log_html, number_index, place,
    seat_says, unseen, weave,
)
from .cross import (
    Pick, cross_plan, discard_action, helpful, indices_of, selected_values, times,
)
from ...web.ui import TableUi, is_you

STYLESHEET = "table.css"
# TRANSLATORS: the names shown on Triggs' three draw piles.
PILE_WORDS = {"left": N_("Left"), "middle": N_("Middle"), "right": N_("Right")}
# TRANSLATORS: a draw pile in a sentence, after "the": "draw from the left pile".
PILE_NAMES = {"left": N_("left pile"), "middle": N_("middle pile"), "right": N_("right pile")}


def pile_words(pile: str) -> str:
    """A draw pile in a sentence (after "the"): "left pile"."""
    return _(PILE_NAMES[pile])


def remade_words(event: dict) -> str:
    """TR-10: a pile remade from the discards, in words."""
    count = event["count"]
    text = ngettext(
        "The {pile} ran out: the discards were shuffled into a new {pile}, {n} card now.",
        "The {pile} ran out: the discards were shuffled into a new {pile}, {n} cards now.",
        count).format(pile=pile_words(event["pile"]), n=count)
    return text[:1].upper() + text[1:]


def own_makes(view: dict, row) -> dict:
    """The view's ``makes`` entry of ``row`` (free boxes, count, best grouping); a full
    row gives zeros."""
    for entry in view["makes"]:
        if entry["row"] == row:
            return entry
    return {"row": row, "free": 0, "count": 0, "best": []}


def legal(view: dict, action) -> bool:
    """Whether the engine offers ``action`` (a tuple, makes included) in this view."""
    return action is not None and [action[0], *map(as_list, action[1:])] in view["legal"]


def as_list(value):
    return [as_list(v) for v in value] if isinstance(value, tuple) else value


# -- what changed lately ---------------------------------------------------------------
NOTICE_WORDS = {
    "retired": lambda e: _("Every player has completed row {value}: the {value}s leave the"
                           " game.").format(value=e['value']),
    "remade": remade_words,
}


def recent_notices(log, viewer: int) -> tuple:
    """Retired values (TR-11) and remade piles (TR-10) since the start of ``viewer``'s
    latest turn (the whole log if they have not played in it), in words."""
    seats = [event["seat"] for event in log]
    start = len(seats)
    while start and seats[start - 1] != viewer:
        start -= 1
    while start and seats[start - 1] in (viewer, None):
        start -= 1
    return tuple(NOTICE_WORDS[e["kind"]](e) for e in log[start:] if e["kind"] in NOTICE_WORDS)


# -- the table's buttons -----------------------------------------------------------------
def pick_of(table) -> Pick:
    return table.local or Pick()


def on_card(table, data):
    table.local = pick_of(table).toggle_card(int(data["index"]))
    table.focus = f'[data-action="triggs-card"][data-index="{int(data["index"])}"]'


def on_row(table, data):
    table.local = pick_of(table).toggle_row(int(data["row"]))
    table.focus = '[data-action="triggs-best"]'


def on_best(table, data):
    view, pick = table.view, pick_of(table)
    makes = own_makes(view, pick.row)["best"]
    table.local = Pick(indices_of(view["hand"], makes), pick.row)
    table.focus = '[data-action="triggs-cross"]'


def on_clear(table, data):
    table.local = None


def on_draw(table, data):
    table.act(("draw", data["pile"]))
    table.focus = '[data-action="triggs-draw"]:not([disabled])'


def on_discard(table, data):
    action, why = discard_action(selected_values(table.view["hand"], pick_of(table)))
    if action is None:
        raise ValueError(why)
    table.act(action)


def on_cross(table, data):
    view, pick = table.view, pick_of(table)
    if pick.row is None:
        raise ValueError(_("Choose the row to cross on your sheet first."))
    plan = cross_plan(selected_values(view["hand"], pick), pick.row,
                      own_makes(view, pick.row)["free"])
    if plan.action is None:
        raise ValueError(_("The selected cards do not make {row}: use one card of {row} or"
                           " two cards that add up to it.").format(row=pick.row))
    table.act(plan.action)
    table.focus = '[data-action="triggs-bonus"]'


def on_bonus(table, data):
    table.act(("bonus", int(data["row"])))
    table.focus = '[data-action="triggs-bonus"]'


HANDLERS = {
    "triggs-card": on_card, "triggs-row": on_row, "triggs-best": on_best,
    "triggs-clear": on_clear, "triggs-draw": on_draw, "triggs-discard": on_discard,
    "triggs-cross": on_cross, "triggs-bonus": on_bonus,
}
CANCEL = "triggs-clear"


# -- drawing -------------------------------------------------------------------------
def acting(view: dict, ui: TableUi, phase: str) -> bool:
    """Whether the viewer acts now in ``phase`` ("turn", "draw" or "bonus")."""
    return ui.my_turn and view["phase"] == phase


def status_html(view: dict, ui: TableUi) -> str:
    name = ui.names[view["current"]]
    if view["over"]:
        doing = _("The game is over")
    elif not ui.my_turn and view["current"] == view["seat"]:  # a replay: yours, not to make
        doing = _("You are playing")
    elif not ui.my_turn:
        doing = _("{name} is playing").format(name=name)
    elif view["phase"] == "turn":
        doing = _("Your turn: draw, discard or cross")
    elif view["phase"] == "draw":
        n = view['picks_left']
        doing = ngettext("Your turn: take {n} more card", "Your turn: take {n} more cards",
                         n).format(n=n)
    else:
        doing = _("Row {row} is complete: choose a row for your bonus cross").format(
            row=view['chain_from'])
    line = _("Turn {turn} · {doing}").format(turn=view["turn"] + 1, doing=doing)
    # each part between " · " kept whole: a line that wraps does so between them
    parts = " · ".join(f'<span class="phrase">{esc(part)}</span>' for part in line.split(" · "))
    return f'<p class="turn">{parts}</p>'


def notices_html(view: dict, ui: TableUi) -> str:
    items = "".join(f"<li>{esc(text)}</li>" for text in recent_notices(ui.log, view["seat"]))
    return f'<ul class="notices" role="status">{items}</ul>'


def draw_note(view: dict, ui: TableUi) -> str:
    """Why the piles can or cannot be drawn from now, in words (TR-5)."""
    if not ui.my_turn or view["phase"] == "bonus":
        return ""
    if view["phase"] == "draw":
        return _("Take your second card: any pile, the new tops are showing.")
    held, allowance = len(view["hand"]), view["draw_allowance"]
    if allowance == 0:
        return ngettext("You hold {n} card, the limit: you may not draw. Discard or cross.",
                        "You hold {n} cards, the limit: you may not draw. Discard or cross.",
                        held).format(n=held)
    if allowance == 1:
        return ngettext("You hold {n} card: a draw takes only one card.",
                        "You hold {n} cards: a draw takes only one card.",
                        held).format(n=held)
    return _("Draw: take two cards, one pile at a time.")


def pile_html(view: dict, ui: TableUi, pile: dict) -> str:
    name, count, top = pile["name"], pile["count"], pile["top"]
    can_draw = count and (acting(view, ui, "draw")
                          or (acting(view, ui, "turn") and view["draw_allowance"]))
    face = (f'<span class="top">{top}</span>' if top is not None
            else '<span class="back" aria-hidden="true"></span>')
    hinted = hint_action(ui)[:2] == ("draw", name)
    drawn = latest_move(ui.log)
    last = drawn is not None and drawn["kind"] == "draw" and drawn["pile"] == name \
        and drawn["seat"] != view["seat"]
    side = Html(f'<span class="label">' + (esc(_(PILE_WORDS[name]))) + f'</span>')
    counted = Html(f'<span class="count">{esc(cards_of(count))}</span>')
    # TRANSLATORS: a draw pile for screen readers: "Left pile, top 7, 12 cards"; {side} is
    # the pile's name shown on it (Left, Middle, Right), {count} "12 cards".
    if top is not None:
        inner = weave(_("{side} pile, top {top}, {count}"), side=side, top=Html(face),
                      count=counted)
    elif count:
        inner = weave(_("{side} pile, face down, {count}"), side=side,
                      count=Html(face + counted))
    else:
        inner = weave(_("{side} pile, empty, {count}"), side=side, count=Html(face + counted))
    inner += unseen(_(", the hint's pile") if hinted else "") + (last_mark() if last else "")
    classes = "pile " + name + (" hinted" if hinted else "") + (" last-play" if last else "")
    return (f'<button type="button"{attrs(class_=classes, data_action="triggs-draw", data_pile=name, data_count=count, data_top=top, data_nav="piles", aria_describedby="draw-note" if draw_note(view, ui) else None, disabled=not can_draw)}>'
            f'{inner}</button>')


def flip_id(before, card: int) -> str:
    """The id that a card of value ``card`` moves by (``data-flip``), after ``before``, the
    cards of the hand before it: "9-1" for the hand's second 9. The discard pile's top
    takes the id after the hand's last card of its value, so discarded cards move there."""
    return f"{card}-{list(before).count(card)}"


def discard_pile_html(view: dict) -> str:
    cards = view["discard"]
    top = (f'<span{attrs(class_="top", data_flip=flip_id(view["hand"], cards[-1]))}>{cards[-1]}</span>'
           if cards else '<span class="top">–</span>')
    label = (_("Discard pile, top {top}, {count}").format(top=cards[-1], count=cards_of(len(cards)))
             if cards else _("Discard pile, empty"))
    # TRANSLATORS: the label on the discard pile (a noun).
    word = pgettext("Triggs discard pile", "Discard")
    return (f'<div{attrs(class_="pile discard", data_count=len(cards), aria_label=label, role="img")}>'
            f'<span class="label">{esc(word)}</span>{top}<span class="count">{esc(cards_of(len(cards)))}</span></div>')


def cards_of(count: int) -> str:
    """ "1 card", "5 cards"."""
    return ngettext("{n} card", "{n} cards", count).format(n=count)


def piles_html(view: dict, ui: TableUi) -> str:
    piles = "".join(pile_html(view, ui, pile) for pile in view["piles"])
    retired = "".join(f'<span class="retired" data-retired="{v}">'
                      + (esc(_("{value}s out of the game").format(value=v))) + f'</span>'
                      for v in view["retired"])
    note = draw_note(view, ui)
    return (f'<section class="triggs-piles" aria-label="' + (esc(_("Piles"))) + f'">{piles}{discard_pile_html(view)}</section>'
            + (f'<p class="retired-line">{retired}</p>' if retired else "")
            + (f'<p class="draw-note" id="draw-note">{esc(note)}</p>' if note else ""))


def drawn_index(view: dict, ui: TableUi):
    """The hand index of the card the viewer has just drawn face up, and the selector of
    the pile it came from (it moves in from there); (None, None) otherwise."""
    move = latest_move(ui.log)
    if not move or move["kind"] != "draw" or move["seat"] != view["seat"] \
            or move.get("card") not in view["hand"]:
        return None, None
    index = len(view["hand"]) - 1 - view["hand"][::-1].index(move["card"])
    return index, f'.triggs-piles [data-pile="{move["pile"]}"]'


def hand_html(view: dict, ui: TableUi, pick: Pick) -> str:
    """The viewer's cards; one drawn face up just now comes in from its pile."""
    can_pick = acting(view, ui, "turn")
    useful = helpful(view["hand"], pick.row) if pick.row and can_pick else set()
    hinted = hinted_cards(view, ui)
    drawn, pile = drawn_index(view, ui)
    cards = "".join(
        f'<button type="button"' + (attrs(class_="card pc" + (" fits" if i in useful else "") + (" hinted" if i in hinted else ""), data_action="triggs-card", data_index=i, data_card=c, data_flip=flip_id(view["hand"][:i], c), data_flip_from=pile if i == drawn else None, data_nav="hand", aria_pressed=str(i in pick.cards).lower(), disabled=not can_pick)) + f'>'
        + weave(_("Card {card}, in the hint") if i in hinted else _("Card {card}"),
                card=Html(face_parts(number_index(c), str(c)))) + '</button>'
        for i, c in enumerate(view["hand"]))
    label = _("Your hand ({name}), {count}").format(name=ui.names[view["seat"]],
                                                    count=cards_of(len(view["hand"])))
    return f'<section class="hand" aria-label="{esc(label)}">{cards}</section>'


def bonus_html(ui: TableUi) -> str:
    """During a chain: what the highlighted rows mean, and undo (back to the cross)."""
    undo = button(_("Undo"), "undo", disabled=not ui.can_undo)
    why = _("Choose a free row on your sheet. Highlighted rows have one free box left: the"
            " bonus completes them and earns another bonus.")
    return (f'<section class="triggs-actions"><p class="why">{esc(why)}</p>'
            f'<div class="controls">{undo}</div></section>')


def actions_html(view: dict, ui: TableUi, pick: Pick) -> str:
    """Discard and cross, with what the selection amounts to (only on the viewer's turn)."""
    if acting(view, ui, "bonus"):
        return bonus_html(ui)
    if not acting(view, ui, "turn"):
        return ""
    values = selected_values(view["hand"], pick)
    discard, why = discard_action(values)
    # TRANSLATORS: a button: discard {count} cards of value {value}, e.g. "Discard 2 × 9".
    discard_label = (_("Discard {count} × {value}").format(count=discard[2], value=discard[1])
                     if discard else pgettext("Triggs action", "Discard"))
    parts = [button(discard_label, "triggs-discard", disabled=not legal(view, discard)),
             button(_("Clear selection"), "triggs-clear", disabled=not pick.cards)]
    note = f'<p class="why">{esc(why)}</p>' if why and values else ""
    return (f'<section class="triggs-actions"><div class="controls">{"".join(parts)}</div>'
            f'{note}{cross_panel(view, pick, values)}</section>')


def cross_panel(view: dict, pick: Pick, values) -> str:
    """The chosen row's cross: what the selection makes, the hand's best, confirm (TR-7)."""
    if pick.row is None:
        return ('<div class="cross-panel"><p>'
                + esc(_("To cross, choose a row on your sheet: each row shows how often your"
                        " hand makes it.")) + '</p></div>')
    row, entry = pick.row, own_makes(view, pick.row)
    plan = cross_plan(values, row, entry["free"])
    best = cross_plan(tuple(card for make in entry["best"] for card in make), row, entry["free"])
    selected = (_("Selected cards {plan}.").format(plan=plan.words()) if values
                else _("Select cards that make {row}, or take the best grouping.").format(row=row))
    boxes = len(plan.makes)
    confirm = (ngettext("Cross {n} box of row {row}", "Cross {n} boxes of row {row}", boxes)
               .format(n=boxes, row=row) if plan.makes else _("Cross row {row}").format(row=row))
    free = entry["free"]
    free_words = ngettext("Row {row}: {n} free box.", "Row {row}: {n} free boxes.",
                          free).format(row=row, n=free)
    return (f'<div class="cross-panel" data-row="{row}">'
            f'<p>{esc(free_words)} {esc(selected)}</p>'
            f'<p>' + (esc(_("Best from your hand: {plan}.").format(plan=best.words()))) + f'</p><div class="controls">'
            + button(_("Select the best grouping for {row}").format(row=row), "triggs-best",
                     disabled=not best.makes)
            + button(confirm, "triggs-cross", class_="primary", data_makes=len(plan.makes),
                     disabled=not legal(view, plan.action))
            + "</div></div>")


def boxes_html(total: int, crossed: int) -> str:
    return "".join(f'<span class="box{" x" if i < crossed else ""}"></span>'
                   for i in range(total))


def row_head(view: dict, ui: TableUi, pick: Pick, row: int, free: int) -> str:
    """The row's value: a button to choose it (cross or bonus) when that is allowed now."""
    if free and acting(view, ui, "bonus"):
        completes = free == 1
        label = (_("Bonus cross in row {row}: completes it, the chain goes on") if completes
                 else _("Bonus cross in row {row}")).format(row=row)
        return button(str(row), "triggs-bonus", class_="row-head" + (" completes" if completes else ""),
                      data_row=row, data_nav="rows", aria_label=label)
    if free and acting(view, ui, "turn"):
        count = own_makes(view, row)["count"]
        return button(str(row), "triggs-row", class_="row-head", data_row=row, data_nav="rows",
                      aria_pressed=str(row == pick.row).lower(), disabled=not count,
                      aria_label=(_("Cross row {row}: your hand makes it {times}").format(row=row, times=times(count))
                                  if count else _("Cross row {row}: your hand makes it no time").format(row=row)))
    return f'<span class="row-head">{row}</span>'


def own_sheet_html(view: dict, ui: TableUi, pick: Pick) -> str:
    """The viewer's sheet in full: 12 rows of TR-2's boxes, crossed left to right."""
    seat = view["seat"]
    rows = []
    for row, (total, crossed) in enumerate(zip(view["boxes"], view["sheets"][seat]), start=1):
        free = total - crossed
        makes = own_makes(view, row)["count"]
        info = "✓" if not free else (f"×{makes}" if makes else "")
        classes = "row" + (" done" if not free else "") + (" chosen" if row == pick.row else "")
        classes += " completes" if free == 1 and acting(view, ui, "bonus") else ""
        classes += " hinted" if row in hinted_rows(ui) else ""
        classes += last_classes(ui, seat, row)
        rows.append(f'<li{attrs(class_=classes, data_row=row, data_crossed=crossed, data_boxes=total)}>'
                    f'{row_head(view, ui, pick, row, free)}<span class="boxes" role="img" aria-label="' + (esc(_("{crossed} of {total} crossed").format(crossed=crossed, total=total))) + f'">'
                    f'{boxes_html(total, crossed)}</span><span class="makes">{info}</span></li>')
    crossed = sum(view["sheets"][seat])
    heading = _("Your sheet · {crossed} of {total}").format(crossed=crossed, total=sum(view["boxes"]))
    return (f'<section class="sheet full" data-seat="{seat}" aria-label="' + (esc(_("Your sheet"))) + f'">'
            f'<h3>{esc(heading)}</h3><ol>{"".join(rows)}</ol></section>')


def compact_sheet_html(view: dict, ui: TableUi, seat: int) -> str:
    """Another player's sheet, collapsed to its summary (a chevron that says it opens,
    name, hand, crossed boxes and their move just made): tap to see one narrow column per
    row."""
    sheet = view["sheets"][seat]
    columns = "".join(
        f'<li' + (attrs(class_="col" + (" done" if crossed == total else "") + last_classes(ui, seat, row), data_row=row, data_crossed=crossed, data_boxes=total, aria_label=_("row {row}: {crossed} of {total}").format(row=row, crossed=crossed, total=total))) + f'>'
        f'<b>{row}</b>{boxes_html(total, crossed)}</li>'
        for row, (total, crossed) in enumerate(zip(view["boxes"], sheet), start=1))
    current = seat == view["current"] and not view["over"]
    held = view["hand_counts"][seat]
    latest = latest_move(ui.log)
    lately = ""
    if latest is not None and latest["seat"] == seat:
        # TRANSLATORS: what another player has just done: "just drew a card from the left pile".
        lately = f' <span class="lately">' + (esc(_("just {move}").format(move=move_words(latest)))) + f'</span>'
    return (f'<details{attrs(class_="sheet compact" + (" current" if current else ""), data_seat=seat, id=f"triggs-sheet-{seat}")}>'
            f'<summary><span class="expand" aria-hidden="true"></span>'
            f'{seat_says(ui.names[seat], in_hand(held), data_hand=held)} '
            f'<span class="crossed">{sum(sheet)}/{sum(view["boxes"])}</span>{lately}</summary>'
            f'<ol>{columns}</ol></details>')


def last_classes(ui: TableUi, seat: int, row: int) -> str:
    """" last-play" (and " just-played" while it is the latest move and nothing is being
    chosen) for the row of ``seat``'s latest cross or bonus in the log, else ""."""
    mark = next((e for e in reversed(ui.log) if e["kind"] in ("cross", "bonus")), None)
    if mark is None or mark["seat"] != seat or mark["row"] != row:
        return ""
    fresh = latest_move(ui.log) is mark and ui.local is None
    return " last-play" + (" just-played" if fresh else "")


# -- the hint ------------------------------------------------------------------------
def hint_action(ui: TableUi) -> tuple:
    """The hint's action as a tuple (empty when there is no hint)."""
    actions = (ui.hint or {}).get("actions") or [()]
    return tuple(actions[0])


def hinted_rows(ui: TableUi) -> set:
    action = hint_action(ui)
    return {action[1]} if action[:1] in (("cross",), ("bonus",)) else set()


def hinted_cards(view: dict, ui: TableUi) -> set:
    """Hand indices of the cards the hint's cross or discard uses."""
    action = hint_action(ui)
    if action[:1] == ("cross",):
        return set(indices_of(view["hand"], action[2]))
    if action[:1] == ("discard",):
        return set(indices_of(view["hand"], ((action[1],) * action[2],)))
    return set()


def hint_words(action) -> str:
    """The hint's action in the table's words."""
    if action[0] == "draw":
        return _("draw from the {pile}").format(pile=pile_words(action[1]))
    if action[0] == "discard":
        return _("discard {count} × {value}").format(count=action[2], value=action[1])
    if action[0] == "bonus":
        return _("put the bonus cross in row {row}").format(row=action[1])
    makes = tuple(tuple(make) for make in action[2])
    # TRANSLATORS: cross {n} boxes of row {row}, with these cards: "cross 2 × 7 (7, 5+2)".
    return _("cross {n} × {row} ({makes})").format(n=len(makes), row=action[1],
                                                   makes=describe_makes(makes))


def hint_box(ui: TableUi) -> str:
    action = hint_action(ui)
    return hint_html(ui.hint, hint_words(action)) if action else ""


def controls_html(view: dict, ui: TableUi) -> str:
    """The Hint button, on the viewer's turn, when a bot offers hints."""
    if not (ui.can_hint and not view["over"]):
        return ""
    return f'<div class="controls triggs-hint">' + (button(_("Hint"), "hint", disabled=not ui.my_turn)) + f'</div>'


def in_hand(n: int) -> str:
    """"6 in hand"."""
    return ngettext("{n} in hand", "{n} in hand", n).format(n=n)


# A move's words without its mover, as the player's own (context "you") and another
# seat's ("another player"): English says "drew" of anyone, other languages conjugate.
# Each is a function of how many times the move was made at once.
CLAUSES = {
    "seen": (lambda n: pgettext("you", "drew the {card} from the {pile}"),
             lambda n: pgettext("another player", "drew the {card} from the {pile}")),
    "hidden": (lambda n: npgettext("you", "drew a card from the {pile}",
                                   "drew {n} cards from the {pile}", n),
               lambda n: npgettext("another player", "drew a card from the {pile}",
                                   "drew {n} cards from the {pile}", n)),
    "discard": (lambda n: pgettext("you", "discarded {count} × {value}"),
                lambda n: pgettext("another player", "discarded {count} × {value}")),
    "discard-out": (
        lambda n: pgettext("you", "discarded {count} × {value} (out of the game)"),
        lambda n: pgettext("another player", "discarded {count} × {value} (out of the game)")),
    "cross": (lambda n: pgettext("you", "crossed {n} × {row} ({makes})"),
              lambda n: pgettext("another player", "crossed {n} × {row} ({makes})")),
    # TRANSLATORS: {rows} are row numbers joined by arrows, e.g. "7 → 9 → 5".
    "chain": (lambda n: pgettext("you", "chained {rows}"),
              lambda n: pgettext("another player", "chained {rows}")),
}


def clause(key: str, you: bool, times: int = 1, **values) -> str:
    """The words of :data:`CLAUSES` ``key``, the player's own when ``you``, filled with
    ``values`` (``n`` is ``times`` unless ``values`` say otherwise)."""
    return CLAUSES[key][0 if you else 1](times).format(**{"n": times, **values})


def move_words(event: dict, you: bool = False, times: int = 1) -> str:
    """One move in words, without the mover's name, the player's own when ``you``;
    ``times`` counts the same face-down draw made again at once ("drew 2 cards from the
    middle pile")."""
    kind = event["kind"]
    if kind == "draw":
        pile = pile_words(event['pile'])
        if event["card"] is not None:
            return clause("seen", you, card=event['card'], pile=pile)
        return clause("hidden", you, times, pile=pile)
    if kind == "discard":
        return clause("discard-out" if event["out"] else "discard", you,
                      count=event['count'], value=event['value'])
    if kind == "cross":
        makes = tuple(tuple(make) for make in event["makes"])
        return clause("cross", you, n=len(makes), row=event['row'], makes=describe_makes(makes))
    return chain_words([event['from'], event['row']], you)


def chain_words(rows, you: bool = False) -> str:
    """A chain of bonus crosses: "chained 7 → 9 → 5"."""
    return clause("chain", you, rows=" → ".join(map(str, rows)))


def said_by(name: str, moves: str) -> str:
    """A line of the log: the mover and their moves ("Bot 2 drew …")."""
    # TRANSLATORS: a line of the log: {moves} is what the player did this turn, in the
    # words of the context "you" (say "You {moves}" as your language does, or just
    # "{moves}"), or, with a name, in those of "another player".
    return by(name, _("You {moves}"), _("{name} {moves}"), moves=moves)


def event_text(event: dict, names) -> str:
    """An event in words: a move with its mover's name, or a notice."""
    if event["seat"] is None:
        return NOTICE_WORDS[event["kind"]](event)
    name = names[event['seat']]
    return said_by(name, move_words(event, is_you(name)))


def turn_lines(log, names) -> list:
    """The moves of the log with each turn on one line, numbered from the game's start:
    ``(turn, "You crossed 2 × 7 (7, 5+2) and chained 7 → 9 → 5")`` (a chain whose cross
    is not in the log is left out)."""
    turns = []
    for event in (e for e in log if e["seat"] is not None):
        if turns and turns[-1][0] == event["seat"]:
            turns[-1][1].append(event)
        else:
            turns.append((event["seat"], [event]))
    first = 1
    if turns and turns[0][1][0]["kind"] == "bonus":
        turns, first = turns[1:], 2
    return [(number, said_by(names[seat], and_join(chained_words(events, is_you(names[seat])))))
            for number, (seat, events) in enumerate(turns, start=first)]


def and_join(parts) -> str:
    """"drew the 5 from the left pile and drew a card from the middle pile"."""
    text = parts[0] if parts else ""
    for part in parts[1:]:
        # TRANSLATORS: two moves of one turn, in order.
        text = _("{first} and {second}").format(first=text, second=part)
    return text


def chained_words(events: list, you: bool = False) -> list:
    """A turn's moves in words (the player's own when ``you``), a chain of bonus crosses as one
    ("chained 7 → 9 → 5") and face-down draws from one pile in a row as one ("drew 2
    cards from the middle pile")."""
    parts, chain, last, times = [], None, None, 1
    for event in events:
        if event["kind"] == "bonus" and chain is not None:
            chain.append(event["row"])
            parts[-1] = chain_words(chain, you)
        elif event["kind"] == "bonus":
            chain = [event["from"], event["row"]]
            parts.append(chain_words(chain, you))
        elif hidden_draw(event) and last is not None and hidden_draw(last) \
                and last["pile"] == event["pile"]:
            times += 1
            parts[-1] = move_words(event, you, times)
        else:
            chain, times = None, 1
            parts.append(move_words(event, you))
        last = event
    return parts


def hidden_draw(event: dict) -> bool:
    """Whether ``event`` is a draw whose card the log does not show."""
    return event["kind"] == "draw" and event["card"] is None


def table_html(view: dict, ui: TableUi) -> str:
    """The table as ``ui.names[view["seat"]]`` sees it: the hand first in the page's
    order; the stylesheet places the piles above it and the sheet under it."""
    pick = ui.local or Pick()
    others = [(view["seat"] + step) % view["players"] for step in range(1, view["players"])]
    return (f'<main class="table triggs">{status_html(view, ui)}{notices_html(view, ui)}'
            f'<div class="triggs-main">{hand_html(view, ui, pick)}'
            f'<div class="triggs-table">{piles_html(view, ui)}</div>'
            f'{own_sheet_html(view, ui, pick)}'
            f'<div class="triggs-side">{controls_html(view, ui)}{hint_box(ui)}'
            f'{actions_html(view, ui, pick)}' + (log_html(turn_lines(ui.log, ui.names), _("Turns"))) + f'</div></div>'
            f'<section class="opponents" aria-label="' + (esc(_("Other players"))) + f'">'
            f'{"".join(compact_sheet_html(view, ui, seat) for seat in others)}</section></main>')


def result_text(result: dict, names) -> str:
    """The result in one line (end screen and share text), naming the winner as the
    table does."""
    winner = result["winner"]
    turns = result['turns']
    if winner is None:
        return ngettext("No winner: the game stopped after {n} turn, the longest a game may"
                        " last.",
                        "No winner: the game stopped after {n} turns, the longest a game may"
                        " last.",
                        turns).format(n=turns)
    return by(names[winner], ngettext("You win: every box crossed, after {n} turn.",
                                      "You win: every box crossed, after {n} turns.", turns),
              ngettext("{name} wins: every box crossed, after {n} turn.",
                       "{name} wins: every box crossed, after {n} turns.", turns), n=turns)


def end_html(result: dict, names) -> str:
    """Who crossed the last box (or that the safety net stopped the game), and every
    seat's crossed boxes, most first."""
    crossed = result["crossed"]
    winner = result["winner"]
    if winner is None:
        why = ngettext("Nobody filled a sheet in {n} turn, the longest a game may last, so"
                       " the game stopped there.",
                       "Nobody filled a sheet in {n} turns, the longest a game may last, so"
                       " the game stopped there.", result['turns']).format(n=result['turns'])
    else:
        why = by(names[winner],
                 _("You crossed the last of the {total} boxes in turn {turn}; crosses earned by"
                   " a chain count too."),
                 _("{name} crossed the last of the {total} boxes in turn {turn}; crosses earned"
                   " by a chain count too."), total=TOTAL_BOXES, turn=result['turns'])
    order = sorted(range(len(crossed)), key=lambda seat: (-crossed[seat], seat))
    rows = "".join(f'<li{attrs(data_seat=seat, class_="winner" if seat == winner else None)}>'
                   f'<span class="name">{esc(names[seat])}</span> '
                   f'<b>' + (esc(_("{crossed} of {total}").format(crossed=crossed[seat], total=TOTAL_BOXES))) + f'</b></li>'
                   for seat in order)
    return (f'<h2 class="result">{esc(result_text(result, names))}</h2>'
            f'<p class="ending">{esc(why)}</p><ol class="ranking" aria-label="' + (esc(_("Boxes crossed"))) + f'">{rows}</ol>')


def outcome(result: dict, seat: int, names) -> dict:
    """The seat's boxes crossed (more is better) and its placing by them."""
    crossed = result["crossed"]
    return {"won": result["winner"] == seat, "score": crossed[seat], "better": "higher",
            "place": place(crossed, seat), "progress": crossed[seat] / TOTAL_BOXES,
            "text": result_text(result, names)}


SCORE_NAME = N_("boxes crossed")  # what outcome()'s score counts, for the records


def progress(view: dict) -> tuple:
    """How far a game got, for the list of unfinished games: the viewer's boxes crossed."""
    return ("boxes", sum(view["sheets"][view["seat"]]), TOTAL_BOXES)


# What the app uses of this table (web/tables.py: TableSpec), checked as it is made.
TABLE = TableSpec(
    game=SPEC.id, table_html=table_html, HANDLERS=HANDLERS, event_text=event_text,
    result_text=result_text, outcome=outcome, STYLESHEET=STYLESHEET, end_html=end_html,
    CANCEL=CANCEL, progress=progress, SCORE_NAME=SCORE_NAME,
    action_text=hint_words)
