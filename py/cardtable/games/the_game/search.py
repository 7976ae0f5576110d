"""The turn planner behind the ``strong`` bot of The Game.

Everything here reads one seat's view (TG-14) and nothing else. The idea, in order:

1. **What is still live.** Every card 2..99 that is not on a pile is either in our hand or
   unseen (other hands and the draw pile). Jumping a pile over a gap is only a loss for
   the live cards in that gap; a gap whose cards were all played costs nothing. A live
   card that the jump shuts out of this pile costs more the fewer other piles still take
   it: most when it fits nowhere any more, little when three other piles still do.
2. **Plan the whole turn.** A depth-first search tries every order of the minimum cards
   on every pile, then extends the best of those with extra cards while each is cheap (or
   sets up a backwards trick); every stopping point is scored and the best plan wins. The
   score is the live cards shut out (weighed as in 1), minus a bonus per card played (the
   "reach"), minus bonuses for backwards tricks, plus penalties for what is left in the
   hand (cards that fit badly or nowhere any more) and for ignoring other seats' signals
   (TG-13). Alone, the bot uses its own weights (:data:`SOLO_WEIGHTS`); in expert mode
   (TG-11, three cards a turn) it weighs shut-out cards otherwise and searches wider
   (:data:`EXPERT_WEIGHTS`, :data:`EXPERT_SOLO_WEIGHTS`).
3. **Endgame, solo.** Alone, the unseen cards are the draw pile. With few of them left,
   :mod:`.endgame` searches every way to play the turn and every draw for the
   best chance of playing every card, within a budget; with none left, nothing is hidden
   and an exact search finds the longest sequence of the remaining cards.
   **Endgame, team.** With partners and few cards left to draw (classic mode, and
   expert mode with two players),
   :mod:`.team_endgame` deals the unseen cards at random several times, searches
   each deal with everything known, and plays the way that wins the most of them.
4. **Signals.** After planning, the bot raises ``hold`` on a pile where it keeps a card
   that fits very closely and ``small`` where a big jump would hurt it, and clears the
   signals of its own that no longer apply. It never toggles another seat's signal, and
   changes a pile's signals at most once a turn (TG-13), clearing before raising.

``plan_turn(view)`` returns a :class:`Plan`: the actions for the rest of the turn (plays,
signal changes, then ``("end",)``) and why, in words a player understands (:func:`explain`). Its first action is one of the
view's ``legal`` actions; the later plays are checked with the engine's :func:`fits` on
the position the plan itself makes. ``planning_turn(view)`` is the same in slices (a
generator that yields while the turn search or an endgame search pauses, see
``bots.thinking``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .rules import CARDS, PILE_DIRS, fits, is_backwards, pile_name
from ...i18n import _, N_, ngettext
from . import endgame
from . import team_endgame
from .lookahead import STRONG, Lookahead
from ...bots.thinking import finish

UP = tuple(d == "up" for d in PILE_DIRS)


@dataclass(frozen=True)
class Weights:
    """The knobs of the score, in units of "one unseen card skipped"."""

    # What shutting one live card out of a pile costs, by how many other piles still take
    # it: none (it is dead), one, two, three. A dead card costs most: it can never be
    # played, where a card still taken elsewhere only lost one of its places.
    shut_out_by_takers: tuple = (3.0, 1.0, 0.7, 0.4)
    hand_skip: float = 2.0  # skipping one of our own cards costs this many unseen ones
    trick: float = 2.0  # bonus for a backwards trick, on top of the live cards it reopens
    reach: float = 0.3  # bonus per card played while the draw pile has cards
    # Bonus per card played once the draw pile is empty. A larger reach there seems
    # natural but plays worse in simulation: the other seats need the room more than we
    # need to empty our hand.
    reach_empty: float = 0.3
    leftover: float = 0.05  # per unit of how badly each kept card fits afterwards
    leftover_cap: float = 20.0  # a kept card's misfit counts at most this much
    dead: float = 12.0  # a kept card that fits on no pile any more
    hold_penalty: float = 3.0  # playing (not a trick) on a pile another seat holds
    small_penalty: float = 0.6  # per skipped card beyond small_free on a "small" pile
    small_free: int = 3
    hold_gap: int = 0  # raise "hold" when a kept card is at most this many live cards away
    small_gap: int = 8  # raise "small" when a kept card is at most this many away
    # How many of the best minimum plays the search extends with extra cards: more cost
    # time but find better turns, up to a point where simulation shows no further gain.
    widen: int = 12


DEFAULT_WEIGHTS = Weights()
# Alone, every unseen card is in the draw pile and will reach our hand, so our own cards
# weigh little more than unseen ones, and an extra card is worth less (these win more
# solo deals than the team's weights in simulation).
SOLO_WEIGHTS = Weights(hand_skip=0.7, reach=0.15)


# Expert mode (TG-11): with three cards to play from a smaller hand, a turn often has no
# cheap option left. Shutting a card out of its last pile then costs less, next to
# shutting it out of one pile among others, than in the classic game, and the search
# extends more of the minimum plays. Both leave fewer cards in simulation on the deals of
# ``--seed tune``; the wider search costs little time, as the hands are small.
EXPERT_WEIGHTS = replace(DEFAULT_WEIGHTS, shut_out_by_takers=(1.5, 1.0, 0.7, 0.4), widen=40)
EXPERT_SOLO_WEIGHTS = replace(SOLO_WEIGHTS, shut_out_by_takers=EXPERT_WEIGHTS.shut_out_by_takers,
                              widen=EXPERT_WEIGHTS.widen)


def weights_for(players: int, min_cards: int = 2) -> Weights:
    """The weights the strong bot plays with at this table: alone or in a team, and with
    the classic minimum of cards a turn (2) or expert mode's (3, TG-11)."""
    if min_cards > 2:
        return EXPERT_SOLO_WEIGHTS if players == 1 else EXPERT_WEIGHTS
    return SOLO_WEIGHTS if players == 1 else DEFAULT_WEIGHTS


