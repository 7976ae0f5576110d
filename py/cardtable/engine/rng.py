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
