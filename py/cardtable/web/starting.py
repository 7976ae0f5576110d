"""The page's start, without the page: boot the app and draw its first screen.

What the page stored is checked where it is read and a bad value is kept aside on its
own (:mod:`.storage`, :mod:`.records`). This is the last resort, for what those checks
did not foresee: when booting or the first drawing raises anyway, every ``cardtable.*``
key is kept aside and the plain lobby opens with a sentence saying where they went.
``app.start()`` runs this in the browser; the tests run it on CPython.
"""

from __future__ import annotations

from ..i18n import _


def start(store, make_controller, fragment: str, draw):
    """Boot ``make_controller(store)`` on the link ``fragment``, ``draw(controller)`` it,
    and return the controller. Should either raise, the stored keys are kept aside and a
    new controller on the same store, in the lobby, is drawn instead (with the error
    in ``failure`` for the page to log); what that raises is raised."""
    try:
        controller = make_controller(store)
        controller.boot(fragment)
        draw(controller)
        return controller
    except Exception as error:  # whatever it was: the page starts without what is stored
        moved = store.move_all_aside()
        controller = make_controller(store)
        controller.speak()
        controller.failure = error
        controller.say("alert", _("The page could not start with what it had stored, so that"
                                  " was kept aside ({keys}) and here is a new lobby.")
                       .format(keys=", ".join(moved) or _("nothing was stored")))
        draw(controller)
        return controller