@dataclass(frozen=True)
class Plan:
    """The actions for the rest of a turn, and why, in words."""

    actions: tuple
    reason: str


class Table:
    """What one seat knows, arranged for fast scoring: live cards as prefix sums."""

    def __init__(self, view: dict, weights: Weights):
        self.w = weights
        self.hand = tuple(view["hand"])
        self.tops = tuple(p["top"] for p in view["piles"])
        on_piles = {c for p in view["piles"] for c in p["cards"]}
        mine = set(self.hand)
        self.unseen = [c for c in CARDS if c not in on_piles and c not in mine]
        self.unseen_sum = prefix_sums(self.unseen)
        self.hand_sum = prefix_sums(self.hand)
        me = view["seat"]
        self.held = {s["pile"] for s in view["signals"] if s["kind"] == "hold" and s["seat"] != me}
        self.small = {s["pile"] for s in view["signals"]
                      if s["kind"] == "small" and s["seat"] != me}
        self.deck = view["deck"]
        self.reach = weights.reach if self.deck else weights.reach_empty
        # The search meets the same plays and kept cards again and again: remember them.
        self.move_costs: dict = {}
        self.misfits: dict = {}

    def gap(self, sums, pile: int, top: int, card: int) -> int:
        """Cards counted by ``sums`` strictly between ``top`` and ``card``."""
        low, high = (top, card) if UP[pile] else (card, top)
        return sums[high - 1] - sums[low] if high > low + 1 else 0

    def skipped(self, pile: int, top: int, card: int) -> int:
        """Live cards (ours or unseen) that a move of ``pile`` from ``top`` to ``card`` buries."""
        return self.gap(self.unseen_sum, pile, top, card) + self.gap(self.hand_sum, pile, top, card)

    def shut_out(self, sums, pile: int, tops, card: int) -> float:
        """The cost of the cards counted by ``sums`` that moving ``pile`` from its top to
        ``card`` shuts out of it, each weighed by how many other piles still take it.

        The other piles' tops cut the gap into stretches where that number is constant."""
        top = tops[pile]
        low, high = (top, card) if UP[pile] else (card, top)
        if high <= low + 1:
            return 0.0
        others = [(UP[q], t) for q, t in enumerate(tops) if q != pile]
        total, start = 0.0, low
        for end in sorted({t for _, t in others if low < t < high}) + [high]:
            count = sums[end - 1] - sums[start]
            if count:
                takers = sum(start >= t if up else end <= t for up, t in others)
                total += self.w.shut_out_by_takers[takers] * count
            start = end
        return total

    def move_cost(self, pile: int, tops, card: int) -> float:
        """The score of one play on ``pile`` (its top is ``tops[pile]``): the live cards it
        shuts out (see :meth:`shut_out`), plus signal penalties; for a backwards trick
        (TG-5), minus the live cards it opens again and a bonus."""
        key = (pile, card, tops)
        cost = self.move_costs.get(key)
        if cost is None:
            cost = self.move_costs[key] = self.fresh_move_cost(pile, tops, card)
        return cost

    def fresh_move_cost(self, pile: int, tops, card: int) -> float:
        top = tops[pile]
        if is_backwards(card, PILE_DIRS[pile], top):
            return -self.w.trick - self.skipped(pile, card, top)
        unseen = self.gap(self.unseen_sum, pile, top, card)
        cost = (self.shut_out(self.unseen_sum, pile, tops, card)
                + self.w.hand_skip * self.shut_out(self.hand_sum, pile, tops, card))
        if pile in self.held:
            cost += self.w.hold_penalty
        if pile in self.small:
            cost += self.w.small_penalty * max(0, unseen - self.w.small_free)
        return cost

    def misfit(self, card: int, tops) -> float | None:
        """How many live cards the cheapest place for ``card`` buries (None: fits nowhere)."""
        key = (card, tops)
        if key not in self.misfits:  # None is a value here: the card fits nowhere
            self.misfits[key] = self.fresh_misfit(card, tops)
        return self.misfits[key]

    def fresh_misfit(self, card: int, tops) -> float | None:
        best = None
        for pile, top in enumerate(tops):
            if fits(card, PILE_DIRS[pile], top):
                cost = 0 if is_backwards(card, PILE_DIRS[pile], top) else \
                    self.skipped(pile, top, card)
                best = cost if best is None or cost < best else best
        return best

    def leftover_cost(self, cards, tops) -> float:
        """The score of the cards we keep: how badly each fits, and which fit nowhere."""
        total = 0.0
        for card in cards:
            misfit = self.misfit(card, tops)
            if misfit is None:
                total += self.w.dead
            else:
                total += self.w.leftover * min(misfit, self.w.leftover_cap)
        return total


