"""The Game's UI drawn on CPython: the page HTML read back with ``html.parser``, and the
controller driven as the page's listeners drive it. Rule tests name their rule id."""

import html
from dataclasses import replace
from html.parser import HTMLParser

from cardtable.bots import finish, levels, make_bot
from cardtable.games.the_game import bots as the_game
from cardtable.games.the_game.lookahead import STRONG
from cardtable.engine.registry import GAMES, game_module, get
from cardtable.games.the_game import table as table_the_game
from cardtable.web.controller import Controller
from cardtable.web.lobby import LEVEL_NAMES, default_setup, level_name
from cardtable.web.render import chosen_text, lobby_html, messages_html, shell_html
from html_page import Page, screen_html
from cardtable.web.session import Session
from cardtable.web.saves import Saves
from cardtable.web.storage import SAVE_KEY, MemoryBackend, Store
from cardtable.web.ui import TableUi, You

SPEC = get("the-game")


def test_esc_writes_the_same_text_as_the_standard_html_escape():
    from cardtable.web.html import esc
    for value in ("", "plain", "a & b < c > d", "\"quoted\" 'single'", "&amp; already",
                  "<script>alert('x')</script>", 42, None, "ăîșț – ∞"):
        assert esc(value) == html.escape(str(value), quote=True)


class Tags(HTMLParser):
    """Every start tag as ``(tag, attributes)``, and the text."""

    def __init__(self, html):
        super().__init__()
        self.tags, self.text = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def find(self, **wanted):
        """Attributes of the tags whose attributes include ``wanted`` (``data_card`` style)."""
        wanted = {k.rstrip("_").replace("_", "-"): v for k, v in wanted.items()}
        return [a for _, a in self.tags if all(a.get(k) == v for k, v in wanted.items())]


def table(state, seat=0, **ui):
    names = (You("You"),) + tuple(f"Bot {i + 1}" for i in range(1, state.players))
    ui.setdefault("my_turn", state.current_player == seat)
    return Tags(table_the_game.table_html(state.view(seat), TableUi(names=names, **ui)))


def position(hand, tops, deck=None, played=()):
    """Seat 0 of a solo game to act holding ``hand`` with these pile tops."""
    state = SPEC.new(1, {}, "render")
    return replace(state, hands=(tuple(sorted(hand)),), piles=tuple((s, t) for s, t in zip((1, 1, 100, 100), tops)),
                   deck=state.deck if deck is None else deck, played=played)


def controller(store=None, seed="r1"):
    return Controller(store or Store(), lambda: seed)


# -- escaping and the automation contract ------------------------------------------------
def test_every_text_is_escaped():
    html = messages_html([("alert", "<script>alert(1)</script>"), ("status", 'a "b" & c')])
    assert "<script>" not in html and "&lt;script&gt;" in html and "&quot;b&quot; &amp; c" in html


def test_names_and_log_lines_are_escaped():
    state = position([20, 30], (10, 10, 90, 90))
    log = ({"seat": 0, "kind": "signal", "pile": 0, "signal": "<img src=x onerror=alert(1)>",
            "on": True},)
    tags = Tags(table_the_game.table_html(state.view(0), TableUi(names=("<i>You</i>",), log=log)))
    assert not any(tag in ("img", "i") for tag, _ in tags.tags)
    text = "".join(tags.text)
    assert "<img src=x onerror=alert(1)>" in text and "<i>You</i>" in text


def test_hand_cards_and_piles_carry_the_contract_attributes():
    state = position([20, 30, 95], (10, 15, 90, 85))
    tags = table(state)
    assert [a["data-card"] for a in tags.find(data_action="select")] == ["20", "30", "95"]
    piles = tags.find(data_action="play")
    assert [(p["data-pile"], p["data-dir"], p["data-top"]) for p in piles] == [
        ("0", "up", "10"), ("1", "up", "15"), ("2", "down", "90"), ("3", "down", "85")]
    assert tags.find(class_="draw")[0]["data-count"] == str(len(state.deck))


