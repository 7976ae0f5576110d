"""The panels (Rules, Settings, Embed) and the records screen, at phone size (390×844,
touch) and desktop size (1280×800), as a player meets them.

One thing from the menu at a time: Records opened while Rules is open leaves only the
records, Settings opened from there only Settings; under a panel the keyboard reaches
nothing but the panel and the menu bar. Escape and a tap on the backdrop close
a panel, and the focus goes back to the control that opened it. Every panel's Close is in
its head, at the top, and covers no word of it, however far its body is scrolled. The
records screen closes as a panel does (Close at the top, Escape), and its import field is
a label drawn as a button, reached by the keyboard, in the page's language, with the
chosen file said in words.
"""

from __future__ import annotations

import pytest

from menu import choose
from settings_scripts import settings_script
from test_records_ui import tr

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}
DEAL = "#/the-game?seed=panels&players=2&seats=human,casual"

# What is on show over the table: each rendered panel's kind, and "records" for that screen.
ON_SHOW = """[...document.querySelectorAll('#app .panel')]
  .filter(e => e.getClientRects().length)
  .map(e => ['rules', 'settings', 'embed', 'confirm'].find(k => e.classList.contains(k)) || 'panel')
  .concat(document.querySelector('#app main.records') ? ['records'] : [])"""

# Where the open panel's Close is, and every text of the panel that it covers: each text's
# box is cut to the part of the panel's body in view (what scrolls out of it is not seen).
CLOSE_BOXES = """() => {
  const panel = document.querySelector('#app .panel.sheet');
  const close = panel.querySelector('[data-action="close-panel"]');
  const c = close.getBoundingClientRect(), p = panel.getBoundingClientRect();
  const body = panel.querySelector('.panel-body').getBoundingClientRect();
  const texts = [...panel.querySelectorAll(
      'h2, h3, p, li, th, td, figcaption, legend, label, button, textarea, svg')]
    .filter(e => e !== close && e.getClientRects().length);
  const covered = texts.filter(e => {
    const r = e.getBoundingClientRect();
    const inside = panel.querySelector('.panel-body').contains(e);
    const top = inside ? Math.max(r.top, body.top) : r.top;
    const bottom = inside ? Math.min(r.bottom, body.bottom) : r.bottom;
    return top < bottom && r.left < c.right && r.right > c.left && top < c.bottom && bottom > c.top;
  }).map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40));
  const hit = document.elementFromPoint((c.left + c.right) / 2, (c.top + c.bottom) / 2);
  return {fromTop: c.top - p.top, top: c.top, bottom: c.bottom, height: innerHeight,
          count: panel.querySelectorAll('[data-action="close-panel"]').length,
          reached: !!hit && close.contains(hit), covered};
}"""


def on_show(page) -> list:
    return page.evaluate(ON_SHOW)


def opens(page, wait_until, kind: str) -> list:
    """What is on show once ``kind`` has come up: opening a panel may first fetch a part
    of the package (the game's guide, the records' screens), so it can come a few frames
    after the tap; what is on show then, with nothing else beside it, is the answer."""
    wait_until(page, f"({ON_SHOW}).includes({kind!r})", 30_000)
    return on_show(page)


