"""The lobby in a real browser, for every game: keyboard use keeps focus where it was and
logs no error; numeric house rules are typed in fields."""

import pytest

from cardtable.engine.registry import GAMES
from menu import unfold_options


def active(page, attribute: str):
    return page.evaluate(f"document.activeElement.getAttribute('{attribute}')")


def test_keyboard_on_lobby_buttons_keeps_the_focus_and_logs_nothing(page, site, open_app):
    open_app(page, site.url)
    unfold_options(page)
    page.focus('[data-action="players"][data-value="3"]')
    page.keyboard.press("Enter")
    assert page.get_attribute('[data-action="players"][data-value="3"]', "aria-pressed") == "true"
    # The lobby was drawn again; the same control still has the focus, not the page top.
    assert (active(page, "data-action"), active(page, "data-value")) == ("players", "3")
    page.keyboard.press("ArrowRight")  # lobby buttons are in no arrow-key group: no error
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert active(page, "data-action") is not None  # moved on from the players row


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_starts_from_the_lobby(page, site, open_app, wait_until, game):
    """The game's part may still be on its way when Start is tapped: the table comes once
    it is there (Page.attempt), with no second tap."""
    open_app(page, site.url)
    page.click(f'[data-action="pick-game"][data-value="{game}"]')
    assert active(page, "data-value") == game
    page.click('[data-action="start"]')
    shown = wait_until(page, "window.cardtable.view()")
    assert shown["game"] == game and "legal" in shown


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# Each of today's deals: its name's box, its words' box, and how many lines the words take.
DAILY_BOXES = """() => [...document.querySelectorAll('#app .daily-games li')].map(li => {
    const words = li.querySelector('span'), range = document.createRange();
    range.selectNodeContents(words);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    const box = e => (r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom}))(
        e.getBoundingClientRect());
    return {name: box(li.querySelector('button')), words: box(words), lines: tops.size,
            text: words.innerText}; })"""


@pytest.mark.parametrize("lang, words", [("en", "Not played yet."), ("pt", "Ainda não jogada."),
                                         ("ro", "Nejucat încă.")])
def test_todays_deal_says_not_played_yet_on_one_line_under_every_name_on_a_phone(
        new_page, site, open_app, lang, words):
    """At 390 px the words sit under each game's name alike (the longest name leaves no
    room beside it), on one line; on a desktop beside every name, in one column."""
    page = new_page(**PHONE)
    open_app(page, site.link(f"#?lang={lang}"))
    rows = page.evaluate(DAILY_BOXES)
    assert len(rows) == len(GAMES)
    for row in rows:
        assert row["text"] == words and row["lines"] == 1, row
        assert row["words"]["top"] >= row["name"]["bottom"] - 1, row  # under the name
        assert abs(row["words"]["left"] - row["name"]["left"]) < 1, row
        assert row["words"]["right"] <= 390, row
    page.set_viewport_size({"width": 1280, "height": 800})
    rows = page.evaluate(DAILY_BOXES)
    column = rows[0]["words"]["left"]
    for row in rows:
        assert row["lines"] == 1 and row["words"]["left"] >= row["name"]["right"] + 8, row
        assert abs(row["words"]["left"] - column) < 1, row


def test_a_solo_game_offers_no_bot_pace_and_its_blurb_fits_one_player(page, site, open_app):
    """With no bot at the table the folded line says no pace and the options offer none;
    a seat for a bot brings both back. The Game's blurb does not say "together" alone."""
    open_app(page, site.url)
    assert page.get_attribute('[data-action="pick-game"][data-value="the-game"]',
                              "aria-pressed") == "true"
    assert page.inner_text("#lobby-options .chosen") == "1 player: You · standard rules"
    assert "together" not in page.inner_text("#app .setup .summary").lower()
    unfold_options(page)
    assert page.locator('#lobby-options [data-action="pace"]').count() == 0
    page.click('[data-action="players"][data-value="2"]')
    assert page.inner_text("#lobby-options .chosen").endswith(" · Bot pace: normal")
    assert page.locator('#lobby-options [data-action="pace"]').count() == 3
    page.select_option("#seat-1", "human")  # a person at this device: no bot again
    assert "Bot pace" not in page.inner_text("#lobby-options .chosen")
    assert page.locator('#lobby-options [data-action="pace"]').count() == 0


def test_the_records_link_names_and_opens_the_picked_game(page, site, open_app):
    open_app(page, site.url)
    for game, spec in GAMES.items():
        page.click(f'[data-action="pick-game"][data-value="{game}"]')
        link = page.locator('#app .lobby [data-action="records"]')
        assert link.inner_text() == f"Records of {spec.name}"
        link.click()
        page.wait_for_selector("#app .records")
        assert spec.name in page.inner_text("#app .records h1")
        page.click('#app [data-action="close-records"]')
        page.wait_for_selector("#app main.lobby")


def test_a_level_the_table_withholds_is_not_listed_and_a_link_to_it_says_what_plays(
        page, site, open_app, wait_until):
    """Issue 54: no row of the levels' table has shown The Game's master stronger than
    strong (docs/figures/levels.md), and master is offered only where one does: the lobby
    lists it at no table, and a link that seats it plays strong and says so in the status
    line, in one sentence."""
    open_app(page, site.link("#/the-game?players=4"))
    unfold_options(page)
    assert page.locator('#seat-1 option[value="strong"]').count() == 1
    assert page.locator('#seat-1 option[value="master"]').count() == 0
    page.click('[data-action="option"][data-key="min_cards"][data-value="3"]')
    assert page.locator('#seat-1 option[value="master"]').count() == 0
    open_app(page, site.link("#/the-game?seed=offered&players=4&min_cards=3"
                             "&seats=human,master,strong,master"))
    said = page.inner_text('#app [role="status"]')
    assert "master" in said and "strong" in said and said.count(".") == 1
    wait_until(page, "window.cardtable.view()")
    assert "seats=human%2Cstrong%2Cstrong%2Cstrong" in page.url or \
        "seats=human,strong,strong,strong" in page.url
