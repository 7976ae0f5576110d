"""Bots for The Game: Extreme. Each sees only its seat's view and follows every
instruction: it chooses only among the view's ``legal`` actions, which the engine offers
only when the turn can still be completed (EX-2), and never plays the losing ``three`` of
EX-6 (the view's ``losing``) while anything else is possible. Every level shares its
instruction kinds whenever talking is allowed (EX-12).

- ``random``: a uniformly random safe play; ends the turn when allowed, half of the time.
- ``careful``: searches the rest of its turn with the engine's own turn rules, scoring each
  way to finish by how far it moves the piles and which instructions it leaves visible.
- ``strong`` (default): the same search, each play scored as The Game's strong bot scores it
  (The Game's :mod:`..the_game.search`: the live cards a play shuts out, backwards
  tricks, signals), and it raises The Game's ``hold`` and ``small`` signals (TG-13) before it ends a turn,
  while talking is allowed. Once the draw pile is empty, every card left is in a hand: it
  searches the rest of the game for a line that plays them all (:func:`winning_line`), on
  the one split of the unseen cards when only one other hand holds any, else on splits
  drawn from its own stream.

``careful`` and ``strong`` offer ``hint``: the level's next play and why, naming the
instructions that force or forbid it, so that a table that does not offer strong still has
a hint.
"""

from __future__ import annotations

import random

from . import DEFAULT_LEVEL  # noqa: F401 (the bots' API; declared by the package)
from .rules import COPIES, KINDS, Rules, Turn, make_marks
from ...bots.thinking import finish, thinking
from ...engine.rng import make_rng, shuffled
from ...i18n import _, ngettext
from ..the_game.rules import PILE_DIRS, distance, fits, is_backwards, pile_name
from ..the_game.bots import others_signals
from ..the_game.search import join_clauses
from ..the_game.search import (Table, first_play_words, signal_actions, wanted_signals,
                                weights_for)


def safe_plays(view: dict) -> list:
    """The ``(card, pile)`` of the legal plays that do not lose the game, in their order."""
    return [(action[1], action[2]) for action in view["legal"]
            if action[0] == "play" and action[1:] not in view["losing"]]


def can_end(view: dict) -> bool:
    return ["end"] in view["legal"]


def share_action(view: dict):
    """``("share", True)`` while this seat may switch sharing on (EX-12)."""
    return ("share", True) if ["share", True] in view["legal"] else None


def turn_of(view: dict):
    """The engine's :class:`Rules` and :class:`Turn` rebuilt from what the view shows."""
    marks = [""] * 101
    for card, kind in zip(view["hand"], view["hand_instructions"]):
        marks[card] = kind
    for pile in view["piles"]:
        for card, kind in zip(pile["cards"], pile["instructions"]):
            marks[card] = kind
    kinds = {marks[card] for card, _ in view["played"]}
    turn = Turn(tuple(view["hand"]), tuple(p["top"] for p in view["piles"]),
                len(view["played"]), view["required"], "three" in kinds, "stop" in kinds,
                view["fixed_pile"])
    return Rules(tuple(marks)), turn


