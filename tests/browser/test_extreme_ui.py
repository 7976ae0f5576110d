"""The Game: Extreme in a real browser: a share link opens the deal, a person plays a whole
turn by clicking, and the instruction they played shows in the "In force" panel.

The deal is found with the engine, not hard-coded: the first seed where seat 1 (you) may
open with a card carrying an infinity instruction (EX-8..EX-11), which stays in force after
the turn. What the page shows is compared with the same game replayed on CPython.
"""


from cardtable.games.extreme.rules import KINDS
from cardtable.engine.registry import get
from cardtable.games.extreme.bots import CarefulBot, StrongBot

from replay import check_replay
from menu import unfold_options

SPEC = get("extreme")
PHONE = {"width": 360, "height": 780}


def opening_with_an_instruction():
    """``(seed, card, pile, kind)``: a 2-player deal where you may open with ``card``,
    which carries the infinity instruction ``kind``, on ``pile``."""
    for index in range(500):
        seed = f"extreme-ui-{index}"
        state = SPEC.new(2, {}, seed)
        for card, pile, loses in state.offered_plays():
            kind = state.marks[card]
            if kind and KINDS[kind].symbol == "infinity" and not loses:
                return seed, card, pile, kind
    raise AssertionError("no deal among 500 opens with an infinity instruction")


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def play(page, card: int, pile: int) -> None:
    """Click the hand card, then the pile, as a person would."""
    page.click(f'[data-action="select"][data-card="{card}"]')
    page.click(f'[data-action="play"][data-pile="{pile}"]')


def test_share_link_deal_plays_a_turn_and_shows_the_instruction_in_force(page, site, open_app,
                                                                        wait_until):
    seed, card, pile, kind = opening_with_an_instruction()
    page.set_viewport_size(PHONE)
    open_app(page, site.link(f"#/extreme?seed={seed}&players=2&seats=human,careful"))
    start = SPEC.new(2, {}, seed)
    shown = view(page)
    assert shown["game"] == "extreme" and shown["hand"] == list(start.hands[0])  # same deal

    assert page.get_attribute(f'[data-action="select"][data-card="{card}"]',
                              "data-instruction") == kind
    page.click(f'[data-action="select"][data-card="{card}"]')
    lit = {int(e.get_attribute("data-pile")) for e in page.query_selector_all(".pile.legal")}
    assert lit == {p for c, p, _ in start.offered_plays() if c == card}
    assert page.is_disabled('[data-action="end-turn"]')
    # the turn's plain minimum is the turn line's; nothing under End turn scolds (issue 51)
    assert page.locator("#end-note").count() == 0
    assert "played 0 of at least 2" in page.inner_text(".turn")

    page.click(f'[data-action="play"][data-pile="{pile}"]')
    panel = page.locator(f'.ex-in-force li[data-kind="{kind}"]')
    assert panel.is_visible() and KINDS[kind].symbol in panel.get_attribute("class")
    assert page.get_attribute(f'[data-action="play"][data-pile="{pile}"]',
                              "data-instruction") == kind
    page.click(f"#ex-key-{kind} summary")  # tap the key open to read the instruction
    any_card = view(page)["hand"][0]
    page.click(f'[data-action="select"][data-card="{any_card}"]')  # the table is redrawn
    assert page.locator(f"#ex-key-{kind}").get_attribute("open") is not None  # still open
    page.click(f'[data-action="select"][data-card="{any_card}"]')  # and the choice dropped

    actions = [("play", card, pile)]
    while not view(page)["can_end"]:
        shown = view(page)
        card, pile = next(a[1:] for a in shown["legal"]
                          if a[0] == "play" and a[1:] not in shown["losing"])
        play(page, card, pile)
        actions.append(("play", card, pile))
    assert page.is_enabled('[data-action="end-turn"]')
    assert "Ending the turn draws" in page.inner_text("#end-note")
    page.click('[data-action="end-turn"]')
    actions.append(("end",))

    wait_until(page, "(() => { const v = window.cardtable.view();"
                     " return v.over || (v.current === 0 && v.turn > 2); })()")
    expected = check_replay(page, actions)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # EX-12: the bot shares its instruction kinds, shown on its summary while talk is allowed
    assert page.locator(".players .ex-shared").count() == (1 if expected["talk_allowed"] else 0)


def test_lobby_starts_an_extreme_game_with_random_layout(page, site, open_app):
    open_app(page, site.url)
    page.click('[data-action="pick-game"][data-value="extreme"]')
    unfold_options(page)
    page.click('[data-action="players"][data-value="3"]')
    page.click('[data-action="option"][data-key="layout"][data-value="random"]')
    page.click('[data-action="start"]')
    page.wait_for_selector("main.extreme")  # once the game's part is there
    shown = view(page)
    assert shown["game"] == "extreme" and shown["players"] == 3
    assert page.locator("main.extreme .ex-in-force").is_visible()
    marked = [c for c, k in zip(shown["hand"], shown["hand_instructions"]) if k]
    assert page.locator(".hand [data-instruction]").count() == len(marked)


def test_five_players_offer_careful_at_most_and_the_hint_is_carefuls(page, site, open_app,
                                                                       wait_until):
    """Issue 54: strong was not shown over careful with 5 players in the standard rules
    (docs/figures/levels.md). A link that seats strong there plays careful and says so in
    one sentence, Hint shows careful's next play, with its reason (on this deal strong
    would open otherwise), and the lobby lists no strong for that table and says why."""
    seed = "ex-careful-hint"
    open_app(page, site.link(f"#/extreme?seed={seed}&players=5"
                             "&seats=human,strong,strong,careful,strong"))
    said = page.inner_text('#app [role="status"]')
    assert "strong" in said and "careful" in said and said.count(".") == 1
    wait_until(page, "(v => v && v.current === 0)(window.cardtable.view())")
    start = SPEC.new(5, {}, seed).view(0)
    expected = CarefulBot(0).hint(start)
    assert expected["actions"] != StrongBot(0).hint(start)["actions"]
    page.click('[data-action="hint"]')
    page.wait_for_selector(".hint .hint-move")
    card, pile = expected["actions"][0][1:]
    assert f"{card}" in page.inner_text(".hint .hint-move")
    assert page.text_content(".hint .hint-why") == expected["reason"]
    assert "hinted" in page.get_attribute(f'[data-card="{card}"]', "class")
    page.click('[data-action="lobby"]')
    unfold_options(page)
    assert page.locator('#seat-1 option[value="careful"]').count() == 1
    assert page.locator('#seat-1 option[value="strong"]').count() == 0
    assert page.inner_text(".not-offered") == ("This table does not offer the strong bot: it"
                                               " was not shown stronger than the careful bot"
                                               " here.")
    page.click('[data-action="players"][data-value="4"]')
    assert page.locator("#seat-1").input_value() == "strong"  # the default comes back
    assert page.locator(".not-offered").count() == 0
