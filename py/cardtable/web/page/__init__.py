"""The glue between the page and the pure UI modules: the only place that touches js.

One module per job, each an object that the :class:`~.hub.Page` holds and that reaches
the others through it:

- :mod:`.boot`: the start (what ``cardtable.main`` calls), the controller made on the
  browser's storage, clock and address, and the taps made while Python loaded;
- :mod:`.input`: the listeners on ``<div id="app">`` (taps, changes, keys, drags, the
  address's fragment), which hand the controls' actions to the hub;
- :mod:`.hub`: the :class:`~.hub.Page` itself (the root, the controller, the listeners'
  proxies), an action carried out, and what waits for parts of the package to be fetched;
- :mod:`.effects`: what a handler asks the page to do besides drawing (copy, share,
  download, think, read a file), one table from the effect's kind to a function;
- :mod:`.drawing`: the screen drawn into the root, the focus, the address bar;
- :mod:`.pacing`: the bots' pace, the pauses between parts of a game, thoughts run in
  slices with the thinking line;
- :mod:`.link`: the links to other pages (peers and relays) and their heartbeat;
- :mod:`.sound`: the tones.
"""

import js
from pyodide.ffi import to_js


def js_object(value):
    """``value`` (a dict, or a list of them) as JavaScript objects, as the browser's APIs
    take their options."""
    return to_js(value, dict_converter=js.Object.fromEntries)
