"""The Game in a real browser: click, keyboard and drag play, undo, bots, the end screen,
resume after reload, share links that give the identical deal, pass the device.

Deals and moves are found with the engine on CPython, never hard-coded; what the page
shows is compared with the same game replayed on CPython (3.11 here, 3.14 in the page).
"""

import json

from cardtable.bots import make_bot
from cardtable.bots.offered import offered_levels
from cardtable.games.the_game import bots as the_game
from cardtable.games.the_game.lookahead import STRONG
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import PILE_DIRS, fits
from cardtable.web.lobby import default_setup
from cardtable.web.session import Session

from replay import check_replay
from settings_scripts import settings_script
from menu import choose, unfold_options

SPEC = get("the-game")
PHONE = {"width": 360, "height": 780}
FAST = settings_script(pace="fast")
DUO = "seed={seed}&players=2&seats=human,casual"


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def select(page, card: int) -> None:
    page.click(f'[data-action="select"][data-card="{card}"]')


def click_play(page, card: int, pile: int) -> None:
    select(page, card)
    page.click(f'[data-action="play"][data-pile="{pile}"]')


def lit_piles(page) -> set:
    return {int(e.get_attribute("data-pile")) for e in page.query_selector_all(".pile.legal")}


def first_play(shown: dict):
    """A legal ``(card, pile)`` in a view, by CPython's rules (TG-5)."""
    tops = [p["top"] for p in shown["piles"]]
    return next((c, p) for c in shown["hand"] for p in range(4) if fits(c, PILE_DIRS[p], tops[p]))


def play_a_turn_by_clicking(page, wait_until) -> list:
    """Two legal cards by clicking, then End turn; waits for the bot; returns your actions."""
    actions = []
    for _ in range(2):
        card, pile = first_play(view(page))
        click_play(page, card, pile)
        actions.append(("play", card, pile))
    page.click('[data-action="end-turn"]')
    actions.append(("end",))
    wait_until(page, "(() => { const v = window.cardtable.view();"
                     " return v.over || (v.current === 0 && v.turn > 2); })()")
    return actions


def test_a_full_turn_by_clicking_with_undo(page, site, open_app, wait_until):
    page.context.add_init_script(FAST)
    page.set_viewport_size(PHONE)
    seed = "ui-turn"
    open_app(page, site.link("#/the-game?" + DUO.format(seed=seed)))
    start = SPEC.new(2, {}, seed)
    assert view(page)["hand"] == list(start.hands[0])
    assert page.get_attribute(".draw", "data-count") == str(len(start.deck))

    card, pile = first_play(view(page))
    select(page, card)
    assert lit_piles(page) == {p for c, p in start.playable() if c == card}  # TG-5
    page.click(f'[data-action="play"][data-pile="{pile}"]')
    assert card not in view(page)["hand"]
    assert page.is_disabled('[data-action="end-turn"]')  # TG-4: one card is not enough
    page.click('[data-action="undo"]')
    assert view(page)["hand"] == list(start.hands[0])

    actions = play_a_turn_by_clicking(page, wait_until)
    check_replay(page, actions)
    assert page.is_disabled('[data-action="undo"]')  # the draw cannot be undone
    assert page.locator(".log li").count() >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_illegal_move_shows_the_engines_message(page, site, open_app):
    open_app(page, site.link("#/the-game?seed=ui-illegal&players=1"))
    click_play(page, max(view(page)["hand"]), 0)  # the highest card on a rising pile
    shown = view(page)
    tops = [p["top"] for p in shown["piles"]]
    bad = next((c, p) for c in shown["hand"] for p in range(4) if not fits(c, PILE_DIRS[p], tops[p]))
    region = page.query_selector('#app [role="alert"]')
    click_play(page, *bad)
    assert "cannot go on" in page.inner_text('#app [role="alert"]')
    # The alert lands in the region that was already on the page, so screen readers
    # announce it (a freshly inserted region is often not announced).
    assert region.evaluate("e => e.isConnected")
    assert "cannot go on" in region.text_content()


