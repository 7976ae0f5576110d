"""The panels over a screen, drawn: the rules of a game, the settings, a question before an
action that ends a game, and a text to copy (see :mod:`.panels` for their state).

Every panel is a dialog over a backdrop that covers the screen (a tap on it closes the
panel, see :mod:`.page.input`): a head with the panel's title and its Close, which stays
at the top while the body under it scrolls, so that it never covers a word of it; the
question before an action that ends a game is a sheet at the foot of the window whose
No closes it."""

from __future__ import annotations

from ..i18n import LANGUAGES, N_, _
from .choices import choice_group, pace_group
from .html import attrs, button, esc
from .sharing import EMBED_CHOICES
from .storage import PREFERENCES, TEXT_SETTINGS

# The settings panel's choices besides the pace: (heading, {value: name}) by preference.
# Marked with N_ and translated when drawn; a language is named in itself, untranslated.
PREFERENCE_NAMES = {
    "sound": (N_("Sound on every move"), {"off": N_("Off"), "on": N_("On")}),
    "motion": (N_("Motion"), {"system": N_("As the system says"), "reduced": N_("Reduced")}),
    "theme": (N_("Theme"), {"system": N_("As the system says"), "light": N_("Light"),
                            "dark": N_("Dark")}),
    # TRANSLATORS: the suits' colours: ♠♣ black and ♥♦ red, or one colour per suit.
    "deck": (N_("Card suits"), {"two": N_("Two colours"),
                                "four": N_("Four colours: ♠ black, ♥ red, ♦ blue, ♣ green")}),
    "language": (N_("Language"), {"system": N_("As the browser says")}),
    "internet": (N_("Play with friends across the internet"), {"off": N_("Off: same Wi-Fi only"),
                                                               "on": N_("On")}),
}
# The text settings' labels (see storage.TEXT_SETTINGS); the STUN and TURN ones show only
# while playing across the internet is on.
TEXT_SETTING_NAMES = {"name": N_("Your name for friends"), "stun": N_("STUN server"),
                      "turn": N_("TURN server (optional)"), "turn_user": N_("TURN user name"),
                      "turn_pass": N_("TURN password"),
                      "relays": N_("Relays for one-link invitations")}


def panel_html(screen) -> str:
    """A panel over the screen: the rules of a game, the settings, or a text to copy (the
    embed snippet, a link the clipboard refused)."""
    panel = screen.panel
    if panel and panel[0] == "rules":
        # the rules' texts are loaded when first opened
        from .teaching.rules import rules_html, rules_title

        return sheet_html("rules", rules_title(panel[1]), rules_html(panel[1], titled=False))
    if panel and panel[0] == "settings":
        return settings_html(screen.pace, screen.preferences or {})
    if panel and panel[0] == "confirm":
        return confirm_html(*panel[1:])
    return text_panel_html(panel)


BACKDROP = '<div class="panel-backdrop" aria-hidden="true"></div>'


def sheet_html(kind: str, title: str, body: str, foot: str = "") -> str:
    """A panel: the backdrop, then a dialog (``.panel.sheet``, with ``kind`` as a class)
    whose head holds the title (``#panel-title``) and Close, over the body, which scrolls
    alone (focusable, so that the keys scroll it), and ``foot``'s buttons under it."""
    head = (f'<div class="panel-head"><h2 id="panel-title">{esc(title)}</h2>'
            + button(_("Close"), "close-panel", class_="panel-close") + "</div>")
    foot = f'<div class="panel-buttons">{foot}</div>' if foot else ""
    return (f'{BACKDROP}<section{attrs(class_=f"panel sheet {kind}".strip(), role="dialog")}'
            f' aria-modal="true" aria-labelledby="panel-title">{head}'
            f'<div class="panel-body" tabindex="0" role="region" aria-labelledby="panel-title">'
            f'{body}</div>{foot}</section>')


def settings_html(pace: str, preferences: dict) -> str:
    """The settings: the bots' pace and the page's preferences, each a row of buttons
    (``data-action="pace"``, or ``"setting"`` with ``data-key``)."""
    rows = "".join(
        choice_group(_(label), "setting", preferences.get(key, PREFERENCES[key][0]),
                     list(PREFERENCES[key]), value_names(names, PREFERENCES[key]),
                     data_key=key)
        for key, (label, names) in PREFERENCE_NAMES.items())
    return sheet_html("settings", _("Settings"),
                      pace_group(pace) + rows + internet_html(preferences))


# What the relays see and never see: in Settings and in the waiting room.
RELAY_PRIVACY = N_("With relays, a friend joins by the invitation link alone: the pages meet"
                   " on the relays named here, which see that some pages met and their IP"
                   " addresses, never names, cards, moves or the deal: everything is"
                   " encrypted with a key that travels only in the link, after the #, which"
                   " browsers never send to a server. Leave the relays empty to send codes"
                   " by hand.")


