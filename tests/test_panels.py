"""The panels and the records screen as the controller draws them, on CPython: one thing
from the menu at a time, every panel a dialog whose head holds its one Close above the
body that scrolls, the records closed as a panel is, and the import field a label drawn
as a button with the chosen file said in words (the page's part: tests/browser/test_panels_ui.py).
"""

import pytest
from html_page import Page, screen_html

from cardtable import i18n
from cardtable.web.controller import Controller
from cardtable.web.panels import MENU_BUTTON
from cardtable.web.storage import Store


def at_table() -> Controller:
    c = Controller(Store(), lambda: "panels")
    c.handle("start", {})
    return c


def page(c: Controller) -> Page:
    return Page(screen_html(c.screen()))


def actions_in(element) -> set:
    """The data-actions of the controls inside ``element``."""
    return {e.attrs.get("data-action") for e in element.children} | \
        {a for e in element.children for a in actions_in(e)}


def shown(c: Controller) -> list:
    """What is over the table: the panel's kind, and "records" for that screen."""
    return ([c.panels.panel[0]] if c.panels.panel else []) + \
        (["records"] if c.browsing.game is not None else [])


@pytest.mark.parametrize("kind", ["rules", "settings", "embed", "copy"])
def test_every_panel_is_a_dialog_with_one_close_in_its_head_above_its_body(kind):
    c = at_table()
    if kind == "copy":
        c.panels.copy_failed("https://example.org/#/deal")
    else:
        c.handle(kind, {})
    tags = page(c)
    (panel,) = tags.find("section", "panel")
    assert "sheet" in panel.classes and kind in panel.classes
    assert panel.attrs["role"] == "dialog" and panel.attrs["aria-modal"] == "true"
    assert panel.attrs["aria-labelledby"] == "panel-title" and tags.one(id="panel-title").text
    assert len(tags.find("div", "panel-backdrop")) == 1
    head, body = panel.children[0], panel.children[1]
    assert "panel-head" in head.classes and "panel-body" in body.classes
    (close,) = tags.find(data_action="close-panel")
    assert close in head.children and close.text == "Close"


def test_under_a_panel_the_screen_is_inert_and_without_one_it_is_not():
    c = at_table()
    assert not page(c).find(inert="")
    c.handle("settings", {})
    (under,) = [e for e in page(c).elements if "inert" in e.attrs]
    assert "under-panel" in under.classes and "end-turn" in actions_in(under)
    c.handle("close-panel", {})
    assert not [e for e in page(c).elements if "inert" in e.attrs]


def test_the_rules_title_is_the_panels_head_and_not_said_twice():
    c = at_table()
    c.handle("rules", {})
    tags = page(c)
    assert tags.one(id="panel-title").text == "How to play The Game"
    assert [h.text for h in tags.find("h2")] == ["How to play The Game"]


def test_opening_one_thing_from_the_menu_closes_the_other():
    c = at_table()
    c.handle("rules", {})
    assert shown(c) == ["rules"]
    c.handle("records", {})
    assert shown(c) == ["records"]
    c.handle("settings", {})
    assert shown(c) == ["settings"]
    c.handle("rules", {})
    assert shown(c) == ["rules"]
    c.handle("close-panel", {})
    assert shown(c) == [] and c.focus == ('[data-action="rules"]', MENU_BUTTON)


def test_a_panel_opened_over_a_replay_leaves_the_replay_under_it():
    c = at_table()
    c.browsing.book.add({"game": "the-game", "players": 1, "seats": ["human"], "options": {},
                         "seed": "r", "seat": 0, "when": "2026-12-01T10:00",
                         "result": {}, "outcome": {"won": False, "score": 3, "text": "3"},
                         "actions": [], "digest": "x"})
    c.handle("records", {})
    c.handle("replay", {"index": "0"})
    c.handle("settings", {})
    assert c.panels.panel == ("settings",) and c.browsing.replay is not None


def test_the_records_close_at_the_top_as_a_panel_does():
    c = at_table()
    c.handle("records", {})
    tags = page(c)
    (head,) = tags.find("div", "screen-head")
    assert [e.tag for e in head.children] == ["h1", "button"]
    (close,) = tags.find(data_action="close-records")
    assert close is head.children[1] and close.text == "Close"
    assert not [b for b in tags.find("button") if b.text == "Back"]
    c.handle("close-records", {})
    assert shown(c) == [] and c.focus == ('[data-action="records"]', MENU_BUTTON)


@pytest.mark.parametrize("code", ["en", "pt", "ro"])
def test_the_import_field_is_a_label_drawn_as_a_button_with_the_file_said(code):
    c = at_table()
    c.handle("records", {})
    try:
        i18n.set_language(code)
        label_text = i18n._("Import records from a file")
        tags = page(c)
        field = tags.one("input", id="import-records")
        assert field.attrs["type"] == "file" and "visually-hidden" in field.classes
        assert field.attrs["aria-describedby"] == "import-state"
        label = tags.one("label", "file-button")
        assert label.attrs["for"] == "import-records" and label.text == label_text
        assert tags.one(id="import-state").text == i18n._("No file chosen yet.")
        # the browser gives the field's value behind a made-up folder
        effect = c.handle("import-records", {"value": "C:\\fakepath\\my records.json"})
        assert effect[:2] == ("read-file", "#import-records")
        assert page(c).one(id="import-state").text == \
            i18n._("File chosen: {name}").format(name="my records.json")
    finally:
        i18n.set_language("en")
