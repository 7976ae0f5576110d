"""The browser UI. The only package that touches js, pyscript, localStorage or location.

Pure modules (run on CPython in tests): ``lobby`` (the settings of a new game),
``links`` (share links), ``storage`` (saves and settings), ``session`` (a game being
played), ``playing`` (the table on screen), ``bot_runner`` (the moves the app makes),
``sharing``, ``controller`` (what a click does), ``render``, ``tables`` and ``table_*``
(HTML), ``rules*`` and ``tour`` (teaching), ``records``, ``stats``, ``charts``, ``replay``,
``daily``, ``history`` and ``records_view`` (records, replays and today's deal). ``app`` is the glue to the page; see
docs/architecture.md.
"""
