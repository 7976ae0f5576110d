"""The flows that must hold in every engine (Chromium, Firefox ESR, WebKitGTK), through the
one interface of engines/ (its docstring says which driver serves which engine and why).

Each test runs once per engine; ``engine_page`` fails it on any console error or uncaught
error of its pages. The offline flows are in test_engines_offline.py.
"""

from __future__ import annotations

import json

import pytest

from cardtable.engine.registry import GAMES
from cardtable.web.storage import BLOCKED_NOTICE
from engines import js, open_app, stored, view, wait_ready, wait_until
from test_a11y import finished_save
from test_records_ui import tr

# A share link of each game, its fewest players (two at least).
LINKS = {game: f"#/{game}?seed=7&players={max(2, spec.min_players)}"
         for game, spec in GAMES.items()}
MY_TURN = "(v => v && v.legal.length > 0)(window.cardtable.view())"
TOURS_SEEN = json.dumps({"tours_seen": list(GAMES)})


def returning_player(page, site) -> None:
    """Store the settings of a player who has seen every guided tour (on ``site``'s
    origin, from its lobby), so that no tour covers a table."""
    open_app(page, site.url)
    page.evaluate(f"localStorage.setItem('cardtable.settings', {js(TOURS_SEEN)})")


def play_a_card(page) -> int:
    """In The Game, on the human's turn: select a card and a pile it may go on, by clicking
    them; the card, once it has left the hand."""
    wait_until(page, MY_TURN)
    _, card, pile = next(a for a in view(page)["legal"] if a[0] == "play")
    page.click(f'[data-action="select"][data-card="{card}"]')
    page.click(f'[data-action="play"][data-pile="{pile}"]')
    wait_until(page, f"!window.cardtable.view().hand.includes({card})")
    return card


def test_the_lobby_and_each_games_link_reach_ready(engine_page, site):
    """Each in a fresh page of its own, a first visit, closed once checked (a page that
    goes to another address while it still fetches parts in the background logs that
    fetch's end as an error in Firefox; a closed one is gone, its errors read)."""
    page = open_app(engine_page(), site.url)
    assert page.evaluate("document.querySelectorAll('#app [data-action=start]').length") >= 1
    engine_page.close(page)
    for game, link in LINKS.items():
        page = open_app(engine_page(), site.link(link))
        assert view(page)["game"] == game, link
        assert "seed=7" in page.evaluate("location.hash")
        engine_page.close(page)


def test_a_move_by_clicking_and_a_reload_resumes_it(engine_page, site):
    page = engine_page()
    returning_player(page, site)
    page.evaluate(f"location.hash = {js(LINKS['the-game'])}")
    card = play_a_card(page)
    before = view(page)
    page.reload()
    wait_ready(page)
    assert view(page) == before and card not in before["hand"]


# The Embed panel's box: [its scroll, whether the snippet overflows it (else the check
# means nothing), where its selection starts, whether it selects to the end, whether it
# has the focus]; read two frames and a moment after the panel opened (Firefox scrolls a
# selection into view on a later tick).
EMBED_BOX = """new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
  setTimeout(() => done((t => [t.scrollTop, t.scrollHeight > t.clientHeight + 1, t.selectionStart,
    t.selectionEnd === t.value.length, document.activeElement === t])(
    document.querySelector('#panel-text'))), 300))))"""


def test_the_embed_panel_shows_its_snippet_from_the_first_line(engine_page, site):
    """Menu → Embed selects the whole snippet for copying and shows it from its first line
    (the comment saying what the frame loads): Firefox scrolled a box selected by select()
    to its last line, the end its selection grows from, and the panel showed the tail of
    the iframe's attributes."""
    page = engine_page()
    returning_player(page, site)
    page.evaluate(f"location.hash = {js(LINKS['the-game'])}")
    wait_until(page, MY_TURN)
    page.click('.menu [data-action="menu"]')
    page.click('#menu-items [data-action="embed"]')
    wait_until(page, "!!document.querySelector('#panel-text')")
    assert page.evaluate(EMBED_BOX) == [0, True, 0, True, True]


# Whether the page's own Python (assets/snapshot.js hands the interpreter the page started
# to whoever imports it) may switch stacks: [Pyodide's two JSPI flags, the page's
# WebAssembly.Suspending].
STACK_SWITCHING = """import("./assets/snapshot.js")
  .then((module) => module.loadPyodide({ stdout: console.log, stderr: console.error }))
  .then((python) => [python._module.newJspiSupported, python._module.oldJspiSupported,
                     "Suspending" in WebAssembly])"""


