"""Issue 54: a table offers a bot level only where the levels' table did not show it
to be no stronger than the level below, and a ``SHOWN_ONLY`` level only where it showed
it stronger (``bots/offered.py``); the lobby lists, links play and the hint uses only
what the table offers, and the verdicts are the bench's."""

import json
import pathlib
import sys

import pytest

from cardtable.bots import levels, shown_only
from cardtable.bots.offered import (offered_default, offered_level, offered_levels,
                                    table_modes, withheld)
from cardtable.engine.registry import GAMES, game_module
from cardtable.web import links
from cardtable.web.bot_runner import hint_bot
from cardtable.web.lobby import default_setup
from cardtable.web.render import lobby_html

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from levels import lobby_modes, verdicts  # noqa: E402

EXPERT_MASTER = ("min_cards=3", 4, "master")
STANDARD_MASTER = ("standard", 4, "master")


@pytest.fixture
def master_shown_only_in_standard(monkeypatch):
    """The Game's table as if master over strong with 4 players had been measured and
    shown in the standard rules, and measured and not shown in expert mode."""
    shown = game_module("the-game", "level_table").SHOWN
    monkeypatch.setitem(shown, STANDARD_MASTER, True)
    monkeypatch.setitem(shown, EXPERT_MASTER, False)


def lobby_tables(game: str):
    """A setup for every player count and mode of ``game`` the levels' table has rows of."""
    spec = GAMES[game]
    for players in range(spec.min_players, spec.max_players + 1):
        for options in lobby_modes(spec).values():
            setup = default_setup(game).with_players(players)
            for key, value in options.items():
                setup = setup.with_option(key, value)
            yield setup


def expert(players: int = 4):
    return default_setup("the-game").with_players(players).with_option("min_cards", 3)


def test_a_tables_modes_are_the_rows_that_speak_of_it():
    spec = GAMES["the-game"]
    defaults = spec.resolve_options({}, 4)
    assert table_modes("the-game", defaults) == ["standard"]
    both = spec.resolve_options({"min_cards": 3, "small_hands": True}, 4)
    assert table_modes("the-game", both) == ["min_cards=3", "small_hands=on"]


def test_a_level_not_shown_is_withheld_only_at_its_table(master_shown_only_in_standard):
    options = expert().options
    assert withheld("the-game", 4, options) == {"master"}
    assert offered_levels("the-game", 4, options) == ("random", "casual", "strong")
    assert offered_level("the-game", 4, options, "master") == "strong"
    standard = default_setup("the-game").with_players(4)
    assert "master" in offered_levels("the-game", 4, standard.options)
    both = expert().with_option("small_hands", True)
    assert "master" not in both.levels()  # one row of its modes withholds it


def test_a_shown_only_level_is_offered_only_where_every_row_of_the_table_showed_it(
        master_shown_only_in_standard):
    assert shown_only("the-game") == ("master",)
    assert "master" in default_setup("the-game").with_players(4).levels()
    assert "master" not in default_setup("the-game").with_players(5).levels()  # not measured
    small = default_setup("the-game").with_players(4).with_option("small_hands", True)
    assert "master" not in small.levels()  # the small_hands=on row is not measured


def test_a_row_not_measured_withholds_only_the_shown_only_levels(monkeypatch):
    for game, spec in GAMES.items():
        monkeypatch.setattr(game_module(game, "level_table"), "SHOWN", {})
        kept = tuple(level for level in levels(game) if level not in shown_only(game))
        for players in range(spec.min_players, spec.max_players + 1):
            assert offered_levels(game, players, spec.resolve_options({}, players)) == kept


def test_the_lobby_lists_only_the_levels_offered(master_shown_only_in_standard):
    assert 'value="master"' not in lobby_html(expert())
    assert 'value="master"' in lobby_html(default_setup("the-game").with_players(4))


def test_a_table_that_changes_moves_a_withheld_seat_to_the_best_level_below(
        master_shown_only_in_standard):
    setup = default_setup("the-game").with_players(4).with_seat(2, "master")
    moved = setup.with_option("min_cards", 3)
    assert moved.seats[2] == "strong"
    assert setup.with_offered_levels() == (setup, [])
    assert offered_default("the-game", 4, moved.options) == "strong"


def test_a_link_naming_a_withheld_level_plays_the_best_below_and_says_so_once(
        master_shown_only_in_standard):
    link = links.parse("#/the-game?seed=abc&players=4&min_cards=3"
                       "&seats=human,master,master,casual")
    assert link.error is None
    assert link.setup.seats == ("human", "strong", "strong", "casual")
    [notice] = link.notices
    assert "master" in notice and "strong" in notice and "\n" not in notice
    assert "seats=human,strong,strong,casual" in link.deal


def test_the_game_master_is_offered_at_no_table_while_no_row_shows_it():
    """No row of the levels' table has shown master stronger than strong (where measured,
    the difference was 0 or within a card of it), so no table offers it: a link that seats
    it plays strong and says so."""
    for setup in lobby_tables("the-game"):
        assert "master" not in setup.levels(), (setup.players, setup.options)
    link = links.parse("#/the-game?seed=abc&players=4&seats=human,master,master,casual")
    assert link.setup.seats == ("human", "strong", "strong", "casual") and link.notices


