"""Records, replays, export and import, and today's deal: the part of the app that keeps them.

A :class:`Browsing` holds the record book and what is browsed: ``game`` (the game whose
records are on screen), ``replay`` (a :class:`~.replay.Replay`) and ``reviewing`` (a
:class:`~.reviewing.Reviewing`, the review of a record or of the game just finished);
while any is on screen no table control and no bot runs. It records each finished game once
(``recorded``). Its controls are :data:`HANDLERS`, routed to it by the controller.

Effects for the page: ``("download", filename, text, done)`` saves ``text`` as a file and
says ``done``; ``("read-file", selector, action, limit)`` reads the file chosen in the file
input ``selector`` and sends its text as ``data["text"]`` to ``action``, unless it is
larger than ``limit`` bytes; ``("review", steps)`` runs the generator ``steps`` in slices,
drawing the page again whenever the review on show has a new point (``progress()``).
"""

from __future__ import annotations

import math

from ...engine.registry import GAMES
from ...i18n import _
from ...parts import PartMissing
from . import daily
from .. import links
from ..lobby import player_seat
from .book import IMPORT_LIMIT, RecordBook, as_save, digest, make_record
from .replay import Replay
from ..screen import RecordsBody, ReplayBody, ReviewBody
from ..tables import table_module
from ..session import Session, from_save
from ..storage import BLOCKED_NOTICE
from ..validate import OUTCOME_KEYS

REPLAY_KEYS = {"ArrowLeft": ("replay-step", {"by": "-1"}),
               "ArrowRight": ("replay-step", {"by": "1"}),
               "Home": ("replay-to", {"step": "0"})}


