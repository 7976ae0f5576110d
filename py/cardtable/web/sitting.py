"""What a page plays at: a sitting. One interface, two kinds.

A :class:`LocalSitting` is a table this page keeps: its session, its bots and its place
among the unfinished games (with friends' seats, its waiting room and links are the
app's :class:`~.together.company.Together`). A
:class:`~.together.sitting.GuestSitting` is a friend's table, on this page from one seat:
the host's view of it, and requests sent over the link. In the lobby the page sits at
:class:`NoSitting`, which answers as an empty table would. The controller and the page
ask a sitting, never which kind it is:

- ``table``: what the game's table's controls act on (``view``, ``local``, ``focus``,
  ``act``, ``module``: see :mod:`.tables`), None in the lobby and while a friend's table
  has not arrived;
- ``view()``: the viewing seat's view for ``window.cardtable.view()``, its ``legal``
  empty while the page cannot act on it;
- ``paused()``: the pause between parts of the game, as ``(table, moves)``, or None;
- ``table_action(action, data)``: run a control of the game's table;
- ``HANDLERS``: the table's own buttons (the same names for both kinds: a friend's page
  refuses those that are the host's);
- ``body()``: ``(kind, body, setup)`` of the screen to draw;
- ``address()``, ``notice()``, ``latest_move()``, ``cancel_action()``, ``bot_due()``, ``bot_steps()``,
  ``thinking_words()``, ``pass_tour_step()``.
"""

from __future__ import annotations

from ..i18n import _
from . import links, sharing
from .bot_runner import BotRunner
from .lobby import seat_name
from .panels import SCREEN_START
from .playing import Table
from .saves import begun, progress_words
from .screen import LobbyBody, PassBody, TableBody
from .session import Session
from .storage import BLOCKED_NOTICE
from .teaching.tour import tour_steps


