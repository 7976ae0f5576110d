"""The whole page as HTML, from plain data. Pure: runs on CPython in tests.

:func:`screen_html` draws whichever screen the :class:`~.screen.Screen` asks for, each
kind of body by its function in :data:`BODIES`; tables are drawn by each game's table (its
``TableSpec``: ``tables.table_module``). :func:`shell_html` is the lobby that ``build.py``
prerenders into ``<div id="app">`` for the first paint.
"""

from __future__ import annotations

from ..bots.offered import not_shown, offered_level
from ..engine.registry import GAMES
from ..i18n import N_, _, ngettext
from .records import screens
from .choices import PACE_NAMES, choice_group, pace_group
from .html import attrs, button, esc
from .panel_html import panel_html
from .lobby import FRIEND, HUMAN, PAUSE_SECONDS, Setup, default_setup, level_name
from .tables import end_html as table_end_html, stylesheet_paths, table_module
from .teaching.tour import tour_html

def message_lines(messages, role: str) -> str:
    """The messages of one role (``alert`` or ``status``) as paragraphs; alerts end with
    a button that dismisses them."""
    lines = "".join(f"<p>{esc(text)}</p>" for kind, text in messages if kind == role)
    if lines and role == "alert":
        lines += button(_("Dismiss"), "dismiss", class_="dismiss")
    return lines


def messages_html(messages=()) -> str:
    """The live regions: errors in ``role="alert"``, notices in ``role="status"``."""
    return (f'<div class="alert" role="alert">{message_lines(messages, "alert")}</div>'
            f'<div class="status" role="status" aria-live="polite">'
            f'{message_lines(messages, "status")}</div>')


def option_html(option, value) -> str:
    """The lobby's control for one option, by its widget: a row of buttons for a choice,
    a field for numbers (changed values arrive as ``data-action="option"`` events)."""
    help_id = f"help-{option.key}"
    help_html = f'<p class="help" id="{esc(help_id)}">{esc(_(option.help))}</p>' if option.help else ""
    if option.widget == "choice":
        names = [_(name) for name in option.names] or None
        return choice_group(_(option.label), "option", value, option.choices, names,
                            data_key=option.key) + help_html
    field = attrs(id=f"opt-{option.key}", name=option.key, data_action="option",
                  data_key=option.key, value=option.encode(value),
                  aria_describedby=help_id if option.help else None,
                  **({"type": "number", "min": option.minimum, "max": option.maximum,
                      "step": 1, "inputmode": "numeric"} if option.widget == "integer"
                     else {"type": "text", "inputmode": "numeric", "spellcheck": "false"}))
    return (f'<div class="field"><label for="opt-{esc(option.key)}">{esc(_(option.label))}</label>'
            f'<input{field}></div>{help_html}')


def seat_row(setup: Setup, seat: int) -> str:
    if seat == 0:
        seat_label, you = _("Seat {number}").format(number=1), _("You")
        return f'<li class="seat"><span>{esc(seat_label)}</span><strong>{esc(you)}</strong></li>'
    offered = setup.levels()
    kinds = (HUMAN, FRIEND) + offered
    names = {HUMAN: _("Person at this device"), FRIEND: _("Friend on their own device"),
             **{kind: level_name(kind) for kind in offered}}
    opts = "".join(
        f'<option{attrs(value=k, selected=k == setup.seats[seat])}>{esc(names[k])}</option>'
        for k in kinds)
    label = _("Seat {number}").format(number=seat + 1)
    return (f'<li class="seat"><label for="seat-{seat}">{esc(label)}</label>'
            f'<select{attrs(id=f"seat-{seat}", data_action="seat", data_seat=seat)}>{opts}</select></li>')


