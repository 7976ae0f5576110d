"""What the pages at one table say to each other: versioned JSON messages, checked.

Every message is a JSON object ``{"v": VERSION, "t": <type>, …}``. A friend's page (a
*guest*) says to the host's page:

- ``hello``: ``name`` (the name the friend chose), ``lang`` (their language), ``token``
  (the seat's token kept from an earlier connection, or None);
- ``act``: ``action`` (a list, as in views' ``legal``) and ``at``, the number of moves of
  the table the guest has seen (an action for an older position is refused as late);
- ``undo`` and ``end`` (take back the guest's own last move; accept the end it made), each
  with ``at``;
- ``beat``: nothing else (the heartbeat, sent every :data:`BEAT` seconds).

The host says to a guest:

- ``welcome``: ``seat``, ``token`` (to keep for a rejoin), ``game``, ``players``,
  ``options`` (as links write them), ``seats`` (each seat's kind) and ``names`` (the name
  each person chose, None where the page names the seat itself);
- ``log``: ``from`` (how many events the guest already has) and ``events``, the events
  that follow (sent in parts on a rejoin, so that no message passes :data:`HOST_LIMIT`);
- ``table``: ``at`` (the number of moves), ``view`` (the seat's own view), ``undo`` (the
  guest may take back its last move), ``awaiting`` (the guest's own move ended the game
  and may still be taken back), ``over`` and ``result`` (None until the game is over),
  ``waiting`` (the seats of friends the table waits for) and ``names``;
- ``refused``: ``why``, one of :data:`REFUSALS` (the guest says it in its own words);
- ``bye``: ``why``, ``"bot"`` (the host gave the seat to a bot) or ``"closed"``;
- ``record``: once the game is over (never before), the finished game as a record holds
  it: ``game``, ``players``, ``seats``, ``options`` (as links write them), ``seed`` and
  ``actions``, so that the friend's page can replay and review it (a finished game
  hides nothing: a replay shows every hand);
- ``beat``.

:func:`read` turns a received text into a checked message, or raises ``ValueError``
saying why it was dropped: the pages drop and log such messages; nothing a peer sends can
crash a page or change the game. Strings from the host may not hold markup characters
(views hold card names, ids and the rules' words, none of which needs them), so that no
table can be made to draw markup a host sent; a person's name is escaped wherever drawn.
"""

from __future__ import annotations

import json
import re

from ...i18n import LANGUAGES
from ..validate import read_json

VERSION = 1
BEAT = 2.0  # seconds between heartbeats
SILENCE = 5.0  # seconds without a word after which a peer counts as gone (said within 6)
# seconds an answered invitation has to connect: ICE, DTLS and the channel's opening can
# take longer than SILENCE on a busy device or a slow network (a link the browser gives up
# on says "failed", and counts at once)
CONNECTING = 30.0
GUEST_LIMIT = 4_096  # characters of a guest's message
HOST_LIMIT = 200_000  # characters of a host's message (a data channel carries 256 KiB)
NAME_LIMIT = 24  # characters of a person's name
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
MARKUP = re.compile(r"[<>&\"]")
REFUSALS = ("late", "turn", "illegal", "undo", "seat")
GUEST_TYPES = {"hello": ("name", "lang", "token"), "act": ("action", "at"),
               "undo": ("at",), "end": ("at",), "beat": ()}
HOST_TYPES = {"welcome": ("seat", "token", "game", "players", "options", "seats", "names"),
              "log": ("from", "events"),
              "table": ("at", "view", "undo", "awaiting", "over", "result", "waiting", "names"),
              "refused": ("why",), "bye": ("why",), "beat": (),
              "record": ("game", "players", "seats", "options", "seed", "actions")}


def message(kind: str, **fields) -> str:
    """The text of a message of type ``kind`` with ``fields``."""
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False)


def read(text, from_host: bool) -> dict:
    """The message in ``text``, checked as one from the host (``from_host``) or from a
    guest: its size, nesting, version, type and fields. Raises ``ValueError`` in words."""
    data = read_json(text, HOST_LIMIT if from_host else GUEST_LIMIT)
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise ValueError(f"not a version {VERSION} message")
    types = HOST_TYPES if from_host else GUEST_TYPES
    kind = data.get("t")
    if kind not in types:
        raise ValueError(f"unknown type {str(kind)[:20]!r}")
    if set(data) != {"v", "t", *types[kind]}:
        raise ValueError(f"{kind}: fields {sorted(map(str, data))[:12]}")
    CHECKS[kind](data)
    return data


