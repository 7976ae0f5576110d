"""Rentz, the Romanian compendium of eight trick-taking and layout sub-games played as a
match. Rules in ``rules.py`` (``seeds/rentz.md``)."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)
