"""Links that stay, the menu and the settings, at phone size (touch) and desktop size.

The address bar keeps the link of the deal on the table; a reload resumes the saved game
of that deal; the lobby has the plain address. The menu copies the link, deals anew and
opens the settings: pace, sound (tones from the Web Audio API when a bot plays), motion
and theme, kept across reloads and applied to <html> before Python runs. Skip links move
the focus; alerts are dismissed and never stack. The theme chosen, not the system's,
colours the tables' own stylesheets too.
"""

import pytest
from menu import menu_item
from settings_scripts import settings_script

CLIPBOARD = ["clipboard-read", "clipboard-write"]
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True, "permissions": CLIPBOARD},
         "desktop": {"viewport": {"width": 1280, "height": 800}, "permissions": CLIPBOARD}}
DEAL = "#/the-game?seed=stay&players=2&seats=human,casual"
# Counts the tones the page makes (an init script: the page's CSP does not apply to it).
COUNT_TONES = """window.tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.tones++; return start.apply(this, args); };"""


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def active(page) -> dict:
    return page.evaluate("(e => ({tag: e.tagName, ...e.dataset}))(document.activeElement)")


def press(page, selector: str, touch: bool) -> None:
    (page.tap if touch else page.click)(selector)


def play_a_turn(page, touch: bool, wait_until) -> None:
    """Two legal cards and End turn, by the view's legal actions; waits for the bot."""
    for _ in range(2):
        _, card, pile = next(a for a in view(page)["legal"] if a[0] == "play")
        press(page, f'[data-action="select"][data-card="{card}"]', touch)
        press(page, f'[data-action="play"][data-pile="{pile}"]', touch)
    press(page, '[data-action="end-turn"]', touch)
    wait_until(page, "(v => v.over || (v.current === 0 && v.legal.length > 0))"
                     "(window.cardtable.view())")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_link_stays_and_the_settings_apply_at_the_table(new_page, site, open_app,
                                                           wait_ready, wait_until, size):
    touch = size == "phone"
    page = new_page(**SIZES[size])
    page.context.add_init_script(COUNT_TONES)
    open_app(page, site.link(DEAL))
    assert "seed=stay" in page.url and "seats=human,casual" in page.url

    press(page, menu_item(page, "settings", touch), touch)
    assert active(page) == {"tag": "BUTTON", "action": "pace", "value": "normal"}
    for action, key, value in (("pace", None, "fast"), ("setting", "sound", "on"),
                               ("setting", "theme", "dark"), ("setting", "motion", "reduced")):
        keyed = f'[data-key="{key}"]' if key else ""
        press(page, f'.panel [data-action="{action}"]{keyed}[data-value="{value}"]', touch)
    html = page.evaluate("(d => ({...d.dataset}))(document.documentElement)")
    assert (html["theme"], html["motion"]) == ("dark", "reduced")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(21, 24, 27)"
    assert page.evaluate("window.tones") == 1  # the sound was switched on: one tone
    press(page, '[data-action="close-panel"]', touch)
    assert active(page)["action"] == "menu"  # the opener is folded in the closed menu

    play_a_turn(page, touch, wait_until)
    assert page.evaluate("window.tones") > 1  # the bot's moves
    before = view(page)
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"  # before Python
    wait_ready(page)
    assert view(page) == before and "seed=stay" in page.url
    settings = page.evaluate("JSON.parse(localStorage.getItem('cardtable.settings'))")
    assert {key: settings[key] for key in ("pace", "sound", "theme", "motion")} == \
        {"pace": "fast", "sound": "on", "theme": "dark", "motion": "reduced"}

    press(page, menu_item(page, "copy-link", touch), touch)
    wait_until(page, "document.querySelector('#app [role=status] p')")
    assert page.inner_text("#app [role=status]") == "Copied the link of this deal."
    assert page.evaluate("navigator.clipboard.readText()") == page.url

    press(page, menu_item(page, "new-deal", touch), touch)  # the game is unfinished: it asks
    assert "seed=stay" in page.url
    press(page, '.panel.confirm [data-action="new-deal"][data-confirmed="yes"]', touch)
    assert "seed=" in page.url and "seed=stay" not in page.url
    press(page, '.menu [data-action="lobby"]', touch)
    assert "#" not in page.url and page.locator('[data-action="start"]').count() == 1


