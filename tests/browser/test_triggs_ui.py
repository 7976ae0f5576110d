"""Triggs in a real browser: a share link opens the deal and a person crosses a row (with
the chain-reaction bonus it earns, TR-8), discards (TR-6) and draws two cards (TR-5) by
clicking, on a phone-sized page.

The deal is found with the engine, not hard-coded: the first seed where seat 1 (you)
starts (TR-4) holding the cards to complete a whole row. What the page shows at the end is
compared with the same game replayed on CPython (the random bot in seat 2 is seeded too).
"""


from cardtable.engine.registry import get
from cardtable.games.triggs.rules import boxes, best_makes

from replay import check_replay
from menu import unfold_options

SPEC = get("triggs")
PHONE = {"width": 360, "height": 780}


def deal_with_a_completing_cross():
    """``(seed, row)``: a 2-player deal where you start and your hand completes ``row``."""
    for index in range(500):
        seed = f"triggs-ui-{index}"
        state = SPEC.new(2, {}, seed)
        if state.current_player != 0:
            continue
        for row in range(1, 13):
            if len(best_makes(state.hands[0], row, boxes(row))) == boxes(row):
                return seed, row
    raise AssertionError("no deal among 500 lets the first player complete a row")


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def wait_for_my_turn(page, wait_until) -> None:
    wait_until(page, "(v => v.current === 0 && v.phase === 'turn')(window.cardtable.view())")


def test_share_link_deal_crosses_with_a_chain_discards_and_draws_by_clicking(page, site, open_app,
                                                                           wait_until):
    seed, row = deal_with_a_completing_cross()
    page.set_viewport_size(PHONE)
    open_app(page, site.link(f"#/triggs?seed={seed}&players=2&seats=human,random"))
    start = SPEC.new(2, {}, seed)
    assert view(page)["hand"] == list(start.hands[0])  # the very same deal
    assert page.locator(".sheet.full .row").count() == 12

    # cross: choose the row, take the best grouping in one click, confirm (TR-7)
    page.click(f'[data-action="triggs-row"][data-row="{row}"]')
    page.click('[data-action="triggs-best"]')
    makes = best_makes(start.hands[0], row, boxes(row))
    assert page.locator('[data-action="triggs-card"][aria-pressed="true"]').count() == \
        sum(len(make) for make in makes)
    assert page.get_attribute('[data-action="triggs-cross"]', "data-makes") == str(boxes(row))
    page.click('[data-action="triggs-cross"]')

    # the completed row earns a bonus cross, placed by clicking a row (TR-8)
    shown = view(page)
    assert shown["phase"] == "bonus" and shown["chain_from"] == row
    assert f"Row {row} is complete" in page.inner_text(".turn")
    bonus = page.locator('[data-action="triggs-bonus"]').first
    bonus_row = int(bonus.get_attribute("data-row"))
    bonus.click()
    sheet = view(page)["sheets"][0]
    assert sheet[row - 1] == boxes(row) and sheet[bonus_row - 1] == 1
    assert page.get_attribute(f'.sheet.full .row[data-row="{row}"]', "data-crossed") == str(boxes(row))
    assert "chained" in page.inner_text(".log")

    # discard the lowest card (TR-6)
    wait_for_my_turn(page, wait_until)
    card = view(page)["hand"][0]
    before = len(view(page)["discard"])
    page.click('[data-action="triggs-card"][data-index="0"]')
    page.click('[data-action="triggs-discard"]')
    assert len(view(page)["discard"]) == before + 1 and view(page)["discard"][-1] == card

    # draw: the left pile, see its new top, then the middle pile (TR-5)
    wait_for_my_turn(page, wait_until)
    held = len(view(page)["hand"])
    page.click('[data-action="triggs-draw"][data-pile="left"]')
    shown = view(page)
    assert shown["phase"] == "draw" and len(shown["hand"]) == held + 1
    assert page.get_attribute('[data-action="triggs-draw"][data-pile="left"]', "data-top") == \
        str(shown["piles"][0]["top"])
    page.click('[data-action="triggs-draw"][data-pile="middle"]')

    wait_for_my_turn(page, wait_until)
    actions = [("cross", row, makes), ("bonus", bonus_row), ("discard", card, 1),
               ("draw", "left"), ("draw", "middle")]
    check_replay(page, actions)


def test_lobby_starts_triggs_for_four_with_a_bot_level_per_seat(page, site, open_app):
    page.set_viewport_size(PHONE)
    open_app(page, site.url)
    page.click('[data-action="pick-game"][data-value="triggs"]')
    unfold_options(page)
    assert [b.get_attribute("data-value") for b in page.query_selector_all('[data-action="players"]')] \
        == ["2", "3", "4"]
    page.click('[data-action="players"][data-value="4"]')
    page.select_option('select[data-seat="1"]', "random")
    page.select_option('select[data-seat="2"]', "basic")
    page.click('[data-action="start"]')
    page.wait_for_selector("main.triggs")
    assert view(page)["players"] == 4
    assert page.locator(".sheet.full").count() == 1 and page.locator(".sheet.compact").count() == 3
    assert [name.inner_text() for name in page.query_selector_all(".sheet.compact .name")] == \
        ["Bot 2", "Bot 3", "Bot 4"]
    save = page.evaluate("JSON.parse(localStorage.getItem('cardtable.games')).games[0].save")
    assert save["game"] == "triggs" and save["seats"] == ["human", "random", "basic", "strong"]
