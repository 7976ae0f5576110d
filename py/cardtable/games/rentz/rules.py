"""Rentz: the rules of ``seeds/rentz.md``, ids RZ-1..RZ-11.

A Romanian compendium for 3–6 players: a match of 8 × players deals, in each of which the
deal's first player (the chooser) picks one of eight sub-games that they have not chosen
yet. Seven are trick games without trumps; the eighth, ``rentz``, lays the cards out in
four rows around the Jacks. Cards are strings, rank then suit: ``"10C"``, ``"KH"``.

Actions (tuples; JSON lists are accepted too):

- ``("choose", sub_game)``: the chooser picks a sub-game id of :data:`SUB_GAME_IDS` (RZ-3).
- ``("look",)``: with ``blind = "double"``, the chooser looks at the hand instead of
  choosing blind first (RZ-4).
- ``("play", card)``: a card to the trick (RZ-6) or to the layout (RZ-8).
- ``("pass",)``: in the layout game, the one action of a seat with no valid card; it is
  also :meth:`RentzState.forced_action`, which the app applies by itself.

Events (:meth:`RentzState.events`), all JSON-able dicts with ``seat`` and ``kind``:

- ``{"seat": s, "kind": "choose", "sub_game": id, "blind": bool}``
- ``{"seat": s, "kind": "look"}``
- ``{"seat": s, "kind": "play", "card": card}``
- ``{"seat": None, "kind": "trick", "winner": s, "cards": [[seat, card], …]}``
- ``{"seat": s, "kind": "pass"}``
- ``{"seat": s, "kind": "again"}``: an Ace gives ``s`` another move at once (RZ-8)
- ``{"seat": None, "kind": "skip", "skipped": s}``: ``s`` loses this turn (RZ-8)
- ``{"seat": s, "kind": "out", "place": p}``: ``s`` emptied the hand, placing ``p`` from 1
- ``{"seat": None, "kind": "deal_over", "deal": d, "sub_game": id, "reason": r,
  "doubled": bool, "points": [per seat]}`` with ``r`` one of ``"king"``, ``"queens"``,
  ``"diamonds"``, ``"ten"`` (ended early, RZ-7), ``"tricks"`` (all tricks played) or
  ``"layout"``
- ``{"seat": None, "kind": "deal", "deal": d, "chooser": s}``: the next deal is dealt
- ``{"seat": None, "kind": "match_over", "winners": [seats], "scores": [per seat]}``

Helpers for bots, which work on a view as well as in the engine: :func:`rank_of`,
:func:`suit_of`, :func:`rank_value`, :func:`deck_ranks`, :func:`lowest_rank`,
:func:`trick_winner`, :func:`trick_playable`, :func:`layout_valid`,
:func:`layout_playable`, :func:`deal_points`, :func:`placing_points`, :func:`winners`,
:func:`sort_hand`, and the table :data:`SUB_GAMES`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ...engine.core import Choice, GameSpec, GameState, IllegalAction, Integer, Integers, replace_at
from ...i18n import _, N_, ngettext
from ...engine.rng import constrained_deal, drawn_seed, make_rng, shuffled

# -- cards (RZ-1, RZ-2) ---------------------------------------------------------------------
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
SUITS = ("H", "D", "C", "S")
# Suit names, marked with N_: translated with _() where shown.
SUIT_NAMES = {"H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "S": N_("spades")}
HAND_SIZE = 8
ALL_CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
RANK = {card: card[:-1] for card in ALL_CARDS}
SUIT = {card: card[-1] for card in ALL_CARDS}
VALUE = {card: RANKS.index(card[:-1]) for card in ALL_CARDS}
CARD_ORDER = {card: (SUITS.index(card[-1]), VALUE[card]) for card in ALL_CARDS}
CARD_AT = {(suit, value): rank + suit for suit in SUITS for value, rank in enumerate(RANKS)}


def rank_of(card: str) -> str:
    """``"10"`` for ``"10C"``."""
    return RANK[card]


def suit_of(card: str) -> str:
    """``"C"`` for ``"10C"``."""
    return SUIT[card]


def rank_value(card: str) -> int:
    """RZ-2: the card's place in the rank order, 0 for a 2 up to 12 for an Ace."""
    return VALUE[card]


def deck_ranks(players: int) -> tuple:
    """RZ-1: the ranks in play, low to high: from the Ace down, two ranks per player."""
    return RANKS[-2 * players:]


