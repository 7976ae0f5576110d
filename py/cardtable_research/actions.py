"""One fixed numbering of each game's actions, for libraries that number them.

Every action a game's engine can offer has one id, the same in every position and for
every number of players; ids follow the order of :func:`enumerate_actions` (tables in
docs/research.md, "For researchers"):

- The Game: ``("play", card, pile)`` for cards 2..99 and piles 0..3 (card-major), then
  ``("end",)``, then ``("signal", pile, kind)`` for piles 0..3 and kinds ``hold``,
  ``small``. Extreme: the same, then ``("share", False)`` and ``("share", True)``.
- Rentz: ``("choose", sub_game)`` in the order of its sub-games, ``("look",)``,
  ``("play", card)`` for the 52 cards by suit (hearts, diamonds, clubs, spades) then rank
  from 2 up, ``("pass",)``.
- Triggs: ``("draw", pile)`` for left, middle, right; ``("discard", value, count)`` for
  values 1..12 and counts 1..9; ``("cross", value, makes)`` for every canonical ``makes``
  a hand of at most 10 cards can make (rows 1..12, then by number of makes, then in
  sorted order); ``("bonus", row)`` for rows 1..12.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement

from cardtable.engine.core import as_action


def the_game_actions(extra=()) -> tuple:
    from cardtable.games.the_game.rules import CARDS, PILE_DIRS, SIGNAL_KINDS
    piles = range(len(PILE_DIRS))
    return (tuple(("play", card, pile) for card in CARDS for pile in piles) + (("end",),)
            + tuple(("signal", pile, kind) for pile in piles for kind in SIGNAL_KINDS)
            + tuple(extra))


def extreme_actions() -> tuple:
    return the_game_actions((("share", False), ("share", True)))


def rentz_actions() -> tuple:
    from cardtable.games.rentz.rules import ALL_CARDS, SUB_GAME_IDS
    return (tuple(("choose", game) for game in SUB_GAME_IDS) + (("look",),)
            + tuple(("play", card) for card in ALL_CARDS) + (("pass",),))


def triggs_actions() -> tuple:
    from cardtable.games.triggs.rules import COPIES, HAND_LIMIT, MAKE_TYPES, PILES, VALUES, boxes
    crosses = []
    for value in VALUES:
        for size in range(1, boxes(value) + 1):
            for makes in combinations_with_replacement(sorted(MAKE_TYPES[value]), size):
                cards = [card for make in makes for card in make]
                if len(cards) <= HAND_LIMIT and max(Counter(cards).values()) <= COPIES:
                    crosses.append(("cross", value, tuple(sorted(makes))))
    return (tuple(("draw", pile) for pile in PILES)
            + tuple(("discard", value, count) for value in VALUES
                    for count in range(1, COPIES + 1))
            + tuple(crosses) + tuple(("bonus", row) for row in VALUES))


ENUMERATORS = {"the-game": the_game_actions, "extreme": extreme_actions,
               "rentz": rentz_actions, "triggs": triggs_actions}


class ActionTable:
    """A game's actions by id and ids by action (:func:`table`)."""

    def __init__(self, actions: tuple):
        self.actions = actions
        self.ids = {action: index for index, action in enumerate(actions)}
        if len(self.ids) != len(actions):
            raise ValueError("an action is numbered twice")

    def __len__(self) -> int:
        return len(self.actions)

    def id_of(self, action) -> int:
        """The id of ``action`` (a tuple or JSON list); ``KeyError`` for one not numbered."""
        return self.ids[as_action(list(action))]

    def action_of(self, index: int) -> tuple:
        return self.actions[index]


@lru_cache(maxsize=None)
def table(game: str) -> ActionTable:
    """The numbering of ``game``'s actions (a registry id)."""
    return ActionTable(ENUMERATORS[game]())


def enumerate_actions(game: str) -> tuple:
    """Every action of ``game`` in id order."""
    return table(game).actions
