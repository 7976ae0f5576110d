"""The levels' table's verdicts for this game, written by ``python bench/levels.py
--verdicts FILE…`` from the JSON of its runs (their figures: ``docs/figures/levels.md``);
``bots/offered.py`` reads them to decide which levels a table offers.

``SHOWN[(mode, players, level)]``: whether that row showed ``level`` stronger than the
level below it (its 95% interval above 0). A row not here was not measured.
"""

SHOWN = {
    ('standard', 1, 'careful'): True,
    ('standard', 2, 'careful'): True,
    ('standard', 3, 'careful'): True,
    ('standard', 4, 'careful'): True,
    ('standard', 5, 'careful'): True,
}
