"""Nothing lost by one tap, in a real browser at phone size (390×844, touch) and desktop
size: every unfinished game stays in the lobby's list until it ends or is discarded;
starting another game keeps it; New deal and Discard ask in words first, and saying no
keeps the game where it was; past the list's room the page names the game it drops; the
list speaks Portuguese and Romanian. A table left before any move of the player's is not
listed (its link opens it again); a link without a seed typed over a table opens the lobby
set up for it. axe finds no serious violation on the list and the question."""

import json

import pytest

from cardtable.web.lobby import default_setup
from cardtable.web.saves import GAMES_KEY, MOST
from cardtable.web.session import Session
from menu import menu_item
from settings_scripts import settings_script
from test_a11y import violations

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}
FAST = settings_script(pace="fast")
MATCH = "#/rentz?seed=keep-a&players=3&seats=human,random,random"
# You can move (your turn, not a pass the app makes), the bots wait.
MY_MOVE = ("(v => v && v.current === 0 && v.legal.some(a => a[0] !== 'pass'))"
           "(window.cardtable.view())")


def view(page) -> dict:
    return page.evaluate("window.cardtable.view()")


def press(page, selector: str, touch: bool) -> None:
    (page.tap if touch else page.click)(selector)


def listed(page) -> list:
    return [item.inner_text() for item in page.query_selector_all("#app .unfinished li p")]


def status(page) -> str:
    return page.inner_text("#app [role=status]")


def play_a_card(page, touch: bool = True) -> None:
    """The player's own move at The Game or Extreme: a card onto a pile it may go on (a
    table left before it is no game under way)."""
    card, pile = next(action[1:] for action in view(page)["legal"] if action[0] == "play")
    press(page, f'[data-action="select"][data-card="{card}"]', touch)
    press(page, f'[data-action="play"][data-pile="{pile}"]', touch)


@pytest.fixture(params=list(SIZES))
def sized(request, new_page):
    page = new_page(**SIZES[request.param])
    page.context.add_init_script(FAST)
    return page, request.param == "phone"


def test_another_game_keeps_the_match_and_new_deal_asks_first(sized, site, open_app,
                                                              wait_until):
    page, touch = sized
    open_app(page, site.link(MATCH))
    wait_until(page, MY_MOVE)
    press(page, '[data-action="rentz-choose"]', touch)  # the first sub-game: a move made
    wait_until(page, MY_MOVE)
    match = view(page)
    assert match["phase"] != "choose"

    press(page, menu_item(page, "new-deal", touch), touch)
    question = page.locator("#app .panel.confirm")
    assert question.is_visible() and question.get_attribute("role") == "alertdialog"
    assert question.locator("p").inner_text() == \
        "Deal again? This game (deal 1 of 24) ends here and cannot be continued."
    assert page.evaluate("document.activeElement.dataset.action") == "close-panel"
    box = question.bounding_box()
    assert box["y"] + box["height"] <= SIZES["phone" if touch else "desktop"]["viewport"]["height"]
    press(page, '.panel.confirm [data-action="close-panel"]', touch)  # Keep playing
    assert page.locator("#app .panel.confirm").count() == 0
    assert view(page) == match and "seed=keep-a" in page.url

    press(page, '.menu [data-action="lobby"]', touch)
    press(page, '[data-action="pick-game"][data-value="the-game"]', touch)
    press(page, '[data-action="start"]', touch)
    page.wait_for_selector("#app .hand")
    play_a_card(page, touch)
    press(page, '.menu [data-action="lobby"]', touch)
    games = listed(page)
    assert len(games) == 2 and games[0].startswith("The Game, 1 player, 97 cards left, today at")
    assert games[1].startswith("Rentz, 3 players, deal 1 of 24, today at")
    press(page, '#app .unfinished li:nth-child(2) [data-action="continue"]', touch)
    wait_until(page, MY_MOVE)
    assert view(page) == match and "seed=keep-a" in page.url

    press(page, menu_item(page, "new-deal", touch), touch)
    press(page, '.panel.confirm [data-action="new-deal"][data-confirmed="yes"]', touch)
    wait_until(page, "!location.href.includes('seed=keep-a')")
    press(page, '.menu [data-action="lobby"]', touch)
    games = listed(page)  # the new deal, with no move of the player's yet, is not listed
    assert len(games) == 1 and games[0].startswith("The Game, 1 player, 97 cards left")
    assert [entry["save"]["game"] for entry in stored(page)] == ["rentz", "the-game"]
    assert not any("keep-a" in entry["save"]["seed"] for entry in stored(page))