def lowest_rank(players: int) -> str:
    """RZ-8: the deck's lowest rank (9, 7, 5, 3 for 3, 4, 5, 6 players)."""
    return deck_ranks(players)[0]


@lru_cache(maxsize=None)
def deck(players: int) -> tuple:
    """RZ-1: every card in play with ``players`` players, by suit then rank."""
    ranks = deck_ranks(players)
    return tuple(card for card in ALL_CARDS if RANK[card] in ranks)


@lru_cache(maxsize=None)
def suit_in_play(players: int, suit: str) -> frozenset:
    """The cards of ``suit`` in play with ``players`` players (RZ-1)."""
    return frozenset(card for card in deck(players) if SUIT[card] == suit)


def sort_hand(cards) -> tuple:
    """Cards sorted by suit (hearts, diamonds, clubs, spades), then rank."""
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


# -- sub-games (RZ-7, RZ-8) -----------------------------------------------------------------
@dataclass(frozen=True)
class SubGame:
    """One sub-game as data.

    ``card_keys`` are the options giving points per card taken (see :data:`SCORED_BY`);
    ``trick_key`` the option giving points per trick taken, or None; ``ends_early``: the
    deal stops once no card it scores is left in a hand; ``layout``: the Rentz layout game,
    scored by placings instead."""

    id: str
    name: str
    card_keys: tuple = ()
    trick_key: str | None = None
    ends_early: bool = False
    layout: bool = False


SUB_GAMES = (  # names marked with N_: translated with _() where shown ("Rentz" is a name)
    SubGame("king", N_("King of hearts"), ("king",), ends_early=True),
    SubGame("queens", N_("Queens"), ("queen",), ends_early=True),
    SubGame("diamonds", N_("Diamonds"), ("diamond",), ends_early=True),
    SubGame("tricks", N_("Tricks"), trick_key="trick"),
    SubGame("totals", N_("Totals"), ("king", "queen", "diamond"), trick_key="trick"),
    SubGame("ten", N_("Ten of clubs"), ("ten",), ends_early=True),
    SubGame("whist", N_("Whist"), trick_key="whist"),
    SubGame("rentz", "Rentz", layout=True),
)
SUB_GAME = {game.id: game for game in SUB_GAMES}
SUB_GAME_IDS = tuple(SUB_GAME)
SCORED_BY = {  # option key: the cards it scores (the Q♦ is both a queen and a diamond)
    "king": frozenset({"KH"}),
    "queen": frozenset(card for card in ALL_CARDS if RANK[card] == "Q"),
    "diamond": frozenset(card for card in ALL_CARDS if SUIT[card] == "D"),
    "ten": frozenset({"10C"}),
}
SCORING_CARDS = {game.id: frozenset().union(*(SCORED_BY[key] for key in game.card_keys))
                 for game in SUB_GAMES}


def trick_winner(trick) -> int:
    """RZ-6: the seat whose card wins ``trick`` (``[seat, card]`` pairs in play order):
    the highest card of the suit led; there are no trumps."""
    led = SUIT[trick[0][1]]
    return max((VALUE[card], seat) for seat, card in trick if SUIT[card] == led)[1]


def trick_playable(hand, trick) -> tuple:
    """RZ-6: the cards of ``hand`` that may go to ``trick``: any to lead, else the cards of
    the suit led if the hand has one, else any."""
    if not trick:
        return tuple(hand)
    led = SUIT[trick[0][1]]
    return tuple(card for card in hand if SUIT[card] == led) or tuple(hand)


def layout_valid(card: str, layout) -> bool:
    """RZ-8: may ``card`` be laid? ``layout`` maps each suit letter to its row's
    ``[lowest, highest]`` cards, or None before that suit's Jack (as in the view).
    A Jack starts its row; another card must be next in rank to one end of its row."""
    row = layout[SUIT[card]]
    if row is None:
        return RANK[card] == "J"
    return VALUE[card] == VALUE[row[0]] - 1 or VALUE[card] == VALUE[row[1]] + 1


def layout_playable(hand, layout) -> tuple:
    """RZ-8: the cards of ``hand`` valid in ``layout`` (see :func:`layout_valid`)."""
    return tuple(card for card in hand if layout_valid(card, layout))


