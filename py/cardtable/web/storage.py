"""What the page stores, through one adapter: the browser's localStorage when it works,
memory otherwise; and the settings (the unfinished games are :mod:`.saves`'s list).

:class:`Store` wraps a *backend* with ``getItem``/``setItem``/``removeItem`` (the
localStorage API, so ``js.localStorage`` fits as it is). If the backend throws (storage
blocked, e.g. in a cross-site iframe, or full), the store carries on in memory and
``notice`` says so in words. A stored text that cannot be read is never dropped: it is kept
aside under ``cardtable.unreadable.<n>`` (only once that copy has landed; else it stays
where it was and is not overwritten during the visit) and the user is told. Texts are
checked for size and depth before they are parsed (:func:`~.validate.read_json`).
"""

from __future__ import annotations

import json
import re

from ..i18n import LANGUAGES, N_, _
from .validate import read_json, reason

SAVE_KEY = "cardtable.save"  # an older version's one saved game (see saves.py)
SETTINGS_KEY = "cardtable.settings"
ASIDE_PREFIX = "cardtable.unreadable."
PARKED_PREFIX = "cardtable.parked."  # an older version's games put aside (see saves.py)
SAVE_LIMIT = 200_000  # characters of one saved game
SETTINGS_LIMIT = 20_000
# Kept in English (``Store.notice``) and translated where it is shown.
FULL_NOTICE = N_("The browser's storage for this site is full: what the page cannot store"
                 " now lasts for this visit only.")
BLOCKED_NOTICE = N_("This browser does not let the page store anything: play on, but the game"
                    " is not saved.")
# The page's preferences, kept in the settings beside the keys others keep there (pace,
# tours_seen): each one's allowed values, its default first.
PREFERENCES = {"sound": ("off", "on"), "motion": ("system", "reduced"),
               "theme": ("system", "light", "dark"), "deck": ("two", "four"),
               "language": ("system", *LANGUAGES),
               "internet": ("off", "on")}
# The settings the player writes, each with its longest length: the name shown to friends
# and, to play across the internet, the STUN and TURN servers (kept on this device only).
TEXT_SETTINGS = {"name": 24, "stun": 200, "turn": 200, "turn_user": 100, "turn_pass": 100,
                 "relays": 600}
SUGGESTED_STUN = "stun:stun.l.google.com:19302"  # offered when the internet is switched on
# The relays (MQTT brokers over WebSockets, assets/relay.js) offered when the internet is
# switched on: public test brokers run by EMQX, HiveMQ and the Eclipse Foundation, asked in
# parallel, so that one being down costs nothing. Separated by spaces.
SUGGESTED_RELAYS = ("wss://broker.emqx.io:8084/mqtt wss://broker.hivemq.com:8884/mqtt"
                    " wss://test.mosquitto.org:8081/mqtt")
MAX_RELAYS = 5
# A relay the page may contact: over TLS anywhere, or unencrypted on this machine only.
RELAY_URL = re.compile(r"wss://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?"
                       r"|ws://(localhost|127\.0\.0\.1)(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")


def relay_urls(text: str) -> list[str]:
    """The relays a setting names (separated by spaces or commas), those of RELAY_URL's
    shape, each once, MAX_RELAYS at most."""
    named = [url for url in re.split(r"[\s,]+", text or "") if RELAY_URL.fullmatch(url)]
    return list(dict.fromkeys(named))[:MAX_RELAYS]


def settings_of(data) -> dict:
    """``data`` when it is settings whose known keys hold values of their kinds; else
    ``ValueError`` in words."""
    if not isinstance(data, dict) or not all(
            key not in data or kind(data[key]) for key, kind in SETTING_KINDS.items()):
        raise ValueError(_("they are not settings this page wrote"))
    return data


def texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


# The kinds of the settings' known values: what the page reads from them.
SETTING_KINDS = {"pace": lambda value: isinstance(value, str), "tours_seen": texts,
                 **{key: lambda value: isinstance(value, str)
                    for key in (*PREFERENCES, *TEXT_SETTINGS)}}


