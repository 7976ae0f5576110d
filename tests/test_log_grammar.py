"""The log in the words a player would write, in English, Portuguese and Romanian: real
games played to their end by bots from a seed, with seat 0 named as the page names it
("You", a :class:`~cardtable.web.ui.You`), every log line and the end screen read for
the grammar of its language. English: the player in the second person ("You play"),
another seat in the third ("Bot 2 plays"), never "You:" before a verb; counts agree
with their nouns ("1 card", "2 cards"). Portuguese (European): the player addressed
without "você" and without "Você:". Romanian: no "Tu:" and no "Tu" before a
third-person verb; "de tine", never "de Tu".

Needs the compiled catalogs (``python3 build.py build``, which ``build.py test`` runs).
"""

import html
import re

import pytest

from cardtable import bots, i18n
from cardtable.engine.registry import GAMES
from cardtable.sim import bot_seed
from cardtable.web.lobby import HUMAN, seat_names
from cardtable.web.tables import table_module
from cardtable.web.ui import TableUi

# (game, players): every game, alone where it may be played alone and with others.
GAMES_PLAYED = [("the-game", 1), ("the-game", 3), ("extreme", 1), ("extreme", 3),
                ("triggs", 2), ("triggs", 4), ("rentz", 3), ("rentz", 6)]
NOUNS = r"(?:card|player|turn|deal|point|box|trick|queen|diamond|move|game|win)"
ENGLISH = [
    (re.compile(r"\bYou:"), "“You:” before what the player did"),
    # a third-person verb after "You": "You plays", "You has", "You takes"
    (re.compile(r"\bYou (?!pass\b)(?:has|is|was|does|\w+[^s\W]s)\b"), "“You” with a third-person verb"),
    # a bare verb after another seat's name: "Bot 2 play", "Bot 3 have"
    (re.compile(r"\b(?:Bot|Player) \d+ (?:play|end|raise|clear|choose|look|pass|take|lose|"
                r"share|stop|have|win|lay)\b"), "a seat's name with a bare verb"),
    (re.compile(rf"(?<![\d.,]) ?\b1 {NOUNS}s\b"), "one of a plural noun"),
    (re.compile(rf"\b(?:0|[2-9]|\d\d+) {NOUNS}\b(?! of)"), "a plural count with a singular noun"),
    (re.compile(r"\bnone of the 1\b"), "“none of the 1”"),
]
PORTUGUESE = [
    (re.compile(r"\b[Vv]ocês?\b"), "“você”, Brazilian"),
    (re.compile(r"\b(?:Eu|Tu):"), "a name and a colon before what the player did"),
    (re.compile(r"\b1 (?:cartas|jogadores|vezes|rondas|pontos|vazas)\b"), "one of a plural noun"),
    (re.compile(r"\b(?:[02-9]|\d\d+) (?:carta|jogador|ronda|ponto|vaza)\b(?! de)"),
     "a plural count with a singular noun"),
]
ROMANIAN = [
    (re.compile(r"\bTu:"), "“Tu:” before what the player did"),
    (re.compile(r"\bTu (?:alege|joacă|are|ia|trage|termină|încheie|pierde|câștigă|aruncă|"
                r"taie|pune|scoate|trece|trebuia să joace)\b"), "“Tu” with a third-person verb"),
    (re.compile(r"\b(?:de|pe|cu|pentru) Tu\b"), "“Tu” after a preposition (it is “tine”)"),
    (re.compile(r"\b1 (?:cărți|jucători|ture|puncte|levate)\b"), "one of a plural noun"),
]
CHECKS = {"en": ENGLISH, "pt": PORTUGUESE, "ro": ROMANIAN}


def play(game: str, players: int, seed: str):
    """A whole game played by the weakest bots: the final state and every event."""
    spec = GAMES[game]
    state = spec.new(players, spec.resolve_options({}, players), seed)
    level = next(iter(bots.bot_module(game).LEVELS))
    seats = [bots.make_bot(game, level, seat, bot_seed(seed, seat)) for seat in range(players)]
    log = []
    while not state.is_over:
        action = state.forced_action()
        if action is None:
            seat = state.current_player
            action = tuple(seats[seat].act(state.view(seat)))
        after = state.apply(action)
        log += state.events(action, after)
        state = after
    return state, log


PLAYED = {}


def played(game: str, players: int):
    if (game, players) not in PLAYED:
        PLAYED[game, players] = play(game, players, f"grammar-{game}-{players}")
    return PLAYED[game, players]


def texts(game: str, players: int, language: str) -> list:
    """Every line of the table's log and the end screen's text, in ``language``."""
    i18n.set_language(language)
    state, log = played(game, players)
    names = seat_names((HUMAN,) + ("bot",) * (players - 1))
    module = table_module(game)
    page = module.table_html(state.view(0), TableUi(names=names, log=tuple(log)))
    lines = [html.unescape(line) for line in
             re.findall(r'<span class="log-text">(.*?)</span>', page)]
    end = html.unescape(re.sub(r"<[^>]+>", " ", module.end_html(state.result(), names)))
    return lines + [" ".join(end.split())]


def wrong(lines, checks) -> list:
    return [(line, why) for line in lines for pattern, why in checks if pattern.search(line)]


@pytest.mark.parametrize("language", ["en", "pt", "ro"])
@pytest.mark.parametrize("game,players", GAMES_PLAYED)
def test_the_log_and_the_end_of_a_real_game_read_as_a_player_writes(game, players, language):
    lines = texts(game, players, language)
    assert len(lines) > 10
    assert wrong(lines, CHECKS[language]) == []


@pytest.mark.parametrize("game,players", GAMES_PLAYED)
def test_english_speaks_to_the_player_and_of_the_others(game, players):
    """Every line about a move starts with the mover: "You" and a verb in the second
    person, another seat's name and a verb in the third."""
    lines = texts(game, players, "en")
    mine = [line for line in lines if line.startswith("You ")]
    assert mine and all(re.match(r"You (?:[a-z]+ed|play|end|raise|clear|share|stop|choose|"
                                 r"look|pass|have|take|lose|win|drew|laid|had|could)\b", line)
                        for line in mine), mine
    theirs = [line for line in lines if re.match(r"Bot \d+ ", line)]
    assert all(re.match(r"Bot \d+ (?:\w+s|drew|\w+ed|laid|had|could)\b", line) for line in theirs)
    if players > 1:
        assert theirs


def test_the_checks_catch_what_they_are_for():
    """The patterns above find the faults this project once shipped."""
    shipped = {"en": ["You: chooses Totals", "You: plays 9♥", "You: has no cards left",
                      "none of the 1 card in hand fitted", "A game for 1 players is saved",
                      "Bot 2 play 9♥", "You takes the trick"],
               "pt": ["Você leva a vaza", "Eu: joga 9♥", "Há um jogo para 1 jogadores"],
               "ro": ["Tu: alege Totale", "Tu trebuia să joace 2 cărți", "ultima jucată de Tu",
                      "Tu joacă 9♥"]}
    for language, lines in shipped.items():
        assert all(wrong([line], CHECKS[language]) for line in lines), language


def test_face_down_draws_of_a_real_triggs_game_are_counted_not_repeated():
    """Triggs: no line says the same face-down draw twice ("drew a card from the middle
    pile and drew a card from the middle pile"); some line counts them ("2 cards")."""
    lines = []
    for players in (2, 3, 4):
        lines += texts("triggs", players, "en")
    assert not [line for line in lines if re.search(r"(drew a card from the (\w+) pile) and \1", line)]
    assert any(re.search(r"drew 2 cards from the middle pile", line) for line in lines)