def prefix_sums(cards) -> list:
    """``sums[x]`` = how many of ``cards`` are <= x, for x in 0..100."""
    marks = [0] * 101
    for card in cards:
        marks[card] = 1
    sums, running = [], 0
    for mark in marks:
        running += mark
        sums.append(running)
    return sums


# The turn search thought in slices pauses each time it has done this many more pieces of
# work: stopping points scored (each against the hand left) and positions whose plays it
# listed (each play priced), the search's two costly steps.
PAUSE = 25


class TurnSearch:
    """Search over the plays of one turn; keeps the best-scoring place to stop.

    Phase one tries every order of the minimum cards on every pile. Phase two extends
    only the best of those (as many as the weights' ``widen``) with extra cards that are
    cheaper than the reach (or set up a backwards trick), which keeps the search small
    enough for the browser. Both phases go depth first with a stack of their own (in the
    order a recursion would take), so that :meth:`running` can pause between any two
    stopping points it scores.
    """

    def __init__(self, table: Table, required: int):
        self.t = table
        self.required = min(required, len(table.hand))
        self.best_score = None
        self.best_moves = ()
        self.seen = {}
        self.work = 0  # stopping points scored and positions expanded
        self.pause_at = PAUSE

    def run(self) -> tuple:
        """The plays of the best place to stop."""
        return finish(self.running())

    def running(self):
        """:meth:`run` in slices: a generator that yields every :data:`PAUSE` pieces of
        work and returns the plays."""
        bases = yield from self.minimum()
        bases.sort(key=lambda base: base[0])
        for _, hand, tops, moves, cost in bases[:self.t.w.widen]:
            yield from self.extend(hand, tops, moves, cost)
        return self.best_moves

    def moves_from(self, hand, tops) -> list:
        """Every legal play: (card, pile, kept hand, new tops, cost of the play); counted
        in ``work``."""
        t = self.t
        self.work += 1
        return [(card, pile, hand[:i] + hand[i + 1:], tops[:pile] + (card,) + tops[pile + 1:],
                 t.move_cost(pile, tops, card))
                for i, card in enumerate(hand)
                for pile, top in enumerate(tops) if fits(card, PILE_DIRS[pile], top)]

    def minimum(self):
        """Every order of the required plays, scored once per position reached (at its
        cheapest so far): a generator that pauses and returns the list of
        ``(score, hand, tops, moves, cost)``."""
        bases = []
        stack = [(self.t.hand, self.t.tops, (), 0.0)]
        while stack:
            if self.pause_due():
                yield
            hand, tops, moves, cost = stack.pop()
            if len(moves) == self.required:
                if self.seen.get((hand, tops), cost + 1) > cost:
                    self.seen[(hand, tops)] = cost
                    bases.append((self.score(hand, tops, moves, cost), hand, tops, moves, cost))
                continue
            stack.extend((rest, new_tops, moves + ((card, pile),), cost + step)
                         for card, pile, rest, new_tops, step
                         in reversed(self.moves_from(hand, tops)))
        return bases

    def pause_due(self) -> bool:
        """Whether :data:`PAUSE` more pieces of ``work`` were done since the last pause."""
        if self.work < self.pause_at:
            return False
        self.pause_at = self.work + PAUSE
        return True

    def score(self, hand, tops, moves, cost) -> float:
        """What stopping here costs (the lower the better); counted in ``work``."""
        self.work += 1
        return cost - self.t.reach * len(moves) + self.t.leftover_cost(hand, tops)

    def extend(self, hand, tops, moves, cost):
        """Scores the stopping points that cheap extra plays reach from one base, keeping
        the best; a generator that pauses. A play is looked at only when popped, so a
        position reached more cheaply in an earlier branch is not searched again."""
        self.visit(hand, tops, moves, cost)
        if self.pause_due():
            yield
        stack = self.cheap_plays(hand, tops, moves, cost)
        while stack:
            if self.pause_due():
                yield
            card, pile, rest, new_tops, moves, cost = stack.pop()
            key = (rest, new_tops)
            if self.seen.get(key, cost + 1) <= cost:
                continue
            self.seen[key] = cost
            self.visit(rest, new_tops, moves, cost)
            stack.extend(self.cheap_plays(rest, new_tops, moves, cost))

    def visit(self, hand, tops, moves, cost) -> None:
        """Score stopping here; keep it when it is the best so far."""
        score = self.score(hand, tops, moves, cost)
        if self.best_score is None or score < self.best_score:
            self.best_score, self.best_moves = score, moves

    def cheap_plays(self, hand, tops, moves, cost) -> list:
        """The extra plays worth looking at from here (cheaper than the reach, or setting
        up a backwards trick), last first, as the stack pops them:
        ``(card, pile, kept hand, new tops, moves, cost)``."""
        reach = self.t.reach
        return [(card, pile, rest, new_tops, moves + ((card, pile),), cost + step)
                for card, pile, rest, new_tops, step in reversed(self.moves_from(hand, tops))
                if step < reach or sets_up_trick(pile, card, rest)]