class MemoryBackend:
    """The localStorage API over a dict."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int):
        return list(self.items)[index]


class Store:
    """Read and write saves and settings as JSON; never raises on storage trouble.

    ``held`` maps the keys whose text lives in memory only for this visit to that text
    (None: nothing): a key whose stored text could not be read nor set aside (the storage
    is full), so that it is never overwritten, and a key whose new text the browser
    refused. ``problems`` lists sentences about stored texts that could not be read,
    until the page has shown them."""

    def __init__(self, backend=None):
        self.backend = backend if backend is not None else MemoryBackend()
        self.notice = None
        self.held = {}
        self.problems = []
        self._probe()

    @classmethod
    def unavailable(cls) -> "Store":
        """A store in memory for a page that may not use storage at all."""
        store = cls()
        store.notice = BLOCKED_NOTICE
        return store

    def _probe(self):
        if not self._works():
            self._fall_back()

    def _works(self) -> bool:
        """Whether the backend takes a small write (it may still refuse a big one)."""
        try:
            self.backend.setItem("cardtable.probe", "1")
            self.backend.removeItem("cardtable.probe")
        except Exception:  # any error from the browser means: no storage here
            return False
        return True

    def _fall_back(self):
        self.backend = MemoryBackend()
        self.notice = BLOCKED_NOTICE

    def get(self, key):
        """The text stored under ``key``, or None (a JS null counts as None)."""
        if key in self.held:
            return self.held[key]
        try:
            value = self.backend.getItem(key)
        except Exception:
            self._fall_back()
            return None
        return value if isinstance(value, str) else None

    def set(self, key, text: str) -> None:
        """Store ``text``; where the browser refuses it but still stores small texts (the
        storage is full), it is held in memory for this visit and ``notice`` says so."""
        if key in self.held:
            self.held[key] = text
            return
        try:
            self.backend.setItem(key, text)
        except Exception:
            if self._works():
                self.held[key] = text
                self.notice = FULL_NOTICE
                return
            self._fall_back()
            self.backend.setItem(key, text)

    def remove(self, key) -> None:
        if key in self.held:
            self.held[key] = None
            return
        try:
            self.backend.removeItem(key)
        except Exception:
            self._fall_back()

    def keys(self) -> list:
        """Every key the backend holds."""
        try:
            return [str(self.backend.key(i)) for i in range(int(self.backend.length))]
        except Exception:
            return []

    # -- texts that cannot be read ---------------------------------------------
    def keep_aside(self, key, prefix: str = ASIDE_PREFIX):
        """Copy the text under ``key`` to a free ``<prefix><n>`` key (by default
        ``cardtable.unreadable.<n>``), and only once the copy reads back the same, remove
        ``key``; returns the new key. When the copy does not land (the storage is full)
        ``key`` keeps its text, is held (see the class), and None is returned (as when
        there is no text)."""
        text = self.get(key)
        if text is None:
            return None
        aside = self.put_aside(text, prefix)
        if aside:
            self.remove(key)
            return aside
        self.held[key] = None
        return None

    def put_aside(self, text: str, prefix: str = ASIDE_PREFIX):
        """Store ``text`` under a free ``<prefix><n>`` key; returns that key once the
        text reads back the same, else None (the storage is full)."""
        n = 1
        while self.get(f"{prefix}{n}") is not None:
            n += 1
        aside = f"{prefix}{n}"
        try:
            self.backend.setItem(aside, text)
            return aside if self.backend.getItem(aside) == text else None
        except Exception:
            return None

    def set_aside(self, key, reason: str, kept: str, stuck: str, **values) -> None:
        """Keep the text under ``key`` aside and add to ``problems`` the sentence
        ``kept`` (with ``{reason}``, ``{key}`` and ``values``), or ``stuck`` when the
        storage is full and the text stayed where it was."""
        aside = self.keep_aside(key)
        self.problems.append((kept if aside else stuck).format(reason=reason, key=aside,
                                                               **values))

    # -- settings ----------------------------------------------------------
    def load_settings(self) -> dict:
        """The settings; a text that is not settings of the right kinds (see
        ``SETTING_KINDS``) is kept aside, reported in ``problems``, and {} is returned."""
        text = self.get(SETTINGS_KEY)
        if text is None:
            return {}
        try:
            return settings_of(read_json(text, SETTINGS_LIMIT))
        except Exception as error:  # any error reading them costs the settings only
            self.set_aside(SETTINGS_KEY, reason(error), _(
                "Your settings could not be read ({reason}). They were kept aside as"
                " “{key}”, and the usual ones apply."), _(
                "Your settings could not be read ({reason}), and the browser's storage is"
                " full, so they stay where they were and the usual ones apply for this"
                " visit."))
            return {}

    def write_settings(self, settings: dict) -> None:
        self.set(SETTINGS_KEY, json.dumps(settings))

    def preferences(self) -> dict:
        """Every key of ``PREFERENCES`` with its stored value, or its default when the
        stored one is missing or not allowed."""
        settings = self.load_settings()
        return {**{key: settings[key] if settings.get(key) in values else values[0]
                   for key, values in PREFERENCES.items()},
                **{key: settings.get(key, "")[:most] for key, most in TEXT_SETTINGS.items()}}

    def write_preference(self, key: str, value: str) -> None:
        """Keep one preference; the other settings stay. Raises ``ValueError`` in words
        for an unknown key or value."""
        if key not in PREFERENCES:
            raise ValueError(_("There is no setting “{name}”.").format(name=str(key)[:30]))
        if value not in PREFERENCES[key]:
            raise ValueError(_("The setting “{name}” cannot be “{value}”.").format(
                name=key, value=str(value)[:30]))
        settings = {**self.load_settings(), key: value}
        if key == "internet" and value == "on" and not settings.get("stun"):
            settings["stun"] = SUGGESTED_STUN
        if key == "internet" and value == "on" and not settings.get("relays"):
            settings["relays"] = SUGGESTED_RELAYS
        self.write_settings(settings)

    def write_text_setting(self, key: str, value: str) -> None:
        """Keep one of ``TEXT_SETTINGS`` (spaces around dropped, cut to its length);
        ``ValueError`` in words for an unknown key."""
        if key not in TEXT_SETTINGS:
            raise ValueError(_("There is no setting “{name}”.").format(name=str(key)[:30]))
        text = "".join(ch for ch in str(value) if ch.isprintable()).strip()
        self.write_settings({**self.load_settings(), key: text[:TEXT_SETTINGS[key]]})
