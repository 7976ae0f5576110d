"""The table on a phone first (390×844, touch): one header row whose menu holds the rest,
Start in view in the lobby, nothing that moves under the finger, the pause after a
Rentz deal, the embed's room, and the whole-screen checks (no text overflowing its control,
no visible control covered by another) on every screen of every game."""

from __future__ import annotations

import json

import pytest

from cardtable.bots import default_level, make_bot
from cardtable.engine.registry import GAMES
from cardtable.web import links
from cardtable.web.lobby import default_setup
from cardtable.web.controller import Controller
from cardtable.web.session import Session
from cardtable.web.storage import MemoryBackend, Store
from menu import choose, open_menu, unfold_options
from settings_scripts import settings_script
from still import when_still
from test_a11y import finished_save, go
from test_offline import made_a_move

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
LANGUAGES = ("en", "pt", "ro")
MY_TURN = "(v => v && v.legal.length > 0)(window.cardtable.view())"
# The same, of one game: after a hash change to another game, the table left behind may still
# show (its view has a turn too) until the page has started the new one.
GAME_TURN = "(v => v && v.game === '{game}' && v.legal.length > 0)(window.cardtable.view())"
PLAYERS = {"the-game": 2, "extreme": 3, "triggs": 2, "rentz": 3}
# Quick bots that still raise signals and share instructions.
BOTS = {"the-game": "casual", "extreme": "careful", "triggs": "basic", "rentz": "random"}
MENU_ITEMS = ["new-deal", "copy-link", "share", "embed", "rules", "records", "settings"]

# Every layout shift of the page from its first paint, summed as the Web Vitals do (shifts
# right after an input excluded), kept in window.shifts.
SHIFTS = """
window.shifts = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""

# The whole-screen checks: every rendered control whose text is wider than its box, and
# every control that another element covers at its centre (each control is brought to the
# middle of the window first; a control kept out of sight on purpose, a skip link or a file
# field behind its label, is left, and so is what the open menu or a panel lies over: they
# open over the table by design). Made with
# nothing moving (still.when_still): a card in flight crosses what lies on its way.
SCREEN_PROBLEMS = """() => {
  const problems = [];
  const shown = (e) => e.checkVisibility({visibilityProperty: true});
  const name = (e) => `${e.tagName.toLowerCase()}[${e.dataset.action || e.id || ""}] "${
    (e.textContent || "").trim().slice(0, 40)}"`;
  for (const e of document.querySelectorAll("#app button, #app label, #app summary, #app select")) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1)
      problems.push(`overflows: ${name(e)} ${e.scrollWidth} > ${e.clientWidth}`);
  }
  const controls = "#app button, #app select, #app input, #app textarea, #app summary";
  const overPanel = !!document.querySelector("#app .panel-backdrop");  // a panel on show
  for (const e of document.querySelectorAll(controls)) {
    if (!shown(e)) continue;
    e.scrollIntoView({block: "center", inline: "center"});
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight || !r.width || !r.height) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest("#menu-items") && !e.closest("#menu-items")) continue;
    if (overPanel && !e.closest(".panel, .menu")) continue;
    if (e.matches(".visually-hidden")) continue;  // a file field behind its label
    if (hit && hit !== e && !e.contains(hit)) problems.push(`covered: ${name(e)} by ${name(hit)}`);
  }
  scrollTo(0, 0);
  return problems;
}"""


def settings(**values) -> str:
    return settings_script(**values)


def phone_page(new_page, **values):
    page = new_page(**PHONE)
    page.context.add_init_script(settings(**values))
    return page


def link(game: str, seed: str, lang: str = "en") -> str:
    """A deal of ``game`` for the person in seat 1 and quick bots."""
    players = PLAYERS[game]
    seats = ",".join(["human"] + [BOTS[game]] * (players - 1))
    return f"#/{game}?seed={seed}&players={players}&seats={seats}&lang={lang}"


# The box of the element a selector finds, in page coordinates (x, y, width, height),
# rounded; null if none.
BOX = ("(s => (e => e && (r => [r.left + scrollX, r.top + scrollY, r.width, r.height]"
       ".map(Math.round))(e.getBoundingClientRect()))(document.querySelector(s)))")


def box(page, selector: str):
    """The element's box in page coordinates (x, y, width, height), rounded; None if none."""
    return page.evaluate(BOX, selector)


