"""The controller's part for records, replays, export and import, and today's deal.

``HISTORY_HANDLERS`` are the controls of the records and replay screens and of today's
deal, each ``handler(controller, data)`` like the controller's own (see
:mod:`.controller`). The controller keeps, besides the table, what is browsed:
``records_game`` (the game whose records are on screen) and ``replay`` (a
:class:`~.replay.Replay`); while either is on screen no table control and no bot runs.

Effects for the page (``app.py``): ``("download", filename, text, done)`` saves ``text``
as a file and says ``done``; ``("read-file", selector, action, limit)`` reads the file chosen
in the file input ``selector`` and sends its text as ``data["text"]`` to ``action``, unless
it is larger than ``limit`` bytes.
"""

from __future__ import annotations

from ...engine.registry import GAMES
from ...i18n import _
from ...parts import PartMissing
from . import daily
from .. import links
from .book import IMPORT_LIMIT, as_save, make_record
from .replay import Replay
from ..tables import table_module
from ..session import Session, from_save
from ..storage import BLOCKED_NOTICE


def today(controller) -> str:
    """The local date, ``YYYY-MM-DD``, from the controller's clock."""
    return controller.clock().date().isoformat()


def record_finished(controller) -> None:
    """Record the game on the table once it is finished (once per game)."""
    table = controller.table
    if table is None or not table.finished or controller.recorded[0] is table:
        return
    session = table.session
    day = daily.day_of(session.setup, session.seed)
    practice = bool(day) and (day != today(controller)
                              or controller.records.daily(session.setup.game, day) is not None)
    record = make_record(session, controller.clock(), day, practice)
    controller.recorded = (table, record)
    said = controller.records.add(record)
    if said:
        controller.say("status", said)


def report_problem(controller) -> None:
    """Say once that the records text could not be read (it was kept aside)."""
    book = controller.records
    book.games  # read now, in the language just chosen
    if book.problem:
        controller.say("alert", book.problem)
        book.problem = None


def announce_daily(controller) -> None:
    """At the start of today's deal played before: say that this game is practice."""
    session = controller.session
    day = daily.day_of(session.setup, session.seed)
    if day is None:
        return
    if day != today(controller):
        controller.say("status", _("This is the deal of {date}: it is recorded as practice.")
                       .format(date=day))
    elif controller.records.daily(session.setup.game, day) is not None:
        controller.say("status", _("You have played today's deal already: this game is"
                                   " recorded as practice."))


def storage_note(controller) -> str | None:
    """The sentence the records screen shows where nothing can be stored."""
    if controller.store.notice == BLOCKED_NOTICE:
        return _("This browser does not let the page store anything: these records are kept"
                 " for this visit only.")
    return None


def records_data(controller) -> dict:
    """What the records screen shows: ``game``, ``entries`` (``(index, record)`` of that
    game, oldest first; the index is the record's place among all) and ``note`` (a
    sentence where nothing can be stored, else None)."""
    game = controller.records_game
    entries = [(i, r) for i, r in enumerate(controller.records.games) if r["game"] == game]
    return {"game": game, "entries": entries, "note": storage_note(controller)}


def lobby_data(controller) -> dict:
    """What the lobby shows of today's deals: ``today`` and, by game, the day's recorded
    attempt (None while it is not played)."""
    day = today(controller)
    try:
        attempts = {game: controller.records.daily(game, day) for game in GAMES}
    except PartMissing:  # the records are read with the games' tables; the lobby needs none
        attempts = {}  # of them, and shows the day's attempts once they are there
    return {"today": day, "daily": attempts}


def daily_share_text(controller, day: str) -> str:
    """The share text of today's deal just finished (and recorded) on the table."""
    table, record = controller.recorded
    game = table.session.setup.game
    practice = record.get("practice", True)
    outcome = table.module.outcome(table.state.result(), 0, table.names)
    return daily.share_text(controller.base_url, GAMES[game].name, game, day, outcome, practice)


def browsing(controller) -> bool:
    return controller.replay is not None or controller.records_game is not None


def close(controller) -> None:
    controller.replay = controller.records_game = None


def record_at(controller, data) -> tuple:
    """The record named by ``data-index`` (its place among all records)."""
    text = str(data.get("index", ""))
    games = controller.records.games
    if not (text.isascii() and text.isdigit()) or int(text) >= len(games):
        raise ValueError(_("There is no recorded game “{index}”.").format(index=text[:30]))
    return int(text), games[int(text)]


