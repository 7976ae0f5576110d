"""Every table offers only what the engine allows, for every registered game: at seeded
positions of random play, each live control of the table is pressed through the
controller, and any move it makes must be one of the view's legal actions (a control
that only selects may make none). Moves the engine refuses would be a table deciding
legality on its own."""

import random

import pytest
from html_page import Page, screen_html

from cardtable.engine.core import thaw
from cardtable.engine.registry import GAMES
from cardtable.web.controller import Controller
from cardtable.web.lobby import HUMAN, Setup
from cardtable.web.session import Session, from_save
from cardtable.web.storage import Store
from cardtable.web.tables import table_module

POSITIONS = 12  # positions per game and player count
CASES = [(game, players) for game, spec in GAMES.items()
         for players in (spec.min_players, spec.max_players)]


def controller_at(save: dict) -> Controller:
    """A controller at the saved position, the device taken by the seat to move."""
    controller = Controller(Store(), lambda: "legal-test")
    controller.begin(from_save(save))
    controller.sitting.table.reveal()
    return controller


def positions(spec, players: int, seed: int):
    """Saves of a solo human (seat 1) against random play, at their turns."""
    rng = random.Random(seed)
    setup = Setup(spec.id, players, (HUMAN,) * players, spec.resolve_options({}, players))
    session = Session.new(setup, f"legal-{seed}")
    while not session.state.is_over and len(session.actions) < spec.max_actions(players):
        state = session.state
        if state.forced_action() is None and rng.random() < 0.15:
            yield session.to_save()
        legal = state.legal_actions()
        session.apply(legal[int(rng.random() * len(legal))])


def live_controls(controller) -> list:
    page = Page(screen_html(controller.screen()))
    handlers = controller.sitting.table.module.HANDLERS
    return [e.attrs for e in page.elements
            if e.tag == "button" and e.attrs.get("data-action") in handlers
            and "disabled" not in e.attrs]


def pressed(save: dict, control: dict, chain: int = 3):
    """Press ``control`` (then up to ``chain`` further live controls, for tables where a
    move takes a selection first); the moves made, with the legal actions before each."""
    controller = controller_at(save)
    made = []
    for _ in range(chain):
        before = controller.session.state
        legal = [thaw(a) for a in before.legal_actions()]
        data = {k[5:]: v for k, v in control.items() if k.startswith("data-")}
        controller.handle(control["data-action"], data)
        if len(controller.session.actions) > len(save["actions"]):
            made.append((controller.session.actions[len(save["actions"])], legal))
            break
        following = [c for c in live_controls(controller) if c != control]
        if not following:
            break
        control = following[0]
    return made


@pytest.mark.parametrize("game,players", CASES)
def test_every_live_control_makes_only_legal_moves(game, players):
    spec = GAMES[game]
    checked = 0
    for save in list(positions(spec, players, 1))[:POSITIONS]:
        for control in live_controls(controller_at(save)):
            for action, legal in pressed(save, control):
                assert action in legal, (control, action)
                checked += 1
    assert checked, f"no move of {game} was made by pressing its table's controls"
    assert table_module(game).HANDLERS