class RandomBot:
    """Safe and nothing more: a random offered play that does not lose, or the end."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat
        self.rng: random.Random = make_rng(seed, f"bot-{seat}")

    def act(self, view: dict):
        share = share_action(view)
        if share:
            return share
        plays = safe_plays(view)
        if plays and not (can_end(view) and self.rng.random() < 0.5):
            card, pile = plays[int(self.rng.random() * len(plays))]
            return ("play", card, pile)
        return ("end",)


class CarefulBot:
    """Looks ahead through the rest of its turn and plays the first card of the best way
    to finish it (or ends the turn when stopping now is best). A way is scored by:

    - each card's move along its pile (a backwards trick counts as -10), more on a pile
      another seat asked to hold or keep small (TG-13);
    - minus ``CARD_GAIN`` per card, so an extra card is played only when it is nearly free
      (more generous once the draw pile is empty);
    - plus ``LEFT_SHOWING`` for every infinity instruction left on top of a pile;
    - minus ``SHED`` for playing a skull or a three: held to the end of the game they are
      what loses it (a last skull cannot be covered, a three needs three cards). In
      simulation this loses far fewer games to an instruction at the same cards left.
    """

    CARD_GAIN = 2.5
    CARD_GAIN_ENDGAME = 10.0
    LEFT_SHOWING = {"no_reverse": 8.0, "one_pile": 6.0, "draw_one": 4.0, "no_talk": 1.0}
    SHED = {"skull": 4.0, "three": 4.0}
    WIDTH = 4  # plays tried at each step, cheapest first
    EXTRA = 2  # cards looked ahead beyond the ones the turn still requires

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat

    def act(self, view: dict):
        share = share_action(view)
        if share:
            return share
        rules, turn = turn_of(view)
        self.hold, self.small = others_signals(view, "hold"), others_signals(view, "small")
        gain = self.CARD_GAIN if view["deck"] else self.CARD_GAIN_ENDGAME
        self.scale = self.instruction_scale(view)
        depth = max(turn.required - turn.played, 0) + self.EXTRA
        safe = set(safe_plays(view))
        cost, play = self.best_way(rules, turn, gain, depth, safe)
        if play is None and not can_end(view):  # the way to finish lies deeper: go on
            play = min(safe, key=lambda p: self.play_cost(turn, *p))
        return ("play",) + play if play else ("end",)

    def hint(self, view: dict) -> dict:
        """The web UI's Hint button: this level's next play and why (:func:`hint`)."""
        return finish(self.think_hint(view))

    def think_hint(self, view: dict):
        """:meth:`hint` in slices (:func:`hint_steps`)."""
        return (yield from hint_steps(view, type(self)))

    def play_cost(self, turn: Turn, card: int, pile: int) -> float:
        top, direction = turn.tops[pile], PILE_DIRS[pile]
        cost = -10.0 if is_backwards(card, direction, top) else distance(card, direction, top)
        if pile in self.hold:
            cost += 30
        if pile in self.small and cost > 5:
            cost += 20
        return cost

    def instruction_scale(self, view: dict) -> float:
        """The factor on ``LEFT_SHOWING`` and ``SHED`` for this view's turn: 1 here."""
        return 1.0

    def left_showing(self, rules: Rules, turn: Turn) -> float:
        """``LEFT_SHOWING`` of the instructions on top of the piles, times the scale."""
        return self.scale * sum(self.LEFT_SHOWING.get(rules.kind(top), 0.0)
                                for top in turn.tops)

    def shed(self, rules: Rules, card: int) -> float:
        """``SHED`` of the instruction ``card`` carries (0 for none), times the scale."""
        return self.scale * self.SHED.get(rules.kind(card), 0.0)

    def best_way(self, rules: Rules, turn: Turn, gain: float, depth: int, allowed=None):
        """``(cost, first play or None)`` of the cheapest way found to finish ``turn``,
        trying the ``WIDTH`` cheapest plays that can be completed at each step;
        ``allowed`` limits the plays tried now (the safe ones, at the top level)."""
        best = (float("inf"), None)
        if not rules.end_problem(turn):
            best = (self.left_showing(rules, turn), None)
        if depth == 0:
            return best
        candidates = sorted(
            (self.play_cost(turn, card, pile) - gain - self.shed(rules, card),
             card, pile)
            for card, pile in rules.plays(turn)
            if (allowed is None or (card, pile) in allowed) and not rules.loses(turn, card))
        tried = 0
        for cost, card, pile in candidates:
            if tried == self.WIDTH:
                break
            after = rules.after(turn, card, pile)
            if not rules.can_finish(after):
                continue
            tried += 1
            rest, _ = self.best_way(rules, after, gain, depth - 1)
            if cost + rest < best[0]:
                best = (cost + rest, (card, pile))
        return best