def stored(page) -> list:
    return json.loads(page.evaluate(f"localStorage.getItem('{GAMES_KEY}')"))["games"]


def test_discard_asks_first_and_no_keeps_the_game(sized, site, open_app):
    page, touch = sized
    open_app(page, site.link("#/the-game?seed=keep-b&players=1"))
    play_a_card(page, touch)
    press(page, '.menu [data-action="lobby"]', touch)
    assert violations(page) == []  # axe: the list
    press(page, '#app .unfinished [data-action="discard-game"]', touch)
    assert violations(page) == []  # axe: the question
    question = page.locator("#app .panel.confirm p")
    assert question.inner_text().startswith("Discard this game: The Game, 1 player, 97 cards"
                                            " left, today at")
    press(page, '.panel.confirm [data-action="close-panel"]', touch)  # Keep it
    assert len(listed(page)) == 1 and len(stored(page)) == 1
    press(page, '#app .unfinished [data-action="discard-game"]', touch)
    press(page, '.panel.confirm [data-action="discard-game"][data-confirmed="yes"]', touch)
    assert listed(page) == [] and stored(page) == []
    assert status(page).startswith("The game was discarded: The Game, 1 player")


def planted_list() -> str:
    """A full list: one game a day from 2026-01-01, the latest first, each with a move
    made (an older version's entries: no ``begun``)."""
    setup = default_setup("the-game")
    games = []
    for day in range(MOST, 0, -1):
        session = Session.new(setup, f"plant-{day}")
        session.apply(next(a for a in session.state.legal_actions() if a[0] == "play"))
        games.append({"id": day, "when": f"2026-01-{day:02}T10:00",
                      "progress": ["cards_left", 98, None], "save": session.to_save()})
    return json.dumps({"schema": 1, "games": games})


def test_past_the_lists_room_the_page_names_the_game_it_drops(sized, site, open_app):
    page, touch = sized
    open_app(page, site.url)
    page.evaluate(f"t => localStorage.setItem('{GAMES_KEY}', t)", planted_list())
    open_app(page, site.url)  # the game played last resumes
    assert view(page)["game"] == "the-game" and "seed=plant-8" in page.url
    press(page, '.menu [data-action="lobby"]', touch)
    assert len(listed(page)) == MOST
    assert page.inner_text("#app .resume .budget") == (
        "The list is full: a new game will drop this one: The Game, 1 player, 98 cards left,"
        " on 2026-01-01.")
    press(page, '[data-action="start"]', touch)
    page.wait_for_selector("#app .hand")
    assert len(stored(page)) == MOST + 1  # a table with no move yet drops nothing
    play_a_card(page, touch)  # its first move
    assert status(page) == ("Dropped to make room: The Game, 1 player, 98 cards left, on"
                            " 2026-01-01. At most 8 unfinished games are kept.")
    seeds = [entry["save"]["seed"] for entry in stored(page)]
    assert len(seeds) == MOST and "plant-1" not in seeds and "plant-2" in seeds


