"""What each button does, as pure Python: the app's state and its transitions.

:class:`Controller` holds the lobby settings, the :class:`~.session.Session` being played
and what the table shows (selected card, hint, panels, messages). ``handle(action, data)``
runs the handler named in ``HANDLERS`` for a button's ``data-action``; it may return an
*effect* for the page to carry out (``("copy", text)``). :meth:`screen` describes what to
draw. The page (``app.py``) only forwards events, runs bots at the chosen pace, renders.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import levels, make_bot
from ..engine.core import IllegalAction
from ..engine.registry import GAMES
from . import links
from .lobby import DEFAULT_PACE, HUMAN, PACES, Setup, default_setup, seat_name
from .session import Session, from_save
from .tables import TABLES
from .ui import TableUi

# The log lines a table gets: enough for its last few turns, however many lines a turn
# takes (a Triggs turn can draw, cross, chain and score); each table shows its share.
LOG_LINES = 40


@dataclass(frozen=True)
class Screen:
    """What to draw: ``kind`` is "lobby", "table", "pass" or "end"."""

    kind: str
    messages: tuple
    setup: Setup
    pace: str
    saved: str | None = None
    view: dict | None = None
    ui: TableUi | None = None
    pass_to: str = ""
    result: dict | None = None
    panel: tuple | None = None


class Controller:
    """The app without the page. ``store`` is a :class:`~.storage.Store`; ``new_seed()``
    gives a fresh seed; ``base_url`` is the page's address without its fragment."""

    def __init__(self, store, new_seed, base_url: str = "index.html"):
        self.store, self.new_seed, self.base_url = store, new_seed, base_url
        pace = store.load_settings().get("pace")
        self.pace = pace if pace in PACES else DEFAULT_PACE
        self.setup = default_setup()
        self.session: Session | None = None
        self.messages: list = []
        self.panel = None
        self.focus = None  # a CSS selector for the page to focus after drawing
        self._reset_table()

    def _reset_table(self):
        self.selected = None
        self.hint = None
        self.ended = False
        self.revealed_to = None
        self.bots = {}
        self.hint_bot = None

    # -- booting -------------------------------------------------------------
    def boot(self, fragment: str) -> bool:
        """Open the share link in ``fragment`` if any, else resume the saved game.
        Returns True when the fragment was a link (the page may then clear it)."""
        link = links.parse(fragment)
        if link is None:
            self.resume()
            return False
        if link.error:
            self.say("alert", link.error + " Here is the lobby instead.")
            return True
        self.messages += [("status", text) for text in link.notices]
        self.setup = link.setup
        if link.seed:
            self.begin(Session.new(link.setup, link.seed))
        return True

    def resume(self) -> bool:
        """Continue the saved game; an unreadable save is kept aside and reported."""
        save, problem = self.store.load_save()
        if problem:
            self.say("alert", problem)
        if save is None:
            return False
        try:
            session = from_save(save)
        except ValueError as error:
            self.say("alert", self.store.keep_aside(str(error)))
            return False
        self.setup = session.setup
        self.begin(session)
        return True

    def begin(self, session: Session) -> None:
        self._reset_table()
        self.session = session
        self.panel = None
        setup = session.setup
        self.bots = {seat: make_bot(setup.game, kind, seat, session.seed)
                     for seat, kind in enumerate(setup.seats) if kind != HUMAN}
        self.hint_bot = hint_bot(setup.game, session.seed)
        if len(setup.humans()) == 1:
            self.revealed_to = 0
        self._saved()

    # -- queries ---------------------------------------------------------------
    @property
    def finished(self) -> bool:
        s = self.session
        return s is not None and s.state.is_over and (self.ended or not s.awaiting_confirmation())

    def viewer(self) -> int:
        """The human seat whose hand is on the table."""
        current = self.session.state.current_player
        if current is not None and self.session.setup.seats[current] == HUMAN:
            return current
        return self.revealed_to or 0

    def my_turn(self) -> bool:
        s = self.session
        return (not s.state.is_over and s.state.current_player == self.viewer()
                and not self.needs_pass())

    def needs_pass(self) -> bool:
        """Several humans share the device and the next one has not taken it yet."""
        s = self.session
        current = s.state.current_player
        return (len(s.setup.humans()) > 1 and current is not None
                and s.setup.seats[current] == HUMAN and self.revealed_to != current)

    def bot_due(self) -> bool:
        """Whether a bot should act now (the page then waits the pace and calls bot_step)."""
        return self.session is not None and self.session.bot_to_act() is not None

    def current_view(self):
        """The viewing human seat's view, for ``window.cardtable.view()``."""
        return self.session.state.view(self.viewer()) if self.session else None

    def say(self, role: str, text: str) -> None:
        self.messages.append((role, text))

    # -- events ------------------------------------------------------------------
    def handle(self, action: str, data: dict):
        """Run the handler for ``data-action``; errors become a message in words."""
        self.messages = []
        self.focus = None
        handler = HANDLERS.get(action) or self.table_handlers().get(action)
        if handler is None:
            return None
        try:
            return handler(self, data)
        except (IllegalAction, ValueError) as error:
            self.say("alert", str(error))
            return None

    def table_handlers(self) -> dict:
        """The handlers a game's table module adds for its own buttons (``HANDLERS`` in
        ``table_<game>.py``, each ``handler(controller, data)``), if a game is on."""
        if self.session is None:
            return {}
        return getattr(TABLES[self.session.setup.game], "HANDLERS", {})

    def bot_step(self) -> None:
        """One action of the bot whose turn it is."""
        seat = self.session.bot_to_act()
        if seat is None:
            return
        state = self.session.state
        try:
            self.session.apply(self.bots[seat].act(state.view(seat)))
        except IllegalAction as error:
            self.say("alert", f"{seat_name(self.session.setup.seats, seat)} tried an illegal move ({error}).")
            self.session.apply(state.legal_actions()[0])
        self._saved()

    def copy_failed(self, text: str) -> None:
        """The clipboard refused: show the text in a box to copy by hand."""
        self.panel = ("copy", text)
        self.say("status", "Copying was not allowed here: select the text below and copy it.")

    # -- lobby handlers ---------------------------------------------------------------
    def on_pick_game(self, data):
        self.setup = default_setup(data["value"])

    def on_players(self, data):
        self.setup = self.setup.with_players(int(data["value"]))

    def on_seat(self, data):
        self.setup = self.setup.with_seat(int(data["seat"]), data["value"])

    def on_option(self, data):
        option = self.setup.spec.option(data["key"])
        self.setup = self.setup.with_option(option.key, option.parse(data["value"]))

    def on_pace(self, data):
        if data["value"] not in PACES:
            raise ValueError(f"no pace “{data['value']}”")
        self.pace = data["value"]
        self.store.write_settings({"pace": self.pace})

    def on_start(self, data):
        self.begin(Session.new(self.setup, self.new_seed()))

    def on_continue(self, data):
        if not self.resume():
            self.say("status", "There is no saved game to continue.")

    def on_discard(self, data):
        self.store.clear_save()
        self.say("status", "The saved game was discarded.")

    def on_lobby(self, data):
        self.session = None
        self.panel = None

    # -- table handlers ----------------------------------------------------------------
    def on_select(self, data):
        card = int(data["card"])
        self.selected = None if self.selected == card else card
        self.focus = ".pile.legal" if self.selected is not None else f'[data-card="{card}"]'

    def on_play(self, data):
        card = int(data["card"]) if data.get("card") not in (None, "") else self.selected
        if card is None:
            raise ValueError("Choose a card from your hand first, then a pile.")
        self._act(("play", card, int(data["pile"])))
        self.focus = '[data-action="select"]'

    def on_end_turn(self, data):
        self._act(("end",))

    def on_signal(self, data):
        self._act(("signal", int(data["pile"]), data["kind"]))

    def on_undo(self, data):
        if self.finished:
            raise ValueError("The game is over: start a new deal or play this one again.")
        self.session.undo()
        self.selected = None
        self.hint = None
        self._saved()

    def on_confirm_end(self, data):
        self.ended = True
        self._saved()

    def on_hint(self, data):
        self.hint = self.hint_bot.hint(self.current_view())

    def on_reveal(self, data):
        self.revealed_to = self.session.state.current_player

    def on_again(self, data):
        self.begin(Session.new(self.session.setup, self.session.seed))

    def on_new_deal(self, data):
        self.begin(Session.new(self.session.setup, self.new_seed()))

    def on_share(self, data):
        return ("copy", self.share_text())

    def on_embed(self, data):
        self.panel = ("embed", self.embed_snippet())

    def on_close_panel(self, data):
        self.panel = None

    def _act(self, action) -> None:
        if not self.my_turn():
            raise ValueError("It is not your turn.")
        self.session.apply(action)
        self.selected = None
        self.hint = None
        self._saved()

    def _saved(self) -> None:
        """Save after every action; a finished game leaves nothing to continue."""
        if self.finished:
            self.store.clear_save()
        else:
            self.store.write_save(self.session.to_save())

    # -- sharing -------------------------------------------------------------------
    def deal_link(self) -> str:
        return self.base_url + links.fragment(self.session.setup, self.session.seed)

    def share_text(self) -> str:
        s = self.session
        result = TABLES[s.setup.game].result_text(s.state.result()) + " " if self.finished else ""
        return f"{s.setup.spec.name}: {result}Play this deal: {self.deal_link()}"

    def embed_snippet(self) -> str:
        return (f'<iframe src="{self.deal_link()}" title="cardtable: {self.session.setup.spec.name}"'
                f' width="400" height="720" style="border:0;max-width:100%"></iframe>')

    # -- drawing ---------------------------------------------------------------------
    def screen(self) -> Screen:
        notices = [("status", self.store.notice)] if self.store.notice else []
        base = dict(messages=tuple(notices + self.messages), setup=self.setup, pace=self.pace,
                    panel=self.panel)
        s = self.session
        if s is None:
            return Screen("lobby", saved=self.saved_text(), **base)
        if self.finished:
            return Screen("end", result=s.state.result(), view=s.state.view(0),
                          ui=self.table_ui(), **base)
        if self.needs_pass():
            return Screen("pass", pass_to=seat_name(s.setup.seats, s.state.current_player), **base)
        return Screen("table", view=self.current_view(), ui=self.table_ui(), **base)

    def table_ui(self) -> TableUi:
        s = self.session
        seats = s.setup.seats
        return TableUi(names=tuple(seat_name(seats, i) for i in range(len(seats))),
                       selected=self.selected, log=tuple(s.log[-LOG_LINES:]), hint=self.hint,
                       can_hint=self.hint_bot is not None and not self.finished,
                       can_undo=s.can_undo() and not self.finished,
                       my_turn=self.my_turn(), awaiting=s.awaiting_confirmation() and not self.ended,
                       table=self.table_state())

    def table_state(self):
        """What the game's table module keeps besides the view (``table_state(controller)``
        in ``table_<game>.py``, e.g. the cards chosen so far), or None."""
        hook = getattr(TABLES[self.session.setup.game], "table_state", None)
        return hook(self) if hook else None

    def saved_text(self):
        save = self.store.peek_save()
        if not save or save.get("game") not in GAMES:
            return None
        moves = len(save.get("actions", []))
        return (f"A game of {GAMES[save['game']].name} for {save.get('players')} players is saved"
                f" ({moves} {'move' if moves == 1 else 'moves'} made).")


def hint_bot(game: str, seed: str):
    """The strongest bot of ``game`` that offers ``hint(view)``, or None."""
    for level in reversed(levels(game)):
        bot = make_bot(game, level, 0, seed)
        if callable(getattr(bot, "hint", None)):
            return bot
    return None


HANDLERS = {
    "pick-game": Controller.on_pick_game, "players": Controller.on_players,
    "seat": Controller.on_seat, "option": Controller.on_option, "pace": Controller.on_pace,
    "start": Controller.on_start, "continue": Controller.on_continue,
    "discard-save": Controller.on_discard, "lobby": Controller.on_lobby,
    "select": Controller.on_select, "play": Controller.on_play,
    "end-turn": Controller.on_end_turn, "signal": Controller.on_signal,
    "undo": Controller.on_undo, "confirm-end": Controller.on_confirm_end,
    "hint": Controller.on_hint, "reveal": Controller.on_reveal, "again": Controller.on_again,
    "new-deal": Controller.on_new_deal, "share": Controller.on_share,
    "embed": Controller.on_embed, "close-panel": Controller.on_close_panel,
}