def test_hand_is_sorted():
    state = replace(position([1], (10, 10, 90, 90)), hands=((70, 20, 45),))
    assert [a["data-card"] for a in table(state).find(data_action="select")] == ["20", "45", "70"]


# -- legal piles (TG-5) and the backwards trick ------------------------------------------------
def test_only_legal_piles_light_up_for_the_selected_card():  # TG-5
    state = position([50], (65, 40, 30, 55))
    legal = [p["data-pile"] for p in table(state, local=50).find(data_action="play")
             if "legal" in p["class"].split()]
    assert legal == ["1", "3"]


def test_no_pile_lights_up_without_a_selected_card():
    state = position([50], (60, 40, 30, 55))
    assert not any("legal" in p["class"] for p in table(state).find(data_action="play"))


def test_backwards_trick_is_shown_as_such():  # TG-5
    state = position([30, 70], (40, 10, 60, 90))
    up = Tags(table_the_game.pile_html(state.view(0), TableUi(names=(You("You"),), local=30, my_turn=True),
                                       0, {0}, set()))
    assert "↩ −10" in "".join(up.text)
    down = Tags(table_the_game.pile_html(state.view(0), TableUi(names=(You("You"),), local=70, my_turn=True),
                                         2, {2}, set()))
    assert "↩ +10" in "".join(down.text)


# -- end turn, undo --------------------------------------------------------------------------
def end_turn_disabled(tags):
    return "disabled" in tags.find(data_action="end-turn")[0]


def test_end_turn_is_enabled_exactly_when_the_minimum_is_met():  # TG-4
    state = position([20, 30, 40], (10, 10, 90, 90))
    assert end_turn_disabled(table(state))
    state = state.apply(("play", 20, 0))
    assert not state.view(0)["can_end"] and end_turn_disabled(table(state))
    state = state.apply(("play", 30, 0))
    assert state.view(0)["can_end"] and not end_turn_disabled(table(state))


def test_end_turn_needs_only_one_card_once_the_draw_pile_is_empty():  # TG-7
    state = position([20, 30], (10, 10, 90, 90), deck=()).apply(("play", 20, 0))
    assert not end_turn_disabled(table(state))


# -- the lobby ---------------------------------------------------------------------------------
def test_lobby_option_controls_come_from_the_schema():
    tags = Tags(lobby_html(default_setup("the-game")))
    for option in SPEC.options:  # every option of The Game is a choice
        values = [a["data-value"] for a in tags.find(data_action="option", data_key=option.key)]
        assert len(values) == len(option.choices)


def test_every_bot_level_of_every_game_is_offered_by_a_name_to_translate():
    for game in GAMES:
        setup = default_setup(game).with_players(max(2, GAMES[game].min_players))
        html = lobby_html(setup)
        for level in levels(game):
            assert level in LEVEL_NAMES, (game, level)  # else it shows as its id
        for level in setup.levels():
            assert html.count(f'value="{level}"') >= 1 and level_name(level) in html


def test_a_link_seats_the_master_level_where_shown_and_it_plays_its_turn(monkeypatch):
    monkeypatch.setitem(game_module("the-game", "level_table").SHOWN,
                        ("standard", 2, "master"), True)
    c = started("#/the-game?seed=m1&players=2&seats=human,master")
    assert c.setup.seats == ("human", "master")
    mine = make_bot("the-game", "strong", 0, "m1")
    while c.session.state.current == 0:
        move(c, mine.act(c.sitting.table.view))
    assert c.bot_due()
    before = len(c.session.actions)
    finish(c.sitting.bot_steps())
    assert len(c.session.actions) == before + 1  # the master bot's first action, legal


def test_shell_is_the_lobby_with_a_start_button():
    assert Tags(shell_html()).find(data_action="start")


