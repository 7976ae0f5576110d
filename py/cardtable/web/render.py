"""The whole page as HTML, from plain data. Pure: runs on CPython in tests.

:func:`render_page` draws whichever screen the :class:`~.controller.Screen` asks for;
tables are drawn by one module per game listed in ``TABLES``. :func:`shell_html` is the
lobby that ``build.py`` prerenders into ``<div id="app">`` for the first paint.
"""

from __future__ import annotations

from ..bots import levels
from ..engine.core import encode_value
from ..engine.registry import GAMES
from ..i18n import LANGUAGES
from .html import attrs, button, esc
from .lobby import HUMAN, PACES, Setup, default_setup
from .rules import rules_html
from .storage import PREFERENCES
from .tables import TABLES, end_html as table_end_html
from .tour import tour_html

# The settings panel's choices besides the pace: (heading, {value: name}) by preference.
PREFERENCE_NAMES = {
    "sound": ("Sound when someone else plays", {"off": "Off", "on": "On"}),
    "motion": ("Motion", {"system": "As the system says", "reduced": "Reduced"}),
    "theme": ("Theme", {"system": "As the system says", "light": "Light", "dark": "Dark"}),
    "language": ("Language", {"system": "As the browser says", **LANGUAGES}),
}


def message_lines(messages, role: str) -> str:
    """The messages of one role (``alert`` or ``status``) as paragraphs; alerts end with
    a button that dismisses them."""
    lines = "".join(f"<p>{esc(text)}</p>" for kind, text in messages if kind == role)
    if lines and role == "alert":
        lines += button("Dismiss", "dismiss", class_="dismiss")
    return lines


def messages_html(messages=()) -> str:
    """The live regions: errors in ``role="alert"``, notices in ``role="status"``."""
    return (f'<div class="alert" role="alert">{message_lines(messages, "alert")}</div>'
            f'<div class="status" role="status" aria-live="polite">'
            f'{message_lines(messages, "status")}</div>')


def choice_group(label: str, action: str, current, values, names=None, **data) -> str:
    """A row of buttons for one choice; the chosen one has ``aria-pressed="true"``."""
    buttons = "".join(
        button(names[i] if names else encode_value(v), action,
               data_value=encode_value(v), aria_pressed=str(v == current).lower(), **data)
        for i, v in enumerate(values))
    return (f'<fieldset class="choice"><legend>{esc(label)}</legend>'
            f'<div class="choices">{buttons}</div></fieldset>')


def option_html(option, value) -> str:
    """The lobby's control for one option, by its widget: a row of buttons for a choice,
    a field for numbers (changed values arrive as ``data-action="option"`` events)."""
    help_id = f"help-{option.key}"
    help_html = f'<p class="help" id="{esc(help_id)}">{esc(option.help)}</p>' if option.help else ""
    if option.widget == "choice":
        return choice_group(option.label, "option", value, option.choices,
                            data_key=option.key) + help_html
    field = attrs(id=f"opt-{option.key}", name=option.key, data_action="option",
                  data_key=option.key, value=option.encode(value),
                  aria_describedby=help_id if option.help else None,
                  **({"type": "number", "min": option.minimum, "max": option.maximum,
                      "step": 1, "inputmode": "numeric"} if option.widget == "integer"
                     else {"type": "text", "inputmode": "numeric", "spellcheck": "false"}))
    return (f'<div class="field"><label for="opt-{esc(option.key)}">{esc(option.label)}</label>'
            f'<input{field}></div>{help_html}')


def seat_row(setup: Setup, seat: int) -> str:
    if seat == 0:
        return '<li class="seat"><span>Seat 1</span><strong>You</strong></li>'
    kinds = (HUMAN,) + levels(setup.game)
    opts = "".join(
        f'<option{attrs(value=k, selected=k == setup.seats[seat])}>'
        f'{esc("Person" if k == HUMAN else k + " bot")}</option>' for k in kinds)
    return (f'<li class="seat"><label for="seat-{seat}">Seat {seat + 1}</label>'
            f'<select{attrs(id=f"seat-{seat}", data_action="seat", data_seat=seat)}>{opts}</select></li>')


def lobby_html(setup: Setup, pace: str = "normal", saved: str | None = None) -> str:
    """The lobby: game, players and seats, the game's options (from its schema), pace.

    ``saved`` describes a saved game in words, offering to continue it.
    """
    spec = setup.spec
    games = choice_group("Game", "pick-game", setup.game, list(GAMES),
                         [g.name for g in GAMES.values()])
    players = choice_group("Players", "players", setup.players,
                           list(range(spec.min_players, spec.max_players + 1)))
    seats = "".join(seat_row(setup, s) for s in range(setup.players))
    options = "".join(option_html(opt, setup.options[opt.key]) for opt in spec.options)
    pace_row = choice_group("Bot pace", "pace", pace, list(PACES))
    resume = ""
    if saved:
        resume = (f'<section class="resume"><p>{esc(saved)}</p>'
                  f'{button("Continue", "continue", class_="primary")}'
                  f'{button("Discard", "discard-save")}</section>')
    return (f'<main class="lobby"><h1>cardtable</h1>{resume}'
            f'<section class="setup"><h2>New game</h2>{games}'
            f'<p class="summary">{esc(spec.summary)}</p>{players}'
            f'<ul class="seats">{seats}</ul>{options}{pace_row}'
            f'<div class="lobby-links">{button("How to play " + spec.name, "rules", class_="link")}'
            f'{button("Settings", "settings", class_="link")}</div>'
            f'{button("Start", "start", class_="primary big")}</section></main>')


