"""Rentz in a real browser on a phone (390×844, touch), bots at the fast pace: a person
plays a practice deal of every sub-game by tapping lit cards (RZ-6, RZ-7), the layout game
with a pass the app makes by itself (RZ-8), and the first deal of a whole match: the blind
choice and Look (RZ-4), a choice taken back, the score sheet, resuming after a reload and
the share link.

Every check reads the page against the view it shows (``window.cardtable.view()``): the
lit cards are exactly the view's legal plays, the sheet's numbers are the view's sheet.
"""

import pytest

from cardtable.games.rentz.rules import SUB_GAME_IDS
from cardtable.games.rentz import table as table_rentz
from cardtable.web.ui import You
from menu import choose
from still import when_still

BOTS = {3: "human,random,random", 4: "human,random,random,random"}
NAMES = (You("You"), "Bot 2", "Bot 3", "Bot 4")
# Your move can be made (a forced pass is the app's), the table pauses after a deal, or the
# game is over.
MY_MOVE = ("document.querySelector('main.end, main.pause-screen') || (v => v && v.current === 0 &&"
           " v.legal.some(a => a[0] !== 'pass'))(window.cardtable.view())")


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def link(seed, players=4, **options) -> str:
    extra = "".join(f"&{key}={value}" for key, value in options.items())
    return f"#/rentz?seed={seed}&players={players}&seats={BOTS[players]}{extra}"


def lit_cards(page) -> list:
    return [b.get_attribute("data-card")
            for b in page.query_selector_all('[data-action="rentz-play"]:not([disabled])')]


def check_lit(page) -> dict:
    """The enabled cards are the view's legal plays, each at least 44 px tall; returns
    the view."""
    shown = view(page)
    assert sorted(lit_cards(page)) == sorted(a[1] for a in shown["legal"] if a[0] == "play")
    box = page.locator('[data-action="rentz-play"]').first.bounding_box()
    assert box["height"] >= 44
    return shown


def play_deal(page, wait_until, check=check_lit) -> list:
    """Tap the first lit card on each of your turns until the deal (or the game) is over;
    returns every log line seen on the way, in order, without repeats."""
    deal, lines = view(page)["deal"], []
    while True:
        wait_until(page, MY_MOVE, 30_000)
        for line in page.locator(".log li").all_inner_texts():
            if line not in lines[-12:]:
                lines.append(line)
        shown = view(page)
        if page.locator("main.end").count() or shown["deal"] != deal:
            return lines
        check(page)
        card = lit_cards(page)[0]
        page.tap(f'[data-action="rentz-play"][data-card="{card}"]')
        wait_until(page, f"(v => v.deal !== {deal} || !v.hand.includes('{card}'))"
                         "(window.cardtable.view())", 10_000)


def check_trick(page) -> dict:
    """The trick on the table names who played each card, each in its seat's place, and
    the last trick its winner (RZ-6)."""
    shown = check_lit(page)
    played = page.query_selector_all(".rentz-trick li[data-card]")
    assert {int(li.get_attribute("data-seat")): li.get_attribute("data-card") for li in played} \
        == dict(shown["trick"])
    for li in played:
        assert li.inner_text().startswith(NAMES[int(li.get_attribute("data-seat"))])
    if shown["last_trick"]:
        winner = shown["last_trick"]["winner"]
        assert page.inner_text(".rentz-last h3") == (
            "Last trick: you took it" if winner == 0 else f"Last trick: {NAMES[winner]} took it")
    return shown


def check_end(page, players):
    shown = view(page)
    names = NAMES[:players]
    expected = table_rentz.result_text({"scores": shown["scores"], "winners": shown["winners"]}, names)
    assert page.inner_text("main.end h2.result") == expected
    assert page.locator("main.end .ranking li").count() == players


