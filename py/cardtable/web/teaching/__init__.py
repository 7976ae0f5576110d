"""Teaching: the rules panel (``rules``) and the guided first game (``tour``), drawn from
each game's guide (``guide``: the types; ``pictures``: what the guides' pictures are drawn
with). The words and pictures themselves are each game's, in its package's ``guide.py``."""
