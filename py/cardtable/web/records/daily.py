"""Today's deal: the same deal of each game for everyone on the same local date.

Its seed is ``daily-<game>-<YYYY-MM-DD>`` and its setup the lobby's default for the game
(alone where the game can be played alone, else its fewest players with bots of the
default level, default options), so the link ``#/<game>?daily=<YYYY-MM-DD>`` opens it
anywhere. One attempt a day is recorded as the day's; any other game of that deal (a
second one, or another day's deal) is practice. The share text is one line, a bar of ten
squares (how far the game got to a win) and the link, as Wordle's is.
"""

from __future__ import annotations

import re
from datetime import date

from ...i18n import _
from ..lobby import Setup, default_setup

SEED = re.compile(r"daily-(?P<game>[a-z0-9-]+)-(?P<day>\d{4}-\d\d-\d\d)")
DAY = re.compile(r"\d{4}-\d\d-\d\d")
BAR = 10  # squares in the share bar


def seed(game: str, day: str) -> str:
    return f"daily-{game}-{day}"


def setup(game: str) -> Setup:
    return default_setup(game)


def parse_day(text: str) -> str:
    """``text`` as a date ``YYYY-MM-DD``; raises ``ValueError`` in words otherwise."""
    try:
        if not DAY.fullmatch(text):
            raise ValueError(text)
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise ValueError(_("the daily deal's date “{text}” is not a date written"
                           " YYYY-MM-DD").format(text=text[:30])) from None


def day_of(setup_: Setup, seed_: str) -> str | None:
    """The date of today's deal that ``setup_`` and ``seed_`` are, or None."""
    found = SEED.fullmatch(seed_)
    if not found or found["game"] != setup_.game or setup_ != setup(setup_.game):
        return None
    return found["day"]


def link(base_url: str, game: str, day: str) -> str:
    return f"{base_url}#/{game}?daily={day}"


def bar(progress: float, won: bool) -> str:
    """Ten squares, green for the share of the way to a win; a trophy for a win."""
    filled = BAR if won else min(BAR - 1, round(progress * BAR))
    return "🟩" * filled + "⬜" * (BAR - filled) + (" 🏆" if won else "")


def share_text(base_url: str, game_name: str, game: str, day: str, outcome: dict,
               practice: bool) -> str:
    """The lines to send a friend after today's deal."""
    head = (_("{game}, today's deal of {date} (practice): {result}") if practice
            else _("{game}, today's deal of {date}: {result}"))
    return "\n".join((head.format(game=game_name, date=day, result=outcome["text"]),
                      bar(outcome["progress"], outcome["won"]),
                      _("Play it: {link}").format(link=link(base_url, game, day))))
