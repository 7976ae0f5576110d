"""The player's settings that the app acts on: the bots' pace, the language spoken and
the theme.

A :class:`Settings` reads and writes them through the store (the settings panel's
controls are :data:`HANDLERS`, routed to it by the controller) and chooses the language:
a link's for this visit, else the setting, else the browser's first that the site speaks.
The theme likewise: a link's for this visit, until the player picks one in the settings.
"""

from __future__ import annotations

from ..i18n import _, best_language, set_language
from .lobby import DEFAULT_PACE, PACES


class Settings:
    """The settings in ``store``; ``browser_languages`` are the browser's, best first."""

    def __init__(self, store, browser_languages=()):
        self.store = store
        self.browser_languages = tuple(browser_languages)
        self.link_language = None  # a link's lang=, for this visit
        self.link_theme = None  # a link's theme=, for this visit
        pace = store.load_settings().get("pace")
        self.pace = pace if pace in PACES else DEFAULT_PACE

    def speak_link(self, code: str | None) -> None:
        """Speak the language a link asks for, for this visit (None: the one spoken)."""
        self.link_language = code or self.link_language
        self.speak()

    def theme_link(self, theme: str | None) -> None:
        """Show the theme a link asks for, for this visit (None: the one shown)."""
        self.link_theme = theme or self.link_theme

    def preferences(self) -> dict:
        """The preferences in effect: the store's, with a link's theme for this visit."""
        preferences = self.store.preferences()
        return {**preferences, "theme": self.link_theme} if self.link_theme else preferences

    def speak(self) -> str:
        """Switch to the language the player wants; returns its code."""
        chosen = self.store.preferences()["language"]
        wanted = (self.link_language, None if chosen == "system" else chosen,
                  *self.browser_languages)
        return set_language(best_language(*wanted))

    def on_pace(self, data):
        if data.get("value") not in PACES:
            raise ValueError(_("There is no pace “{name}”.").format(
                name=str(data.get("value"))[:30]))
        self.pace = data["value"]
        self.store.write_settings({**self.store.load_settings(), "pace": self.pace})

    def on_setting(self, data):
        self.store.write_preference(data.get("key"), data.get("value"))
        if data.get("key") == "language":  # the player's choice outranks a link's
            self.link_language = None
            self.speak()
        if data.get("key") == "theme":
            self.link_theme = None

    def on_text_setting(self, data):
        self.store.write_text_setting(data.get("key"), data.get("value", ""))


HANDLERS = {"pace": Settings.on_pace, "setting": Settings.on_setting,
            "text-setting": Settings.on_text_setting}