def internet_html(preferences: dict) -> str:
    """The player's name for friends and, while playing across the internet is on, what
    that contacts and the servers to use."""
    keys = ("name",) + (("stun", "turn", "turn_user", "turn_pass", "relays")
                        if preferences.get("internet") == "on" else ())
    fields = "".join(text_setting_html(key, preferences.get(key, "")) for key in keys)
    if preferences.get("internet") != "on":
        said = _("Friends on the same Wi-Fi find each other directly: no server is"
                 " contacted.")
    else:
        said = _("To find each other across the internet, both pages ask the STUN server"
                 " for their public address (and relay through the TURN server when set)."
                 " Your friends see your IP address, and you theirs. These settings stay on"
                 " this device.") + " " + _(RELAY_PRIVACY)
    return f'<div class="text-settings">{fields}<p class="help">{esc(said)}</p></div>'


def text_setting_html(key: str, value: str) -> str:
    field = attrs(id=f"setting-{key}", data_action="text-setting", data_key=key, value=value,
                  type="password" if key == "turn_pass" else "text", spellcheck="false",
                  autocomplete="off" if key != "name" else "nickname",
                  maxlength=TEXT_SETTINGS[key])
    return (f'<div class="field"><label for="setting-{key}">{esc(_(TEXT_SETTING_NAMES[key]))}'
            f'</label><input{field}></div>')


def value_names(names: dict, values) -> list:
    """The words for a preference's values: translated, or a language's own name."""
    return [_(names[value]) if value in names else LANGUAGES[value] for value in values]


def confirm_html(question: str, action: str, yes: str, no: str, data: dict) -> str:
    """A question before an action that ends a game: yes sends ``action`` again with
    ``data`` and ``data-confirmed="yes"``; no closes the panel."""
    extra = {f"data_{key}": value for key, value in data.items()}
    return (f'{BACKDROP}<section class="panel confirm" role="alertdialog" aria-modal="true"'
            f' aria-labelledby="confirm-text"><p id="confirm-text">{esc(question)}</p><div class="controls">'
            + button(yes, action, class_="danger", data_confirmed="yes", **extra)
            + button(no, "close-panel", class_="primary") + "</div></section>")


TEXT_PANEL_TITLES = {"embed": N_("Embed this deal in a page"), "copy": N_("Copy this text")}
# The Embed panel's choices (values: sharing.EMBED_CHOICES), as the settings' are named.
EMBED_NAMES = {
    "size": (N_("Size"), {"phone": N_("Phone-shaped"), "wide": N_("Wide"),
                          "column": N_("Fills the column")}),
    "theme": (N_("Theme"), {"system": N_("As the system says"), "light": N_("Light"),
                            "dark": N_("Dark")}),
    "start": (N_("Start at once"), {"off": N_("Off: a poster first"), "on": N_("On")}),
    "height": (N_("Height follows the game"), {"off": N_("Off"), "on": N_("On: adds a script")}),
}
EMBED_HELP = N_("A poster first: the game loads only when a reader taps Play. The script lets"
                " the frame grow and shrink with the game, where the page allows scripts;"
                " without it the frame keeps its height.")


def text_panel_html(panel) -> str:
    """The embed snippet with its choices (each a row of buttons, ``embed-choice`` with
    ``data-key``) and a Copy button (``copy-panel``) under it, or a text to copy by hand
    (the clipboard refused it), in a selectable box."""
    if not panel:
        return ""
    kind, text = panel[:2]
    title = _(TEXT_PANEL_TITLES[kind])
    copy = button(_("Copy"), "copy-panel", class_="primary") if kind == "embed" else ""
    choices = embed_choices_html(panel[2]) if kind == "embed" else ""
    rows = min(14, max(4, text.count("\n") + 2))
    box = (f'<textarea id="panel-text" aria-labelledby="panel-title" readonly rows="{rows}">'
           f'{esc(text)}</textarea>')
    return sheet_html(kind, title, choices + box, copy)


def embed_choices_html(chosen: dict) -> str:
    """The Embed panel's choices, each a row of buttons with the chosen one pressed, and
    what the poster and the script do."""
    rows = "".join(
        choice_group(_(label), "embed-choice", chosen[key], list(EMBED_CHOICES[key]),
                     [_(names[value]) for value in EMBED_CHOICES[key]], data_key=key)
        for key, (label, names) in EMBED_NAMES.items())
    return f'<div class="embed-choices">{rows}<p class="help">{esc(_(EMBED_HELP))}</p></div>'
