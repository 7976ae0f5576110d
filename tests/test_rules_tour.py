"""How to play, on CPython: every game's rules panel (sections, pictures, texts escaped, no
rule id drawn; the guide's reference, never drawn, lists every id its ``seeds/<game>.md``
defines), the
guided first game's steps (each selector finds an element of a real table of that game),
and option help in words, without rule ids."""

import re
from pathlib import Path

import pytest

from cardtable.engine.registry import GAMES
from cardtable.web.teaching import guide as guides, rules
from cardtable.web.controller import Controller
from cardtable.web.render import screen_html
from cardtable.web.teaching.rules import rules_html
from cardtable.web.teaching.guide import SECTION_KEYS, Section, game_guide
from cardtable.web.storage import Store
from cardtable.web.teaching.tour import tour_html, tour_steps
from html_page import Page

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")
DEFINED = re.compile(r"^- \*\*([A-Z]{2}-\d+)", re.MULTILINE)


def seed_ids(game: str) -> list:
    """The rule ids that ``seeds/<game>.md`` defines (each opens a list item in bold)."""
    ids = DEFINED.findall((SEEDS / f"{game}.md").read_text(encoding="utf-8"))
    assert ids, game
    return ids


# -- the rules panel ----------------------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_each_section_in_order(game):
    guide = game_guide(game)
    assert tuple(section.key for section in guide.sections) == SECTION_KEYS
    page = Page(rules_html(game))
    headings = [h.text for h in page.find("h3")]
    assert headings == [section.title for section in guide.sections]
    assert page.one("h2").text == f"How to play {GAMES[game].name}"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_guides_reference_lists_every_id_the_seed_defines_once(game):
    reference = game_guide(game).reference
    assert [rule for rule, _ in reference] == seed_ids(game)
    assert all(summary.strip() for _, summary in reference)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_panel_shows_no_rule_id(game):
    assert not RULE_ID.findall(rules_html(game))


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_has_a_picture_described_for_screen_readers(game):
    page = Page(rules_html(game))
    pictures = page.find("svg", "rp")
    assert pictures
    assert all(p.attrs["role"] == "img" and p.attrs["aria-label"] for p in pictures)
    assert len(page.find("figcaption")) == len(pictures)


def test_rules_texts_are_escaped(monkeypatch):
    evil = "<script>alert(1)</script> & \"quotes\""
    guide = game_guide("the-game")
    section = Section("goal", evil, (evil, (evil,), guides.Table((evil,), ((evil,),))))
    sections = tuple(section if s.key == "goal" else s for s in guide.sections)
    fake = guides.Guide(evil, sections, ((evil, evil),))
    monkeypatch.setattr(rules, "game_guide", lambda game: fake)
    html = rules_html("the-game")
    assert "<script>" not in html and html.count("&lt;script&gt;") == 6


def test_no_markup_is_written_by_hand_in_the_style_attribute():
    """The page's CSP forbids style attributes: the pictures use classes only."""
    for game in GAMES:
        assert "style=" not in rules_html(game)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_panel_shows_the_rules_of_the_chosen_game_from_the_lobby(game):
    controller = Controller(Store(), lambda: "r1")
    controller.handle("pick-game", {"value": game})
    controller.handle("rules", {})
    html = screen_html(controller.screen())
    assert f"How to play {GAMES[game].name}" in html


# -- the guided first game -------------------------------------------------------------------
SIMPLE = re.compile(r"([a-z][a-z0-9]*)|\.([\w-]+)|\[([\w-]+)(?:=\"?([^\]\"]*)\"?)?\]")


def parse_selector(selector: str) -> tuple:
    """A compound selector (tag, classes, ``[attr]``, ``[attr=value]``; no combinators) as
    (tag, classes, attributes); fails on anything else."""
    tag, classes, attributes, at = None, set(), {}, 0
    for match in SIMPLE.finditer(selector):
        assert match.start() == at, f"not a simple selector: {selector}"
        at = match.end()
        name, cls, attr, value = match.groups()
        tag = name or tag
        classes |= {cls} if cls else set()
        if attr:
            attributes[attr] = value
    assert at == len(selector), f"not a simple selector: {selector}"
    return tag, classes, attributes


