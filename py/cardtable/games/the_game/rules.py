"""The Game (Steffen Benndorf): the rules of ``seeds/the-game.md``, ids TG-1..TG-14.

The team plays the 98 cards 2..99 onto four piles: two go up from 1, two go down from 100.
Actions (tuples):

- ``("play", card, pile)``: play a card from the active hand onto pile 0..3 (TG-4, TG-5).
- ``("end",)``: end the turn and draw (TG-6); allowed once the minimum is met.
- ``("signal", pile, kind)``: raise, or clear when it shows, a ``hold`` or ``small``
  signal on a pile (TG-13); it carries no number, and each pile's signals change at most
  once a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations

from ...engine.core import Choice, GameSpec, GameState, IllegalAction, replace_at
from ...i18n import _, N_, ngettext
from ...engine.rng import make_rng, shuffled

CARDS = tuple(range(2, 100))  # TG-1
PILE_DIRS = ("up", "up", "down", "down")  # TG-1
PILE_STARTS = (1, 1, 100, 100)
HAND_SIZES = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}  # TG-2
SIGNAL_KINDS = ("hold", "small")  # TG-13
EXCELLENT_BELOW = 10  # TG-10

OPTIONS = (
    Choice("min_cards", N_("Minimum cards per turn"), 2,
           N_("2 is the classic game; 3 is expert mode. Once the draw pile is empty, one card"
              " a turn is enough (in expert mode too)."), choices=(2, 3)),
    Choice("small_hands", N_("Smaller hands"), False,
           N_("An expert option: every hand holds one card fewer (7 alone, 6 for two, 5 for"
              " three to five)."), choices=(False, True), names=(N_("off"), N_("on"))),
    Choice("start", N_("Who starts"), "first",
           # TRANSLATORS: "first" and "team" are the names of this option's two buttons.
           N_("first: seat 1 (you) starts. team: the seat that can open with the smallest"
              " jumps on the piles starts."),
           choices=("first", "team"), names=(N_("first"), N_("team"))),
)


def fits(card: int, direction: str, top: int) -> bool:
    """TG-5: may ``card`` go on a pile going ``direction`` whose top is ``top``?"""
    if direction == "up":
        return card > top or card == top - 10
    return card < top or card == top + 10


def is_backwards(card: int, direction: str, top: int) -> bool:
    """Whether playing ``card`` there is the backwards trick (exactly 10 the other way)."""
    return card == (top - 10 if direction == "up" else top + 10)


def distance(card: int, direction: str, top: int) -> int:
    """How far a card moves a pile along its direction (negative for a backwards trick)."""
    return card - top if direction == "up" else top - card


def cheapest_opening(hand, tops, count: int) -> int | None:
    """The least total distance of ``count`` legal cards from ``hand`` (None if impossible)."""
    best = None
    for cards in permutations(hand, count):
        cost = _cheapest_path(cards, list(tops))
        if cost is not None and (best is None or cost < best):
            best = cost
    return best


def _cheapest_path(cards, tops) -> int | None:
    if not cards:
        return 0
    card, rest = cards[0], cards[1:]
    best = None
    for pile, top in enumerate(tops):
        if fits(card, PILE_DIRS[pile], top):
            tops[pile] = card
            tail = _cheapest_path(rest, tops)
            tops[pile] = top
            if tail is not None:
                cost = distance(card, PILE_DIRS[pile], top) + tail
                best = cost if best is None or cost < best else best
    return best


def can_play_sequence(hand, tops, count: int) -> bool:
    """TG-9: is there a legal sequence of ``count`` cards from ``hand`` on these tops?"""
    if count <= 0:
        return True
    tops = list(tops)
    for i, card in enumerate(hand):
        for pile, top in enumerate(tops):
            if fits(card, PILE_DIRS[pile], top):
                tops[pile] = card
                ok = can_play_sequence(hand[:i] + hand[i + 1:], tops, count - 1)
                tops[pile] = top
                if ok:
                    return True
    return False


def misfit_words(card: int, pile: int, direction: str, top: int) -> str:
    """Why ``card`` does not fit ``pile`` (TG-5), in words."""
    if direction == "up":
        # TRANSLATORS: {pile} is a pile's name such as ↑1 (rising) or ↓2 (falling).
        text = _("{card} cannot go on {pile} (top {top}): it must be higher than {top} or"
                 " exactly {back}")
    else:
        text = _("{card} cannot go on {pile} (top {top}): it must be lower than {top} or"
                 " exactly {back}")
    back = top - 10 if direction == "up" else top + 10
    return text.format(card=card, pile=pile_name(pile), top=top, back=back)


def pile_name(pile: int) -> str:
    """How the table names a pile: ↑1 ↑2 ↓1 ↓2."""
    return ("↑1", "↑2", "↓1", "↓2")[pile]


@dataclass(frozen=True)
class TheGameState(GameState):
    """A position of The Game. ``hands`` are sorted; ``deck[0]`` is drawn next;
    ``piles`` hold every card played (the start card first); ``signals`` are
    ``(pile, kind, seat)`` triples and ``signalled`` the piles whose signals changed this
    turn (TG-13, once per pile); ``outcome`` is "" while playing, else
    "won", "blocked" (no legal sequence at a turn's start) or "stuck"
    (fewer than the minimum played and no legal card left), see TG-9/TG-10."""

    flat_actions = True

    players: int
    min_cards: int
    hand_size: int
    hands: tuple
    deck: tuple
    piles: tuple
    current: int
    played: tuple = ()
    signals: tuple = ()
    signalled: tuple = ()
    outcome: str = ""
    turn: int = 1

    # -- queries ---------------------------------------------------------
    @property
    def current_player(self):
        return None if self.outcome else self.current

    @property
    def is_over(self) -> bool:
        return bool(self.outcome)

    @property
    def tops(self) -> tuple:
        return tuple(pile[-1] for pile in self.piles)

    @property
    def required(self) -> int:
        """Cards the active player must play this turn (TG-4, TG-7, TG-11)."""
        return self.min_cards if self.deck else 1

    @property
    def cards_left(self) -> int:
        """TG-10: cards not played (all hands plus the draw pile)."""
        return len(self.deck) + sum(len(hand) for hand in self.hands)

    def can_end_turn(self) -> bool:
        hand = self.hands[self.current]
        return not self.outcome and (len(self.played) >= self.required or not hand)

    def playable(self):
        """Every legal ``(card, pile)`` for the active player (TG-5)."""
        if self.outcome:
            return []
        # fits() written out: this runs at every action of a review's play-outs
        piles = [(pile, direction == "up", top)
                 for pile, (direction, top) in enumerate(zip(PILE_DIRS, self.tops))]
        return [(card, pile) for card in self.hands[self.current] for pile, up, top in piles
                if (card > top or card == top - 10 if up else card < top or card == top + 10)]

    def legal_actions(self) -> tuple:
        if self.outcome:
            return ()
        actions = [("play", card, pile) for card, pile in self.playable()]
        if self.can_end_turn():
            actions.append(("end",))
        actions.extend(self.signal_actions())
        return tuple(actions)

    def signal_actions(self) -> list:
        """TG-13: a signal change on every pile whose signals did not change this turn."""
        return [("signal", pile, kind) for pile in range(4) if pile not in self.signalled
                for kind in SIGNAL_KINDS]

    # -- transitions -----------------------------------------------------
    def apply(self, action) -> "TheGameState":
        if self.outcome:
            raise IllegalAction(_("the game is over"))
        kind = action[0] if action else None
        if kind == "play" and len(action) == 3:
            return self._play(action[1], action[2])
        if kind == "end" and len(action) == 1:
            return self._end_turn()
        if kind == "signal" and len(action) == 3:
            return self._signal(action[1], action[2])
        raise IllegalAction(_("unknown action {action}").format(action=repr(action)))

    def _play(self, card, pile) -> "TheGameState":
        hand = self.hands[self.current]
        if card not in hand:
            raise IllegalAction(_("{card} is not in the hand of seat {seat}").format(
                card=card, seat=self.current + 1))
        if pile not in range(4):
            raise IllegalAction(_("there is no pile {pile}").format(pile=repr(pile)))
        direction, top = PILE_DIRS[pile], self.piles[pile][-1]
        if not fits(card, direction, top):
            raise IllegalAction(misfit_words(card, pile, direction, top))
        state = self.moved(card, pile)
        if len(state.played) < state.required and state.hands[self.current] \
                and not state.playable():
            state = replace(state, outcome="stuck")  # TG-9, second case
        elif not state.deck and not any(state.hands):
            state = replace(state, outcome="won")  # TG-10: all 98 cards played
        return state

    def _end_turn(self) -> "TheGameState":
        if not self.can_end_turn():
            raise IllegalAction(ngettext(
                "play at least {required} card before ending the turn ({played} played)",
                "play at least {required} cards before ending the turn ({played} played)",
                self.required).format(required=self.required, played=len(self.played)))
        return self.pass_turn(len(self.played))  # TG-6

    def moved(self, card, pile) -> "TheGameState":
        """The state after ``card`` goes from the active hand onto ``pile`` (no checks)."""
        hand = tuple(c for c in self.hands[self.current] if c != card)
        return replace(self, hands=replace_at(self.hands, self.current, hand),
                       piles=replace_at(self.piles, pile, self.piles[pile] + (card,)),
                       played=self.played + ((card, pile),))

    def pass_turn(self, draw: int) -> "TheGameState":
        """The active player draws ``draw`` cards (as far as the deck lasts); the next
        seat with cards starts its turn (TG-8), or the game is won when none has any."""
        drawn = self.deck[:draw]
        hand = tuple(sorted(self.hands[self.current] + drawn))
        state = replace(self, hands=replace_at(self.hands, self.current, hand),
                        deck=self.deck[len(drawn):], played=(), signalled=(),
                        turn=self.turn + 1)
        nxt = state.next_seat_with_cards(self.current)  # TG-8
        if nxt is None:
            return replace(state, outcome="won")
        return replace(state, current=nxt).check_turn_start()

    def next_seat_with_cards(self, seat: int):
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.hands[other]:
                return other
        return None

    def check_turn_start(self) -> "TheGameState":
        """TG-9, first case: the game ends if the active player has no legal sequence."""
        hand = self.hands[self.current]
        if can_play_sequence(hand, self.tops, min(self.required, len(hand))):
            return self
        return replace(self, outcome="blocked")

    def _signal(self, pile, kind) -> "TheGameState":
        if pile not in range(4) or kind not in SIGNAL_KINDS:
            raise IllegalAction(_("no signal {kind} on pile {pile}").format(
                kind=repr(kind), pile=repr(pile)))
        if pile in self.signalled:
            raise IllegalAction(_("the signals on {pile} already changed this turn: one change"
                                  " per pile per turn").format(pile=pile_name(pile)))
        kept = tuple(s for s in self.signals if s[:2] != (pile, kind))
        if len(kept) == len(self.signals):
            kept = tuple(sorted(kept + ((pile, kind, self.current),)))
        return replace(self, signals=kept, signalled=tuple(sorted(self.signalled + (pile,))))

    def showing_signal(self, pile: int, kind: str) -> bool:
        return any(s[:2] == (pile, kind) for s in self.signals)

    # -- outcome and views -------------------------------------------------
    def result(self) -> dict:
        left = self.cards_left
        return {
            "over": self.is_over,
            "won": self.outcome == "won",
            "outcome": self.outcome,
            "cards_left": left,
            "rating": rating(left),
            "turns": self.turn,
            "ending": self.ending(),
        }

    def ending(self):
        """How a lost game ended (TG-9), as data for the end screen; None while playing
        or once won. ``seat`` was to move and had to play ``required`` cards this turn;
        ``played`` are its plays of that turn (``[card, pile]``); ``fitting`` every
        ``[card, pile, top]`` of its hand that fitted a pile by TG-5 at the end, out of
        the ``in_hand`` cards it still held; ``tops`` the four pile tops."""
        if self.outcome in ("", "won"):
            return None
        hand, tops = self.hands[self.current], self.tops
        return {"seat": self.current,
                "required": min(self.required, len(hand) + len(self.played)),
                "played": [list(play) for play in self.played],
                "fitting": [[card, pile, tops[pile]] for card in hand for pile in range(4)
                            if fits(card, PILE_DIRS[pile], tops[pile])],
                "in_hand": len(hand), "tops": list(tops)}

    def returns(self) -> tuple:
        """The team's outcome for every seat: 1 for a win, else 0."""
        return (1.0 if self.outcome == "won" else 0.0,) * self.players

    def seat_view(self, seat: int) -> dict:
        """TG-14: own hand, piles with their history, counts and signals (``signalled``:
        the piles whose signals changed this turn); no hidden cards."""
        return {
            "game": "the-game",
            "seat": seat,
            "players": self.players,
            "current": self.current,
            "hand": list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "hand_size": self.hand_size,
            "piles": [
                {"dir": PILE_DIRS[p], "top": cards[-1], "count": len(cards) - 1,
                 "cards": list(cards[1:])}
                for p, cards in enumerate(self.piles)
            ],
            "deck": len(self.deck),
            "min_cards": self.min_cards,
            "required": self.required,
            "played": [list(p) for p in self.played],
            "can_end": self.can_end_turn() if seat == self.current else False,
            "signals": [{"pile": p, "kind": k, "seat": s} for p, k, s in self.signals],
            "signalled": list(self.signalled),
            "turn": self.turn,
            "over": self.is_over,
            "outcome": self.outcome,
            "cards_left": self.cards_left,
        }

    def card_locations(self) -> dict:
        places = {f"hand {seat + 1}": hand for seat, hand in enumerate(self.hands)}
        places.update({f"pile {pile_name(p)}": cards[1:] for p, cards in enumerate(self.piles)})
        places["draw pile"] = self.deck
        return places

    def reveals_hidden(self, action) -> bool:
        return action[0] == "end"

    def events(self, action, after) -> list:
        """One event: ``play`` (``card``, ``pile``, ``backwards``), ``end`` (``drew``: the
        cards actually drawn) or ``signal`` (``pile``, ``signal``, ``on``: raised or not)."""
        seat, kind = self.current, action[0]
        if kind == "play":
            return [self.play_event(action[1], action[2])]
        if kind == "end":
            return [{"seat": seat, "kind": "end", "drew": len(self.deck) - len(after.deck)}]
        pile, signal = action[1], action[2]
        return [{"seat": seat, "kind": "signal", "pile": pile, "signal": signal,
                 "on": not self.showing_signal(pile, signal)}]

    def play_event(self, card: int, pile: int) -> dict:
        backwards = is_backwards(card, PILE_DIRS[pile], self.piles[pile][-1])
        return {"seat": self.current, "kind": "play", "card": card, "pile": pile,
                "backwards": backwards}

    def unseen_shuffled(self, seat: int, rng) -> "TheGameState":
        """The other hands and the draw pile dealt again from their cards, same sizes."""
        return self.redealt(seat, shuffled(sorted(self.unseen_cards(seat)), rng))

    def unseen_cards(self, seat: int) -> tuple:
        """What ``seat`` cannot see: the other hands in seat order, then the draw pile."""
        return sum((h for s, h in enumerate(self.hands) if s != seat), ()) + self.deck

    def redealt(self, seat: int, cards) -> "TheGameState":
        """The state with :meth:`unseen_cards` replaced, slot by slot, by ``cards``."""
        hands, rest = list(self.hands), tuple(cards)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hands[other], rest = tuple(sorted(rest[:len(hand)])), rest[len(hand):]
        return replace(self, hands=tuple(hands), deck=rest)


def rating(cards_left: int) -> str:
    """TG-10: the rulebook's judgement of a result."""
    if cards_left == 0:
        return "win"
    if cards_left < EXCELLENT_BELOW:
        return "excellent"
    return "lost"


def deal(players: int, hand_size: int, seed: str):
    """TG-2: the hands (sorted) and the draw pile for a seed."""
    deck = shuffled(CARDS, make_rng(seed))
    hands = tuple(tuple(sorted(deck[i * hand_size:(i + 1) * hand_size])) for i in range(players))
    return hands, deck[players * hand_size:]


def new_game(players: int, options: dict, seed: str) -> TheGameState:
    return start(TheGameState, players, options, seed)


def start(state_type, players: int, options: dict, seed: str, **fields):
    """A new game of ``state_type`` (this game or a variant that adds ``fields``):
    the deal of TG-2, the first turn by the ``start`` option of TG-3."""
    hand_size = HAND_SIZES[players] - (1 if options["small_hands"] else 0)
    hands, deck = deal(players, hand_size, seed)
    state = state_type(players=players, min_cards=options["min_cards"], hand_size=hand_size,
                       hands=hands, deck=deck, piles=tuple((s,) for s in PILE_STARTS),
                       current=0, **fields)
    if options["start"] == "team":
        state = replace(state, current=team_starter(state))
    return state.check_turn_start()


def team_starter(state: TheGameState) -> int:
    """TG-3 decision: the seat whose cheapest opening moves the piles least (ties: lowest seat)."""
    costs = []
    for seat, hand in enumerate(state.hands):
        cost = cheapest_opening(hand, state.tops, state.required)
        costs.append((cost is None, cost or 0, seat))
    return min(costs)[2]


def summarize(results: list) -> dict:
    """The simulator's figures: team win rate, average cards left, excellent-or-better rate."""
    games = len(results)
    return {
        "win_rate": sum(r["won"] for r in results) / games,
        "avg_cards_left": sum(r["cards_left"] for r in results) / games,
        "excellent_rate": sum(r["rating"] != "lost" for r in results) / games,
    }


def cards(players: int) -> tuple:
    """TG-1: the deck, whatever the number of players."""
    return CARDS


def max_actions(players: int, per_turn: int = 0) -> int:
    """A bound on a game's actions: every turn plays a card (so there are at most as many
    turns as cards), and a turn's actions are its plays, its end, one signal change per
    pile (TG-13) and ``per_turn`` more."""
    plays = turns = len(CARDS)
    return plays + turns * (1 + len(PILE_DIRS) + per_turn)


SPEC = GameSpec(
    id="the-game",
    name="The Game",
    min_players=1,
    max_players=5,
    options=OPTIONS,
    new_game=new_game,
    state_type=TheGameState,
    summarize=summarize,
    cards=cards,
    max_actions=max_actions,
    package=__package__,
    summary=N_("Play all 98 cards onto two rising and two falling piles, alone or as a team."),
)