def test_seat_one_is_always_you():
    c = controller()
    c.handle("players", {"value": "3"})
    assert c.setup.seats[0] == "human"
    c.handle("seat", {"seat": "0", "value": "casual"})
    assert c.setup.seats[0] == "human" and c.messages[0][0] == "alert"
    c.handle("seat", {"seat": "2", "value": "human"})
    assert c.setup.seats == ("human", c.setup.seats[1], "human")


# -- playing through the controller --------------------------------------------------------------
def started(fragment="#/the-game?seed=r1&players=2&seats=human,casual", store=None):
    c = controller(store)
    c.boot(fragment)
    return c


def test_a_card_then_a_pile_plays_it_and_saves():
    store = Store()
    c = started(store=store)
    card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
    c.handle("select", {"card": str(card)})
    c.handle("play", {"pile": str(pile)})
    assert c.session.actions == [["play", card, pile]]
    assert Saves(store).latest()["save"]["actions"] == [["play", card, pile]]


def test_an_illegal_play_shows_the_engines_message_in_an_alert():
    c = started("#/the-game?seed=r1&players=1")
    c.handle("play", {"card": str(max(c.current_view()["hand"])), "pile": "0"})
    legal = set(c.session.state.legal_actions())
    card, pile = next((card, pile) for card in c.current_view()["hand"] for pile in range(4)
                      if ("play", card, pile) not in legal)
    c.handle("play", {"card": str(card), "pile": str(pile)})
    (role, text), = c.messages
    assert role == "alert" and "cannot go on" in text
    assert Tags(screen_html(c.screen())).find(role="alert")


def test_stuck_human_may_undo_and_the_game_ends_only_when_confirmed():  # TG-9
    c = controller()
    stuck = position([50, 99], (98, 97, 3, 4))
    c.begin(Session(default_setup("the-game"), "r1", [stuck]))
    c.handle("play", {"card": "99", "pile": "0"})
    assert c.session.state.outcome == "stuck"
    assert c.screen().kind == "table" and c.screen().body.ui.awaiting
    c.handle("undo", {})
    assert c.session.state == stuck
    c.handle("play", {"card": "99", "pile": "0"})
    c.handle("confirm-end", {})
    assert c.screen().kind == "end"


def test_pass_the_device_screen_hides_the_hand_between_humans():
    c = started("#/the-game?seed=r1&players=2&seats=human,human")
    assert c.screen().kind == "pass" and c.screen().body.pass_to == "Player 1"
    assert not Tags(screen_html(c.screen())).find(data_action="select")
    c.handle("reveal", {})
    plays = [a for a in c.session.state.legal_actions() if a[0] == "play"]
    for _ in range(2):
        card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
        c.handle("play", {"card": str(card), "pile": str(pile)})
    c.handle("end-turn", {})
    assert plays and c.screen().kind == "pass" and c.screen().body.pass_to == "Player 2"


def test_no_pass_screen_with_one_human():
    assert started().screen().kind == "table"


def test_bots_play_their_turns_one_action_at_a_time():
    c = started("#/the-game?seed=r1&players=2&seats=human,random")
    for _ in range(2):
        card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
        c.handle("play", {"card": str(card), "pile": str(pile)})
    c.handle("end-turn", {})
    steps = 0
    while c.bot_due():
        c.bot_step()
        steps += 1
    assert steps >= 2 and (c.session.state.is_over or c.session.state.current_player == 0)


