"""The Game: Extreme's table drawn on CPython: what a seat sees of the instructions.

Positions are crafted from a real deal with the default layout (EX-3):
stop 7 31 58 84 · skull 12 39 63 91 · three 18 44 70 95 · no_talk 5 27 52 77 ·
no_reverse 15 36 61 88 · one_pile 22 47 66 93 · draw_one 10 33 55 80.
Each test names the rule id it checks; the HTML is read back with ``html.parser``.
"""

from dataclasses import replace
from html_page import Page

from cardtable.games.extreme.rules import KINDS
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import fits
from cardtable.games.extreme import table as table_extreme
from cardtable.games.the_game import table as table_the_game
from cardtable.web.controller import Controller
from cardtable.web.screen import Screen, TableBody
from cardtable.web.lobby import default_setup
from html_page import screen_html
from cardtable.web.storage import Store
from cardtable.web.tables import table_module
from cardtable.web.ui import TableUi, You

SPEC = get("extreme")
NAMES = (You("You"), "Bot 2")
STARTS = (1, 1, 100, 100)


def position(hand, tops=STARTS, played=(), other=(60, 61, 62, 64, 65, 67, 68),
             deck=(50, 51, 53, 54), **fields):
    """Seat 0 to play ``hand`` on these pile tops, having played ``played`` this turn."""
    state = SPEC.new(2, {}, "render")
    piles = tuple((start,) if top == start else (start, top) for start, top in zip(STARTS, tops))
    return replace(state, hands=(tuple(sorted(hand)), tuple(other)), piles=piles,
                   deck=tuple(deck), current=0, played=tuple(played), **fields)


def draw(state, seat=0, **ui):
    """The table as ``seat`` sees it; it is that seat's turn unless ``ui`` says otherwise."""
    ui.setdefault("my_turn", state.current_player == seat)
    return table_extreme.table_html(state.view(seat), TableUi(names=ui.pop("names", NAMES), **ui))


def end_button(page):
    return page.one("button", data_action="end-turn")


def lit_piles(page):
    return {int(e.attrs["data-pile"]) for e in page.find("button", "legal", data_action="play")}


# -- instructions on the cards ---------------------------------------------------------
def test_ex3_hand_cards_show_symbol_label_and_tooltip():
    page = Page(draw(position((7, 20, 27, 40))))
    stop = page.one("button", data_action="select", data_card=7)
    assert stop.attrs["data-instruction"] == "stop"
    assert "Stop" in stop.text and KINDS["stop"].help in stop.attrs["title"]
    assert page.find("svg", "ex-sym") and "lightning" in stop.attrs["title"]
    assert page.one("button", data_card=27).attrs["data-instruction"] == "no_talk"
    plain = page.one("button", data_card=20)
    assert "data-instruction" not in plain.attrs
    assert plain.text == "20 20 20"  # the number in the middle and in two corners


def test_ex3_pile_tops_show_their_instruction_and_the_key_explains_it():
    page = Page(draw(position((20, 40), tops=(36, 1, 100, 100))))
    pile = page.one("button", data_action="play", data_pile=0)
    assert pile.attrs["data-instruction"] == "no_reverse" and "No backwards" in pile.text
    # the tap text: the key's <details> holds the paragraph the pile is described by
    help_para = page.one("p", id=pile.attrs["aria-describedby"])
    assert KINDS["no_reverse"].help in help_para.text
    # the key says what it is, and each box which card it is about (issue 51)
    assert page.one("h2", id="ex-key-heading").text == "What the instructions mean"
    assert page.one("section", "ex-key").attrs["aria-labelledby"] == "ex-key-heading"
    assert [e.text for e in page.find("summary")] == ["No backwards · on ↑1"]
    assert "data-instruction" not in page.one("button", data_action="play", data_pile=1).attrs


def test_the_key_names_the_hand_cards_an_instruction_is_on():
    page = Page(draw(position((7, 10, 20, 33))))
    summaries = {e.text for e in page.find("summary")}
    assert summaries == {"Stop · your 7", "Draw one · your 10, 33"}


def test_no_note_scolds_before_the_first_move():
    """At the turn's start the plain minimum is the turn line's, as in The Game: no note
    under End turn says the turn cannot end (issue 51); End turn is still disabled."""
    html = draw(position((20, 30, 40, 50)))
    page = Page(html)
    assert "disabled" in end_button(page).attrs
    assert not page.find("p", "end-note") and "aria-describedby" not in end_button(page).attrs
    assert "played 0 of at least 2" in page.one("p", "turn").text
    assert "cannot end" not in html


