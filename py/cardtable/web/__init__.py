"""The browser UI. The only package that touches js, pyscript, localStorage or location.

Pure modules (run on CPython in tests): ``lobby`` (the settings of a new game),
``links`` (share links), ``storage`` (saves), ``session`` (a game being played),
``controller`` (what a click does), ``render`` and ``table_*`` (HTML).
``app`` is the thin glue to the page.
"""
