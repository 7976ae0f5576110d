"""Rentz, the Romanian compendium of eight trick-taking and layout sub-games played as a
match. Rules in ``rules.py`` (``seeds/rentz.md``)."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)

# The bots' levels, weakest first, and the one a new seat gets: the lobby reads them here,
# without importing the bots (``bots.py``'s ``LEVELS`` holds a class for each).
LEVELS = ('random', 'basic', 'strong')
DEFAULT_LEVEL = "strong"