def lobby_html(setup: Setup, pace: str = "normal", unfinished: tuple = (),
               extra: str = "", doomed: str | None = None) -> str:
    """The lobby: a new game's game, then its players and seats, options (from its
    schema) and the bots' pace (only where a seat is a bot) folded under one line that says
    what is chosen (``<details id="lobby-options">``), then Start, which a phone shows
    without scrolling; then the unfinished games.

    ``unfinished`` lists ``(id, words)`` of each unfinished game, offering to continue or
    discard it (``data-id``); ``doomed`` names the game a new one would drop; ``extra``
    is HTML put after the new game's section (today's deals and records).
    """
    spec = setup.spec
    games = choice_group(_("Game"), "pick-game", setup.game, list(GAMES),
                         [g.name for g in GAMES.values()])
    players = choice_group(_("Players"), "players", setup.players,
                           list(range(spec.min_players, spec.max_players + 1)))
    seats = "".join(seat_row(setup, s) for s in range(setup.players))
    options = "".join(option_html(opt, setup.options[opt.key]) for opt in spec.options)
    resume = unfinished_html(unfinished, doomed)
    how_to = button(_("How to play {game}").format(game=spec.name), "rules", class_="link")
    settings = button(_("Settings"), "settings", class_="link")
    start, heading = button(_("Start"), "start", class_="primary big"), _("New game")
    change = _("Change")
    folded = (f'<details class="lobby-options" id="lobby-options"><summary>'
              f'<span class="chosen">{esc(chosen_text(setup, pace))}</span>'
              f'<span class="change">{esc(change)}</span></summary>'
              f'{players}<ul class="seats">{seats}</ul>{not_offered_html(setup)}{options}'
              f'{pace_group(pace) if has_bots(setup) else ""}</details>')
    return (f'<main class="lobby"><h1>cardtable</h1>'
            f'<section class="setup"><h2>{esc(heading)}</h2>{games}'
            f'<p class="summary">{esc(_(spec.summary))}</p>{folded}{start}'
            f'<div class="lobby-links">{how_to}{settings}</div>'
            f'</section>{resume}{extra}</main>')


def not_offered_html(setup: Setup) -> str:
    """A line under the seats for each bot level that this table does not offer because
    its row of the levels' table did not show it stronger than the level below, as
    ``bots.offered.not_shown`` lists them: where a seat's level changes with the player
    count or the rules, this says why. Empty elsewhere."""
    lines = [_("This table does not offer the {level}: it was not shown stronger than the"
               " {below} here.").format(
                 level=level_name(level),
                 below=level_name(offered_level(setup.game, setup.players, setup.options, level)))
             for level in not_shown(setup.game, setup.players, setup.options)]
    return "".join(f'<p class="help not-offered">{esc(line)}</p>' for line in lines)


def chosen_text(setup: Setup, pace: str) -> str:
    """The lobby's choices in one line, shown while they are folded: the players and
    who sits where, the options changed from their defaults (else "standard rules"), the
    bots' pace (where a seat is a bot)."""
    names = {HUMAN: _("Person at this device"), FRIEND: _("Friend on their own device")}
    seats = ", ".join([_("You")] + [names.get(kind) or level_name(kind)
                                    for kind in setup.seats[1:]])
    changed = [f"{_(opt.label)}: {option_value_name(opt, setup.options[opt.key])}"
               for opt in setup.spec.options
               if setup.options[opt.key] != opt.default_for(setup.players)]
    players = ngettext("{n} player: {seats}", "{n} players: {seats}",
                       setup.players).format(n=setup.players, seats=seats)
    rules = "; ".join(changed) or _("standard rules")
    if not has_bots(setup):
        return " · ".join((players, rules))
    pace_said = _("Bot pace: {pace}").format(pace=_(PACE_NAMES[pace]))
    return " · ".join((players, rules, pace_said))


def has_bots(setup: Setup) -> bool:
    """Whether a seat of ``setup`` is a bot's (the bots' pace matters only then)."""
    return any(kind not in (HUMAN, FRIEND) for kind in setup.seats)


def option_value_name(option, value) -> str:
    """An option's value as its button names it, else as links write it."""
    if option.widget == "choice" and option.names:
        return _(option.names[option.choices.index(value)])
    return option.encode(value)


