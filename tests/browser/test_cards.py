"""Cards that look like cards and move, at phone size (390×844, touch, light) and desktop
size (1280×800, dark, so that the suits' colours are checked in both themes).

Rentz with six players: every hand card is wide enough to read, its name is its corner's
rank then the card in words, and its corners hold rank and suit; court cards carry their
framed emblem. The four-colour deck (Settings) gives diamonds and clubs their own colours,
is kept across a reload (applied before Python runs) and passes axe. A play moves its card
(it starts a Web Animation of the card) unless the motion is reduced; the player's own
move sounds when the sound is on. The Game's signals: a bot's signal leaves the player's
toggle off and shows apart with its name, and the signals are explained in words. Extreme
offers sharing only with someone to share with; Triggs' collapsed sheets show a chevron.
"""

import json
import re

import pytest

from cardtable.games.rentz import table as table_rentz
from cardtable.web import links
from cardtable.web.lobby import default_setup
from cardtable.web.session import Session
from menu import menu_item
from settings_scripts import settings_script
from still import wait_still
from test_a11y import violations

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}, "color_scheme": "dark"}}
FAST = settings_script(pace="fast")
SIX = "#/rentz?seed=a1&players=6&seats=human,random,random,random,random,random&practice=queens"
MIN_WIDTH = 40  # px: a hand card of eight on a 390 px phone
# Counts the tones the page makes (an init script: the page's CSP does not apply to it).
COUNT_TONES = """window.tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.tones++; return start.apply(this, args); };"""
# Every Web Animation the page starts, noted as it starts (a check made afterwards could
# come when it has ended): the element's data-flip (a card's id) and what its keyframes
# change, in window.moves.
NOTE_MOVES = """window.moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const frames = Array.isArray(keyframes) ? keyframes : [keyframes];
  window.moves.push({flip: this.dataset.flip || "", changed: frames.flatMap(Object.keys)});
  return animate.call(this, keyframes, options);
};"""
# Each copy of a card that flies (assets/motion.js) as it is added, with its animations.
NOTE_FLIGHTS = """window.flights = [];
new MutationObserver((records) => {
  for (const node of records.flatMap(r => [...r.addedNodes])) {
    if (node.classList && node.classList.contains("flying")) window.flights.push({
      inert: node.inert, hidden: node.getAttribute("aria-hidden"),
      data: Object.keys(node.dataset).length, moving: node.getAnimations().length});
  }
}).observe(document, {childList: true, subtree: true});"""
LEAD = "(v => v && v.current === 0 && v.legal.length > 0)(window.cardtable.view())"


def press(page, selector: str, size: str) -> None:
    (page.tap if size == "phone" else page.click)(selector)


def opened(new_page, site, open_app, size: str, fragment: str, *scripts):
    page = new_page(**SIZES[size])
    for script in (FAST, *scripts):
        page.context.add_init_script(script)
    return open_app(page, site.link(fragment))


def played(card) -> str:
    """A JavaScript condition: ``card`` has left the person's hand."""
    return f"(v => !v.hand.map(String).includes('{card}'))(window.cardtable.view())"


def colour(page, selector: str) -> str:
    return page.evaluate(f"getComputedStyle(document.querySelector({json.dumps(selector)})).color")


