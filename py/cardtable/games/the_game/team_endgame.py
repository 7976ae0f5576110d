"""The team endgame of The Game: sampled deals of the unseen cards, each searched with
everything known, while few cards are left to draw.

With partners, the cards a seat does not see are partly in their hands and partly in the
draw pile (TG-14), so the solo search's exact chance (:mod:`.endgame`) cannot be
computed. Instead :func:`team_searching` deals the unseen cards at random (the partners'
hand sizes are known, the rest is the draw pile in a random order), as many times as
the level's :class:`.lookahead.Lookahead` says,
and in each such deal searches, with every hand and the draw order known, whether the
team can still play every card after each way this seat may play the rest of its turn:
the later turns go round the table (TG-6 draws, TG-8 seats without cards are skipped),
and a position where some card can never be played again (TG-5) is lost. The way that
wins the most sampled deals is played; when none wins any, the bot plans as mid-game.

Every sampled deal gets a budget of positions; past it that deal counts for no way. The
whole search has a budget too: once it is spent no more deals are sampled, which bounds
the time a decision takes, the same on every machine and Python. The deals are drawn
from a stream seeded by the position itself, so the bot and its hint answer the same,
on every Python.
"""

from __future__ import annotations

from ...engine.rng import make_rng, shuffled
from .endgame import OutOfBudget, Search, some_card_is_dead
from .lookahead import STRONG, Lookahead


def same_way_sorted(tops: tuple) -> tuple:
    """``tops`` (two ascending piles, then two descending ones, TG-1) with the tops of
    each pair in order."""
    up1, up2, down1, down2 = tops
    ups = (up1, up2) if up1 <= up2 else (up2, up1)
    return ups + ((down1, down2) if down1 <= down2 else (down2, down1))


class TeamEndgame(Search):
    """The search of one deal with everything known; ``min_cards`` is the table's
    minimum a turn (TG-4, TG-11). :meth:`wins` and :meth:`after_turn` are generators that
    yield at pauses and return their answer."""

    # Its positions cost more than the solo search's (each looks for a dead card among
    # every card still to play), so it pauses more often: the longest stretch between
    # pauses stays within the page's limit (docs/figures/bot-speed.md) on a phone four
    # times slower than this project's machine too (a review's judge, docs/figures/review.md).
    pause_every = 25

    def __init__(self, min_cards: int, budget: int):
        super().__init__(min_cards, budget)
        self.won: dict = {}

    def position_key(self, hand: tuple, tops: tuple):
        """Positions that differ only in which of two piles of one direction shows which
        top are one (TG-1: the two ascending piles, and the two descending ones, follow
        the same rules)."""
        return hand, same_way_sorted(tops)

    def turns(self, hand: tuple, tops: tuple, required: int):
        """Every way to play at least ``required`` cards of ``hand``: ``(kept, tops,
        plays)``, each reached position once, fewest plays first, then the smallest
        moves of the piles; between them ``None`` where the search is due a pause (a
        hand's ways can be thousands of positions). A generator: the ways with one more
        play are only looked for once every shorter way was taken."""
        seen, level = set(), [(hand, tops, ())]
        up1, up2, down1, down2 = tops

        def moved(way) -> int:
            """How far the way moves the piles, all four together."""
            a, b, c, d = way[1]
            return abs(a - up1) + abs(b - up2) + abs(c - down1) + abs(d - down2)

        while level:
            ways = [way for way in level if len(way[2]) >= required]
            ways.sort(key=moved)
            yield from ways
            following = []
            for kept, piles, plays in level:
                following.extend(self.one_play_on(kept, piles, plays, seen))
                if self.pause_due():
                    yield None
            level = following

    def ways(self, hand: tuple, tops: tuple, required: int):
        """:meth:`turns` as a list, pausing where it is due a pause (a generator)."""
        found = []
        for way in self.turns(hand, tops, required):
            if way is None:
                yield
            else:
                found.append(way)
        return found

    def after_turn(self, hands: tuple, seat: int, kept: tuple, tops: tuple, deck: tuple,
                   played: int):
        """Whether the team can play every card once ``seat`` ends its turn keeping
        ``kept``, having played ``played`` cards: it draws as many from the front of
        ``deck``, and the next seat with cards plays. A step of its own: the position
        it reaches may be known already, and thousands of them take time too."""
        self.steps += 1
        if self.pause_due():
            yield
        drawn = deck[:played]
        hands = hands[:seat] + (tuple(sorted(kept + drawn)),) + hands[seat + 1:]
        deck = deck[len(drawn):]
        for step in range(1, len(hands) + 1):
            other = (seat + step) % len(hands)
            if hands[other]:
                return (yield from self.wins(hands, tops, deck, other))
        return True

    def wins(self, hands: tuple, tops: tuple, deck: tuple, seat: int):
        """Whether the team can play every card from the start of ``seat``'s turn."""
        key = (hands, same_way_sorted(tops), deck, seat)
        if key not in self.won:
            self.count()
            if self.pause_due():
                yield
            found = False
            if not some_card_is_dead(sum(hands, ()) + deck, tops):
                hand = hands[seat]
                for way in self.turns(hand, tops, min(self.min_cards if deck else 1, len(hand))):
                    if way is None:
                        yield
                        continue
                    kept, piles, plays = way
                    if (yield from self.after_turn(hands, seat, kept, piles, deck, len(plays))):
                        found = True
                        break
            self.won[key] = found
        return self.won[key]


