"""The ceiling of The Game and of Extreme: an oracle that sees the whole deal.

The oracle is not a bot: it reads the state itself, every hand and the order of the draw
pile, and looks for a line of play (every seat's plays and turn ends) that wins. Its win
rate over a set of deals is therefore an upper bound that no bot, which sees only its own
seat, can pass.

The search is a depth-first search, card by card, over the positions of the game:

- a position is the hands, the pile tops, how far the draw pile has been drawn, the seat
  on turn and what binds the rest of its turn (cards played so far, counted up to three,
  and for Extreme a ``three`` or ``stop`` played and the pile ``one_pile`` fixed);
- at each position it tries the plays the rules allow (for Extreme, only those after
  which the turn can still be completed, as the engine's :class:`Rules` says, and never
  the ``three`` that loses, EX-6) and ending the turn when allowed, cheapest first: a
  backwards trick, then plays that bury no card still to be played, then ending the turn,
  then the other plays by the number of cards they bury;
- it searches in rounds (:data:`DISCREPANCIES`): first only lines that leave that order
  at most 0, 1, 2 or 3 times, then every line, which makes the last round exact;
- a position from which no win was found is remembered with the departures it still had,
  and not searched again with as many or fewer;
- a play that leaves a card still to be played with no pile it could ever reach, even
  with every backwards trick the cards not yet played allow, is pruned (such a deal can
  no longer be won, whatever the order of the rest; ``strands`` in games/extreme/bots.py,
  which the strong bot's endgame search uses too).

The search counts the positions it visits; when it reaches ``budget`` it stops and the
deal counts as cut off: neither a win nor a proof. Finished searches are exact: ``won``
comes with a winning line (replayable through the engine, see :func:`replay_wins`) and
``lost`` means no line wins.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.games.extreme.bots import buried, strands  # noqa: E402
from cardtable.games.extreme.rules import ExtremeState, Rules, Turn  # noqa: E402
from cardtable.games.the_game.rules import PILE_DIRS, fits  # noqa: E402

DEFAULT_BUDGET = 200_000
# The searches made in turn: a few deviations from the cheapest moves, then all of them.
DISCREPANCIES = (0, 1, 2, 3, math.inf)


@dataclass(frozen=True)
class Verdict:
    """The oracle's answer for one position: ``status`` is "won", "lost" or "cutoff";
    ``line`` the winning actions from that position (empty unless won); ``nodes`` the
    positions visited."""

    status: str
    line: tuple
    nodes: int


class Cutoff(Exception):
    """The node budget ran out."""


class PlainRules:
    """The Game's own turn rules (TG-4, TG-5, TG-7) in the shape of Extreme's
    :class:`Rules`, so that one search serves both games."""

    def plays(self, turn: Turn) -> list:
        return [(card, pile) for card in turn.hand for pile in range(4)
                if fits(card, PILE_DIRS[pile], turn.tops[pile])]

    def end_problem(self, turn: Turn) -> str:
        return "minimum" if turn.played < turn.required and turn.hand else ""

    def after(self, turn: Turn, card: int, pile: int) -> Turn:
        tops = turn.tops[:pile] + (card,) + turn.tops[pile + 1:]
        return Turn(tuple(c for c in turn.hand if c != card), tops, turn.played + 1,
                    turn.required)

    def draw(self, turn: Turn, wanted: int) -> int:
        return wanted


class ExtremeRules(Rules):
    """Extreme's turn rules (EX-2..EX-11) as the engine states them, offering only plays
    after which the turn can still be completed and never the losing ``three``."""

    def plays(self, turn: Turn) -> list:
        return [(card, pile) for card, pile in self.fitting_plays(turn)
                if not self.loses(turn, card) and self.can_finish(self.after(turn, card, pile))]

    def fitting_plays(self, turn: Turn) -> list:
        """The engine's ``Rules.plays``, asked only for the cards that fit (the same
        plays, found faster)."""
        if turn.stopped or (turn.three and turn.played >= 3):
            return []
        showing = self.showing(turn.tops)
        return [(card, pile) for card in turn.hand for pile in range(4)
                if fits(card, PILE_DIRS[pile], turn.tops[pile])
                and not self.play_problem(turn, card, pile, showing)]

    def draw(self, turn: Turn, wanted: int) -> int:
        """EX-11: one card while a ``draw_one`` shows, else back to a full hand."""
        return min(wanted, 1) if "draw_one" in self.showing(turn.tops) else wanted


class Oracle:
    """The search of one deal from a turn's start; see the module's docstring."""

    def __init__(self, state, budget: int = DEFAULT_BUDGET):
        self.deck = state.deck
        self.hand_size = state.hand_size
        self.min_cards = state.min_cards
        self.players = state.players
        self.rules = ExtremeRules(state.marks) if isinstance(state, ExtremeState) else PlainRules()
        self.budget = budget
        self.nodes = 0
        self.failed: dict = {}
        self.unplayed = [False] * 101
        for card in sum(state.hands, ()) + state.deck:
            self.unplayed[card] = True

    def solve(self, state) -> Verdict:
        """Search from ``state``, which must be at the start of a turn."""
        if state.outcome:
            return Verdict("won" if state.outcome == "won" else "lost", (), 0)
        turn = Turn(state.hands[state.current], state.tops, 0, self.required(0), False,
                    False, -1)
        try:
            for spare in DISCREPANCIES:
                line = self.search(state.hands, 0, state.current, turn, spare)
                if line is not None:
                    return Verdict("won", tuple(line), self.nodes)
        except Cutoff:
            return Verdict("cutoff", (), self.nodes)
        return Verdict("lost", (), self.nodes)

    def required(self, drawn: int) -> int:
        """TG-4, TG-7, TG-11: the minimum of a turn, with ``drawn`` cards gone from the
        draw pile."""
        return self.min_cards if drawn < len(self.deck) else 1

    def search(self, hands, drawn: int, seat: int, turn: Turn, spare: float):
        """A winning line from this position (a list of actions), or None. ``spare`` is
        how many times the line may still leave the cheapest move (a discrepancy);
        ``inf`` makes the search exact."""
        key = (hands, drawn, seat, turn.tops, min(turn.played, 3), turn.three, turn.stopped,
               turn.fixed)
        if self.failed.get(key, -1) >= spare:
            return None
        self.nodes += 1
        if self.nodes > self.budget:
            raise Cutoff
        for rank, (cost, move) in enumerate(self.moves(turn, drawn)):
            left = spare - (rank > 0)
            if left < 0:
                break
            line = self.end_turn(hands, drawn, seat, turn, left) if move is None else \
                self.play(hands, drawn, seat, turn, *move, left)
            if line is not None:
                return line
        self.failed[key] = spare
        return None

    def moves(self, turn: Turn, drawn: int) -> list:
        """``(cost, (card, pile))`` of every play, and ``(cost, None)`` for ending the
        turn when allowed, cheapest first."""
        moves = [(buried(self.unplayed, turn.tops, card, pile), (card, pile))
                 for card, pile in self.rules.plays(turn)]
        if not self.rules.end_problem(turn):
            moves.append((0.5, None))
        moves.sort(key=lambda move: move[0])
        return moves

    def play(self, hands, drawn: int, seat: int, turn: Turn, card: int, pile: int,
             spare: float):
        after = self.rules.after(turn, card, pile)
        hands = hands[:seat] + (after.hand,) + hands[seat + 1:]
        self.unplayed[card] = False
        try:
            if drawn == len(self.deck) and not any(hands):
                return [("play", card, pile)]
            if strands(self.unplayed, turn.tops[pile], card, pile, after.tops):
                return None
            line = self.search(hands, drawn, seat, after, spare)
        finally:
            self.unplayed[card] = True
        return None if line is None else [("play", card, pile)] + line

    def end_turn(self, hands, drawn: int, seat: int, turn: Turn, spare: float):
        wanted = min(self.hand_size - len(turn.hand), len(self.deck) - drawn)
        count = self.rules.draw(turn, wanted)
        hand = tuple(sorted(turn.hand + self.deck[drawn:drawn + count]))
        hands = hands[:seat] + (hand,) + hands[seat + 1:]
        drawn += count
        nxt = next((s % self.players for s in range(seat + 1, seat + 1 + self.players)
                    if hands[s % self.players]), None)
        if nxt is None:
            return [("end",)]
        start = Turn(hands[nxt], turn.tops, 0, self.required(drawn), False, False, -1)
        line = self.search(hands, drawn, nxt, start, spare)
        return None if line is None else [("end",)] + line


def solve(state, budget: int = DEFAULT_BUDGET) -> Verdict:
    """The oracle's verdict on ``state`` (a turn's start), within ``budget`` positions."""
    return Oracle(state, budget).solve(state)


def replay_wins(state, line) -> bool:
    """Whether the engine agrees: ``line`` applied to ``state`` is legal and wins."""
    for action in line:
        state = state.apply(action)
    return state.outcome == "won"
