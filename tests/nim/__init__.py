"""Nim, a game that exists only in the tests, in a folder shaped like a real game's package
(``rules.py``, ``bots.py``, ``table.py``, ``guide.py``, ``table.css``): proof that a game needs
nothing but its own folder and one line in the registry. A test registers it with
``monkeypatch.setitem(registry.GAMES, "nim", registry.declared("nim"))``."""

from .rules import SPEC  # noqa: F401 (the game's declaration, read by the registry)

# The bots' levels, weakest first, and the one a new seat gets (see a real game's).
LEVELS = ("random",)
DEFAULT_LEVEL = "random"
