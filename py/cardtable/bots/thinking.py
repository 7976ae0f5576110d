"""Decisions in slices: a bot's ``think(view)`` yields at pauses in its work and returns
its action, so that a page can stay responsive while a bot thinks (see ``bots``)."""


def thinking(bot, view: dict):
    """A generator for ``bot``'s decision on ``view``: it yields at the bot's pauses and
    returns its action (a bot without ``think`` decides in one go)."""
    think = getattr(bot, "think", None)
    if think is not None:
        return (yield from think(view))
    return bot.act(view)


def finish(steps):
    """Run the generator ``steps`` to its end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
