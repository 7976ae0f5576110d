"""The levels' table's verdicts for this game, written by ``python bench/levels.py
--verdicts FILE…`` from the JSON of its runs (their figures: ``docs/figures/levels.md``);
``bots/offered.py`` reads them to decide which levels a table offers.

``SHOWN[(mode, players, level)]``: whether that row showed ``level`` stronger than the
level below it (its 95% interval above 0). A row not here was not measured.
"""

SHOWN = {
    ('min_cards=3', 1, 'casual'): True,
    ('min_cards=3', 2, 'casual'): True,
    ('min_cards=3', 3, 'casual'): True,
    ('min_cards=3', 3, 'master'): False,
    ('min_cards=3', 4, 'casual'): True,
    ('min_cards=3', 4, 'master'): False,
    ('min_cards=3', 5, 'casual'): True,
    ('min_cards=3', 5, 'master'): False,
    ('small_hands=on', 1, 'casual'): True,
    ('small_hands=on', 1, 'master'): False,
    ('small_hands=on', 2, 'casual'): True,
    ('small_hands=on', 3, 'casual'): True,
    ('small_hands=on', 4, 'casual'): True,
    ('small_hands=on', 5, 'casual'): True,
    ('standard', 1, 'casual'): True,
    ('standard', 1, 'master'): False,
    ('standard', 2, 'casual'): True,
    ('standard', 3, 'casual'): True,
    ('standard', 4, 'casual'): True,
    ('standard', 5, 'casual'): True,
    ('start=team', 1, 'casual'): True,
    ('start=team', 2, 'casual'): True,
    ('start=team', 3, 'casual'): True,
    ('start=team', 4, 'casual'): True,
    ('start=team', 5, 'casual'): True,
}