def test_ex1_tapping_a_marked_card_explains_its_instruction():
    page = Page(draw(position((7, 20)), local=7))
    assert any(KINDS["stop"].help in e.text for e in page.find("p", "ex-selected"))


# -- the panel of instructions in force --------------------------------------------------
def test_ex5_visible_skull_is_in_force_and_blocks_the_end_with_the_reason():
    state = position((20, 45, 46), tops=(39, 1, 100, 100), played=((39, 0),))
    page = Page(draw(state))
    rule = page.one("li", "ex-rule", data_kind="skull")
    assert "skull on ↑1 must be covered" in rule.text and "binds you, this turn" in rule.text
    assert "lightning" in rule.classes
    assert "disabled" in end_button(page).attrs
    note = page.one("p", id=end_button(page).attrs["aria-describedby"])
    assert "skull 39 on ↑1 must be covered" in note.text


def test_ex6_three_counts_the_cards_still_to_play():
    state = position((20, 30, 40, 50), tops=(18, 1, 100, 100), played=((18, 0),))
    page = Page(draw(state))
    assert "exactly 3 cards: 2 more to play" in page.one("li", data_kind="three").text
    assert "disabled" in end_button(page).attrs
    assert "exactly 3 cards: 2 more to play" in page.one("p", "end-note").text
    assert "played 1 of exactly 3" in page.one("p", "turn").text


def test_ex6_end_turn_enabled_once_three_cards_are_played():
    state = position((40, 50), tops=(18, 20, 30, 100), played=((18, 0), (20, 1), (30, 2)))
    page = Page(draw(state))
    assert "disabled" not in end_button(page).attrs
    assert "done, end the turn" in page.one("li", data_kind="three").text


def test_ex9_only_the_piles_the_engine_offers_light_up():
    state = position((40, 60), tops=(36, 50, 100, 100))
    page = Page(draw(state, local=40))
    # 40 on ↑2 (top 50) would be a backwards trick: The Game's rule allows it, Extreme's not
    assert fits(40, "up", 50) and ["play", 40, 1] not in state.view(0)["legal"]
    assert lit_piles(page) == {0, 2, 3}
    assert "binds everyone while visible" in page.one("li", data_kind="no_reverse").text


def test_ex10_one_pile_fixed_this_turn_lights_only_its_pile():
    state = position((40, 60), tops=(22, 30, 100, 100), played=((30, 1),), fixed_pile=1)
    page = Page(draw(state, local=40))
    assert lit_piles(page) == {1}
    assert "this turn's cards go onto ↑2" in page.one("li", data_kind="one_pile").text


def test_ex7_several_instructions_in_force_lightning_first():
    state = position((45, 46, 60), tops=(39, 36, 27, 100), played=((39, 0),))
    kinds = [e.attrs["data-kind"] for e in Page(draw(state)).find("li", "ex-rule")]
    assert kinds == ["skull", "no_reverse", "no_talk"]


def test_nothing_in_force_says_so():
    page = Page(draw(position((20, 40))))
    assert page.one("p", "ex-none").text == "No instruction in force."


# -- no talking, drawing, sharing ----------------------------------------------------
def test_ex8_no_talk_hides_and_disables_the_signals_and_sharing():
    signals = ((1, "hold", 1),)
    talking = Page(draw(position((20, 40), tops=(26, 1, 100, 100), signals=signals,
                                 shared=(False, True), other=(7, 60))))
    silent = Page(draw(position((20, 40), tops=(27, 1, 100, 100), signals=signals,
                                shared=(False, True), other=(7, 60))))
    assert talking.find("span", "signal") and talking.find("span", "ex-shared")
    assert not silent.find("span", "signal") and not silent.find("span", "ex-shared")
    toggles = silent.find("button", data_action="signal")
    assert len(toggles) == 8 and all("disabled" in t.attrs for t in toggles)
    share = silent.one("button", data_action="share-instructions")
    assert "disabled" in share.attrs and "No talking" in silent.one("p", id="share-note").text