def test_a_practice_deal_of_every_trick_sub_game_by_taps(phone, wait_until):
    first, *others = [g for g in SUB_GAME_IDS if g != "rentz"]
    page = phone(link("rentz-ui-" + first, practice=first))
    for game in [first, *others]:
        if game != first:  # a new share link in the same page, for three players
            page.evaluate(f"location.hash = '{link('rentz-ui-' + game, 3, practice=game)}'")
            wait_until(page, f"(v => v && v.sub_game === '{game}' && v.deal === 0 && "
                             "v.hand_counts.every(n => n === 8))(window.cardtable.view())")
        players = view(page)["players"]
        lines = play_deal(page, wait_until, check_trick)
        check_end(page, players)
        over = [line for line in lines if ", is over: " in line]
        assert over and over[-1].startswith(f"Deal 1, {table_rentz.SUB_GAME[game].name}, is over: ")
        assert any(reason in over[-1] for reason in table_rentz.REASONS.values())


def test_the_layout_game_with_passes_the_app_makes(phone, wait_until):
    page = phone(link("rentz-ui-layout", practice="rentz"))

    def check_layout(page):
        shown = check_lit(page)
        assert page.locator(".layout-row").count() == 4
        for suit, ends in shown["layout"].items():
            row = page.locator(f'.layout-row[data-suit="{suit}"]')
            assert (row.get_attribute("data-low"), row.get_attribute("data-high")) == \
                (tuple(ends) if ends else (None, None))
        opened = [c.get_attribute("data-card") for c in page.query_selector_all(".cell.open")]
        assert sorted(opened) == sorted(lit_cards(page))

    lines = play_deal(page, wait_until, check_layout)
    assert any(line.endswith(("You pass: no valid card", "passes: no valid card"))
               for line in lines), lines
    check_end(page, 4)
    assert "Out of cards: 1st" in page.inner_text("main.end .finished")


def test_a_match_blind_choice_look_undo_sheet_resume_and_share(phone, wait_until):
    page = phone(link("rentz-ui-match", 3, blind="double"))
    # RZ-4: the hand is face down; Look shows it, and then every sub-game is offered
    assert page.locator('[data-action="rentz-play"]').count() == 0
    assert "face down" in page.inner_text("section.hand")
    page.tap('[data-action="rentz-look"]')
    assert page.locator('[data-action="rentz-play"]').count() == 8
    offered = [b.get_attribute("data-sub-game") for b in page.query_selector_all('[data-action="rentz-choose"]')]
    assert offered == list(SUB_GAME_IDS)
    assert page.text_content('[data-action="rentz-choose"][data-sub-game="queens"]').startswith("Queens · −40 per queen")

    # a choice made with the hand in view may be taken back until the first card
    page.tap('[data-action="rentz-choose"][data-sub-game="queens"]')
    assert view(page)["sub_game"] == "queens"
    page.tap('[data-action="undo"]')
    assert view(page)["phase"] == "choose" and not view(page)["blind_pending"]
    page.tap('[data-action="rentz-choose"][data-sub-game="whist"]')
    assert view(page)["sub_game"] == "whist" and not view(page)["doubled"]

    play_deal(page, wait_until, check_trick)
    wait_until(page, "window.cardtable.view().deal === 1")
    points = view(page)["sheet"][0]["points"]
    # the pause after the deal (or the pace's pause has passed already)
    summary = page.evaluate("document.querySelector('.deal-summary h2')?.textContent")
    assert summary in (None, "Deal 1, Whist: every trick was played")
    page.evaluate("document.querySelector('[data-action=go-on]')?.click()")
    wait_until(page, "!document.querySelector('main.pause-screen')")

    # the score sheet: one tap, and it stays open while the bots play
    page.tap('[data-action="rentz-sheet"]')
    assert page.locator("details#rentz-sheet[open]").count() == 1
    cells = page.locator('details#rentz-sheet tr[data-deal="0"] td').all_inner_texts()
    assert [cell.split("\n")[0] for cell in cells] == [table_rentz.signed(p) for p in points]
    wait_until(page, "window.cardtable.view().phase !== 'choose'")  # Bot 2 chose: redrawn
    assert page.locator("details#rentz-sheet[open]").count() == 1
    chose = page.locator('details#rentz-sheet tr[data-sub-game="whist"] td').all_inner_texts()
    assert chose[0] == "1"  # you chose Whist in deal 1

    # resume mid-match after a reload, then share this deal
    wait_until(page, MY_MOVE, 30_000)
    before = view(page)
    page.reload()
    wait_until(page, "document.documentElement.dataset.app === 'ready'")
    assert view(page) == before
    choose(page, "share")
    page.wait_for_selector('#panel-text, #app [role="status"] p')
    shared = page.input_value("#panel-text") if page.locator("#panel-text").count() else ""
    status = page.inner_text('#app [role="status"]')
    assert ("#/rentz?seed=rentz-ui-match&players=3" in shared and "blind=double" in shared) \
        or "Copied" in status


