"""Records: every finished game, kept on the device, and the figures drawn from them.

The records live in the store under ``cardtable.records`` as one JSON text,
``{"schema": 1, "games": [record, …]}``, oldest first. A record is a dict:

- ``game``, ``players``, ``seats`` (``"human"``, ``"friend"`` or a bot level), ``options``
  (written as links write them), ``seed``: enough to deal the same cards again; a game
  where the player did not sit first has ``seat`` (this player's, from 1): one played at
  a friend's table has its seed and actions only when the host's page sent them at the
  end (``together.messages``'s ``record``), without them neither; one tried from a
  review (:mod:`.reviewing`) seats the player where they sat in the game reviewed;
- ``when``: the local date and time it ended, ``"YYYY-MM-DDTHH:MM"``;
- ``result``: the engine's result; ``outcome``: the table module's ``outcome`` for the player's
  seat (``seat``, else the first) without its text (``won``, ``score``, ``better``, ``place``, ``progress``);
- ``actions``: the action log (the replay), or None once dropped to make room;
  ``moves`` its length and ``digest`` a hash of it, both kept when it is dropped;
- ``daily``: ``"YYYY-MM-DD"`` for today's deal of that date, with ``practice`` true when
  it was not the day's one recorded attempt.

:class:`RecordBook` reads and writes them through a :class:`~.storage.Store`. The whole
text is held under ``budget`` characters: when a new game would pass it, the oldest
games' action logs go first (their results stay) and the book says so in a sentence;
nothing is dropped without a sentence. Each stored record is checked all the way down
(:func:`~.validate.record_of`); when any fails, the whole text is kept aside under a
``cardtable.unreadable.<n>`` key and reported, and the book goes on with the others.
Importing merges a file written by :meth:`RecordBook.export_text` (no duplicates: see
:func:`identity`), each record's result rebuilt from its moves, never dropping the
records already here; a bad file is refused with a sentence and changes nothing.
"""

from __future__ import annotations

import json
from datetime import datetime

from ...i18n import _, ngettext
from ...parts import PartMissing
from ..lobby import player_seat, seat_names
from ..tables import table_module
from ..validate import OUTCOME_KEYS, read_json, reason, record_of

RECORDS_KEY = "cardtable.records"
SCHEMA = 1
BUDGET = 1_000_000  # characters of the records' JSON text (localStorage holds about 5 M)
IMPORT_LIMIT = 3_000_000  # bytes of a records file (an export of a full book is smaller)


def make_record(session, when: datetime, daily: str | None = None,
                practice: bool = False) -> dict:
    """The record of ``session``, a finished game, ended at ``when`` (local time)."""
    save = session.to_save()
    result = session.state.result()
    names, seat = seat_names(session.setup.seats), player_seat(session.setup.seats)
    outcome = table_module(session.setup.game).outcome(result, seat, names)
    record = {"game": save["game"], "players": save["players"], "seats": save["seats"],
              "options": save["options"], "seed": save["seed"],
              "when": when.strftime("%Y-%m-%dT%H:%M"), "result": result,
              "outcome": {key: outcome.get(key) for key in OUTCOME_KEYS},
              "actions": save["actions"], "moves": len(save["actions"]),
              "digest": digest(save["actions"])}
    if seat:
        record["seat"] = seat
    if daily:
        record.update(daily=daily, practice=practice)
    return record


def digest(actions) -> str:
    """A short hash of an action log: who tells two games of the same deal apart."""
    import hashlib  # here, not with the module: see engine/rng.py's seed_to_int

    return hashlib.sha256(compact(actions).encode()).hexdigest()[:16]


def compact(data) -> str:
    return json.dumps(data, separators=(",", ":"))


def identity(record: dict) -> str:
    """What makes a record the same game: game, seed, options, seats, date and time, and
    its actions (by their digest, kept when the log itself is dropped)."""
    keys = ("game", "seed", "options", "seats", "when", "digest")
    return json.dumps([record.get(key) for key in keys], sort_keys=True)


def as_save(record: dict, actions=None) -> dict:
    """The record as a saved game (:func:`~.session.from_save` replays it), with its own
    actions or ``actions``."""
    keys = ("game", "players", "seats", "options", "seed")
    return {"schema": 1, **{key: record[key] for key in keys},
            "actions": record["actions"] if actions is None else actions}