def test_python_runs_without_stack_switching_cold_and_warm(engine_page, site):
    """assets/no-stack-switching.js: Chromium ships JSPI, and its renderer crashes on it now
    and then; no page of the site lets Pyodide use it, the first visit's nor a warm start's
    (the snapshot worker's Python is made without it as well)."""
    page = open_app(engine_page(), site.url)
    assert page.evaluate(STACK_SWITCHING) == [False, False, False]
    wait_until(page, "window.cardtableSnapshot.made !== undefined", timeout_s=120)
    assert page.evaluate("window.cardtableSnapshot.made") is True
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.cardtableSnapshot.boot") == "restored"
    assert page.evaluate(STACK_SWITCHING) == [False, False, False]


# What a replay shows of its position: the words of the step and the table's text.
REPLAY_SHOWN = ("document.querySelector('#replay-position').textContent + '|'"
                " + document.querySelector('#app main').textContent")


def test_records_in_another_language(engine_page, site):
    """A finished game of Triggs is recorded, Menu → Records shows it in Portuguese, and
    its replay steps from the start to the ending."""
    page = engine_page()
    returning_player(page, site)
    settings = {**json.loads(TOURS_SEEN), "language": "pt"}
    page.evaluate(f"localStorage.setItem('cardtable.settings', {js(json.dumps(settings))})")
    save, fragment = finished_save("triggs", 2, "engines-records")
    page.evaluate(f"localStorage.setItem('cardtable.save', {js(json.dumps(save))})")
    page.goto("about:blank")
    open_app(page, site.link(fragment))
    wait_until(page, "!!document.querySelector('#app main.end')")
    assert page.evaluate("document.documentElement.lang") == "pt"
    page.click('.menu [data-action="menu"]')
    page.click('#menu-items [data-action="records"]')
    wait_until(page, "!!document.querySelector('#app main.records figure.chart')")
    assert page.evaluate("document.querySelector('#records-title').textContent") == tr(
        "pt", "Records: {game}", game="Triggs")
    assert page.evaluate("document.querySelectorAll('.record-list > li').length") == 1
    # its replay opens at the start and steps to the ending, the cards played on the table
    page.click('[data-action="replay"][data-index="0"]')
    wait_until(page, "!!document.querySelector('#replay-slider')")
    assert page.evaluate("document.querySelector('#replay-slider').value") == "0"
    at_start = page.evaluate(REPLAY_SHOWN)
    page.click('[data-action="replay-to"][data-step]:not([data-step="0"])')
    wait_until(page, "document.querySelector('#replay-slider').value"
                     " === document.querySelector('#replay-slider').max")
    assert page.evaluate(REPLAY_SHOWN) != at_start


def test_the_cross_site_embed_plays(engine_page, site, embedder):
    page = engine_page()
    page.goto(embedder.page_for(site.url))
    app = page.frame("#app")
    wait_until(app, "document.documentElement.dataset.app === 'poster'")
    app.click("[data-action=play-here]")  # a frame starts at its poster's Play
    wait_ready(app)
    app.click("[data-action=start]")
    wait_until(app, "!!document.querySelector('[data-action=select]')")


# Firefox's "block all third-party cookies" (and with them third-party storage).
NO_THIRD_PARTY_STORAGE = {"network.cookie.cookieBehavior": 1}


@pytest.mark.parametrize("engine", ["firefox"])
def test_the_embed_says_it_will_not_save_where_storage_is_blocked(engine_page, site, embedder):
    """Where the engine's settings can block a third-party frame's storage from here
    (Chromium's case is test_platform.py's)."""
    page = engine_page(**NO_THIRD_PARTY_STORAGE)
    page.goto(embedder.page_for(site.url))
    app = page.frame("#app")
    wait_until(app, "document.documentElement.dataset.app === 'poster'")
    app.click("[data-action=play-here]")  # a frame starts at its poster's Play
    wait_ready(app)
    assert app.evaluate("(() => { try { localStorage.length; return 'open' }"
                        " catch (e) { return e.name } })()") == "SecurityError"
    assert BLOCKED_NOTICE in app.evaluate("document.body.textContent")
    app.click("[data-action=start]")
    wait_until(app, "!!document.querySelector('[data-action=select]')")