def unfinished_html(unfinished: tuple, doomed: str | None) -> str:
    """The unfinished games, each with Continue and Discard (``data-id``), and which
    one a new game would drop."""
    if not unfinished:
        return ""
    which = "".join(
        f'<li data-game-id="{game_id}"><p>{esc(words)}</p><div class="controls">'
        + button(_("Continue"), "continue", class_="primary", data_id=game_id)
        + button(_("Discard"), "discard-game", data_id=game_id) + "</div></li>"
        for game_id, words in unfinished)
    full = _("The list is full: a new game will drop this one: {game}.")
    note = f'<p class="help budget">{esc(full.format(game=doomed))}</p>' if doomed else ""
    heading = _("Unfinished games")
    return (f'<section class="resume" aria-labelledby="resume-title">'
            f'<h2 id="resume-title">{esc(heading)}</h2><ul class="unfinished">{which}</ul>'
            f'{note}</section>')


def stylesheets() -> list:
    """The page's stylesheets in cascade order: the app's, the teaching parts', the parts
    every table shares, each game's table (a path in its package), the records', the boot
    indicator's. A name is a file of assets/ (build.py bundles them all into one file)."""
    return ["app.css", "teach.css", "table.css", *stylesheet_paths(), screens.STYLESHEET,
            "boot.css"]


def shell_html() -> str:
    """The lobby with default settings, for ``build.py`` to prerender (first paint)."""
    return messages_html() + lobby_html(default_setup())


def pass_html(name: str) -> str:
    """Several people share the device: hide the hands until the next one is ready."""
    heading = _("Pass the device to {name}").format(name=name)
    hidden = _("The hands are hidden until {name} is ready.").format(name=name)
    return (f'<main class="pass"><h2>{esc(heading)}</h2><p>{esc(hidden)}</p>'
            + button(_("I am {name}: show my hand").format(name=name), "reveal",
                     class_="primary big") + "</main>")


def pause_html(screen) -> str:
    """Between parts of a game (deals): the table module's account of the part just
    played, and the way on (the game also goes on by itself after the pace's pause)."""
    body = screen.body
    account = table_module(screen.setup.game).pause_html(body.view, body.ui)
    later = _("The game goes on when you tap “Go on”, or by itself in {n} seconds.").format(
        n=PAUSE_SECONDS[screen.pace])
    return (f'<main class="pause-screen">{account}<p class="help">{esc(later)}</p>'
            + button(_("Go on"), "go-on", class_="primary big") + "</main>")


def waiting_html(names) -> str:
    """The line above a table that waits for friends to come back."""
    return f'<p class="paused" role="status">{esc(together_screens().waiting_words(names))}' \
        '</p>' if names else ""


def together_screens():
    """Playing together's screens: a part of the package, there once friends were met (a
    screen of theirs shows only then)."""
    from .together import screens

    return screens


def end_html(screen) -> str:
    """The end of a game: the table module's heading and figures, the next steps (its
    review among them; at a friend's table, the way back, and the review once the host's
    page sent the moves: the deal is the host's),
    in another page's frame the full site in a new tab, and the table as it ended."""
    table, body = table_module(screen.setup.game), screen.body
    buttons = (button(_("Play this deal again"), "again", class_="primary")
               + button(_("Review"), "review") + button(_("New deal"), "new-deal")
               + button(_("Share this deal"), "share")
               + button(_("Lobby"), "lobby"))
    if not body.dealt_here:
        buttons = (button(_("Review"), "review") if body.reviewable else "") \
            + button(_("Lobby"), "lobby", class_="primary")
    return (f'<main class="end">{table_end_html(table, body.result, body.ui.names)}'
            f'<div class="controls">{buttons}</div>{play_more_html(screen.play_more)}'
            + table.table_html(body.view, body.ui) + "</main>")


def review_html(reviewing) -> str:
    """The review screen (``records/review_screen.py``, imported at the first review, not
    at every start)."""
    from .records import review_screen

    return review_screen.review_html(reviewing)


def review_parts(reviewing, done: bool = False) -> dict:
    """The parts of the review screen that change while it thinks, by selector
    (``review_screen.thinking_parts``), or with ``done`` those that change when it is
    done (``review_screen.done_parts``)."""
    from .records import review_screen

    return (review_screen.done_parts if done else review_screen.thinking_parts)(reviewing)