def focused(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.action || null")


def opened(new_page, open_app, url: str, size: str, language: str = "en"):
    """A page of ``size`` in ``language``, opened at ``url``."""
    page = new_page(**SIZES[size])
    page.context.add_init_script(settings_script(language=language))
    return open_app(page, url)


@pytest.mark.parametrize("size", list(SIZES))
def test_one_panel_at_a_time_and_escape_or_a_tap_outside_closes_it(new_page, site, open_app,
                                                                  wait_until, size):
    touch = size == "phone"
    page = opened(new_page, open_app, site.link(DEAL), size)
    choose(page, "rules", tap=touch)
    assert opens(page, wait_until, "rules") == ["rules"]
    # the rules' body has the focus: the keys scroll it
    assert page.evaluate("document.activeElement.classList.contains('panel-body')")
    page.keyboard.press("PageDown")
    wait_until(page, "document.querySelector('#app .panel-body').scrollTop > 100")
    choose(page, "records", tap=touch)  # the menu bar stays above the panel's backdrop
    assert opens(page, wait_until, "records") == ["records"]
    choose(page, "settings", tap=touch)
    assert opens(page, wait_until, "settings") == ["settings"]
    for _ in range(30):  # the keyboard goes round the panel and the menu bar, never under
        page.keyboard.press("Tab")
        assert page.evaluate("!document.activeElement.closest('.under-panel')")
    page.keyboard.press("Escape")
    assert on_show(page) == []
    assert focused(page) == "menu"  # the item that opened it is folded: its menu's button

    choose(page, "rules", tap=touch)
    assert opens(page, wait_until, "rules") == ["rules"]
    page.locator('.panel [data-action="close-panel"]').wait_for()
    # a tap outside the panel: on a phone on the menu bar's name (the panel fills the rest:
    # a tap on its few pixels of backdrop goes to the panel), on a desktop on the backdrop
    # over the table, which takes no tap
    before = page.evaluate("window.cardtable.view()")
    if touch:
        page.locator(".menu .brand").tap()
    else:
        page.mouse.click(3, page.viewport_size["height"] // 2)
    assert on_show(page) == []
    assert focused(page) == "menu"
    assert page.evaluate("window.cardtable.view()") == before

    choose(page, "embed", tap=touch)
    page.locator('.panel.embed [data-action="embed-choice"]').first.click()  # inside: stays
    assert opens(page, wait_until, "embed") == ["embed"]
    page.keyboard.press("Escape")
    assert on_show(page) == [] and focused(page) == "menu"


def test_the_lobby_rules_link_gets_the_focus_back(new_page, site, open_app, wait_until):
    page = opened(new_page, open_app, site.link(), "desktop")
    page.click('main [data-action="rules"]')
    assert opens(page, wait_until, "rules") == ["rules"]
    assert page.evaluate("!!document.activeElement.closest('.panel.rules')")
    page.keyboard.press("Escape")
    assert on_show(page) == []
    assert focused(page) == "rules"
    assert page.evaluate("!document.activeElement.closest('.menu')")  # the lobby's link


@pytest.mark.parametrize("size", list(SIZES))
def test_close_is_at_the_top_of_every_panel_and_covers_no_text(new_page, site, open_app, size):
    page = opened(new_page, open_app, site.link(DEAL), size)
    for panel in ("rules", "settings", "embed"):
        choose(page, panel)
        page.locator(f".panel.{panel} .panel-body").wait_for()
        for scrolled in ("top", "middle", "end"):
            page.evaluate("(s => { const b = document.querySelector('#app .panel-body');"
                          " b.scrollTop = s === 'top' ? 0 : s === 'end' ? b.scrollHeight"
                          " : b.scrollHeight / 2; })", scrolled)
            boxes = page.evaluate(CLOSE_BOXES)
            where = (panel, size, scrolled, boxes)
            assert boxes["count"] == 1, where  # one Close, in the head
            assert boxes["fromTop"] < 16, where  # the panel's first row
            assert 0 <= boxes["top"] and boxes["bottom"] <= boxes["height"] / 3, where
            assert boxes["reached"], where  # nothing covers it either
            assert boxes["covered"] == [], where
        scrolls = page.evaluate("(b => b.scrollHeight > b.clientHeight)"
                                "(document.querySelector('#app .panel-body'))")
        if panel == "rules":
            assert scrolls, size  # long enough that the check above scrolled it
        page.click('.panel [data-action="close-panel"]')
        assert on_show(page) == [] and focused(page) == "menu"


@pytest.mark.parametrize("language", ("en", "pt", "ro"))
def test_records_close_as_a_panel_and_import_is_a_labelled_button(new_page, site, open_app,
                                                                  wait_until, language):
    size = "phone" if language == "pt" else "desktop"
    page = opened(new_page, open_app, site.link(DEAL), size, language)
    choose(page, "records", tap=size == "phone")
    assert opens(page, wait_until, "records") == ["records"]
    head = page.locator("main.records .screen-head")
    close = head.locator('[data-action="close-records"]')
    assert close.inner_text() == tr(language, "Close")
    assert page.locator('[data-action="close-records"]').count() == 1  # no Back elsewhere
    title, button = head.locator("h1").bounding_box(), close.bounding_box()
    assert abs(button["y"] - title["y"]) < title["height"]  # beside the title, at the top

    label = page.locator('label.file-button[for="import-records"]')
    assert label.inner_text() == tr(language, "Import records from a file")
    looks = label.evaluate("l => { const s = getComputedStyle(l); const r = l.getBoundingClientRect();"
                           " return {cursor: s.cursor, border: s.borderTopStyle,"
                           " radius: parseFloat(s.borderTopLeftRadius), height: r.height}; }")
    assert looks["cursor"] == "pointer" and looks["border"] == "solid"
    assert looks["radius"] > 0 and looks["height"] >= 44, looks
    field = page.locator("#import-records")
    assert field.evaluate("f => f.getBoundingClientRect().width <= 1")  # hidden behind it
    assert field.get_attribute("aria-describedby") == "import-state"
    assert page.inner_text("#import-state") == tr(language, "No file chosen yet.")
    page.focus('[data-action="export-records"]')
    page.keyboard.press("Tab")  # the keyboard reaches the field, and the label shows it
    assert page.evaluate("document.activeElement.id") == "import-records"
    assert label.evaluate("l => getComputedStyle(l).outlineStyle") == "solid"

    page.set_input_files("#import-records", files=[
        {"name": "old-records.json", "mimeType": "application/json", "buffer": b"{not json"}])
    page.wait_for_selector("#app [role=alert] p")
    assert page.inner_text("#import-state") == tr(language, "File chosen: {name}",
                                                  name="old-records.json")

    page.keyboard.press("Escape")  # as a panel: Escape closes the records
    assert on_show(page) == []
    assert focused(page) == "menu"
