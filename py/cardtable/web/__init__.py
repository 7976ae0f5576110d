"""The page: what every game shares. The only package that touches js, pyscript,
localStorage or location; it names no game (each game's table and guide are in its
package, found through the registry).

Pure modules (run on CPython in tests): ``lobby`` (the settings of a new game),
``links`` (share links), ``storage`` (saves and settings), ``session`` (a game being
played), ``playing`` (the table on screen), ``bot_runner`` (the moves the app makes),
``sharing``, ``controller`` (what a click does), ``render`` (HTML), ``tables`` (the
table protocol: each game's ``TableSpec``) and ``table_parts`` (what every table draws
alike); the subpackages ``teaching`` (rules panel, tour) and ``records`` (records,
replays, today's deal). ``app`` is the glue to the page; see docs/architecture.md.
"""