def outcome_text(record: dict) -> str:
    """The record's result in one line, in the current language."""
    table = table_module(record["game"])
    names = seat_names(tuple(record["seats"]), me=record.get("seat", 0))
    return table.result_text(record["result"], names)


class RecordBook:
    """The records of this device, read from the store when first needed (so that their
    messages are in the language chosen by then). ``problem`` holds the sentence about a
    records text that could not be read (kept aside), until it has been shown."""

    def __init__(self, store, budget: int = BUDGET):
        self.store, self.budget = store, budget
        self.problem = None
        self._games = None

    @property
    def games(self) -> list:
        """Every record, oldest first."""
        if self._games is None:
            self._games = self._load()
        return self._games

    def _load(self) -> list:
        """The stored records that pass :func:`~.validate.record_of`. When any does not
        (or the text is no records), the whole text is kept aside first and said so."""
        text = self.store.get(RECORDS_KEY)
        if text is None:
            return []
        try:
            games, bad = checked(read_json(text, 2 * self.budget))
        except PartMissing:  # a game's table is not here yet: the text is read later
            raise
        except Exception as error:  # any error reading it costs this text only
            games, bad = [], [(0, reason(error))]
        if bad:
            self.store.set_aside(RECORDS_KEY, bad[0][1], *unreadable_texts(len(bad), len(games)),
                                 n=len(bad))
            self.problem = self.store.problems.pop()
        return games

    # -- writing -----------------------------------------------------------------------
    def add(self, record: dict) -> str | None:
        """Keep ``record``; returns the sentence about what made room for it, if anything."""
        self.games.append(record)
        return self._write()

    def _write(self, own=None) -> str | None:
        said = self._fit(own)
        self.store.set(RECORDS_KEY, self.text())
        return said

    def text(self) -> str:
        return compact({"schema": SCHEMA, "games": self.games})

    def _fit(self, own=None) -> str | None:
        """Drop the oldest action logs, then (only if those are all gone) the oldest
        games, until the text fits the budget; the sentence that says what went. ``own``
        (during an import) maps the ``id`` of each record that was here before to whether
        it had its moves: those records and moves are never dropped, only what the
        import brought."""
        own = own or {}
        size, logs, games = len(self.text()), 0, 0
        for record in self.games:
            if size <= self.budget:
                break
            if record.get("actions") is not None and not own.get(id(record)):
                size -= len(compact(record["actions"])) - len("null")
                record["actions"] = None
                logs += 1
        index = 0
        while size > self.budget and index < len(self._games) and len(self._games) > 1:
            if id(self._games[index]) in own:
                index += 1
                continue
            size -= len(compact(self._games.pop(index))) + 1
            games += 1
        return room_text(logs, games, imported=bool(own)) or None

    # -- export and import -------------------------------------------------------------
    def export_text(self) -> str:
        """Every record as one JSON file's text (what :meth:`merge` reads back)."""
        return json.dumps({"schema": SCHEMA, "games": self.games}, indent=1)

    def merge(self, text: str) -> str:
        """Add the games of an exported file that are not here yet, each checked and its
        result rebuilt from its moves (see :func:`checked`); returns what happened in
        words. The records here before are never dropped to make room: only what the file
        brings. Raises ``ValueError`` with one sentence for a bad file (nothing changes)."""
        try:
            incoming, bad = checked(read_json(text, IMPORT_LIMIT), replay=True)
            if bad:
                raise ValueError(_("game {number} of the file is damaged: {reason}").format(
                    number=bad[0][0], reason=bad[0][1]))
        except ValueError as error:
            raise ValueError(_("This file cannot be imported: {reason}. Nothing was changed.")
                             .format(reason=error)) from None
        own = {id(record): record.get("actions") is not None for record in self.games}
        known = {identity(record): record for record in self.games}
        added = []
        for record in incoming:
            mine = known.get(identity(record))
            if mine is None:
                added.append(record)
                known[identity(record)] = record
            elif mine.get("actions") is None and record.get("actions") is not None:
                mine["actions"] = record["actions"]  # the file still has the replay
        self._games = sorted(self.games + added, key=lambda record: record["when"])
        said = self._write(own)
        present = {id(record) for record in self._games}
        kept = sum(1 for record in added if id(record) in present)
        done = ngettext("Imported {n} game.", "Imported {n} games.", kept).format(n=kept)
        same = len(incoming) - len(added)
        if same:
            done += " " + ngettext("{n} game was here already.", "{n} games were here already.",
                                   same).format(n=same)
        return done + (" " + said if said else "")

    # -- reading -----------------------------------------------------------------------
    def of_game(self, game: str) -> list:
        """The records of ``game``, oldest first."""
        return [record for record in self.games if record["game"] == game]

    def daily(self, game: str, day: str) -> dict | None:
        """The day's recorded attempt at today's deal of ``game`` (not practice), if any."""
        return next((r for r in self.games if r["game"] == game and r.get("daily") == day
                     and not r.get("practice")), None)


