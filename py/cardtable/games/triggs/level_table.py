"""This game's verdicts of the levels' table (``bots/offered.py``), written by
``bench/levels.py --verdicts``: do not edit."""

SHOWN = {
    ('standard', 2, 'basic'): True,
    ('standard', 2, 'strong'): True,
    ('standard', 3, 'basic'): True,
    ('standard', 3, 'strong'): True,
    ('standard', 4, 'basic'): True,
    ('standard', 4, 'strong'): True,
}