def test_keyboard_play(page, site, open_app):
    open_app(page, site.link("#/the-game?seed=ui-keys&players=1"))
    hand = view(page)["hand"]
    page.focus(f'[data-card="{hand[0]}"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == str(hand[1])
    page.keyboard.press("Enter")  # select the card; focus goes to a legal pile
    assert page.evaluate("document.activeElement.dataset.action") == "play"
    pile = int(page.evaluate("document.activeElement.dataset.pile"))
    page.keyboard.press("Enter")
    shown = view(page)
    assert shown["played"] == [[hand[1], pile]] and hand[1] not in shown["hand"]


def test_drag_a_card_onto_a_pile(page, site, open_app):
    page.set_viewport_size(PHONE)
    open_app(page, site.link("#/the-game?seed=ui-drag&players=1"))
    card, pile = first_play(view(page))
    page.locator(f'[data-card="{card}"]').drag_to(page.locator(f'[data-action="play"][data-pile="{pile}"]'))
    assert view(page)["played"] == [[card, pile]]


def quick_loss():
    """``(seed, actions)``: a solo expert deal (TG-11, TG-12) where jumping far gets stuck
    within a few actions (TG-9)."""
    options = {"min_cards": 3, "small_hands": True}
    for index in range(3000):
        seed = f"ui-end-{index}"
        state, actions = SPEC.new(1, options, seed), []
        while not state.is_over and len(actions) < 8:
            plays = [a for a in state.legal_actions() if a[0] == "play"]
            action = ("end",) if state.can_end_turn() else max(
                plays, key=lambda a: a[1] if a[2] < 2 else -a[1])
            actions.append(action)
            state = state.apply(action)
        if state.outcome == "stuck":
            return seed, actions
    raise AssertionError("no quick loss among 3000 deals")


def test_stuck_decision_then_end_screen(page, site, open_app):  # TG-9, TG-10
    seed, actions = quick_loss()
    open_app(page, site.link(f"#/the-game?seed={seed}&players=1&min_cards=3&small_hands=on"))
    for action in actions:
        if action[0] == "end":
            page.click('[data-action="end-turn"]')
        else:
            click_play(page, action[1], action[2])
    assert page.locator(".decision").is_visible()
    page.click('.decision [data-action="undo"]')  # a human may try another order first
    assert page.locator(".decision").count() == 0
    click_play(page, actions[-1][1], actions[-1][2])
    page.click('[data-action="confirm-end"]')
    assert page.locator("main.end").is_visible()
    state = SPEC.replay(1, {"min_cards": 3, "small_hands": True}, seed, actions)
    assert page.get_attribute(".end .left", "data-cards-left") == str(state.cards_left)
    assert "Lost" in page.inner_text(".end .rating")
    page.click('main.end [data-action="share"]')
    page.wait_for_selector('#panel-text, #app [role="status"] p')
    shared = page.input_value("#panel-text") if page.locator("#panel-text").count() else ""
    status = page.inner_text('#app [role="status"]')
    assert f"seed={seed}" in shared or "Copied" in status
    page.click('[data-action="again"]')
    assert view(page)["hand"] == list(SPEC.new(1, {"min_cards": 3, "small_hands": True}, seed).hands[0])


def test_resume_after_reload(page, site, open_app):
    open_app(page, site.link("#/the-game?seed=ui-resume&players=1"))
    card, pile = first_play(view(page))
    click_play(page, card, pile)
    before = view(page)
    page.reload()
    page.wait_for_selector("html[data-app=ready]", state="attached")
    assert view(page) == before
    assert "seed=ui-resume" in page.url  # the address keeps the deal's link (issue 11)


def test_share_link_in_a_fresh_context_gives_the_identical_deal(page, site, open_app,
                                                                  new_page, wait_until):
    page.context.add_init_script(FAST)
    seed = "ui-share"
    open_app(page, site.link("#/the-game?" + DUO.format(seed=seed)))
    link = page.evaluate("document.querySelector('[data-action=embed]') && location.href")
    choose(page, "embed")
    snippet = page.input_value("#panel-text")
    src = snippet.split('src="')[1].split('"')[0].replace("&amp;", "&")
    assert src.startswith(link.split("#")[0]) and f"seed={seed}" in src
    page.click('.panel [data-action="close-panel"]')  # the table is inert under a panel
    mine = play_a_turn_by_clicking(page, wait_until)

    other = new_page()
    other.context.add_init_script(FAST)
    open_app(other, src)
    assert view(other)["hand"] == list(SPEC.new(2, {}, seed).hands[0])
    theirs = play_a_turn_by_clicking(other, wait_until)
    if mine == theirs:
        assert view(other)["hand"] == view(page)["hand"]  # the same cards drawn
    check_replay(other, theirs)


def test_pass_the_device_between_two_humans(page, site, open_app):
    open_app(page, site.link("#/the-game?seed=ui-pass&players=2&seats=human,human"))
    assert page.locator('[data-action="select"]').count() == 0
    assert "Pass the device to Player 1" in page.inner_text("main.pass")
    page.click('[data-action="reveal"]')
    for _ in range(2):
        click_play(page, *first_play(view(page)))
    page.click('[data-action="end-turn"]')
    assert page.locator('[data-action="select"]').count() == 0
    assert "Pass the device to Player 2" in page.inner_text("main.pass")
    page.click('[data-action="reveal"]')
    shown = view(page)
    assert shown["seat"] == 1 and shown["hand"] == list(
        SPEC.new(2, {}, "ui-pass").hands[1])


def test_lobby_starts_a_game_with_options_from_the_schema(page, site, open_app):
    open_app(page, site.url)
    unfold_options(page)
    page.click('[data-action="players"][data-value="3"]')
    page.select_option('select[data-seat="2"]', "human")
    page.click('[data-action="option"][data-key="min_cards"][data-value="3"]')
    page.click('[data-action="start"]')
    page.click('[data-action="reveal"]')
    shown = view(page)
    assert shown["players"] == 3 and shown["min_cards"] == 3 and len(shown["hand"]) == 6


def test_phone_and_desktop_screenshots(page, site, open_app, tmp_path):
    """Looks are judged by eye: the PNGs land in the test's temporary folder."""
    for name, size in (("phone", PHONE), ("desktop", {"width": 1280, "height": 900})):
        page.set_viewport_size(size)
        open_app(page, site.link(f"#/the-game?seed=ui-look-{name}&players=3"))
        select(page, view(page)["hand"][0])
        page.screenshot(path=str(tmp_path / f"the-game-{name}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    print(json.dumps(str(tmp_path)))


def test_hint_shows_the_tables_top_levels_turn(page, site, open_app):
    seed = "ui-hint"
    open_app(page, site.link(f"#/the-game?seed={seed}&players=1"))
    page.click('[data-action="hint"]')
    top = offered_levels("the-game", 1, SPEC.resolve_options({}, 1))[-1]  # the table's best
    expected = make_bot("the-game", top, 0, seed).hint(SPEC.new(1, {}, seed).view(0))
    first = expected["actions"][0]
    # the move first, the reason folded under "Why?" until asked for
    assert page.inner_text(".hint .hint-move").startswith(f"Hint: Play {first[1]} on ")
    assert not page.is_visible(".hint .hint-why")
    assert page.text_content(".hint .hint-why") == expected["reason"]
    page.click(".hint summary")
    assert page.inner_text(".hint .hint-why") == expected["reason"]
    assert "hinted" in page.get_attribute(f'[data-card="{first[1]}"]', "class")


# Clicks Hint and counts the frames the page paints until the hint shows.
FRAMES_UNTIL_HINT = """() => new Promise(done => {
  let frames = 0;
  const tick = () => {
    if (document.querySelector('.hint')) done(frames);
    else { frames += 1; requestAnimationFrame(tick); }
  };
  document.querySelector('[data-action="hint"]').click();
  requestAnimationFrame(tick);
})"""


def test_a_long_hint_is_thought_while_the_page_keeps_painting(page, site, open_app):
    # A solo endgame whose search meets thousands of positions (as in test_the_game_endgame):
    # thought in one go, the page would paint nothing until the hint shows.
    seed = "slices-27"
    session = Session.new(default_setup("the-game").with_players(1), seed)
    bot = make_bot("the-game", "strong", 0, seed)
    while len(session.state.deck) > STRONG.solo_deck or session.state.played:
        session.apply(bot.act(session.state.view(0)))
    open_app(page, site.link(f"#/the-game?seed={seed}&players=1"))
    page.evaluate("s => localStorage.setItem('cardtable.save', s)", json.dumps(session.to_save()))
    page.reload()
    page.wait_for_selector("html[data-app=ready]", state="attached")
    assert view(page)["hand"] == list(session.state.hands[0])
    frames = page.evaluate(FRAMES_UNTIL_HINT)
    expected = the_game.hint(session.state.view(0))
    assert "best chance" in expected["reason"]
    assert expected["reason"] == page.text_content(".hint .hint-why")
    assert frames >= 3