def sets_up_trick(pile: int, card: int, hand) -> bool:
    """Whether a card still in ``hand`` could go backwards onto ``card`` on this pile."""
    return (card - 10 if UP[pile] else card + 10) in hand


def longest_sequence(hand, tops) -> tuple:
    """The longest legal sequence of plays from ``hand`` (exact; for a known endgame)."""
    memo = {}

    def best(cards, piles):
        key = (cards, piles)
        if key in memo:
            return memo[key]
        result = ()
        for i, card in enumerate(cards):
            rest = cards[:i] + cards[i + 1:]
            for pile, top in enumerate(piles):
                if fits(card, PILE_DIRS[pile], top):
                    tail = best(rest, piles[:pile] + (card,) + piles[pile + 1:])
                    if len(tail) + 1 > len(result):
                        result = ((card, pile),) + tail
                        if len(result) == len(cards):
                            memo[key] = result
                            return result
        memo[key] = result
        return result

    return best(tuple(hand), tuple(tops))


def choosing_plays(view: dict, weights: Weights, lookahead: Lookahead = STRONG):
    """The plays (card, pile) for this turn, from the view's position; the table they were
    scored on; and what an endgame search found for them, as :func:`count_words` takes it
    (``chance``: the solo search's chance of winning; ``deals``: the team search's sampled
    deals won and sampled), empty when the planner chose them. ``lookahead`` says when the
    endgame searches start and their budgets. A generator: it yields at the turn search's
    and the endgame searches' pauses."""
    table = Table(view, weights)
    if view["players"] == 1 and view["deck"] == 0:
        return longest_sequence(table.hand, table.tops), table, {}
    if view["players"] == 1 and view["deck"] <= lookahead.solo_start(view):
        found = yield from endgame.searching(view, table.unseen, lookahead.solo_budget)
        if found is not None and found[0] > 0:
            return found[1], table, {"chance": found[0]}
    if view["players"] > 1 and view["deck"] <= lookahead.team_start(view):
        found = yield from team_endgame.team_searching(view, table.unseen, lookahead)
        if found is not None:
            return found[0], table, {"deals": found[1:]}
    already = len(view["played"])
    plays = yield from TurnSearch(table, view["required"] - already).running()
    return plays, table, {}