class Browsing:
    """The records of ``app`` (the controller), whose ``store``, ``clock()``, ``base_url``,
    ``say``, ``focus``, ``setup``, ``begin`` and ``unfinished`` (to play a recorded or
    today's deal) it uses."""

    def __init__(self, app):
        self.app = app
        self.book = RecordBook(app.store)
        self.game = None  # the game whose records are on screen
        self.replay = None  # the replay on screen
        self.reviewing = None  # the review on screen
        self.recorded = (None, None)  # the finished table recorded last, and its record
        self.imported = None  # the name of the file chosen last to import, for the screen

    @property
    def active(self) -> bool:
        """Whether the records, a replay or a review are on screen."""
        return self.replay is not None or self.game is not None or self.reviewing is not None

    def close(self) -> None:
        """Nothing browsed on screen any more (a review being thought stops)."""
        self.replay = self.game = self.reviewing = None

    def today(self) -> str:
        """The local date, ``YYYY-MM-DD``, from the app's clock."""
        return self.app.clock().date().isoformat()

    # -- recording --------------------------------------------------------------------------
    def record_finished(self, table) -> None:
        """Record ``table``'s game once it is finished (once per game)."""
        if not table.finished or self.recorded[0] is table:
            return
        session = table.session
        day = daily.day_of(session.setup, session.seed)
        practice = bool(day) and (day != self.today()
                                  or self.book.daily(session.setup.game, day) is not None)
        self.keep(table, make_record(session, self.app.clock(), day, practice))

    def seated(self, guest) -> None:
        """The friend's table this page sits at changed: the rules and records open on its
        game, and its game is recorded once over."""
        self.app.setup = guest.setup
        self.record_guest(guest)

    def record_guest(self, guest) -> None:
        """At the end of a game played at a friend's table, record it from this seat:
        with its seed and moves once the host's page sent them (``guest.deal``, checked),
        else without (a guest learns the deal only when the game is over). The game is
        recorded once, even by a page reloaded since (its record is found by its digest): a
        record made without the moves is filled in when they come."""
        if not guest.over:
            return
        record = guest_record(guest, self.app.clock())
        seen = (record["digest"], digest(guest.log))  # with its moves, and without
        kept = next((r for r in reversed(self.book.games)
                     if r.get("seat") == guest.seat and r["digest"] in seen), None)
        if kept is not None and kept["digest"] == record["digest"]:
            self.recorded = (guest.remote, kept)  # recorded already (the table on screen)
            return
        if kept is not None:  # recorded without its moves: now with them
            self.book.games[:] = [r for r in self.book.games if r is not kept]
            record["when"] = kept["when"]
        self.keep(guest.remote, record)

    def keep(self, played, record: dict) -> None:
        self.recorded = (played, record)
        said = self.book.add(record)
        if said:
            self.app.say("status", said)

    def report_problem(self) -> None:
        """Say once that the records text could not be read (it was kept aside)."""
        self.book.games  # read now, in the language just chosen
        if self.book.problem:
            self.app.say("alert", self.book.problem)
            self.book.problem = None

    def announce_daily(self, session) -> None:
        """At the start of today's deal played before: say that this game is practice."""
        day = daily.day_of(session.setup, session.seed)
        if day is None:
            return
        if day != self.today():
            self.app.say("status", _("This is the deal of {date}: it is recorded as"
                                     " practice.").format(date=day))
        elif self.book.daily(session.setup.game, day) is not None:
            self.app.say("status", _("You have played today's deal already: this game is"
                                     " recorded as practice."))

    def share_text(self, table) -> str | None:
        """The share text of ``table``'s game when it is today's deal, just finished and
        recorded; else None."""
        session = table.session
        day = daily.day_of(session.setup, session.seed)
        if not (day and table.finished and self.recorded[0] is table):
            return None
        practice = self.recorded[1].get("practice", True)
        outcome = table.module.outcome(table.state.result(), player_seat(session.setup.seats),
                                       table.names)
        game = session.setup.game
        return daily.share_text(self.app.base_url, GAMES[game].name, game, day, outcome,
                                practice)

    # -- what the screens show --------------------------------------------------------------
    def body(self):
        """The body of the screen on show (a review, records or a replay), or None."""
        if self.reviewing is not None:
            return "review", ReviewBody(self.reviewing)
        if self.replay is not None:
            return "replay", ReplayBody(self.replay)
        if self.game is not None:
            return "records", RecordsBody(self.records_data())
        return None

    def records_data(self) -> dict:
        """What the records screen shows: ``game``, ``entries`` (``(index, record)`` of that
        game, oldest first; the index is the record's place among all) and ``note`` (a
        sentence where nothing can be stored, else None) and ``imported`` (the name of the
        file chosen last to import, or None)."""
        entries = [(i, r) for i, r in enumerate(self.book.games) if r["game"] == self.game]
        return {"game": self.game, "entries": entries, "note": self.storage_note(),
                "imported": self.imported}

    def storage_note(self) -> str | None:
        """The sentence the records screen shows where nothing can be stored."""
        if self.app.store.notice == BLOCKED_NOTICE:
            return _("This browser does not let the page store anything: these records are"
                     " kept for this visit only.")
        return None

    def lobby_data(self) -> dict:
        """What the lobby shows of today's deals: ``today`` and, by game, the day's recorded
        attempt (None while it is not played)."""
        day = self.today()
        try:
            attempts = {game: self.book.daily(game, day) for game in GAMES}
        except PartMissing:  # the records are read with the games' tables; the lobby needs
            attempts = {}  # none of them, and shows the day's attempts once they are there
        return {"today": day, "daily": attempts}

    def replay_key(self, key: str):
        """The replay's action for a key pressed outside any field (the arrow keys step,
        Home goes to the start, End to the end), or None."""
        if self.replay is None:
            return None
        if key == "End":
            return ("replay-to", {"step": str(self.replay.last)})
        return REPLAY_KEYS.get(key)

    def record_at(self, data) -> tuple:
        """The record named by ``data-index`` (its place among all records)."""
        text = str(data.get("index", ""))
        games = self.book.games
        if not (text.isascii() and text.isdigit()) or int(text) >= len(games):
            raise ValueError(_("There is no recorded game “{index}”.").format(index=text[:30]))
        return int(text), games[int(text)]

    # -- the controls -----------------------------------------------------------------------
    def on_records(self, data) -> None:
        """Open the records of ``data-game``, else of the game on the table or the lobby's,
        in place of any panel (one thing from the menu at a time)."""
        game = data.get("game") or self.app.setup.game
        if game not in GAMES:
            raise ValueError(_("There is no game “{name}”.").format(name=str(game)[:30]))
        self.book.games  # read with the games' tables first: PartMissing changes nothing
        table_module(game)
        self.replay, self.reviewing, self.game = None, None, game
        self.app.panels.panel = None
        self.app.panels.opener = "records"
        self.app.focus = ".records h1"

    def on_close_records(self, data) -> None:
        """Back to the table or the lobby, where the records were opened from; the focus
        goes to the control that opened them (the lobby's link, or the menu's button: its
        item is folded away)."""
        self.close()
        self.app.focus = ('[data-action="records"]', '[data-action="menu"]')

    def on_replay(self, data) -> None:
        index, record = self.record_at(data)
        self.replay = Replay(record, index)
        self.app.focus = '[data-action="replay-step"][data-by="1"]'

    def on_close_replay(self, data) -> None:
        """Back to the records of the replayed game."""
        self.replay, self.game = None, self.replay.record["game"]
        self.app.focus = ".records h1"

    def on_replay_step(self, data) -> None:
        self.replay.by(int(data.get("by", 1)))

    def on_replay_to(self, data) -> None:
        text = str(data.get("value", data.get("step", "")))
        if not (text.isascii() and text.lstrip("-").isdigit()):
            raise ValueError(_("A step must be a number, not “{text}”.").format(text=text[:30]))
        self.replay.to(int(text))

    def on_replay_hands(self, data) -> None:
        self.replay.show_hands = not self.replay.show_hands

    # -- a review ---------------------------------------------------------------------------
    def on_review(self, data):
        """Review the record ``data-index``, or without one the game just finished on the
        table (recorded at its end); a ``("review", steps)`` effect: the page thinks it in
        slices."""
        if "index" in data:
            index, record = self.record_at(data)
        else:
            played, record = self.recorded
            if played is None or played is not self.app.sitting.table:
                raise ValueError(_("There is no finished game on the table to review."))
            index = None
        from .reviewing import Reviewing  # at the first review, not at every start

        self.reviewing = reviewing = Reviewing(record, index)
        self.replay = self.game = None
        self.app.panels.panel = None
        self.app.focus = "#review-title"
        return ("review", self.thinking(reviewing))

    def thinking(self, reviewing):
        """``reviewing``'s steps (:meth:`.Reviewing.steps`) while it is on show; once it
        is done, the page's status region says so."""
        yield from reviewing.steps(lambda: self.reviewing is reviewing)
        if self.reviewing is reviewing:  # not left: done
            from .review_screen import done_words

            self.app.say("status", done_words(reviewing))

    def review_offered(self) -> bool:
        """Whether the game on the table is recorded with its deal and moves, so that its
        end screen offers Review (a friend's table: once the host's page sent them)."""
        played, record = self.recorded
        return (played is not None and played is self.app.sitting.table
                and record.get("actions") is not None and record.get("seed") is not None)

    def progress(self):
        """How far the review on show got (``Reviewing.progress``), None without one."""
        return self.reviewing.progress() if self.reviewing is not None else None

    def review_json(self):
        """The review on show in the automation contract's form (``Review.as_json``, a
        noise that is not a number as None), or None."""
        if self.reviewing is None:
            return None
        if self.reviewing.review is None:  # its first steps make it
            return {"state": "thinking", "points": [], "moments": []}
        shown = self.reviewing.review.as_json()
        for item in shown["points"] + shown["moments"]:
            item["noise"] = item["noise"] if math.isfinite(item["noise"]) else None
        return shown

    def on_close_review(self, data) -> None:
        """Back to the records of the reviewed game, or to the end screen it was opened
        from; the review stops."""
        reviewing, self.reviewing = self.reviewing, None
        if reviewing.index is not None:
            self.game = reviewing.record["game"]
            self.app.focus = ".records h1"
        else:
            self.app.focus = '[data-action="review"]'

    def on_review_show(self, data) -> None:
        """Show the position before the moment ``data-move``."""
        self.reviewing.shown = self.reviewing.moment(data.get("move", "")).move
        self.app.focus = "#review-position"

    def on_review_try(self, data) -> None:
        """A new game from the moment ``data-move``'s position with the move preferred;
        the record stays as it is."""
        session = self.reviewing.tried(data.get("move", ""))
        self.close()
        self.app.begin(session)

    def on_play_record(self, data) -> None:
        """Play the deal of a recorded game again, with its setup."""
        _, record = self.record_at(data)
        if record.get("seed") is None:
            raise ValueError(_("That game was played at a friend's table: only their page"
                               " knew its deal."))
        setup = from_save(as_save(record, actions=[])).setup
        self.close()
        self.app.begin(Session.new(setup, record["seed"]))

    def on_export(self, data):
        name = f"cardtable-records-{self.today()}.json"
        count = len(self.book.games)
        return ("download", name, self.book.export_text(),
                _("The records of {count} games were saved as {name}.").format(count=count,
                                                                               name=name))

    def on_import(self, data):
        """The file input changed: the page reads the file (unless it is larger than
        ``IMPORT_LIMIT`` bytes), then sends ``import-text``. The file's name (the field's
        value, behind a made-up folder) is kept for the screen to say."""
        name = str(data.get("value", "")).replace("\\", "/").rsplit("/", 1)[-1]
        self.imported = name[:80] or None
        return ("read-file", "#import-records", "import-text", IMPORT_LIMIT)

    def on_import_text(self, data) -> None:
        self.app.say("status", self.book.merge(str(data.get("text", ""))))

    def on_daily(self, data) -> None:
        """Start today's deal of ``data-game``, or continue it where it is unfinished."""
        game = data.get("game")
        if game not in GAMES:
            raise ValueError(_("There is no game “{name}”.").format(name=str(game)[:30]))
        self.close()
        setup, seed = daily.setup(game), daily.seed(game, self.today())
        self.app.setup = setup
        if not self.app.unfinished.resume_deal(links.fragment(setup, seed)):
            self.app.begin(Session.new(setup, seed))