def sampled_deal(view: dict, hand: tuple, unseen: tuple) -> tuple:
    """``(hands, deck)``: ``unseen`` (shuffled) dealt to the other seats by their hand
    counts, the rest as the draw pile in that order; the view's seat holds ``hand``."""
    hands, at = [], 0
    for seat, count in enumerate(view["hand_counts"]):
        if seat == view["seat"]:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(unseen[at:at + count])))
            at += count
    return tuple(hands), unseen[at:]


def winning_ways(search: TeamEndgame, ways: list, hands: tuple, deck: tuple, seat: int,
                 already: int):
    """The indices of ``ways`` (``seat``'s ways to end its turn, ``already`` cards of it
    played before them) after which the team can play every card of this deal."""
    winning = []
    for i, (kept, piles, plays) in enumerate(ways):
        if (yield from search.after_turn(hands, seat, kept, piles, deck, already + len(plays))):
            winning.append(i)
    return winning


def team_searching(view: dict, unseen, lookahead: Lookahead = STRONG):
    """``(plays, deals won, deals sampled)`` for the rest of this seat's turn, the way
    that lets the team play every card in the most sampled deals of ``unseen`` (the
    cards the seat does not see), with the samples and budgets of ``lookahead``; None when
    the game is already lost or no way wins any deal. A generator that yields at pauses
    (see ``bots.thinking``)."""
    hand = tuple(sorted(view["hand"]))
    tops = tuple(p["top"] for p in view["piles"])
    unseen = tuple(sorted(unseen))
    if some_card_is_dead(hand + unseen, tops):
        return None
    rng = make_rng(repr((view["seat"], hand, tops, unseen)), "team-endgame")
    search = TeamEndgame(view["min_cards"], lookahead.sample_budget)
    already = len(view["played"])
    required = min(max(view["required"] - already, 0), len(hand))
    try:
        ways = yield from search.ways(hand, tops, required)
    except OutOfBudget:
        return None
    won, sampled = [0] * len(ways), 0
    while sampled < lookahead.samples and search.positions < lookahead.search_budget:
        hands, deck = sampled_deal(view, hand, shuffled(unseen, rng))
        sampled += 1
        search.budget = min(search.positions + lookahead.sample_budget, lookahead.search_budget)
        try:
            winning = yield from winning_ways(search, ways, hands, deck, view["seat"], already)
        except OutOfBudget:
            continue
        for i in winning:
            won[i] += 1
    best = max(range(len(ways)), key=won.__getitem__, default=None)
    if best is None or not won[best]:
        return None
    return ways[best][2], won[best], sampled
