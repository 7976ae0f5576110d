"""cardtable's four games as research environments: OpenSpiel games (:mod:`.spiel`) and
PettingZoo AEC environments (:mod:`.zoo`), on the engines of :mod:`cardtable`.

An optional install (``pip install -e .[research]``), never part of the page: the site
bundles ``py/cardtable`` alone. What both share is here:

- :mod:`.actions`: one fixed numbering of each game's actions;
- :mod:`.episode`: the games' setups (players, options, seed, deals), their bounds and
  what a seat observes (its view, as a string and as a tensor);
- :mod:`.levels`: the games' bot levels as agents that answer a seat's view with an id.
"""
