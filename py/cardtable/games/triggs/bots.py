"""Bots for Triggs. Each sees only its seat's view (TR-13): its hand, every sheet, the
face-up tops, the pile sizes and the discards; each chooses among the view's ``legal``
actions.

- ``random``: a random kind of action (draw, discard, cross), then a random one of that
  kind (for tests).
- ``basic``: greedy. Crosses when a cross is worth it (two boxes or more, a completed row,
  or an emptied hand), otherwise draws, taking a face-up card it can use; bonus crosses
  go to the row closest to completion.
- ``strong``: plans the turn. It estimates how many turns its sheet still needs from its
  hand (:func:`turns_needed`) and picks the action (draw, discard, or which cross with
  which grouping) and the bonus rows that leave the fewest; unseen cards are weighed by
  how many of each value it has not seen. It offers ``hint``: its action and why.
"""

from __future__ import annotations

from collections import Counter

from ...engine.core import as_action, thaw
from ...i18n import _, N_, ngettext
from ...engine.rng import make_rng
from . import DEFAULT_LEVEL  # noqa: F401 (the bots' API; declared by the package)
from .rules import (
    COPIES, MAKE_TYPES, REFILL, VALUES, available, best_makes, free_boxes, value_counts,
)


def legal(view: dict) -> list:
    """The view's ``legal`` actions as the engine's tuples, in the engine's order."""
    return [as_action(action) for action in view["legal"]]


def of_kind(actions, kind: str) -> list:
    return [action for action in actions if action[0] == kind]


def draw_piles(actions) -> list:
    """The piles a legal draw may take from, in table order."""
    return [action[1] for action in of_kind(actions, "draw")]


def own_free(view: dict) -> list:
    return list(free_boxes(view["sheets"][view["seat"]]))


def face_up_tops(view: dict) -> dict:
    """``{pile name: top card}`` for the face-up piles that are not empty."""
    return {p["name"]: p["top"] for p in view["piles"] if p["face_up"] and p["top"] is not None}


class RandomBot:
    """Legal and nothing more."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat
        self.rng = make_rng(seed, f"bot-{seat}")

    def pick(self, items):
        return items[int(self.rng.random() * len(items))]

    def act(self, view: dict):
        actions = legal(view)
        kind = self.pick(sorted({action[0] for action in actions}))
        return self.pick(of_kind(actions, kind))


class BasicBot:
    """Greedy, one action at a time (see the module docstring)."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat

    def act(self, view: dict):
        free, actions = own_free(view), legal(view)
        bonuses, piles = of_kind(actions, "bonus"), draw_piles(actions)
        if bonuses:  # the row closest to completion; ties: the higher
            return min(bonuses, key=lambda action: (free[action[1] - 1], -action[1]))
        if view["phase"] == "draw":
            return ("draw", self.pile_to_draw(view, free, piles))
        cross = self.best_cross(view, free)
        if cross in actions and (self.worth(view, cross, free) or not piles):
            return cross
        if piles:
            return ("draw", self.pile_to_draw(view, free, piles))
        return self.discard(view, free)

    @staticmethod
    def best_cross(view: dict, free: list):
        """The cross of most boxes (ties: the higher row), with the one-click grouping."""
        options = [(m["count"], m["row"]) for m in view["makes"] if m["count"]]
        if not options:
            return None
        _, row = max(options)
        return ("cross", row, best_makes(view["hand"], row, free[row - 1]))

    @staticmethod
    def worth(view: dict, cross, free: list) -> bool:
        """Two boxes or more, the row's last boxes, or the whole hand (TR-9 refills it)."""
        row, makes = cross[1], cross[2]
        used = sum(len(make) for make in makes)
        return len(makes) >= 2 or len(makes) == free[row - 1] or used == len(view["hand"])

    @staticmethod
    def pile_to_draw(view: dict, free: list, piles: list) -> str:
        """Of the ``piles`` a draw may take from: a face-up card that is a value with free
        boxes, else the middle pile, else the first."""
        for name, top in face_up_tops(view).items():
            if free[top - 1]:
                return name
        return "middle" if "middle" in piles else piles[0]

    @staticmethod
    def discard(view: dict, free: list):
        """All copies of the value least useful as a single card (full rows first)."""
        counts = Counter(view["hand"])
        value = min(counts, key=lambda v: (free[v - 1] > 0, -counts[v]))
        return ("discard", value, counts[value])


