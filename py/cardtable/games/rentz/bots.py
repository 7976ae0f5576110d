"""Bots for Rentz. Each sees only its seat's view (RZ-11): its hand, every card played and
who took it, the layout, the hand sizes and the scores.

- ``random``: a uniformly random legal action.
- ``basic``: a club player's rules per sub-game. Avoidance games: lead the card least
  likely to win, duck under the winning card, dump the heaviest penalty card (then the
  highest card) when void. Whist: cash sure winners, win as cheaply as possible. Ten of
  clubs: win the trick that holds 10♣, keep 10♣ until it can win, play the other suits as
  in whist (10♣ falls, sooner or later, into a trick its holder cannot win). Layout: play
  the card that frees the most of its own cards and the fewest of the others', an Ace
  when another card follows. Choice: the sub-game whose static estimate beats its fair
  share the most.
- ``strong``: perfect-information Monte Carlo. It deals the unseen cards again
  consistently with what it has seen (hand sizes, suits shown void, cards played) into a
  number of worlds and plays each legal card out to the end of the deal in every world,
  every seat playing as ``basic`` would holding the same cards; it plays the card of
  best average deal points (cards that play alike are tried once). The number of worlds
  follows a budget of cards played out, never the clock, so a seed and the same views
  give the same actions. The layout game is played out the same way. The sub-game is
  chosen by playing each remaining one out over a few sampled deals: the best average
  points over its fair share (the deal's points shared out evenly), since a sub-game
  not chosen now is chosen later with a hand of average worth.
- Under the blind house rule ``basic`` and ``strong`` look at the hand before choosing:
  doubling the deal does not change a seat's expected lead over the others, while
  seeing the hand lets it pick the sub-game that suits it.

Deal points are the objective throughout: in every sub-game the seats' points add up to
a constant, so a seat's own points and its lead over the average of the others differ
by a constant and rank moves alike.

Cards inside the bots are (suit, rank) pairs, suits numbered as in ``SUITS`` and ranks
2..14; a hand is four bit masks, one per suit, bit ``r`` set for rank ``r``.
"""

from __future__ import annotations

from . import DEFAULT_LEVEL  # noqa: F401 (the bots' API; declared by the package)
from .rules import SUB_GAME, next_holder
from ...engine.rng import make_rng
from ...bots.thinking import finish
from ...i18n import _, N_, ngettext

SUITS = "HDCS"
RANK_OF = {"J": 11, "Q": 12, "K": 13, "A": 14}
RANK_NAME = {11: "J", 12: "Q", 13: "K", 14: "A"}
HEARTS, DIAMONDS, CLUBS, SPADES = range(4)
QUEEN, KING, ACE, TEN = 12, 13, 14, 10
ENDS_EARLY = ("king", "queens", "diamonds", "ten")


# -- cards ------------------------------------------------------------------------------
def parse(card: str) -> tuple:
    """``"10C"`` -> ``(CLUBS, 10)``."""
    text = card[:-1]
    return SUITS.index(card[-1]), RANK_OF.get(text) or int(text)


def card_name(suit: int, rank: int) -> str:
    return f"{RANK_NAME.get(rank, rank)}{SUITS[suit]}"


def lowest_rank(players: int) -> int:
    """RZ-1: the deck keeps the ranks from the Ace down to this one."""
    return 15 - 2 * players


def full_suit(players: int) -> int:
    """The mask of every rank of one suit in the deck for ``players``."""
    return ((1 << 15) - 1) & ~((1 << lowest_rank(players)) - 1)


def masks(cards) -> list:
    """Four suit masks of the named cards."""
    out = [0, 0, 0, 0]
    for card in cards:
        suit, rank = parse(card)
        out[suit] |= 1 << rank
    return out


count = int.bit_count  # the cards in a mask (a method descriptor: no Python frame a call)


def low_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def high_bit(mask: int) -> int:
    return mask.bit_length() - 1


