"""Triggs (Karin Hetling): cross the boxes of your sheet with the values your hand makes.
Rules in ``rules.py`` (``seeds/triggs.md``); ``cross.py`` says in words what crossing a row
takes, for the table."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)