class LocalSitting:
    """``session`` on this page's table, saved as the unfinished game ``game_id`` (None:
    not saved yet). ``app`` is the controller: its ``unfinished`` (games), ``browsing`` (records),
    ``together`` (friends), ``panels``, ``store``, ``new_seed()``, ``base_url``,
    ``focus``, ``say`` and ``begin`` (a next deal) are used."""

    def __init__(self, app, session: Session, game_id=None):
        self.app, self.game_id = app, game_id
        self.table = Table(session)
        self.bots = BotRunner(session, app.new_seed)

    @property
    def session(self) -> Session:
        return self.table.session

    # -- what the page asks -----------------------------------------------------------------
    def view(self):
        """The view; its ``legal`` is empty while the table pauses between parts of the
        game or waits for a friend."""
        waits = self.table.paused or self.app.together.waiting_room()
        return {**self.table.view, "legal": []} if waits else self.table.view

    def paused(self):
        table = self.table
        if not table.paused or table.finished:
            return None
        return (table, len(table.session.actions))

    def bot_due(self) -> bool:
        """Whether the app should move by itself now: not while the table waits for a
        friend."""
        return (self.bots.due() and not self.table.paused
                and not self.app.together.waiting_room())

    def bot_steps(self, fallback: bool = False):
        """One move the app makes by itself, in slices (``BotRunner.steps``); a bot's bug
        raises ``BotError``. With ``fallback`` the seat makes a random legal move instead."""
        yield from self.bots.steps(fallback)
        if self.app.sitting is self:  # not when the player left for the lobby or a new deal
            self.table.moved()
            self.saved()

    def thinking_words(self) -> str:
        """Who is thinking, in words, while the seat due to move (a bot) thinks."""
        seat = self.session.due_seat()
        if seat is None:
            return ""
        return _("{name} is thinking…").format(name=self.table.names[seat])

    def latest_move(self) -> tuple:
        """``(moves, seat)``: how many moves the table has had, and who made the latest."""
        return len(self.session.actions), self.session.last_actor()

    def cancel_action(self):
        """The table's action that drops the player's unfinished choice, when there is one."""
        return self.table.module.CANCEL if self.table.local is not None else None

    def address(self) -> str:
        return links.fragment(self.session.setup, self.session.seed)

    def notice(self):
        """What the table says over its screen: nothing (a friend's table may)."""
        return None

    def body(self):
        """``(kind, body, setup)`` of the screen: the table as its own game."""
        table, setup = self.table, self.session.setup
        ui = table.ui(can_hint=self.bots.hinter is not None)
        host = self.app.together.host
        waiting = tuple(table.names[seat] for seat in host.waiting()) if host else ()
        if table.finished:
            return "end", TableBody(table.view, ui, waiting=waiting,
                                    result=table.state.result()), setup
        if table.paused:
            return "pause", TableBody(table.view, ui, waiting=waiting), setup
        if table.needs_pass():
            return "pass", PassBody(seat_name(setup.seats, table.state.current_player)), setup
        return "table", TableBody(table.view, ui, tour=table.tour, waiting=waiting), setup

    # -- moves -------------------------------------------------------------------------------
    def table_action(self, action: str, data) -> None:
        """Run the game's table's control ``action`` (none: nothing happens); a move it
        made is saved."""
        moves = len(self.session.actions)
        run_control(self.app, self.table, action, data)
        if len(self.session.actions) != moves:
            self.saved()

    def saved(self) -> None:
        """Save after every move into the unfinished games; a finished game leaves them
        and is recorded. A game with friends keeps what a reload needs to know them again,
        and the friends are told."""
        host = self.app.together.host
        if host is not None:
            host.broadcast()
        if self.table.finished:
            self.app.unfinished.saves.remove(self.game_id)
            self.game_id = None
            self.app.browsing.record_finished(self.table)
            return
        save = self.session.to_save()
        if host is not None:
            save["together"] = {"room": host.room, "friends": host.to_save()}
        self.game_id, dropped = self.app.unfinished.saves.put(self.game_id, save, self.progress(),
                                                              begun(self.session))
        if dropped:
            self.app.say("status", dropped)

    def progress(self) -> tuple:
        """How far the table's game got, ``(kind, n, total)``: as its table says
        (``progress(view)``), else in moves."""
        hook = self.table.module.progress
        return hook(self.table.view) if hook else ("moves", len(self.session.actions), None)

    def next_deal(self, seed: str) -> None:
        """A deal of this table's setup in its place: its own game ends for it (the player
        chose that); its friends stay."""
        session = Session.new(self.session.setup, seed)
        if self.game_id is not None:
            self.app.unfinished.saves.remove(self.game_id)
        self.app.begin(session, keep_friends=True)

    # -- the tour ----------------------------------------------------------------------------
    def offer_tour(self) -> None:
        """Offer the guided first game, once per game. Where nothing can be stored (an
        embedded page with storage blocked) it would come back at every visit, so it is not
        offered. The steps are asked for last: they import the game's guide, which a player
        who has seen the tour need not load."""
        store, game = self.app.store, self.session.setup.game
        if (game not in store.load_settings().get("tours_seen", ())
                and store.notice != BLOCKED_NOTICE and tour_steps(game)):
            self.table.tour = 0

    def pass_tour_step(self) -> None:
        """The tour goes on to its next step (done, or its element is not on the table);
        after the last one it is over."""
        table = self.table
        if table.tour is not None:
            table.tour += 1
            if table.tour >= len(tour_steps(self.session.setup.game)):
                self.end_tour()

    def end_tour(self) -> None:
        """The tour of this game is over or skipped: it is not offered again."""
        self.table.tour = None
        store = self.app.store
        settings = store.load_settings()
        seen = set(settings.get("tours_seen", ())) | {self.session.setup.game}
        store.write_settings({**settings, "tours_seen": sorted(seen)})

    # -- the table's own buttons ---------------------------------------------------------------
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
        if self.app.sitting is self and self.session.state is state:
            table.hint = hint

    def on_go_on(self, data):
        """The player goes on after the pause between parts of the game."""
        self.table.go_on()
        self.app.focus = SCREEN_START

    def on_reveal(self, data):
        self.table.reveal()

    def on_again(self, data):
        self.next_deal(self.session.seed)

    def on_new_deal(self, data):
        """A new deal at this table; while its game is under way (``saves.begun``), once
        the player said yes (``data-confirmed``): the game ends for it."""
        table = self.table
        if data.get("confirmed") != "yes" and not table.finished and begun(table.session):
            self.app.panels.ask(
                _("Deal again? This game ({progress}) ends here and cannot be continued.")
                .format(progress=progress_words(self.progress())), "new-deal",
                _("New deal"), _("Keep playing"))
            return
        self.next_deal(self.app.new_seed())

    def on_share(self, data):
        return ("copy", self.share_text(),
                _("Copied the link and the result: paste it to a friend."))

    def share_text(self) -> str:
        table = self.table
        daily = self.app.browsing.share_text(table)
        if daily is not None:
            return daily
        result = (table.module.result_text(table.state.result(), table.names)
                  if table.finished else None)
        return sharing.share_text(self.app.base_url, self.session, result)

    def on_copy_link(self, data):
        return ("copy", sharing.deal_link(self.app.base_url, self.session),
                _("Copied the link of this deal."))

    def on_embed(self, data):
        """The Embed panel, with the choices made in it last during this visit."""
        self.app.panels.open("embed", self.embed_panel(self.app.panels.embed_choices))

    def on_embed_choice(self, data):
        """One of the Embed panel's choices (``data-key``, ``data-value``): the snippet on
        show is written again; the focus stays on the choice."""
        panels = self.app.panels
        if not panels.panel or panels.panel[0] != "embed":
            raise ValueError(_("There is no embed code on show."))
        panels.embed_choices = sharing.embed_choice(panels.panel[2], data.get("key"),
                                                    data.get("value"))
        panels.panel = self.embed_panel(panels.embed_choices)

    def embed_panel(self, choices: dict) -> tuple:
        """The Embed panel of this deal with ``choices``: ``("embed", snippet, choices)``."""
        app = self.app
        return ("embed", sharing.embed_snippet(app.base_url, self.session, choices,
                                               app.start_size), choices)

    def on_tour_next(self, data):
        self.pass_tour_step()

    def on_tour_skip(self, data):
        self.end_tour()

    HANDLERS = {"undo": on_undo, "confirm-end": on_confirm_end, "hint": on_hint,
                "reveal": on_reveal, "again": on_again, "new-deal": on_new_deal,
                "share": on_share, "embed": on_embed, "embed-choice": on_embed_choice,
                "tour-next": on_tour_next, "tour-skip": on_tour_skip,
                "copy-link": on_copy_link, "go-on": on_go_on}


