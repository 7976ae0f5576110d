"""Decisions in slices: a bot's ``think(view)`` yields at pauses in its work and returns
its action, and its ``think_hint(view)`` the same for its hint, so that a page can stay
responsive while a bot thinks (see ``bots``)."""

# What a step of such a generator may yield to ask the page to give its main thread back
# at once, before a piece of work that may be long on its own (a module's import).
PAUSE = "pause"


def thinking(bot, view: dict):
    """A generator for ``bot``'s decision on ``view``: it yields at the bot's pauses and
    returns its action (a bot without ``think`` decides in one go)."""
    return in_slices(bot, "think", "act", view)


def hinting(bot, view: dict):
    """A generator for ``bot``'s hint on ``view``: it yields at the bot's pauses and
    returns the hint (a bot without ``think_hint`` hints in one go)."""
    return in_slices(bot, "think_hint", "hint", view)


def in_slices(bot, sliced: str, whole: str, view: dict):
    """``bot``'s method ``sliced`` on ``view`` when the bot has it, else a generator that
    returns its method ``whole``'s answer at once."""
    steps = getattr(bot, sliced, None)
    if steps is not None:
        return (yield from steps(view))
    return getattr(bot, whole)(view)


def finish(steps):
    """Run the generator ``steps`` to its end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