def test_hint_shows_the_suggested_turn_and_its_reason():
    c = started()
    assert Tags(screen_html(c.screen())).find(data_action="hint")  # the strong bot offers hints
    kind, steps = c.handle("hint", {})  # the page thinks the hint in slices
    assert kind == "think" and c.sitting.table.hint is None
    finish(steps)
    first = c.sitting.table.hint["actions"][0]
    tags = Tags(screen_html(c.screen()))
    assert "Hint:" in "".join(tags.text) and c.sitting.table.hint["reason"] in "".join(tags.text)
    # the move first, in the table's words; the reason folded under "Why?"
    page = Page(screen_html(c.screen()))
    move = page.one("p", "hint-move").text
    if first[0] == "play":
        assert move.startswith(f"Hint: Play {first[1]} on ")
    fold = page.one("details", "hint-fold")
    assert fold.text.startswith("Why?") and "open" not in fold.attrs
    assert [e.tag for e in fold.children] == ["summary", "p"]
    assert page.one("p", "hint-why").text == c.sitting.table.hint["reason"]
    if first[0] == "play":
        assert "hinted" in tags.find(data_card=str(first[1]))[0]["class"]


def test_a_hint_thought_in_slices_is_dropped_when_the_position_changes():
    c = started("#/the-game?seed=slices-27&players=1")  # a long endgame search ahead
    bot = make_bot("the-game", "strong", 0, "slices")
    while len(c.session.state.deck) > STRONG.solo_deck or c.session.state.played:
        move(c, bot.act(c.sitting.table.view))
    kind, steps = c.handle("hint", {})
    next(steps), next(steps)  # still thinking: the page draws and answers taps meanwhile
    move(c, next(a for a in c.session.state.legal_actions() if a[0] == "play"))
    finish(steps)
    assert c.sitting.table.hint is None
    kind, steps = c.handle("hint", {})
    finish(steps)
    top = c.setup.levels()[-1]  # the best level this table offers gives its hints
    assert c.sitting.table.hint == make_bot("the-game", top, 0, "h").hint(c.sitting.table.view)


def move(c, action) -> None:
    """Make The Game's ``action`` through the table's controls."""
    if action[0] == "play":
        c.handle("select", {"card": str(action[1])})
        c.handle("play", {"pile": str(action[2])})
    else:
        c.handle("end-turn", {})


def test_no_hint_button_when_no_bot_offers_hints():
    c = started()
    c.local.bots.hinter = None
    assert not Tags(screen_html(c.screen())).find(data_action="hint")


def test_end_screen_offers_replay_new_deal_and_share():  # TG-10
    c = controller()
    won = position([99], (98, 10, 90, 90), deck=())
    c.begin(Session(default_setup("the-game"), "r1", [won]))
    c.handle("play", {"card": "99", "pile": "0"})
    screen = c.screen()
    assert screen.kind == "end" and screen.body.result["rating"] == "win"
    tags = Tags(screen_html(screen))
    for action in ("again", "new-deal", "share"):
        assert tags.find(data_action=action)
    assert "Won" in c.local.share_text() and "#/the-game?seed=r1" in c.local.share_text()


def test_the_end_screen_cannot_undo_the_confirmed_end():  # TG-9
    c = controller()
    c.begin(Session(default_setup("the-game"), "r1", [position([50, 99], (98, 97, 3, 4))]))
    c.handle("play", {"card": "99", "pile": "0"})
    c.handle("confirm-end", {})
    assert "disabled" in Tags(screen_html(c.screen())).find(data_action="undo")[0]
    c.handle("undo", {})
    assert c.screen().kind == "end" and c.messages[0][0] == "alert"


def test_result_text_follows_the_rulebook_rating():  # TG-10
    assert table_the_game.result_text({"rating": "win", "cards_left": 0}).startswith("Won")
    assert "only 1 card left" in table_the_game.result_text({"rating": "excellent", "cards_left": 1})
    assert "Lost: 12 cards left" in table_the_game.result_text({"rating": "lost", "cards_left": 12})


def test_clipboard_refusal_shows_the_text_to_copy_by_hand():
    c = started()
    effect = c.handle("share", {})
    assert effect[0] == "copy"
    c.panels.copy_failed(effect[1])
    tags = Tags(screen_html(c.screen()))
    assert tags.find(id="panel-text") and effect[1] in "".join(tags.text)