HANDLERS = {
    "records": Browsing.on_records, "close-records": Browsing.on_close_records,
    "replay": Browsing.on_replay, "close-replay": Browsing.on_close_replay,
    "replay-step": Browsing.on_replay_step, "replay-to": Browsing.on_replay_to,
    "replay-hands": Browsing.on_replay_hands, "play-record": Browsing.on_play_record,
    "export-records": Browsing.on_export, "import-records": Browsing.on_import,
    "import-text": Browsing.on_import_text, "daily": Browsing.on_daily,
    "review": Browsing.on_review, "close-review": Browsing.on_close_review,
    "review-show": Browsing.on_review_show, "review-try": Browsing.on_review_try,
}
# The handlers that act on a replay, refused when none is on screen.
REPLAY_ACTIONS = ("close-replay", "replay-step", "replay-to", "replay-hands")
# The handlers that act on a review, refused when none is on screen.
REVIEW_ACTIONS = ("close-review", "review-show", "review-try")


def guest_record(guest, when) -> dict:
    """The record of the game over at ``guest``'s table (a friend's), from its seat, ended
    at ``when``: with the deal the host sent when there is one, else with no seed and no
    actions, and the digest of the events seen."""
    setup, result, deal = guest.setup, guest.table["result"], guest.deal or {}
    outcome = guest.remote.module.outcome(result, guest.seat, guest.seat_names())
    options = {key: setup.spec.option(key).encode(value)
               for key, value in setup.options.items()}
    actions = deal.get("actions")
    return {"game": setup.game, "players": setup.players,
            "seats": deal.get("seats", list(setup.seats)), "options": options,
            "seed": deal.get("seed"), "seat": guest.seat,
            "when": when.strftime("%Y-%m-%dT%H:%M"),
            "result": result, "outcome": {key: outcome.get(key) for key in OUTCOME_KEYS},
            "actions": actions, "moves": guest.table["at"],
            "digest": digest(guest.log if actions is None else actions)}
