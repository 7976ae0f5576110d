"""Pure rules: no browser, no I/O, no clock, no global random (see DESIGN.md)."""