# -- booting: links and saves ------------------------------------------------------------------
def test_bad_link_shows_the_lobby_with_a_message():
    c = controller()
    assert c.boot("#/the-game?players=0")
    screen = c.screen()
    assert screen.kind == "lobby" and screen.messages[0][0] == "alert"


def test_reload_resumes_the_same_position():
    store = Store()
    c = started(store=store)
    card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
    c.handle("play", {"card": str(card), "pile": str(pile)})
    again = controller(store)
    assert not again.boot("")
    assert again.session.state == c.session.state


def test_an_old_schema_save_is_kept_aside_and_reported():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, '{"schema": 0, "game": "the-game"}')
    c = controller(Store(backend))
    c.boot("")
    assert c.session is None and "kept aside" in c.messages[0][1]
    assert backend.getItem("cardtable.unreadable.1") is not None


def test_lobby_offers_to_continue_a_game_under_way_not_a_table_with_no_move():
    """A table left before any move is no game in progress: the lobby does not list it
    and the plain page does not open it, but its link (a reload) opens it as it was; once
    the player has moved it is listed."""
    store = Store()
    started(store=store).handle("lobby", {})
    c = controller(store)
    assert not Tags(screen_html(c.screen())).find(data_action="continue")
    c.boot("")
    assert c.session is None and c.screen().kind == "lobby"
    c.boot("#/the-game?seed=r1&players=2&seats=human,casual")  # a reload of its link
    assert len(Saves(store).entries) == 1 and c.local.game_id == Saves(store).latest()["id"]
    card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
    c.handle("select", {"card": str(card)})
    c.handle("play", {"pile": str(pile)})
    c.handle("lobby", {})
    c = controller(store)
    listed = Tags(screen_html(c.screen())).find(data_action="continue")
    assert len(listed) == 1
    c.boot("")  # the plain page: the game under way played last
    assert c.session.actions == [["play", card, pile]]


def test_a_link_without_a_seed_over_a_table_opens_the_lobby_set_up_for_it():
    """What a fresh page opens for ``#/triggs?players=3`` (the lobby set up for it), it
    opens over a table too; the game under way stays listed."""
    c = started()
    card, pile = next(a[1:] for a in c.session.state.legal_actions() if a[0] == "play")
    c.handle("select", {"card": str(card)})
    c.handle("play", {"pile": str(pile)})
    c.boot("#/triggs?players=3")
    assert c.local is None and c.screen().kind == "lobby" and c.address() == ""
    assert (c.setup.game, c.setup.players) == ("triggs", 3)
    assert [words.split(",")[0] for _, words in c.unfinished.listed()] == ["The Game"]


def test_a_solo_setup_says_and_offers_no_bot_pace():
    solo = default_setup("the-game")
    assert chosen_text(solo, "normal") == "1 player: You · standard rules"
    assert 'data-action="pace"' not in lobby_html(solo)
    assert "together" not in lobby_html(solo).lower()
    duo = solo.with_players(2)
    assert chosen_text(duo, "slow").endswith(" · Bot pace: slow")
    assert 'data-action="pace"' in lobby_html(duo)
    people = duo.with_seat(1, "human")
    assert "Bot pace" not in chosen_text(people, "normal")
    assert 'data-action="pace"' not in lobby_html(people)


# -- following the game: names, the latest play, the log, the hand first ---------------------
def test_piles_show_the_names_the_log_and_hint_use():
    html = table_the_game.table_html(position((30, 40), (1, 1, 100, 100)).view(0),
                                     TableUi(names=(You("You"),), my_turn=True))
    piles = [e for e in Page(html).find("button", data_action="play")]
    names = [e.text.split(" (")[0] for e in piles]
    assert names == ["Pile ↑1", "Pile ↑2", "Pile ↓1", "Pile ↓2"]
    assert piles[0].text == "Pile ↑1 (rising), top 1, 1 card"
    assert \
        [c.text for e in piles for c in e.children if "dir" in c.classes] == ["↑1", "↑2", "↓1", "↓2"]
    assert all("aria-label" not in e.attrs for e in piles)