def test_ex11_draw_one_shows_the_reduced_draw():
    state = position((40, 41, 42, 43, 44), tops=(33, 20, 100, 100), played=((20, 1), (33, 0)))
    page = Page(draw(state))
    assert "draws 1 card: draw one is in force" in page.one("p", "end-note").text
    assert not page.find("li", "refill")


def test_ex11_after_draw_one_is_covered_hands_refill():
    state = position((40, 41), tops=(34, 20, 100, 100), played=((20, 1), (33, 0), (34, 0)),
                     other=(60, 61, 62), deck=(50, 51, 53, 54, 56, 57))
    page = Page(draw(state))
    assert "draws 5 cards, back up to a full hand of 7" in page.one("p", "end-note").text
    assert "back up to a full hand of 7" in page.one("li", "refill").text
    short = Page(draw(replace(state, deck=(50, 51, 53, 54))))
    assert "draws 4 cards, the last of the draw pile" in short.one("p", "end-note").text


def test_ex12_shared_kinds_show_on_the_hand_summary_without_numbers():
    state = position((20, 40), shared=(False, True), other=(7, 12, 60))
    summary = Page(draw(state)).one("span", "ex-shared")
    assert "Stop" in summary.text and "Skull" in summary.text
    assert not any(str(n) in summary.text for n in (7, 12, 60))
    assert not Page(draw(replace(state, shared=(False, False)))).find("span", "ex-shared")


def test_ex12_share_toggle_through_the_controller():
    controller = Controller(Store(), lambda: "fresh", "index.html")
    controller.boot("#/extreme?seed=share-1&players=2&seats=human,careful")
    assert controller.sitting.table.my_turn()
    controller.handle("share-instructions", {})
    assert controller.current_view()["share"] is True
    page = Page(screen_html(controller.screen()))
    assert page.one("button", data_action="share-instructions").attrs["aria-pressed"] == "true"
    event = controller.session.log(1)[-1]
    assert table_extreme.event_text(event, controller.sitting.table.names) == "You share your instructions"


def test_ex12_share_toggle_waits_for_your_turn():
    state = replace(position((20, 40)), current=1)
    share = Page(draw(state)).one("button", data_action="share-instructions")
    assert "disabled" in share.attrs


# -- losing to an instruction ------------------------------------------------------------
def losing_three():
    """EX-6: a seat that began its turn with 2 cards plays a 3!: the game is lost."""
    return position((18, 60)).apply(("play", 18, 0))


def test_ex6_selecting_a_losing_three_warns():
    page = Page(draw(position((18, 60)), local=18))
    assert any("loses the game" in e.text for e in page.find("p", "ex-selected"))


def test_ex2_end_screen_names_the_instruction_and_why():
    state = losing_three()
    screen = Screen("end", TableBody(state.view(0), TableUi(names=NAMES),
                                     result=state.result()),
                    messages=(), setup=default_setup("extreme"), pace="normal")
    page = Page(screen_html(screen))
    heading = page.one("h2", "rating")
    assert heading.text == f"Lost to the 3! instruction, {state.cards_left} cards left."
    ending = page.one("p", "ending").text
    assert ending == (f"{NAMES[0]} played a 3! card having begun the turn with 2 cards:"
                      " exactly 3 cards could not be played this turn.")
    why = page.one("section", "ex-lost").text
    assert "Lost to 3!" in why and "begun the turn with 2 cards" in why
    assert "seat 1" not in why
    assert not page.find("section", "ex-in-force")


def test_ex2_end_screen_of_a_blocked_instruction_names_the_seat():
    result = {"over": True, "won": False, "outcome": "lost", "cards_left": 40, "rating": "lost",
              "turns": 9, "lost_by": "skull", "lost_reason": "seat 2 could not complete a turn",
              "ending": {"seat": 1, "required": 2, "played": [], "fitting": [[40, 0, 39]],
                         "in_hand": 6, "tops": [39, 1, 100, 100]}}
    html = table_extreme.end_html(result, (You("You"), "Bot 2"))
    assert "Bot 2 could not complete a turn: a skull would stay visible" in html
    assert "seat 2" not in html


def test_ex2_undo_offer_after_a_losing_move_says_why():
    page = Page(draw(losing_three(), my_turn=False, awaiting=True, can_undo=True))
    assert "This loses the game: a 3! card was played" in page.one("section", "decision").text
    assert not page.find("section", "ex-lost")


