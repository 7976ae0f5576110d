"""Playing together on several devices: the pages' link and what travels over it."""
