"""What each button does, as pure Python: the app's state and its transitions.

The app is in the lobby (``setup``, edited by :data:`~.lobby.LOBBY_HANDLERS`) or at a
table (``table``, a :class:`~.playing.Table`, with ``bots``, a
:class:`~.bot_runner.BotRunner`). :meth:`Controller.handle` runs the handler named by a
control's ``data-action``: the app's own (``HANDLERS``), the lobby's, or the game's
table module's. It may return an *effect* for the page to carry out (``("copy", text,
done)``: copy ``text``, then say ``done``; ``("think", steps)``: run the generator
``steps`` in slices, then draw). :meth:`Controller.screen` says what to draw and
:meth:`Controller.address` what the address bar shows; the page (``app.py``) only forwards
events, runs the bots at the chosen pace, and draws.

At most one message of each role is on show: a new one replaces the old.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from ..bots import finish, hinting
from ..engine.core import IllegalAction
from ..i18n import _, best_language, set_language
from ..parts import PartMissing
from . import links, sharing
from .records import daily, handlers as records_handlers
from .bot_runner import BotRunner, hint_bot
from .records.handlers import HISTORY_HANDLERS, REPLAY_ACTIONS, browsing
from .lobby import DEFAULT_PACE, LOBBY_HANDLERS, PACES, Setup, default_setup, seat_name
from .playing import Table
from .records.book import RecordBook
from .session import Session, from_save
from .saves import Saves, describe, progress_words
from .storage import BLOCKED_NOTICE
from .tables import table_module
from .teaching.guide import game_guide
from .teaching.tour import tour_steps
from .together import handlers as together
from .validate import reason, seed_of, setup_of
from .ui import TableUi


@dataclass(frozen=True)
class Screen:
    """What to draw: ``kind`` is "lobby", "table", "pause" (between parts of a game),
    "pass", "end", "records", "replay", "room" or "join"."""

    kind: str
    messages: tuple
    setup: Setup
    pace: str
    view: dict | None = None
    ui: TableUi | None = None
    pass_to: str = ""
    result: dict | None = None
    panel: tuple | None = None
    tour: int | None = None
    preferences: dict | None = None
    records: dict | None = None  # "records" and "lobby": see records_handlers.records_data
    replay: object = None  # "replay": the :class:`~.replay.Replay` on screen
    unfinished: tuple = ()  # "lobby": ``(id, words)`` of each unfinished game, played last first
    doomed: str | None = None  # "lobby": the game a new one would drop (the list is full)
    room: tuple = ()  # "room": each friend's seat (see together.room_rows)
    joining: object = None  # "join": the :class:`~.links.Invitation` on show
    # "room" and "join": the hosts of the relays invitations travel through (none when
    # they travel by hand), and whether every one of them failed
    relays: tuple = ()
    relays_down: bool = False
    reply: str | None = None  # "join": the reply code to send back, once made
    waiting: tuple = ()  # "table" and "end": the names of the friends the table waits for
    guest: bool = False  # the table is a friend's, on this page from one seat
    menu_open: bool = False  # the menu's folded items are on show


class Controller:
    """The app without the page. ``store`` is a :class:`~.storage.Store`; ``new_seed()``
    gives a fresh seed; ``base_url`` is the page's address without its fragment."""

    def __init__(self, store, new_seed, base_url: str = "index.html", browser_languages=(),
                 clock=datetime.now, seconds=time.monotonic, send_link=None):
        self.store, self.new_seed, self.base_url = store, new_seed, base_url
        self.browser_languages = tuple(browser_languages)
        self.link_language = None  # a link's lang=, for this visit
        pace = store.load_settings().get("pace")
        self.pace = pace if pace in PACES else DEFAULT_PACE
        self.setup = default_setup()
        self.table: Table | None = None
        self.bots: BotRunner | None = None
        self.messages: list = []
        self.panel = None
        self.opener = None  # the data-action of the control that opened the panel
        self.menu_open = False  # the menu's items on show: until the next action
        self.focus = None  # a CSS selector (or several, the first found wins) to focus
        self.clock = clock  # the local date and time now (records, today's deal)
        self.records = RecordBook(store)
        self.saves = Saves(store, clock)  # the unfinished games
        self.game_id = None  # the table's game in ``saves`` (None: not saved yet)
        self.recorded = (None, None)  # the finished table recorded last, and its record
        self.records_game = None  # the game whose records are on screen
        self.replay = None  # the replay on screen
        self.failure = None  # the error of a handler's bug, until the page has logged it
        # Playing together (see together.handlers): the host or guest side, the
        # invitation being answered, and the link jobs for the page.
        self.seconds = seconds  # a clock in seconds, for heartbeats
        self.send_link = send_link or (lambda peer, text: None)
        self.host = self.guest = self.joining = None
        self.offer = self.reply = None
        self.relaying = None  # a friend's page joining by relays (together.relayed)
        self.relay_rooms: set = set()  # the relay rooms this page opened
        self.relay_states: dict = {}  # room: how many of its relays are connected
        self.relay_fallback = None  # why a friend's page sends its reply by hand after all
        self.guest_hinter = None
        self.jobs: list = []

    # -- starting and resuming -------------------------------------------------
    def boot(self, fragment: str) -> bool:
        """Open the share link in ``fragment`` if any, else resume the unfinished game
        played last. A link to a deal in the list of unfinished games resumes it (a reload
        of the page goes on where it was); a link to another deal starts that deal, and the
        unfinished games stay. Returns True when the fragment was a link."""
        self.messages = []
        link = links.parse(fragment, self.speak_link)
        records_handlers.report_problem(self)
        self.saves.entries  # read now, in the language just chosen, to say any problem
        records_handlers.close(self)
        try:
            return self.open_link(link)
        finally:
            self.report()

    def open_link(self, link: links.Link | None) -> bool:
        """:meth:`boot` past its preliminaries: ``link`` is the fragment's, None for none.
        An invitation to a friend's table opens the join screen (this page's own game
        stays saved as it is)."""
        if link is not None and link.invitation:
            self.on_lobby({})
            self.joining = link.invitation
            together.rejoin_on_open(self)
            return True
        if link is None or link.setup is None and not link.error:
            if link and link.notices:
                self.say("status", " ".join(link.notices))
            self.resume()
            return link is not None
        if link.error:
            self.on_lobby({})
            self.say("alert", link.error + " " + _("Here is the lobby instead."))
            return True
        if link.notices:
            self.say("status", " ".join(link.notices))
        if not link.seed:
            self.setup = link.setup
        elif not self.resume_deal(link.deal):
            self.begin(Session.new(link.setup, link.seed))  # a missing part changes nothing
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

    def resume(self, game_id=None) -> bool:
        """Continue the unfinished game ``game_id`` (None: the one played last); one that
        no longer replays is kept aside and said."""
        entry = self.saves.latest() if game_id is None else self.saves.get(game_id)
        if entry is None:
            return False
        try:
            session = from_save(entry["save"])
        except PartMissing:  # the environment's failure, not the game's: the page fetches it
            raise
        except Exception as error:  # any error reading it costs that game only
            self.say("alert", self.saves.set_aside(entry["id"], reason(error)))
            return False
        self.begin(session, kept=entry["save"].get("together"), game_id=entry["id"])
        return True

    def begin(self, session: Session, replacing: bool = False, kept=None,
              game_id=None) -> None:
        """Put ``session`` on the table as the unfinished game ``game_id`` (None: a new one;
        the other unfinished games stay). With ``replacing`` the table's own game ends for
        it: the player chose that at its table (asked first while it was unfinished). A
        game with friends' seats opens the waiting room (``kept``: what its save kept of
        the friends)."""
        table_module(session.setup.game)  # its part first: PartMissing changes nothing
        if replacing and self.game_id is not None:
            self.saves.remove(self.game_id)
        self.game_id = game_id
        host = self.host if replacing else None  # the same table's next deal keeps its friends
        if host is None:
            together.leave(self)
        self.setup = session.setup
        self.table = Table(session)
        self.bots = BotRunner(session, self.new_seed)
        if host is not None:
            host.rebind(self.table, self.bots)
        elif session.setup.friends():
            together.start_hosting(self, kept)
        # The tour is offered once per game; where nothing can be stored (an embedded page
        # with storage blocked) it would come back at every visit, so it is not offered.
        # The steps are asked for last: they import the game's guide, which a player who
        # has seen the tour need not load.
        seen = self.store.load_settings().get("tours_seen", ())
        if (session.setup.game not in seen and self.store.notice != BLOCKED_NOTICE
                and tour_steps(session.setup.game)):
            self.table.tour = 0
        self.panel = None
        records_handlers.announce_daily(self)
        self.saved()

    def speak_link(self, code: str | None) -> None:
        """Speak the language a link asks for, for this visit (None: the one spoken)."""
        self.link_language = code or self.link_language
        self.speak()

    def speak(self) -> str:
        """Switch to the language the player wants: a link's for this visit, else the
        setting, else the browser's first that the site speaks; returns its code."""
        chosen = self.store.preferences()["language"]
        wanted = (self.link_language, None if chosen == "system" else chosen,
                  *self.browser_languages)
        return set_language(best_language(*wanted))

    # -- queries -----------------------------------------------------------------
    @property
    def session(self) -> Session | None:
        return self.table.session if self.table else None

    def bot_due(self) -> bool:
        """Whether the app should move by itself now (the page waits the pace first): not
        while the table waits for a friend."""
        return (self.table is not None and not browsing(self) and self.bots.due()
                and not self.table.paused and not (self.host and self.host.paused()))

    def current_view(self):
        """The viewing seat's view, for ``window.cardtable.view()``: at a friend's table,
        this page's seat's. Its ``legal`` is empty while this page cannot act on it: the
        table pauses between parts of the game, waits for a friend, or a friend's page
        waits for the host."""
        if self.guest is not None:
            guest = self.guest
            if not guest.ready:
                return None
            view = guest.table["view"]
            return view if guest.remote.my_turn() else {**view, "legal": []}
        if self.table is None:
            return None
        view = self.table.view
        waits = self.table.paused or self.host and self.host.paused()
        return {**view, "legal": []} if waits else view

    def paused(self):
        """The table's pause between parts of the game, as ``(table, moves)``, or None. At
        a friend's table, this page's own pause: the host's page keeps its own."""
        if self.guest is not None:
            remote = self.guest.remote
            paused = remote is not None and remote.paused and not self.guest.over
            return (remote, len(self.guest.log)) if paused else None
        table = self.table
        if table is None or not table.paused or table.finished or browsing(self):
            return None
        return (table, len(table.session.actions))

    def say(self, role: str, text: str) -> None:
        """Show ``text`` in the live region of ``role``, in place of what it said."""
        self.messages = [m for m in self.messages if m[0] != role] + [(role, text)]

    def report(self) -> None:
        """Say, after any alert on show, the store's sentences about stored texts that
        could not be read (each is said once)."""
        problems, self.store.problems = self.store.problems, []
        if problems:
            shown = [text for role, text in self.messages if role == "alert"]
            self.say("alert", " ".join(shown + problems))

    def address(self) -> str:
        """The fragment the address bar shows: the link of the deal on the table, none in
        the lobby; on an invitation, and at a friend's table until its game is over, the
        invitation while it has a relay secret (a reload then sits down again by itself,
        :func:`.together.rejoin_on_open`), none otherwise (a code's offer is used once)."""
        if self.guest is not None or self.joining is not None:
            return together.invitation_address(self)
        return links.fragment(self.session.setup, self.session.seed) if self.table else ""

    def shown_table(self):
        """The :class:`~.playing.Table` whose cards are on screen: at a friend's table its
        remote copy, else this page's table; None in the lobby."""
        if self.guest is not None:
            return self.guest.remote
        return self.table

    def clear_messages(self) -> None:
        """Take the messages on show down (a move the app makes says nothing old)."""
        self.messages = []

    # -- playing together (see together.handlers) ----------------------------------------
    def jobs_due(self) -> bool:
        """Whether link jobs wait for the page (:meth:`take_jobs`)."""
        return bool(self.jobs)

    def in_company(self) -> bool:
        """Whether this page has links to other pages (it hosts or sits at a friend's)."""
        return self.host is not None or self.guest is not None

    def take_jobs(self) -> list:
        return together.take_jobs(self)

    def job_done(self, job: tuple, sdp: str) -> None:
        together.job_done(self, job, sdp)

    def job_failed(self, job: tuple, why: str) -> None:
        together.job_failed(self, job, why)

    def link_state(self, peer: str, state: str) -> bool:
        return together.link_state(self, peer, state)

    def link_message(self, peer: str, text) -> bool:
        return together.link_message(self, peer, text)

    def relay_message(self, room: str, text) -> bool:
        return together.relay_message(self, room, text)

    def relay_state(self, room: str, state: dict) -> bool:
        return together.relay_state(self, room, state)

    def tick(self) -> bool:
        return together.tick(self)

    def closing_jobs(self) -> list:
        return together.closing_jobs(self)

    def latest_move(self) -> tuple:
        return together.latest_move(self)

    # -- events ------------------------------------------------------------------
    def handle(self, action: str, data: dict):
        """Run the handler for ``data-action``; errors become a message in words. Every
        action but ``menu`` (which opens or closes it) closes the menu."""
        self.messages = []
        self.focus = None
        self.menu_open = action == "menu" and not self.menu_open
        try:
            effect = self.dispatch(action, data)
            if data.get("tour") == "done" and not any(role == "alert" for role, _ in self.messages):
                self.pass_tour_step()
            return effect
        except (IllegalAction, ValueError, KeyError) as error:
            self.say("alert", sentence(error))
            return None
        except PartMissing:  # raised before the handler changed anything: the page fetches
            raise  # the part and runs it again (app.Page.attempt)
        except Exception as error:  # a bug: said in words, kept for the page to log
            self.failure = error
            self.say("alert", _("Something went wrong, and that did not happen: please"
                                " report it; the page goes on."))
            return None
        finally:
            self.report()

    def dispatch(self, action: str, data: dict):
        if browsing(self) and action not in BROWSING:
            raise ValueError(_("Nothing can be played here: go back to the table first."))
        if action in REPLAY_ACTIONS and self.replay is None:
            raise ValueError(_("There is no replay on screen."))
        if self.guest is not None and action in TABLE_HANDLERS:
            if action not in AT_A_FRIENDS:
                raise ValueError(_("At a friend's table, only the host can do that."))
            return AT_A_FRIENDS[action](self, data)
        if action in TABLE_HANDLERS and self.table is None:
            raise ValueError(_("There is no game on the table: start one in the lobby."))
        if action in HANDLERS:
            return HANDLERS[action](self, data)
        if action in together.TOGETHER_HANDLERS:
            return together.TOGETHER_HANDLERS[action](self, data)
        if action in LOBBY_HANDLERS:
            self.setup = LOBBY_HANDLERS[action](self.setup, data)
            return None
        if self.guest is not None:
            return self.guest_table_action(action, data)
        table = self.table
        handler = table and table.module.HANDLERS.get(action)
        if handler is None:
            return None
        moves = len(table.session.actions)
        table.focus = None
        handler(table, data)
        self.focus = table.focus
        if len(table.session.actions) != moves:
            self.saved()
        return None

    def bot_step(self) -> None:
        """One move the app makes by itself; a bot's bug raises ``BotError``."""
        finish(self.bot_steps())

    def bot_steps(self, fallback: bool = False):
        """:meth:`bot_step` in slices (``BotRunner.steps``): the page runs it a slice at a
        time. With ``fallback``, after a bot's bug, the seat makes a random legal move
        instead (the page has logged and shown the bug)."""
        table = self.table
        yield from self.bots.steps(fallback)
        if self.table is table:  # not when the player left for the lobby or a new deal
            table.moved()
            self.saved()

    def thinking_words(self) -> str:
        """Who is thinking, in words, while the seat due to move (a bot) thinks."""
        seat = self.session.due_seat()
        if seat is None:
            return ""
        return _("{name} is thinking…").format(name=self.table.names[seat])

    def cancel_action(self):
        """The table's action that drops the player's unfinished choice, when there is one."""
        table = self.guest.remote if self.guest is not None and self.guest.ready else self.table
        if table is None or table.local is None:
            return None
        return getattr(table.module, "CANCEL", None)

    def copy_failed(self, text: str) -> None:
        """The clipboard refused: show the text in a box to copy by hand."""
        self.panel = ("copy", text)
        self.say("status", _("Copying was not allowed here: select the text below and copy it."))

    # -- the app's own buttons ---------------------------------------------------------
    def on_pace(self, data):
        if data.get("value") not in PACES:
            raise ValueError(_("There is no pace “{name}”.").format(
                name=str(data.get("value"))[:30]))
        self.pace = data["value"]
        self.store.write_settings({**self.store.load_settings(), "pace": self.pace})

    def on_start(self, data):
        self.begin(Session.new(self.setup, self.new_seed()))

    def on_continue(self, data):
        """Continue the unfinished game ``data-id`` (without one, the one played last)."""
        if not self.resume(game_id_of(self.saves, data) if "id" in data else None):
            self.say("status", _("There is no saved game to continue."))

    def on_discard(self, data):
        """Discard the unfinished game ``data-id``, once the player said yes (``data-confirmed``)."""
        entry = self.saves.get(game_id_of(self.saves, data))
        if data.get("confirmed") != "yes":
            self.ask(_("Discard this game: {game}? It cannot be continued afterwards.")
                     .format(game=describe(entry, self.clock())), "discard-game",
                     _("Discard"), _("Keep it"), id=entry["id"])
            return
        self.saves.remove(entry["id"])
        self.say("status", _("The game was discarded: {game}.").format(
            game=describe(entry, self.clock())))

    def ask(self, question: str, action: str, yes: str, no: str, **data) -> None:
        """Ask in words before ``action`` (with ``data``) ends a game: a panel whose yes
        sends it again, confirmed, and whose no (focused) closes it."""
        self.open_panel(action, ("confirm", question, action, yes, no, data))
        self.focus = '.panel.confirm [data-action="close-panel"]'

    def on_lobby(self, data):
        together.leave(self)
        self.table = self.bots = None
        self.panel = None
        records_handlers.close(self)

    def on_undo(self, data):
        self.table.undo()
        self.saved()

    def on_confirm_end(self, data):
        self.table.ended = True
        self.saved()

    def on_hint(self, data):
        """A ``("think", steps)`` effect: the page runs :meth:`hint_steps` in slices, then
        draws (elsewhere, ``finish(steps)`` runs it in one go)."""
        return ("think", self.hint_steps())

    def hint_steps(self):
        """The hint bot's hint, thought in slices (``BotRunner.hint_steps``), put on the
        table unless the position changed meanwhile (the page stays live between slices)."""
        table, state = self.table, self.session.state
        hint = yield from self.bots.hint_steps(table.view)
        if self.table is table and self.session.state is state:
            table.hint = hint

    def on_go_on(self, data):
        """The player goes on after the pause between parts of the game."""
        if self.guest is not None:
            self.guest.remote.paused = False
        else:
            self.table.go_on()
        self.focus = SCREEN_START

    def on_reveal(self, data):
        self.table.reveal()

    def on_again(self, data):
        self.begin(Session.new(self.session.setup, self.session.seed), replacing=True)

    def on_new_deal(self, data):
        """A new deal at this table; while its game is unfinished, once the player said
        yes (``data-confirmed``): the game ends for it."""
        table = self.table
        if data.get("confirmed") != "yes" and not table.finished and table.session.actions:
            self.ask(_("Deal again? This game ({progress}) ends here and cannot be continued.")
                     .format(progress=progress_words(self.progress())), "new-deal",
                     _("New deal"), _("Keep playing"))
            return
        self.begin(Session.new(self.session.setup, self.new_seed()), replacing=True)

    def on_share(self, data):
        return ("copy", self.share_text(),
                _("Copied the link and the result: paste it to a friend."))

    def on_copy_link(self, data):
        return ("copy", sharing.deal_link(self.base_url, self.session),
                _("Copied the link of this deal."))

    def on_embed(self, data):
        self.open_panel("embed", ("embed", sharing.embed_snippet(self.base_url, self.session)))

    def on_copy_panel(self, data):
        """Copy the embed snippet on show."""
        if not self.panel or self.panel[0] != "embed":
            raise ValueError(_("There is no embed code on show to copy."))
        return ("copy", self.panel[1], _("Copied the embed code: paste it into your page."))

    def on_close_panel(self, data):
        """Close the panel; the focus goes back to the control that opened it."""
        self.panel = None
        if self.opener:  # an item of the closed menu cannot take the focus: its button does
            self.focus = (f'[data-action="{self.opener}"]', MENU_BUTTON)

    def on_rules(self, data):
        """The rules of the game on the table, or of the lobby's game (its guide loaded
        first: the panel draws from it)."""
        game_guide(self.setup.game)
        self.open_panel("rules", ("rules", self.setup.game))

    def on_settings(self, data):
        """The settings panel: pace, sound, motion and theme (on every screen)."""
        self.open_panel("settings", ("settings",))
        self.focus = '.panel [data-action="pace"][aria-pressed="true"]'

    def on_setting(self, data):
        self.store.write_preference(data.get("key"), data.get("value"))
        if data.get("key") == "language":  # the player's choice outranks a link's
            self.link_language = None
            self.speak()

    def on_text_setting(self, data):
        self.store.write_text_setting(data.get("key"), data.get("value", ""))

    def on_dismiss(self, data):
        """Close the message on show (``handle`` has cleared them); the focus goes to the
        screen's first control."""
        self.focus = SCREEN_START

    def on_skip(self, data):
        """A skip link: the focus goes to the hand or to the table."""
        if data.get("to") not in SKIP_TARGETS:
            raise ValueError(_("There is no “{name}” to skip to.").format(
                name=str(data.get("to"))[:30]))
        self.focus = SKIP_TARGETS[data["to"]]

    def set_down_views(self) -> None:
        """Close what is shown over the table or the lobby (the panel, the records or a
        replay): what the page does when a part of the package that they need cannot be
        had."""
        self.panel = None
        records_handlers.close(self)

    def open_panel(self, opener: str, panel: tuple) -> None:
        """Show ``panel``; the focus goes to it (the page scrolls it into view)."""
        self.panel, self.opener = panel, opener
        self.focus = PANEL_START

    def on_menu(self, data):
        """The menu button: ``handle`` has opened or closed the menu; the focus stays on
        the button."""
        self.focus = MENU_BUTTON

    def on_tour_next(self, data):
        self.pass_tour_step()

    def pass_tour_step(self) -> None:
        """The tour goes on to its next step (done, or its element is not on the table);
        after the last one it is over."""
        table = self.table
        if table is not None and table.tour is not None:
            table.tour += 1
            if table.tour >= len(tour_steps(self.setup.game)):
                self.end_tour()

    def on_tour_skip(self, data):
        self.end_tour()

    def end_tour(self) -> None:
        """The tour of this game is over or skipped: it is not offered again."""
        self.table.tour = None
        settings = self.store.load_settings()
        seen = set(settings.get("tours_seen", ())) | {self.setup.game}
        self.store.write_settings({**settings, "tours_seen": sorted(seen)})

    def saved(self) -> None:
        """Save after every move into the unfinished games; a finished game leaves them.
        A game with friends keeps what a reload needs to know them again, and the friends
        are told."""
        if self.host is not None:
            self.host.broadcast()
        if self.table.finished:
            self.saves.remove(self.game_id)
            self.game_id = None
            records_handlers.record_finished(self)
            return
        save = self.session.to_save()
        if self.host is not None:
            save["together"] = {"room": self.host.room, "friends": self.host.to_save()}
        self.game_id, dropped = self.saves.put(self.game_id, save, self.progress())
        if dropped:
            self.say("status", dropped)

    def progress(self) -> tuple:
        """How far the table's game got, ``(kind, n, total)``: as its table says
        (``progress(view)``), else in moves."""
        hook = getattr(self.table.module, "progress", None)
        return hook(self.table.view) if hook else ("moves", len(self.session.actions), None)

    # -- at a friend's table ------------------------------------------------------------
    def guest_table_action(self, action: str, data: dict):
        """A control of the game's table at a friend's table: its handler acts on the
        remote table, whose moves go to the host."""
        guest = self.guest
        if not guest.ready:
            raise ValueError(_("The host's table has not arrived yet."))
        table = guest.remote
        handler = table.module.HANDLERS.get(action)
        if handler is None:
            return None
        table.focus = None
        handler(table, data)
        self.focus = table.focus
        return None

    def on_guest_undo(self, data):
        self.guest.request("undo")

    def on_guest_end(self, data):
        self.guest.request("end")

    def on_guest_hint(self, data):
        """The hint, thought on this device from this seat's view (as at the host's)."""
        return ("think", self.guest_hint_steps())

    def guest_hint_steps(self):
        guest = self.guest
        if not guest.ready:
            return
        if self.guest_hinter is None:
            self.guest_hinter = hint_bot(guest.setup.game, self.new_seed())
        if self.guest_hinter is None:
            return
        table, at = guest.remote, guest.table["at"]
        hint = yield from hinting(self.guest_hinter, table.view)
        if self.guest is guest and guest.table["at"] == at:
            table.hint = hint

    # -- sharing -------------------------------------------------------------------
    def share_text(self) -> str:
        table = self.table
        day = daily.day_of(self.session.setup, self.session.seed)
        if day and table.finished and self.recorded[0] is table:
            return records_handlers.daily_share_text(self, day)
        result = (table.module.result_text(table.state.result(), table.names)
                  if table.finished else None)
        return sharing.share_text(self.base_url, self.session, result)

    # -- drawing ---------------------------------------------------------------------
    def screen(self) -> Screen:
        """What to draw now; the store's notice shows while no other notice does."""
        shown = self.store.notice and not any(role == "status" for role, _ in self.messages)
        notices = [("status", _(self.store.notice))] if shown else []
        base = dict(messages=tuple(notices + self.messages), setup=self.setup, pace=self.pace,
                    panel=self.panel, preferences=self.store.preferences(),
                    menu_open=self.menu_open)
        table = self.table
        if self.replay is not None:
            return Screen("replay", replay=self.replay, **base)
        if self.records_game is not None:
            return Screen("records", records=records_handlers.records_data(self), **base)
        if self.joining is not None and not (self.guest and self.guest.ready):
            return Screen("join", joining=self.joining, reply=self.reply,
                          relays=together.relay_hosts(self), **base)
        if self.guest is not None:
            return self.guest_screen(base)
        if self.host is not None and self.host.paused():
            return Screen("room", room=tuple(together.room_rows(self)),
                          relays=together.relay_hosts(self),
                          relays_down=together.relays_down(self), **base)
        if table is None:
            return Screen("lobby", records=records_handlers.lobby_data(self),
                          unfinished=self.unfinished(), doomed=self.doomed(), **base)
        ui = table.ui(can_hint=self.bots.hinter is not None)
        base["setup"] = table.session.setup  # a table is drawn as its own game
        if self.host is not None:
            base["waiting"] = tuple(table.names[seat] for seat in self.host.waiting())
        if table.finished:
            return Screen("end", result=table.state.result(), view=table.view, ui=ui, **base)
        if table.paused:
            return Screen("pause", view=table.view, ui=ui, **base)
        if table.needs_pass():
            name = seat_name(table.session.setup.seats, table.state.current_player)
            return Screen("pass", pass_to=name, **base)
        return Screen("table", view=table.view, ui=ui, tour=table.tour, **base)

    def guest_screen(self, base: dict) -> Screen:
        """The friend's table from this page's seat, as the host last sent it."""
        guest = self.guest
        table = guest.remote
        ui = table.ui(can_hint=True)
        setup = guest.setup
        base = {**base, "setup": setup, "waiting": tuple(guest.waiting_for()), "guest": True}
        left = (_("The host's page is not answering: this page looks for it through the"
                  " relays and sits down again as soon as it answers.")
                if self.relaying is not None else
                _("The host's page is not answering: wait for it, or ask the host for a new"
                  " invitation."))
        gone = {"left": left,
                "bot": _("The host gave your seat to a bot."),
                "closed": _("The host closed the table.")}
        if guest.state in gone:
            base["messages"] = base["messages"] + (("status", gone[guest.state]),)
        if guest.over:
            return Screen("end", result=guest.table["result"], view=table.view, ui=ui, **base)
        if table.paused:
            return Screen("pause", view=table.view, ui=ui, **base)
        return Screen("table", view=table.view, ui=ui, **base)

    def games_at_hand(self) -> tuple:
        """The games that the lobby starts or continues at one tap: the one it has chosen,
        the one an invitation on show joins, and those of the unfinished games, each once."""
        joining = [self.joining.setup.game] if self.joining is not None else []
        games = ([self.setup.game] + joining
                 + [entry["save"]["game"] for entry in self.saves.entries])
        return tuple(dict.fromkeys(games))

    def unfinished(self) -> tuple:
        """``(id, words)`` of each unfinished game, played last first."""
        now = self.clock()
        return tuple((entry["id"], describe(entry, now)) for entry in self.saves.entries)

    def doomed(self):
        """The words for the game that a new one would drop, or None."""
        entry = self.saves.doomed()
        return describe(entry, self.clock()) if entry else None