def test_the_hand_comes_before_the_piles_and_solo_has_no_signals():
    state = position((30, 40), (1, 1, 100, 100))
    html = table_the_game.table_html(state.view(0), TableUi(names=(You("You"),), my_turn=True))
    assert html.index('data-action="select"') < html.index('data-action="play"')
    assert 'data-action="signal"' not in html
    team = SPEC.new(3, {}, "signals")
    tags = table(team)
    assert len(tags.find(data_action="signal")) == 8


def test_the_latest_play_is_marked_and_moves_in_only_while_it_is_the_latest_move():
    state = position((30, 40), (20, 1, 100, 100))
    play = {"seat": 0, "kind": "play", "card": 20, "pile": 0, "backwards": False}
    end = {"seat": 0, "kind": "end", "drew": 2}
    fresh = table(state, log=(play,))
    marked = fresh.find(data_action="play", data_pile="0")[0]
    assert "last-play" in marked["class"] and "just-played" in marked["class"]
    assert "last played by you" in "".join(fresh.text)
    later = table(state, log=(play, end)).find(data_action="play", data_pile="0")[0]
    assert "last-play" in later["class"] and "just-played" not in later["class"]


def test_the_log_numbers_moves_by_turn_and_keeps_the_whole_game():
    moves = []
    for turn in range(12):
        moves += [{"seat": 0, "kind": "play", "card": 2 + turn, "pile": 0, "backwards": False},
                  {"seat": 0, "kind": "end", "drew": 1}]
    tags = table(position((30, 40), (1, 1, 100, 100)), log=tuple(moves))
    turns = [a["data-turn"] for a in tags.find() if "data-turn" in a]
    assert turns == [str(n) for n in range(1, 13) for _ in range(2)]
    assert tags.find(class_="log-box", tabindex="0")


def test_tg9_end_screen_says_who_had_to_play_what_and_what_fitted():
    names = (You("You"), "Bot 2")
    blocked = {"seat": 0, "required": 2, "played": [], "fitting": [[97, 0, 90]], "in_hand": 5,
               "tops": [90, 95, 3, 4]}
    assert table_the_game.ending_words(blocked, names) == \
        "You had to play 2 cards; only 97 fitted, on ↑1 at 90."
    stuck = {"seat": 1, "required": 2, "played": [[40, 2]], "fitting": [], "in_hand": 4,
             "tops": [90, 95, 40, 4]}
    assert table_the_game.ending_words(stuck, names) == \
        "Bot 2 had to play 2 cards and played 1 (40 on ↓1); then none of the cards left fitted any pile."


def test_tg9_a_lost_game_ends_with_its_ending_on_the_end_screen():
    state = position((50, 98), (97, 96, 3, 4), deck=(60,))
    assert state.apply(("play", 98, 0)).outcome == "stuck"
    result = state.apply(("play", 98, 0)).result()
    html = table_the_game.end_html(result, (You("You"),))
    assert "You had to play 2 cards and played 1 (98 on ↑1)" in html


def test_a_card_index_that_reads_as_another_number_upside_down_is_underlined():
    from cardtable.web.table_parts import number_index
    marked = [n for n in range(2, 100) if "pc-u" in number_index(n)]
    assert {6, 9, 16, 91, 68, 86, 98} <= set(marked)
    assert not {8, 11, 69, 88, 96, 10, 60, 90, 37} & set(marked)  # alike turned, or no number
    page = Page(table_the_game.table_html(position([6, 37], (1, 1, 100, 100)).view(0),
                                          TableUi(names=("You",), my_turn=True)))
    six = page.one("button", data_action="select", data_card=6)
    assert [e.text for e in six.children if "pc-i" in e.classes] == ["6", "6"]
    assert len(page.find("span", "pc-u")) == 2  # the 6 in two corners; no upside-down 37
