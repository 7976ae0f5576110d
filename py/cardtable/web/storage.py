"""Saves, through one adapter: the browser's localStorage when it works, memory otherwise.

:class:`Store` wraps a *backend* with ``getItem``/``setItem``/``removeItem`` (the
localStorage API, so ``js.localStorage`` fits as it is). If the backend throws (storage
blocked, e.g. in a cross-site iframe, or full), the store carries on in memory and
``notice`` says so in words. A save that cannot be read is never dropped: it is kept aside
under ``cardtable.unreadable.<n>`` and the user is told.
"""

from __future__ import annotations

import json

from ..i18n import LANGUAGES, N_, _

SAVE_KEY = "cardtable.save"
SETTINGS_KEY = "cardtable.settings"
ASIDE_PREFIX = "cardtable.unreadable."
# Kept in English (``Store.notice``) and translated where it is shown.
BLOCKED_NOTICE = N_("This browser does not let the page store anything: play on, but the game"
                    " is not saved.")
# The page's preferences, kept in the settings beside the keys others keep there (pace,
# tours_seen): each one's allowed values, its default first.
PREFERENCES = {"sound": ("off", "on"), "motion": ("system", "reduced"),
               "theme": ("system", "light", "dark"), "language": ("system", *LANGUAGES)}


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


class Store:
    """Read and write saves and settings as JSON; never raises on storage trouble."""

    def __init__(self, backend=None):
        self.backend = backend if backend is not None else MemoryBackend()
        self.notice = None
        self._probe()

    @classmethod
    def unavailable(cls) -> "Store":
        """A store in memory for a page that may not use storage at all."""
        store = cls()
        store.notice = BLOCKED_NOTICE
        return store

    def _probe(self):
        try:
            self.backend.setItem("cardtable.probe", "1")
            self.backend.removeItem("cardtable.probe")
        except Exception:  # any error from the browser means: no storage here
            self._fall_back()

    def _fall_back(self):
        self.backend = MemoryBackend()
        self.notice = BLOCKED_NOTICE

    def get(self, key):
        """The text stored under ``key``, or None (a JS null counts as None)."""
        try:
            value = self.backend.getItem(key)
        except Exception:
            self._fall_back()
            return None
        return value if isinstance(value, str) else None

    def set(self, key, text: str) -> None:
        try:
            self.backend.setItem(key, text)
        except Exception:
            self._fall_back()
            self.backend.setItem(key, text)

    def remove(self, key) -> None:
        try:
            self.backend.removeItem(key)
        except Exception:
            self._fall_back()

    # -- saved games -------------------------------------------------------
    def load_save(self):
        """``(save, None)``; ``(None, None)`` when there is none; ``(None, reason)`` when
        the text is not a JSON object (it has then been kept aside)."""
        text = self.get(SAVE_KEY)
        if text is None:
            return None, None
        try:
            save = json.loads(text)
        except ValueError:
            save = None
        if not isinstance(save, dict):
            return None, self.keep_aside("it is not readable")
        return save, None

    def peek_save(self):
        """The saved game as a dict, or None; changes nothing (for the lobby's offer)."""
        try:
            save = json.loads(self.get(SAVE_KEY) or "null")
        except ValueError:
            return None
        return save if isinstance(save, dict) else None

    def keep_aside(self, reason: str) -> str:
        """Move the current save to a free ``cardtable.unreadable.<n>`` key; return the
        message for the user."""
        text = self.get(SAVE_KEY)
        n = 1
        while self.get(f"{ASIDE_PREFIX}{n}") is not None:
            n += 1
        key = f"{ASIDE_PREFIX}{n}"
        if text is not None:
            self.set(key, text)
            self.remove(SAVE_KEY)
        return _("The saved game could not be resumed ({reason}). It was kept aside as “{key}”"
                 " and a new game can start.").format(reason=reason, key=key)

    def write_save(self, save: dict) -> None:
        self.set(SAVE_KEY, json.dumps(save, separators=(",", ":")))

    def clear_save(self) -> None:
        self.remove(SAVE_KEY)

    # -- settings ----------------------------------------------------------
    def load_settings(self) -> dict:
        try:
            settings = json.loads(self.get(SETTINGS_KEY) or "{}")
        except ValueError:
            return {}
        return settings if isinstance(settings, dict) else {}

    def write_settings(self, settings: dict) -> None:
        self.set(SETTINGS_KEY, json.dumps(settings))

    def preferences(self) -> dict:
        """Every key of ``PREFERENCES`` with its stored value, or its default when the
        stored one is missing or not allowed."""
        settings = self.load_settings()
        return {key: settings[key] if settings.get(key) in values else values[0]
                for key, values in PREFERENCES.items()}

    def write_preference(self, key: str, value: str) -> None:
        """Keep one preference; the other settings stay. Raises ``ValueError`` in words
        for an unknown key or value."""
        if key not in PREFERENCES:
            raise ValueError(_("There is no setting “{name}”.").format(name=str(key)[:30]))
        if value not in PREFERENCES[key]:
            raise ValueError(_("The setting “{name}” cannot be “{value}”.").format(
                name=key, value=str(value)[:30]))
        self.write_settings({**self.load_settings(), key: value})