def game_id_of(saves, data) -> int:
    """The unfinished game named by ``data-id``; ``ValueError`` in words when none is."""
    text = str(data.get("id", ""))
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or saves.get(int(text)) is None:
        raise ValueError(_("There is no unfinished game number {n}.").format(n=text[:30]))
    return int(text)


def saved_deal(save: dict) -> str:
    """The link fragment of a saved game's deal; ``ValueError`` in words when its setup
    or seed is not one this site allows."""
    return links.fragment(setup_of(save), seed_of(save.get("seed")))


def sentence(error: Exception) -> str:
    """An error's message as a sentence for people: capital first letter, full stop."""
    text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
    text = text.strip() or _("That did not work.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# Where the focus goes: the screen's first control, and the skip links' targets (the first
# found wins; a target that is no control is made focusable by the page).
SCREEN_START = (".app-screen main [data-action]:not([disabled])", ".app-screen main")
PANEL_START = (".app-screen .panel",)
MENU_BUTTON = '[data-action="menu"]'
SKIP_TARGETS = {"hand": ('.hand [data-action]:not([disabled])', ".hand"),
                "table": (".app-screen main",)}

TABLE_HANDLERS = {
    "undo": Controller.on_undo, "confirm-end": Controller.on_confirm_end,
    "hint": Controller.on_hint, "reveal": Controller.on_reveal, "again": Controller.on_again,
    "new-deal": Controller.on_new_deal, "share": Controller.on_share,
    "embed": Controller.on_embed, "tour-next": Controller.on_tour_next,
    "tour-skip": Controller.on_tour_skip, "copy-link": Controller.on_copy_link,
    "go-on": Controller.on_go_on,
}
HANDLERS = {
    "pace": Controller.on_pace, "start": Controller.on_start,
    "continue": Controller.on_continue, "discard-game": Controller.on_discard,
    "lobby": Controller.on_lobby, "close-panel": Controller.on_close_panel,
    "rules": Controller.on_rules, "settings": Controller.on_settings,
    "setting": Controller.on_setting, "text-setting": Controller.on_text_setting,
    "dismiss": Controller.on_dismiss, "skip": Controller.on_skip, "menu": Controller.on_menu,
    "copy-panel": Controller.on_copy_panel,
    **TABLE_HANDLERS, **HISTORY_HANDLERS,
}
# At a friend's table: the table's buttons that ask the host (the others are the host's).
AT_A_FRIENDS = {"undo": Controller.on_guest_undo, "confirm-end": Controller.on_guest_end,
                "hint": Controller.on_guest_hint, "go-on": Controller.on_go_on}
# What may be done while the records or a replay are on screen: nothing that plays.
BROWSING = {*HISTORY_HANDLERS, "lobby", "close-panel", "rules", "settings", "setting", "pace",
            "text-setting", "dismiss", "skip", "menu"}