REPLAY_KEYS = {"ArrowLeft": ("replay-step", {"by": "-1"}),
               "ArrowRight": ("replay-step", {"by": "1"}),
               "Home": ("replay-to", {"step": "0"})}


def replay_key(controller, key: str):
    """The replay's action for a key pressed outside any field (the arrow keys step,
    Home goes to the start, End to the end), or None."""
    if controller.replay is None:
        return None
    if key == "End":
        return ("replay-to", {"step": str(controller.replay.last)})
    return REPLAY_KEYS.get(key)


# -- the handlers ---------------------------------------------------------------------------
def on_records(controller, data) -> None:
    """Open the records of ``data-game``, else of the game on the table or the lobby's."""
    game = data.get("game") or controller.setup.game
    if game not in GAMES:
        raise ValueError(_("There is no game “{name}”.").format(name=str(game)[:30]))
    controller.records.games  # read with the games' tables first: PartMissing changes nothing
    table_module(game)
    controller.replay = None
    controller.records_game = game
    controller.opener = "records"
    controller.focus = ".records h1"


def on_close_records(controller, data) -> None:
    """Back to the table or the lobby, where the records were opened from."""
    close(controller)
    controller.focus = '.menu [data-action="records"]'


def on_replay(controller, data) -> None:
    index, record = record_at(controller, data)
    controller.replay = Replay(record, index)
    controller.focus = '[data-action="replay-step"][data-by="1"]'


def on_close_replay(controller, data) -> None:
    """Back to the records of the replayed game."""
    game = controller.replay.record["game"]
    controller.replay = None
    controller.records_game = game
    controller.focus = ".records h1"


def on_replay_step(controller, data) -> None:
    controller.replay.by(int(data.get("by", 1)))


def on_replay_to(controller, data) -> None:
    text = str(data.get("value", data.get("step", "")))
    if not (text.isascii() and text.lstrip("-").isdigit()):
        raise ValueError(_("A step must be a number, not “{text}”.").format(text=text[:30]))
    controller.replay.to(int(text))


def on_replay_hands(controller, data) -> None:
    controller.replay.show_hands = not controller.replay.show_hands


def on_play_record(controller, data) -> None:
    """Play the deal of a recorded game again, with its setup."""
    _, record = record_at(controller, data)
    if record.get("seed") is None:
        raise ValueError(_("That game was played at a friend's table: only their page knew its deal."))
    setup = from_save(as_save(record, actions=[])).setup
    close(controller)
    controller.begin(Session.new(setup, record["seed"]))


def on_export(controller, data):
    name = f"cardtable-records-{today(controller)}.json"
    count = len(controller.records.games)
    return ("download", name, controller.records.export_text(),
            _("The records of {count} games were saved as {name}.").format(count=count, name=name))


def on_import(controller, data):
    """The file input changed: the page reads the file (unless it is larger than
    ``IMPORT_LIMIT`` bytes), then sends ``import-text``."""
    return ("read-file", "#import-records", "import-text", IMPORT_LIMIT)


def on_import_text(controller, data) -> None:
    controller.say("status", controller.records.merge(str(data.get("text", ""))))


def on_daily(controller, data) -> None:
    """Start today's deal of ``data-game``, or continue it where it is unfinished."""
    game = data.get("game")
    if game not in GAMES:
        raise ValueError(_("There is no game “{name}”.").format(name=str(game)[:30]))
    close(controller)
    setup, seed = daily.setup(game), daily.seed(game, today(controller))
    controller.setup = setup
    if not controller.resume_deal(links.fragment(setup, seed)):
        controller.begin(Session.new(setup, seed))


HISTORY_HANDLERS = {
    "records": on_records, "close-records": on_close_records, "replay": on_replay,
    "close-replay": on_close_replay, "replay-step": on_replay_step, "replay-to": on_replay_to,
    "replay-hands": on_replay_hands, "play-record": on_play_record,
    "export-records": on_export, "import-records": on_import,
    "import-text": on_import_text, "daily": on_daily,
}
# The handlers that act on a replay, refused when none is on screen.
REPLAY_ACTIONS = ("close-replay", "replay-step", "replay-to", "replay-hands")