def midgame_save(game: str, seed: str, moves: int) -> tuple:
    """A game of ``game`` played by bots on CPython for ``moves`` moves or more, stopped
    when the person in seat 1 is to move: the page's save and the deal's link."""
    setup = default_setup(game).with_players(PLAYERS[game])
    session = Session.new(setup, seed)
    bots = [make_bot(game, default_level(game), seat, seed) for seat in range(setup.players)]
    while len(session.actions) < moves or session.state.current_player != 0 \
            or session.state.forced_action() is not None:
        state = session.state
        forced = state.forced_action()
        seat = state.current_player
        session.apply(forced if forced is not None else bots[seat].act(state.view(seat)))
    assert not session.state.is_over
    return session.to_save(), links.fragment(setup, seed)


# -- 2. game-first on a phone --------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tables_header_is_one_row_and_its_menu_holds_the_rest(new_page, site, open_app,
                                                                  wait_until, lang):
    page = phone_page(new_page, language=lang)
    open_app(page, site.url)
    for game in GAMES:
        go(page, wait_until, link(game, "header", lang=lang), GAME_TURN.format(game=game))
        header = box(page, ".app-menu")
        middles = page.evaluate("[...document.querySelectorAll('.menu > *')].filter(e =>"
                                " e.getClientRects().length).map(e => (r => Math.round(r.top"
                                " + r.height / 2))(e.getBoundingClientRect()))")
        assert header[3] <= 52 and max(middles) - min(middles) <= 1, (game, header, middles)
        assert page.locator(".menu > button:visible").evaluate_all(
            "l => l.map(e => e.dataset.action)") == ["lobby", "menu"]
    toggle = page.locator('[data-action="menu"]')
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.locator("#menu-items").is_hidden()
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.locator("#menu-items button:visible").evaluate_all(
        "l => l.map(e => e.dataset.action)") == MENU_ITEMS
    page.keyboard.press("Escape")  # closes it; the focus stays on its button
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.dataset.action") == "menu"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the keyboard reaches the items, first to last
    assert page.evaluate("document.activeElement.dataset.action") == MENU_ITEMS[0]
    page.mouse.click(5, 700)  # a tap outside the menu, on no control, closes it
    assert toggle.get_attribute("aria-expanded") == "false" and page.locator("#menu-items").is_hidden()
    before = page.evaluate("window.cardtable.view()")
    choose(page, "rules", tap=True)  # an item does its work and closes the menu
    assert page.locator(".panel.rules").is_visible() and toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("window.cardtable.view()") == before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_start_shows_without_scrolling_for_every_game(new_page, site, open_app, lang):
    page = phone_page(new_page, language=lang)
    open_app(page, site.url)
    for game in GAMES:
        page.tap(f'[data-action="pick-game"][data-value="{game}"]')
        start = box(page, '[data-action="start"]')
        assert page.evaluate("scrollY") == 0 and start[1] + start[3] <= 844, (game, start)
    # the folded options say what is chosen, and follow the choice
    page.tap('[data-action="pick-game"][data-value="rentz"]')
    chosen = page.inner_text("#lobby-options .chosen")
    assert chosen.startswith("3 ")
    unfold_options(page, tap=True)
    page.tap('[data-action="players"][data-value="4"]')
    assert page.inner_text("#lobby-options .chosen").startswith("4 ")
    assert page.locator('[data-action="players"]').first.is_visible()  # it stays open