WORDS = {"pt": ("Jogos por acabar", "The Game, 1 jogador, 97 cartas restantes, hoje às",
                "Continuar", "Descartar este jogo:"),
         "ro": ("Jocuri neterminate", "The Game, 1 jucător, 97 de cărți rămase, azi la",
                "Continuă", "Renunți la acest joc:")}


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_list_speaks_the_players_language(new_page, site, open_app, lang):
    heading, line, go_on, question = WORDS[lang]
    page = new_page(**SIZES["phone"])
    open_app(page, site.link(f"#/the-game?seed=words&players=1&lang={lang}"))
    play_a_card(page)
    page.tap('.menu [data-action="lobby"]')
    assert page.inner_text("#app .resume h2") == heading
    assert listed(page)[0].startswith(line)
    assert page.inner_text('#app .unfinished [data-action="continue"]') == go_on
    discard = page.inner_text('#app .unfinished [data-action="discard-game"]')
    assert discard and discard != "Discard"
    page.tap('#app .unfinished [data-action="discard-game"]')
    assert page.inner_text("#app .panel.confirm p").startswith(question)
    assert page.inner_text('.panel.confirm [data-action="close-panel"]') not in ("Keep it", "")


IDLE_EXTREME = "#/extreme?seed=idle-x&players=1"
IDLE_TRIGGS = "#/triggs?seed=idle-t&players=2&seats=human,random"


def test_a_table_left_before_any_move_is_not_listed_and_one_with_a_move_is(
        new_page, site, open_app, wait_ready, wait_until):
    """Opening Extreme and Triggs and going back to the lobby lists neither (Triggs' bot may
    have moved: a bot's move begins no game); the link of such a table, reloaded, opens it
    as it was; one move of the player's own and the game is listed."""
    page = new_page(**SIZES["phone"])
    page.context.add_init_script(FAST)
    open_app(page, site.link(IDLE_EXTREME))
    wait_until(page, MY_MOVE)
    page.tap('.menu [data-action="lobby"]')
    page.evaluate(f"location.hash = '{IDLE_TRIGGS}'")  # typed into the address bar
    wait_until(page, f"(v => v && v.game === 'triggs')(window.cardtable.view())")
    wait_until(page, MY_MOVE)
    page.tap('.menu [data-action="lobby"]')
    assert listed(page) == [] and page.locator("#app .resume").count() == 0
    assert sorted(entry["save"]["game"] for entry in stored(page)) == ["extreme", "triggs"]
    assert not any(entry["begun"] for entry in stored(page))

    open_app(page, site.link(IDLE_EXTREME))
    page.reload()  # a reload of the table's link opens the same table, kept as it was
    wait_ready(page)
    wait_until(page, MY_MOVE)
    assert view(page)["game"] == "extreme" and len(stored(page)) == 2
    play_a_card(page)
    wait_until(page, "window.cardtable.view().hand.length === 7")
    page.tap('.menu [data-action="lobby"]')
    games = listed(page)
    assert len(games) == 1 and games[0].startswith("The Game: Extreme, 1 player, ")
    assert len(stored(page)) == 2  # Triggs' table is kept for its link, not offered


def test_a_link_without_a_seed_typed_over_a_table_opens_the_lobby_set_up_for_it(
        new_page, site, open_app, wait_until):
    """``#/triggs?players=3`` typed while Rentz is on the table: the lobby, set up for Triggs
    with 3 players (as the same link opens it on a fresh page; Start deals it), and the
    Rentz game under way is listed there."""
    page = new_page(**SIZES["phone"])
    page.context.add_init_script(FAST)
    open_app(page, site.link(MATCH))
    wait_until(page, MY_MOVE)
    page.tap('[data-action="rentz-choose"]')  # a move made: the match is under way
    wait_until(page, MY_MOVE)
    page.evaluate("location.hash = '#/triggs?players=3'")
    page.wait_for_selector("#app main.lobby")
    assert page.get_attribute('[data-action="pick-game"][data-value="triggs"]',
                              "aria-pressed") == "true"
    assert page.inner_text("#lobby-options .chosen").startswith("3 players: You, ")
    assert listed(page)[0].startswith("Rentz, 3 players, deal 1 of 24, today at")
    wait_until(page, "location.hash === ''")  # the lobby's address: the plain page
    page.tap('[data-action="start"]')
    wait_until(page, "(v => v && v.game === 'triggs')(window.cardtable.view())")
    assert view(page)["players"] == 3 and "players=3" in page.url
