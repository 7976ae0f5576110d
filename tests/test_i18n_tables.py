"""The game tables in Portuguese and Romanian: every game drawn mid-game in each language
(words of the catalogs on screen, the English ones gone), the log in Romanian, Romanian's
three plural forms, and the seeds' card names.

Tables are drawn from positions of random legal moves (seeded), as tests/test_render*.py
draw them; seat names come from the lobby, so they are translated too. The conftest puts
the language back to English after each test.
"""

import random
import re

import pytest

from cardtable import i18n
from cardtable.engine.registry import get
from cardtable.games.rentz import table as table_rentz
from cardtable.games.the_game import table as table_the_game
from cardtable.games.triggs import cross as triggs_cross, table as table_triggs
from cardtable.web.lobby import HUMAN, Setup, seat_names
from cardtable.web.session import Session
from cardtable.web.tables import table_module
from cardtable.web.ui import TableUi

SEATS = {2: (HUMAN, "careful"), 3: (HUMAN, "careful", "careful"),
         4: (HUMAN, "careful", "careful", "careful")}


def position(game: str, players: int, moves: int, seed: str = "i18n"):
    """The state after ``moves`` random legal moves, and every event on the way."""
    state, rng, log = get(game).new(players, {}, seed), random.Random(7), []
    for _ in range(moves):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        log += state.events(action, after)
        state = after
    return state, log


def drawn(game: str, players: int, moves: int, language: str, seat: int = 0):
    """The table as seat 0 sees it, in ``language``; its visible text, aria-labels and
    titles as one string; and the log in words."""
    i18n.set_language(language)
    state, log = position(game, players, moves)
    names = seat_names(SEATS[players])
    module = table_module(game)
    html = module.table_html(state.view(seat), TableUi(
        names=names, log=tuple(log), my_turn=state.current_player == seat, can_hint=True,
        can_undo=True))
    text = " ".join(re.findall(r">([^<]+)<", html) + re.findall(r'(?:aria-label|title)="([^"]*)"', html))
    return text, [module.event_text(event, names) for event in log], state


@pytest.fixture(params=["pt", "ro"])
def language(request):
    return request.param


# -- every game mid-game, in both languages ----------------------------------------------
WORDS = {  # (game, players, moves): {language: words that must show}, English that must not
    ("the-game", 3, 6): ({"pt": ["Terminar a vez", "Desfazer", "Dica", "Pilhas", "Monte de compra:",
                                 "Jogadas por vez", "na mão", "(crescente), topo"],
                          "ro": ["Încheie tura", "Anulează", "Indiciu", "Teancuri", "Pachet:",
                                 "Mutări pe tură", "în mână", "(crescător), sus"]},
                         ["End turn", "Undo", "Piles", "Draw pile", "Moves by turn", "in hand",
                          "(rising), top"]),
    ("extreme", 2, 9): ({"pt": ["Em vigor", "Mostrar as minhas instruções", "Terminar a vez",
                                "O que as instruções significam"],
                         "ro": ["În vigoare", "Arată-mi instrucțiunile", "Încheie tura",
                                "Ce înseamnă instrucțiunile"]},
                        ["In force", "Share my instructions", "End turn",
                         "What the instructions mean"]),
    ("triggs", 3, 25): ({"pt": ["A sua folha", "Outros jogadores", "Pilha de descarte", "Vezes",
                                "Descarte"],
                         "ro": ["Foaia ta", "Ceilalți jucători", "Teancul de cărți aruncate",
                                "Ture", "Aruncate"]},
                        ["Your sheet", "Other players", "Discard pile", "Turns", "in hand"]),
    ("rentz", 4, 30): ({"pt": ["Folha de pontuação", "Quem escolheu o quê", "Subjogo", "Vaza",
                               "Rei de copas"],
                        "ro": ["Foaie de scor", "Cine ce a ales", "Subjoc", "Levata",
                               "Regele de cupă"]},
                       ["Score sheet", "Who chose what", "Sub-game", "Trick", "King of hearts"]),
}


@pytest.mark.parametrize("where", list(WORDS), ids=[w[0] for w in WORDS])
def test_every_table_mid_game_speaks_the_language(where, language):
    wanted, english = WORDS[where]
    text, _log, _state = drawn(*where, language)
    for word in wanted[language]:
        assert word in text, (language, word)
    for word in english:
        assert word not in text, (language, word)


@pytest.mark.parametrize("where", list(WORDS), ids=[w[0] for w in WORDS])
def test_english_tables_are_unchanged_by_the_catalogs(where):
    text, _log, _state = drawn(*where, "en")
    _wanted, english = WORDS[where]
    assert any(word in text for word in english)


# -- the log in Romanian -----------------------------------------------------------------
def test_the_game_log_in_romanian():
    _text, log, _state = drawn("the-game", 3, 6, "ro")
    assert log and not any(line.startswith("Tu") for line in log)
    assert any(re.fullmatch(r"Joci \d+ pe [↑↓][12]", line) for line in log)
    assert not any(" on " in line for line in log)


