"""The unfinished games of this device: every one is kept until it ends or the player
discards it.

They live in the store under ``cardtable.games`` as one JSON text, ``{"schema": 1,
"games": [entry, …]}``, the game played last first. An entry is a dict:

- ``id``: a whole number, unique in the list (the controller's handle on the game);
- ``when``: the local date and time of its last save, ``"YYYY-MM-DDTHH:MM"``, or ``""``
  when unknown (a game saved by an older version);
- ``progress``: how far it got, ``[kind, n, total]`` (see :data:`PROGRESS_WORDS`; the
  game's table says it, the lobby puts it into words), or None;
- ``begun``: whether the game is under way (:func:`begun`: a person at the table made a
  move, or friends were asked to it); an entry without it (an older version's) is under
  way when it has a move;
- ``save``: the saved game (:meth:`~.session.Session.to_save`), which resuming replays.

A table where nobody at it has made a move yet is no game in progress: it is kept (a
reload of its link, or the link itself, opens it as it was) but not offered in the lobby
(:meth:`Saves.in_play`), and it takes no room from the games in progress.

:class:`Saves` reads the list once and writes it whole after each change. An entry that
cannot be read is kept aside under ``cardtable.unreadable.<n>`` (only once that copy has
landed; else it stays in the list, unoffered) and the store's ``problems`` say so; a list
text that cannot be read at all is kept aside whole. A version that kept one game under
``cardtable.save`` (and games put aside under ``cardtable.parked.<n>``) is read into the
list, and those keys are removed only once the list holding them has been stored.

The list is held to :data:`MOST` games in progress (and as many tables not begun) and
:data:`BUDGET` characters: a game past either drops the game played longest ago (a table
not begun first, without a word: it was never offered), and :meth:`Saves.put` says which
game in progress went in a sentence. A new table drops nothing until its first move.
"""

from __future__ import annotations

import json
from datetime import datetime

from ..engine.registry import GAMES
from ..i18n import _, ngettext
from .lobby import FRIEND, PEOPLE
from .session import SCHEMA as SAVE_SCHEMA
from .storage import PARKED_PREFIX, SAVE_KEY, SAVE_LIMIT
from .validate import WHEN, actions_of, dated, read_json, reason, seed_of, setup_of

GAMES_KEY = "cardtable.games"
SCHEMA = 1
MOST = 8  # unfinished games kept
BUDGET = 400_000  # characters of the list's text
# How a game's table says how far it got (``progress(view)`` gives ``(kind, n, total)``),
# in words, in the current language; a table that says nothing is counted in moves.
PROGRESS_WORDS = {
    "deal": lambda n, total: _("deal {n} of {total}").format(n=n, total=total),
    "cards_left": lambda n, total: ngettext("{n} card left", "{n} cards left", n).format(n=n),
    "boxes": lambda n, total: _("{n} of {total} boxes crossed").format(n=n, total=total),
    "moves": lambda n, total: ngettext("{n} move made", "{n} moves made", n).format(n=n),
}


def progress_words(progress) -> str:
    """``[kind, n, total]`` in words, in the current language."""
    kind, n, total = progress
    return PROGRESS_WORDS[kind](n, total)


def entry_of(item) -> dict:
    """``item`` when it is an entry of the list (its save checked but not replayed:
    resuming replays it); else ``ValueError`` in words."""
    if not isinstance(item, dict) or type(item.get("id")) is not int:
        raise ValueError(_("it is not an unfinished game"))
    save = item.get("save")
    if not isinstance(save, dict):
        raise ValueError(_("it is not an unfinished game"))
    if save.get("schema") != SAVE_SCHEMA:
        # TRANSLATORS: why a saved game cannot be read; {found} and {schema} are format numbers.
        raise ValueError(_("it was written in format {found}, this version reads {schema}")
                         .format(found=repr(save.get("schema"))[:30], schema=SAVE_SCHEMA))
    setup = setup_of(save)
    seed_of(save.get("seed"))
    actions_of(save.get("actions"), setup)
    when = item.get("when")
    if when != "" and not dated(when, WHEN, "%Y-%m-%dT%H:%M"):
        raise ValueError(_("its date is damaged"))
    progress = item.get("progress")
    if progress is not None and not (
            isinstance(progress, list) and len(progress) == 3 and progress[0] in PROGRESS_WORDS
            and type(progress[1]) is int and (progress[2] is None or type(progress[2]) is int)):
        raise ValueError(_("its progress is damaged"))
    return item


def begun(session) -> bool:
    """Whether ``session`` (a :class:`~.session.Session`) is a game under way: a person at
    the table made a move of their own (not the bots', not one the rules forced), or its
    seats ask friends to it (they hold its invitation)."""
    seats = session.setup.seats
    if FRIEND in seats:
        return True
    return any(seats[state.current_player] in PEOPLE and state.forced_action() is None
               for state in session.states[:len(session.actions)])


