"""Languages: the catalogs are complete, plural forms are right, and the page's language
follows a link, the setting and the browser, in that order."""

from __future__ import annotations

import re

import pytest
from babel.messages import pofile as babel_pofile

from sitebuild.catalogs import catalog_files, compile_catalogs, extract_template
from sitebuild.package import package_zip
from sitebuild.project import ROOT
from cardtable import i18n
from cardtable.web import links
from cardtable.web.controller import Controller
from cardtable.web.storage import Store

PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
LANGUAGES = ("pt", "ro")


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """Every marked text of the package, freshly extracted."""
    path = extract_template(tmp_path_factory.mktemp("i18n") / "cardtable.pot")
    with path.open("rb") as file:
        return babel_pofile.read_po(file)


def catalog(code):
    with catalog_files()[code].open("rb") as file:
        return babel_pofile.read_po(file, locale=code)


def strings(message) -> tuple:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_translated_and_none_is_fuzzy(template, code):
    translated = catalog(code)
    missing = [m.id for m in template if m.id and not (
        (found := translated.get(m.id, context=m.context)) is not None
        and not found.fuzzy and all(strings(found)))]
    assert not missing, f"{len(missing)} texts lack a {code} translation, e.g. {missing[:5]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_every_placeholder(template, code):
    translated = catalog(code)
    for message in template:
        found = message.id and translated.get(message.id, context=message.context)
        if not found:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for text in strings(found):
            assert set(PLACEHOLDER.findall(text)) <= wanted | set(PLACEHOLDER.findall(ids[0])), \
                (code, message.id, text)


MARKUP = re.compile(r"<[^>]*>|&[#\w]+;")


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translation_carries_the_same_markup_as_its_english(template, code):
    """Translations are text (the page escapes them and puts markup around the values
    in code): a translation may add no tag or character reference its English lacks."""
    translated = catalog(code)
    for message in template:
        found = message.id and translated.get(message.id, context=message.context)
        if not found:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in strings(found):
            assert sorted(MARKUP.findall(text)) == sorted(MARKUP.findall(ids[-1])), \
                (code, message.id, text)


def test_romanian_has_three_plural_forms_and_portuguese_two():
    assert catalog("ro").num_plurals == 3
    assert catalog("pt").num_plurals == 2


def test_plural_forms_follow_each_language():
    # Romanian: 1 → one; 0, 2–19, 101–119 → few; 20 and up (but the teens of a hundred)
    i18n.set_language("ro")
    plural = i18n._translation.plural
    assert [plural(n) for n in (1, 0, 2, 19, 20, 100, 101, 119, 120)] == [0, 1, 1, 1, 2, 2, 1, 1, 2]
    i18n.set_language("pt")
    assert [i18n._translation.plural(n) for n in (0, 1, 2)] == [1, 0, 1]


def test_an_unknown_language_is_refused_in_words_and_nothing_changes():
    i18n.set_language("pt")
    with pytest.raises(ValueError, match="no language “xx”"):
        i18n.set_language("xx")
    assert i18n.language() == "pt"


def test_the_best_language_is_the_first_spoken_by_its_primary_subtag():
    assert i18n.best_language(None, "de-DE", "pt-BR", "ro") == "pt"
    assert i18n.best_language("fr", "ja") == "en"


def test_a_link_may_carry_its_language():
    assert links.parse("#/the-game?seed=a1&lang=ro").language == "ro"
    assert links.parse("#?lang=pt").language == "pt"
    bad = links.parse("#/the-game?lang=xx")
    assert bad.language is None and "“xx”" in bad.notices[0]


def make_controller(store=None, browser=("ro-RO", "en")):
    return Controller(store or Store(), lambda: "seed1", browser_languages=browser)


def test_the_language_follows_the_browser_then_the_setting_then_a_link():
    store = Store()
    c = make_controller(store)
    c.boot("")
    assert i18n.language() == "ro"
    c.handle("setting", {"key": "language", "value": "pt"})
    assert i18n.language() == "pt" and store.preferences()["language"] == "pt"
    c.boot("#/the-game?seed=a1&lang=en")
    assert i18n.language() == "en"
    assert store.preferences()["language"] == "pt"  # a link does not change the setting
    c.handle("setting", {"key": "language", "value": "ro"})
    assert i18n.language() == "ro"


def test_a_lost_extreme_game_says_why_in_the_language_of_the_moment():
    from dataclasses import replace

    from cardtable.engine.registry import GAMES

    state = replace(GAMES["extreme"].new(2, seed="why"), outcome="lost", lost_by="skull",
                    lost_seat=1)
    english = state.result()["lost_reason"]
    assert english.startswith("seat 2 could not complete a turn: a skull")
    i18n.set_language("ro")
    romanian = state.view(0)["lost_reason"]
    assert romanian != english and "2" in romanian


def test_catalogs_are_found_and_read_when_the_package_is_imported_from_its_zip(tmp_path):
    """The page imports the package from cardtable.zip (zipimport): the languages and their
    texts must come from inside the zip, as they do from the folder."""
    import subprocess
    import sys

    archive = tmp_path / "cardtable.zip"
    archive.write_bytes(package_zip(ROOT / "py" / "cardtable", compile_catalogs(),
                                    bytecode=False))
    script = ("import sys, zipimport; sys.path.insert(0, sys.argv[1]); "
              "from cardtable import i18n; "
              "assert isinstance(i18n.__loader__, zipimport.zipimporter); "
              "print(i18n.available()); i18n.set_language('ro'); print(i18n._('Hint'))")
    shown = subprocess.run([sys.executable, "-c", script, str(archive)], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert shown[0] == str(i18n.available())
    i18n.set_language("ro")
    try:
        assert shown[1] == i18n._("Hint") != "Hint"
    finally:
        i18n.set_language("en")
