"""The page's keys in a link (issue #50): ``theme`` (the page's theme for the visit) and
``poster`` (read by the page's JavaScript in a frame); a deal's own link carries neither."""

import pytest
from html_page import Page, screen_html

from cardtable.engine.registry import GAMES
from cardtable.web import links, sharing
from cardtable.web.controller import Controller
from cardtable.web.storage import Store

SITE = "https://Example.org:8443/cardtable/index.html"
DEAL = "#/the-game?seed=r1&players=2&seats=human,casual"


def controller(store=None, **keywords) -> Controller:
    return Controller(store or Store(), lambda: "r1", SITE, **keywords)


def at_table(fragment=DEAL, **keywords) -> Controller:
    c = controller(**keywords)
    c.boot(fragment)
    return c


# -- the link's keys for the page ----------------------------------------------------------
@pytest.mark.parametrize("theme", ["light", "dark", "system"])
def test_a_link_may_ask_for_a_theme_silently(theme):
    link = links.parse(f"#/the-game?seed=a1&theme={theme}")
    assert link.theme == theme and link.notices == [] and link.seed == "a1"
    assert links.parse(f"#?theme={theme}").theme == theme


@pytest.mark.parametrize("value", ["blue", "", "Dark", "<b>dark</b>"])
def test_a_theme_it_does_not_have_gives_one_sentence_and_is_ignored(value):
    link = links.parse(f"#/the-game?seed=a1&theme={value}")
    assert link.theme is None and link.error is None and link.seed == "a1"
    (notice,) = link.notices
    assert f"“{value}”" in notice and "means nothing" not in notice
    assert notice.count(".") == 1 and notice.endswith(".")


@pytest.mark.parametrize("fragment", ["#/the-game?seed=a1&poster=off", "#/triggs?poster=on",
                                      "#/rentz?seed=b&players=3&poster=off", "#?poster=off"])
def test_poster_off_and_on_are_read_silently(fragment):
    link = links.parse(fragment)
    assert link.notices == [] and link.error is None


def test_another_poster_value_gives_a_notice():
    (notice,) = links.parse("#/triggs?seed=a1&poster=now").notices
    assert "“now”" in notice and "poster=off" in notice


def test_no_game_has_an_option_named_like_a_key_of_the_page():
    """A game's option and a key of the page in one link would be one key: The Game's
    ``start`` is why the page's key to skip the poster is ``poster``."""
    page_keys = set(links.RESERVED) | set(links.INVITATION_KEYS) | {"daily"}
    for game, spec in GAMES.items():
        assert not {option.key for option in spec.options} & page_keys, game


def test_the_page_keys_beside_the_games_start_option():
    link = links.parse("#/the-game?seed=a1&start=team&poster=off&theme=dark")
    assert link.setup.options["start"] == "team" and link.theme == "dark"
    assert link.notices == []


def test_a_links_theme_holds_beside_an_error_and_on_todays_deal():
    assert links.parse("#/no-such-game?theme=dark").theme == "dark"
    assert links.parse("#/the-game?players=0&theme=light").theme == "light"
    assert links.parse("#/the-game?daily=2026-01-02&theme=dark").theme == "dark"


def test_the_deal_link_carries_neither_theme_nor_poster():
    c = at_table(DEAL + "&theme=dark&poster=off")
    assert c.session.seed == "r1"
    for said in (c.address(), sharing.deal_link(SITE, c.session), c.local.share_text(),
                 c.handle("copy-link", {})[1]):
        assert "theme" not in said and "poster" not in said and "seed=r1" in said


# -- the theme for the visit ---------------------------------------------------------------
def test_a_links_theme_is_the_pages_for_the_visit_until_one_is_picked_in_the_settings():
    store = Store()
    store.write_preference("theme", "light")
    c = controller(store)
    c.boot(DEAL + "&theme=dark")
    assert c.screen().preferences["theme"] == "dark"
    assert store.preferences()["theme"] == "light"  # the setting is not changed
    c.boot("#/triggs?seed=t1")  # another link without a theme: the visit's stays
    assert c.screen().preferences["theme"] == "dark"
    c.handle("setting", {"key": "sound", "value": "on"})  # another setting: it stays
    assert c.screen().preferences["theme"] == "dark"
    c.handle("setting", {"key": "theme", "value": "light"})  # the player picks one
    assert c.screen().preferences["theme"] == "light" and store.preferences()["theme"] == "light"
    c.boot(DEAL)
    assert c.screen().preferences["theme"] == "light"


def test_the_settings_panel_shows_the_theme_in_effect():
    c = at_table(DEAL + "&theme=dark")
    c.handle("settings", {})
    page = Page(screen_html(c.screen()))
    pressed = page.one("button", data_action="setting", data_key="theme", aria_pressed="true")
    assert pressed.attrs["data-value"] == "dark"


def test_a_bad_theme_leaves_the_stored_one():
    store = Store()
    store.write_preference("theme", "dark")
    c = controller(store)
    c.boot(DEAL + "&theme=sepia")
    assert c.screen().preferences["theme"] == "dark"
    assert [role for role, _text in c.messages] == ["status"] and "sepia" in c.messages[0][1]