def ranks_of(mask: int) -> list:
    """The ranks in ``mask``, lowest first."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


# -- scoring of the trick games (RZ-7) -------------------------------------------------------
class Rules:
    """One trick sub-game as the bots score it, from the house-rule options: points to
    the taker per card (``pts[suit][rank]``) and per trick, the cards whose leaving the
    hands ends the deal (``end``, suit masks, or None when all 8 tricks are played), and
    the play style (``avoid``, ``take`` or ``ten``)."""

    __slots__ = ("sub", "pts", "trick", "end", "style", "penal", "costly", "follow",
                 "discard", "lead")

    def __init__(self, sub: str, options: dict):
        self.sub = sub
        self.pts = [[0] * 15 for _ in range(4)]
        self.trick = 0
        if sub in ("king", "totals"):
            self.pts[HEARTS][KING] += options["king"]
        if sub in ("queens", "totals"):
            for suit in range(4):
                self.pts[suit][QUEEN] += options["queen"]
        if sub in ("diamonds", "totals"):
            for rank in range(2, 15):
                self.pts[DIAMONDS][rank] += options["diamond"]
        if sub in ("tricks", "totals"):
            self.trick = options["trick"]
        if sub == "whist":
            self.trick = options["whist"]
        if sub == "ten":
            self.pts[CLUBS][TEN] = options["ten"]
        self.style = {"whist": "take", "ten": "ten"}.get(sub, "avoid")
        scoring = [sum(1 << r for r in range(15) if row[r]) for row in self.pts]
        self.end = scoring if sub in ENDS_EARLY else None
        self.penal = [any(p < 0 for p in row) for row in self.pts]
        self.costly = scoring  # per suit, the ranks whose taker scores
        self.follow, self.discard, self.lead = (FOLLOW[self.style], DISCARD[self.style],
                                                LEAD[self.style])


# -- the basic play of a trick game (shared by the basic bot and the playouts) --------------
def winning_rank(trick) -> int:
    """The rank that wins ``trick`` so far (the highest of the suit led)."""
    led, win = trick[0][1], 0
    for _, suit, rank in trick:
        if suit == led and rank > win:
            win = rank
    return win


def play_card(rules: Rules, mine: list, rem: list, trick: list, after: int) -> tuple:
    """The card (suit, rank) that ``basic`` plays holding ``mine``; ``rem`` are the suit
    masks of every card still in a hand (its own included), ``trick`` the cards played
    to this trick as (seat, suit, rank) and ``after`` how many seats play after it."""
    if trick:
        led = trick[0][1]
        if mine[led]:
            return led, rules.follow(rules, led, mine[led], rem[led] & ~mine[led], trick, after)
        return rules.discard(rules, mine, rem, trick)
    return rules.lead(rules, mine, rem)


def avoid_follow(rules, led, mine, others, trick, after) -> int:
    """Duck with the highest card under the winner (the heaviest penalty card first);
    when sure to win, win with the highest card that costs nothing; otherwise play the
    lowest card that is over the winner."""
    win = winning_rank(trick)
    under = mine & ((1 << win) - 1)
    pts = rules.pts[led]
    if under:
        if not rules.penal[led]:
            return high_bit(under)
        best, most = 0, None
        for rank in ranks_of(under):  # the heaviest penalty, ties the highest rank
            if most is None or -pts[rank] >= most:
                best, most = rank, -pts[rank]
        return best
    low = low_bit(mine)
    if after and others >> (low + 1):
        cheap = mine & ~rules.costly[led]
        return low_bit(cheap) if cheap else low
    best, least = 0, None
    for rank in ranks_of(mine):  # the lightest penalty, ties the highest rank
        if least is None or -pts[rank] <= least:
            best, least = rank, -pts[rank]
    return best


def avoid_discard(rules, mine, rem, trick) -> tuple:
    """Void in the suit led: the heaviest penalty card, then the card most likely to
    win a later trick (the fewest unseen cards above it), highest first."""
    best, key = None, None
    for suit in range(4):
        m = mine[suit]
        if not m:
            continue
        others, pts = rem[suit] & ~m, rules.pts[suit]
        for rank in ranks_of(m) if rules.penal[suit] else (high_bit(m),):
            k = (-pts[rank], -count(others >> (rank + 1)), rank, -count(m))
            if key is None or k > key:
                best, key = (suit, rank), k
    return best


def avoid_lead(rules, mine, rem) -> tuple:
    """The lead that costs least: each suit's lowest card (and each penalty card held)
    priced by the chance that no one goes over it, times what the trick would cost."""
    best, key = None, None
    for suit in range(4):
        m = mine[suit]
        if not m:
            continue
        others, pts = rem[suit] & ~m, rules.pts[suit]
        candidates = m & -m  # the lowest card, and every penalty card held
        if rules.penal[suit]:
            candidates |= m & rules.costly[suit]
        for rank in ranks_of(candidates):
            below = count(others & ((1 << rank) - 1))
            above = count(others >> (rank + 1))
            p_win = below / (below + above) if above else 1.0
            pen = -pts[rank]
            cost = p_win * (pen + 20 - rules.trick) - (1 - p_win) * pen / 2
            k = (cost, count(m), rank)
            if key is None or k < key:
                best, key = (suit, rank), k
    return best


def take_follow(rules, led, mine, others, trick, after) -> int:
    """Whist: win with the lowest card that surely wins, else play low."""
    win = winning_rank(trick)
    if mine >> (win + 1):
        top = max(win, high_bit(others)) if after else win
        sure = mine >> (top + 1)
        if sure:
            return low_bit(sure) + top + 1
    return low_bit(mine)


def take_discard(rules, mine, rem, trick) -> tuple:
    """Whist, void in the suit led: the lowest card that is not a sure winner."""
    best, key = None, None
    for suit in range(4):
        m = mine[suit]
        if m:
            rank = low_bit(m)
            master = rank > high_bit(rem[suit] & ~m)
            k = (master, rank, count(m))
            if key is None or k < key:
                best, key = (suit, rank), k
    return best


def take_lead(rules, mine, rem) -> tuple:
    """Whist: a sure winner (the highest of a suit the others still hold first), else
    the lowest card of the longest suit."""
    masters = []
    for suit in range(4):
        m = mine[suit]
        if m:
            others = rem[suit] & ~m
            top = high_bit(m)
            if top > high_bit(others):
                masters.append((others != 0, top, suit))
    if masters:
        _, rank, suit = max(masters)
        return suit, rank
    suit = longest(mine, range(4))
    return suit, low_bit(mine[suit])


def longest(mine: list, suits) -> int | None:
    """The suit of ``suits`` with the most cards in ``mine`` (ties: the first), or None."""
    held = [s for s in suits if mine[s]]
    return max(held, key=lambda s: (count(mine[s]), -s)) if held else None


TEN_BIT = 1 << TEN


def ten_in(trick) -> bool:
    """Whether 10♣ is among the cards of ``trick``."""
    return any(suit == CLUBS and rank == TEN for _, suit, rank in trick)


def ten_follow(rules, led, mine, others, trick, after) -> int:
    """Ten of clubs: win a trick that holds 10♣; another suit led, play as in whist (10♣
    falls, sooner or later, into a trick its holder cannot win, and a seat that wins
    tricks keeps the lead and the cards that take it); clubs led, play 10♣ when it wins,
    else low."""
    win = winning_rank(trick)
    if ten_in(trick) and mine >> (win + 1):
        return low_bit(mine >> (win + 1)) + win + 1 if not after else high_bit(mine)
    if led != CLUBS:
        return take_follow(rules, led, mine, others, trick, after)
    if mine & TEN_BIT:
        if win < TEN and (not after or not others >> (TEN + 1)):
            return TEN
        rest = mine & ~TEN_BIT
        return low_bit(rest) if rest else TEN
    return low_bit(mine)


def ten_discard(rules, mine, rem, trick) -> tuple:
    """Ten of clubs, void in the suit led: while 10♣ is in another hand, as in whist (the
    lowest card that is not a sure winner); otherwise the lowest card, never 10♣ nor a
    club over it."""
    if not mine[CLUBS] & TEN_BIT and not ten_in(trick):
        return take_discard(rules, mine, rem, trick)
    best = None
    for suit in range(4):
        m = mine[suit] & ~TEN_BIT if suit == CLUBS else mine[suit]
        if m:
            rank = low_bit(m)
            key = (suit == CLUBS and rank > TEN, rank, suit)
            best = key if best is None or key < best else best
    return (CLUBS, TEN) if best is None else (best[2], best[1])


def ten_lead(rules, mine, rem) -> tuple:
    """Ten of clubs: lead 10♣ when no unseen club is over it, else a high club (to draw
    the clubs over it, or 10♣ itself). Without either: holding 10♣, low from the longest
    other suit; otherwise as in whist (sure winners first, to keep the lead)."""
    clubs = mine[CLUBS]
    others = rem[CLUBS] & ~clubs
    if clubs & TEN_BIT and not others >> (TEN + 1):
        return CLUBS, TEN
    if clubs >> (TEN + 1):
        return CLUBS, high_bit(clubs)
    if not clubs & TEN_BIT:
        return take_lead(rules, mine, rem)
    suit = longest(mine, (HEARTS, DIAMONDS, SPADES))
    if suit is not None:
        return suit, low_bit(mine[suit])
    rest = clubs & ~TEN_BIT
    return CLUBS, low_bit(rest) if rest else TEN


FOLLOW = {"avoid": avoid_follow, "take": take_follow, "ten": ten_follow}
DISCARD = {"avoid": avoid_discard, "take": take_discard, "ten": ten_discard}
LEAD = {"avoid": avoid_lead, "take": take_lead, "ten": ten_lead}


# -- the basic play of the layout game (RZ-8) -----------------------------------------------
def row_ends(row, low: int) -> int:
    """The mask of ranks that may be laid on a row (None: only its Jack)."""
    if row is None:
        return 1 << 11
    lo, hi = row
    return (1 << (lo - 1) if lo - 1 >= low else 0) | (1 << (hi + 1) if hi < ACE else 0)


def valid_cards(mine: list, rows: list, low: int) -> list:
    """The cards of ``mine`` that may be laid, as (suit, rank)."""
    cards = []
    for s in range(4):
        m = mine[s] & row_ends(rows[s], low)
        if m:
            cards.extend((s, r) for r in ranks_of(m))
    return cards


def reach(mine: int, others: int, rank: int, step: int, low: int) -> tuple:
    """Beyond ``rank`` going ``step`` (+1 up, -1 down): how many of its own cards follow
    at once, whether the next card is another seat's, and the others' cards beyond."""
    run, r = 0, rank + step
    while low <= r <= ACE and mine >> r & 1:
        run, r = run + 1, r + step
    beyond = others >> (rank + 1) if step > 0 else others & ((1 << rank) - 1)
    nxt = low <= r <= ACE and run == 0 and bool(others >> r & 1)
    return run, nxt, count(beyond)


def lay_score(mine: list, rem: list, rows: list, low: int, card: tuple, follow: int) -> float:
    """How good laying ``card`` is: it frees its own cards, not the others'; an Ace with
    another valid card after it plays twice; the lowest rank skips a seat holding
    ``follow`` cards (the fewer, the better the skip)."""
    suit, rank = card
    m, others = mine[suit] & ~(1 << rank), rem[suit] & ~mine[suit]
    steps = (1, -1) if rows[suit] is None else ((1,) if rank > 11 else (-1,))
    score = 0.0
    for step in steps:
        run, nxt, beyond = reach(m, others, rank, step, low)
        score += 3 * run - 4 * nxt - beyond
    if rank == ACE:
        after = [c for c in valid_cards(mine, rows, low) if c != card]
        score += 8 if after else 1
    if rank == low:
        score += 2 + 6 / max(follow, 1)
    return score


def lay_card(mine: list, rem: list, rows: list, low: int, follow: int):
    """The card ``basic`` lays holding ``mine`` (``rem``: every card still in a hand),
    or None when it has no valid card."""
    cards = valid_cards(mine, rows, low)
    if not cards:
        return None
    return max(cards, key=lambda c: (lay_score(mine, rem, rows, low, c, follow), -c[1], -c[0]))


# -- what a view shows ----------------------------------------------------------------------
def unseen_masks(view: dict) -> list:
    """The cards the seat cannot see (in the other hands), as suit masks: the deck less
    its hand, the cards taken, the trick and the layout."""
    full = full_suit(view["players"])
    out = [full] * 4
    seen = list(view["hand"]) + [card for cards in view["taken"] for card in cards]
    seen += [card for _, card in view["trick"]]
    for suit, mask in enumerate(masks(seen)):
        out[suit] &= ~mask
    for letter, row in view["layout"].items():
        if row:
            lo, hi = parse(row[0])[1], parse(row[1])[1]
            out[SUITS.index(letter)] &= ~(((1 << (hi + 1)) - 1) & ~((1 << lo) - 1))
    return out


def trick_of(view: dict) -> list:
    """The trick in play as (seat, suit, rank)."""
    return [(seat,) + parse(card) for seat, card in view["trick"]]


def rows_of(view: dict) -> list:
    """The layout per suit as (lowest rank, highest rank) or None."""
    rows = []
    for letter in SUITS:
        row = view["layout"][letter]
        rows.append((parse(row[0])[1], parse(row[1])[1]) if row else None)
    return rows


def voids_of(view: dict) -> set:
    """``(seat, suit)`` for each suit a seat has shown it lacks this deal (the view's
    ``voids``: it did not follow suit)."""
    return {(seat, SUITS.index(suit)) for seat, suits in enumerate(view["voids"])
            for suit in suits}


def deal_unseen(rng, unseen: list, sizes: list, voids: set) -> list:
    """One world: the ``unseen`` cards (suit masks) dealt at random to the seats, each
    getting ``sizes[seat]`` cards and none of a suit it has shown void in (when that
    cannot be met after a few tries, voids are ignored). Returns hands as suit masks."""
    pool = [(s, r) for s in range(4) for r in ranks_of(unseen[s])]
    for attempt in range(12):
        hands = _deal_once(rng, pool, sizes, voids if attempt < 11 else set())
        if hands is not None:
            return hands
    raise ValueError("the unseen cards do not fit the hand sizes")


def _deal_once(rng, pool: list, sizes: list, voids: set):
    """One try of :func:`deal_unseen`; None when a card finds no seat."""
    room = list(sizes)
    hands = [[0, 0, 0, 0] for _ in sizes]
    open_to = [[s for s in range(len(room)) if (s, suit) not in voids] for suit in range(4)]
    order = list(pool)
    for i in range(len(order) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    for suit, rank in order:
        seats, total = [], 0
        for s in open_to[suit]:
            if room[s]:
                seats.append(s)
                total += room[s]
        if not total:
            return None
        pick = rng.random() * total
        for seat in seats:
            pick -= room[seat]
            if pick < 0 or seat == seats[-1]:
                break
        room[seat] -= 1
        hands[seat][suit] |= 1 << rank
    return hands


# -- playing a deal out in one world ----------------------------------------------------------
def playout(rules: Rules, hands: list, trick: list, leader: int, me: int) -> int:
    """Seat ``me``'s points from the rest of a trick deal, every seat playing as
    :func:`play_card` holding ``hands`` (suit masks per seat; changed in place);
    ``trick`` is the trick in play as (seat, suit, rank) and ``leader`` its leader."""
    players = len(hands)
    rem = [0, 0, 0, 0]
    for hand in hands:
        for s in range(4):
            rem[s] |= hand[s]
    end, pts = rules.end, rules.pts
    total, seat = 0, (leader + len(trick)) % players
    trick = list(trick)
    while True:
        if len(trick) == players:
            led, win = trick[0][1], 0
            for s, su, r in trick:
                if su == led and r > win:
                    win, seat = r, s
            if seat == me:
                total += rules.trick
                for _, su, r in trick:
                    total += pts[su][r]
            if not (rem[0] or rem[1] or rem[2] or rem[3]):
                return total
            if end and not (rem[0] & end[0] or rem[1] & end[1] or rem[2] & end[2]
                            or rem[3] & end[3]):
                return total
            trick = []
        hand = hands[seat]
        suit, rank = play_card(rules, hand, rem, trick, players - len(trick) - 1)
        bit = ~(1 << rank)
        hand[suit] &= bit
        rem[suit] &= bit
        trick.append((seat, suit, rank))
        seat = (seat + 1) % players


def lay_playout(hands: list, rows: list, seat: int, finished: list, low: int,
                placings, me: int) -> int:
    """Seat ``me``'s placing points from the rest of a layout deal, every seat laying as
    :func:`lay_card`, ``seat`` to move (``hands``, ``rows`` and ``finished`` change)."""
    players = len(hands)
    counts = [sum(count(m) for m in hand) for hand in hands]
    rem = [0, 0, 0, 0]
    for hand in hands:
        for s in range(4):
            rem[s] |= hand[s]
    for _ in range(64 * players):
        if counts[me] == 0 or sum(1 for c in counts if c) <= 1:
            break
        hand = hands[seat]
        following = next_holder(counts, seat)
        card = lay_card(hand, rem, rows, low, counts[following])
        if card is None:
            seat = following
            continue
        suit, rank = card
        hand[suit] &= ~(1 << rank)
        rem[suit] &= ~(1 << rank)
        counts[seat] -= 1
        row = rows[suit]
        rows[suit] = (rank, rank) if row is None else (min(row[0], rank), max(row[1], rank))
        if not counts[seat]:
            finished.append(seat)
        elif rank == ACE and valid_cards(hand, rows, low):
            continue
        following = next_holder(counts, seat)
        seat = next_holder(counts, following) if rank == low else following
    order = finished + [s for s in range(players) if s not in finished]
    return placings[order.index(me)]


# -- choosing the sub-game (RZ-3) -----------------------------------------------------------
def fair_share(sub: str, options: dict, players: int) -> float:
    """What a sub-game gives a seat on average: its points for the whole deal shared
    out evenly (every sub-game hands out the same total each deal)."""
    ranks = 2 * players
    totals = {"king": options["king"], "queens": 4 * options["queen"],
              "diamonds": ranks * options["diamond"], "tricks": 8 * options["trick"],
              "ten": options["ten"], "whist": 8 * options["whist"],
              "rentz": sum(options["placings"])}
    totals["totals"] = sum(totals[k] for k in ("king", "queens", "diamonds", "tricks"))
    return totals[sub] / players


def strength(rank: int, low: int) -> float:
    """A card's chance to win a trick, roughly: 0 for the lowest rank, 1 for an Ace."""
    return ((rank - low) / (ACE - low)) ** 2


