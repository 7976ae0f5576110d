"""The catalogs say things as a player of each language writes them.

Portuguese is European Portuguese (the rules' own texts, ``seeds/``, are), in every
entry: none of the words or forms that mark Brazilian Portuguese, each named below with
the European one. Romanian: none of the wrong forms a native player pointed out, and
the labels they named say what a Romanian app says. The stylesheets hold no words: a
``content:`` with letters would be text outside the catalogs.
"""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardtable import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path(i18n.LOCALE_DIR)

# Brazilian word or form → why (the European one). Words are whole words, any case.
BRAZILIAN = {
    r"vocês?": "você: European Portuguese leaves the subject out or says “o seu”",
    r"compartilh\w*": "compartilhar: partilhar",
    r"telas?": "tela (screen): ecrã",
    r"celular\w*": "celular: telemóvel",
    r"arquivos?": "arquivo (file): ficheiro",
    r"equipes?": "equipe: equipa",
    r"aplicativos?": "aplicativo: aplicação",
    r"registr\w*": "registro, registrar: registo, registar",
    r"usuári\w*": "usuário: utilizador",
    r"baix(?:ar|e|ando)": "baixar (download): transferir",
    r"salv(?:ar|o|os|a|as|e)": "salvar (save): guardar",
    r"por padrão|padrão": "padrão (default): predefinição, predefinido",
    r"rodadas?": "rodada (a deal): ronda",
    r"pul(?:ar|a|e|ou)": "pular (skip): saltar",
    r"(?:está|estão|estou|estava) \w+ndo": "está jogando: está a jogar",
    r"liber(?:ar|ando)": "liberar: libertar",
    r"saguão": "saguão (lobby): the list of games",
    r"deu errado": "deu errado: correu mal",
}
BRAZILIAN_RE = re.compile(r"\b(?:" + "|".join(f"(?:{p})" for p in BRAZILIAN) + r")\b",
                          re.IGNORECASE)
# A possessive opening a sentence takes its article in Portugal: "A sua vez", not "Sua vez".
BARE_POSSESSIVE = re.compile(r"(?:^|[.:!?]\s)(?:Sua|Seu|Suas|Seus)\b")

# Romanian: English text → the translation a native player would not write.
ROMANIAN_LABELS = {"End turn": "Închei tura", "Next": "Înainte", "Embed": "Include",
                   "Share": "Trimite", "Records": "Înregistrări", "Lobby": "Început"}
ROMANIAN_WRONG = [
    (re.compile(r"\bTu:"), "“Tu:” and a third-person verb"),
    (re.compile(r"\bde Tu\b"), "“de Tu” (it is “de tine”)"),
    (re.compile(r"\bde fiecare (?:damă|caro|levată)"), "“de fiecare” (it is “pentru fiecare”)"),
    (re.compile(r"\bTu (?:alege|joacă|are|ia|trage|încheie|pierde|câștigă)\b"),
     "“Tu” with a third-person verb"),
]
# ... and in a text said to the player (English "You …").
ROMANIAN_WRONG_TO_YOU = [(re.compile(r"\btrebuia să joace\b"), "“trebuia să joace” (it is “joci”)")]


def catalog(code: str):
    with (LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as source:
        return read_po(source)


def entries(code: str):
    """``(English, translation)`` for every translated text, plural forms included."""
    for message in catalog(code):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        for index, text in enumerate(strings):
            yield ids[min(index, len(ids) - 1)], text or ""


def brazilian(text: str) -> list:
    return BRAZILIAN_RE.findall(text) + BARE_POSSESSIVE.findall(text)


def test_the_portuguese_catalog_is_european_portuguese():
    found = {english: text for english, text in entries("pt") if brazilian(text)}
    assert found == {}


def test_the_brazilian_markers_are_found_where_they_are():
    """Each marker catches the Brazilian text it names, and not its European match."""
    assert brazilian("Você leva a vaza") and brazilian("Compartilhar esta partida")
    assert brazilian("o ecrã, não a tela") and brazilian("Não foi possível ler o arquivo")
    assert brazilian("Sua vez: escolha") and brazilian("está escolhendo o subjogo")
    assert brazilian("Rodada 2") and brazilian("toda a equipe")
    assert not brazilian("A sua vez: partilhar no ecrã, ficheiro guardado, está a escolher")
    assert not brazilian("Ronda 2: a equipa regista o telemóvel")


def test_the_portuguese_player_is_not_called_you_in_brazilian():
    translated = dict(entries("pt"))
    assert translated["You"] not in ("Você", "Tu", "")
    assert translated["Share"] == "Partilhar"


@pytest.mark.parametrize("english,wrong", ROMANIAN_LABELS.items())
def test_romanian_labels_say_what_a_romanian_app_says(english, wrong):
    translated = dict(entries("ro"))
    assert translated[english] not in (wrong, "")


def test_romanian_has_none_of_the_wrong_forms():
    found = [(english, text, why) for english, text in entries("ro")
             for pattern, why in ROMANIAN_WRONG
             + (ROMANIAN_WRONG_TO_YOU if english.startswith("You ") else [])
             if pattern.search(text)]
    assert found == []


def test_romanian_speaks_to_the_player_in_the_second_person():
    """A text about what "You" did, in Romanian, never uses the third person of the
    same verb that the text about another seat uses."""
    translated = dict(entries("ro"))
    pairs = [("You play {card}", "{name} plays {card}"),
             ("You choose {sub_game}", "{name} chooses {sub_game}"),
             ("You had to play {cards}", "{name} had to play {cards}"),
             (", last played by you", ", last played by {name}")]
    for yours, theirs in pairs:
        mine, other = translated[yours], translated[theirs].replace("{name}", "").strip()
        assert mine and mine.strip().lower() != other.lower(), (yours, mine)


def stylesheets():
    return sorted(path for folder in ("assets", "py") for path in (ROOT / folder).rglob("*.css"))


def worded_content(css: str) -> list:
    """The quoted texts of the ``content:`` values of ``css`` that hold a letter."""
    return [text for value in re.findall(r"content\s*:\s*([^;}]*)", css)
            for _quote, text in re.findall(r"([\"'])(.*?)\1", value)
            if any(character.isalpha() for character in text)]


def test_no_stylesheet_puts_words_on_screen():
    """``content:`` in CSS may draw symbols ("✕", "…"), never words: those belong in the
    catalogs."""
    assert stylesheets()
    worded = {str(path.relative_to(ROOT)): worded_content(path.read_text(encoding="utf-8"))
              for path in stylesheets()}
    assert {name: texts for name, texts in worded.items() if texts} == {}


def test_the_stylesheet_check_sees_a_word_and_lets_a_symbol_be():
    assert worded_content('.pile.last-play::after { content: "last"; top: 0 }') == ["last"]
    assert worded_content('.box.x::after { content: "✕"; } .p::after { content: " …" }') == []
