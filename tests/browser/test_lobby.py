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
