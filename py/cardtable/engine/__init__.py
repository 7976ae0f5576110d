"""What every game's rules follow: the contract (``core``), chance (``rng``) and the registry
of game packages (``registry``). Pure: no browser, no I/O, no clock, no global random."""