def games_under_way() -> str:
    """The unfinished games' list with one game of each kind, each with a move of the
    player's made (a table with none is not listed)."""
    store = Store(MemoryBackend())
    controller = Controller(store, lambda: "layout")
    for game in GAMES:
        controller.handle("pick-game", {"value": game})
        controller.handle("start", {})
        made_a_move(controller)
    return store.get("cardtable.games")


def test_start_stays_in_view_above_the_unfinished_games(new_page, site, open_app):
    """Unfinished games are listed under the new game's Start, so no number of them pushes
    Start out of a phone's screen; the latest is still in view."""
    page = phone_page(new_page, language="pt")
    open_app(page, site.url)
    page.evaluate("t => localStorage.setItem('cardtable.games', t)", games_under_way())
    open_app(page, site.url)
    page.tap('.app-menu [data-action="lobby"]')  # the game played last reopened
    page.locator("main.lobby").wait_for()
    assert page.locator("#app .unfinished li").count() == len(GAMES)
    for game in GAMES:
        page.tap(f'[data-action="pick-game"][data-value="{game}"]')
        start = box(page, '[data-action="start"]')
        assert page.evaluate("scrollY") == 0 and start[1] + start[3] <= 844, (game, start)
    latest = box(page, '#app .unfinished li:first-child [data-action="continue"]')
    assert latest[1] + latest[3] <= 844, latest


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_lobbys_how_to_play_opens_the_rules_in_view(new_page, site, open_app, size):
    page = new_page(**(PHONE if size == "phone" else DESKTOP))
    open_app(page, site.url)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    page.locator('.lobby [data-action="rules"]').click()
    # the rules come with the game's guide, which the page may still be fetching
    page.wait_for_selector(".panel.rules")
    panel = box(page, ".panel.rules")
    top = page.evaluate("document.querySelector('.panel.rules').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2, (panel, top)
    assert page.evaluate("!!document.activeElement.closest('.panel.rules')")


def test_a_rentz_deal_ends_in_a_pause_with_the_deals_points_and_the_totals(new_page, site,
                                                                          open_app, wait_until):
    page = phone_page(new_page, pace="normal")
    open_app(page, site.link("#/rentz?seed=pause&players=3&seats=human,random,random"))
    while True:
        wait_until(page, "document.querySelector('main.pause-screen') ||"
                         " window.cardtable.view().legal.length > 0", 30_000)
        if page.locator("main.pause-screen").count():
            break
        rentz_move(page, page.evaluate("window.cardtable.view()"))
    shown = page.evaluate("window.cardtable.view()")
    assert shown["legal"] == [] and shown["deal"] == 1  # nobody moves during the pause
    rows = page.locator(".deal-summary tbody tr")
    assert rows.count() == 3
    totals = [row.locator(".total").inner_text() for row in rows.all()]
    assert [t.replace("−", "-").lstrip("+") for t in totals] == [str(s) for s in shown["scores"]]
    log = page.locator(".app-screen").inner_text()
    page.wait_for_timeout(1500)
    assert page.locator(".app-screen").inner_text() == log  # still paused: bots wait
    page.tap('[data-action="go-on"]')
    wait_until(page, "!!document.querySelector('main.table.rentz')")
    # the score sheet, when opened, comes into view
    page.tap('[data-action="rentz-sheet"]')
    wait_until(page, "(r => r.top >= -1 && r.top < innerHeight / 2)"
                     "(document.getElementById('rentz-sheet').getBoundingClientRect())")


def test_in_an_embed_the_menu_and_the_notice_leave_the_table_its_room(storage_blocked_page,
                                                                      site, embedder,
                                                                      wait_ready, wait_until):
    page = storage_blocked_page
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(embedder.page_for(site.link("#/the-game?seed=embed&players=2")))
    frame = page.wait_for_selector("#app")
    frame.evaluate("f => { f.width = 400; f.height = 720; }")
    app = frame.content_frame()
    app.click("[data-action=play-here]")  # the poster's Play: a frame starts at a tap
    wait_ready(app)
    wait_until(app, MY_TURN)
    assert app.evaluate("'embedded' in document.documentElement.dataset")
    assert "not saved" in app.inner_text("#app [role=status]")
    table_top = app.evaluate("document.querySelector('main.table').getBoundingClientRect().top")
    assert table_top < 60, table_top
    assert app.locator('[data-action="menu"]').is_visible()


def test_the_embed_panel_copies_its_snippet(page, site, open_app, wait_until):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    open_app(page, site.link("#/the-game?seed=embed-copy&players=1"))
    choose(page, "embed")
    snippet = page.input_value("#panel-text")
    page.click('.panel [data-action="copy-panel"]')
    wait_until(page, "document.querySelector('#app [role=status] p')")
    assert page.evaluate("navigator.clipboard.readText()") == snippet.strip()
    assert snippet.startswith("<!--") and "<iframe" in snippet


# -- 3. nothing jumps ----------------------------------------------------------------------
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_page_hardly_shifts_at_start_up(new_page, site, wait_ready, size):
    page = new_page(first_visit=True, **(PHONE if size == "phone" else DESKTOP))
    page.context.add_init_script(SHIFTS)
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_timeout(1000)
    shifts = page.evaluate("window.shifts")
    assert shifts < 0.01, shifts


def the_game_move(page, shown) -> None:
    """The lowest legal play of The Game (Extreme), or End turn once it may end."""
    if ["end"] in shown["legal"]:
        page.tap('[data-action="end-turn"]')
        return
    _, card, pile = min((a for a in shown["legal"] if a[0] == "play"), key=lambda a: a[1])
    page.tap(f'[data-action="select"][data-card="{card}"]')
    page.tap(f'[data-action="play"][data-pile="{pile}"]')


def triggs_move(page, shown) -> None:
    """Triggs: draw from the middle, discard the first card, or take the first bonus."""
    kinds = {a[0] for a in shown["legal"]}
    if "draw" in kinds:
        pile = next(a[1] for a in shown["legal"] if a[0] == "draw")
        page.tap(f'[data-action="triggs-draw"][data-pile="{pile}"]')
    elif "bonus" in kinds:
        page.locator('[data-action="triggs-bonus"]').first.tap()
    else:
        page.tap('[data-action="triggs-card"][data-index="0"]')
        page.tap('[data-action="triggs-discard"]')


def rentz_move(page, shown) -> None:
    """Rentz: the first sub-game offered, else the first lit card."""
    if page.locator('[data-action="go-on"]').count():
        page.tap('[data-action="go-on"]')
    elif shown["phase"] == "choose":
        page.locator('[data-action="rentz-choose"]').first.tap()
    else:
        page.locator('[data-action="rentz-play"]:not([disabled])').first.tap()


# The table is on screen (not the end, whose table is drawn under it, nor a pause).
PLAYING = ("!!document.querySelector('main.table') &&"
           " !document.querySelector('main.end, main.pause-screen')")


# The layout the table is in: the phase of the game and, in Rentz's choice, whether the
# person is the one choosing (only the chooser sees the sub-games listed).
LAYOUT = """(() => { const v = window.cardtable.view();
  return v.phase + (v.phase === "choose" && v.chooser !== v.seat ? ", another chooses" : "");
})()"""


def record(page, places: dict, selector: str) -> None:
    """Note where the control is, by the layout of the table (see LAYOUT: a game whose
    phases lay the table out differently, Rentz's choice and play, is compared within
    each), while the table is playing (PLAYING), all read in one step of the page
    so that no move comes between them."""
    seen = page.evaluate(f"s => ({PLAYING}) ? [{LAYOUT}, {BOX}(s)] : null", selector)
    if seen:
        layout, place = seen
        places.setdefault(layout, set()).add(tuple(place[:2]))


# Each game's main control (whose place is recorded), its person's move, and for how many
# of the person's moves (None: the whole game).
WATCHED = {
    "the-game": ('[data-action="end-turn"]', the_game_move, None),
    "extreme": ('[data-action="end-turn"]', the_game_move, None),
    "triggs": ('[data-action="triggs-draw"][data-pile="left"]', triggs_move, 24),
    "rentz": ("main.rentz section.hand", rentz_move, 12),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_main_control_keeps_its_place_through_a_game(new_page, site, open_app, wait_until,
                                                         game):
    page = phone_page(new_page, pace="fast")
    selector, move, moves = WATCHED[game]
    open_app(page, site.link(link(game, "still")))
    places = {}
    for _ in range(moves or 400):
        wait_until(page, "document.querySelector('main.end, main.pause-screen') ||"
                         " window.cardtable.view().legal.length > 0", 30_000)
        if page.locator("main.end").count():
            break
        shown = page.evaluate("window.cardtable.view()")
        record(page, places, selector)
        move(page, shown)
        record(page, places, selector)  # and after the move, before the bots' moves
    assert places and all(len(seen) == 1 for seen in places.values()), places
    if moves is None:
        assert page.locator("main.end").count()


def test_on_the_desktop_the_piles_keep_their_size_when_a_signal_shows(new_page, site,
                                                                      open_app, wait_until):
    page = new_page(**DESKTOP)
    page.context.add_init_script(settings(pace="fast"))
    open_app(page, site.link("#/the-game?seed=signals&players=3"))
    sizes, signals = set(), set()
    for _ in range(60):
        wait_until(page, "document.querySelector('main.end') || window.cardtable.view()"
                         ".legal.length > 0", 30_000)
        if page.locator("main.end").count():
            break
        shown = page.evaluate("window.cardtable.view()")
        signals.add(len(shown["signals"]))
        sizes.add(tuple(box(page, ".pile")[2:]))
        if ["end"] in shown["legal"]:
            page.click('[data-action="end-turn"]')
        else:
            _, card, pile = min((a for a in shown["legal"] if a[0] == "play"), key=lambda a: a[1])
            page.click(f'[data-action="select"][data-card="{card}"]')
            page.click(f'[data-action="play"][data-pile="{pile}"]')
    assert len(signals) > 1 and len(sizes) == 1, (signals, sizes)


# -- the whole-screen checks ---------------------------------------------------------------
def screens(page, wait_until, game: str):
    """Open each screen of ``game`` in turn (lobby, table at start, mid-game, rules, the
    menu open, settings, the end, records); yields each one's name once it shows."""
    page.tap(f'[data-action="pick-game"][data-value="{game}"]')
    yield "lobby"
    unfold_options(page, tap=True)
    yield "lobby, options open"
    go(page, wait_until, link(game, "screens"), GAME_TURN.format(game=game))
    yield "table at start"
    save, fragment = midgame_save(game, "screens-mid", 12)
    page.evaluate("s => localStorage.setItem('cardtable.save', s)", json.dumps(save))
    go(page, wait_until, fragment, MY_TURN)
    yield "table mid-game"
    open_menu(page, tap=True)
    yield "menu open"
    choose(page, "rules", tap=True)
    yield "rules"
    choose(page, "settings", tap=True)
    yield "settings"
    page.tap('.panel [data-action="close-panel"]')
    save, fragment = finished_save(game, PLAYERS[game], "screens-end")
    page.evaluate("s => localStorage.setItem('cardtable.save', s)", json.dumps(save))
    go(page, wait_until, fragment, "!!document.querySelector('#app main.end')")
    yield "end"
    choose(page, "records", tap=True)
    page.wait_for_selector("#app main.records")
    yield "records"


@pytest.mark.parametrize("game", list(GAMES))
def test_no_text_overflows_and_no_control_is_covered_on_any_screen(new_page, site, open_app,
                                                                   wait_until, game):
    page = phone_page(new_page, pace="slow")
    open_app(page, site.url)
    found = {}
    for name in screens(page, wait_until, game):
        problems = when_still(page, SCREEN_PROBLEMS)
        if problems:
            found[name] = problems
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
