"""The unfinished games: the part of the app that lists them, resumes and discards them.

An :class:`Unfinished` holds the :class:`~.saves.Saves` (each game saved after every
move, by its table: ``LocalSitting.saved``). It resumes one (a saved game that no longer
replays is kept aside, and said), finds the one of a deal a link names, and says what the
lobby lists: the games under way only. A table where nobody at it has made a move is no
game in progress: the lobby does not list it and a visit to the plain page does not open
it, but its link (a reload) opens it as it was. Its controls are :data:`HANDLERS`, routed
to it by the controller.
"""

from __future__ import annotations

from ..i18n import _
from ..parts import PartMissing
from . import links
from .saves import Saves, describe
from .session import from_save
from .validate import reason, seed_of, setup_of


class Unfinished:
    """The unfinished games of ``app`` (the controller), whose ``store``, ``clock()``,
    ``say``, ``panels`` and ``begin`` it uses."""

    def __init__(self, app):
        self.app = app
        self.saves = Saves(app.store, app.clock)

    def resume(self, game_id=None) -> bool:
        """Continue the unfinished game ``game_id`` (None: the game under way played last);
        one that no longer replays is kept aside and said."""
        playing = self.saves.in_play()
        entry = (playing[0] if playing else None) if game_id is None \
            else self.saves.get(game_id)
        if entry is None:
            return False
        try:
            session = from_save(entry["save"])
        except PartMissing:  # the environment's failure, not the game's: the page fetches it
            raise
        except Exception as error:  # any error reading it costs that game only
            self.app.say("alert", self.saves.set_aside(entry["id"], reason(error)))
            return False
        self.app.begin(session, kept=entry["save"].get("together"), game_id=entry["id"])
        return True

    def resume_deal(self, fragment: str) -> bool:
        """Resume the unfinished game of the deal whose link is ``fragment``, if any (the
        one played last)."""
        for entry in self.saves.entries:
            try:
                same = saved_deal(entry["save"]) == fragment
            except ValueError:  # resuming it would keep it aside; it is not this deal
                same = False
            if same:
                return self.resume(entry["id"])
        return False

    def listed(self) -> tuple:
        """``(id, words)`` of each game under way, played last first."""
        now = self.app.clock()
        return tuple((entry["id"], describe(entry, now)) for entry in self.saves.in_play())

    def doomed(self):
        """The words for the game that a new one would drop, or None."""
        entry = self.saves.doomed()
        return describe(entry, self.app.clock()) if entry else None

    def games(self) -> list:
        """The games of the games under way, played last first."""
        return [entry["save"]["game"] for entry in self.saves.in_play()]

    def game_id_of(self, data) -> int:
        """The unfinished game named by ``data-id``; ``ValueError`` in words when none is."""
        text = str(data.get("id", ""))
        if not (text.isascii() and text.isdigit() and len(text) <= 9) \
                or self.saves.get(int(text)) is None:
            raise ValueError(_("There is no unfinished game number {n}.").format(n=text[:30]))
        return int(text)

    def on_continue(self, data):
        """Continue the unfinished game ``data-id`` (without one, the one played last)."""
        if not self.resume(self.game_id_of(data) if "id" in data else None):
            self.app.say("status", _("There is no saved game to continue."))

    def on_discard(self, data):
        """Discard the unfinished game ``data-id``, once the player said yes
        (``data-confirmed``)."""
        entry = self.saves.get(self.game_id_of(data))
        words = describe(entry, self.app.clock())
        if data.get("confirmed") != "yes":
            self.app.panels.ask(_("Discard this game: {game}? It cannot be continued"
                                  " afterwards.").format(game=words), "discard-game",
                                _("Discard"), _("Keep it"), id=entry["id"])
            return
        self.saves.remove(entry["id"])
        self.app.say("status", _("The game was discarded: {game}.").format(game=words))


def saved_deal(save: dict) -> str:
    """The link fragment of a saved game's deal; ``ValueError`` in words when its setup
    or seed is not one this site allows."""
    return links.fragment(setup_of(save), seed_of(save.get("seed")))


HANDLERS = {"continue": Unfinished.on_continue, "discard-game": Unfinished.on_discard}
