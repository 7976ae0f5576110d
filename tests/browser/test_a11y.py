"""axe-core on every screen, at phone size (390×844, touch, light) and desktop size
(1280×800, dark colour scheme, so that both themes are checked):
the lobby, each game's table, pass-the-device, the end screen, the panels (rules,
settings, embed), the records and a replay with every hand shown. The test fails on any serious or critical violation and lists them all.

How axe gets into the page: the page's Content-Security-Policy allows scripts from its own
origin only, so an inline <script> (Playwright's add_script_tag with content) is blocked,
and axe is not in dist/ (it is a devDependency). page.evaluate runs axe's source through the
DevTools protocol (Runtime.evaluate), which CSP does not govern, and axe itself needs no
eval, so the page's CSP stays as it is in production and the watch still fails the test on
any CSP violation.
"""

import json

import pytest

from sitebuild.project import NODE_MODULES
from cardtable.bots import default_level, make_bot
from cardtable.engine.registry import GAMES
from cardtable.web import links
from cardtable.web.lobby import default_setup
from cardtable.web.session import Session
from settings_scripts import settings_script
from menu import choose
from still import wait_still

AXE = (NODE_MODULES / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}, "color_scheme": "dark"}}
SERIOUS = ("serious", "critical")
FAST = settings_script(pace="fast")


def violations(page) -> list:
    """axe's serious and critical violations on the page as it is once nothing moves (a
    card arriving is faint): rule, impact, targets."""
    wait_still(page)
    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE + "\n;true")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"rule": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [" ".join(map(str, n["target"])) + ": " + why(n) for n in v["nodes"]][:6]}
            for v in result["violations"] if v["impact"] in SERIOUS]


def why(node) -> str:
    """axe's reason for one element, in one line."""
    lines = [line.strip() for line in (node.get("failureSummary") or "").splitlines()]
    return " ".join(line for line in lines[1:] if line)[:200]


def finished_save(game: str, players: int, seed: str) -> tuple:
    """A whole game played by bots on CPython, as the page saves it, and its link."""
    return bots_played(default_setup(game).with_players(players), seed)


def bots_played(setup, seed: str, level: str | None = None) -> tuple:
    """A whole game of ``setup`` played on CPython by bots of ``level`` (the game's
    default) at every seat, as the page saves it, and its link."""
    game, players = setup.game, setup.players
    session = Session.new(setup, seed)
    bots = [make_bot(game, level or default_level(game), seat, seed) for seat in range(players)]
    while not session.state.is_over:
        state = session.state
        forced = state.forced_action()
        seat = state.current_player
        session.apply(forced if forced is not None else bots[seat].act(state.view(seat)))
    return session.to_save(), links.fragment(setup, seed)


def go(page, wait_until, fragment: str, ready: str) -> None:
    """Open ``fragment`` in the same page and wait for the JS condition ``ready``."""
    page.evaluate(f"location.hash = {json.dumps(fragment)}")
    wait_until(page, ready)


MY_TURN = "(v => v && v.legal.length > 0)(window.cardtable.view())"


@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_violation_on_any_screen(new_page, site, open_app, wait_until, size):
    page = new_page(**SIZES[size])
    page.context.add_init_script(FAST)
    found = {}
    open_app(page, site.url)
    found["lobby"] = violations(page)
    for game, spec in GAMES.items():
        players = max(2, spec.min_players)
        go(page, wait_until, f"#/{game}?seed=a11y&players={players}",
           f"(v => v && v.game === '{game}' && v.legal.length > 0)(window.cardtable.view())")
        found[f"table {game}"] = violations(page)
        if game == "the-game":
            for panel in ("rules", "settings", "embed"):
                choose(page, panel)
                page.wait_for_selector("#app .panel")
                found[f"panel {panel}"] = violations(page)
                page.click('[data-action="close-panel"]')
    go(page, wait_until, "#/the-game?seed=a11y-pass&players=2&seats=human,human",
       "!!document.querySelector('#app main.pass')")
    found["pass the device"] = violations(page)
    save, fragment = finished_save("triggs", 2, "a11y-end")
    page.evaluate("s => localStorage.setItem('cardtable.save', s)", json.dumps(save))
    go(page, wait_until, fragment, "!!document.querySelector('#app main.end')")
    found["end"] = violations(page)
    choose(page, "records")  # the finished game was recorded
    page.wait_for_selector("#app main.records figure.chart")
    found["records"] = violations(page)
    page.click('[data-action="replay"][data-index="0"]')
    page.click('[data-action="replay-hands"]')
    page.wait_for_selector("#app .all-hands")
    found["replay"] = violations(page)
    bad = {screen: v for screen, v in found.items() if v}
    assert not bad, json.dumps(bad, indent=1)
