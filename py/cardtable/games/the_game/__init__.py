"""The Game (Steffen Benndorf), classic and expert: the team plays 98 cards onto two
rising and two falling piles. Rules in ``rules.py`` (``seeds/the-game.md``); the strong
bot in ``bots.py`` plans its turns with ``search.py`` and searches the last turns with
``endgame.py`` (alone) and ``team_endgame.py`` (with partners)."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)

# The bots' levels, weakest first, and the one a new seat gets: the lobby reads them here,
# without importing the bots (``bots.py``'s ``LEVELS`` holds a class for each).
LEVELS = ("random", "casual", "strong", "master")
DEFAULT_LEVEL = "strong"
# Levels offered only at the tables where the levels' table showed them stronger than the
# level below (``bots/offered.py``): master's deeper searches cost seconds a decision and
# no row has shown them worth it yet (docs/figures/levels.md).
SHOWN_ONLY = ("master",)
# The bots' modules, each importing only those before it: a page imports them a task
# apiece (``bots.importing``), none long enough to stall it.
BOT_MODULES = (".lookahead", ".endgame", ".team_endgame", ".search", ".bots")
