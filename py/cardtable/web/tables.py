"""One table module per game: ``table_html(view, ui)`` and ``result_text(result)``.

To add a game's table, write ``table_<game>.py`` with those two functions and list it here.
"""

from . import table_extreme, table_the_game, table_triggs

TABLES = {"the-game": table_the_game, "extreme": table_extreme, "triggs": table_triggs}