@pytest.mark.parametrize("size", list(SIZES))
def test_rentz_cards_read_at_any_size_with_six_players(new_page, site, open_app, wait_until,
                                                       size):
    page = opened(new_page, site, open_app, size, SIX)
    wait_until(page, LEAD)
    wait_still(page)  # each card and its corner are measured apart: none may be moving
    cards = page.locator('.hand [data-action="rentz-play"]')
    assert cards.count() == 8
    courts = 0
    for index in range(cards.count()):
        card = cards.nth(index)
        code, rank = card.get_attribute("data-card"), card.get_attribute("data-rank")
        box = card.bounding_box()
        assert box["width"] >= MIN_WIDTH and box["height"] >= 44, (code, box)
        symbol = table_rentz.SUIT_SYMBOL[code[-1]]
        name = re.compile(rf"^{re.escape(rank)}\s*, {table_rentz.card_label(code)}$")
        assert page.get_by_role("button", name=name).count() == 1, code
        corner = card.locator(".pc-tl")
        assert corner.inner_text().replace("\n", "") == f"{rank}{symbol}"
        inside = corner.bounding_box()
        assert box["x"] <= inside["x"] and inside["x"] + inside["width"] <= box["x"] + box["width"]
        assert float(corner.locator(".pc-r").evaluate("e => getComputedStyle(e).fontSize")[:-2]) >= 12
        court = card.locator(".pc-court svg")
        assert court.count() == (1 if rank in "JQK" else 0), code
        if rank in "JQK":
            courts += 1
            assert court.bounding_box()["width"] >= 10 and card.locator(".pc-court b").inner_text() == rank
        assert (card.locator(".pc-ace").count() == 1) == (rank == "A")
    assert courts  # this deal's hand has a court card
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_four_colour_deck_recolours_the_suits_and_stays(new_page, site, open_app, wait_ready,
                                                           wait_until, size):
    page = opened(new_page, site, open_app, size, SIX)
    wait_until(page, LEAD)
    suits = {suit: f'.hand .suit-{suit} .pc-tl' for suit in "SHDC"}
    present = {s: sel for s, sel in suits.items() if page.locator(sel).count()}
    assert {"D", "C"} <= set(present)
    two = {s: colour(page, sel) for s, sel in present.items()}
    assert two["D"] == two.get("H", two["D"]) and two["C"] == two.get("S", two["C"])
    assert two["D"] != two["C"]

    press(page, menu_item(page, "settings", size == "phone"), size)
    press(page, '.panel [data-action="setting"][data-key="deck"][data-value="four"]', size)
    press(page, '[data-action="close-panel"]', size)
    four = {s: colour(page, sel) for s, sel in present.items()}
    assert four["D"] != two["D"] and four["C"] != two["C"]
    assert len(set(four.values())) == len(four)  # every suit shown has its own colour
    assert not violations(page)  # the new colours on the card pass axe's contrast

    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.dataset.deck") == "four"  # before Python
    wait_ready(page)
    wait_until(page, LEAD)
    assert {s: colour(page, sel) for s, sel in present.items()} == four


@pytest.mark.parametrize("size", list(SIZES))
def test_a_played_card_moves_to_the_trick_and_sounds(new_page, site, open_app, wait_until, size):
    page = opened(new_page, site, open_app, size, SIX, settings_script(sound="on"), COUNT_TONES,
                  NOTE_MOVES)
    wait_until(page, LEAD)
    page.evaluate("window.moves = []")
    card = page.locator('.hand [data-action="rentz-play"]:not([disabled])').first.get_attribute("data-card")
    press(page, f'[data-action="rentz-play"][data-card="{card}"]', size)
    wait_until(page, played(card), 10_000)
    moves = page.evaluate("window.moves")
    assert card in [move["flip"] for move in moves]  # the card goes from the hand to the trick
    assert page.evaluate("window.tones") >= 1  # the player's own play sounds
    changed = {key for move in moves for key in move["changed"]}
    assert changed <= {"transform", "transformOrigin", "opacity", "offset", "easing",
                       "composite"}  # no layout moves


@pytest.mark.parametrize("size", list(SIZES))
def test_nothing_moves_and_nothing_sounds_when_asked(new_page, site, open_app, wait_until, size):
    page = opened(new_page, site, open_app, size, SIX, settings_script(motion="reduced"),
                  COUNT_TONES, NOTE_MOVES)
    wait_until(page, LEAD)
    card = page.locator('.hand [data-action="rentz-play"]:not([disabled])').first.get_attribute("data-card")
    press(page, f'[data-action="rentz-play"][data-card="{card}"]', size)
    wait_until(page, played(card), 10_000)
    assert page.evaluate("window.moves") == []
    assert page.evaluate("window.tones") == 0  # the sound is off by default


def test_the_system_asking_for_reduced_motion_stops_the_movement(new_page, site, open_app,
                                                                 wait_until):
    page = opened(new_page, site, open_app, "phone", "#/the-game?seed=still&players=1",
                  NOTE_MOVES)
    page.emulate_media(reduced_motion="reduce")
    for reduced in (True, False):
        page.evaluate("window.moves = []")
        _, card, pile = next(a for a in page.evaluate("window.cardtable.view()")["legal"]
                             if a[0] == "play")
        page.tap(f'[data-action="select"][data-card="{card}"]')
        page.tap(f'[data-action="play"][data-pile="{pile}"]')
        wait_until(page, played(card), 10_000)
        flips = [move["flip"] for move in page.evaluate("window.moves")]
        assert (flips == []) if reduced else (str(card) in flips), (reduced, flips)
        page.emulate_media(reduced_motion="no-preference")


