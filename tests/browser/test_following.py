"""Following a game in a real browser, for every game at phone size (390×844, touch) and
desktop size: the hint appears with its reason and outlines its card or pile, a bot's play
stays marked on the table, the log numbers the whole game by turn in a box that scrolls
and shows its newest line, nothing scrolls sideways, the hand is the first tab stop of the
table, signals appear only when several seats play, and the latest play's movement stops
under reduced motion (the system's or the app's setting).

Bots play at the fast pace; each test moves through the views the page reports.
"""

import pytest
from settings_scripts import settings_script

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# Fast bots, and every game's guided tour already seen (its box would cover the controls).
FAST = settings_script(pace="fast")
LINKS = {
    "the-game": "#/the-game?seed=follow-tg&players=5&seats=human,strong,strong,strong,strong",
    "extreme": "#/extreme?seed=follow-ex&players=4&seats=human,strong,strong,strong",
    "triggs": "#/triggs?seed=follow-tr&players=4&seats=human,basic,basic,basic",
    "rentz": "#/rentz?seed=follow-rz&players=4&seats=human,basic,basic,basic&practice=queens",
}
MY_MOVE = ("document.querySelector('main.end') || (v => v && v.current === 0 && !v.over &&"
           " v.legal.some(a => a[0] !== 'pass'))(window.cardtable.view())")
FIRST_STOP = """(() => {
  const stops = [...document.querySelectorAll('main.table button, main.table summary,'
    + ' main.table [tabindex], main.table a[href], main.table input, main.table select')]
    .filter(e => !e.disabled && e.tabIndex >= 0 && e.offsetParent !== null);
  return {inHand: !!(stops[0] && stops[0].closest('.hand')),
          positive: [...document.querySelectorAll('[tabindex]')].some(e => e.tabIndex > 0)};
})()"""
LOG = """(() => {
  const box = document.querySelector('main.table .log-box');
  const items = [...box.querySelectorAll('li')];
  const last = items[items.length - 1].getBoundingClientRect(), frame = box.getBoundingClientRect();
  return {turns: items.filter(li => li.dataset.turn).map(li => Number(li.dataset.turn)),
          scrolls: box.scrollHeight > box.clientHeight + 2,
          newestShown: last.bottom <= frame.bottom + 1 && last.top >= frame.top - 1};
})()"""


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def press(page, selector: str) -> None:
    """A tap on a touch page, a click elsewhere."""
    target = page.locator(selector).first
    target.tap() if getattr(page.context, "touch", False) else target.click()


def first_play(page) -> list:
    """The first legal play of the view that does not lose (Extreme's ``losing``)."""
    shown = view(page)
    losing = shown.get("losing", [])
    return next(a for a in shown["legal"] if a[0] == "play" and a[1:] not in losing)


def my_turn_the_game(page) -> None:
    """Plays legal cards until the turn may end, then ends it."""
    while ["end"] not in view(page)["legal"]:
        _, card, pile = first_play(page)
        press(page, f'[data-action="select"][data-card="{card}"]')
        press(page, f'[data-action="play"][data-pile="{pile}"]')
    press(page, '[data-action="end-turn"]')


def my_turn_triggs(page) -> None:
    """Draws (one pick at a time) while a draw is offered; else discards a card."""
    while view(page)["current"] == 0 and not view(page)["over"]:
        draws = [a for a in view(page)["legal"] if a[0] == "draw"]
        if draws:
            press(page, f'[data-action="triggs-draw"][data-pile="{draws[0][1]}"]')
            continue
        press(page, '[data-action="triggs-card"][data-index="0"]')
        press(page, '[data-action="triggs-discard"]')


def my_turn_rentz(page) -> None:
    press(page, '[data-action="rentz-play"]:not([disabled])')


MY_TURN = {"the-game": my_turn_the_game, "extreme": my_turn_the_game,
           "triggs": my_turn_triggs, "rentz": my_turn_rentz}


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def opened(request, new_page, site, open_app):
    """``opened(game)``: the game's deal on a fresh page of this size, fast bots."""
    def open_game(game):
        page = new_page(**request.param)
        page.context.touch = request.param.get("has_touch", False)
        page.context.add_init_script(FAST)
        open_app(page, site.link(LINKS[game]))
        page.size = request.param["viewport"]
        return page
    return open_game


def check_fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.size["width"]


def check_hint(page, wait_until) -> None:
    press(page, '[data-action="hint"]')
    wait_until(page, "document.querySelector('.hint .hint-why')")
    press(page, ".hint summary")  # the reason folds under "Why?" (#51)
    reason = page.inner_text(".hint .hint-why")
    assert len(reason.split()) >= 6 and reason.endswith("."), reason
    assert "Hint:" in page.inner_text(".hint")
    assert page.locator(".hinted").count() >= 1


@pytest.mark.parametrize("game", list(LINKS))
def test_following_a_game(game, opened, wait_until):
    page = opened(game)
    wait_until(page, MY_MOVE)
    check_fits(page)
    stops = page.evaluate(FIRST_STOP)
    assert stops["inHand"] and not stops["positive"]
    check_hint(page, wait_until)
    log = None
    for _ in range(6):  # rounds until the log box scrolls
        MY_TURN[game](page)
        wait_until(page, MY_MOVE)
        log = page.evaluate(LOG)
        if log["scrolls"]:
            break
    assert page.locator("main.table .last-play").count() >= 1
    last_line = page.locator("main.table .log-box li.latest").inner_text()
    assert log["scrolls"] and log["newestShown"], log
    turns = log["turns"]
    assert turns[0] == 1 and turns == sorted(turns) and turns[-1] >= 3, turns
    assert last_line.strip()
    check_fits(page)


def test_signals_only_when_several_seats_play(new_page, site, open_app):
    page = new_page(**PHONE)
    open_app(page, site.link("#/the-game?seed=follow-solo&players=1"))
    assert page.locator('[data-action="signal"]').count() == 0
    assert page.locator(".pile .dir").all_inner_texts() == ["↑1", "↑2", "↓1", "↓2"]
    open_app(page, site.link("#/the-game?seed=follow-team&players=3"))
    assert page.locator('[data-action="signal"]').count() == 8


def test_the_latest_play_moves_in_unless_motion_is_reduced(new_page, site, open_app, wait_until):
    page = new_page(**PHONE)
    page.context.touch = True
    page.context.add_init_script(FAST)
    open_app(page, site.link(LINKS["rentz"]))
    wait_until(page, MY_MOVE)
    my_turn_rentz(page)
    wait_until(page, MY_MOVE)
    moving = "getComputedStyle(document.querySelector('li.just-played .face')).animationName"
    assert page.evaluate(moving) == "ct-arrive"
    page.evaluate("document.documentElement.dataset.motion = 'reduced'")
    assert page.evaluate(moving) == "none"
    page.evaluate("delete document.documentElement.dataset.motion")
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(moving) == "none"