def test_skip_links_and_alerts_by_keyboard(page, site, open_app):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, site.link("#/the-game?seed=keys&players=1"))
    page.keyboard.press("Tab")
    assert active(page) == {"tag": "BUTTON", "action": "skip", "to": "hand"}
    page.keyboard.press("Enter")
    assert active(page)["action"] == "select"
    page.focus('[data-action="skip"][data-to="table"]')
    page.keyboard.press("Enter")
    assert active(page)["tag"] == "MAIN"

    for fragment in ("#/no-such-game", "#/the-game?players=0"):
        page.evaluate(f"location.hash = '{fragment}'")
        page.wait_for_selector(f"#app [role=alert] >> text={'1–5 players' if 'players' in fragment else 'does not have'}")
    assert page.locator("#app [role=alert] p").count() == 1
    assert "#" not in page.url
    page.focus('[data-action="dismiss"]')
    page.keyboard.press("Enter")
    assert page.locator("#app [role=alert] p").count() == 0
    assert active(page)["tag"] == "BUTTON"  # the lobby's first control, not the page


# A colour variable as the page resolves it (a light-dark() pair picks one by the theme):
# the colour of a probe element set to it.
RESOLVED = """(name) => { const probe = document.createElement('i');
  probe.style.color = `var(${name})`; document.body.append(probe);
  const value = getComputedStyle(probe).color; probe.remove(); return value; }"""
# The contrast ratio (WCAG) of each Extreme instruction card in the hand: its number's
# colour on its background.
CARD_CONTRAST = """() => {
  const luminance = (colour) => colour.match(/[\\d.]+/g).slice(0, 3).map(Number)
    .map((v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  return [...document.querySelectorAll('.hand .card[data-instruction]')].map((card) => {
    const style = getComputedStyle(card);
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
    return Math.round(100 * (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) / 100; }); }"""
# The colours of the tables' own stylesheets by theme: the hint's outline and the latest
# play's mark (assets/table.css), Extreme's instruction backgrounds.
THEMED = {"light": {"--hint-line": "rgb(154, 100, 0)", "--last-play": "rgb(47, 111, 176)",
                    "--lightning-bg": "rgb(255, 241, 214)", "--infinity-bg": "rgb(238, 232, 255)"},
          "dark": {"--hint-line": "rgb(241, 182, 49)", "--last-play": "rgb(106, 168, 232)",
                   "--lightning-bg": "rgb(58, 44, 16)", "--infinity-bg": "rgb(42, 35, 66)"}}


@pytest.mark.parametrize(("system", "theme"), [("light", "dark"), ("dark", "light")])
def test_the_theme_chosen_colours_the_tables_own_parts(new_page, site, open_app, system, theme):
    """The tables' stylesheets followed the system's colour scheme, not the theme of the
    settings: in the dark theme on a light system, Extreme's instruction cards kept their
    light lavender under the dark theme's light numbers (a contrast of about 1.1)."""
    page = new_page(viewport={"width": 390, "height": 844}, color_scheme=system)
    page.context.add_init_script(settings_script(theme=theme))
    open_app(page, site.link("#/extreme?seed=g3&players=2&seats=human,careful"))
    page.wait_for_selector(".hand .card[data-instruction]")
    assert {name: page.evaluate(RESOLVED, name) for name in THEMED[theme]} == THEMED[theme]
    contrasts = page.evaluate(CARD_CONTRAST)
    assert contrasts and min(contrasts) >= 4.5, contrasts
