"""Every game's table is declared as one :class:`~cardtable.web.tables.TableSpec` (its
``table.py``'s ``TABLE``), checked as it is made: a spec missing a required part, or with a
part of the wrong kind, is refused with an error naming the game."""

import dataclasses
import types
from pathlib import Path

import pytest

from cardtable.engine import registry
from cardtable.engine.registry import GAMES, game_module
from cardtable.web import tables
from cardtable.web.tables import TableSpec, table_module

FIELDS = [field.name for field in dataclasses.fields(TableSpec)]
REQUIRED = ("game", "table_html", "HANDLERS", "event_text", "result_text", "outcome",
            "STYLESHEET")


@pytest.fixture
def nim(monkeypatch):
    """Nim (tests/nim/) joins the registry, as in test_generic_game."""
    monkeypatch.setitem(registry.GAMES, "nim", registry.declared("nim"))


OUT = object()  # a part left out


def parts(**changes) -> dict:
    """The parts of a small valid spec, with ``changes`` (``OUT`` leaves a part out)."""
    given = {"game": "a-game", "table_html": lambda view, ui: "", "HANDLERS": {"go": print},
             "event_text": lambda event, names: "", "result_text": lambda result, names: "",
             "outcome": lambda result, seat, names: {}, "STYLESHEET": None}
    given.update(changes)
    return {key: value for key, value in given.items() if value is not OUT}


@pytest.mark.parametrize("game", [*GAMES, "nim"])
def test_every_game_declares_its_own_valid_table(game, request):
    if game == "nim":
        request.getfixturevalue("nim")
    module = game_module(game, "table")
    spec = table_module(game)
    assert isinstance(spec, TableSpec) and spec is module.TABLE and spec.game == game
    assert all(callable(handler) for handler in spec.HANDLERS.values())
    assert spec.CANCEL is None or spec.CANCEL in spec.HANDLERS
    assert (spec.PAUSE_AFTER is None) == (spec.pause_html is None)
    if spec.STYLESHEET:
        assert Path(module.__file__).with_name(spec.STYLESHEET).exists()
    # a hook the module defines under a field's name is the one it declares (none forgotten)
    for name in FIELDS:
        if name in vars(module):
            assert getattr(spec, name) is vars(module)[name], (game, name)


def test_the_stylesheets_are_those_the_specs_name_beside_their_modules():
    assert tables.stylesheet_paths() == [
        Path(game_module(game, "table").__file__).with_name(table_module(game).STYLESHEET)
        for game in GAMES if table_module(game).STYLESHEET]


def test_the_spec_keeps_the_names_the_tables_had_and_is_frozen():
    assert {*REQUIRED, "end_html", "takes_back_loss", "CANCEL", "PAUSE_AFTER", "pause_html",
            "progress", "SCORE_NAME", "card_text", "action_text"} == set(FIELDS)
    spec = TableSpec(**parts())
    assert (spec.end_html, spec.takes_back_loss, spec.CANCEL, spec.PAUSE_AFTER,
            spec.pause_html, spec.progress, spec.SCORE_NAME) == (None,) * 7
    assert spec.card_text is str and spec.action_text is None
    assert tables.action_words(spec, ["play", "9H"]) == "play 9H"
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.CANCEL = "go"


def test_the_defaults_of_the_optional_hooks():
    spec = TableSpec(**parts(result_text=lambda result, names: f"<{result['n']}>"))
    assert tables.end_html(spec, {"n": 1}, ()) == '<h2 class="result">&lt;1&gt;</h2>'
    assert not tables.takes_back_loss(spec, {"n": 1})
    assert not tables.pauses(spec, [{"kind": "deal_over"}])
    own = TableSpec(**parts(end_html=lambda result, names: "own", takes_back_loss=lambda r: 1,
                            PAUSE_AFTER="deal_over", pause_html=lambda view, ui: ""))
    assert tables.end_html(own, {"n": 1}, ()) == "own"
    assert tables.takes_back_loss(own, {"n": 1}) is True
    assert tables.pauses(own, [{"kind": "move"}, {"kind": "deal_over"}])
    assert not tables.pauses(own, [{"kind": "move"}])


@pytest.mark.parametrize("name", REQUIRED)
def test_a_spec_missing_a_required_part_is_refused_naming_the_game(name):
    with pytest.raises(TypeError, match=name) as refused:
        TableSpec(**parts(**{name: OUT}))
    if name != "game":
        assert "'a-game'" in str(refused.value)


@pytest.mark.parametrize("changes, said", [
    ({"HANDLERS": {"go": "not a function"}}, "handler of 'go' is not callable"),
    ({"HANDLERS": [("go", print)]}, "HANDLERS must be a dict"),
    ({"HANDLERS": {"": print}}, "is not a data-action"),
    ({"table_html": "<main>"}, "table_html must be callable"),
    ({"outcome": {}}, "outcome must be callable"),
    ({"end_html": "<h2>"}, "end_html must be callable or None"),
    ({"card_text": OUT}, None),  # left out: the default, str
    ({"card_text": None}, "card_text must be callable"),
    ({"STYLESHEET": 3}, "STYLESHEET must be a non-empty string or None"),
    ({"CANCEL": "stop"}, "CANCEL 'stop' is not one of its HANDLERS"),
    ({"PAUSE_AFTER": "deal_over"}, "PAUSE_AFTER and pause_html go together"),
    ({"pause_html": lambda view, ui: ""}, "PAUSE_AFTER and pause_html go together"),
    ({"game": ""}, "game must be a game's id"),
])
def test_a_spec_of_the_wrong_kind_is_refused_naming_the_game(changes, said):
    if said is None:
        assert TableSpec(**parts(**changes)).card_text is str
        return
    with pytest.raises(TypeError) as refused:
        TableSpec(**parts(**changes))
    assert said in str(refused.value)
    if changes.get("game") != "":
        assert "the table of 'a-game'" in str(refused.value)


def test_a_table_module_without_its_own_spec_is_refused(monkeypatch):
    game = next(iter(GAMES))
    bare = types.SimpleNamespace(__file__="table.py")
    monkeypatch.setattr(tables, "game_module", lambda game_id, part: bare)
    with pytest.raises(TypeError, match="declares no TABLE"):
        table_module(game)
    bare.TABLE = TableSpec(**parts(game="another-game"))
    with pytest.raises(TypeError, match="declares the table of 'another-game'"):
        table_module(game)