class StrongBot(CarefulBot):
    """:class:`CarefulBot`'s look-ahead with the strong bot of The Game's price for a play,
    which counts the live cards it shuts out rather than its distance, and the per-card
    gain retuned to that scale; alone, the instruction terms (``LEFT_SHOWING``, ``SHED``)
    count ``SOLO_INSTRUCTION_SCALE`` times as much. When it would end its turn it first
    raises or clears its own signals as The Game's strong bot does (one action per call).

    Once the draw pile is empty every card still to play is in a hand, and the view tells
    which: its own hand, and the unseen cards, split among the other hands by their known
    sizes (and kinds, where a seat shares them, EX-12). It then plays the first action of
    a :func:`winning_line` for the whole team: on the one possible split when only one
    other hand holds cards, else the first action that most of ``SAMPLES`` splits drawn
    from its own stream win with. The instructions the unseen cards carry are those of
    the default layout when every card it has seen agrees with it, else drawn too."""

    CARD_GAIN = 1.0
    CARD_GAIN_ENDGAME = 4.0
    # The factor on the inherited LEFT_SHOWING and SHED (set on careful's distance scale)
    # when playing alone, where the price of a play is The Game's solo price (SOLO_WEIGHTS):
    # chosen on the tune deals, where it brought more solo games to a finish
    # (docs/figures/extreme.md).
    SOLO_INSTRUCTION_SCALE = 0.5
    SAMPLES = 4  # splits of the unseen cards tried with three players or more

    def __init__(self, seat: int, seed: str = "0"):
        super().__init__(seat, seed)
        self.rng: random.Random = make_rng(seed, f"bot-{seat}")
        self.known_rules: dict = {}

    def act(self, view: dict):
        return finish(self.think(view))

    def think(self, view: dict):
        """:meth:`act` in slices: yields while an endgame search pauses (see
        ``bots.thinking``)."""
        share = share_action(view)
        if share is None and view["deck"] == 0:
            action = yield from self.endgame_action(view)
            if action is not None:
                return action
        self.table = Table(view, weights_for(view["players"]))
        action = super().act(view)
        if action == ("end",) and view["players"] > 1 and view["talk_allowed"]:
            kept = self.table.hand
            signals = signal_actions(view, wanted_signals(self.table, self.table.tops, kept))
            return signals[0] if signals else action
        return action

    def endgame_action(self, view: dict):
        """The first action of a winning line, from the view alone, or None if none found
        (a generator: it yields while a search pauses)."""
        turn = turn_of(view)[1]
        splits = possible_hands(view, self.rng, self.SAMPLES)
        budget = ENDGAME_BUDGET if len(splits) == 1 else SAMPLE_BUDGET
        votes, order = {}, []
        for hands, marks in splits:
            line = yield from winning_line_steps(self.rules_for(marks), turn, hands,
                                                 view["seat"], budget)
            if line and list(line[0]) in view["legal"]:
                first = tuple(line[0])
                if first not in votes:
                    order.append(first)
                votes[first] = votes.get(first, 0) + 1
        return max(order, key=lambda a: votes[a]) if order else None

    def rules_for(self, marks: tuple) -> Rules:
        """The :class:`SearchRules` of ``marks``, kept between calls so that their answers are
        too (the few marks of the latest calls only)."""
        rules = self.known_rules.get(marks)
        if rules is None:
            if len(self.known_rules) >= 8:
                self.known_rules.clear()
            rules = self.known_rules[marks] = SearchRules(marks)
        return rules

    def play_cost(self, turn: Turn, card: int, pile: int) -> float:
        return self.table.move_cost(pile, turn.tops, card)

    def instruction_scale(self, view: dict) -> float:
        """``SOLO_INSTRUCTION_SCALE`` alone, else 1."""
        return self.SOLO_INSTRUCTION_SCALE if view["players"] == 1 else 1.0


ENDGAME_BUDGET = 1500  # positions searched when the split is certain, whatever the machine
SAMPLE_BUDGET = 600  # positions searched on each sampled split
PAUSE_EVERY = 50  # positions an endgame search looks at between its pauses


def unseen_cards(view: dict) -> list:
    """The cards neither on a pile nor in this seat's hand, in increasing order."""
    seen = set(view["hand"])
    for pile in view["piles"]:
        seen.update(pile["cards"])
    return [card for card in range(2, 100) if card not in seen]


def possible_hands(view: dict, rng: random.Random, samples: int) -> list:
    """With the draw pile empty: ``(hands, marks)`` pairs, each a way the unseen cards may
    lie in the other hands (a tuple of sorted hands, one per seat, this seat's own
    included) and the instructions they may carry (see :func:`unseen_kinds`). One pair
    when the split and the marks are both certain; else ``samples`` drawn with ``rng``."""
    counts, me = view["hand_counts"], view["seat"]
    others = [seat for seat in range(view["players"]) if seat != me and counts[seat]]
    unseen = unseen_cards(view)
    seen_marks = view_marks(view)
    default = DEFAULT_MARKS if all(DEFAULT_MARKS[c] == k for c, k in enumerate(seen_marks)
                                   if k is not None) else None
    certain = len(others) <= 1 and len(unseen) == sum(counts[seat] for seat in others)
    if certain and (default or not unseen):
        marks = default or tuple(mark or "" for mark in seen_marks)
        return [(deal_hands(view, {seat: unseen for seat in others}), marks)]
    return [sample_split(view, others, unseen, seen_marks, default, rng)
            for _ in range(samples)]


