"""Deterministic chance for every game.

Python promises that ``random.Random(seed).random()`` gives the same sequence on every
version, but not ``shuffle`` or ``choice``. Everything here is built on ``random()`` alone,
so a seed deals the same cards under CPython 3.11 and under Pyodide's Python 3.14.
"""

import random


def seed_to_int(seed: str) -> int:
    """A stable 64-bit integer for any seed string (the same on every platform)."""
    # Imported here, not with the module: the page's lobby deals no cards, and in the
    # browser hashlib's first import is a noticeable part of the start-up.
    import hashlib

    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def make_rng(seed: str, purpose: str = "deal") -> random.Random:
    """A generator for one use of a game's seed; ``purpose`` keeps uses independent."""
    return random.Random(seed_to_int(f"{purpose}:{seed}"))


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``range(n)``, from ``rng.random()`` only."""
    return min(int(rng.random() * n), n - 1)


def shuffled(items, rng: random.Random) -> tuple:
    """A Fisher-Yates shuffle of ``items`` that uses ``rng.random()`` only."""
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def derive_seed(seed: str, index: int) -> str:
    """The seed of deal ``index`` in a run started from ``seed`` (the simulator's scheme)."""
    return f"{seed}/{index}"


def drawn_seed(rng: random.Random) -> str:
    """A seed drawn from ``rng`` alone: the future chance of a world dealt again
    (``GameState.unseen_shuffled``), so that it tells nothing of the real seed's."""
    return f"world-{below(rng, 1 << 53)}"


def constrained_deal(cards, sizes: dict, barred: dict, rng: random.Random) -> dict:
    """``cards`` dealt at random to the seats of ``sizes`` (seat: how many cards), no seat
    getting a card of ``barred[seat]`` (a set). Each card goes to a seat with room that may
    hold it, chosen in proportion to its room; when none has room, cards already dealt move
    along an augmenting path, so a deal is found whenever one exists (else ``ValueError``).
    Returns seat: the list of its cards."""
    hands = {seat: [] for seat in sizes}

    def allowed(seat, card):
        return card not in barred.get(seat, ())

    def place(card, visited) -> bool:
        for seat in sizes:
            if seat in visited or not allowed(seat, card):
                continue
            visited.add(seat)
            if len(hands[seat]) < sizes[seat]:
                hands[seat].append(card)
                return True
            for i, other in enumerate(hands[seat]):
                if place(other, visited):
                    hands[seat][i] = card
                    return True
        return False

    for card in shuffled(cards, rng):
        open_seats = [s for s in sizes if len(hands[s]) < sizes[s] and allowed(s, card)]
        if open_seats:
            pick = rng.random() * sum(sizes[s] - len(hands[s]) for s in open_seats)
            for seat in open_seats:
                pick -= sizes[seat] - len(hands[seat])
                if pick < 0:
                    break
            hands[seat].append(card)
        elif not place(card, set()):
            raise ValueError("no deal of the cards keeps every seat's bars")
    return hands
