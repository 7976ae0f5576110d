"""How to play and the guided first game in Portuguese and Romanian: every text a player
reads in the rules panel (headings, paragraphs, lists, tables, the pictures' words and
descriptions) and in the tour's steps comes from the catalogs; numbers and proper names
stay as they are, and no rule id is shown. Needs the compiled catalogs
(``python3 build.py build``)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from cardtable import i18n
from cardtable.engine.registry import GAMES
from cardtable.web.teaching.rules import rules_html
from cardtable.web.teaching.tour import tour_html, tour_steps
from html_page import Page

LANGUAGES = ("pt", "ro")
HEADING = {"pt": "Como jogar {game}", "ro": "Cum se joacă {game}"}
WORD = re.compile(r"[A-Za-z]{2,}")
RULE_ID = re.compile(r"[A-Z]{2}-\d+")
# Texts that read the same in every language: proper names, instruction names kept as
# printed on the cards, card and suit symbols.
SAME_EVERYWHERE = {"Stop", "Whist", "Rentz", "3!"} | {spec.name for spec in GAMES.values()}


class Texts(HTMLParser):
    """Every text node of a piece of HTML and every aria-label, in order."""

    def __init__(self, html: str):
        super().__init__()
        self.texts = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        label = dict(attrs).get("aria-label")
        if label:
            self.texts.append(label)

    def handle_data(self, data):
        if data.strip():
            self.texts.append(data.strip())


def words_of(html: str) -> set:
    """The texts of ``html`` that hold words (not only numbers or symbols)."""
    return {text for text in Texts(html).texts if WORD.search(text)}


def in_language(code: str, draw, *args):
    i18n.set_language(code)
    try:
        return draw(*args)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_no_english_text_is_left_in_the_rules(code, game):
    english = words_of(rules_html(game))
    translated = words_of(in_language(code, rules_html, game))
    left = (english & translated) - SAME_EVERYWHERE
    assert not left, left


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_headings_are_translated_and_no_rule_id_shown(code, game):
    english = Page(rules_html(game))
    page = Page(in_language(code, rules_html, game))
    assert page.one("h2").text == HEADING[code].format(game=GAMES[game].name)
    titles = [h.text for h in page.find("h3")]
    assert len(titles) == len(english.find("h3"))
    assert all(t and t != e.text for t, e in zip(titles, english.find("h3")))
    assert not RULE_ID.search(in_language(code, rules_html, game))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_keep_their_structure_in_every_language(code, game):
    """Same sections, lists, tables and pictures: only the words change."""
    english = Page(rules_html(game))
    page = Page(in_language(code, rules_html, game))
    for tag in ("section", "p", "li", "table", "tr", "td", "svg", "figure"):
        assert len(page.find(tag)) == len(english.find(tag)), tag


@pytest.mark.parametrize("code", LANGUAGES)
def test_romanian_and_portuguese_use_the_seeds_terms(code):
    """A few terms of the original rule texts: the Portuguese "pilha crescente", the
    Romanian sub-game "Regele de cupă"."""
    words = {"pt": ("pilha crescente", "pilha decrescente"),
             "ro": ("Regele de cupă", "levată")}[code]
    html = in_language(code, lambda: rules_html("the-game") + rules_html("rentz"))
    assert all(word in html for word in words)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_tour_step_is_translated(code, game):
    for step in range(len(tour_steps(game))):
        english = Page(tour_html(game, step))
        page = Page(in_language(code, tour_html, game, step))
        box = page.one("section", "tour")
        assert box.attrs["data-points-at"] == tour_steps(game)[step][0]
        assert box.attrs["aria-label"] != english.one("section", "tour").attrs["aria-label"]
        text, original = page.one("p", "tour-text").text, english.one("p", "tour-text").text
        assert text and text != original
        count = page.one("p", "tour-count").text
        assert count != english.one("p", "tour-count").text
        assert f"{step + 1}" in count and f"{len(tour_steps(game))}" in count
        buttons = [b.text for b in page.find("button")]
        assert buttons and not set(buttons) & {b.text for b in english.find("button")}