def deal_points(sub_game: str, taken_by_seat, tricks_by_seat, options, doubled=False) -> tuple:
    """RZ-7: the points of a trick sub-game per seat, from the cards each seat took, the
    tricks each took and the point ``options`` (a mapping with keys ``king``, ``queen``,
    ``diamond``, ``trick``, ``ten``, ``whist``); twice as many when ``doubled`` (RZ-4)."""
    game = SUB_GAME[sub_game]
    factor = 2 if doubled else 1
    per_trick = options[game.trick_key] if game.trick_key else 0
    return tuple(
        factor * (sum(options[key] * sum(card in SCORED_BY[key] for card in taken)
                      for key in game.card_keys) + per_trick * tricks)
        for taken, tricks in zip(taken_by_seat, tricks_by_seat))


def placing_points(order, placings, doubled=False) -> tuple:
    """RZ-9: the Rentz points per seat; ``order`` lists every seat by the place it took
    (first out first), ``placings`` the points per place; doubled under RZ-4."""
    factor = 2 if doubled else 1
    points = [0] * len(order)
    for place, seat in enumerate(order):
        points[seat] = factor * placings[place]
    return tuple(points)


def winners(scores) -> list:
    """RZ-5: the seats on exactly 0 if any, else the seats with the highest total."""
    target = 0 if 0 in scores else max(scores)
    return [seat for seat, score in enumerate(scores) if score == target]


# -- options (RZ-10) ------------------------------------------------------------------------
POINTS_RANGE = {"minimum": -1000, "maximum": 1000}
OPTIONS = (
    Integer("king", N_("King of hearts"), -200,
            N_("Points for whoever takes the K♥ in King of hearts and Totals."), **POINTS_RANGE),
    Integer("queen", N_("Each queen"), -40,
            N_("Points for each queen taken in Queens and Totals."), **POINTS_RANGE),
    Integer("diamond", N_("Each diamond"), -30,
            N_("Points for each diamond taken in Diamonds and Totals."), **POINTS_RANGE),
    Integer("trick", N_("Each trick (Tricks, Totals)"), -50,
            N_("Points for each trick taken in Tricks and Totals."), **POINTS_RANGE),
    Integer("ten", N_("Ten of clubs"), 200,
            N_("Points for whoever takes the 10♣ in Ten of clubs."), **POINTS_RANGE),
    Integer("whist", N_("Each trick (Whist)"), 50, N_("Points for each trick taken in Whist."),
            **POINTS_RANGE),
    Integers("placings", N_("Rentz placings"),
             {3: (400, 200, 0), 4: (400, 200, 100, 0), 5: (400, 200, 100, 50, 0),
              6: (400, 200, 100, 50, 25, 0)},
             N_("Points in the Rentz game by the order in which hands run empty, first to"
                " last."), **POINTS_RANGE),
    Choice("blind", N_("Blind choice"), "off",
           # TRANSLATORS: "off", "double" and "plain" are the names of this option's buttons.
           N_("off: choose after seeing the hand; double: the chooser may choose before"
              " looking, and then that deal counts twice; plain: every sub-game is chosen"
              " before the hand is seen, at normal value."),
           choices=("off", "double", "plain"), names=(N_("off"), N_("double"), N_("plain"))),
    Choice("practice", N_("Practice"), "off",
           # TRANSLATORS: "off" is the name of this option's first button.
           N_("off: the whole match. A sub-game: one deal of just that sub-game, to practise;"
              " you (seat 1) lead it."),
           choices=("off",) + SUB_GAME_IDS,
           names=(N_("off"),) + tuple(game.name for game in SUB_GAMES), practice=True),
)
OPTION_KEYS = tuple(option.key for option in OPTIONS)
PHASE_OF = {False: "trick", True: "layout"}  # by SubGame.layout