def bot_signal_save() -> tuple:
    """The Game for two, the player's first turn played and the bot's signal "hold" on
    the first pile (then its turn goes on at the table)."""
    setup = default_setup("the-game").with_players(2)
    session = Session.new(setup, "signal")
    for _ in range(2):
        session.apply(next(a for a in session.state.view(0)["legal"] if a[0] == "play"))
    session.apply(("end",))
    session.apply(("signal", 0, "hold"))
    return session.to_save(), links.fragment(setup, "signal")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_bots_signal_leaves_your_toggle_off_and_is_explained(new_page, site, open_app,
                                                               wait_until, size):
    page = new_page(**SIZES[size])
    page.context.add_init_script(FAST)
    save, fragment = bot_signal_save()
    page.context.add_init_script(
        f"localStorage.setItem('cardtable.save', {json.dumps(json.dumps(save))});")
    open_app(page, site.link(fragment))
    wait_until(page, LEAD)
    shown = page.evaluate("window.cardtable.view()")
    assert {"pile": 0, "kind": "hold", "seat": 1} in shown["signals"]
    toggle = page.locator('[data-action="signal"][data-pile="0"][data-kind="hold"]')
    assert toggle.get_attribute("aria-pressed") != "true"
    assert "Bot 2" in toggle.get_attribute("aria-label")
    # the chip's word with the seat's short name under it (#51): read as one line
    chips = [" ".join(text.split()) for text in page.locator(".signal.hold").all_inner_texts()]
    assert "hold · Bot 2" in chips
    assert page.locator(".signals-note").is_visible()  # words, not a mouse tooltip
    raised = {(s["pile"], s["kind"]) for s in shown["signals"]}
    _, pile, kind = next(a for a in shown["legal"] if a[0] == "signal" and tuple(a[1:]) not in raised)
    mine = f'[data-action="signal"][data-pile="{pile}"][data-kind="{kind}"]'
    press(page, mine, size)
    assert page.locator(mine).get_attribute("aria-pressed") == "true"  # your own presses it


@pytest.mark.parametrize("size", list(SIZES))
def test_extreme_shares_only_with_someone_and_triggs_sheets_show_they_open(
        new_page, site, open_app, wait_until, size):
    page = opened(new_page, site, open_app, size, "#/extreme?seed=alone&players=1")
    assert page.locator('[data-action="share-instructions"]').count() == 0
    page.evaluate("location.hash = '#/extreme?seed=two&players=2'")
    wait_until(page, "!!document.querySelector('[data-action=share-instructions]')")

    page.evaluate("location.hash = '#/triggs?seed=sheets&players=3'")
    wait_until(page, "document.querySelectorAll('.sheet.compact').length === 2")
    sheet = page.locator(".sheet.compact").first
    width, shown, closed = page.evaluate(
        "(e => [e.getBoundingClientRect().width, e.checkVisibility(),"
        " getComputedStyle(e).transform])(document.querySelector('.sheet.compact .expand'))")
    assert shown and width >= 6
    press(page, ".sheet.compact >> nth=0 >> summary", size)
    wait_until(page, "document.querySelector('.sheet.compact').open")
    assert sheet.locator("ol").is_visible()
    wait_until(page, f"getComputedStyle(document.querySelector('.sheet.compact .expand')).transform"
                     f" !== {json.dumps(closed)}", 5_000)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_trick_completed_by_your_card_flies_to_its_winner(new_page, site, open_app,
                                                           wait_until, size):
    page = opened(new_page, site, open_app, size,
                  "#/rentz?seed=fly&players=3&seats=human,random,random&practice=whist",
                  NOTE_FLIGHTS)
    for _ in range(8):
        wait_until(page, f"document.querySelector('main.end') || {LEAD}")
        shown = page.evaluate("window.cardtable.view()")
        if page.locator("main.end").count():
            break
        card = next(a[1] for a in shown["legal"] if a[0] == "play")
        page.evaluate("window.flights = []")
        press(page, f'[data-action="rentz-play"][data-card="{card}"]', size)
        if len(shown["trick"]) == shown["players"] - 1:  # your card ends the trick
            wait_until(page, "window.flights.length >= 3", 10_000)  # each card of the trick
            copies = page.evaluate("window.flights")
            assert all(copy == {"inert": True, "hidden": "true", "data": 0, "moving": 1}
                       for copy in copies), copies
            winner = page.evaluate("window.cardtable.view()")["last_trick"]["winner"]
            assert page.locator(f'.rentz-last [data-flip-to=\'.rentz-seats [data-seat="{winner}"]\']').count() == 3
            wait_until(page, "!document.querySelector('.flying')", 5_000)  # then it is gone
            return
        wait_until(page, played(card), 10_000)
    pytest.fail("no trick ended with your card in this deal")
