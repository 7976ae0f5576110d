"""How far a bot level of The Game looks ahead at the end of a game: when its endgame
searches start (:mod:`.endgame` alone, :mod:`.team_endgame` with partners) and how many
positions they may meet. Budgets are counted in positions, never in time, so a seed
plays the same game on every machine and Python; docs/figures/bot-speed.md and
docs/figures/ladder.md (how close to perfect) give the figures these were chosen by.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lookahead:
    """One level's endgame searches.

    ``solo_deck``/``solo_budget``: alone, the exact search runs from this many cards left
    to draw, within this many positions. ``team_decks``: with partners, the team search
    runs from this many cards left to draw, by the table's ``(minimum a turn, players)``
    (a table missing here never runs it); it samples ``samples`` deals of the unseen
    cards, gives up on one deal past ``sample_budget`` positions, and samples no more
    once the whole search met ``search_budget``."""

    solo_deck: int
    solo_budget: int
    team_decks: dict
    samples: int
    sample_budget: int
    search_budget: int

    def team_start(self, view: dict) -> int:
        """The most cards left to draw at which the team search plays at this table;
        -1 when it never does."""
        return self.team_decks.get((view["min_cards"], view["players"]), -1)

    def solo_start(self, view: dict) -> int:
        """The most cards left to draw at which the solo search plays."""
        return self.solo_deck


# The strong level. The team search plays in classic mode (two a turn) with 2-5 players,
# and in expert mode (three a turn, TG-11) with two, where it was measured to win more;
# in expert mode with 3-5 players it changed no result. Its budgets keep every table
# within the strong bot's limits per decision.
STRONG = Lookahead(solo_deck=9, solo_budget=50_000,
                   team_decks={(2, 2): 12, (2, 3): 12, (2, 4): 12, (2, 5): 12, (3, 2): 12},
                   samples=12, sample_budget=5_000, search_budget=20_000)

# The master level: with partners in classic mode the team search from 18 cards, over
# more sampled deals and five times the positions (the ladder measured such a search to
# win more the more positions it may meet, with 4 players most: docs/figures/ladder.md);
# alone, the exact search from 12 cards. Its budgets are the most that keep a
# decision within the master level's limits (a p95 of 2 s in the browser's Python).
MASTER = Lookahead(solo_deck=12, solo_budget=120_000,
                   team_decks={(2, 2): 18, (2, 3): 18, (2, 4): 18, (2, 5): 18, (3, 2): 12},
                   samples=32, sample_budget=8_000, search_budget=100_000)
