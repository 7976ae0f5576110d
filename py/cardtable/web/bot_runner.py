"""The moves the app makes by itself: the bots' and the ones the rules force.

:class:`BotRunner` holds one bot per bot seat (each with its own random stream, never
the deal's seed) and the bot that gives hints. :meth:`BotRunner.step` makes one move:
the forced move of the seat to act if the rules force one (a player with no valid card
passes, say), else the bot's. A bot that answers with an illegal action is a bug:
:class:`BotError` says so, and nothing is substituted here.
"""

from __future__ import annotations

from ..bots import finish, hinting, levels, make_bot, thinking
from ..engine.core import as_action, thaw
from ..i18n import _
from .lobby import PEOPLE, seat_name
from .session import Session


class BotError(RuntimeError):
    """A bot answered with an action its view did not offer."""


class BotRunner:
    """The bots of a session; ``new_seed()`` gives each its own random stream."""

    def __init__(self, session: Session, new_seed):
        setup = session.setup
        self.session, self.new_seed = session, new_seed
        self.bots = {seat: make_bot(setup.game, kind, seat, new_seed())
                     for seat, kind in enumerate(setup.seats) if kind not in PEOPLE}
        self.hinter = hint_bot(setup.game, new_seed(), setup)

    def add(self, seat: int) -> None:
        """A bot now sits at ``seat`` (a friend's seat given to a bot): it gets one."""
        self.bots[seat] = make_bot(self.session.setup.game, self.session.setup.seats[seat],
                                   seat, self.new_seed())

    def due(self) -> bool:
        """Whether the app should make a move now (after the pace's pause)."""
        return self.session.due_seat() is not None

    def step(self, fallback: bool = False) -> None:
        """One move of the seat that is due; raises :class:`BotError` for a bot's bug.
        With ``fallback`` the seat's move is a random legal one instead of its bot's."""
        finish(self.steps(fallback))

    def steps(self, fallback: bool = False):
        """:meth:`step` in slices: a generator that yields while the bot thinks (see
        ``bots.thinking``), then moves; when the position changed meanwhile (the page
        stays live between slices) the thought is dropped and no move is made."""
        state = self.session.state
        seat = self.session.due_seat()
        if seat is None:
            return
        forced = state.forced_action()
        if forced is not None:
            self.session.apply(forced)
            return
        view = state.view(seat)
        bot = self.fallback(seat) if fallback else self.bots[seat]
        action = as_action((yield from thinking(bot, view)))
        if self.session.state is not state:
            return
        if thaw(action) not in view["legal"]:
            name = seat_name(self.session.setup.seats, seat)
            # TRANSLATORS: a bug report; {level} is a bot level's name, {action} the raw action.
            raise BotError(_("{name} ({level} bot) answered {action}, which its view did not"
                             " offer.").format(name=name, level=self.session.setup.seats[seat],
                                               action=thaw(action)))
        self.session.apply(action)

    def fallback(self, seat: int):
        return make_bot(self.session.setup.game, "random", seat, f"fallback-{seat}")

    def hint_steps(self, view: dict):
        """The hint bot's hint on ``view`` (None without one), in slices: a generator that
        yields while the bot thinks (see ``bots.hinting``)."""
        if self.hinter is None:
            return None
        return (yield from hinting(self.hinter, view))


def hint_bot(game: str, seed: str, setup=None):
    """The strongest bot of ``game`` that offers ``hint(view)``, or None; with ``setup``
    (a :class:`.lobby.Setup`), the strongest its table offers (``bots.offered``). Every
    level's decisions take at most 2 s at their 95th percentile in the browser
    (docs/figures/bot-speed.md), so none is passed over for its pace."""
    for level in reversed(setup.levels() if setup is not None else levels(game)):
        bot = make_bot(game, level, 0, seed)
        if callable(getattr(bot, "hint", None)):
            return bot
    return None
