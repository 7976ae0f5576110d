"""What each button does, as pure Python: the app's parts, and the route to them.

The app sits at a table: ``sitting`` is this page's own :class:`~.sitting.LocalSitting`,
or at a friend's table the :class:`~.together.sitting.GuestSitting` that ``together``
holds, or in the lobby (``setup``, edited by :data:`~.lobby.LOBBY_HANDLERS`) a
:class:`~.sitting.NoSitting`; the controller and the page ask it, never which it is. The
other parts own their state: ``settings`` (the pace, the language), ``unfinished`` (the
saved games), ``panels`` (what shows over a screen), ``browsing`` (records, replays,
today's deal) and ``together`` (friends on their own devices). :meth:`Controller.handle`
runs the handler that :data:`ROUTES` names for a control's ``data-action``; a name no
part claims is a control of the game's table. A handler may return an *effect* for the page to carry out (``("copy", text, done)``:
copy ``text``, then say ``done``; ``("think", steps)``: run the generator ``steps`` in
slices, then draw). :meth:`Controller.screen` says what to draw and
:meth:`Controller.address` what the address bar shows.

At most one message of each role is on show: a new one replaces the old.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import datetime

from ..bots import finish
from ..engine.core import IllegalAction
from ..i18n import _
from ..parts import PartMissing
from . import links
from .alone import ACTIONS as TOGETHER_ACTIONS, Alone
from .lobby import LOBBY_HANDLERS, default_setup
from .panels import HANDLERS as PANEL_HANDLERS, Panels
from .records.browsing import (HANDLERS as RECORDS_HANDLERS, REPLAY_ACTIONS, REVIEW_ACTIONS,
                               Browsing)
from .routes import route_table
from .screen import Screen
from .session import Session
from .sharing import START_SIZE
from .settings import HANDLERS as SETTINGS_HANDLERS, Settings
from .sitting import LocalSitting, NoSitting
from .tables import table_module
from .unfinished import HANDLERS as UNFINISHED_HANDLERS, Unfinished


class Controller:
    """The app without the page. ``store`` is a :class:`~.storage.Store`; ``new_seed()``
    gives a fresh seed; ``base_url`` is the page's address without its fragment;
    ``clock()`` the local date and time; ``seconds()`` a clock in seconds (heartbeats);
    ``send_link(peer, text)`` sends over an open link to another page; ``embedded`` says
    that the page runs in another page's frame (its end screens then offer the full
    site); ``start_size`` is about how much a start downloads, in words, for the embed
    code."""

    def __init__(self, store, new_seed, base_url: str = "index.html", browser_languages=(),
                 clock=datetime.now, seconds=time.monotonic, send_link=None,
                 embedded: bool = False, start_size: str = START_SIZE):
        self.store, self.new_seed, self.base_url = store, new_seed, base_url
        self.embedded, self.start_size = embedded, start_size
        self.settings = Settings(store, browser_languages)
        self.setup = default_setup()
        self.local: LocalSitting | None = None  # this page's own table
        self.lobby = NoSitting(self)
        self.messages: list = []
        self.focus = None  # a CSS selector (or several, the first found wins) to focus
        self.clock = clock
        self.failure = None  # the error of a handler's bug, until the page has logged it
        self.unfinished = Unfinished(self)
        self.panels = Panels(self)
        self.browsing = Browsing(self)
        self.seconds, self.send_link = seconds, send_link or (lambda peer, text: None)
        self.together = Alone(self.meet)

    def meet(self):
        """Playing together's company, made in the place of :class:`~.alone.Alone` when
        first needed (its part imported first: a missing part changes nothing)."""
        from .together.company import Together
        from .together.sitting import GuestSitting

        self.together = Together(
            self.store, self.seconds, self.send_link, self.base_url, self.say, self.unsay,
            saved=lambda: self.local.saved(), seated=self.browsing.seated,
            make_seat=lambda guest: GuestSitting(self, self.together, guest))
        return self.together

    @property
    def sitting(self):
        """What this page plays at: the friend's table it sits at, else its own table,
        else none (the lobby)."""
        return self.together.seat or self.local or self.lobby

    @property
    def session(self) -> Session | None:
        return self.local.session if self.local else None

    # -- starting and resuming -------------------------------------------------
    def boot(self, fragment: str) -> bool:
        """Open the share link in ``fragment`` if any, else resume the game under way
        played last. A link to a deal in the list of unfinished games resumes it (a reload
        of the page goes on where it was); a link to another deal starts that deal, and the
        unfinished games stay. The page boots again on a link typed into the address bar,
        over whatever is on show. Returns True when the fragment was a link."""
        self.messages = []
        link = links.parse(fragment, self.settings.speak_link)
        self.settings.theme_link(link.theme if link else None)
        self.browsing.report_problem()
        self.unfinished.saves.entries  # read now, in the language just chosen: its problems
        self.browsing.close()
        try:
            return self.open_link(link)
        finally:
            self.report()

    def open_link(self, link: links.Link | None) -> bool:
        """:meth:`boot` past its preliminaries: ``link`` is the fragment's, None for none.
        An invitation to a friend's table opens the join screen, and a link without a seed
        the lobby set up as it says (Start deals it), from any table: this page's own game
        stays saved as it is."""
        if link is not None and link.invitation:
            self.together.meet()
            self.on_lobby({})
            self.together.open_invitation(link.invitation)
            if link.notices:  # what of the link was dropped (relays it will not contact)
                self.say("status", " ".join(link.notices))
            return True
        if link is None or link.setup is None and not link.error:
            if link and link.notices:
                self.say("status", " ".join(link.notices))
            self.unfinished.resume()
            return link is not None
        if link.error:
            self.on_lobby({})
            self.say("alert", link.error + " " + _("Here is the lobby instead."))
            return True
        if link.notices:
            self.say("status", " ".join(link.notices))
        if not link.seed:
            self.on_lobby({})
            self.setup = link.setup.seated_first()
        elif not self.unfinished.resume_deal(link.deal):
            self.begin(Session.new(link.setup, link.seed))  # a missing part changes nothing
        return True

    def begin(self, session: Session, kept=None, game_id=None,
              keep_friends: bool = False) -> None:
        """Put ``session`` on this page's table as the unfinished game ``game_id`` (None: a
        new one; the other unfinished games stay). With ``keep_friends`` (the same table's
        next deal) the friends at the table stay. A game with friends' seats opens the
        waiting room (``kept``: what its save kept of the friends)."""
        table_module(session.setup.game)  # its parts first: PartMissing changes nothing
        if session.setup.friends():
            self.together.meet()
        self.setup = session.setup.seated_first()  # the lobby's: the player first
        self.local = sitting = LocalSitting(self, session, game_id)
        self.together.seat_table(sitting.table, sitting.bots, kept, keep_friends)
        sitting.offer_tour()
        self.panels.panel = None
        self.browsing.announce_daily(session)
        sitting.saved()

    # -- what the page asks (besides the sitting) ---------------------------------------
    def bot_due(self) -> bool:
        """Whether the app should move by itself now (the page waits the pace first)."""
        return not self.browsing.active and self.sitting.bot_due()

    def bot_step(self) -> None:
        """One move the app makes by itself; a bot's bug raises ``BotError``."""
        finish(self.sitting.bot_steps())

    def current_view(self):
        """The viewing seat's view, for ``window.cardtable.view()``: its ``legal`` is
        empty while this page cannot act on it."""
        return self.sitting.view()

    def paused(self):
        """The pause between parts of the game on screen, as ``(table, moves)``, or None."""
        return None if self.browsing.active else self.sitting.paused()

    def set_down_views(self) -> None:
        """Close what is shown over the table or the lobby (the panel, the records or a
        replay): what the page does when a part of the package that they need cannot be
        had."""
        self.panels.panel = None
        self.browsing.close()

    def say(self, role: str, text: str) -> None:
        """Show ``text`` in the live region of ``role``, in place of what it said."""
        self.messages = [m for m in self.messages if m[0] != role] + [(role, text)]

    def unsay(self, role: str, text: str) -> None:
        """Take ``text`` in the live region of ``role`` down, if it is on show."""
        self.messages = [m for m in self.messages if m != (role, text)]

    def clear_messages(self) -> None:
        """Take the messages on show down (a move the app makes says nothing old)."""
        self.messages = []

    def report(self) -> None:
        """Say, after any alert on show, the store's sentences about stored texts that
        could not be read (each is said once)."""
        problems, self.store.problems = self.store.problems, []
        if problems:
            shown = [text for role, text in self.messages if role == "alert"]
            self.say("alert", " ".join(shown + problems))

    def address(self) -> str:
        """The fragment the address bar shows: the sitting's (the link of the deal on the
        table; on an invitation, and at a friend's table until its game is over, the
        invitation while it has a relay secret: a reload then sits down again by itself;
        none otherwise)."""
        return self.sitting.address()

    # -- events ------------------------------------------------------------------
    def handle(self, action: str, data: dict):
        """Run the handler for ``data-action``; errors become a message in words. Every
        action but ``menu`` (which opens or closes it) closes the menu."""
        self.messages = []
        self.focus = None
        self.panels.menu_open = action == "menu" and not self.panels.menu_open
        try:
            effect = self.dispatch(action, data)
            if data.get("tour") == "done" and not any(role == "alert" for role, _ in self.messages):
                self.sitting.pass_tour_step()
            return effect
        except (IllegalAction, ValueError, KeyError) as error:
            self.say("alert", sentence(error))
            return None
        except PartMissing:  # raised before the handler changed anything: the page fetches
            raise  # the part and runs it again (the page's attempt)
        except Exception as error:  # a bug: said in words, kept for the page to log
            self.failure = error
            self.say("alert", _("Something went wrong, and that did not happen: please"
                                " report it; the page goes on."))
            return None
        finally:
            self.report()

    def dispatch(self, action: str, data: dict):
        """Run ``action`` where :data:`ROUTES` sends it."""
        if self.browsing.active and action not in WHILE_BROWSING:
            raise ValueError(_("Nothing can be played here: go back to the table first."))
        if action in REPLAY_ACTIONS and self.browsing.replay is None:
            raise ValueError(_("There is no replay on screen."))
        if action in REVIEW_ACTIONS and self.browsing.reviewing is None:
            raise ValueError(_("There is no review on screen."))
        route, sitting = ROUTES.get(action), self.sitting
        if route is None:
            return sitting.table_action(action, data)
        if route.part == "lobby":
            self.setup = route.handler(self.setup, data)
            return None
        if route.part in ("sitting", "together"):
            part = sitting if route.part == "sitting" else self.together.meet()
            return part.HANDLERS[action](part, data)
        part = {"app": self, "settings": self.settings, "unfinished": self.unfinished,
                "panels": self.panels, "browsing": self.browsing}[route.part]
        return route.handler(part, data)

    # -- the app's own controls ---------------------------------------------------------
    def on_start(self, data):
        self.begin(Session.new(self.setup, self.new_seed()))

    def on_lobby(self, data):
        self.together.leave()
        self.local = None
        self.panels.panel = None
        self.browsing.close()

    # -- drawing ---------------------------------------------------------------------
    def screen(self) -> Screen:
        """What to draw now: the records or a replay, else an invitation or the waiting
        room, else the sitting's table (or lobby). The store's notice shows while no
        other notice does."""
        shown = self.store.notice and not any(role == "status" for role, _ in self.messages)
        messages = tuple(([("status", _(self.store.notice))] if shown else []) + self.messages)
        setup, sitting = self.setup, self.sitting
        over = self.browsing.body() or self.together.body()
        if over is not None:
            kind, body = over
        else:
            kind, body, setup = sitting.body()
            if kind == "end":
                body = replace(body, reviewable=self.browsing.review_offered())
            notice = sitting.notice()
            messages += (("status", notice),) if notice else ()
        return Screen(kind, body, messages, setup, self.settings.pace, panel=self.panels.panel,
                      preferences=self.settings.preferences(), menu_open=self.panels.menu_open,
                      play_more=self.base_url if self.embedded else None)

    def games_at_hand(self) -> tuple:
        """The games that the lobby starts or continues at one tap: the one it has chosen,
        the one an invitation on show joins, and those of the unfinished games, each once."""
        joining = self.together.joining
        games = ([self.setup.game] + ([joining.setup.game] if joining is not None else [])
                 + self.unfinished.games())
        return tuple(dict.fromkeys(games))


def sentence(error: Exception) -> str:
    """An error's message as a sentence for people: capital first letter, full stop."""
    text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
    text = text.strip() or _("That did not work.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


HANDLERS = {"start": Controller.on_start, "lobby": Controller.on_lobby}
# Every control of the app, by the part that handles it ("sitting": the table's own
# buttons, run by whichever sitting the page has; "together": playing together's, run by
# the company once met).
ROUTES = route_table(("app", HANDLERS), ("lobby", LOBBY_HANDLERS),
                     ("settings", SETTINGS_HANDLERS), ("unfinished", UNFINISHED_HANDLERS),
                     ("panels", PANEL_HANDLERS), ("browsing", RECORDS_HANDLERS),
                     ("together", dict.fromkeys(TOGETHER_ACTIONS)),
                     ("sitting", LocalSitting.HANDLERS))
# What may be done while the records or a replay are on screen: nothing that plays.
WHILE_BROWSING = {*RECORDS_HANDLERS, "lobby", "close-panel", "rules", "settings", "setting",
                  "pace", "text-setting", "dismiss", "skip", "menu"}