def checked(data, replay: bool = False) -> tuple:
    """``(games, bad)``: the records of a records text's JSON that pass
    :func:`~.validate.record_of` (with ``replay``, their results rebuilt from their moves
    and their digests checked against them), and ``(number, reason)`` for each other
    (numbered from 1). Raises ``ValueError`` in words when ``data`` is no records at all."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        found = data.get("schema") if isinstance(data, dict) else None
        raise ValueError(_("it is not cardtable records of format {schema} (found {found})")
                         .format(schema=SCHEMA, found=repr(found)[:30]))
    games = data.get("games")
    if not isinstance(games, list):
        raise ValueError(_("it has no list of games"))
    good, bad = [], []
    for number, record in enumerate(games, start=1):
        try:
            record = record_of(record, replay)
            if replay and record["actions"] is not None \
                    and digest(record["actions"]) != record["digest"]:
                raise ValueError(_("its digest is not its moves'"))
            good.append(record)
        except PartMissing:  # the environment's failure, not the record's
            raise
        except Exception as error:  # any error reading one costs that record only
            bad.append((number, reason(error)))
    return good, bad


def room_text(logs: int, games: int, imported: bool) -> str:
    """What was dropped to make room, in words: ``logs`` games' moves and ``games``
    games' records, the oldest (those just imported, when ``imported``)."""
    said = []
    if logs and imported:
        said.append(ngettext(
            "To make room, the moves of {n} imported game were dropped: its result is kept,"
            " but it cannot be replayed.",
            "To make room, the moves of {n} imported games were dropped: their results are"
            " kept, but they cannot be replayed.", logs).format(n=logs))
    elif logs:
        said.append(ngettext(
            "To make room, the moves of the oldest game were dropped: its result is kept,"
            " but it can no longer be replayed.",
            "To make room, the moves of the {n} oldest games were dropped: their results"
            " are kept, but they can no longer be replayed.", logs).format(n=logs))
    if games and imported:
        said.append(ngettext(
            "{n} game of the file did not fit in the room the records have and was not"
            " imported; all of yours were kept.",
            "{n} games of the file did not fit in the room the records have and were not"
            " imported; all of yours were kept.", games).format(n=games))
    elif games:
        said.append(ngettext("To make room, the oldest game's record was dropped.",
                             "To make room, the records of the {n} oldest games were"
                             " dropped.", games).format(n=games))
    return " ".join(said)


def unreadable_texts(bad: int, good: int) -> tuple:
    """The sentences for stored records of which ``bad`` games could not be read: kept
    aside (with ``{key}``), and left where they were (the storage is full)."""
    if not good:
        return (_("Your records could not be read ({reason}). They were kept aside as"
                  " “{key}”, and new games are recorded afresh."),
                _("Your records could not be read ({reason}), and the browser's storage is"
                  " full, so they stay where they were and new games are recorded for this"
                  " visit only."))
    return (ngettext("{n} of your recorded games could not be read ({reason}). All your"
                     " records were kept aside as “{key}”; the others are here.",
                     "{n} of your recorded games could not be read (the first: {reason})."
                     " All your records were kept aside as “{key}”; the others are here.",
                     bad),
            ngettext("{n} of your recorded games could not be read ({reason}), and the"
                     " browser's storage is full, so your records stay as they were; the"
                     " others are shown, and new games are recorded for this visit only.",
                     "{n} of your recorded games could not be read (the first: {reason}),"
                     " and the browser's storage is full, so your records stay as they were;"
                     " the others are shown, and new games are recorded for this visit only.",
                     bad))
