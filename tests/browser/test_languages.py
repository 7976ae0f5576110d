"""Languages in the page: no text bypasses the catalogs (and none names a rule id), the first
paint is already in the player's language, and switching language mid-game changes every
text and loses nothing.

The pseudo-language build (``sitebuild.dist.build(pseudo=True)``) adds the language "qps", in which
every catalog text is bracketed ⟦…⟧ and accented. On every screen of every game, each
visible text and label, once its bracketed parts are taken out, may hold only what needs
no translation: numbers, punctuation, card and pile symbols, and proper names. Anything
else is a text that reached the screen without the catalogs.
"""

import json
import re

import pytest

from cardtable.engine.registry import GAMES
from settings_scripts import settings_script
from test_a11y import finished_save, go
from menu import choose

PSEUDO = "qps"
FAST = settings_script(pace="fast")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# What may stand outside ⟦…⟧: proper names (the brand, the games, each language named in
# itself), card ranks, symbols and numbers.
PROPER = ("cardtable", "The Game: Extreme", "The Game", "Triggs", "Rentz", "English",
          "Português", "Română", "Nim")
LEFTOVER = re.compile(r"^[\s\d.,:;!?()\[\]{}<>+\-−–—/×·•…%#'\"“”„«»=_|&@*^~$↑↓←→⇅↺✓✗✔✘★☆♠♥♦♣"
                      r"\u2660-\u2667\u25a0-\u25ff\u2600-\u27bf\U0001F300-\U0001FAFF]*"
                      r"(?:\b[AKQJ2-9]\b[\s\d.,:;()♠♥♦♣+\-−–/↑↓]*)*$")
CARD_FACES = re.compile(r"^[\s\dAKQJ♠♥♦♣]*$")  # a picture of cards: ranks and suits only
# Every visible text node and every label a screen reader reads, with where it was.
TEXTS_ON_SCREEN = r"""() => {
  const out = [];
  const visible = (e) => e && e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== "hidden";
  // The text of each block that holds text, whole: a translated template may hold markup
  // (a card in <b>, a phrase for screen readers around a visible symbol, a label drawn on
  // two lines of a picture), which splits its text into several nodes.
  const BLOCKS = "svg, p, li, td, th, dt, dd, h1, h2, h3, h4, button, label, legend, option,"
    + " figcaption, caption, summary, a, span.sr";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim()) continue;
    if (parent.closest("script, style, template, textarea, #boot")) continue;
    let block = parent.closest(BLOCKS) || parent;
    if (block.matches("span.sr")) block = block.parentElement.closest(BLOCKS) || block.parentElement;
    if (seen.has(block)) continue;
    seen.add(block);
    if (!visible(block) && !block.closest(".sr, svg")) continue;
    out.push([block.tagName + "." + block.getAttribute("class"),
              block.textContent.replace(/\s+/g, " ").trim()]);
  }
  for (const e of document.querySelectorAll("#app [aria-label], #app [title], #app [alt]")) {
    if (!visible(e) && !e.closest("svg")) continue;
    for (const name of ["aria-label", "title", "alt"])
      if (e.getAttribute(name)) out.push([e.tagName + "@" + name, e.getAttribute(name)]);
  }
  return out;
}"""


RULE_ID = re.compile(r"\b(?:TG|EX|TR|RZ)-\d")
# The whole text of the app, folded parts included, and every aria-label and title in it.
APP_TEXT = """() => [document.querySelector('#app').textContent,
  ...[...document.querySelectorAll('#app [aria-label], #app [title]')]
     .flatMap(e => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])]"""


def untranslated(page) -> list:
    """The texts on screen that hold more than proper names and symbols outside ⟦…⟧."""
    found = []
    for where, text in page.evaluate(TEXTS_ON_SCREEN):
        rest, count = text, 1
        while count:  # innermost first: a translated text may hold others
            rest, count = re.subn(r"⟦[^⟦⟧]*⟧", " ", rest)
        for name in PROPER:
            rest = rest.replace(name, " ")
        if not (LEFTOVER.match(rest) or CARD_FACES.match(rest)):
            found.append(f"{where}: {text[:100]}")
    return sorted(set(found))


def rule_ids(page) -> list:
    """The texts of the page that name a rule id: each visible text and label, and the
    whole text of the app with every ``aria-label`` and ``title`` in it."""
    texts = [text for _, text in page.evaluate(TEXTS_ON_SCREEN)]
    texts += page.evaluate(APP_TEXT)
    return sorted({text[:160] for text in texts if RULE_ID.search(text)})


def watched(page, url: str):
    """``page``, its watch allowing the pseudo site's origin too."""
    page.watch.origins += (url.rstrip("/"),)
    return page


def link(game: str, lang: str = PSEUDO, **params) -> str:
    query = "&".join(f"{k}={v}" for k, v in {**params, "lang": lang}.items())
    return f"#/{game}?{query}"


MY_TURN = "(v => v && v.game === '{game}' && v.legal.length > 0)(window.cardtable.view())"


