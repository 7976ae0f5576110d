"""Triggs (Karin Hetling): cross the boxes of your sheet with the values your hand makes.
Rules in ``rules.py`` (``seeds/triggs.md``); ``cross.py`` says in words what crossing a row
takes, for the table."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)

# The bots' levels, weakest first, and the one a new seat gets: the lobby reads them here,
# without importing the bots (``bots.py``'s ``LEVELS`` holds a class for each).
LEVELS = ('random', 'basic', 'strong')
DEFAULT_LEVEL = "strong"