def stylesheet_links() -> str:
    """A ``<link>`` for each table module's stylesheet (build.py puts them in the page)."""
    sheets = sorted({t.STYLESHEET for t in TABLES.values() if t.STYLESHEET})
    return "\n  ".join(f'<link rel="stylesheet" href="assets/{esc(name)}">' for name in sheets)


def shell_html() -> str:
    """The lobby with default settings, for ``build.py`` to prerender (first paint)."""
    return messages_html() + lobby_html(default_setup())


def pass_html(name: str) -> str:
    """Several people share the device: hide the hands until the next one is ready."""
    return (f'<main class="pass"><h2>Pass the device to {esc(name)}</h2>'
            f'<p>The hands are hidden until {esc(name)} is ready.</p>'
            + button(f"I am {name}: show my hand", "reveal", class_="primary big") + "</main>")


def end_html(screen) -> str:
    """The end of a game: the table module's heading and figures, the next steps, and the
    table as it ended."""
    table = TABLES[screen.setup.game]
    buttons = (button("Play this deal again", "again", class_="primary")
               + button("New deal", "new-deal") + button("Share this deal", "share")
               + button("Lobby", "lobby"))
    return (f'<main class="end">{table_end_html(table, screen.result, screen.ui.names)}'
            f'<div class="controls">{buttons}</div>'
            + table.table_html(screen.view, screen.ui) + "</main>")


def panel_html(screen) -> str:
    """A panel over the screen: the rules of a game, the settings, or a text to copy (the
    embed snippet, a link the clipboard refused)."""
    panel = screen.panel
    if panel and panel[0] == "rules":
        return (f'<section class="panel rules" aria-label="Rules">{rules_html(panel[1])}'
                + button("Close", "close-panel") + "</section>")
    if panel and panel[0] == "settings":
        return settings_html(screen.pace, screen.preferences or {})
    return text_panel_html(panel)


def settings_html(pace: str, preferences: dict) -> str:
    """The settings: the bots' pace and the page's preferences, each a row of buttons
    (``data-action="pace"``, or ``"setting"`` with ``data-key``)."""
    rows = "".join(
        choice_group(label, "setting", preferences.get(key, PREFERENCES[key][0]),
                     list(names), list(names.values()), data_key=key)
        for key, (label, names) in PREFERENCE_NAMES.items())
    return ('<section class="panel settings" aria-label="Settings"><h2>Settings</h2>'
            + choice_group("Bot pace", "pace", pace, list(PACES)) + rows
            + button("Close", "close-panel") + "</section>")


def text_panel_html(panel) -> str:
    """The embed snippet or a text to copy by hand, in a selectable box."""
    if not panel:
        return ""
    kind, text = panel
    title = {"embed": "Embed this deal in a page", "copy": "Copy this text"}[kind]
    return (f'<section class="panel" aria-labelledby="panel-title">'
            f'<h2 id="panel-title">{esc(title)}</h2>'
            f'<textarea id="panel-text" aria-labelledby="panel-title" readonly rows="4">'
            f'{esc(text)}</textarea>'
            + button("Close", "close-panel") + "</section>")


def menu_html(screen) -> str:
    """Skip links (where a hand is on show) and the menu; none in the lobby."""
    if screen.kind == "lobby":
        return ""
    skips = ""
    if screen.kind in ("table", "end"):
        skips = (button("Skip to your hand", "skip", data_to="hand", class_="skip")
                 + button("Skip to the table", "skip", data_to="table", class_="skip"))
    items = (button("Lobby", "lobby") + button("New deal", "new-deal")
             + button("Copy link", "copy-link") + button("Share", "share")
             + button("Embed", "embed") + button("Rules", "rules")
             + button("Settings", "settings"))
    return (f'{skips}<nav class="menu" aria-label="Menu">'
            f'<span class="brand">cardtable</span>{items}</nav>')


def screen_html(screen) -> str:
    """The app below its menu and live regions: the panel and the screen's body."""
    if screen.kind == "lobby":
        body = lobby_html(screen.setup, screen.pace, screen.saved)
    elif screen.kind == "pass":
        body = pass_html(screen.pass_to)
    elif screen.kind == "end":
        body = end_html(screen)
    else:
        body = TABLES[screen.setup.game].table_html(screen.view, screen.ui)
    tour = tour_html(screen.setup.game, screen.tour) if screen.tour is not None else ""
    return panel_html(screen) + tour + body
