"""A choice drawn as a row of buttons, the chosen one pressed: the lobby's and the settings'.
"""

from __future__ import annotations

from ..engine.core import encode_value
from ..i18n import N_, _
from .html import button, esc
from .lobby import PACES

PACE_NAMES = {"fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow")}


def choice_group(label: str, action: str, current, values, names=None, **data) -> str:
    """A row of buttons for one choice; the chosen one has ``aria-pressed="true"``."""
    buttons = "".join(
        button(names[i] if names else encode_value(v), action,
               data_value=encode_value(v), aria_pressed=str(v == current).lower(), **data)
        for i, v in enumerate(values))
    return (f'<fieldset class="choice"><legend>{esc(label)}</legend>'
            f'<div class="choices">{buttons}</div></fieldset>')


def pace_group(pace: str) -> str:
    """The row of buttons that sets how long the bots wait between moves."""
    return choice_group(_("Bot pace"), "pace", pace, list(PACES),
                        [_(PACE_NAMES[name]) for name in PACES])