def after(tops, hand, plays):
    """Tops and kept hand once ``plays`` are made."""
    tops, kept = list(tops), list(hand)
    for card, pile in plays:
        tops[pile] = card
        kept.remove(card)
    return tuple(tops), tuple(kept)


def wanted_signals(table: Table, tops, kept) -> set:
    """The (pile, kind) signals this seat wants showing after its plays."""
    wanted = set()
    w = table.w
    for pile, top in enumerate(tops):
        gaps = [table.gap(table.unseen_sum, pile, top, card) for card in kept
                if fits(card, PILE_DIRS[pile], top)]
        if not gaps:
            continue
        if min(gaps) <= w.hold_gap:
            wanted.add((pile, "hold"))
        elif min(gaps) <= w.small_gap:
            wanted.add((pile, "small"))
    return wanted


def signal_actions(view: dict, wanted: set) -> list:
    """Toggles that bring this seat's own signals towards ``wanted`` (others' are left
    alone): clears first, then raises, each one of the view's ``legal`` actions and at
    most one per pile (TG-13)."""
    me = view["seat"]
    showing = {(s["pile"], s["kind"]): s["seat"] for s in view["signals"]}
    clear = [("signal", p, k) for (p, k), seat in sorted(showing.items())
             if seat == me and (p, k) not in wanted]
    raise_ = [("signal", p, k) for p, k in sorted(wanted) if (p, k) not in showing]
    actions, piles = [], set()
    for action in clear + raise_:
        if list(action) in view["legal"] and action[1] not in piles:
            actions.append(action)
            piles.add(action[1])
    return actions


def explain(view: dict, plays, table: Table, signals=(), searched=None) -> str:
    """Why the plan is good, in a sentence a player understands: what its first play costs
    (or reopens) and what the plays keep for the cards left in the hand, how many cards it
    plays and why (``searched``: what an endgame search found, see :func:`count_words`),
    and what its signals ask for. Never a list of the moves."""
    required = max(view["required"] - len(view["played"]), 0)
    if plays:
        tops, kept = after(table.tops, table.hand, plays)
        clauses = [first_play_words(view, plays[0], table), kept_words(table, tops, kept, plays),
                   count_words(view, plays, required, **(searched or {}))]
    elif view["hand"] and required:
        clauses = [_("no card of yours fits any pile: the turn cannot be played")]
    else:
        clauses = [_("you have played what the turn needs, and every card left would bury"
                     " cards still in play: end the turn and draw")]
    clauses += [_(SIGNAL_REASONS[kind]).format(pile=pile_name(pile))
                for _seat, pile, kind in signals if raised(view, pile, kind)]
    text = join_clauses(clauses)
    return text[0].upper() + text[1:] + "."


def join_clauses(clauses) -> str:
    """The non-empty clauses of a hint as one sentence, joined by semicolons."""
    text = ""
    for clause in clauses:
        if clause:
            # TRANSLATORS: two parts of a hint, joined.
            text = _("{said}; {more}").format(said=text, more=clause) if text else clause
    return text


SIGNAL_REASONS = {  # N_: translated when a hint says it
    "hold": N_("the hold signal asks the others to leave {pile} alone: you keep a card that"
               " fits it closely"),
    "small": N_("the small signal asks the others for small jumps on {pile}: you keep a card"
                " for it")}


def raised(view: dict, pile: int, kind: str) -> bool:
    """Whether toggling ``kind`` on ``pile`` raises it (it does not show yet)."""
    return not any(s["pile"] == pile and s["kind"] == kind for s in view["signals"])


FEW_SKIPPED = 5  # a jump over at most this many live cards is "only" that many


def first_play_words(view: dict, play, table: Table) -> str:
    """What the first play costs: the backwards trick's reopened cards, or the cards
    still in play that the jump skips, compared with the other places."""
    card, pile = play
    top = table.tops[pile]
    if is_backwards(card, PILE_DIRS[pile], top):
        reopened = table.skipped(pile, card, top)
        return ngettext("the backwards trick takes {pile} back from {top} to {card}, so {count}"
                        " card still in play fits there again",
                        "the backwards trick takes {pile} back from {top} to {card}, so {count}"
                        " cards still in play fit there again", reopened).format(
            pile=pile_name(pile), top=top, card=card, count=reopened)
    skipped = table.skipped(pile, top, card)
    jumps = [abs(c - table.tops[p]) for c, p in
             ((a[1], a[2]) for a in view["legal"] if a[0] == "play")]
    if not skipped:
        cost = _("it skips no card still in play")
    elif skipped <= FEW_SKIPPED:
        cost = ngettext("it skips only {count} card still in play",
                        "it skips only {count} cards still in play", skipped).format(count=skipped)
    else:
        cost = ngettext("it skips {count} card still in play",
                        "it skips {count} cards still in play", skipped).format(count=skipped)
    if abs(card - top) == min(jumps):
        text = _("pile {pile} moves from {top} to {card}, the smallest jump on the table, and"
                 " {cost}")
    else:
        text = _("pile {pile} moves from {top} to {card}, and {cost}")
    return text.format(pile=pile_name(pile), top=top, card=card, cost=cost)


