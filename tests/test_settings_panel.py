"""The controller's settings, links that stay, messages and focus, on CPython.

Settings: a panel on every screen (pace, sound, motion, theme) kept in the settings store
beside the keys others keep there. Links: the address bar shows the deal on the table, and
opening the link of the saved deal resumes it. Messages: one per role, alerts dismissible.
"""

from cardtable.web import links
from cardtable.web.controller import Controller
from cardtable.web.panels import SCREEN_START, SKIP_TARGETS
from cardtable.web.storage import PREFERENCES, Store

from html_page import Page, screen_html

LINK = "#/the-game?seed=keep&players=2&seats=human,casual"


def controller(store=None, seed="s1") -> Controller:
    return Controller(store or Store(), lambda: seed)


def page(c: Controller) -> Page:
    """The whole app as the page draws it, parsed."""
    return Page(screen_html(c.screen()))


def started(store=None) -> Controller:
    c = controller(store)
    c.handle("start", {})
    return c


def a_move(c: Controller) -> None:
    """The human's first legal play in The Game."""
    card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
    c.handle("play", {"card": str(card), "pile": str(pile)})


# -- settings ------------------------------------------------------------------------------
def test_the_settings_panel_opens_in_the_lobby_and_at_the_table():
    for c in (controller(), started()):
        c.handle("settings", {})
        tags = page(c)
        (panel,) = tags.find("section", "settings")
        assert panel.attrs["aria-labelledby"] == "panel-title"
        assert tags.one(id="panel-title").text == "Settings"
        keys = {b.attrs["data-key"] for b in tags.find(data_action="setting")}
        assert keys == set(PREFERENCES)
        assert tags.find(data_action="pace")
        assert c.focus == '.panel [data-action="pace"][aria-pressed="true"]'


def test_preferences_default_to_sound_off_and_the_system():
    assert controller().screen().preferences == {
        "sound": "off", "motion": "system", "theme": "system", "deck": "two",
        "language": "system", "internet": "off", "name": "", "stun": "", "turn": "",
        "turn_user": "", "turn_pass": "", "relays": ""}


def test_a_setting_is_kept_beside_the_other_settings():
    store = Store()
    store.write_settings({"tours_seen": ["the-game"], "pace": "fast"})
    c = controller(store)
    for key, value in (("sound", "on"), ("motion", "reduced"), ("theme", "dark"),
                       ("deck", "four")):
        c.handle("setting", {"key": key, "value": value})
    assert store.load_settings() == {"tours_seen": ["the-game"], "pace": "fast", "sound": "on",
                                     "motion": "reduced", "theme": "dark", "deck": "four"}
    c.handle("settings", {})
    pressed = {b.attrs["data-key"]: b.attrs["data-value"]
               for b in page(c).find(data_action="setting", aria_pressed="true")}
    assert pressed == {"sound": "on", "motion": "reduced", "theme": "dark", "deck": "four",
                       "language": "system", "internet": "off"}


def test_a_bad_setting_is_refused_in_words_and_not_kept():
    store = Store()
    c = controller(store)
    c.handle("setting", {"key": "theme", "value": "<b>neon</b>"})
    c.handle("setting", {"key": "volume", "value": "11"})
    assert [role for role, _ in c.messages] == ["alert"]
    assert "volume" in c.messages[0][1]
    assert store.load_settings() == {}


def test_unreadable_stored_preferences_fall_back_to_the_defaults():
    store = Store()
    store.write_settings({"theme": "neon", "sound": True, "deck": "eight"})
    assert store.preferences() == {"sound": "off", "motion": "system", "theme": "system",
                                   "deck": "two", "language": "system", "internet": "off", "name": "",
                                   "stun": "", "turn": "", "turn_user": "", "turn_pass": "",
                                   "relays": ""}


def test_the_pace_changes_at_the_table():
    store = Store()
    c = started(store)
    c.handle("settings", {})
    c.handle("pace", {"value": "slow"})
    assert c.settings.pace == "slow" and store.load_settings()["pace"] == "slow"
    assert c.sitting.table is not None and c.screen().kind == "table"


def test_closing_a_panel_gives_the_focus_back_to_its_opener():
    c = started()
    for opener in ("settings", "rules", "embed"):
        c.handle(opener, {})
        c.handle("close-panel", {})
        # the opener, else (folded in the closed menu) the menu's button
        assert c.panels.panel is None and c.focus == (f'[data-action="{opener}"]',
                                               '[data-action="menu"]')


# -- links that stay -----------------------------------------------------------------------
def test_the_address_is_the_deal_at_the_table_and_plain_in_the_lobby():
    c = controller()
    assert c.address() == ""
    c.handle("start", {})
    assert c.address() == links.fragment(c.session.setup, "s1")
    assert links.parse(c.address()).seed == "s1"
    c.handle("lobby", {})
    assert c.address() == ""


def test_a_reload_of_the_deals_link_resumes_the_saved_game():
    store = Store()
    c = controller(store)
    c.boot(LINK)
    a_move(c)
    again = controller(store)
    assert again.boot(again_link := c.address())
    assert again.session.actions == c.session.actions and again.session.seed == "keep"
    assert again.address() == again_link


