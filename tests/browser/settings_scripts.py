"""Init scripts that set the stored settings before a page of a browser test runs."""

import json

from cardtable.engine.registry import GAMES


def settings_script(**values) -> str:
    """An init script that merges ``values`` into the stored settings before the page
    runs (on every load), leaving the other keys as they are; nothing where storage is
    blocked."""
    return (f"try {{ const s = JSON.parse(localStorage.getItem('cardtable.settings') || '{{}}');"
            f" Object.assign(s, {json.dumps(values)});"
            " localStorage.setItem('cardtable.settings', JSON.stringify(s)); } catch (e) {}")


# A returning player: every game's guided tour already seen, so that it does not cover the
# table (tests of the tour itself ask new_page(first_visit=True)).
RETURNING_PLAYER = settings_script(tours_seen=list(GAMES))
