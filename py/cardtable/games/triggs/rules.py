"""Triggs (Karin Hetling): the rules of ``seeds/triggs.md``, ids TR-1..TR-13.

A race for 2–4 players: each crosses the boxes of a 12-row score sheet by making each
row's value from cards, single cards or pairs; completing a row grants bonus crosses.
Cards are their values (1..12). Actions (tuples of strings and integers):

- ``("draw", pile)``: take the top card of ``"left"``, ``"middle"`` or ``"right"`` (TR-5).
  A draw action takes two such picks (one when holding 9 cards): the first pick moves the
  state into the ``"draw"`` phase, where only the second pick is legal, so the new top of
  the pile is seen before choosing again.
- ``("discard", value, count)``: put ``count`` cards of ``value`` on the discard pile (TR-6).
- ``("cross", value, makes)``: cross ``len(makes)`` boxes of row ``value`` (TR-7).
  ``makes`` is canonical: a sorted tuple of makes, each a sorted tuple of one card
  (``(7,)``) or two cards summing to ``value`` (``(2, 5)``). Example: the seed's four 11s
  are ``("cross", 11, ((1, 10), (4, 7), (11,), (11,)))``. :func:`cross_options` lists them
  and :func:`best_makes` picks the one a UI offers with one click; ``apply`` also accepts
  makes as JSON lists in any order.
- ``("bonus", row)``: the free cross of a chain reaction (TR-8), one at a time, in the
  ``"bonus"`` phase.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import product

from ...i18n import _, N_, ngettext
from ...engine.core import GameSpec, GameState, IllegalAction, replace_at, thaw
from ...engine.rng import below, drawn_seed, make_rng, shuffled

VALUES = tuple(range(1, 13))  # TR-1
COPIES = 9
CARDS = tuple(value for value in VALUES for _ in range(COPIES))
BOXES = (2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5)  # TR-2: boxes of row v at BOXES[v - 1]
TOTAL_BOXES = sum(BOXES)
HAND_START = 5  # TR-3
HAND_LIMIT = 10  # TR-5
DRAW_PICKS = 2  # TR-5
REFILL = 5  # TR-9
PILES = ("left", "middle", "right")  # TR-3, as they lie on the table
FACE_UP = {"left": True, "middle": False, "right": True}
REFILL_PILE = "middle"  # TR-9
RETIRE_ORDER = (12, 11)  # TR-11
MAX_TURNS = 2000  # TR-12
# The most actions one turn takes: a cross and a bonus for each other row (TR-8), or the
# picks of a draw (TR-5).
MOST_ACTIONS_PER_TURN = max(len(VALUES), DRAW_PICKS)


def boxes(row: int) -> int:
    """TR-2: how many boxes row ``row`` has."""
    return BOXES[row - 1]


def free_boxes(sheet: tuple) -> tuple:
    """The free boxes per row (index ``v - 1``) of a sheet of crossed counts."""
    return tuple(total - crossed for total, crossed in zip(BOXES, sheet))


def make_types(value: int) -> tuple:
    """TR-7: the ways to make ``value``: the single card, then each pair summing to it."""
    pairs = tuple((low, value - low) for low in range(1, value // 2 + 1))
    return ((value,),) + pairs


MAKE_TYPES = {value: make_types(value) for value in VALUES}


def value_counts(hand) -> list:
    """How many cards of each value ``hand`` holds, at index ``value`` (index 0 unused)."""
    counts = [0] * (len(VALUES) + 1)
    for card in hand:
        counts[card] += 1
    return counts


def available(make: tuple, counts) -> int:
    """How many disjoint copies of ``make`` the cards hold (``counts`` as from
    :func:`value_counts`)."""
    if len(make) == 1:
        return counts[make[0]]
    low, high = make
    return counts[low] // 2 if low == high else min(counts[low], counts[high])


def cross_options(hand, value: int, free: int) -> tuple:
    """TR-7: every legal ``makes`` for crossing row ``value`` with ``hand`` (canonical).

    The make types of one value share no card value, so each is chosen independently;
    1 ≤ total makes ≤ ``free``."""
    return _cross_options(value_counts(hand), value, free)


def _cross_options(counts: list, value: int, free: int) -> tuple:
    if not free:
        return ()
    types = [(make, n) for make in MAKE_TYPES[value] if (n := available(make, counts))]
    options = []
    for numbers in product(*(range(n + 1) for _, n in types)):
        if 1 <= sum(numbers) <= free:
            makes = [make for (make, _), k in zip(types, numbers) for _ in range(k)]
            options.append(tuple(sorted(makes)))
    return tuple(sorted(options))


def make_count(hand, value: int, free: int) -> int:
    """How many times ``hand`` makes ``value``, capped at the ``free`` boxes (TR-7)."""
    counts = value_counts(hand)
    return min(free, sum(available(make, counts) for make in MAKE_TYPES[value]))


def best_makes(hand, value: int, free: int) -> tuple:
    """The grouping a UI offers in one click: as many makes as possible (capped at
    ``free``), single cards first, then pairs from the middle out (6+6, 5+7, … 1+11), so
    that the 1s and 2s that rows 1–3 need stay in hand. Empty if ``value`` cannot be made."""
    counts = value_counts(hand)
    singles_then_pairs = MAKE_TYPES[value][:1] + MAKE_TYPES[value][:0:-1]
    makes = []
    for make in singles_then_pairs:
        take = min(available(make, counts), free - len(makes))
        makes.extend([make] * take)
    return tuple(sorted(makes))


def canonical_makes(makes) -> tuple:
    """``makes`` (lists or tuples, any order) in the canonical form of ``("cross", v, makes)``;
    :class:`IllegalAction` when it is not a list of groups of card values."""
    if not isinstance(makes, (tuple, list)) or not all(
            isinstance(make, (tuple, list)) and all(type(card) is int for card in make)
            for make in makes):
        raise IllegalAction(_("{makes} is not a grouping of cards: give each make as a list"
                              " of one or two card values").format(makes=repr(makes)))
    return tuple(sorted(tuple(sorted(make)) for make in makes))


def check_makes(hand, value: int, free: int, makes: tuple) -> None:
    """Raise :class:`IllegalAction` unless ``makes`` is a legal cross of row ``value``."""
    if free <= 0:
        raise IllegalAction(_("row {row} has no free box").format(row=value))
    if not makes:
        raise IllegalAction(_("a cross needs at least one make"))
    if len(makes) > free:
        # TRANSLATORS: a "make" is one card or two cards that add up to the row's value.
        raise IllegalAction(ngettext(
            "row {row} has {free} free box: {count} makes cannot all be crossed",
            "row {row} has {free} free boxes: {count} makes cannot all be crossed",
            free).format(row=value, free=free, count=len(makes)))
    for make in makes:
        if len(make) not in (1, 2) or sum(make) != value:
            shown = "+".join(map(str, make))
            raise IllegalAction(_("{make} does not make {value}: use one card or two")
                                .format(make=shown, value=value))
    missing = Counter(card for make in makes for card in make) - Counter(hand)
    if missing:
        raise IllegalAction(_("the hand lacks {cards}").format(
            cards=", ".join(map(str, sorted(missing.elements())))))


def draw_allowance(hand_size: int) -> int:
    """TR-5: cards a draw action takes with this many in hand (0: drawing not allowed)."""
    return max(0, min(DRAW_PICKS, HAND_LIMIT - hand_size))


def turn_actions(hand, sheet, pile_sizes) -> tuple:
    """Every action open at the start of a turn (TR-5..TR-7), from the seat's hand, its
    sheet and the pile sizes."""
    actions = []
    if draw_allowance(len(hand)):
        actions.extend(("draw", pile) for pile, size in zip(PILES, pile_sizes) if size)
    counts = value_counts(hand)
    for value in VALUES:
        actions.extend(("discard", value, n) for n in range(1, counts[value] + 1))
    for value, free in zip(VALUES, free_boxes(sheet)):
        actions.extend(("cross", value, makes) for makes in _cross_options(counts, value, free))
    return tuple(actions)


def bonus_actions(sheet) -> tuple:
    """TR-8: the rows a bonus cross may go to."""
    return tuple(("bonus", v) for v, free in zip(VALUES, free_boxes(sheet)) if free)


def describe_makes(makes) -> str:
    """``((5, 2), (7,))`` as "5+2, 7"."""
    return ", ".join("+".join(map(str, make)) for make in makes)


@dataclass(frozen=True)
class TriggsState(GameState):
    """A position of Triggs.

    Where every card is (TR-1, 108 in all; :meth:`card_locations` lists them):
    ``hands`` (one sorted tuple per seat), ``piles`` (left, middle, right; ``pile[0]`` is
    its top, the next card drawn), ``discard`` (oldest first, face up) and ``removed``
    (retired 11s and 12s out of the game, TR-11).

    ``sheets`` holds per seat the crossed boxes of rows 1..12 (row v at index v - 1).
    ``phase`` is ``"turn"`` (choose A, B or C), ``"draw"`` (``picks_left`` more picks of
    this draw) or ``"bonus"`` (a chain bonus is owed; ``chain_from`` is the row just
    completed). ``retired`` lists retired values in order; ``remakes`` lists the piles
    remade so far, each as ``(pile name, cards)`` (each remake shuffles with the seed and
    their number, :attr:`reshuffles`, TR-10);
    ``turns`` counts finished turns; ``winner`` is the winning seat or None. ``shown``
    holds per seat, sorted, the cards the table saw it take (from a face-up pile) that it
    has not played since: cards its hand surely holds (a card played of a value it took
    in the open counts against those first).
    """

    players: int
    seed: str
    hands: tuple
    piles: tuple
    discard: tuple
    removed: tuple
    sheets: tuple
    current: int
    phase: str = "turn"
    picks_left: int = 0
    chain_from: int = 0
    retired: tuple = ()
    remakes: tuple = ()
    turns: int = 0
    winner: int | None = None
    shown: tuple = ()

    def __post_init__(self):
        if not self.shown:  # a position set up by hand: no card seen taken yet
            object.__setattr__(self, "shown", ((),) * self.players)

    # -- queries ---------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.turns >= MAX_TURNS  # TR-12

    @property
    def current_player(self):
        return None if self.is_over else self.current

    @property
    def reshuffles(self) -> int:
        """How many piles were remade so far (TR-10)."""
        return len(self.remakes)

    def pile(self, name: str) -> tuple:
        return self.piles[PILES.index(name)]

    def pile_sizes(self) -> tuple:
        return tuple(len(pile) for pile in self.piles)

    def legal_actions(self) -> tuple:
        return self._legal_actions

    @cached_property
    def _legal_actions(self) -> tuple:
        """Worked out once per state (a state never changes)."""
        if self.is_over:
            return ()
        seat = self.current
        if self.phase == "bonus":
            return bonus_actions(self.sheets[seat])
        if self.phase == "draw":
            return tuple(("draw", p) for p, size in zip(PILES, self.pile_sizes()) if size)
        return turn_actions(self.hands[seat], self.sheets[seat], self.pile_sizes())

    def card_locations(self) -> dict:
        places = {f"hand {seat + 1}": hand for seat, hand in enumerate(self.hands)}
        places.update({f"{name} pile": pile for name, pile in zip(PILES, self.piles)})
        places["discard pile"] = self.discard
        places["removed"] = self.removed
        return places

    # -- transitions -----------------------------------------------------
    def apply(self, action) -> "TriggsState":
        if self.is_over:
            raise IllegalAction(_("the game is over"))
        kind = action[0] if action else None
        handler, size, phases = ACTIONS.get(kind, (None, 0, ()))
        if handler is None or len(action) != size:
            raise IllegalAction(_("unknown action {action}").format(action=repr(action)))
        if self.phase not in phases:
            raise IllegalAction(_("“{kind}” is not allowed now: {needs}").format(
                kind=kind, needs=_(PHASE_NEEDS[self.phase])))
        return handler(self, *action[1:])

    def _draw(self, pile) -> "TriggsState":
        if pile not in PILES:
            raise IllegalAction(_("there is no pile {pile} (choose {piles})").format(
                pile=repr(pile), piles=", ".join(PILES)))
        picks = self.picks_left if self.phase == "draw" else draw_allowance(len(self.hand))
        if not picks:
            raise IllegalAction(_("a hand of {limit} cards may not draw").format(
                limit=HAND_LIMIT))
        if not self.pile(pile):
            raise IllegalAction(_(EMPTY_PILE[pile]))
        state = self._take(pile)
        if picks > 1:
            return replace(state, phase="draw", picks_left=picks - 1)
        return state._end_turn()

    def _discard(self, value, count) -> "TriggsState":
        if not isinstance(count, int) or count < 1:
            raise IllegalAction(_("discard at least one card"))
        held = self.hand.count(value)
        if held < count:
            raise IllegalAction(_("the hand holds {held} × {value}, not {count}").format(
                held=held, value=value, count=count))
        cards = (value,) * count
        state = self._give_up(cards)
        if value in self.retired:  # TR-11
            state = replace(state, removed=state.removed + cards)
        else:
            state = replace(state, discard=state.discard + cards)
        return state._after_playing()._end_turn()

    def _cross(self, value, makes) -> "TriggsState":
        if value not in VALUES:
            raise IllegalAction(_("there is no row {row}").format(row=repr(value)))
        makes = canonical_makes(makes)
        free = free_boxes(self.sheet)[value - 1]
        check_makes(self.hand, value, free, makes)
        cards = tuple(card for make in makes for card in make)
        state = self._give_up(cards)
        state = replace(state, discard=state.discard + cards)
        return state._after_playing()._mark(value, len(makes))

    def _bonus(self, row) -> "TriggsState":
        if row not in VALUES or not free_boxes(self.sheet)[row - 1]:
            raise IllegalAction(_("row {row} has no free box for the bonus").format(
                row=repr(row)))
        return self._mark(row, 1)

    # -- steps shared by the actions ---------------------------------------
    @property
    def hand(self) -> tuple:
        return self.hands[self.current]

    @property
    def sheet(self) -> tuple:
        return self.sheets[self.current]

    def _set_hand(self, hand) -> "TriggsState":
        return replace(self, hands=replace_at(self.hands, self.current, tuple(sorted(hand))))

    def _give_up(self, cards: tuple) -> "TriggsState":
        """The current player's hand without ``cards``, and what the table saw it take
        without them too (as far as they are among it)."""
        shown = replace_at(self.shown, self.current, _remove(self.shown[self.current], cards))
        return replace(self, shown=shown)._set_hand(_remove(self.hand, cards))

    def _take(self, pile: str) -> "TriggsState":
        """The current player takes the top of ``pile``, in the open if it lies face up;
        then the piles are tidied."""
        index = PILES.index(pile)
        card, rest = self.piles[index][0], self.piles[index][1:]
        state = replace(self, piles=replace_at(self.piles, index, rest))
        if FACE_UP[pile]:
            seen = tuple(sorted(self.shown[self.current] + (card,)))
            state = replace(state, shown=replace_at(self.shown, self.current, seen))
        return state._set_hand(self.hand + (card,))._tidy_piles()

    def _tidy_piles(self) -> "TriggsState":
        """TR-10: remake each empty pile from the shuffled discards (only that pile);
        TR-11: retired values showing on a face-up pile leave the game."""
        state = self
        for index, name in enumerate(PILES):
            while True:
                pile = state.piles[index]
                if not pile and state.discard:
                    state = state._remake(index)
                elif FACE_UP[name] and pile and pile[0] in state.retired:
                    state = replace(state, piles=replace_at(state.piles, index, pile[1:]),
                                    removed=state.removed + pile[:1])
                else:
                    break
        return state

    def _remake(self, index: int) -> "TriggsState":
        """TR-10: the discards, shuffled with the seed and the remake counter, become pile
        ``index`` (so a replay remakes it the same way)."""
        rng = make_rng(self.seed, f"reshuffle-{self.reshuffles}")
        return replace(self, piles=replace_at(self.piles, index, shuffled(self.discard, rng)),
                       discard=(), remakes=self.remakes + ((PILES[index], len(self.discard)),))

    def _after_playing(self) -> "TriggsState":
        """After B or C: tidy the piles (discards may remake an empty one); TR-9: an
        empty hand draws 5 from the middle pile (fewer only if it and the discards run out)."""
        state = self._tidy_piles()
        for _ in range(REFILL if not state.hand else 0):
            if not state.pile(REFILL_PILE):
                break
            state = state._take(REFILL_PILE)
        return state

    def _mark(self, row: int, count: int) -> "TriggsState":
        """Cross ``count`` boxes of ``row``; then retire values, declare a winner (TR-12)
        or ask for the chain bonus a completed row earns (TR-8)."""
        sheet = list(self.sheet)
        sheet[row - 1] += count
        state = replace(self, sheets=replace_at(self.sheets, self.current, tuple(sheet)))
        state = state._retire()
        if sum(sheet) == TOTAL_BOXES:
            return replace(state, winner=self.current, turns=self.turns + 1, phase="turn")
        if sheet[row - 1] == boxes(row):
            return replace(state, phase="bonus", chain_from=row)
        return state._end_turn()

    def _retire(self) -> "TriggsState":
        """TR-11: 12s leave once every sheet has row 12 complete; then 11s the same way."""
        state = self
        for value in RETIRE_ORDER:
            if value in state.retired:
                continue
            if any(sheet[value - 1] < boxes(value) for sheet in state.sheets):
                break
            state = replace(state, retired=state.retired + (value,))._tidy_piles()
        return state

    def _end_turn(self) -> "TriggsState":
        return replace(self, phase="turn", picks_left=0, chain_from=0, turns=self.turns + 1,
                       current=(self.current + 1) % self.players)  # TR-4: clockwise

    # -- outcome and views -------------------------------------------------
    def result(self) -> dict:
        return {"over": self.is_over, "winner": self.winner, "turns": self.turns,
                "players": self.players, "crossed": [sum(s) for s in self.sheets]}

    def returns(self) -> tuple:
        """1 for the winner, 0 for the others (all 0 for a game stopped unfinished)."""
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.players))

    def seat_view(self, seat: int) -> dict:
        """TR-13: everything public plus the seat's own hand, and helpers for a UI.

        ``makes`` lists, for each row with free boxes, how often the hand makes it
        (capped at the free boxes) and :func:`best_makes`. ``draw_allowance`` is how many
        cards a draw would take now."""
        hand = self.hands[seat]
        free = free_boxes(self.sheets[seat])
        return {
            "game": "triggs",
            "seat": seat,
            "players": self.players,
            "current": self.current,
            "phase": self.phase,
            "picks_left": self.picks_left,
            "chain_from": self.chain_from,
            "hand": list(hand),
            "hand_counts": [len(h) for h in self.hands],
            "boxes": list(BOXES),
            "sheets": [list(sheet) for sheet in self.sheets],
            "piles": [{"name": name, "face_up": FACE_UP[name], "count": len(pile),
                       "top": pile[0] if FACE_UP[name] and pile else None}
                      for name, pile in zip(PILES, self.piles)],
            "discard": list(self.discard),
            "removed": list(self.removed),
            "retired": list(self.retired),
            "draw_allowance": draw_allowance(len(hand)),
            "makes": [{"row": v, "free": free[v - 1],
                       "count": make_count(hand, v, free[v - 1]),
                       "best": [list(m) for m in best_makes(hand, v, free[v - 1])]}
                      for v in VALUES if free[v - 1]],
            "reshuffles": self.reshuffles,
            "shown": [list(cards) for cards in self.shown],
            "turn": self.turns,
            "over": self.is_over,
            "winner": self.winner,
        }

    def reveals_hidden(self, action) -> bool:
        """A draw shows a hidden card; so does B or C when it refills an empty hand or
        remakes a pile."""
        return action[0] == "draw" or self.apply(action).piles != self.piles

    def events(self, action, after) -> list:
        """The seat's event (``draw``, ``discard``, ``cross`` or ``bonus``), then what it
        caused, with ``seat`` None: each value it retired (TR-11) and each pile it remade
        from the discards (TR-10)."""
        event = {"seat": self.current, **EVENTS[action[0]](self, *action[1:])}
        retired = [{"seat": None, "kind": "retired", "value": value}
                   for value in after.retired[len(self.retired):]]
        remade = [{"seat": None, "kind": "remade", "pile": name, "count": count}
                  for name, count in after.remakes[len(self.remakes):]]
        return [event] + retired + remade

    def _draw_event(self, pile) -> dict:
        """The card drawn only when it lay face up."""
        card = self.pile(pile)[0] if FACE_UP[pile] else None
        return {"kind": "draw", "pile": pile, "card": card}

    def _discard_event(self, value, count) -> dict:
        return {"kind": "discard", "value": value, "count": count, "out": value in self.retired}

    def _cross_event(self, value, makes) -> dict:
        return {"kind": "cross", "row": value, "makes": thaw(canonical_makes(makes))}

    def _bonus_event(self, row) -> dict:
        return {"kind": "bonus", "from": self.chain_from, "row": row}

    def unseen_shuffled(self, seat: int, rng) -> "TriggsState":
        """The other hands, the face-down middle pile and the face-up piles below their
        tops dealt again from their cards, same sizes; the face-up tops stay, and so do
        the cards the table saw a hand take (``shown``). Piles remade later are shuffled
        with a seed drawn from ``rng``."""
        slots = [_remove(hand, self.shown[other]) for other, hand in enumerate(self.hands)
                 if other != seat]
        slots += [pile[1:] if FACE_UP[name] else pile for name, pile in zip(PILES, self.piles)]
        rest = shuffled(sorted(sum(slots, ())), rng)
        hands, piles = list(self.hands), list(self.piles)
        for other, hand in enumerate(self.hands):
            if other != seat:
                size = len(hand) - len(self.shown[other])
                hands[other] = tuple(sorted(self.shown[other] + rest[:size]))
                rest = rest[size:]
        for index, (name, pile) in enumerate(zip(PILES, self.piles)):
            shown = pile[:1] if FACE_UP[name] else ()
            hidden = len(pile) - len(shown)
            piles[index], rest = shown + rest[:hidden], rest[hidden:]
        return replace(self, hands=tuple(hands), piles=tuple(piles), seed=drawn_seed(rng))


ACTIONS = {  # kind: (handler, tuple length, phases where it is allowed)
    "draw": (TriggsState._draw, 2, ("turn", "draw")),
    "discard": (TriggsState._discard, 3, ("turn",)),
    "cross": (TriggsState._cross, 3, ("turn",)),
    "bonus": (TriggsState._bonus, 2, ("bonus",)),
}
EVENTS = {  # kind: the seat's event for that action, from the state before it
    "draw": TriggsState._draw_event,
    "discard": TriggsState._discard_event,
    "cross": TriggsState._cross_event,
    "bonus": TriggsState._bonus_event,
}
PHASE_NEEDS = {  # marked with N_, translated where raised
    "turn": N_("choose to draw, discard or cross"),
    "draw": N_("take the second card of the draw"),
    "bonus": N_("choose the row for the bonus cross"),
}
EMPTY_PILE = {"left": N_("the left pile is empty"), "middle": N_("the middle pile is empty"),
              "right": N_("the right pile is empty")}


def _remove(hand: tuple, cards: tuple) -> tuple:
    """``hand`` without ``cards`` (a multiset difference: a card it lacks is passed over)."""
    left = Counter(hand) - Counter(cards)
    return tuple(sorted(left.elements()))


def deal(players: int, seed: str):
    """TR-3: the hands (sorted) and the piles (left, middle, right) for a seed. The middle
    gets half the rest rounded up, the left pile the larger half of what remains."""
    deck = shuffled(CARDS, make_rng(seed))
    hands = tuple(tuple(sorted(deck[i * HAND_START:(i + 1) * HAND_START]))
                  for i in range(players))
    rest = deck[players * HAND_START:]
    middle = (len(rest) + 1) // 2
    left = (len(rest) - middle + 1) // 2
    piles = (rest[:left], rest[left:left + middle], rest[left + middle:])
    return hands, piles


def new_game(players: int, options: dict, seed: str) -> TriggsState:
    hands, piles = deal(players, seed)
    return TriggsState(players=players, seed=seed, hands=hands, piles=piles, discard=(),
                       removed=(), sheets=((0,) * len(VALUES),) * players,
                       current=below(make_rng(seed, "start"), players))  # TR-4


def summarize(results: list) -> dict:
    """The simulator's figures: each seat's share of the games won, the average turns of a
    game, and ``unfinished``, the fraction of games stopped at the TR-12 safety net."""
    games = len(results)
    players = results[0]["players"] if results else 0
    return {
        "win_rate_by_seat": [sum(r["winner"] == seat for r in results) / games
                             for seat in range(players)],
        "avg_turns": sum(r["turns"] for r in results) / games,
        "unfinished": sum(r["winner"] is None for r in results) / games,
    }


SPEC = GameSpec(
    id="triggs",
    name="Triggs",
    min_players=2,
    max_players=4,
    options=(),
    new_game=new_game,
    state_type=TriggsState,
    summarize=summarize,
    cards=lambda players: CARDS,  # TR-1, whatever the number of players
    max_actions=lambda players: MAX_TURNS * MOST_ACTIONS_PER_TURN,  # TR-12
    package=__package__,
    summary=N_("Race to cross your whole sheet; complete a row and a chain reaction may"
               " follow."),
)