# -- the table laid out as a card table (#51) -------------------------------------------------
def link_for(seed, players, **options) -> str:
    seats = ",".join(["human"] + ["random"] * (players - 1))
    extra = "".join(f"&{key}={value}" for key, value in options.items())
    return f"#/rentz?seed={seed}&players={players}&seats={seats}{extra}"


# Each seat's place in the trick: its box, its top counted from the trick's (a tap may
# scroll the page a little to bring a card whole into view: not a move of the places).
SLOTS = """() => { const ring = document.querySelector('.rentz-trick').getBoundingClientRect();
  return Object.fromEntries([...document.querySelectorAll('.rentz-trick li[data-seat]')]
  .map(li => { const r = li.getBoundingClientRect();
               return [li.dataset.seat, [Math.round(r.left), Math.round(r.top - ring.top),
                                         Math.round(r.width), Math.round(r.height)]]; })); }"""
# Each element's lines of text (the bottoms of its text's boxes) and whether it is cut;
# the elements shown (not those only read to screen readers, clipped to nothing).
LINES = """(sel) => [...document.querySelectorAll(sel)]
  .filter(e => e.getClientRects().length && getComputedStyle(e).clipPath === 'none')
  .map(e => { const range = document.createRange(); range.selectNodeContents(e);
    const tops = new Set([...range.getClientRects()].filter(r => r.width > 1)
                         .map(r => Math.round(r.bottom)));
    return {text: e.textContent, lines: tops.size,
            cut: e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1}; })"""


def my_turn_in_trick(page, wait_until):
    wait_until(page, "document.querySelector('main.end') || (v => v.current === 0 && v.phase === 'trick'"
                     " && v.legal.length > 0)(window.cardtable.view())", 30_000)


@pytest.mark.parametrize("players", [4, 6])
def test_every_seat_keeps_its_place_around_the_trick_you_at_the_bottom(phone, wait_until, players):
    page = phone(link_for(f"places-{players}", players, practice="tricks"))
    my_turn_in_trick(page, wait_until)
    first = when_still(page, SLOTS)  # a card in flight is not its place
    assert sorted(first) == [str(seat) for seat in range(players)]
    # you at the bottom, in the middle; the others clockwise from your left, left to right
    you = first["0"]
    assert all(you[1] > box[1] for seat, box in first.items() if seat != "0")
    assert abs(you[0] + you[2] / 2 - 195) < 40
    lefts = [first[str(seat)][0] for seat in range(1, players)]
    assert lefts == sorted(lefts) and len(set(lefts)) == players - 1
    leaders, seen = set(), 0
    while seen < 4:
        shown = view(page)
        if page.locator("main.end").count():
            break
        leaders.add(shown["trick"][0][0] if shown["trick"] else 0)
        assert when_still(page, SLOTS) == first, view(page)["trick"]
        page.locator('[data-action="rentz-play"]:not([disabled])').first.tap()
        wait_until(page, f"window.cardtable.view().hand.length === {len(shown['hand']) - 1}")
        my_turn_in_trick(page, wait_until)
        seen += 1
    assert len(leaders) > 1  # others led too: the places did not follow the order of play


