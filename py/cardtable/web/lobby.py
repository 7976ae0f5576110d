"""The settings of a new game, as chosen in the lobby or given by a share link.

A :class:`Setup` is everything needed to start a deal except the seed: the game, the
number of players, who sits in each seat (``"human"``: a person at this device; ``"friend"``:
a friend on their own device, see :mod:`.together`; or a bot level) and the options.
The lobby seats "You", a person at this device, first; a game tried from a review
(:mod:`.records.reviewing`) seats the player where they sat in the game reviewed. A bot seat plays a level its table offers
(:mod:`..bots.offered`): changing the players or an option moves a seat whose level the
new table withholds to the best level offered below it. ``LOBBY_HANDLERS`` are the
lobby's buttons and fields: each takes the setup and the control's data and returns the
new setup.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..bots import levels
from ..bots.offered import offered_default, offered_level, offered_levels
from ..engine.registry import GAMES
from ..i18n import N_, _
from .ui import You

HUMAN = "human"
FRIEND = "friend"  # a person playing on their own device, through the host's page
PEOPLE = (HUMAN, FRIEND)
PACES = {"fast": 0.15, "normal": 0.7, "slow": 1.6}  # seconds between bot actions
DEFAULT_PACE = "normal"
# seconds a pause between parts of a game (deals) lasts unless the player goes on, by pace
PAUSE_SECONDS = {"fast": 2, "normal": 8, "slow": 15}
# A seat's bot, by level (a level missing here is named by its id).
LEVEL_NAMES = {"random": N_("random bot"), "casual": N_("casual bot"),
               "careful": N_("careful bot"), "basic": N_("basic bot"),
               "strong": N_("strong bot"), "master": N_("master bot")}


@dataclass(frozen=True)
class Setup:
    """A game to start: ``seats[i]`` is ``"human"``, ``"friend"`` or a bot level of ``game``;
    ``options`` are complete and valid for ``players``."""

    game: str
    players: int
    seats: tuple
    options: dict = field(default_factory=dict)

    @property
    def spec(self):
        return GAMES[self.game]

    def with_players(self, players: int) -> "Setup":
        """The same setup for ``players`` seats (new seats are bots of the default level;
        an option that no longer fits the count goes back to its default)."""
        self.spec.check_players(players)
        kept = {}
        for key, value in self.options.items():
            try:
                self.spec.option(key).check(value, players)
                kept[key] = value
            except ValueError:
                pass
        return self.at_table(players, self.spec.resolve_options(kept, players))

    def with_seat(self, seat: int, kind: str) -> "Setup":
        """Seat ``seat`` becomes ``kind``; seat 0 stays human."""
        if seat == 0 or seat >= self.players:
            raise ValueError(_("Seat {number} cannot be changed.").format(number=seat + 1))
        if kind not in PEOPLE and kind not in levels(self.game):
            raise ValueError(_("There is no bot level “{name}”.").format(name=kind[:30]))
        seats = self.seats[:seat] + (kind,) + self.seats[seat + 1:]
        return replace(self, seats=seats)

    def with_option(self, key: str, value) -> "Setup":
        options = self.spec.resolve_options({**self.options, key: value}, self.players)
        return self.at_table(self.players, options)

    def at_table(self, players: int, options: dict) -> "Setup":
        """This setup at the table of ``players`` and ``options`` (complete and valid): a
        bot seat at the old table's default level takes the new table's (so a seat that
        one table's verdicts moved down comes back up where the next one offers more), new
        seats too; every other seat keeps its level where the table offers it, else gets
        the best offered below it."""
        before = offered_default(self.game, self.players, self.options)
        after = offered_default(self.game, players, options)
        seats = tuple(after if kind == before else kind for kind in self.seats)
        seats = (seats + (after,) * players)[:players]
        return replace(self, players=players, seats=seats,
                       options=options).with_offered_levels()[0]

    def levels(self) -> tuple:
        """The bot levels this table offers, weakest first."""
        return offered_levels(self.game, self.players, self.options)

    def with_offered_levels(self) -> tuple:
        """``(setup, moved)``: this setup with every bot seat at a level its table offers
        (the best offered below a withheld one), and ``moved``, ``(seat, asked, played)``
        for each seat that changed."""
        seats, moved = list(self.seats), []
        for seat, kind in enumerate(self.seats):
            if kind in levels(self.game):
                seats[seat] = offered_level(self.game, self.players, self.options, kind)
                if seats[seat] != kind:
                    moved.append((seat, kind, seats[seat]))
        return (replace(self, seats=tuple(seats)) if moved else self), moved

    def humans(self) -> list:
        """The seats of the people at this device."""
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def seated_first(self) -> "Setup":
        """This setup with its first person at this device in seat 0, as the lobby shows
        it (the seat they had takes seat 0's kind)."""
        me = player_seat(self.seats)
        if me == 0:
            return self
        seats = list(self.seats)
        seats[0], seats[me] = seats[me], seats[0]
        return replace(self, seats=tuple(seats))

    def friends(self) -> list:
        """The seats of friends on their own devices."""
        return [seat for seat, kind in enumerate(self.seats) if kind == FRIEND]


def default_setup(game: str | None = None) -> Setup:
    """The lobby's starting point: the first game (or ``game``), the fewest players it
    allows (solo where it can be played alone), default options."""
    game = game or next(iter(GAMES))
    spec = GAMES[game]
    players = spec.min_players
    options = spec.resolve_options({}, players)
    seats = (HUMAN,) + (offered_default(game, players, options),) * (players - 1)
    return Setup(game=game, players=players, seats=seats, options=options)


def player_seat(seats) -> int:
    """The seat of the (first) person at this device: where the game is seen from."""
    return seats.index(HUMAN) if HUMAN in seats else 0


def seat_name(seats, seat: int, given=None, me: int | None = None) -> str:
    """How the table names a seat: "You" (seat ``me``, the viewer's own, by default
    :func:`player_seat`: a friend's seat, or the only person at this device), a name
    ``given[seat]`` the person chose, "Player 2", "Friend 2" or "Bot 3". "You" is a :class:`.ui.You`, so that the table's words can
    speak to that seat."""
    me = player_seat(seats) if me is None else me
    if seat == me and (seats[me] != HUMAN or seats.count(HUMAN) == 1):
        return You(_("You"))
    if given and given[seat]:
        return given[seat]
    if seats[seat] == HUMAN:
        return _("Player {number}").format(number=seat + 1)
    if seats[seat] == FRIEND:
        return _("Friend {number}").format(number=seat + 1)
    return _("Bot {number}").format(number=seat + 1)


def level_name(level: str) -> str:
    """How the lobby names a bot of ``level``."""
    if level in LEVEL_NAMES:
        return _(LEVEL_NAMES[level])
    return _("{level} bot").format(level=level)


def seat_names(seats, given=None, me: int | None = None) -> tuple:
    """:func:`seat_name` of every seat."""
    return tuple(seat_name(seats, seat, given, me) for seat in range(len(seats)))


# -- the lobby's controls -------------------------------------------------------------
def on_pick_game(setup: Setup, data) -> Setup:
    if data.get("value") not in GAMES:
        raise ValueError(_("There is no game “{name}”.").format(name=str(data.get("value"))[:30]))
    return default_setup(data["value"])


def on_players(setup: Setup, data) -> Setup:
    text = str(data.get("value", ""))
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise ValueError(_("Players must be a number, not “{text}”.").format(text=text[:30]))
    return setup.with_players(int(text))


def on_seat(setup: Setup, data) -> Setup:
    return setup.with_seat(int(data["seat"]), data["value"]).with_offered_levels()[0]


def on_option(setup: Setup, data) -> Setup:
    try:
        option = setup.spec.option(data["key"])
    except KeyError:
        raise ValueError(_("{game} has no option “{key}”.").format(
            game=setup.spec.name, key=str(data["key"])[:30])) from None
    return setup.with_option(option.key, option.parse(str(data["value"])))


LOBBY_HANDLERS = {"pick-game": on_pick_game, "players": on_players, "seat": on_seat,
                  "option": on_option}