def static_value(sub: str, mine: list, options: dict, players: int) -> float:
    """The basic bot's estimate of the chooser's points in ``sub`` holding ``mine``."""
    low = lowest_rank(players)
    fair = fair_share(sub, options, players)
    mean = sum(strength(r, low) for r in range(low, ACE + 1)) / (ACE + 1 - low)
    power = [sum(strength(r, low) for r in ranks_of(mine[s])) for s in range(4)]
    share = sum(power) / (8 * mean)  # 1 for an average hand
    suited = [p / (2 * mean) for p in power]  # per suit, 1 on average
    if sub in ("tricks", "whist"):
        return fair * share
    if sub == "king":
        held = mine[HEARTS] >> KING & 1
        under = count(mine[HEARTS] & ((1 << KING) - 1))
        risk = 0.8 - 0.15 * under if held else 0.5 * suited[HEARTS] / (players - 1)
        return options["king"] * min(max(risk, 0.1), 0.9)
    if sub == "queens":
        return fair * (share + suited[SPADES] + sum(m >> QUEEN & 1 for m in mine)) / 3
    if sub == "diamonds":
        return fair * (share + suited[DIAMONDS]) / 2
    if sub == "totals":
        return sum(static_value(part, mine, options, players)
                   for part in ("king", "queens", "diamonds", "tricks"))
    if sub == "ten":
        high = count(mine[CLUBS] >> (TEN + 1))
        chance = 0.45 + 0.12 * high if mine[CLUBS] >> TEN & 1 else 0.08 * high
        return options["ten"] * min(chance, 0.95)
    return fair + 40 * (layout_quality(mine, low) - 2.5)