def matches(element, selector: str) -> bool:
    tag, classes, attributes = parse_selector(selector)
    return ((tag is None or element.tag == tag) and classes <= set(element.classes)
            and all(name in element.attrs and (value is None or element.attrs[name] == value)
                    for name, value in attributes.items()))


def test_the_selector_matcher():
    page = Page('<main class="a b"><button data-action="undo" class="c">x</button></main>')
    assert [e.tag for e in page.elements if matches(e, ".a.b")] == ["main"]
    assert [e.tag for e in page.elements if matches(e, "button[data-action=undo]")] == ["button"]
    assert not [e for e in page.elements if matches(e, ".a.c")]
    with pytest.raises(AssertionError):
        parse_selector(".a .b")


def first_table(game: str, seed: str = "tour"):
    """A new game of ``game`` with default settings, as the controller first draws it."""
    controller = Controller(Store(), lambda: seed)
    controller.handle("pick-game", {"value": game})
    controller.handle("start", {})
    return controller


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", ["tour", "t1", "t2", "t3"])  # who begins varies in Triggs
def test_every_game_has_three_to_six_steps_that_find_an_element_of_its_table(game, seed):
    steps = tour_steps(game)
    assert 3 <= len(steps) <= 6
    page = Page(screen_html(first_table(game, seed).screen()))
    main = page.one("main", "table")
    for selector, text in steps:
        assert text and not RULE_ID.findall(text)
        found = [e for e in page.elements if matches(e, selector)]
        assert found, (game, selector)
        assert all(e is main or e in descendants(main) for e in found), (game, selector)


def descendants(element):
    for child in element.children:
        yield child
        yield from descendants(child)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_tour_is_offered_on_the_first_game_steps_through_and_not_again(game):
    store = Store()
    controller = Controller(store, lambda: "t1")
    controller.handle("pick-game", {"value": game})
    controller.handle("start", {})
    for step in range(len(tour_steps(game))):
        box = Page(screen_html(controller.screen())).one("section", "tour")
        assert box.attrs["data-points-at"] == tour_steps(game)[step][0]
        assert box.attrs["data-step"] == f"{game}:{step}"
        assert f"{step + 1} of {len(tour_steps(game))}" in box.text
        controller.handle("tour-next", {})
    assert not Page(screen_html(controller.screen())).find("section", "tour")
    controller.handle("new-deal", {})
    assert not Page(screen_html(controller.screen())).find("section", "tour")


def test_skip_ends_the_tour_of_that_game_only():
    controller = Controller(Store(), lambda: "t2")
    controller.handle("start", {})
    assert Page(tour_html("the-game", 0)).one("button", data_action="tour-skip")
    controller.handle("tour-skip", {})
    assert controller.screen().tour is None
    controller.handle("lobby", {})
    controller.handle("pick-game", {"value": "triggs"})
    controller.handle("start", {})
    assert controller.screen().tour == 0


def test_the_last_step_says_got_it_and_offers_no_skip():
    last = len(tour_steps("the-game")) - 1
    box = Page(tour_html("the-game", last))
    assert box.one("button", data_action="tour-next").text == "Got it"
    assert not box.find("button", data_action="tour-skip")
    assert tour_html("the-game", last + 1) == ""


# -- option help in words -------------------------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_option_help_is_in_words_without_rule_ids(game):
    for option in GAMES[game].options:
        assert option.help and not RULE_ID.findall(option.help), (game, option.key)


def test_no_tour_where_nothing_can_be_stored():
    """Storage blocked (an embedded page): a tour could not be remembered as seen, so it
    would come back at every visit; it is not offered."""
    from cardtable.web.controller import Controller
    from cardtable.web.storage import Store

    controller = Controller(Store.unavailable(), lambda: "no-tour")
    controller.boot("#/the-game?seed=t&players=1")
    assert controller.sitting.table.tour is None
    remembered = Controller(Store(), lambda: "tour")
    remembered.boot("#/the-game?seed=t&players=1")
    assert remembered.sitting.table.tour == 0