def test_the_link_of_another_deal_starts_that_deal():
    store = Store()
    c = controller(store)
    c.boot(LINK)
    a_move(c)
    other = controller(store)
    other.boot(LINK.replace("seed=keep", "seed=other"))
    assert other.session.seed == "other" and not other.session.actions


def test_a_short_link_to_the_saved_deal_resumes_it():
    store = Store()
    c = controller(store)
    c.boot("#/the-game?seed=short&players=1")
    a_move(c)
    again = controller(store)
    again.boot("#/the-game?seed=short&players=1")
    assert again.session.actions == c.session.actions


def test_copy_link_copies_the_deals_address():
    c = started()
    kind, text, done = c.handle("copy-link", {})
    assert kind == "copy" and text == "index.html" + c.address() and "link" in done
    assert c.handle("share", {})[1].endswith(text)


def test_the_menu_folds_all_but_the_lobby_under_one_button():
    c = started()
    (menu,) = page(c).find("nav", "menu")
    shown = [b.attrs["data-action"] for b in menu.children if b.tag == "button"]
    assert shown == ["lobby", "menu"]
    (toggle,) = page(c).find("button", data_action="menu")
    (items,) = page(c).find("div", id="menu-items")
    assert toggle.attrs["aria-expanded"] == "false" and "hidden" in items.attrs
    folded = [b.attrs["data-action"] for b in items.children if b.tag == "button"]
    assert folded == ["new-deal", "copy-link", "share", "embed", "rules", "records",
                      "settings"]


def test_the_menu_opens_and_any_other_action_closes_it():
    c = started()
    c.handle("menu", {})
    (toggle,) = page(c).find("button", data_action="menu")
    (items,) = page(c).find("div", id="menu-items")
    assert toggle.attrs["aria-expanded"] == "true" and "hidden" not in items.attrs
    assert c.focus == '[data-action="menu"]'
    c.handle("menu", {})
    assert not c.panels.menu_open
    c.handle("menu", {})
    c.handle("rules", {})
    assert not c.panels.menu_open and c.panels.panel[0] == "rules"
    # the panel's body takes the focus: in view, and the keys scroll it
    assert c.focus == (".app-screen .panel .panel-body", ".app-screen .panel")


def test_the_embed_panel_copies_its_snippet():
    c = started()
    assert c.handle("copy-panel", {}) is None and c.messages[0][0] == "alert"
    c.handle("embed", {})
    (copy,) = page(c).find("button", data_action="copy-panel")
    kind, text, done = c.handle("copy-panel", {})
    assert kind == "copy" and "<iframe" in text and text == c.panels.panel[1]


# -- messages --------------------------------------------------------------------------------
def test_bad_links_do_not_stack_their_alerts():
    c = started()
    c.boot("#/no-such-game")
    c.boot("#/the-game?players=0")
    assert [role for role, _ in c.messages] == ["alert"]
    assert "1–5 players" in c.messages[0][1] and c.sitting.table is None


def test_a_new_message_replaces_the_old_one_of_its_role():
    c = controller()
    c.say("status", "one")
    c.say("alert", "two")
    c.say("status", "three")
    assert c.messages == [("alert", "two"), ("status", "three")]


def test_the_storage_notice_gives_way_to_another_notice():
    c = controller(Store.unavailable())
    assert [role for role, _ in c.screen().messages] == ["status"]
    c.say("status", "Copied.")
    assert c.screen().messages == (("status", "Copied."),)


def test_an_alert_is_dismissed_by_its_button():
    c = controller()
    c.boot("#/no-such-game")
    (alert,) = page(c).find(role="alert")
    assert [b.attrs["data-action"] for b in alert.children if b.tag == "button"] == ["dismiss"]
    c.handle("dismiss", {})
    assert c.screen().messages == () and c.focus == SCREEN_START


def test_unknown_link_keys_are_one_notice():
    c = controller()
    c.boot("#/the-game?seed=n&players=1&colour=blue&size=9")
    notices = [text for role, text in c.messages if role == "status"]
    assert len(notices) == 1 and "colour" in notices[0] and "size" in notices[0]


# -- skip links and focus ----------------------------------------------------------------------
def test_skip_links_lead_to_the_hand_and_the_table():
    c = started()
    skips = page(c).find(data_action="skip")
    assert [s.attrs["data-to"] for s in skips] == ["hand", "table"]
    for to in ("hand", "table"):
        c.handle("skip", {"to": to})
        assert c.focus == SKIP_TARGETS[to]
    c.handle("skip", {"to": "moon"})
    assert c.messages[0][0] == "alert" and "moon" in c.messages[0][1]


def test_no_skip_links_where_no_hand_is_shown():
    c = controller(Store())
    assert not page(c).find(data_action="skip")
    c.boot("#/the-game?seed=p&players=2&seats=human,human")
    assert c.screen().kind == "pass"
    assert not page(c).find(data_action="skip")
