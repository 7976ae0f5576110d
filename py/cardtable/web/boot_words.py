"""The words the page shows before Python runs: the boot line, its errors, the page's
description. ``build.py`` writes them, translated into every language of the build, into
index.html as JSON; ``assets/lang.js`` and ``assets/boot.js`` read them there. They are
templates with ``{name}`` placeholders that the JavaScript fills in; the description
names every registered game.
"""

from __future__ import annotations

from ..engine.core import encode_value
from ..engine.registry import GAMES
from ..i18n import N_, _, ngettext

# What each of PyScript's boot steps means to a player, in boot.js's STEPS order.
STEP_WORDS = (N_("starting Python"), N_("preparing storage"), N_("preparing storage"),
              N_("downloading Python"), N_("starting Python"), N_("loading the game rules"),
              N_("loading the game rules"), N_("starting the game rules"))
TEXTS = {
    "status": N_("Loading the game ({percent}% done: {step})… You can choose already: your"
                 " taps are carried out as soon as it is ready."),
    "progress": N_("Loading the game ({percent}% done: {step})…"),
    "starting": N_("starting"),
    "progress_label": N_("Loading Python"),
    "failed": N_("The game could not start: {reason}. Reload the page to try again."),
    "too_long": N_("it took too long to load"),
    "no_script": N_("cardtable needs JavaScript: its rules run as Python in your browser."),
}
# The poster that a frame shows before Python is fetched (assets/start.js): its button, what
# the deal is, and what tapping it costs ({size} is filled in, e.g. "5 MB").
POSTER = {
    "play": N_("Play"),
    "today": N_("Today's deal"),
    "deal": N_("Deal {seed}"),
    "loads": N_("Loads the game (about {size}) when you tap Play."),
}
MOST_PLAYERS = 8  # the poster names a deal's players up to this many
# TRANSLATORS: the page's description; {games} is every game's name but the last, joined by
# commas, {last} the last one's (names are not translated)
DESCRIPTION = N_("{games} and {last}: play in the browser, offline too.")


def boot_words() -> dict:
    """Every boot text in the current language; ``waiting`` holds the plural form for
    1 to 20 taps waiting (``{n}`` is filled in by boot.js; more taps use the last form).
    The poster's: its POSTER texts, ``players`` (the words for 1 to MOST_PLAYERS players)
    and ``games`` ({a game's id in links: {name, options}}, see :func:`poster_options`)."""
    words = {key: _(text) for key, text in {**TEXTS, **POSTER}.items()}
    words["players"] = [ngettext("{n} player", "{n} players", n).format(n=n)
                        for n in range(1, MOST_PLAYERS + 1)]
    words["games"] = {game: {"name": spec.name, "options": poster_options(spec)}
                      for game, spec in GAMES.items()}
    *names, last = (spec.name for spec in GAMES.values())
    words["description"] = _(DESCRIPTION).format(games=", ".join(names), last=last)
    words["steps"] = [_(step) for step in STEP_WORDS]
    words["waiting"] = [
        ngettext(" Your tap is waiting: it will be carried out as soon as the game is ready.",
                 " Your {n} taps are waiting: they will be carried out as soon as the game is"
                 " ready.", n) for n in range(1, 21)]
    return words


def poster_options(spec) -> dict:
    """A game's options with a few values (choices), for the poster's line, which names
    those a link sets to another value than the default: {key: {label, default, values:
    {a value as links write it: its name}}}."""
    return {option.key: {"label": _(option.label), "default": encode_value(option.default),
                         "values": {encode_value(value): _(name) if option.names
                                    else encode_value(value) for value, name
                                    in zip(option.choices, option.names or option.choices)}}
            for option in spec.options if getattr(option, "choices", ())}