def layout_quality(mine: list, low: int) -> float:
    """How well a hand suits the layout game: Jacks, Aces, the lowest rank, and cards
    next to each other in rank (they follow one another)."""
    quality = 0.0
    for m in mine:
        quality += (m >> 11 & 1) + 0.5 * (m >> ACE & 1) + 0.5 * (m >> low & 1)
        quality += 0.3 * count(m & (m >> 1))
    return quality


def basic_choice(view: dict) -> str:
    """The remaining sub-game whose static estimate beats its fair share the most."""
    players, options = view["players"], view["options"]
    mine = masks(view["hand"])
    legal = [a[1] for a in view["legal"] if a[0] == "choose"]
    return max(legal, key=lambda g: static_value(g, mine, options, players)
               - fair_share(g, options, players))


# -- the bots ---------------------------------------------------------------------------------
def legal_of(view: dict) -> list:
    """``view["legal"]`` as tuples."""
    return [tuple(action) for action in view["legal"]]


def as_play(card: tuple) -> tuple:
    return ("play", card_name(*card))


class RandomBot:
    """A uniformly random legal action."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat
        self.rng = make_rng(seed, f"bot-{seat}")

    def act(self, view: dict):
        legal = legal_of(view)
        return legal[min(int(self.rng.random() * len(legal)), len(legal) - 1)]


class BasicBot:
    """A club player's rules (see the module docstring)."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat

    def act(self, view: dict):
        legal = legal_of(view)
        if len(legal) == 1:
            return legal[0]
        action = self.decide(view, legal)
        return action if action in legal else legal[0]

    def decide(self, view: dict, legal: list):
        if view["phase"] == "choose":
            if ("look",) in legal:
                return ("look",)
            return ("choose", basic_choice(view))
        if view["phase"] == "layout":
            return self.lay(view)
        rules = Rules(view["sub_game"], view["options"])
        mine = masks(view["hand"])
        unseen = unseen_masks(view)
        rem = [mine[s] | unseen[s] for s in range(4)]
        trick = trick_of(view)
        return as_play(play_card(rules, mine, rem, trick, view["players"] - len(trick) - 1))

    @staticmethod
    def lay(view: dict):
        mine = masks(view["hand"])
        unseen = unseen_masks(view)
        rem = [mine[s] | unseen[s] for s in range(4)]
        follow = view["hand_counts"][next_holder(view["hand_counts"], view["seat"])]
        card = lay_card(mine, rem, rows_of(view), lowest_rank(view["players"]), follow)
        return ("pass",) if card is None else as_play(card)