def test_the_hint_uses_the_best_level_the_table_offers(master_shown_only_in_standard):
    assert type(hint_bot("the-game", "h", expert())).__name__ == "StrongBot"
    standard = default_setup("the-game").with_players(4)
    assert type(hint_bot("the-game", "h", standard)).__name__ == "MasterBot"
    assert type(hint_bot("the-game", "h", standard.with_players(5))).__name__ == "StrongBot"


def test_the_verdicts_are_the_benchs_rows_in_docs():
    """Each game's level_table is what ``bench/levels.py --verdicts`` writes from the JSON
    of the runs kept in docs/figures/levels/, every row a mode and player count the lobby
    offers."""
    runs = sorted((ROOT / "docs" / "figures" / "levels").glob("*.json"))
    assert runs, "the runs' JSON files are kept in docs/figures/levels/"
    written = verdicts([str(path) for path in runs])
    for game, spec in GAMES.items():
        shown = game_module(game, "level_table").SHOWN
        assert shown == written[game], game
        for mode, players, level in shown:
            assert mode in lobby_modes(spec), (game, mode)
            assert spec.min_players <= players <= spec.max_players
            assert level in levels(game)[1:]


def test_bad_verdict_files_get_one_line(tmp_path, capsys):
    from levels import main

    bad = tmp_path / "rows.json"
    bad.write_text(json.dumps({"rows": [{"game": "the-game"}]}))
    assert main(["--verdicts", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_every_table_the_lobby_offers_keeps_a_hint():
    """Every game gets hints: whatever the verdicts withhold, each table (game, players,
    mode) still offers a level that gives one."""
    for game in GAMES:
        for setup in lobby_tables(game):
            assert hint_bot(game, "h", setup) is not None, (game, setup.players, setup.options)


def test_where_extreme_withholds_strong_the_hint_is_carefuls_play():
    """Extreme's strong level was measured and not shown over careful with 5 players in the
    standard rules: that table offers careful at most, and its hint is careful's next play
    (sharing and signals aside), with its reason."""
    from cardtable.engine.rng import make_rng
    from cardtable.games.extreme.bots import CarefulBot, StrongBot

    setup = default_setup("extreme").with_players(5)
    assert setup.levels()[-1] == "careful" and "strong" not in setup.seats
    assert "strong" in setup.with_players(4).levels()
    hinter = hint_bot("extreme", "h", setup)
    assert type(hinter) is CarefulBot
    spec, rng, differ = GAMES["extreme"], make_rng("careful-hint"), 0
    state = spec.new(5, setup.options, "careful-hint")
    for _ in range(60):
        if state.is_over:
            break
        view = state.view(state.current_player)
        plays = dict(view, legal=[a for a in view["legal"] if a[0] in ("play", "end")])
        hint = hinter.hint(view)
        assert hint["actions"] == [list(CarefulBot(view["seat"]).act(plays))]
        assert hint["reason"].endswith(".") and hint["reason"][0].isupper()
        differ += hint["actions"] != StrongBot(view["seat"]).hint(view)["actions"]
        state = state.apply(tuple(rng.choice(view["legal"])))
    assert differ, "careful's hints are its own, not the strong bot's"


def test_the_lobby_says_which_level_a_measured_row_withholds_and_why():
    """Where a measured row withholds a level the game offers elsewhere, the lobby says so
    under the seats in one sentence (a seat that was strong with 4 players is careful with
    5); a shown-only level is not named (The Game's master is offered at no table)."""
    line = "This table does not offer the strong bot: it was not shown stronger than the" \
           " careful bot here."
    assert line in lobby_html(default_setup("extreme").with_players(5))
    assert "not-offered" not in lobby_html(default_setup("extreme").with_players(4))
    assert game_module("the-game", "level_table").SHOWN[("min_cards=3", 3, "master")] is False
    assert "not-offered" not in lobby_html(expert(3))


def test_the_lobby_line_speaks_the_players_language():
    from cardtable import i18n

    try:
        for lang in ("pt", "ro"):
            i18n.set_language(lang)
            html = lobby_html(default_setup("extreme").with_players(5))
            assert "not-offered" in html and "not shown stronger" not in html, lang
    finally:
        i18n.set_language("en")


def test_a_seat_at_the_tables_default_follows_the_default_of_the_next_table():
    """Extreme's default, strong, is withheld with 5 players: its seats go to careful
    there and come back to strong with 4; a seat set to another level keeps it."""
    four = default_setup("extreme").with_players(4).with_seat(2, "random")
    assert four.seats == ("human", "strong", "random", "strong")
    five = four.with_players(5)
    assert five.seats == ("human", "careful", "random", "careful", "careful")
    assert five.with_players(4).seats == four.seats
    assert five.with_players(3).seats == ("human", "strong", "random")
    expert_alone = default_setup("extreme").with_players(1).with_option("min_cards", 3)
    assert "strong" not in expert_alone.levels()
    assert expert_alone.with_players(2).seats == ("human", "strong")
