"""Nim's one bot: a random legal move, from its own stream."""

from cardtable.engine.rng import make_rng


class RandomBot:
    def __init__(self, seat: int, seed: str):
        self.rng = make_rng(seed, f"bot-{seat}")

    def act(self, view: dict):
        legal = view["legal"]
        return tuple(legal[int(self.rng.random() * len(legal))])


LEVELS = {"random": RandomBot}
from . import DEFAULT_LEVEL  # noqa: F401 (the bots' API; declared by the package)
