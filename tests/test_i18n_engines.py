"""The engines' and bots' words in the player's language: illegal moves, option labels
and help in the lobby, game summaries, hints; Romanian plurals in their three forms; and
English exactly as before. Needs the compiled catalogs (``python3 build.py build``)."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.games.extreme import bots as extreme_bots
from cardtable.games.rentz import bots as rentz_bots
from cardtable.games.the_game import bots as the_game_bots
from cardtable.games.triggs import bots as triggs_bots
from cardtable.engine.core import IllegalAction
from cardtable.engine.registry import get
from cardtable.games.rentz.rules import SUB_GAMES, suit_of
from cardtable.games.triggs.rules import check_makes
from cardtable.web import render
from cardtable.web.lobby import default_setup


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    return str(caught.value)


def test_an_illegal_move_is_refused_in_romanian_and_portuguese():
    state = get("the-game").new(2, {}, "i18n")
    i18n.set_language("ro")
    assert refusal(state, ("end",)) == ("joacă cel puțin 2 cărți înainte de a termina tura"
                                        " (ai jucat 0)")
    assert refusal(state, ("play", 150, 0)) == "150 nu este în mâna locului 1"
    i18n.set_language("pt")
    assert refusal(state, ("end",)) == ("jogue pelo menos 2 cartas antes de terminar a vez"
                                        " (já jogou 0)")


def test_english_refusals_are_unchanged():
    state = get("the-game").new(2, {}, "i18n")
    assert refusal(state, ("end",)) == "play at least 2 cards before ending the turn (0 played)"
    assert refusal(state, ("signal", 9, "hold")) == "no signal 'hold' on pile 9"
    extreme = get("extreme").new(2, {}, "i18n")
    assert refusal(extreme, ("end",)) == "the turn cannot end yet: play at least 2 cards (0 played)"
    rentz = get("rentz").new(3, {}, "i18n")
    assert refusal(rentz, ("play",)) == "“play” takes 1 argument, not 0"


def test_an_extreme_refusal_names_its_instruction_words_in_romanian():
    state = get("extreme").new(2, {}, "i18n")
    i18n.set_language("ro")
    assert refusal(state, ("end",)) == ("tura nu se poate încheia încă: joacă cel puțin 2 cărți"
                                        " (ai jucat 0)")
    assert state.view(0)["end_problem"] == "joacă cel puțin 2 cărți (ai jucat 0)"


def test_rentz_refuses_a_card_that_does_not_follow_suit_in_romanian():
    for seed in range(40):
        state = get("rentz").new(4, {}, f"follow-{seed}").apply(("choose", "tricks"))
        state = state.apply(state.legal_actions()[0])
        led = suit_of(state.trick[0][1])
        hand = state.hands[state.current]
        off_suit = [card for card in hand if suit_of(card) != led]
        if off_suit and len(off_suit) < len(hand):
            break
    else:
        pytest.fail("no deal where a seat could fail to follow suit")
    i18n.set_language("ro")
    suit = {"H": "cupă", "D": "caro", "C": "treflă", "S": "pică"}[led]
    assert refusal(state, ("play", off_suit[0])) == (
        f"trebuie să răspunzi la {suit}: ai {suit}")


def test_a_rentz_hint_comes_out_in_romanian():
    state = get("rentz").new(3, {}, "hint-ro")
    i18n.set_language("ro")
    reason = rentz_bots.hint(state.view(state.current_player))["reason"]
    # the sub-game in words first, then the figures (#51)
    assert reason.startswith("Dintre subjocurile care ți-au rămas, "), reason
    assert any(f", {name} se potrivește cel mai bine mâinii tale" in reason for name in
               ("Regele de cupă", "Dame", "Caro", "Levate", "Totale", "Zecele de treflă",
                "Whist", "Rentz")), reason
    assert "în 6 împărțiri simulate face în medie" in reason


def test_every_game_hints_in_portuguese_and_romanian_without_english_words():
    states = {game: get(game).new(2 if game != "rentz" else 3, {}, "hints")
              for game in ("the-game", "extreme", "triggs", "rentz")}
    bots = {"the-game": the_game_bots, "extreme": extreme_bots, "triggs": triggs_bots,
            "rentz": rentz_bots}
    english = {game: bots[game].hint(s.view(s.current_player))["reason"]
               for game, s in states.items()}
    for code in ("pt", "ro"):
        i18n.set_language(code)
        for game, state in states.items():
            reason = bots[game].hint(state.view(state.current_player))["reason"]
            assert reason != english[game]
            for word in (" the ", " your ", " card ", " row ", " pile "):
                assert word not in reason, (code, game, reason)


class FixedEstimate:
    """A stand-in for the Triggs bot whose estimate of the turns left is fixed."""

    def __init__(self, turns: float):
        self.turns = turns

    def after_play(self, free, hand, action, odds):
        return self.turns


@pytest.mark.parametrize("turns, words", [(1, "de vreo 1 tură,"), (3, "de vreo 3 ture,"),
                                          (20, "de vreo 20 de ture,"), (101, "de vreo 101 ture,")])
def test_romanian_plurals_take_all_three_forms(turns, words):
    i18n.set_language("ro")
    said = triggs_bots.turns_words(FixedEstimate(turns), [], (), ("discard", 1, 1), [])
    assert words in said


def test_plural_refusals_follow_the_count_in_romanian():
    i18n.set_language("ro")
    with pytest.raises(IllegalAction, match="are 1 căsuță liberă"):
        check_makes((1, 2, 3), 3, 1, ((1, 2), (3,)))
    with pytest.raises(IllegalAction, match="are 2 căsuțe libere"):
        check_makes((1, 2, 3, 3), 3, 2, ((1, 2), (3,), (3,)))
    i18n.set_language("en")
    with pytest.raises(IllegalAction, match="row 3 has 1 free box: 2 makes"):
        check_makes((1, 2, 3), 3, 1, ((1, 2), (3,)))


def test_option_labels_help_choices_and_summary_translate_in_the_lobby():
    english = render.lobby_html(default_setup("the-game"))
    assert "Who starts" in english and "Smaller hands" in english
    i18n.set_language("ro")
    html = render.lobby_html(default_setup("the-game"))
    assert "<legend>Cine începe</legend>" in html
    assert ">primul<" in html and ">echipa<" in html
    assert "primul: începe locul 1 (tu)." in html
    assert "Puneți toate cele 98 de cărți" in html
    assert "Who starts" not in html and "Play all 98" not in html
    i18n.set_language("pt")
    rentz = render.lobby_html(default_setup("rentz"))
    assert ">Colocações no Rentz</label>" in rentz and ">Cada dama</label>" in rentz
    assert "<legend>Escolha às cegas</legend>" in rentz
    assert "Pontos por cada dama levada em Damas e em Totais." in rentz
    assert ">Rei de copas<" in rentz  # a practice button names its sub-game


def test_a_bad_option_is_refused_in_the_players_language():
    spec = get("the-game")
    i18n.set_language("pt")
    with pytest.raises(ValueError) as caught:
        spec.new(2, {"min_cards": 5})
    assert str(caught.value) == "Mínimo de cartas por vez: '5' não é permitido (escolha 2, 3)"
    with pytest.raises(ValueError, match="The Game é para 1–5 jogadores, não 9"):
        spec.new(9)
    i18n.set_language("ro")
    with pytest.raises(ValueError, match="Clasamentul la Rentz are nevoie de 3 numere"):
        get("rentz").new(3, {"placings": (1, 2)})


def test_marked_tables_stay_english_data():
    """Names and help marked with N_ are English data; only their display translates."""
    i18n.set_language("ro")
    assert [game.name for game in SUB_GAMES][:2] == ["King of hearts", "Queens"]
    assert i18n._(SUB_GAMES[0].name) == "Regele de cupă"
    assert get("triggs").summary.startswith("Race to cross")