def play_more_html(site: str | None) -> str:
    """In another page's frame, a link to the full site (``site``), opened in a new tab;
    nothing elsewhere."""
    if not site:
        return ""
    link, words = attrs(href=site, target="_blank", rel="noopener"), _("Play more on cardtable")
    return f'<p class="play-more"><a{link}>{esc(words)}</a></p>'


# The menu's folded items by screen: (data-action, words); the Lobby stays on the table.
MENU_ITEMS = {
    "table": (("new-deal", N_("New deal")), ("copy-link", N_("Copy link")),
              ("share", N_("Share")), ("embed", N_("Embed")), ("rules", N_("Rules")),
              ("records", N_("Records")), ("settings", N_("Settings"))),
    # at a friend's table, on the way to it and in the waiting room: no deal to give
    "no-deal": (("rules", N_("Rules")), ("records", N_("Records")), ("settings", N_("Settings"))),
    "records": (("rules", N_("Rules")), ("settings", N_("Settings"))),
}


def menu_kind(screen) -> str:
    """Which of :data:`MENU_ITEMS` the screen offers."""
    if screen.kind in ("records", "replay", "review"):
        return "records"
    return "table" if screen.dealt_here and screen.kind not in ("room", "join") else "no-deal"


def menu_html(screen) -> str:
    """Skip links (where a hand is on show) and the menu bar, none in the lobby: the Lobby
    button, then one Menu button (``data-action="menu"``, ``aria-expanded``) that shows or
    hides the other items (``#menu-items``, each with its own ``data-action``)."""
    if screen.kind == "lobby":
        return ""
    skips = ""
    if screen.kind in ("table", "end"):
        skips = (button(_("Skip to your hand"), "skip", data_to="hand", class_="skip")
                 + button(_("Skip to the table"), "skip", data_to="table", class_="skip"))
    items = "".join(button(_(words), action) for action, words in MENU_ITEMS[menu_kind(screen)])
    opened = bool(screen.menu_open)
    toggle = button(_("Menu"), "menu", class_="menu-toggle", aria_controls="menu-items",
                    aria_expanded=str(opened).lower(),
                    html_label=f'<span class="menu-icon" aria-hidden="true">☰</span>'
                               f'{esc(_("Menu"))}')
    label = _("Menu")
    return (f'{skips}<nav class="menu" aria-label="{esc(label)}">'
            f'<span class="brand">cardtable</span>{button(_("Lobby"), "lobby")}{toggle}'
            f'<div{attrs(id="menu-items", class_="menu-items", hidden=not opened)}>{items}</div>'
            '</nav>')


def lobby_body_html(screen) -> str:
    body = screen.body
    extra = screens.lobby_extra_html(body.records, screen.setup.game) if body.records else ""
    return lobby_html(screen.setup, screen.pace, body.unfinished, extra, body.doomed)


def table_body_html(screen) -> str:
    """The table in play, below the line that says which friends it waits for."""
    body = screen.body
    return (waiting_html(body.waiting)
            + table_module(screen.setup.game).table_html(body.view, body.ui))


# Each kind of screen's body, drawn by a pure function of the screen.
BODIES = {
    "lobby": lobby_body_html,
    "records": lambda screen: screens.records_html(screen.body.records),
    "replay": lambda screen: screens.replay_html(screen.body.replay),
    "review": lambda screen: review_html(screen.body.reviewing),
    "pass": lambda screen: pass_html(screen.body.pass_to),
    "room": lambda screen: together_screens().room_html(
        screen.body.room, screen.body.waiting, screen.body.relays, screen.body.relays_down),
    "join": lambda screen: together_screens().join_html(
        screen.body.joining, screen.body.reply, (screen.preferences or {}).get("name", ""),
        screen.body.relays),
    "end": end_html,
    "pause": pause_html,
    "table": table_body_html,
}


def screen_html(screen) -> str:
    """The app below its menu and live regions: the panel and the screen's body (inert
    under a panel: no tap nor Tab reaches it; the menu bar stays reachable)."""
    tour = tour_html(screen.setup.game, screen.tour) if screen.tour is not None else ""
    under = tour + BODIES[screen.kind](screen)
    return panel_html(screen) + (f'<div class="under-panel" inert>{under}</div>'
                                 if screen.panel else under)