# -- the state ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RentzState(GameState):
    """A position of a Rentz match.

    Where every card of the deal is (:meth:`card_locations`): ``hands`` (sorted, per
    seat), ``trick`` (``(seat, card)`` pairs in play order), ``taken`` (per seat, in the
    order taken) and ``layout`` (per suit of :data:`SUITS`, the row's ``(lowest, highest)``
    cards or None; a row holds every rank between them).

    ``deal`` is the deal's index; its chooser is ``deal % players`` (RZ-3). ``phase`` is
    ``"choose"``, ``"trick"``, ``"layout"`` or ``"over"``. ``blind_pending``: the chooser
    has not seen the hand and may still choose blind (RZ-4); ``doubled``: this deal counts
    twice. ``tricks`` counts tricks per seat; ``last_trick``/``last_winner`` are the trick
    just completed. ``finished`` lists the seats that emptied their hands in the layout
    game; ``skipped`` is the seat that lost its turn with the last action (RZ-8).
    ``lacks`` holds per seat, sorted, the cards of this deal it has shown it does not
    hold: every card of a suit it did not follow (RZ-6), and every card that fitted the
    layout when it passed or when its Ace gave it no move again (RZ-8); public, as the
    play that showed it.
    ``sheet`` holds one ``(chooser, sub_game, doubled, points)`` entry per finished deal;
    ``options`` the match's options as ``(key, value)`` pairs.
    """

    flat_actions = True

    players: int
    seed: str
    options: tuple
    deal: int
    phase: str
    hands: tuple
    current: int
    sub_game: str | None = None
    blind_pending: bool = False
    doubled: bool = False
    trick: tuple = ()
    last_trick: tuple = ()
    last_winner: int | None = None
    taken: tuple = ()
    tricks: tuple = ()
    layout: tuple = (None, None, None, None)
    finished: tuple = ()
    skipped: int | None = None
    sheet: tuple = ()
    lacks: tuple = ()

    def _with(self, **changes) -> "RentzState":
        """``dataclasses.replace`` without its per-field checks (bots replay whole matches):
        a copy of the fields with ``changes``; the worked-out legal actions are not
        carried over, the options are (they never change)."""
        state = object.__new__(RentzState)
        state.__dict__.update(self.__dict__)
        state.__dict__.pop("_legal", None)
        state.__dict__.update(changes)
        return state

    # -- queries -----------------------------------------------------------------------
    @cached_property
    def opts(self) -> dict:
        return dict(self.options)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def current_player(self):
        return None if self.is_over else self.current

    @property
    def chooser(self) -> int:
        return self.deal % self.players

    @property
    def deals(self) -> int:
        """RZ-3: 8 × players deals, or one in practice."""
        return 1 if self.opts["practice"] != "off" else len(SUB_GAMES) * self.players

    @property
    def rows(self) -> dict:
        """The layout by suit letter, as :func:`layout_valid` takes it."""
        return dict(zip(SUITS, self.layout))

    def chosen(self) -> tuple:
        """Per seat, the sub-games it has chosen so far, this deal's included."""
        chosen = [[] for _ in range(self.players)]
        for chooser, sub_game, _, _ in self.sheet:
            chosen[chooser].append(sub_game)
        if self.phase in PHASE_OF.values():
            chosen[self.chooser].append(self.sub_game)
        return tuple(tuple(ids) for ids in chosen)

    def remaining(self) -> tuple:
        """The sub-games the chooser may still choose, in :data:`SUB_GAME_IDS` order."""
        done = self.chosen()[self.chooser]
        return tuple(game for game in SUB_GAME_IDS if game not in done)

    def scores(self) -> tuple:
        """Match totals per seat, from the finished deals."""
        return tuple(sum(entry[3][seat] for entry in self.sheet) for seat in range(self.players))

    def legal_actions(self) -> tuple:
        return self._legal

    @cached_property
    def _legal(self) -> tuple:
        """Worked out once per state (a state never changes)."""
        hand = self.hands[self.current]
        if self.phase == "choose":
            look = (("look",),) if self.blind_pending and self.opts["blind"] == "double" else ()
            return tuple(("choose", game) for game in self.remaining()) + look
        if self.phase == "trick":
            return tuple(("play", card) for card in trick_playable(hand, self.trick))
        if self.phase == "layout":
            cards = layout_playable(hand, self.rows)
            return tuple(("play", card) for card in cards) or (("pass",),)
        return ()

    def forced_action(self):
        """RZ-8: a layout seat with no valid card passes; the app does it for them."""
        return ("pass",) if self._legal == (("pass",),) else None

    # -- transitions -------------------------------------------------------------------
    def apply(self, action) -> "RentzState":
        if self.is_over:
            raise IllegalAction(_("the match is over"))
        if not isinstance(action, (tuple, list)) or not action:
            raise IllegalAction(_("an action is a list such as {example}, not {action}").format(
                example='["play", "10C"]', action=f"{action!r:.40}"))
        kind = action[0]
        entry = ACTIONS.get(kind) if isinstance(kind, str) else None
        if entry is None:
            raise IllegalAction(_("there is no action {kind} in Rentz (choose, look, play or"
                                  " pass)").format(kind=f"{kind!r:.40}"))
        handler, size, phases = entry
        if len(action) != size:
            raise IllegalAction(ngettext("“{kind}” takes {count} argument, not {given}",
                                         "“{kind}” takes {count} arguments, not {given}",
                                         size - 1).format(kind=kind, count=size - 1,
                                                          given=len(action) - 1))
        if self.phase not in phases:
            raise IllegalAction(_("“{kind}” is not allowed now: {needs}").format(
                kind=kind, needs=_(PHASE_NEEDS[self.phase])))
        return handler(self, *action[1:])

    def _choose(self, sub_game) -> "RentzState":
        if not isinstance(sub_game, str) or sub_game not in SUB_GAME:
            raise IllegalAction(_("there is no sub-game {sub_game} (choose from {ids})").format(
                sub_game=f"{sub_game!r:.40}", ids=", ".join(SUB_GAME_IDS)))
        if sub_game not in self.remaining():
            raise IllegalAction(_("seat {seat} has already chosen {sub_game}: each player"
                                  " chooses each sub-game once").format(
                seat=self.chooser + 1, sub_game=sub_game))
        doubled = self.blind_pending and self.opts["blind"] == "double"
        return self._begin(sub_game, doubled)

    def _look(self) -> "RentzState":
        if not (self.blind_pending and self.opts["blind"] == "double"):
            raise IllegalAction(_("there is nothing to look at first: looking is for a blind"
                                  " choice under the double house rule, before choosing"))
        return self._with(blind_pending=False)

    def _begin(self, sub_game: str, doubled: bool) -> "RentzState":
        """The chooser starts the chosen sub-game: leads or lays first (RZ-6, RZ-8)."""
        return self._with(sub_game=sub_game, phase=PHASE_OF[SUB_GAME[sub_game].layout],
                          blind_pending=False, doubled=doubled, current=self.chooser)

    def _play(self, card) -> "RentzState":
        hand = self.hands[self.current]
        if card not in hand:
            shown = card if isinstance(card, str) else repr(card)
            raise IllegalAction(_("{card} is not in your hand").format(card=shown[:40]))
        if self.phase == "trick":
            return self._follow(card)
        return self._lay(card)

    def _without(self, card: str) -> tuple:
        """The hands with ``card`` gone from the current seat's hand."""
        hand = tuple(c for c in self.hands[self.current] if c != card)
        return replace_at(self.hands, self.current, hand)

    def _follow(self, card: str) -> "RentzState":
        """RZ-6: a card to the trick; a full trick goes to its winner, who leads next."""
        if card not in trick_playable(self.hands[self.current], self.trick):
            led = SUIT[self.trick[0][1]]
            raise IllegalAction(_("you must follow {suit}: you hold {suit}").format(
                suit=_(SUIT_NAMES[led])))
        trick = self.trick + ((self.current, card),)
        hands, lacks = self._without(card), self._lacking_suit(card)
        if len(trick) < self.players:
            return self._with(hands=hands, trick=trick, lacks=lacks,
                              current=(self.current + 1) % self.players)
        winner = trick_winner(trick)
        state = self._with(
            hands=hands, lacks=lacks, trick=(), last_trick=trick, last_winner=winner,
            current=winner,
            taken=replace_at(self.taken, winner, self.taken[winner] + tuple(c for _, c in trick)),
            tricks=replace_at(self.tricks, winner, self.tricks[winner] + 1))
        return state._end_deal() if state._tricks_done() else state

    def _lacking_suit(self, card: str) -> tuple:
        """``lacks`` after the current seat plays ``card`` to the trick: a card off the
        suit led shows that the seat holds none of that suit (RZ-6)."""
        if not self.trick or SUIT[self.trick[0][1]] == SUIT[card]:
            return self.lacks
        return self._lacking(self.current, suit_in_play(self.players, SUIT[self.trick[0][1]]))

    def _lacking(self, seat: int, cards) -> tuple:
        """``lacks`` with ``cards`` added to ``seat``'s."""
        return replace_at(self.lacks, seat, sort_hand(set(self.lacks[seat]).union(cards)))

    def _nothing_fits(self, seat: int) -> "RentzState":
        """``seat`` has shown that no card of its hand fits the layout (RZ-8)."""
        fits = (card for card in deck(self.players) if layout_valid(card, self.rows))
        return self._with(lacks=self._lacking(seat, fits))

    def _tricks_done(self) -> bool:
        """RZ-7: all tricks played, or (sub-games that end early) no scoring card left."""
        if not self.hands[0]:
            return True
        scoring = SCORING_CARDS[self.sub_game]
        return (SUB_GAME[self.sub_game].ends_early
                and not any(card in scoring for hand in self.hands for card in hand))

    def _lay(self, card: str) -> "RentzState":
        """RZ-8: a card to the layout; then the next move, placings or the deal's end."""
        if not layout_valid(card, self.rows):
            raise IllegalAction(self._layout_refusal(card))
        seat, suit = self.current, SUIT[card]
        row = self.layout[SUITS.index(suit)]
        row = (card, card) if row is None else (
            (card, row[1]) if VALUE[card] < VALUE[row[0]] else (row[0], card))
        state = self._with(hands=self._without(card), skipped=None,
                           layout=replace_at(self.layout, SUITS.index(suit), row))
        hand = state.hands[seat]
        if not hand:
            state = state._with(finished=state.finished + (seat,))
        if sum(1 for h in state.hands if h) <= 1:
            return state._end_deal()
        if RANK[card] == "A":
            if layout_playable(hand, state.rows):
                return state
            state = state._nothing_fits(seat)
        skip = next_holder(state.hands, seat) if RANK[card] == lowest_rank(self.players) else None
        return state._move_on(seat, skip)

    def _layout_refusal(self, card: str) -> str:
        """Why ``card`` may not be laid now (RZ-8)."""
        row = self.rows[SUIT[card]]
        suit = _(SUIT_NAMES[SUIT[card]])
        if row is None:
            return _("{card} cannot be laid yet: the {suit} row starts with its Jack"
                     ).format(card=card, suit=suit)
        return _("{card} does not fit: the {suit} row runs from {low} to {high}, and a card"
                 " must be next in rank to one of its ends").format(
            card=card, suit=suit, low=row[0], high=row[1])

    def _pass(self) -> "RentzState":
        if self._legal != (("pass",),):
            raise IllegalAction(_("you have a valid card, so you must play one: only a player"
                                  " with none passes"))
        return self._nothing_fits(self.current)._with(skipped=None)._move_on(self.current, None)

    def _move_on(self, seat: int, skip) -> "RentzState":
        """The turn goes to the next seat still holding cards; a ``skip`` seat (RZ-8: the
        lowest rank was just played) loses that turn, whether or not it could play."""
        following = next_holder(self.hands, seat)
        if following == skip:
            return self._with(skipped=skip, current=next_holder(self.hands, skip))
        return self._with(current=following)

    def _end_deal(self) -> "RentzState":
        """RZ-7/RZ-9: score the deal onto the sheet; deal the next one or end the match."""
        points = self.deal_result()
        entry = (self.chooser, self.sub_game, self.doubled, points)
        state = self._with(sheet=self.sheet + (entry,))
        if len(state.sheet) == self.deals:
            return state._with(phase="over")
        return start_deal(state, self.deal + 1)

    def deal_result(self) -> tuple:
        """The points per seat of the deal as it stands (layout: holders by seat order)."""
        if SUB_GAME[self.sub_game].layout:
            rest = tuple(seat for seat in range(self.players) if seat not in self.finished)
            return placing_points(self.finished + rest, self.opts["placings"], self.doubled)
        return deal_points(self.sub_game, self.taken, self.tricks, self.opts, self.doubled)

    # -- outcome, view, events ---------------------------------------------------------
    def result(self) -> dict:
        scores = self.scores()
        by_sub_game = {game: [0] * self.players for game in SUB_GAME_IDS}
        for _, sub_game, _, points in self.sheet:
            by_sub_game[sub_game] = [a + b for a, b in zip(by_sub_game[sub_game], points)]
        return {"over": self.is_over, "players": self.players, "scores": list(scores),
                "winners": winners(scores) if self.is_over else [],
                "deals_played": len(self.sheet), "by_sub_game": by_sub_game}

    def returns(self) -> tuple:
        return self.scores()

    def hand_hidden(self, seat: int) -> bool:
        """RZ-4: a chooser who may still choose blind has not seen the hand."""
        return self.blind_pending and seat == self.chooser

    def _void(self, seat: int, suit: str) -> bool:
        """Has ``seat`` shown it holds no card of ``suit`` this deal?"""
        return suit_in_play(self.players, suit).issubset(self.lacks[seat])

    def seat_view(self, seat: int) -> dict:
        """RZ-11: everything public and the seat's own hand (empty while its blind choice
        is pending). Keys are listed in ``seeds/rentz.md``."""
        leader = {"choose": self.chooser,
                  "trick": self.trick[0][0] if self.trick else self.current}.get(self.phase)
        scores = self.scores()
        return {
            "game": "rentz",
            "seat": seat,
            "players": self.players,
            "current": self.current_player,
            "phase": self.phase,
            "hand": [] if self.hand_hidden(seat) else list(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "deal": self.deal,
            "deals": self.deals,
            "sub_game": self.sub_game,
            "chooser": self.chooser,
            "leader": leader,
            "blind": self.opts["blind"],
            "blind_pending": self.blind_pending,
            "doubled": self.doubled,
            "trick": [list(pair) for pair in self.trick],
            "last_trick": ({"cards": [list(pair) for pair in self.last_trick],
                            "winner": self.last_winner} if self.last_trick else None),
            "taken": [list(cards) for cards in self.taken],
            "tricks": list(self.tricks),
            "layout": {suit: list(row) if row else None for suit, row in self.rows.items()},
            "finished": list(self.finished),
            "skip": self.skipped,
            "lacks": [list(cards) for cards in self.lacks],
            "voids": [[suit for suit in SUITS if self._void(other, suit)]
                      for other in range(self.players)],
            "lowest_rank": lowest_rank(self.players),
            "chosen": [list(ids) for ids in self.chosen()],
            "scores": list(scores),
            "sheet": [{"deal": deal, "chooser": chooser, "sub_game": sub_game,
                       "doubled": doubled, "points": list(points)}
                      for deal, (chooser, sub_game, doubled, points) in enumerate(self.sheet)],
            "options": {key: list(value) if isinstance(value, tuple) else value
                        for key, value in self.options},
            "over": self.is_over,
            "winners": winners(scores) if self.is_over else [],
        }

    def events(self, action, after: "RentzState") -> list:
        """What ``action`` did here, giving ``after`` (kinds in the module docstring)."""
        seat, kind = self.current, action[0]
        if kind == "choose":
            events = [{"seat": seat, "kind": "choose", "sub_game": action[1],
                       "blind": self.blind_pending}]
        elif kind == "play" and self.phase == "trick":
            events = self._trick_events(action[1])
        else:
            events = self._layout_events(action, after)
        if after.deal != self.deal or after.is_over:
            entry = after.sheet[len(self.sheet)]
            events.append({"seat": None, "kind": "deal_over", "deal": self.deal,
                           "sub_game": self.sub_game, "reason": self._end_reason(action),
                           "doubled": self.doubled, "points": list(entry[3])})
        if after.is_over:
            events.append({"seat": None, "kind": "match_over",
                           "winners": winners(after.scores()), "scores": list(after.scores())})
        elif after.deal != self.deal:
            events.append({"seat": None, "kind": "deal", "deal": after.deal,
                           "chooser": after.chooser})
        return events

    def _trick_events(self, card: str) -> list:
        events = [{"seat": self.current, "kind": "play", "card": card}]
        trick = self.trick + ((self.current, card),)
        if len(trick) == self.players:
            events.append({"seat": None, "kind": "trick", "winner": trick_winner(trick),
                           "cards": [list(pair) for pair in trick]})
        return events

    def _layout_events(self, action, after: "RentzState") -> list:
        seat = self.current
        if action[0] != "play":
            events = [{"seat": seat, "kind": action[0]}]
        else:
            events = [{"seat": seat, "kind": "play", "card": action[1]}]
            if len(self.hands[seat]) == 1:
                events.append({"seat": seat, "kind": "out", "place": len(self.finished) + 1})
            elif (RANK[action[1]] == "A" and after.deal == self.deal
                  and after.current == seat and not after.is_over):
                events.append({"seat": seat, "kind": "again"})
        if after.deal == self.deal and after.skipped is not None:
            events.append({"seat": None, "kind": "skip", "skipped": after.skipped})
        return events

    def _end_reason(self, action) -> str:
        """Why the deal that ``action`` ended is over (see ``deal_over`` events)."""
        if self.phase == "layout":
            return "layout"
        return "tricks" if sum(map(len, self.hands)) == 1 else self.sub_game

    def reveals_hidden(self, action) -> bool:
        """Every card played (or passed on) stays public; a choice shows something only when
        it is blind, since it deals the hand to its chooser; looking shows the hand."""
        return action[0] != "choose" or self.blind_pending

    def card_locations(self) -> dict:
        places = {f"hand {seat + 1}": hand for seat, hand in enumerate(self.hands)}
        places["trick"] = tuple(card for _, card in self.trick)
        places.update({f"taken {seat + 1}": cards for seat, cards in enumerate(self.taken)})
        places["layout"] = tuple(
            CARD_AT[suit, value] for suit, row in self.rows.items() if row
            for value in range(VALUE[row[0]], VALUE[row[1]] + 1))
        return places

    def unseen_shuffled(self, seat: int, rng) -> "RentzState":
        """The hands ``seat`` cannot see (every other seat's; its own too while its blind
        choice is pending) dealt again among themselves, each keeping its size and none
        getting a card it has shown it lacks (``lacks``); the later deals too, from a seed
        drawn from ``rng``."""
        hidden = [s for s in range(self.players) if s != seat or self.hand_hidden(s)]
        dealt = constrained_deal(sorted(card for s in hidden for card in self.hands[s]),
                                 {s: len(self.hands[s]) for s in hidden},
                                 {s: set(self.lacks[s]) for s in hidden}, rng)
        hands = list(self.hands)
        for s in hidden:
            hands[s] = sort_hand(dealt[s])
        return self._with(hands=tuple(hands), seed=drawn_seed(rng))


ACTIONS = {  # kind: (handler, tuple length, phases where it is allowed)
    "choose": (RentzState._choose, 2, ("choose",)),
    "look": (RentzState._look, 1, ("choose",)),
    "play": (RentzState._play, 2, ("trick", "layout")),
    "pass": (RentzState._pass, 1, ("layout",)),
}
PHASE_NEEDS = {  # marked with N_, translated where raised
    "choose": N_("the chooser picks a sub-game first"),
    "trick": N_("play a card to the trick"),
    "layout": N_("lay a valid card, or pass only when none fits"),
}


def next_holder(hands, seat: int) -> int:
    """The next seat clockwise after ``seat`` that still holds cards (``hands``: per seat,
    its cards or their number; ``seat`` itself when no other seat holds any)."""
    players = len(hands)
    for step in range(1, players + 1):
        following = (seat + step) % players
        if hands[following]:
            return following
    return seat


def deal_hands(players: int, seed: str, deal: int) -> tuple:
    """RZ-1/RZ-3: the sorted hands of deal ``deal``, from the seed alone."""
    cards = shuffled(deck(players), make_rng(seed, f"deal-{deal}"))
    return tuple(sort_hand(cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])
                 for seat in range(players))