def test_triggs_log_in_romanian():
    _text, log, _state = drawn("triggs", 3, 25, "ro")
    lines = " ".join(log)
    assert "Ai " in lines and "a tras" in lines and "din teancul din" in lines
    assert ("a aruncat" in lines) or ("a tăiat" in lines)
    assert "drew" not in lines and "pile" not in lines
    turns = table_triggs.turn_lines(position("triggs", 3, 25)[1], seat_names(SEATS[3]))
    assert any(" și " in text for _turn, text in turns)


def test_rentz_log_in_romanian():
    _text, log, _state = drawn("rentz", 4, 30, "ro")
    lines = " ".join(log)
    assert "ia levata cu" in lines or "iei levata cu" in lines
    assert "Împărțirea 1" in lines and "joacă" in lines and "Robotul 2" in lines
    assert "takes the trick" not in lines and "plays" not in lines


def test_extreme_log_and_end_in_portuguese():
    i18n.set_language("pt")
    names = seat_names(SEATS[2])
    share = {"seat": 0, "kind": "share", "on": True}
    assert table_module("extreme").event_text(share, names) == "Mostra as suas instruções"
    result = {"rating": "lost", "cards_left": 12, "won": False, "lost_by": "skull", "ending": None}
    line = table_module("extreme").result_text(result, names)
    assert line.startswith("Perdida pela instrução ") and line.endswith(", restam 12 cartas.")


# -- Romanian's three plural forms -------------------------------------------------------
@pytest.mark.parametrize("n, words", [(1, "1 carte"), (2, "2 cărți"), (19, "19 cărți"),
                                      (20, "20 de cărți"), (101, "101 cărți"),
                                      (120, "120 de cărți")])
def test_romanian_card_counts_take_their_three_forms(n, words):
    i18n.set_language("ro")
    assert table_the_game.cards(n) == words
    assert triggs_cross.times(n) in ("o dată", f"de {n} ori", f"de {n} de ori", "de două ori")


def test_romanian_plurals_on_a_table():
    i18n.set_language("ro")
    assert table_rentz.points_words(1) == "1 punct"
    assert table_rentz.points_words(-40) == "−40 de puncte"
    assert table_rentz.points_words(310) == "310 puncte"
    for n, form in ((1, "1 levată"), (3, "3 levate"), (25, "25 de levate")):
        assert table_rentz.took_words("tricks", -50 * n, {"trick": -50}, False) == form
    assert table_the_game.result_text({"rating": "lost", "cards_left": 23}) == \
        "Pierdut: au rămas 23 de cărți (mai puțin de 10 ar fi excelent)."


def test_portuguese_plurals_have_two_forms():
    i18n.set_language("pt")
    assert table_the_game.cards(1) == "1 carta"
    assert table_the_game.cards(20) == "20 cartas"
    assert table_triggs.cards_of(0) == "0 cartas"


# -- card names and terms from the seeds -------------------------------------------------
@pytest.mark.parametrize("card, pt, ro", [("KH", "Rei de copas", "Regele de cupă"),
                                          ("10C", "Dez de paus", "Zecele de treflă"),
                                          ("QD", "Dama de ouros", "Dama de caro"),
                                          ("AS", "Ás de espadas", "Asul de pică"),
                                          ("JH", "Valete de copas", "Valetul de cupă")])
def test_rentz_cards_are_named_in_words(card, pt, ro):
    assert table_rentz.card_label(card).startswith(("King", "Ten", "Queen", "Ace", "Jack"))
    i18n.set_language("pt")
    assert table_rentz.card_label(card) == pt
    i18n.set_language("ro")
    assert table_rentz.card_label(card) == ro


def test_rentz_sub_games_take_the_romanian_rules_names():
    i18n.set_language("ro")
    names = [table_rentz.sub_game_name(g) for g in ("king", "queens", "diamonds", "tricks",
                                                    "totals", "ten")]
    assert names == ["Regele de cupă", "Dame", "Caro", "Levate", "Totale", "Zecele de treflă"]


def test_the_game_piles_keep_their_symbols():
    i18n.set_language("pt")
    text, _log, _state = drawn("the-game", 3, 6, "pt")
    assert "↑1" in text and "↓2" in text and "Pilha" in text


def test_triggs_discard_is_told_apart_from_the_saved_game_button():
    """The discard pile's label and the Triggs action share the English word "Discard"
    with another screen's button: each has its own context in the catalogs."""
    i18n.set_language("pt")
    assert table_triggs.pgettext("Triggs discard pile", "Discard") == "Descarte"
    assert table_triggs.pgettext("Triggs action", "Discard") == "Descartar"
    i18n.set_language("en")
    assert table_triggs.pgettext("Triggs discard pile", "Discard") == "Discard"


# -- errors raised to the player ---------------------------------------------------------
def test_undo_refusal_in_romanian():
    i18n.set_language("ro")
    session = Session.new(Setup(game="the-game", players=1, seats=(HUMAN,),
                                options=get("the-game").resolve_options({}, 1)), "err")
    with pytest.raises(ValueError, match="Nimic de anulat"):
        session.undo()


def test_triggs_choice_errors_in_portuguese():
    i18n.set_language("pt")
    assert triggs_cross.discard_action(())[1] == "Selecione as cartas a descartar."
    assert triggs_cross.discard_action((3, 4))[1] == "Descarte cartas de um só valor."
