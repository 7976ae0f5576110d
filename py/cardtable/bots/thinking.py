"""Decisions in slices: a bot's ``think(view)`` yields at pauses in its work and returns
its action, and its ``think_hint(view)`` the same for its hint, so that a page can stay
responsive while a bot thinks (see ``bots``)."""


def thinking(bot, view: dict):
    """A generator for ``bot``'s decision on ``view``: it yields at the bot's pauses and
    returns its action (a bot without ``think`` decides in one go)."""
    think = getattr(bot, "think", None)
    if think is not None:
        return (yield from think(view))
    return bot.act(view)


def hinting(bot, view: dict):
    """A generator for ``bot``'s hint on ``view``: it yields at the bot's pauses and
    returns the hint (a bot without ``think_hint`` hints in one go)."""
    think_hint = getattr(bot, "think_hint", None)
    if think_hint is not None:
        return (yield from think_hint(view))
    return bot.hint(view)


def finish(steps):
    """Run the generator ``steps`` to its end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
