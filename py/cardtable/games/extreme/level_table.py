"""The levels' table's verdicts for this game, written by ``python bench/levels.py
--verdicts FILE…`` from the JSON of its runs (their figures: ``docs/figures/levels.md``);
``bots/offered.py`` reads them to decide which levels a table offers.

``SHOWN[(mode, players, level)]``: whether that row showed ``level`` stronger than the
level below it (its 95% interval above 0). A row not here was not measured.
"""

SHOWN = {
    ('layout=random', 1, 'careful'): True,
    ('layout=random', 2, 'careful'): True,
    ('layout=random', 3, 'careful'): True,
    ('layout=random', 4, 'careful'): True,
    ('layout=random', 5, 'careful'): True,
    ('min_cards=3', 1, 'careful'): True,
    ('min_cards=3', 2, 'careful'): True,
    ('min_cards=3', 3, 'careful'): True,
    ('min_cards=3', 4, 'careful'): True,
    ('min_cards=3', 5, 'careful'): True,
    ('small_hands=on', 1, 'careful'): True,
    ('small_hands=on', 2, 'careful'): True,
    ('small_hands=on', 3, 'careful'): True,
    ('small_hands=on', 4, 'careful'): True,
    ('small_hands=on', 5, 'careful'): True,
    ('standard', 1, 'careful'): True,
    ('standard', 2, 'careful'): True,
    ('standard', 3, 'careful'): True,
    ('standard', 4, 'careful'): True,
    ('standard', 5, 'careful'): True,
    ('start=team', 1, 'careful'): True,
    ('start=team', 2, 'careful'): True,
    ('start=team', 3, 'careful'): True,
    ('start=team', 4, 'careful'): True,
    ('start=team', 5, 'careful'): True,
}
