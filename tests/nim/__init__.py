"""Nim, a game that exists only in the tests: its engine, bot and table modules, a few
dozen lines each, prove that a game needs nothing but its own modules and one line in
each registry (see ``register``)."""


def register(monkeypatch) -> None:
    """Add Nim to every registry for one test: one line each, as for a real game."""
    from cardtable import bots
    from cardtable.engine import registry
    from cardtable.web import tables

    from . import bots as nim_bots, engine, table

    monkeypatch.setitem(registry.GAMES, "nim", engine.SPEC)
    monkeypatch.setitem(bots.BOTS, "nim", nim_bots.__name__)
    monkeypatch.setitem(tables.TABLES, "nim", table.__name__)