def test_extreme_is_listed_among_the_tables():
    assert table_module("extreme") is table_extreme.TABLE
    assert table_extreme.result_text({"lost_by": "", "rating": "win", "cards_left": 0}) \
        == table_the_game.result_text({"rating": "win", "cards_left": 0})


# -- escaping ------------------------------------------------------------------------
def test_text_is_escaped(monkeypatch):
    from cardtable.games.extreme import rules as extreme

    monkeypatch.setitem(extreme.LOSS_REASONS, "three", "<b>bold</b> & more")
    state = losing_three()
    html = draw(state, names=("<You>", "Bot & 2"), my_turn=False, awaiting=True)
    assert "<b>bold</b>" not in html and "&lt;b&gt;bold&lt;/b&gt; &amp; more" in html
    assert "<You>" not in html and "&lt;You&gt;" in html
    live = draw(position((20, 45), tops=(39, 1, 100, 100), played=((39, 0),)),
                names=("<You>", "Bot 2"))
    assert "binds &lt;You&gt;, this turn" in live


def test_tg13_your_toggle_shows_only_your_own_signal_and_another_seats_shows_apart():
    """A bot's signal leaves the viewer's toggle unpressed: it shows as a badge with the
    bot's name, and the button says it clears that signal; the viewer's own presses it."""
    state = get("the-game").new(2, {}, "signals")
    theirs = Page(table_the_game.table_html(replace(state, signals=((0, "hold", 1),)).view(0),
                                            TableUi(names=NAMES, my_turn=True)))
    hold = theirs.one("button", data_action="signal", data_pile=0, data_kind="hold")
    assert "aria-pressed" not in hold.attrs and f"raised by {NAMES[1]}" in hold.attrs["aria-label"]
    assert [b.text for b in theirs.find("span", "signal")] == [f"hold · {NAMES[1]}"]
    others = [b for b in theirs.find("button", data_action="signal") if b is not hold]
    assert all(b.attrs["aria-pressed"] == "false" for b in others)
    mine = Page(table_the_game.table_html(replace(state, signals=((0, "hold", 0),)).view(0),
                                          TableUi(names=NAMES, my_turn=True)))
    pressed = mine.find("button", data_action="signal", aria_pressed="true")
    assert [(b.attrs["data-pile"], b.attrs["data-kind"]) for b in pressed] == [("0", "hold")]
    assert not mine.find("span", "signal")


def test_tg13_the_signals_are_explained_in_words_on_the_table_with_more_than_one_player():
    for game in ("the-game", "extreme"):
        spec = get(game)
        module = table_module(game)
        for players, shown in ((1, False), (2, True)):
            view = spec.new(players, {}, "words").view(0)
            page = Page(module.table_html(view, TableUi(names=NAMES[:players], my_turn=True)))
            assert bool(page.find("p", "signals-note")) == shown, (game, players)


def test_ex12_sharing_is_offered_only_with_someone_to_share_with():
    for players, shown in ((1, False), (2, True)):
        view = get("extreme").new(players, {}, "share").view(0)
        page = Page(table_extreme.table_html(view, TableUi(names=NAMES[:players], my_turn=True)))
        assert bool(page.find("button", data_action="share-instructions")) == shown, players


def test_another_seats_card_just_played_comes_in_from_that_seat():
    """The pile's new top names where it moves in from: the bot's place among the players
    (the viewer's own comes from the hand, by its id); an older top comes from nowhere."""
    state = get("the-game").new(2, {}, "from")
    view = replace(state, piles=((1, 40), (1,), (100,), (100,))).view(0)
    played = {"seat": 1, "kind": "play", "card": 40, "pile": 0, "backwards": False}
    for log, expected in (((played,), '.players [data-seat="1"]'),
                          (({**played, "seat": 0},), None),
                          ((played, {"seat": 1, "kind": "end", "drew": 2}), None)):
        page = Page(table_the_game.table_html(view, TableUi(names=NAMES, log=log)))
        top = page.one("button", data_action="play", data_pile=0).children
        flip = [e for e in top if "top" in e.classes] or [
            e for c in top for e in c.children if "top" in e.classes]
        assert flip[0].attrs["data-flip"] == "40"
        assert flip[0].attrs.get("data-flip-from") == expected, log
        if expected:
            assert page.find("li", data_seat=1)