DEFAULT_MARKS = make_marks("default", "")


def view_marks(view: dict) -> list:
    """``marks[card]``: the instruction the view shows on ``card`` ("" for none), or None
    for a card it does not show (cards 0..100)."""
    marks = [None] * 101
    for card, kind in zip(view["hand"], view["hand_instructions"]):
        marks[card] = kind
    for pile in view["piles"]:
        marks[pile["top"]] = pile["instruction"]
        for card, kind in zip(pile["cards"], pile["instructions"]):
            marks[card] = kind
    return marks


def unseen_kinds(seen_marks: list, unseen: list, rng: random.Random) -> list:
    """The instruction kinds the ``unseen`` cards may carry, in their order: each kind's
    copies not yet seen (EX-1: four of each), spread over them at random."""
    left = [kind for kind in KINDS
            for _ in range(COPIES - sum(mark == kind for mark in seen_marks))]
    kinds = left + [""] * (len(unseen) - len(left))
    return list(shuffled(kinds, rng))


def sample_split(view: dict, others: list, unseen: list, seen_marks: list, default,
                 rng: random.Random, tries: int = 20):
    """One ``(hands, marks)``: the unseen cards shuffled with ``rng`` and dealt to
    ``others`` by their counts, with the marks of ``default`` (None: kinds drawn by
    :func:`unseen_kinds`); a deal that contradicts the kinds a seat shares is drawn
    again, up to ``tries`` times."""
    for _ in range(tries):
        marks = list(default) if default else [mark or "" for mark in seen_marks]
        if not default:
            for card, kind in zip(unseen, unseen_kinds(seen_marks, unseen, rng)):
                marks[card] = kind
        cards, split, at = shuffled(unseen, rng), {}, 0
        for seat in others:
            count = view["hand_counts"][seat]
            split[seat] = cards[at:at + count]
            at += count
        if all(fits_shared(view["shared"][seat], split[seat], marks) for seat in others):
            break
    return deal_hands(view, split), tuple(marks)


def fits_shared(shared, hand, marks) -> bool:
    """Whether ``hand`` shows the kinds a seat shares (EX-12); True when it shares none."""
    return shared is None or {marks[card] for card in hand} - {""} == set(shared)


def deal_hands(view: dict, split: dict) -> tuple:
    """Every seat's hand: this seat's own, ``split``'s for the others, empty elsewhere."""
    return tuple(tuple(sorted(view["hand"])) if seat == view["seat"]
                 else tuple(sorted(split.get(seat, ()))) for seat in range(view["players"]))


class SearchRules(Rules):
    """The engine's :class:`Rules`, asked about plays only for the cards that fit: the
    same answers, found faster (the endgame search meets many positions)."""

    def plays(self, turn: Turn) -> list:
        if turn.stopped or (turn.three and turn.played >= 3):
            return []
        showing = self.showing(turn.tops)
        return [(card, pile) for card in turn.hand for pile in range(4)
                if fits(card, PILE_DIRS[pile], turn.tops[pile])
                and not self.play_problem(turn, card, pile, showing)]


def buried(left, tops, card: int, pile: int) -> int:
    """How many cards still to play (``left[value]`` true or counting) a play of ``card``
    on ``pile`` buries: the values it passes over; -1 for a backwards trick. The endgame
    search and the oracle (bench/oracle.py) try plays by it."""
    top = tops[pile]
    if is_backwards(card, PILE_DIRS[pile], top):
        return -1
    low, high = (top, card) if PILE_DIRS[pile] == "up" else (card, top)
    return sum(left[low + 1:high])


def strands(left, top: int, card: int, pile: int, tops) -> bool:
    """Whether moving ``pile`` from ``top`` to ``card`` (``tops`` after the move) leaves a
    card still to play (``left[value]`` true), between the two, with no pile it could ever
    reach (:func:`reachable`). The endgame search and the oracle prune such plays."""
    if is_backwards(card, PILE_DIRS[pile], top):
        return False
    low, high = (top, card) if PILE_DIRS[pile] == "up" else (card, top)
    return any(left[c] and not reachable(left, c, tops) for c in range(low + 1, high))