def run_control(app, table, action: str, data) -> None:
    """Run the control ``action`` of the game's table on ``table`` (a name the table does
    not know: nothing happens); the focus goes where its handler says."""
    handler = table.module.HANDLERS.get(action)
    if handler is None:
        return
    table.focus = None
    handler(table, data)
    app.focus = table.focus


class NoBots:
    """What a sitting whose page moves no bot answers: a friend's table (the host's page
    moves them) and the lobby. No tour either."""

    def bot_due(self) -> bool:
        return False

    def bot_steps(self, fallback: bool = False):
        return
        yield

    def thinking_words(self) -> str:
        return ""

    def pass_tour_step(self) -> None:
        """No tour here."""


class NoSitting(NoBots):
    """No table: the lobby, or an invitation on show (``app`` is the controller: its
    ``browsing``, ``unfinished``, ``together`` and ``setup`` are used)."""

    table = None

    def __init__(self, app):
        self.app = app

    def view(self):
        return None

    def paused(self):
        return None

    def latest_move(self) -> tuple:
        return 0, None

    def cancel_action(self):
        return None

    def address(self) -> str:
        """An invitation's while one is on show; else none: the plain page."""
        return self.app.together.invitation_address()

    def notice(self):
        return None

    def table_action(self, action: str, data) -> None:
        """No game's controls without a table: nothing happens."""

    def body(self):
        """The lobby, with today's deals and the unfinished games."""
        unfinished = self.app.unfinished
        return "lobby", LobbyBody(self.app.browsing.lobby_data(), unfinished.listed(),
                                  unfinished.doomed()), self.app.setup

    def no_table(self, data):
        raise ValueError(_("There is no game on the table: start one in the lobby."))

    HANDLERS = dict.fromkeys(LocalSitting.HANDLERS, no_table)
