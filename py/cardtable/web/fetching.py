"""Fetching the package's parts that Python found missing (:class:`cardtable.parts.PartMissing`).

The page's JavaScript fetches them with an asynchronous ``fetch`` and writes them where
:mod:`cardtable.parts` looks (``window.cardtableParts.load``, ``assets/snapshot.js``). Never a
synchronous request: Chromium and WebKit do not route one through the service worker, so
offline it would fail where the stored copy could have answered.
"""

import js
from pyodide.ffi import to_js


async def load_parts(parts) -> tuple:
    """Fetch and write ``parts`` (and the parts they need) that are not there yet; returns
    those that could not be had (offline before they were ever stored, say): empty when
    every one is there now."""
    loader = getattr(getattr(js.window, "cardtableParts", None), "load", None)
    if loader is None:  # the page's script that writes parts did not run: none can be had
        return tuple(parts)
    failed = await loader(to_js(list(parts)))
    return tuple(str(part) for part in failed)