def reachable(left, card: int, tops) -> bool:
    """Whether ``card``, still to play, fits a pile now or after backwards tricks that the
    cards still to play (``left``) could make, whoever holds them."""
    for pile, top in enumerate(tops):
        if PILE_DIRS[pile] == "up" and lowest_up(left, top) <= card:
            return True
        if PILE_DIRS[pile] == "down" and highest_down(left, top) >= card:
            return True
    return False


def lowest_up(left, top: int) -> int:
    """The lowest top a climbing pile at ``top`` could ever show: a card still to play
    exactly ten below the top can follow it, and so can any card above it followed by
    the card ten below that one."""
    low = top - 10 if top - 10 >= 2 and left[top - 10] else top
    while True:
        step = next((y for y in range(max(2, low - 9), min(low, 90))
                     if left[y] and left[y + 10]), None)
        if step is None:
            return low
        low = step


def highest_down(left, top: int) -> int:
    """:func:`lowest_up` for a falling pile: the highest top it could ever show."""
    high = top + 10 if top + 10 <= 99 and left[top + 10] else top
    while True:
        step = next((y for y in range(min(99, high + 9), max(high, 11), -1)
                     if left[y] and left[y - 10]), None)
        if step is None:
            return high
        high = step


def winning_line(rules: Rules, turn: Turn, hands: tuple, seat: int,
                 budget: int = ENDGAME_BUDGET):
    """With the draw pile empty (each turn needs one card) and every hand known as
    ``hands`` (``hands[seat]`` is ``turn.hand``): the actions, from ``turn`` of ``seat`` on,
    of every seat in turn, that play every card with every instruction followed, or None
    when there is none or ``budget`` positions did not find one (:class:`Endgame`)."""
    return finish(winning_line_steps(rules, turn, hands, seat, budget))


def winning_line_steps(rules: Rules, turn: Turn, hands: tuple, seat: int,
                       budget: int = ENDGAME_BUDGET):
    """:func:`winning_line` in slices: a generator that yields every
    :data:`PAUSE_EVERY` positions searched and returns the line."""
    search = Endgame(rules, hands, budget)
    if not all(reachable(search.left, card, turn.tops) for hand in hands for card in hand):
        return None
    return (yield from search.line(hands, seat, turn))


class Endgame:
    """The depth-first search behind :func:`winning_line`. Plays are tried backwards
    tricks first, then by distance; positions that failed are not searched again; a play
    that leaves a card still to play with no pile it could ever reach is not tried."""

    def __init__(self, rules: Rules, hands: tuple, budget: int):
        self.rules, self.players, self.budget = rules, len(hands), budget
        self.failed, self.count = set(), 0
        self.left = [False] * 101
        for hand in hands:
            for card in hand:
                self.left[card] = True

    def line(self, hands: tuple, seat: int, turn: Turn):
        """The winning actions from this position, or None (a generator: it yields every
        :data:`PAUSE_EVERY` positions)."""
        key = (hands, seat, turn)
        if key in self.failed or self.count >= self.budget:
            return None
        self.count += 1
        if self.count % PAUSE_EVERY == 0:
            yield
        for _, move in self.moves(turn):
            rest = (yield from self.end(hands, seat, turn)) if move is None else \
                (yield from self.play(hands, seat, turn, *move))
            if rest is not None:
                return [("end",) if move is None else ("play",) + move] + rest
        self.failed.add(key)
        return None

    def moves(self, turn: Turn) -> list:
        """``(cost, (card, pile))`` of the plays worth trying and ``(cost, None)`` for
        ending the turn when allowed, cheapest first: backwards tricks, plays that bury no
        card still to play, the end of the turn, then plays by the cards they bury."""
        rules = self.rules
        moves = [(buried(self.left, turn.tops, card, pile), (card, pile))
                 for card, pile in rules.plays(turn) if not rules.loses(turn, card)]
        if not rules.end_problem(turn):
            moves.append((0.5, None))
        moves.sort(key=lambda move: move[0])
        return moves

    def end(self, hands: tuple, seat: int, turn: Turn):
        """The rest of a winning line once this seat ends its turn."""
        nxt = next((s % self.players for s in range(seat + 1, seat + 1 + self.players)
                    if hands[s % self.players]), None)
        if nxt is None:
            return None
        return (yield from self.line(hands, nxt, Turn(hands[nxt], turn.tops, 0, 1)))

    def play(self, hands: tuple, seat: int, turn: Turn, card: int, pile: int):
        """The rest of a winning line once ``card`` is on ``pile`` ([] if that wins)."""
        after = self.rules.after(turn, card, pile)
        now = hands[:seat] + (after.hand,) + hands[seat + 1:]
        if not any(now):
            return []  # the last card: the game is won
        if not self.rules.can_finish(after):
            return None
        self.left[card] = False
        try:
            if strands(self.left, turn.tops[pile], card, pile, after.tops):
                return None
            return (yield from self.line(now, seat, after))
        finally:
            self.left[card] = True


