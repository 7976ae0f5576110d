"""The games, one package each; ``engine/registry.py`` lists them.

A game's package holds all of the game: ``rules.py`` (its ``SPEC`` and state, pure),
``bots.py`` (``LEVELS``, a bot class for each level that the package's ``__init__`` names in
its own ``LEVELS`` with ``DEFAULT_LEVEL``; views only), ``table.py`` (the table, declared
at its end as ``TABLE``, a :class:`~cardtable.web.tables.TableSpec`), ``guide.py`` (the
rules in words and pictures and the tour's steps, a
:class:`~cardtable.web.teaching.guide.Guide`), ``table.css`` (the table's
stylesheet), and whatever modules of its own these need. Nothing outside ``games/`` names a
game: adding one is a folder like these and one line in the registry.
"""
