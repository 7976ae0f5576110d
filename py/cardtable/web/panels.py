"""What shows over a screen, and where the focus goes: panels, the menu, skip links.

A :class:`Panels` holds the panel on show (the rules, the settings, a question, a text to
copy), the control that opened it (the focus goes back there when it closes) and whether
the menu's folded items are on show. One thing opened from the menu shows at a time: a
panel takes the place of the one on show and of the records screen (a replay stays under
it), and the records take the panel's (:meth:`.records.browsing.Browsing.on_records`).
Escape and a tap outside the panel close it (:mod:`.page.input`). Its controls are
:data:`HANDLERS`, routed to it by the controller. A panel is a tuple whose first item says its kind: ``("rules", game)``,
``("settings",)``, ``("confirm", question, action, yes, no, data)``, ``("embed", text,
choices)`` (the snippet and the Embed panel's choices, see :mod:`.sharing`),
``("copy", text)``.
"""

from __future__ import annotations

from ..i18n import _
from .sharing import EMBED_DEFAULTS
from .teaching.guide import game_guide

# Where the focus goes: the screen's first control, and the skip links' targets (the first
# found wins; a target that is no control is made focusable by the page).
SCREEN_START = (".app-screen main [data-action]:not([disabled])", ".app-screen main")
PANEL_START = (".app-screen .panel .panel-body", ".app-screen .panel")  # the keys scroll it
MENU_BUTTON = '[data-action="menu"]'
SKIP_TARGETS = {"hand": ('.hand [data-action]:not([disabled])', ".hand"),
                "table": (".app-screen main",)}


class Panels:
    """The panels of ``app`` (the controller), whose ``focus``, ``setup`` and ``say`` it
    uses."""

    def __init__(self, app):
        self.app = app
        self.panel = None
        self.opener = None  # the data-action of the control that opened the panel
        self.menu_open = False  # the menu's items on show: until the next action
        self.embed_choices = EMBED_DEFAULTS  # the Embed panel's, kept for the visit

    def open(self, opener: str, panel: tuple) -> None:
        """Show ``panel`` in place of any other panel and of the records screen; the focus
        goes to it."""
        if self.app.browsing.replay is None:
            self.app.browsing.close()
        self.panel, self.opener = panel, opener
        self.app.focus = PANEL_START

    def ask(self, question: str, action: str, yes: str, no: str, **data) -> None:
        """Ask in words before ``action`` (with ``data``) ends a game: a panel whose yes
        sends it again, confirmed, and whose no (focused) closes it."""
        self.open(action, ("confirm", question, action, yes, no, data))
        self.app.focus = '.panel.confirm [data-action="close-panel"]'

    def copy_failed(self, text: str) -> None:
        """The clipboard refused: show the text in a box to copy by hand."""
        self.panel = ("copy", text)
        self.app.say("status", _("Copying was not allowed here: select the text below and"
                                 " copy it."))

    def on_close_panel(self, data):
        """Close the panel; the focus goes back to the control that opened it."""
        self.panel = None
        if self.opener:  # an item of the closed menu cannot take the focus: its button does
            self.app.focus = (f'[data-action="{self.opener}"]', MENU_BUTTON)

    def on_rules(self, data):
        """The rules of the game on the table, or of the lobby's game (its guide loaded
        first: the panel draws from it)."""
        game_guide(self.app.setup.game)
        self.open("rules", ("rules", self.app.setup.game))

    def on_settings(self, data):
        """The settings panel: pace, sound, motion and theme (on every screen)."""
        self.open("settings", ("settings",))
        self.app.focus = '.panel [data-action="pace"][aria-pressed="true"]'

    def on_copy_panel(self, data):
        """Copy the embed snippet on show."""
        if not self.panel or self.panel[0] != "embed":
            raise ValueError(_("There is no embed code on show to copy."))
        return ("copy", self.panel[1], _("Copied the embed code: paste it into your page."))

    def on_menu(self, data):
        """The menu button: the controller has opened or closed the menu; the focus stays
        on the button."""
        self.app.focus = MENU_BUTTON

    def on_dismiss(self, data):
        """Close the message on show (the controller has cleared them); the focus goes to
        the screen's first control."""
        self.app.focus = SCREEN_START

    def on_skip(self, data):
        """A skip link: the focus goes to the hand or to the table."""
        if data.get("to") not in SKIP_TARGETS:
            raise ValueError(_("There is no “{name}” to skip to.").format(
                name=str(data.get("to"))[:30]))
        self.app.focus = SKIP_TARGETS[data["to"]]


HANDLERS = {"close-panel": Panels.on_close_panel, "rules": Panels.on_rules,
            "settings": Panels.on_settings, "copy-panel": Panels.on_copy_panel,
            "menu": Panels.on_menu, "dismiss": Panels.on_dismiss, "skip": Panels.on_skip}