def start_deal(state: RentzState, deal: int) -> RentzState:
    """Deal ``deal`` dealt: its chooser chooses (blind as RZ-4 allows: not the last
    sub-game under "double"), or, in practice, starts the set sub-game at once."""
    players = state.players
    fresh = state._with(deal=deal, phase="choose", hands=deal_hands(players, state.seed, deal),
                        current=deal % players, sub_game=None, doubled=False, trick=(),
                        last_trick=(), last_winner=None, taken=((),) * players,
                        tricks=(0,) * players, layout=(None,) * len(SUITS), finished=(),
                        skipped=None, lacks=((),) * players)
    practice, blind = state.opts["practice"], state.opts["blind"]
    if practice != "off":
        return fresh._begin(practice, False)
    pending = blind == "plain" or (blind == "double" and len(fresh.remaining()) > 1)
    return fresh._with(blind_pending=pending)


def new_game(players: int, options: dict, seed: str) -> RentzState:
    values = tuple((key, options[key]) for key in OPTION_KEYS)
    state = RentzState(players=players, seed=seed, options=values, deal=0, phase="choose",
                       hands=((),) * players, current=0)
    return start_deal(state, 0)


def max_actions(players: int) -> int:
    """A bound on a match's actions: per deal a look, a choice and at most every card laid
    with every other seat passing before each (8 × players deals)."""
    cards = HAND_SIZE * players
    return len(SUB_GAMES) * players * (2 + cards * players)


def summarize(results: list) -> dict:
    """The simulator's figures: each seat's share of matches won (a shared win counts),
    its average final score, and per sub-game the average points per seat and match."""
    games = len(results)
    players = results[0]["players"] if results else 0
    seats = range(players)
    return {
        "win_rate_by_seat": [sum(seat in r["winners"] for r in results) / games
                             for seat in seats],
        "avg_score_by_seat": [sum(r["scores"][seat] for r in results) / games
                              for seat in seats],
        "points_by_sub_game": {game: [sum(r["by_sub_game"][game][seat] for r in results) / games
                                      for seat in seats] for game in SUB_GAME_IDS},
    }


SPEC = GameSpec(
    id="rentz",
    name="Rentz",
    min_players=3,
    max_players=6,
    options=OPTIONS,
    new_game=new_game,
    state_type=RentzState,
    summarize=summarize,
    cards=deck,
    max_actions=max_actions,
    package=__package__,
    summary=N_("Eight sub-games per player: dodge the king, queens, diamonds and tricks, take"
               " the ten of clubs and tricks, then race to empty your hand."),
)
