"""The Game: Extreme: The Game's piles, with instruction cards that bind the players.
Rules in ``rules.py`` (``seeds/extreme.md``), built on The Game's; its bots and table build
on The Game's too."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)

# The bots' levels, weakest first, and the one a new seat gets: the lobby reads them here,
# without importing the bots (``bots.py``'s ``LEVELS`` holds a class for each).
LEVELS = ('random', 'careful', 'strong')
DEFAULT_LEVEL = "strong"
# The bots' modules, each importing only those before it: a page imports them a task
# apiece (``bots.importing``), none long enough to stall it.
BOT_MODULES = ("..the_game.lookahead", "..the_game.endgame", "..the_game.team_endgame",
               "..the_game.search", "..the_game.bots", ".bots")
