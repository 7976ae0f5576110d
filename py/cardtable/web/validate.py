"""Checks for what comes from outside the page's own code: stored texts, imported files.

Everything read from localStorage or a file is hostile until checked (on a shared origin
another site's code can write cardtable's keys). :func:`read_json` refuses a text that is
too long or nested too deep *before* parsing it, so no parser can run out of stack (in
the browser that stack is WebAssembly's, whose overflow Python cannot catch), and refuses
numbers that are not finite. :func:`setup_of`, :func:`actions_of` and :func:`seed_of`
check a saved game's parts all the way down against the registry and each game's option
schema. Every refusal is a ``ValueError`` whose message is a short clause in words
("it is nested more than 40 deep"), for a sentence around it.
"""

from __future__ import annotations

import json
import math
import re

from ..bots import levels
from ..engine.core import as_action
from ..engine.registry import GAMES
from ..i18n import _, language, set_language
from ..parts import PartMissing
from .lobby import FRIEND, HUMAN, PEOPLE, Setup

MAX_DEPTH = 40  # brackets inside brackets: a record's result needs a handful
SEED_PATTERN = re.compile(r"[A-Za-z0-9._~/-]{1,64}")
NOT_BRACKET = re.compile(r"[^\[\]{}]+")
BIGGEST = 10 ** 15  # no count or score of these games comes near it
ACTION_PARTS = 8  # the longest action of any game has fewer parts (a part may be a list)
WORD = 64  # the longest string in an action


def check_nesting(text: str, most: int) -> None:
    """Raise ``ValueError`` in words when the brackets of a JSON text, strings left out,
    nest deeper than ``most`` or do not close in order; a cheap scan in a few passes of
    string methods (with escaped backslashes and quotes dropped, every other piece between
    quotes is outside a string; each pass drops the innermost pairs). Where the text stops
    being JSON the count may be wrong, but a parser never gets past that point."""
    plain = text.replace("\\\\", "").replace('\\"', "")
    brackets = NOT_BRACKET.sub("", "".join(plain.split('"')[::2]))
    for _pass in range(most):
        inner = brackets.replace("[]", "").replace("{}", "")
        if inner == brackets:
            break
        brackets = inner
    else:
        if brackets:
            raise ValueError(_("it is nested more than {depth} deep").format(depth=most))
    if brackets:
        raise ValueError(_("it is not a JSON text"))


def read_json(text, limit: int):
    """The JSON value in ``text``. Raises ``ValueError`` in words when ``text`` is not a
    string of at most ``limit`` characters, nests deeper than ``MAX_DEPTH``, is not JSON,
    or holds a number that is not finite."""
    if not isinstance(text, str):
        raise ValueError(_("it is not a text"))
    if len(text) > limit:
        raise ValueError(_("it is longer than {limit} characters").format(limit=f"{limit:,}"))
    check_nesting(text, MAX_DEPTH)
    try:
        return json.loads(text, parse_constant=not_finite, parse_float=finite_float)
    except ValueError:
        raise ValueError(_("it is not a JSON text")) from None


def reason(error: Exception) -> str:
    """Why a value was refused, in words: a ``ValueError``'s own clause (the checks here
    say them), or a plain one for any other error."""
    return str(error) if isinstance(error, ValueError) else _("it is not readable")


def not_finite(word: str):
    raise ValueError(word)


def finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def number(value) -> bool:
    """Whether ``value`` is a finite number of sensible size (booleans are not numbers)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and abs(value) <= BIGGEST)


def count(value, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number (not a boolean) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def setup_of(data: dict) -> Setup:
    """The :class:`~.lobby.Setup` that ``data``'s ``game``, ``players``, ``seats`` and
    ``options`` (as links write them, or as values) describe; raises ``ValueError`` in
    words when any part is not one this site allows."""
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(_("it names no game this site has"))
    spec = GAMES[game]
    players = data.get("players")
    if not count(players, spec.min_players, spec.max_players):
        raise ValueError(_("its number of players is not one {game} allows").format(
            game=spec.name))
    return Setup(game=game, players=players, seats=seats_of(data.get("seats"), game, players),
                 options=options_of(data.get("options"), spec, players))


def seats_of(seats, game: str, players: int) -> tuple:
    """``seats`` as a tuple: one per player, each a person (at this device or a
    friend's) or a bot level of ``game``, with a person at this device (:func:`seated`)."""
    allowed = (*PEOPLE, *levels(game))
    if (not isinstance(seats, list) or len(seats) != players
            or not all(isinstance(kind, str) and kind in allowed for kind in seats)
            or seated(seats) is not None):
        raise ValueError(_("its seats do not match its players"))
    return tuple(seats)


def seated(seats) -> str | None:
    """Why a game cannot seat ``seats`` (kinds of a valid length and words), in words, or
    None: a person at this device sits somewhere; first, when friends are at the table
    (the host's page seats its player first). A game tried from a review seats the
    player where they sat in the game reviewed, so the first seat may be a bot's."""
    if HUMAN not in seats:
        return _("no seat is “human” (you)")
    if FRIEND in seats and seats[0] != HUMAN:
        return _("seat 1 must be “human” (you) at a table with friends")
    return None


def options_of(options, spec, players: int) -> dict:
    """Every option of ``spec`` for ``players``: those in ``options`` read by the
    option's own ``parse`` (or, as values, its ``check``), the rest defaults."""
    if not isinstance(options, dict):
        raise ValueError(_("its options are not a list of names and values"))
    values = {}
    for key, value in options.items():
        try:
            option = spec.option(key)
        except KeyError:
            raise ValueError(_("{game} has no option “{key}”").format(
                game=spec.name, key=key[:30])) from None
        values[key] = option.parse(value) if isinstance(value, str) else frozen(value)
    return spec.resolve_options(values, players)


def frozen(value):
    """An option's value as a save of an older version held it (a list for a tuple)."""
    return tuple(value) if isinstance(value, list) else value


def seed_of(seed) -> str:
    """``seed`` when it is one a link could carry; else ``ValueError`` in words."""
    if not isinstance(seed, str) or not SEED_PATTERN.fullmatch(seed):
        raise ValueError(_("its seed is not valid"))
    return seed


def actions_of(actions, setup: Setup) -> list:
    """``actions`` when it is a list of actions, each a short list of strings, whole
    numbers, booleans and short lists of them (:func:`part_ok`), no longer than a game of
    ``setup`` can be; else ``ValueError``."""
    if not isinstance(actions, list) or len(actions) > setup.spec.max_actions(setup.players):
        raise ValueError(_("its moves are not a list of moves"))
    if not all(isinstance(action, list) and 0 < len(action) <= ACTION_PARTS
               and all(part_ok(part) for part in action) for action in actions):
        raise ValueError(_("its moves are not a list of moves"))
    return actions


def part_ok(part, nesting: int = 2) -> bool:
    """Whether ``part`` is a string, a whole number or a boolean, or (``nesting`` deep at
    most) a short list of such parts (a move may name boxes as pairs, say)."""
    if isinstance(part, list):
        return nesting > 0 and len(part) <= WORD and all(part_ok(p, nesting - 1) for p in part)
    return (isinstance(part, bool) or count(part, -BIGGEST, BIGGEST)
            or isinstance(part, str) and len(part) <= WORD)


# -- records ---------------------------------------------------------------------------
WHEN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
DIGEST = re.compile(r"[0-9a-f]{16}")
OUTCOME_KEYS = ("won", "score", "better", "place", "progress")


def record_of(record, replay: bool = False) -> dict:
    """``record`` (see :mod:`.records`) once every part is checked, with its
    ``outcome`` rebuilt from its ``result`` by the game's table. Its moves are checked
    move by move only with ``replay`` (an imported record): its ``result`` is then rebuilt
    by replaying them, when it has them, so that it cannot claim what its moves did not
    make; a stored record's moves are checked when it is replayed
    (:func:`~.session.from_save`), so that reading every record at the start stays
    quick. Raises ``ValueError`` in words."""
    if not isinstance(record, dict):
        raise ValueError(_("it is not a record"))
    setup = setup_of(record)
    seat = record.get("seat", 0)
    if not count(seat, 0, setup.players - 1):
        raise ValueError(_("its seat is not one of its players"))
    if record.get("seed") is None and seat > 0:  # played at a friend's table: no deal known
        if record.get("actions") is not None:
            raise ValueError(_("its moves belong to no deal"))
    else:
        seed_of(record.get("seed"))
    if not all(isinstance(value, str) for value in record["options"].values()):
        raise ValueError(_("its options are not written as links write them"))
    moves, actions = record.get("moves"), record.get("actions")
    if (not dated(record.get("when"), WHEN, "%Y-%m-%dT%H:%M")
            or not count(moves, 0, setup.spec.max_actions(setup.players))
            or not isinstance(record.get("digest"), str) or not DIGEST.fullmatch(record["digest"])
            or record.get("daily") is not None and not dated(record["daily"], DAY, "%Y-%m-%d")
            or not isinstance(record.get("practice", False), bool)
            or actions is not None and len(moves_of(actions, setup, replay)) != moves):
        raise ValueError(_("its date, moves or digest are damaged"))
    result = replayed(record, setup) if replay and actions is not None else record.get("result")
    return {**record, "actions": actions, "result": result,
            "outcome": outcome_of(result, setup, seat)}


def moves_of(actions, setup: Setup, each: bool) -> list:
    """``actions`` when it is a list (with ``each``, one of moves: :func:`actions_of`)."""
    if each:
        return actions_of(actions, setup)
    if not isinstance(actions, list):
        raise ValueError(_("its moves are not a list of moves"))
    return actions


def dated(text, pattern, form: str) -> bool:
    """Whether ``text`` is a real date (and time) written as ``pattern`` says."""
    from datetime import datetime

    if not isinstance(text, str) or not pattern.fullmatch(text):
        return False
    try:
        datetime.strptime(text, form)
    except ValueError:
        return False
    return True


def replayed(record: dict, setup: Setup) -> dict:
    """The result that the record's moves make from its deal."""
    state = setup.spec.new(setup.players, setup.options, record["seed"])
    try:
        for action in record["actions"]:
            state = state.apply(as_action(action))
    except PartMissing:  # the environment's failure, not the record's
        raise
    except Exception:  # any move the rules refuse or cannot read
        raise ValueError(_("its moves do not replay")) from None
    if not state.is_over:
        raise ValueError(_("its moves do not finish the game"))
    return json.loads(json.dumps(state.result()))


def outcome_of(result, setup: Setup, seat: int = 0) -> dict:
    """``seat``'s outcome as records keep it (the player's own seat: 0 but at a friend's
    table), from ``result`` by the game's table, checked; the table must also put the
    result into words and onto its end screen."""
    from .lobby import seat_names
    from .tables import end_html, table_module

    table, names = table_module(setup.game), seat_names(setup.seats, me=seat)
    try:
        outcome = table.outcome(result, seat, names)
        table.result_text(result, names)
        end_html(table, result, names)
    except PartMissing:  # the environment's failure, not the result's
        raise
    except Exception:  # a result the table cannot read, whatever the error
        raise ValueError(_("its result cannot be read")) from None
    outcome = {key: outcome.get(key) for key in OUTCOME_KEYS}
    if not (isinstance(outcome["won"], bool) and number(outcome["score"])
            and outcome["better"] in ("lower", "higher")
            and (outcome["place"] is None or count(outcome["place"], 1, setup.players))
            and (outcome["progress"] is None or number(outcome["progress"])
                 and 0 <= outcome["progress"] <= 1)):
        raise ValueError(_("its result cannot be read"))
    return outcome


# -- a finished game a host sent ---------------------------------------------------------
def deal_seen_steps(data: dict, setup: Setup, seen: dict):
    """Raise ``ValueError`` in words unless ``data`` (a host's ``record`` message:
    ``game``, ``players``, ``seats``, ``options``, ``seed``, ``actions``) is the game a
    friend's page saw at ``setup``'s table: the same game, players and options, seats a
    record may have, and moves that the engine replays from the seed to a finished game
    of ``seen["moves"]`` moves, whose ``result``, events (``log``, batch by batch) and
    final ``view`` of the friend's ``seat`` (drawn in its ``lang``, as the host drew it)
    are those the page was sent. A generator that yields after each move it replays: the
    page checks a long record in slices (``bots.finish`` runs it in one go)."""
    sent = setup_of(data)
    if (sent.game, sent.players, sent.options) != (setup.game, setup.players, setup.options):
        raise ValueError(_("it is the record of another game"))
    actions, log = actions_of(data["actions"], setup), seen["log"]
    if len(actions) != seen["moves"] or len(log) != len(actions):
        raise ValueError(_("its moves do not make the game that was played"))
    state = setup.spec.new(setup.players, setup.options, seed_of(data["seed"]))
    for action, events in zip(map(as_action, actions), log):
        try:
            after = state.apply(action)
            made = state.events(action, after)
        except PartMissing:  # the environment's failure, not the record's
            raise
        except Exception:  # any move the rules refuse or cannot read
            raise ValueError(_("its moves do not replay")) from None
        if plain(made) != events:
            raise ValueError(_("its moves do not make the game that was played"))
        state = after
        yield
    if not (state.is_over and plain(state.result()) == seen["result"]
            and view_in(state, seen["seat"], seen["lang"]) == seen["view"]):
        raise ValueError(_("its moves do not make the game that was played"))


def view_in(state, seat: int, lang: str) -> dict:
    """``seat``'s view of ``state`` drawn in ``lang``, as a JSON text would bring it back."""
    spoken = language()
    set_language(lang)
    try:
        return plain(state.view(seat))
    finally:
        set_language(spoken)


def plain(value):
    """``value`` as a JSON text would bring it back (tuples become lists)."""
    return json.loads(json.dumps(value))