LEVELS = {"random": RandomBot, "careful": CarefulBot, "strong": StrongBot}


# -- hints -----------------------------------------------------------------------------
def hint(view: dict, bot_class=None) -> dict:
    """The next play (sharing and signals aside) of a bot of ``bot_class`` (the strong
    bot's by default) from this view, and why: the instructions in force that force or
    forbid it, the instruction the card carries, and what the play costs as The Game
    counts it."""
    return finish(hint_steps(view, bot_class))


def hint_steps(view: dict, bot_class=None):
    """:func:`hint` in slices: a generator that yields while the bot thinks (the strong
    bot's endgame search pauses) and returns the hint."""
    plays_only = dict(view, legal=[a for a in view["legal"] if a[0] in ("play", "end")])
    bot = (bot_class or StrongBot)(view["seat"])
    action = tuple((yield from thinking(bot, plays_only)))
    clauses = [in_force_words(view, action)]
    if action[0] == "play":
        clauses += [card_words(view, action[1]), losing_words(view),
                    first_play_words(view, action[1:], Table(view, weights_for(view["players"])))]
    else:
        clauses.append(_("every card left would cost more than it gains, or leave an"
                         " instruction you cannot follow: end the turn"))
    text = join_clauses(clauses)
    return {"actions": [list(action)], "reason": text[0].upper() + text[1:] + "."}


def in_force_words(view: dict, action) -> str:
    """The instructions in force that bind this move, naming them."""
    said = []
    for entry in view["in_force"]:
        kind, pile = entry["kind"], entry["pile"]
        if kind == "skull":
            covers = action[0] == "play" and action[2] == pile
            if covers:
                said.append(_("the Skull on {pile} must be covered before your turn ends:"
                              " {card} covers it").format(pile=pile_name(pile), card=action[1]))
            else:
                said.append(_("the Skull on {pile} must be covered before your turn ends")
                            .format(pile=pile_name(pile)))
        elif kind == "three":
            said.append(_("your 3! binds you to exactly 3 cards this turn"))
        elif kind == "stop":
            said.append(_("your Stop card ended the turn"))
        elif kind == "one_pile" and view["fixed_pile"] != -1:
            said.append(_("the One pile card keeps this turn's cards on {pile}").format(
                pile=pile_name(view["fixed_pile"])))
        elif kind == "no_reverse":
            said.append(_("no backwards trick while the No backwards card shows"))
    text = said[0] if said else ""
    for clause in said[1:]:
        # TRANSLATORS: two clauses of a hint, joined.
        text = _("{said}, and {more}").format(said=text, more=clause)
    return text


def card_words(view: dict, card: int) -> str:
    """What the played card's own instruction does, when it carries one."""
    kind = dict(zip(view["hand"], view["hand_instructions"])).get(card)
    if not kind:
        return ""
    info, rule = KINDS[kind], _(KINDS[kind].help).rstrip(".").lower()
    if info.symbol == "lightning":
        text = _("it plays your {label} card now, while this turn can still follow it ({rule})")
    else:
        text = _("it puts your {label} card on top, where it binds everyone ({rule})")
    return text.format(label=_(info.label), rule=rule)


def losing_words(view: dict) -> str:
    """The offered plays that would lose the game now (EX-6)."""
    losing = sorted({card for card, _ in view["losing"]})
    if not losing:
        return ""
    return ngettext("{cards} would lose the game now: a 3! needs a turn begun with 3 cards or"
                    " more",
                    "{cards} would lose the game now: a 3! needs a turn begun with 3 cards or"
                    " more", len(losing)).format(cards=", ".join(map(str, losing)))
