"""The page: what every game shares. The only package that touches js, pyscript,
localStorage or location; it names no game (each game's table and guide are in its
package, found through the registry).

Pure modules (run on CPython in tests): ``lobby`` (the settings of a new game),
``links`` (share links), ``storage`` (saves and settings), ``session`` (a game being
played), ``playing`` (the table on screen), ``bot_runner`` (the moves the app makes),
``sharing``, ``controller`` (what a click does: it routes each control to one part),
the parts ``settings``, ``unfinished``, ``panels`` and the sittings (``sitting``),
``screen`` and ``render`` (what to draw, and HTML), ``tables`` (each game's
``TableSpec``) and ``table_parts`` (what every table draws alike); the subpackages
``teaching`` (rules panel, tour), ``records`` (records, replays, today's deal) and
``together`` (friends on their own devices). ``page`` is the glue to the browser; see
docs/architecture.md.
"""