def in_play(entry: dict) -> bool:
    """Whether the game of ``entry`` is under way (its ``begun``; an older version's entry:
    whether it has a move or friends' seats)."""
    flag = entry.get("begun")
    if isinstance(flag, bool):
        return flag
    save = entry["save"]
    return bool(save["actions"]) or FRIEND in save["seats"]


def compact(data) -> str:
    return json.dumps(data, separators=(",", ":"))


class Saves:
    """The unfinished games in a :class:`~.storage.Store`, read when first needed.
    ``clock()`` gives the local date and time of a save."""

    def __init__(self, store, clock=datetime.now, most: int = MOST, budget: int = BUDGET):
        self.store, self.clock = store, clock
        self.most, self.budget = most, budget
        self._entries = None
        self._text = None  # the list's text that ``_entries`` were read from or written as
        self._stuck = []  # entries that could not be read nor kept aside: stored as they were

    @property
    def entries(self) -> list:
        """Every readable entry, the game played last first. Read again whenever the
        stored text is not the one read or written last (another page of the site wrote
        it) or an older version's save is there, so that no change is made to a stale
        list."""
        if (self._entries is None or self.store.get(GAMES_KEY) != self._text
                or self.store.get(SAVE_KEY) is not None):
            self._entries = self._load()
        return self._entries

    # -- reading ---------------------------------------------------------------------
    def _load(self) -> list:
        self._stuck = []
        stored = self._stored()
        self._text = self.store.get(GAMES_KEY)
        entries = [entry for entry in map(self._checked, stored) if entry]
        old = self._old_games()
        if old or len(entries) + len(self._stuck) < len(stored):
            entries = self._migrate(entries, old)
        return entries

    def _stored(self) -> list:
        """The list's items as stored; a text that is no list is kept aside whole."""
        text = self.store.get(GAMES_KEY)
        if text is None:
            return []
        try:
            data = read_json(text, 2 * self.budget)
            if (not isinstance(data, dict) or data.get("schema") != SCHEMA
                    or not isinstance(data.get("games"), list)):
                raise ValueError(_("it is not a list of games this version reads"))
        except ValueError as error:
            self.store.set_aside(GAMES_KEY, reason(error), _(
                "The unfinished games could not be read ({reason}). They were kept aside as"
                " “{key}”."), _(
                "The unfinished games could not be read ({reason}), and the browser's storage"
                " is full, so they stay where they were and the games played now are not"
                " saved."))
            return []
        return data["games"]

    def _checked(self, item):
        """``item`` as an entry; one that fails is kept aside (and said) and None returned."""
        try:
            return entry_of(item)
        except Exception as error:  # any error reading it costs that entry only
            aside = self.store.put_aside(compact(item))
            if aside is None:
                self._stuck.append(item)
            self.store.problems.append((_(
                "An unfinished game could not be read ({reason}). It was kept aside as"
                " “{key}”.") if aside else _(
                "An unfinished game could not be read ({reason}), and the browser's storage"
                " is full, so it stays where it was.")).format(reason=reason(error), key=aside))
            return None

    def _old_games(self) -> list:
        """``(key, save)`` of each game an older version kept (``cardtable.save``, then
        ``cardtable.parked.<n>`` by n); one that cannot be read is kept aside and said."""
        keys = [SAVE_KEY] if self.store.get(SAVE_KEY) is not None else []
        parked = sorted((int(key[len(PARKED_PREFIX):]), key) for key in self.store.keys()
                        if key.startswith(PARKED_PREFIX)
                        and key[len(PARKED_PREFIX):].isascii()
                        and key[len(PARKED_PREFIX):].isdigit())
        found = []
        for key in keys + [key for _n, key in parked]:
            try:
                save = read_json(self.store.get(key), SAVE_LIMIT)
                entry_of({"id": 0, "when": "", "progress": None, "save": save})
                found.append((key, save))
            except ValueError as error:
                self.store.set_aside(key, reason(error), _(
                    "The saved game could not be resumed ({reason}). It was kept aside as"
                    " “{key}” and a new game can start."), _(
                    "The saved game could not be resumed ({reason}), and the browser's"
                    " storage is full, so it stays where it was."))
        return found

    def _migrate(self, entries: list, old: list) -> list:
        """The list with the older version's games first (they were saved after the list,
        if there was one), stored (without the entries kept aside); the older keys go once
        it is, else they stay stored and are not read again during this visit."""
        next_id = self.next_id(entries)
        moved = [{"id": next_id + i, "when": "", "progress": None, "save": save}
                 for i, (_key, save) in enumerate(old)]
        entries = moved + entries
        landed = self._write(entries)
        for key, _save in old:
            if landed:
                self.store.remove(key)
            else:
                self.store.held[key] = None
        return entries

    # -- queries -----------------------------------------------------------------------
    @staticmethod
    def next_id(entries: list) -> int:
        return max((entry["id"] for entry in entries), default=0) + 1

    def get(self, game_id):
        """The entry of ``game_id``, or None."""
        return next((entry for entry in self.entries if entry["id"] == game_id), None)

    def latest(self):
        """The game saved last, under way or not, or None."""
        return self.entries[0] if self.entries else None

    def in_play(self) -> list:
        """The games under way (:func:`in_play`), played last first: those the lobby
        offers."""
        return [entry for entry in self.entries if in_play(entry)]

    def doomed(self):
        """The game under way that a new one would drop (the list is full), or None."""
        playing = self.in_play()
        return playing[-1] if len(playing) >= self.most else None

    @staticmethod
    def _victim(entries: list, keep, under_way=None):
        """The table not begun that was saved longest ago, else the game played longest
        ago (with ``under_way`` True or False: only such a game); never the game ``keep``."""
        others = [entry for entry in entries if entry["id"] != keep
                  and under_way in (None, in_play(entry))]
        idle = [entry for entry in others if not in_play(entry)]
        return (idle or others)[-1] if others else None

    def _past_room(self, entries: list, keep):
        """The entry to drop for ``entries`` to fit the list's room, or None when they do
        (or nothing but ``keep`` could go)."""
        playing = sum(map(in_play, entries))
        if playing > self.most:
            return self._victim(entries, keep, under_way=True)
        if len(entries) - playing > self.most:
            return self._victim(entries, keep, under_way=False)
        if len(compact(self._wrap(entries))) > self.budget:
            return self._victim(entries, keep)
        return None

    # -- changes -------------------------------------------------------------------------
    def put(self, game_id, save: dict, progress=None, begun=None):
        """Keep ``save`` as the game ``game_id`` (None: a new game), played now, first in
        the list; ``begun`` says whether it is under way (None: whether it has a move or
        friends' seats). Returns ``(game_id, sentence)``: the sentence (else None) says
        which game under way was dropped to stay within the list's room (a table not
        begun goes without a word)."""
        entries = [entry for entry in self.entries if entry["id"] != game_id]
        if game_id is None:
            game_id = self.next_id(self.entries)
        if begun is None:
            begun = bool(save["actions"]) or FRIEND in save["seats"]
        entry = {"id": game_id, "when": self.clock().strftime("%Y-%m-%dT%H:%M"),
                 "progress": list(progress) if progress else None, "begun": bool(begun),
                 "save": save}
        entries = [entry] + entries
        dropped = []
        while (victim := self._past_room(entries, game_id)) is not None:
            entries.remove(victim)
            if in_play(victim):
                dropped.append(victim)
        self._entries = entries
        self._write(entries)
        return game_id, self.dropped_sentence(dropped)

    def remove(self, game_id) -> None:
        """Forget the game ``game_id`` (finished or discarded)."""
        if self.get(game_id) is None:
            return
        self._entries = [entry for entry in self.entries if entry["id"] != game_id]
        self._write(self._entries)

    def set_aside(self, game_id, why: str) -> str:
        """Keep the save of the game ``game_id``, which no longer replays, aside as
        ``cardtable.unreadable.<n>`` and leave it out of the list (where the storage is
        full it stays in the list); returns the sentence for the player."""
        aside = self.store.put_aside(compact(self.get(game_id)["save"]))
        if aside is None:
            return _("The saved game could not be resumed ({reason}), and the browser's"
                     " storage is full, so it stays where it was.").format(reason=why)
        self.remove(game_id)
        return _("The saved game could not be resumed ({reason}). It was kept aside as"
                 " “{key}” and a new game can start.").format(reason=why, key=aside)

    def _wrap(self, entries: list) -> dict:
        return {"schema": SCHEMA, "games": entries + self._stuck}

    def _write(self, entries: list) -> bool:
        """Store the list; whether it landed (not held in memory for a full storage)."""
        text = compact(self._wrap(entries))
        self.store.set(GAMES_KEY, text)
        self._text = self.store.get(GAMES_KEY)
        return GAMES_KEY not in self.store.held and self._text == text

    def dropped_sentence(self, dropped: list):
        if not dropped:
            return None
        games = "; ".join(describe(entry, self.clock()) for entry in dropped)
        return ngettext("Dropped to make room: {games}. At most {most} unfinished game is"
                        " kept.", "Dropped to make room: {games}. At most {most} unfinished"
                        " games are kept.", self.most).format(most=self.most, games=games)


def describe(entry: dict, now: datetime) -> str:
    """A game of the list in words: its name, players, progress and when it was played."""
    save = entry["save"]
    parts = [GAMES[save["game"]].name,
             ngettext("{n} player", "{n} players", save["players"]).format(n=save["players"]),
             progress_words(entry["progress"] or ["moves", len(save["actions"]), None])]
    if entry["when"]:
        parts.append(when_words(entry["when"], now))
    return ", ".join(parts)


def when_words(when: str, now: datetime) -> str:
    """When a game was last played: today or yesterday at a time, else its date."""
    then = datetime.strptime(when, "%Y-%m-%dT%H:%M")
    days = (now.date() - then.date()).days
    time = then.strftime("%H:%M")
    if days == 0:
        return _("today at {time}").format(time=time)
    if days == 1:
        return _("yesterday at {time}").format(time=time)
    return _("on {date}").format(date=then.date().isoformat())