# -- the strong bot's estimate ------------------------------------------------------
# ROW_CROSS and HALF_PAIR were tuned by simulation against ``basic``.
CARDS_PER_DRAW = 2
ROW_CROSS = 2  # free boxes one later cross of a row is expected to cover
HALF_PAIR = 0.2  # what a card that may pair with a later one covers, in boxes


def plan(free: list, hand) -> tuple:
    """A greedy use of ``hand`` on the free boxes: single cards first, then pairs, rows
    from 12 down. Returns (rows it completes, boxes left uncovered per row, spare cards
    as a count per value, index ``v``)."""
    counts = value_counts(hand)
    left = list(free)
    for v in VALUES:
        take = min(counts[v], left[v - 1])
        counts[v] -= take
        left[v - 1] -= take
    for v in reversed(VALUES):
        for make in MAKE_TYPES[v][1:]:
            if not left[v - 1]:
                break
            take = min(available(make, counts), left[v - 1])
            if take:
                counts[make[0]] -= take
                counts[make[1]] -= take
                left[v - 1] -= take
    completed = sum(1 for f, rest in zip(free, left) if f and not rest)
    return completed, left, counts


def turns_needed(free: list, hand, odds) -> float:
    """The estimated turns to cross every free box holding ``hand`` (smaller is better).

    Turns to cross: each open row needs one cross per ``ROW_CROSS`` free boxes. Turns to
    draw: the boxes the hand does not cover (less one bonus box per row it completes, less
    ``HALF_PAIR`` of a box per spare card below the highest open row, which may pair with
    a later card) times the cards a box costs, which ``odds`` (hidden value → probability)
    gives, two cards a turn."""
    if not sum(free):
        return 0.0
    completed, left, spare = plan(free, hand)
    top_open = max((v for v in VALUES if left[v - 1]), default=0)
    uncovered = max(0, sum(left) - completed)
    halves = min(sum(spare[:top_open]), uncovered)
    useful = sum(p * (1.0 if left[v - 1] else HALF_PAIR if v < top_open else 0.0)
                 for v, p in odds)
    cards = (uncovered - HALF_PAIR * halves) / max(useful, 0.05)
    crosses = sum(-(-f // ROW_CROSS) for f in free)
    return crosses + cards / CARDS_PER_DRAW


def unseen(view: dict) -> dict:
    """How many of each value the seat has not seen (its hand, discards, removed cards
    and face-up tops): the odds of a hidden card."""
    seen = Counter(view["hand"]) + Counter(view["discard"]) + Counter(view["removed"])
    seen.update(face_up_tops(view).values())
    return {v: max(0, COPIES - seen[v]) for v in VALUES}


class StrongBot:
    """Plans each turn by :func:`turns_needed` (see the module docstring)."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat
        self.memo = {}

    def hint(self, view: dict) -> dict:
        """The web UI's Hint button: see the module's :func:`hint`."""
        return hint(view)

    def estimate(self, free, hand, odds) -> float:
        """:func:`turns_needed`, remembered for the decision at hand."""
        key = (tuple(free), tuple(sorted(hand)))
        if key not in self.memo:
            self.memo[key] = turns_needed(free, hand, odds)
        return self.memo[key]

    def act(self, view: dict):
        self.memo = {}
        free = own_free(view)
        hand = tuple(view["hand"])
        odds = self.odds(view)
        actions = legal(view)
        piles = draw_piles(actions)
        if of_kind(actions, "bonus"):
            return ("bonus", self.bonus_row(free, hand, odds))
        if view["phase"] == "draw":
            return ("draw", self.best_pick(view, free, hand, odds, piles))
        # Lowest estimate first; ties go to the action crossing more boxes, then to
        # drawing, then to the first in the engine's order.
        choices = [(self.after_play(free, hand, action, odds), -boxes_crossed(action), index,
                    action)
                   for index, action in enumerate(actions) if action[0] != "draw"]
        if piles:
            choices.append((self.after_draw(view, free, hand, odds), 0, -1, "draw"))
        best = min(choices)[-1]
        if best == "draw":
            return ("draw", self.best_pick(view, free, hand, odds, piles))
        return best

    @staticmethod
    def odds(view: dict) -> list:
        """(value, probability) of a hidden card, from :func:`unseen`."""
        counts = unseen(view)
        total = sum(counts.values()) or 1
        return [(v, n / total) for v, n in counts.items() if n]

    def expected_with(self, free, hand, odds, hidden: int) -> float:
        """The estimate after adding ``hidden`` hidden cards (0, 1 or 2) to ``hand``."""
        if not hidden:
            return self.estimate(free, hand, odds)
        return sum(p * self.expected_with(free, hand + (v,), odds, hidden - 1)
                   for v, p in odds)

    def best_pick(self, view, free, hand, odds, piles: list) -> str:
        """Of the ``piles`` a draw may take from, the one of the best single pick: a known
        face-up top or a hidden card."""
        options = [(self.estimate(free, hand + (top,), odds), name)
                   for name, top in face_up_tops(view).items()]
        if "middle" in piles:
            options.append((self.expected_with(free, hand, odds, 1), "middle"))
        return min(options)[1] if options else piles[0]

    def after_draw(self, view, free, hand, odds) -> float:
        """The estimate after a whole draw: every mix of the known face-up tops (each
        once) and hidden cards, the best mix counted."""
        picks = view["draw_allowance"]
        tops = list(face_up_tops(view).values())
        known = [combo for n in range(picks + 1) for combo in _choose(tops, n)]
        return min(self.expected_with(free, hand + combo, odds, picks - len(combo))
                   for combo in known)

    def after_play(self, free, hand, action, odds) -> float:
        """The estimate after a discard or a cross (bonus crosses placed by
        :meth:`bonus_row`); an emptied hand counts five hidden cards (TR-9)."""
        kind, value, rest = action
        cards = (value,) * rest if kind == "discard" else tuple(c for m in rest for c in m)
        left = tuple((Counter(hand) - Counter(cards)).elements())
        free = list(free)
        if kind == "cross":
            free[value - 1] -= len(rest)
            if not free[value - 1]:
                free = self.settle_chain(free, left, odds)
        if not sum(free):
            return -1.0  # the game is won
        if not left:
            return self.refilled(free, odds)
        return self.estimate(free, left, odds)

    def refilled(self, free, odds) -> float:
        """The estimate holding five hidden cards: the estimate with none, less five
        times what one hidden card is worth on average."""
        empty = self.estimate(free, (), odds)
        return empty - REFILL * (empty - self.expected_with(free, (), odds, 1))

    def settle_chain(self, free: list, hand, odds) -> list:
        """The sheet after a chain of bonuses placed as :meth:`bonus_row` would."""
        while sum(free):
            row = self.bonus_row(free, hand, odds)
            free = list(free)
            free[row - 1] -= 1
            if free[row - 1]:
                break
        return free

    def bonus_row(self, free: list, hand, odds) -> int:
        """TR-8: a row with one free box first (the chain goes on); else the row whose
        box leaves the lowest estimate (ties: the row with fewer ways to make it)."""
        singles = [v for v in VALUES if free[v - 1] == 1]
        if singles:
            return singles[0]

        def after(v):
            crossed = list(free)
            crossed[v - 1] -= 1
            return self.estimate(crossed, hand, odds), v

        return min(after(v) for v in VALUES if free[v - 1])[1]


def boxes_crossed(action) -> int:
    """How many boxes a turn action crosses with cards (0 for a discard)."""
    return len(action[2]) if action[0] == "cross" else 0


def _choose(cards, n: int) -> list:
    """The distinct ``n``-card tuples from ``cards`` (each card at most once)."""
    if n == 0:
        return [()]
    return [(card,) + rest for i, card in enumerate(cards) for rest in _choose(cards[i + 1:], n - 1)]


LEVELS = {"random": RandomBot, "basic": BasicBot, "strong": StrongBot}


# -- hints -----------------------------------------------------------------------------
def hint(view: dict) -> dict:
    """The strong bot's action from this view, and why in words: the rows a cross
    completes and where its bonuses chain, what a draw is after, why a discard, and the
    turns the sheet still needs afterwards against the other choices."""
    bot = StrongBot(view["seat"])
    action = as_action(bot.act(view))
    free, hand, odds = own_free(view), tuple(view["hand"]), bot.odds(view)
    words = REASONS[action[0]](bot, view, action, free, hand, odds)
    return {"actions": [thaw(action)], "reason": words[0].upper() + words[1:] + "."}


def cross_reason(bot, view, action, free, hand, odds) -> str:
    row, makes = action[1:]
    if free[row - 1] > len(makes):
        left = free[row - 1] - len(makes)
        said = ngettext("row {row} then has {left} free box left and your hand keeps the cards"
                        " other rows need",
                        "row {row} then has {left} free boxes left and your hand keeps the cards"
                        " other rows need", left).format(row=row, left=left)
    else:
        said = _("it completes row {row}").format(row=row)
        chain = chain_words(bot, free, row, len(makes), hand, makes, odds)
        if chain:
            said = and_words(said, chain)
    return clauses_words(said, turns_words(bot, free, hand, action, odds))


def and_words(said: str, more: str) -> str:
    """Two clauses of a hint joined by "and"."""
    # TRANSLATORS: two clauses of a hint, joined.
    return _("{said}, and {more}").format(said=said, more=more)


def clauses_words(said: str, more: str) -> str:
    """Two parts of a hint joined by a semicolon."""
    # TRANSLATORS: two parts of a hint, joined.
    return _("{said}; {more}").format(said=said, more=more)


def chain_words(bot, free, row, crossed, hand, makes, odds) -> str:
    """Where the bonus crosses of a completed row go (TR-8), as :meth:`bonus_row` would."""
    left = tuple((Counter(hand) - Counter(c for m in makes for c in m)).elements())
    sheet = list(free)
    sheet[row - 1] -= crossed
    said = []
    while sum(sheet):
        bonus = bot.bonus_row(sheet, left, odds)
        sheet[bonus - 1] -= 1
        if sheet[bonus - 1]:
            said.append(_("the bonus then goes to row {row}").format(row=bonus))
            break
        said.append(_("the bonus then completes row {row}").format(row=bonus))
    text = said[0] if said else ""
    for clause in said[1:]:
        text = and_words(text, clause)
    return text


def turns_words(bot, free, hand, action, odds) -> str:
    """The sheet's estimated turns after ``action`` against after the best draw."""
    after = bot.after_play(free, hand, action, odds)
    if after < 0:
        return _("your sheet is then full: you win")
    turns = round(after)
    return ngettext("your sheet then needs about {turns} more turn by the bot's estimate, the"
                    " fewest of your choices",
                    "your sheet then needs about {turns} more turns by the bot's estimate, the"
                    " fewest of your choices", turns).format(turns=f"{after:.0f}")


def draw_reason(bot, view, action, free, hand, odds) -> str:
    pile = action[1]
    top = face_up_tops(view).get(pile)
    if top is None:
        said = _("the middle pile's hidden card is a better bet than the tops showing")
    else:
        rows = [v for v in VALUES if free[v - 1] and (v == top or (v - top) in hand)]
        if not rows:
            use = _("it may pair with a later card")
        elif rows[-1] != top:
            use = _("it makes row {row} with your {card}").format(row=rows[-1],
                                                                  card=rows[-1] - top)
        else:
            use = _("it makes row {row}").format(row=rows[-1])
        said = _(PILE_HELPS[pile]).format(card=top, use=use)
    if view["phase"] == "draw":
        return said
    return clauses_words(_("no cross is worth a turn yet"), said)


# What a face-up card drawn from a pile does for the hand, by pile (N_: translated when used).
PILE_HELPS = {"left": N_("the {card} on the left pile helps most: {use}"),
              "middle": N_("the {card} on the middle pile helps most: {use}"),
              "right": N_("the {card} on the right pile helps most: {use}")}


def discard_reason(bot, view, action, free, hand, odds) -> str:
    value, count = action[1:]
    needed = free[value - 1] or any(free[v - 1] for v in VALUES if v > value)
    why = (_("no row you still need uses them") if not needed
           else _("they make room for cards that fit your sheet better"))
    said = _("your {count} × {value}: {why}").format(count=count, value=value, why=why)
    return clauses_words(said, turns_words(bot, free, hand, action, odds))


def bonus_reason(bot, view, action, free, hand, odds) -> str:
    row = action[1]
    if free[row - 1] == 1:
        return _("row {row} has one free box left: the bonus completes it and earns another"
                 " bonus").format(row=row)
    return _("a box in row {row} leaves the fewest turns of work for the rest of your"
             " sheet").format(row=row)


REASONS = {"cross": cross_reason, "draw": draw_reason, "discard": discard_reason,
           "bonus": bonus_reason}
