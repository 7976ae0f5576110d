"""The page's start, without the page: boot the app and draw its first screen.

What the page stored is checked where it is read, and a bad value is kept aside on its
own (:mod:`.storage`, :mod:`.saves`, :mod:`.records`). When booting or the first drawing
raises anyway, what happens depends on what failed:

- **The environment** (:data:`ENVIRONMENT`: a part of the package not fetched yet, a file
  that cannot be had): nothing stored is touched. :func:`start` raises it for the page,
  which fetches what is missing and starts again, or, when it cannot be had, opens the
  lobby with :func:`start_without` and a sentence.
- **A stored value that the checks did not foresee**: the start is tried again with one
  stored key hidden at a time (held in memory for the visit: neither read nor written).
  A key whose hiding lets the page start is proved bad, and only that key is kept aside.
  When no single key is, nothing is moved: the visit goes on with every stored key
  hidden, and says so.

``page.boot.start()`` runs this in the browser; the tests run it on CPython.
"""

from __future__ import annotations

from ..engine.registry import GAMES
from ..i18n import DEFAULT, _, set_language
from ..parts import games_of
from .storage import ASIDE_PREFIX

# Failures of the environment, never of what is stored: the page's own files that are not
# here (an ImportError, cardtable.parts.PartMissing among them) or cannot be read.
ENVIRONMENT = (ImportError, OSError)


def start(store, make_controller, fragment: str, draw):
    """Boot ``make_controller(store)`` on the link ``fragment``, ``draw(controller)`` it,
    and return the controller. A failure of the :data:`ENVIRONMENT` is raised as it is,
    nothing stored touched; any other failure is put down to a stored key, proved by
    :func:`start_proving`."""
    try:
        return boot(store, make_controller, fragment, draw)
    except ENVIRONMENT:
        raise
    except Exception as error:  # whatever it was: which stored key caused it is proved
        return start_proving(store, make_controller, fragment, draw, error)


def boot(store, make_controller, fragment: str, draw):
    controller = make_controller(store)
    controller.boot(fragment)
    draw(controller)
    return controller


def stored_keys(store) -> list:
    """The page's stored keys that a start reads: every ``cardtable.*`` key but those
    already kept aside."""
    return [key for key in store.keys()
            if key.startswith("cardtable.") and not key.startswith(ASIDE_PREFIX)]


def start_proving(store, make_controller, fragment: str, draw, error: Exception):
    """The start after ``error``: the first stored key whose hiding lets the page start is
    kept aside, alone; when none does, every key stays where it was and this visit runs
    with all of them hidden. The controller's ``failure`` holds ``error`` for the page to
    log; what the last try raises is raised."""
    keys = stored_keys(store)
    for key in keys:
        controller = try_hidden(store, make_controller, fragment, draw, (key,))
        if controller is not None:
            del store.held[key]
            aside = store.keep_aside(key)
            said = (_("What was stored under “{key}” stopped the page from starting, so it was"
                      " kept aside as “{aside}”; everything else is as it was.")
                    if aside else
                    _("What was stored under “{key}” stopped the page from starting; the"
                      " storage is full, so it stays where it was, unused during this visit."))
            return told(controller, draw, error, said.format(key=key, aside=aside))
    store.held.update(dict.fromkeys(keys))
    controller = make_controller(store)
    controller.settings.speak()
    return told(controller, draw, error, _(
        "The page could not start with what it had stored: it is all left where it was, and"
        " this visit starts afresh without it."))


def try_hidden(store, make_controller, fragment: str, draw, keys):
    """The controller booted and drawn with ``keys`` hidden, or None (they stay hidden
    only then) when it still fails; a failure of the environment is raised."""
    held = dict(store.held)
    store.held.update(dict.fromkeys(keys))
    try:
        return boot(store, make_controller, fragment, draw)
    except ENVIRONMENT:
        store.held = held
        raise
    except Exception:  # not these keys, then
        store.held = held
        return None


def told(controller, draw, error: Exception, sentence: str):
    controller.failure = error
    controller.say("alert", sentence)
    draw(controller)
    return controller


def start_without(store, make_controller, draw, parts):
    """The lobby, when the ``parts`` of the package that the start needed cannot be had
    (offline before they were ever stored): nothing stored is touched, and a sentence says
    what waits for the network. The language falls back to English when its catalog is
    among what cannot be had."""
    controller = make_controller(store)
    try:
        controller.settings.speak()
    except ENVIRONMENT:
        set_language(DEFAULT)
    controller.say("alert", needs_network(parts))
    draw(controller)
    return controller


def needs_network(parts) -> str:
    """What waits for the network, in one sentence, when ``parts`` cannot be had."""
    games = games_of(parts)
    if games:
        return _("{games} needs the network once more: its files are not on this device yet."
                 " Nothing stored was changed, and the rest of the page plays.").format(
            games=", ".join(GAMES[game].name for game in games))
    return _("This needs the network once more: some of the page's files are not on this"
             " device yet. Nothing stored was changed, and the rest of the page plays.")