def every_screen(page, url: str, lang: str, seed: str, open_app, wait_until, read) -> dict:
    """``read(page)`` on every screen of every game in ``lang`` (deals from ``seed``), by
    screen's name: the lobby, the rules panel, the tables at the fewest and the most players,
    a hint, the end screen, then the settings and embed panels, pass-the-device and a bad
    link."""
    found = {}
    open_app(page, url + f"#?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    for game, spec in GAMES.items():
        if page.query_selector('.menu [data-action="lobby"]'):
            page.click('.menu [data-action="lobby"]')
        page.click(f'[data-action="pick-game"][data-value="{game}"]')
        found[f"lobby {game}"] = read(page)
        page.click('.lobby [data-action="rules"]')
        page.wait_for_selector("#app .panel")
        found[f"rules {game}"] = read(page)
        page.click('[data-action="close-panel"]')
        for players in sorted({spec.min_players, spec.max_players}):
            go(page, wait_until, link(game, lang, seed=seed, players=players),
               MY_TURN.format(game=game))
            found[f"table {game} {players}"] = read(page)
        if page.query_selector('[data-action="hint"]:not([disabled])'):
            page.click('[data-action="hint"]')
            page.wait_for_selector("#app .hint")  # thought in slices: it shows a little later
            found[f"hint {game}"] = read(page)
        save, fragment = finished_save(game, max(2, spec.min_players), f"{seed}-end")
        page.evaluate("s => localStorage.setItem('cardtable.save', s)", json.dumps(save))
        go(page, wait_until, fragment, "!!document.querySelector('#app main.end')")
        found[f"end {game}"] = read(page)
    for panel in ("settings", "embed"):
        choose(page, panel)
        page.wait_for_selector("#app .panel")
        found[f"panel {panel}"] = read(page)
        page.click('[data-action="close-panel"]')
    go(page, wait_until, link("the-game", lang, seed="pass", players=2, seats="human,human"),
       "!!document.querySelector('#app main.pass')")
    found["pass the device"] = read(page)
    go(page, wait_until, "#/chess?seed=1", "!!document.querySelector('[role=alert] p')")
    found["a bad link"] = read(page)
    return found


def test_every_screen_of_every_game_speaks_only_through_the_catalogs_and_names_no_rule_id(
        new_page, pseudo_site, open_app, wait_until):
    """No text bypasses the catalogs, and no rule id (TG-13, EX-11, TR-5, RZ-8) reaches a
    player: no text of the page (shown, folded away or for screen readers), no
    ``aria-label`` or ``title``. One language suffices for the ids: test_i18n_no_rule_ids.py
    checks every catalog text of every language, and what the code puts on screen besides
    (the values put into catalog texts included) is the same in every language."""
    page = watched(new_page(**PHONE), pseudo_site)
    page.context.add_init_script(FAST)
    found = every_screen(page, pseudo_site, PSEUDO, "pseudo", open_app, wait_until,
                         lambda page: {"untranslated": untranslated(page),
                                       "rule ids": rule_ids(page)})
    bad = {screen: {what: texts for what, texts in read.items() if texts}
           for screen, read in found.items() if any(read.values())}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def test_the_tour_speaks_only_through_the_catalogs(new_page, pseudo_site, open_app, wait_until):
    page = watched(new_page(first_visit=True, **PHONE), pseudo_site)
    found = {}
    for game in GAMES:
        open_app(page, pseudo_site + link(game, seed="tour"))
        wait_until(page, "!!document.querySelector('#app .tour')")
        step = 1
        while page.query_selector('#app .tour [data-action="tour-next"]'):
            found[f"tour {game} step {step}"] = untranslated(page)
            page.click('#app .tour [data-action="tour-next"]')
            step += 1
    bad = {screen: texts for screen, texts in found.items() if texts}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("code, heading", [("pt", "Novo jogo"), ("ro", "Joc nou")])
def test_the_first_paint_is_in_the_browsers_language(new_page, site, wait_until, code, heading):
    page = new_page(locale={"pt": "pt-BR", "ro": "ro-RO"}[code], **PHONE)
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: None)  # Python never starts
    page.goto(site.url)
    assert page.evaluate("document.documentElement.lang") == code
    assert page.inner_text("#app h2") == heading
    assert "Loading the game" not in page.inner_text("#boot-status")


def test_switching_language_mid_game_changes_every_text_and_keeps_the_game(
        new_page, site, open_app, wait_until):
    page = new_page(**PHONE)
    open_app(page, site.link("#/the-game?seed=switch&players=2&seats=human,casual"))
    wait_until(page, MY_TURN.format(game="the-game"))
    _, card, pile = next(a for a in page.evaluate("window.cardtable.view()")["legal"]
                         if a[0] == "play")
    page.tap(f'[data-action="select"][data-card="{card}"]')
    page.tap(f'[data-action="play"][data-pile="{pile}"]')
    before = page.evaluate("window.cardtable.view()")
    english = page.inner_text("#app")
    for code, lobby_word in (("pt", "Jogos"), ("ro", "Jocuri")):
        choose(page, "settings", tap=True)
        page.tap(f'.panel [data-action="setting"][data-key="language"][data-value="{code}"]')
        page.tap('[data-action="close-panel"]')
        assert page.evaluate("document.documentElement.lang") == code
        assert page.inner_text('.menu [data-action="lobby"]') == lobby_word
        assert page.evaluate("window.cardtable.view()") == before
        words = set(re.findall(r"[A-Za-z]{5,}", page.inner_text("#app")))
        assert not words & {"Lobby", "Settings", "Share", "Rules"}, words
    page.reload()
    wait_until(page, "document.documentElement.dataset.app === 'ready'")
    assert page.evaluate("document.documentElement.lang") == "ro"
    assert page.evaluate("window.cardtable.view()") == before
    choose(page, "settings", tap=True)
    page.tap('.panel [data-action="setting"][data-key="language"][data-value="en"]')
    page.tap('[data-action="close-panel"]')
    assert page.inner_text("#app") == english