def kept_words(table: Table, tops, kept, plays) -> str:
    """A card the plan keeps for a later backwards trick, or the closest fit it keeps
    room for."""
    played = {card for card, _ in plays}
    for card in kept:
        for pile, top in enumerate(tops):
            if is_backwards(card, PILE_DIRS[pile], top) and top in played:
                return _("it keeps your {card} for the backwards trick onto {top} ({pile})"
                         ).format(card=card, top=top, pile=pile_name(pile))
    close = [(table.gap(table.unseen_sum, pile, top, card), card, pile, top)
             for card in kept for pile, top in enumerate(tops)
             if fits(card, PILE_DIRS[pile], top) and not is_backwards(card, PILE_DIRS[pile], top)]
    if not close:
        return ""
    gap, card, pile, top = min(close)
    if gap > table.w.small_gap:
        return ""
    return _("{pile} stays at {top} for your {card}").format(pile=pile_name(pile), top=top,
                                                             card=card)


def count_words(view: dict, plays, required: int, chance=None, deals=None) -> str:
    """Why this many cards: the minimum, more because they were nearly free, or every
    card (the endgame searched exactly); or what an endgame search found for them: the
    solo search's ``chance`` of winning, or the team search's ``deals`` (won, sampled)."""
    if deals is not None:
        return _("in {won} of {sampled} deals sampled of the cards you do not see, this way"
                 " still lets the team play every card, more than any other way").format(
            won=deals[0], sampled=deals[1])
    if chance is not None:
        return ngettext("of every way to play this turn and every order of the {count} card"
                        " left to draw, this one gives the best chance of playing every"
                        " card: {percent}%",
                        "of every way to play this turn and every order of the {count} cards"
                        " left to draw, this one gives the best chance of playing every"
                        " card: {percent}%", view["deck"]).format(
            count=view["deck"], percent=round(100 * chance))
    if view["players"] == 1 and view["deck"] == 0:
        return ngettext("nothing is hidden any more: this order plays {count} card, the most"
                        " your hand allows",
                        "nothing is hidden any more: this order plays {count} cards, the most"
                        " your hand allows", len(plays)).format(count=len(plays))
    extra = len(plays) - required
    if extra > 0 and not required:
        return _("the turn's minimum is met, and these cost almost nothing")
    if extra > 0:
        return ngettext("{count} card beyond the required {required} costs almost nothing",
                        "{count} cards beyond the required {required} cost almost nothing",
                        extra).format(count=extra, required=required)
    if len(plays) < len(view["hand"]):
        return _("it stops at the required {required}: any further card would cost more than"
                 " it gains").format(required=required)
    return ""


def plan_turn(view: dict, weights: Weights | None = None, lookahead: Lookahead = STRONG) -> Plan:
    """The rest of this seat's turn: plays, signal changes, then the end of the turn.
    ``weights`` defaults to :func:`weights_for` this table (players, minimum per turn);
    ``lookahead`` is the level's endgame searches (:mod:`.lookahead`)."""
    return finish(planning_turn(view, weights, lookahead))


def planning_turn(view: dict, weights: Weights | None = None, lookahead: Lookahead = STRONG):
    """:func:`plan_turn` in slices: a generator that yields at pauses (see
    ``bots.thinking``) and returns the :class:`Plan`."""
    plays, table, searched = yield from choosing_plays(
        view, weights or weights_for(view["players"], view["min_cards"]), lookahead)
    actions = [("play", card, pile) for card, pile in plays]
    signals = []
    if view["players"] > 1:
        tops, kept = after(table.tops, table.hand, plays)
        signals = signal_actions(view, wanted_signals(table, tops, kept))
    actions += signals
    actions.append(("end",))
    return Plan(tuple(actions), explain(view, plays, table, signals, searched))