@pytest.mark.parametrize("players", [4, 6])
def test_the_seats_sit_in_one_row_and_the_hand_close_under_the_trick(phone, wait_until, players):
    page = phone(link_for(f"row-{players}", players, practice="queens"))
    my_turn_in_trick(page, wait_until)
    tops = when_still(page, "() => [...document.querySelectorAll('.rentz-seats li.seat')]"
                            ".map(li => Math.round(li.getBoundingClientRect().top))")
    assert len(tops) == players and len(set(tops)) == 1  # no seat alone on a second row
    gap = when_still(page, "() => document.querySelector('section.hand').getBoundingClientRect().top -"
                           " document.querySelector('.rentz-trick').getBoundingClientRect().bottom")
    assert 0 <= gap < 64  # the last trick's line, not 110 px of nothing
    assert page.evaluate("document.querySelector('section.hand').getBoundingClientRect().bottom") < 844


FIRST_PLAYABLE_CENTRE = """() => { const r = document.querySelector(
  '[data-action="rentz-play"]:not([disabled])').getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; }"""


def test_nothing_scrolls_under_the_player_while_the_bots_play(phone, wait_until):
    page = phone(link_for("still", 4, practice="whist"))
    highest = 0
    for _ in range(4):
        my_turn_in_trick(page, wait_until)
        if page.locator("main.end").count():
            break
        hand = len(view(page)["hand"])
        # a finger's tap where the card is: Playwright's tap() first scrolls the card "into
        # view", and in Chromium at phone size it scrolled a page 4 px taller than the
        # window by those 4 px with the card whole in view (measured): not the page's move
        page.touchscreen.tap(*when_still(page, FIRST_PLAYABLE_CENTRE))
        for _ in range(200):  # while the bots play, at the fast pace
            highest = max(highest, page.evaluate("window.scrollY"))
            if page.evaluate(f"document.querySelector('main.end') || (v => v.current === 0"
                             f" && v.hand.length < {hand})(window.cardtable.view())"):
                break
            page.wait_for_timeout(25)
        else:
            pytest.fail("the card tapped was not played")
        turn = page.evaluate("document.querySelector('main.rentz .turn').getBoundingClientRect().top")
        assert turn >= 0
    assert highest == 0


def test_the_hint_says_the_move_first_above_the_fold(phone, wait_until):
    page = phone(link_for("hint", 3))
    wait_until(page, "(v => v.current === 0 && v.phase === 'choose' && v.legal.length)"
                     "(window.cardtable.view())", 30_000)
    page.tap('[data-action="hint"]')
    page.wait_for_selector(".hint", timeout=30_000)
    first = page.locator(".hint p").first
    box = first.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["height"] < 40
    text = first.inner_text()
    assert text.startswith("Hint: Choose ") and len(text) < 40
    assert "sampled" not in text


@pytest.mark.parametrize("lang", ["en", "pt", "ro"])
def test_no_label_is_cut_or_broken_mid_phrase_at_a_phones_width(phone, wait_until, lang):
    page = phone(link_for(f"labels-{lang}", 6) + f"&lang={lang}")
    wait_until(page, "(v => v.current === 0 && v.phase === 'choose' && v.legal.length)"
                     "(window.cardtable.view())", 30_000)
    found = page.evaluate(LINES, ".rentz-choose .sub-game b, .rentz-choose .sub-game small,"
                                 " .rentz-choose .sub-game .part, .rentz-seats .name,"
                                 " .rentz-seats .detail > span, .rentz-seats .role")
    rentz = page.evaluate(LINES, '.sub-game[data-sub-game="rentz"] .score')
    assert found and rentz
    assert [label for label in found if label["lines"] != 1 or label["cut"]] == []
    assert [label for label in rentz if label["cut"]] == []
