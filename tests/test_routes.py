"""One route table (web/routes.py): every control's data-action goes to one part of the app.

The table is built at import from every part's ``HANDLERS``; it refuses a name that two
parts claim, and no game's table claims a name of the app's (a game's controls are the
names no part claims). The two sittings answer the same table buttons, and a page in the
lobby answers them in words.
"""

import pytest

from cardtable.engine.registry import GAMES
from cardtable.web.controller import ROUTES, Controller
from cardtable.web.routes import route_table
from cardtable.web.sitting import LocalSitting, NoSitting
from cardtable.web.storage import Store
from cardtable.web.tables import table_module
from cardtable.web.together.sitting import GuestSitting


def test_a_name_claimed_twice_is_refused_naming_both_parts():
    with pytest.raises(ValueError, match="'undo' is claimed by both sitting and records"):
        route_table(("sitting", {"undo": print, "hint": print}), ("records", {"undo": print}))


def test_the_route_table_is_every_parts_handlers_once():
    assert route_table(("a", {"x": print}), ("b", {"y": len})) == {
        "x": ("a", print), "y": ("b", len)}
    assert {"start", "lobby", "pace", "rules", "records", "join", "undo", "pick-game"} <= set(ROUTES)


@pytest.mark.parametrize("game", GAMES)
def test_no_games_control_is_claimed_by_a_part_of_the_app(game):
    assert not set(table_module(game).HANDLERS) & set(ROUTES), game


def test_the_sittings_answer_the_same_table_buttons():
    assert set(LocalSitting.HANDLERS) == set(GuestSitting.HANDLERS) == set(NoSitting.HANDLERS)
    assert {action for action, route in ROUTES.items() if route.part == "sitting"} \
        == set(LocalSitting.HANDLERS)


def test_a_table_button_in_the_lobby_is_answered_in_words():
    controller = Controller(Store(), lambda: "seed")
    for action in LocalSitting.HANDLERS:
        assert controller.handle(action, {}) is None
        assert controller.messages == [
            ("alert", "There is no game on the table: start one in the lobby.")], action


def test_the_stand_in_names_every_control_of_playing_together():
    from cardtable.web.alone import ACTIONS
    from cardtable.web.together.company import HANDLERS

    assert set(ACTIONS) == set(HANDLERS)