def need(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(what)


def whole(value, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def clean_name(name) -> str:
    """A person's name as the table shows it: text only, no control characters, at most
    :data:`NAME_LIMIT` characters; "" when none is left."""
    if not isinstance(name, str):
        return ""
    kept = "".join(ch for ch in name if ch.isprintable())
    return " ".join(kept.split())[:NAME_LIMIT]


def check_hello(data) -> None:
    need(isinstance(data["name"], str) and len(data["name"]) <= 4 * NAME_LIMIT, "hello: name")
    need(data["lang"] in LANGUAGES, "hello: lang")
    need(data["token"] is None or isinstance(data["token"], str)
         and TOKEN.fullmatch(data["token"]) is not None, "hello: token")


def check_at(data) -> None:
    need(whole(data["at"], 0, 10 ** 6), f"{data['t']}: at")


def check_act(data) -> None:
    check_at(data)
    action = data["action"]
    need(isinstance(action, list) and 0 < len(action) <= 8 and isinstance(action[0], str),
         "act: action")


def no_markup(value) -> bool:
    """Whether no string in ``value`` (keys included) holds a markup character."""
    if isinstance(value, str):
        return MARKUP.search(value) is None
    if isinstance(value, list):
        return all(map(no_markup, value))
    if isinstance(value, dict):
        return all(no_markup(k) and no_markup(v) for k, v in value.items())
    return True


def names_ok(names) -> bool:
    return (isinstance(names, list) and len(names) <= 16
            and all(name is None or isinstance(name, str) and len(name) <= NAME_LIMIT
                    for name in names))


def check_welcome(data) -> None:
    need(whole(data["seat"], 1, 15), "welcome: seat")
    need(isinstance(data["token"], str) and TOKEN.fullmatch(data["token"]) is not None,
         "welcome: token")
    need(isinstance(data["seats"], list) and names_ok(data["names"])
         and len(data["names"]) == len(data["seats"]), "welcome: names")
    need(no_markup([data["game"], data["options"], data["seats"], data["players"]]),
         "welcome: markup")


def check_log(data) -> None:
    need(whole(data["from"], 0, 10 ** 6), "log: from")
    need(isinstance(data["events"], list)
         and all(isinstance(batch, list) and all(isinstance(e, dict) for e in batch)
                 for batch in data["events"]), "log: events")
    need(no_markup(data["events"]), "log: markup")


def check_table(data) -> None:
    check_at(data)
    view = data["view"]
    need(isinstance(view, dict) and isinstance(view.get("legal"), list), "table: view")
    need(all(isinstance(data[key], bool) for key in ("undo", "awaiting", "over")),
         "table: flags")
    need(data["result"] is None or isinstance(data["result"], dict), "table: result")
    need(isinstance(data["waiting"], list)
         and all(whole(seat, 0, 15) for seat in data["waiting"]), "table: waiting")
    need(names_ok(data["names"]), "table: names")
    need(no_markup([view, data["result"]]), "table: markup")


def check_record(data) -> None:
    """The shape of a finished game's record; whether it is the game the page saw is
    :func:`~..validate.deal_seen_steps`'s to say."""
    need(isinstance(data["game"], str) and whole(data["players"], 1, 16), "record: game")
    need(isinstance(data["seats"], list) and all(isinstance(kind, str) for kind in data["seats"]),
         "record: seats")
    need(isinstance(data["options"], dict)
         and all(isinstance(value, str) for value in data["options"].values()),
         "record: options")
    need(isinstance(data["seed"], str) and isinstance(data["actions"], list)
         and all(isinstance(action, list) for action in data["actions"]), "record: deal")
    need(no_markup([data["game"], data["seats"], data["options"], data["seed"],
                    data["actions"]]), "record: markup")


def check_refused(data) -> None:
    need(data["why"] in REFUSALS, "refused: why")


def check_bye(data) -> None:
    need(data["why"] in ("bot", "closed"), "bye: why")


CHECKS = {"hello": check_hello, "act": check_act, "undo": check_at, "end": check_at,
          "beat": lambda data: None, "welcome": check_welcome, "log": check_log,
          "table": check_table, "refused": check_refused, "bye": check_bye,
          "record": check_record}
