"""This game's verdicts of the levels' table (``bots/offered.py``), written by
``bench/levels.py --verdicts``: do not edit."""

SHOWN = {
    ('standard', 3, 'basic'): True,
    ('standard', 4, 'basic'): True,
    ('standard', 5, 'basic'): True,
    ('standard', 6, 'basic'): True,
}
