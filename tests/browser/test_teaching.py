"""How to play, in the real browser at phone (390×844, touch) and desktop size: the rules
panel opens from the lobby and from the table's menu, shows its pictures and closes; the
guided first game appears on the first game of a kind, steps through without blocking
play, is not offered again for that game, and Skip ends it."""

import pytest

from cardtable.web.teaching.tour import tour_steps
from menu import menu_item
from still import when_still

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}


def press(page, selector: str, size: str) -> None:
    """A tap on the phone, a click on the desktop."""
    (page.tap if size == "phone" else page.click)(selector)


def open_table(page, site, game: str, players: int) -> None:
    """Open a deal of ``game`` by its share link and wait for its table."""
    page.goto(site.link(f"#/{game}?seed=teach&players={players}"))
    page.locator(f"main.table.{game}").wait_for()


def within_viewport(page, selector: str) -> dict:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box and box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 1, box
    assert box["y"] + box["height"] <= size["height"] + 1, box
    return box


@pytest.mark.parametrize("size", SIZES)
def test_rules_open_from_the_lobby_and_the_tables_menu_and_close(new_page, site, open_app, size):
    page = open_app(new_page(first_visit=True, **SIZES[size]), site.url)
    press(page, "[data-action=pick-game][data-value=triggs]", size)
    press(page, "[data-action=rules]", size)
    panel = page.locator(".panel.rules")
    assert panel.locator("h2").inner_text() == "How to play Triggs"
    pictures = panel.locator("svg.rp")
    assert pictures.count() >= 2
    assert pictures.first.bounding_box()["width"] > 50  # drawn, not an empty box
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert panel.locator("details.rule-reference").count() == 0
    press(page, "[data-action=close-panel]", size)
    assert panel.count() == 0

    open_table(page, site, "rentz", 3)
    assert page.locator(".tour").is_visible()
    press(page, menu_item(page, "rules", size == "phone"), size)
    assert panel.locator("h2").inner_text() == "How to play Rentz"
    assert panel.locator("svg.rp").count() >= 2
    assert not page.locator(".tour").is_visible()  # the tour waits while the rules are read
    press(page, "[data-action=close-panel]", size)
    assert panel.count() == 0 and page.locator(".tour").is_visible()


# Every enabled control of the table whose centre is in view: the element the browser finds
# at that centre is not the control (nor inside it). Asked with nothing moving (a card in
# flight crosses what lies on its way).
COVERED = """() => [...document.querySelectorAll('main.table button:not([disabled])')].filter(b => {
  const r = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (!r.width || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
  const hit = document.elementFromPoint(x, y);
  return !(hit && (hit === b || b.contains(hit)));
}).map(b => b.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("size", SIZES)
def test_the_tour_leads_the_first_game_once_and_skip_ends_it(new_page, site, open_app, size):
    page = open_app(new_page(first_visit=True, **SIZES[size]), site.link("#/the-game?seed=teach&players=2"))
    tour = page.locator(".tour")
    for step, (selector, text) in enumerate(tour_steps("the-game")):
        assert tour.get_attribute("data-step") == f"the-game:{step}"
        assert text in tour.inner_text()
        assert page.locator(f"main.table {selector}[data-tour-target]").count() == 1
        box = within_viewport(page, ".tour")
        if size == "phone":  # a compact bar at the bottom
            assert box["height"] < 0.3 * 844 and box["y"] + box["height"] > 844 - 40
        else:  # a column beside the table: it covers no control and not what it points at
            assert when_still(page, COVERED) == []
            target = page.locator(f"main.table {selector}").bounding_box()
            assert box["x"] >= target["x"] + target["width"], (box, target)
        if step == 0:  # doing what the step says (pick up a card) goes on to the next step
            press(page, ".hand .card", size)
            assert page.locator('.hand .card[aria-pressed="true"]').count() == 1
            assert tour.get_attribute("data-step") == "the-game:1"
            continue
        press(page, "[data-action=tour-next]", size)
    assert tour.count() == 0

    press(page, ".menu [data-action=lobby]", size)  # a second game of the same kind
    press(page, "[data-action=start]", size)
    page.locator("main.table.the-game").wait_for()
    assert tour.count() == 0

    open_table(page, site, "extreme", 2)
    assert tour.get_attribute("data-step") == "extreme:0"
    press(page, "[data-action=tour-skip]", size)
    assert tour.count() == 0
    page.reload()
    page.locator("main.table.extreme").wait_for(timeout=60_000)
    assert tour.count() == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_rentz_tour_starts_with_the_choice_and_passes_over_what_is_not_on_the_table(
        new_page, site, open_app, size):
    page = open_app(new_page(first_visit=True, **SIZES[size]), site.link("#/rentz?seed=teach&players=3"))
    tour = page.locator(".tour")
    assert tour.get_attribute("data-step") == "rentz:0"  # the player's first task: choose
    assert page.locator(".rentz-choose[data-tour-target]").count() == 1
    press(page, ".rentz-choose [data-action=rentz-choose]", size)  # doing it goes on
    assert tour.get_attribute("data-step") == "rentz:1"
    assert page.locator(".hand[data-tour-target]").count() == 1
    page.reload()  # the tour starts again, and its first step has nothing to point at now
    page.locator("main.table.rentz").wait_for(timeout=60_000)
    assert page.locator(".rentz-choose").count() == 0
    assert tour.get_attribute("data-step") == "rentz:1"
    assert page.locator(".hand[data-tour-target]").count() == 1