# -- the strong bot -----------------------------------------------------------------------------
PLAYS = 15000  # cards played out per trick decision, over every world and candidate
WORLDS = (8, 120)  # fewest and most worlds a trick decision samples
LAYS = 2000  # cards laid out per layout decision
LAY_WORLDS = (4, 24)
CHOICE_WORLDS = 6  # sampled deals per sub-game when choosing


def distinct_plays(legal: list, rules: Rules, live: list) -> list:
    """The legal cards with one card kept of each run that plays alike: cards of a suit
    with no live card (``live``: in another hand or in the trick) between them and
    equal points."""
    kept, last = [], None
    cards = sorted(parse(action[1]) for action in legal)
    for suit, rank in cards:
        if last and last[0] == suit and rules.pts[suit][rank] == rules.pts[suit][last[1]] \
                and not live[suit] & ((1 << rank) - 1) & ~((1 << (last[1] + 1)) - 1):
            last = (suit, rank)
            continue
        kept.append((suit, rank))
        last = (suit, rank)
    return kept


def budget(work: int, per_world: int, bounds: tuple) -> int:
    """How many worlds a decision samples: ``work`` cards over ``per_world`` cards a
    world, within ``bounds``."""
    return max(bounds[0], min(bounds[1], work // max(per_world, 1)))


class StrongBot:
    """Perfect-information Monte Carlo over sampled worlds (see the module docstring)."""

    def __init__(self, seat: int, seed: str = "0"):
        self.seat = seat
        self.rng = make_rng(seed, f"bot-{seat}")

    def act(self, view: dict):
        return finish(self.think(view))

    def think(self, view: dict):
        """:meth:`act` in slices: yields after each sampled world (see ``bots.thinking``)."""
        legal = legal_of(view)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "choose":
            if ("look",) in legal:
                return ("look",)
            return ("choose", (yield from self.choosing(view, legal)))
        if view["phase"] == "layout":
            return (yield from self.laying(view, legal))
        return as_play((yield from self.scoring(view, legal))[0][0])

    def worlds(self, view: dict, unseen: list, voids: set, n: int):
        """``n`` deals of the unseen cards to the other seats, by their hand sizes, one at
        a time (each dealt when asked for, so that a pause after a world is not preceded
        by the dealing of all of them)."""
        sizes = [0 if seat == self.seat else size for seat, size in enumerate(view["hand_counts"])]
        return (deal_unseen(self.rng, unseen, sizes, voids) for _ in range(n))

    def scoring(self, view: dict, legal: list):
        """``(card, average deal points, worlds)`` of the cards tried, best first (ties:
        the card tried first); yields after each world."""
        rules = Rules(view["sub_game"], view["options"])
        me, mine, unseen, trick = self.seat, masks(view["hand"]), unseen_masks(view), trick_of(view)
        live = list(unseen)
        for _, suit, rank in trick:
            live[suit] |= 1 << rank
        leader = trick[0][0] if trick else me
        rem = [mine[s] | unseen[s] for s in range(4)]
        first = play_card(rules, mine, rem, trick, view["players"] - len(trick) - 1)
        cards = distinct_plays(legal, rules, live)
        if len(cards) == 1:
            return [(cards[0], None, 0)]
        cards.sort(key=lambda c: c != first)
        n = budget(PLAYS, len(cards) * sum(view["hand_counts"]), WORLDS)
        totals = [0] * len(cards)
        for hands in self.worlds(view, unseen, voids_of(view), n):
            hands[me] = mine
            for i, (suit, rank) in enumerate(cards):
                copy = [list(hand) for hand in hands]
                copy[me][suit] &= ~(1 << rank)
                totals[i] += playout(rules, copy, trick + [(me, suit, rank)], leader, me)
            yield
        order = sorted(range(len(cards)), key=lambda i: (-totals[i], i))
        return [(cards[i], totals[i] / n, n) for i in order]

    def laying(self, view: dict, legal: list):
        """The card of best average placing over the sampled worlds; yields after each
        world."""
        me, players = self.seat, view["players"]
        mine, unseen, rows = masks(view["hand"]), unseen_masks(view), rows_of(view)
        low, placings = lowest_rank(players), view["options"]["placings"]
        cards = [parse(action[1]) for action in legal]
        n = budget(LAYS, len(cards) * sum(view["hand_counts"]), LAY_WORLDS)
        totals = [0] * len(cards)
        for hands in self.worlds(view, unseen, set(), n):
            hands[me] = mine
            for i, (suit, rank) in enumerate(cards):
                copy = [list(hand) for hand in hands]
                totals[i] += self.lay_out(copy, list(rows), list(view["finished"]), (suit, rank),
                                          low, placings)
            yield
        return as_play(cards[max(range(len(cards)), key=lambda i: (totals[i], -i))])

    def lay_out(self, hands, rows, finished, card, low, placings) -> int:
        """My placing points after laying ``card`` and playing on as :func:`lay_playout`."""
        me, (suit, rank) = self.seat, card
        hands[me][suit] &= ~(1 << rank)
        row = rows[suit]
        rows[suit] = (rank, rank) if row is None else (min(row[0], rank), max(row[1], rank))
        counts = [sum(count(m) for m in hand) for hand in hands]
        if not counts[me]:
            finished.append(me)
        if not counts[me] or sum(1 for c in counts if c) <= 1:
            order = finished + [s for s in range(len(hands)) if s not in finished]
            return placings[order.index(me)]
        if rank == ACE and valid_cards(hands[me], rows, low):
            seat = me
        else:
            seat = next_holder(counts, me)
            seat = next_holder(counts, seat) if rank == low else seat
        return lay_playout(hands, rows, seat, finished, low, placings, me)

    def hint(self, view: dict) -> dict:
        """The web UI's Hint button: see the module's :func:`hint`."""
        return hint(view)

    def think_hint(self, view: dict):
        """:meth:`hint` in slices: yields after each sampled world (see ``bots.thinking``)."""
        return (yield from hinting(view))

    def choosing(self, view: dict, legal: list):
        """The sub-game whose average points over sampled deals (every seat playing as
        ``basic``) beat its fair share the most; yields after each sub-game weighed."""
        games = [action[1] for action in legal if action[0] == "choose"]
        if not view["hand"]:
            return games[0]
        gains = yield from self.weighing(view, legal)
        return max(gains, key=lambda game: gains[game][0]) if gains else None

    def weighing(self, view: dict, legal: list):
        """Per sub-game on offer: (average points over the sampled deals less the fair
        share, that average), in the order of ``legal``; every sub-game is played out
        in the same ``CHOICE_WORLDS`` deals of the unseen cards. Yields after each
        sub-game."""
        players, mine = view["players"], masks(view["hand"])
        unseen = [full_suit(players) & ~mine[s] for s in range(4)]
        worlds = list(self.worlds(view, unseen, set(), CHOICE_WORLDS))
        gains = {}
        for game in (action[1] for action in legal if action[0] == "choose"):
            gains[game] = self.gain(view, game, worlds)
            yield
        return gains

    def gain(self, view: dict, game: str, worlds: list) -> tuple:
        """(average points less the fair share, average points) of ``game`` in ``worlds``."""
        options, players, me = view["options"], view["players"], self.seat
        low, total = lowest_rank(players), 0
        for hands in worlds:
            copy = [list(hand) for hand in hands]
            copy[me] = masks(view["hand"])
            if game == "rentz":
                total += lay_playout(copy, [None] * 4, me, [], low, options["placings"], me)
            else:
                total += playout(Rules(game, options), copy, [], me, me)
        average = total / len(worlds)
        return average - fair_share(game, options, players), average


LEVELS = {"random": RandomBot, "basic": BasicBot, "strong": StrongBot}


# -- hints -------------------------------------------------------------------------------------
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUIT_NAMES = {"H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "S": N_("spades")}
TAKING = ("ten", "whist")  # sub-games whose points are won, not avoided


def card_words(card: str) -> str:
    """ "Q♠", "10♣"."""
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


def hint(view: dict) -> dict:
    """The strong bot's action from this view (a bot of the view's own seat, with a
    stream of its own), and why in words."""
    return finish(hinting(view))


def hinting(view: dict):
    """:func:`hint` in slices: yields after each world sampled or sub-game weighed."""
    bot = StrongBot(view["seat"], "hint")
    legal = legal_of(view)
    if len(legal) == 1:
        action, reason = legal[0], only_reason(legal[0])
    elif view["phase"] == "choose":
        action, reason = yield from choose_hint(bot, view, legal)
    elif view["phase"] == "layout":
        action = yield from bot.laying(view, legal)
        reason = lay_reason(action[1])
    else:
        action, reason = yield from trick_hint(bot, view, legal)
    return {"actions": [list(action)], "reason": reason[0].upper() + reason[1:] + "."}


def only_reason(action) -> str:
    if action[0] == "pass":
        return _("no card of yours fits the layout now: the turn passes")
    return _("it is the only move the rules leave you")


def choose_hint(bot, view: dict, legal: list) -> tuple:
    if ("look",) in legal:
        return ("look",), _("looking first lets you pick the sub-game that suits your hand;"
                            " choosing blind doubles the deal for everyone alike")
    gains = (yield from bot.weighing(view, legal)) if view["hand"] else {}
    if not gains:
        game = next(action[1] for action in legal if action[0] == "choose")
        return ("choose", game), _("your hand is hidden: every sub-game is as good a guess")
    game = max(gains, key=lambda g: gains[g][0])
    lead, average = gains[game]
    # the words first, the figures after them (the hint's first line says the move)
    return ("choose", game), ngettext(
        "of the sub-games left to you, {sub_game} suits your hand best: in {worlds} sampled"
        " deals it averages {points} point, {lead} against its fair share",
        "of the sub-games left to you, {sub_game} suits your hand best: in {worlds} sampled"
        " deals it averages {points} points, {lead} against its fair share",
        abs(round(average))).format(worlds=CHOICE_WORLDS, points=f"{average:+.0f}",
                                    sub_game=_(SUB_GAME[game].name), lead=f"{lead:+.0f}")


def trick_hint(bot, view: dict, legal: list) -> tuple:
    scored = yield from bot.scoring(view, legal)
    (suit, rank), average, worlds = scored[0]
    card = card_name(suit, rank)
    if not worlds:
        why = _("every other card you may play would do the same")
    elif view["sub_game"] in TAKING:
        why = ngettext("the most points expected in the {worlds} sampled deal ({points})",
                       "the most points expected in the {worlds} sampled deals ({points})",
                       worlds).format(worlds=worlds, points=f"{average:+.0f}")
    else:
        why = ngettext("the fewest penalty points expected in the {worlds} sampled deal"
                       " ({points})",
                       "the fewest penalty points expected in the {worlds} sampled deals"
                       " ({points})", worlds).format(worlds=worlds, points=f"{abs(average):.0f}")
    # TRANSLATORS: two parts of a hint, joined.
    return ("play", card), _("{said}; {more}").format(said=trick_words(view, card), more=why)


def trick_words(view: dict, card: str) -> str:
    """What ``card`` does to the trick: leads, ducks under or beats the winning card, or
    is thrown off for lack of the suit led."""
    trick = view["trick"]
    if not trick:
        return _("the {card} is the lead that suits your hand best").format(
            card=card_words(card))
    led = trick[0][1][-1]
    winning = max((c for _seat, c in trick if c[-1] == led), key=lambda c: parse(c)[1])
    if card[-1] != led:
        return _("you have no {suit}: it throws off the {card}").format(
            suit=_(SUIT_NAMES[led]), card=card_words(card))
    if parse(card)[1] < parse(winning)[1]:
        return _("it ducks under the {card}, which still takes the trick").format(
            card=card_words(winning))
    return _("it beats the {card} and takes the trick").format(card=card_words(winning))


def lay_reason(card: str) -> str:
    if card[:-1] == "J":
        return _("the Jack opens the {suit} row for the cards around it: the best average"
                 " placing in the sampled deals").format(suit=_(SUIT_NAMES[card[-1]]))
    if card[:-1] == "A":
        return _("an Ace lets you play again: the best average placing in the sampled deals")
    return _("the {card} gives the best average placing in the sampled deals, freeing your own"
             " cards more than the others'").format(card=card_words(card))
