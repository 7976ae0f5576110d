"""The folded parts of the page, for the tests: the table's menu and the lobby's options.

The table's menu shows its items (New deal, Copy link, Share, Embed, Rules, Records,
Settings) once its button opens it; the lobby's players, seats, options and pace show once
their summary line is opened. A test opens them as a player would, then clicks the item.
"""

from __future__ import annotations


def open_menu(page, tap: bool = False) -> None:
    """Open the table's menu (``page`` may be a frame) unless it is open already."""
    toggle = page.locator('.menu [data-action="menu"]')
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.tap() if tap else toggle.click()
    page.locator("#menu-items").wait_for(state="visible")


def menu_item(page, action: str, tap: bool = False) -> str:
    """Open the menu; the selector of its item ``action``, for the test to press."""
    open_menu(page, tap)
    return f'#menu-items [data-action="{action}"]'


def choose(page, action: str, tap: bool = False) -> None:
    """Open the menu and press its item ``action``."""
    item = page.locator(menu_item(page, action, tap))
    item.tap() if tap else item.click()


def unfold_options(page, tap: bool = False) -> None:
    """Open the lobby's players, seats, options and pace unless they are open already."""
    if not page.locator("#lobby-options").evaluate("d => d.open"):
        summary = page.locator("#lobby-options > summary")
        summary.tap() if tap else summary.click()
