"""Rule tests for The Game: Extreme; each names the rule id of seeds/extreme.md it checks.

Positions are crafted with :func:`table` and use the default layout (EX-3):
stop 7 31 58 84 · skull 12 39 63 91 · three 18 44 70 95 · no_talk 5 27 52 77 ·
no_reverse 15 36 61 88 · one_pile 22 47 66 93 · draw_one 10 33 55 80.
"""

import json
import random
from collections import Counter

import pytest

from cardtable.bots import levels, make_bot
from cardtable.engine.core import IllegalAction
from cardtable.games.extreme.rules import (
    DEFAULT_LAYOUT, KINDS, ExtremeState, make_marks, summarize,
)
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import CARDS, deal

SPEC = get("extreme")
MARKS = make_marks("default", "")


def table(hands, deck=(), tops=(1, 1, 100, 100), min_cards=2, hand_size=None, **fields):
    """A crafted position: ``hands`` per seat, the draw pile, and one card under each top
    (``tops``); seat 0 is to play and has played nothing yet unless ``fields`` say so."""
    hands = tuple(tuple(sorted(h)) for h in hands)
    piles = tuple((start,) if top == start else (start, top)
                  for start, top in zip((1, 1, 100, 100), tops))
    fields.setdefault("shared", (False,) * len(hands))
    return ExtremeState(players=len(hands), min_cards=min_cards,
                        hand_size=hand_size or max(len(h) for h in hands), hands=hands,
                        deck=tuple(deck), piles=piles, current=0, marks=MARKS, **fields)


def offered(state):
    return {(a[1], a[2]) for a in state.legal_actions() if a[0] == "play"}


def play(state, *moves):
    for card, pile in moves:
        state = state.apply(("play", card, pile))
    return state


DECK = tuple(range(60, 69))  # a draw pile (its cards are never played here)


# -- EX-1 / EX-3: which cards carry instructions ---------------------------------
def test_ex1_28_cards_seven_kinds_four_each():
    counts = Counter(mark for mark in MARKS if mark)
    assert counts == {kind: 4 for kind in KINDS}
    assert sum(counts.values()) == 28
    assert all(MARKS[card] == "" for card in (0, 1, 100))


def test_ex1_an_instruction_card_follows_the_pile_rules():
    state = table([[39, 50, 60]], deck=DECK, tops=(45, 1, 100, 100))
    assert (39, 0) not in offered(state)  # 39 (skull) is neither above 45 nor 35
    with pytest.raises(IllegalAction, match="cannot go on"):
        state.apply(("play", 39, 0))
    assert (39, 1) in offered(state)


def test_ex3_default_layout_is_the_table_of_the_spec():
    assert DEFAULT_LAYOUT["stop"] == (7, 31, 58, 84)
    assert DEFAULT_LAYOUT["draw_one"] == (10, 33, 55, 80)
    for kind, cards in DEFAULT_LAYOUT.items():
        assert [MARKS[c] for c in cards] == [kind] * 4
    assert SPEC.new(2, {}, "s").marks == MARKS


def test_ex3_random_layout_comes_from_the_seed():
    first = SPEC.new(2, {"layout": "random"}, "seed-a")
    again = SPEC.new(2, {"layout": "random"}, "seed-a")
    other = SPEC.new(2, {"layout": "random"}, "seed-b")
    assert first.marks == again.marks != other.marks
    assert first.marks != MARKS
    assert Counter(m for m in first.marks if m) == {kind: 4 for kind in KINDS}
    assert all(first.marks[c] == "" for c in (0, 1, 100))
    # the layout draws on its own stream: the deal is the same in both layouts
    assert first.hands == SPEC.new(2, {}, "seed-a").hands == deal(2, 7, "seed-a")[0]


def test_ex3_layout_option_parses_from_links():
    option = SPEC.option("layout")
    assert option.parse("random") == "random"
    with pytest.raises(ValueError):
        option.parse("sideways")


# -- EX-2: never offer a breaking move; otherwise the game is lost -----------------
def test_ex2_a_breaking_move_is_not_offered_and_raises_why():
    # 39 is a skull; nothing in the hand could cover it on pile ↑1 after it.
    state = table([[39, 20, 21]], deck=DECK, tops=(30, 1, 100, 100))
    assert (39, 0) not in offered(state)
    with pytest.raises(IllegalAction, match="skull"):
        state.apply(("play", 39, 0))


def test_ex2_lost_when_no_move_completes_a_turn():
    # Only two skulls fit; each would stay visible (nothing can cover either).
    state = table([[39, 12]], deck=DECK, tops=(30, 1, 100, 100)).check_turn_start()
    assert state.is_over and state.outcome == "lost"
    result = state.result()
    assert result["lost_by"] == "skull" and "skull" in result["lost_reason"]
    assert result["rating"] == "lost" and not result["won"]
    assert state.legal_actions() == ()
    assert state.view(0)["lost_by"] == "skull"


def test_ex2_the_game_end_is_not_an_instruction_loss():
    # TG-9: nothing fits at all, instructions or not.
    state = table([[50, 60]], deck=DECK, tops=(98, 98, 2, 2)).check_turn_start()
    assert state.outcome == "blocked" and state.result()["lost_by"] == ""


def test_ex2_every_offered_play_leaves_a_way_to_end_the_turn():
    state = table([[12, 13, 39, 44, 45, 7]], deck=DECK, tops=(11, 38, 100, 100))
    for card, pile in offered(state):
        after = state.apply(("play", card, pile))
        assert after.legal_actions() and any(
            a[0] in ("play", "end") for a in after.legal_actions())


# -- EX-4: stop ----------------------------------------------------------------------
def test_ex4_stop_as_the_first_card_ends_the_turn_with_one_card():
    state = play(table([[7, 20, 30]], deck=DECK, hand_size=3), (7, 0))
    assert state.can_end_turn() and offered(state) == set()
    view = state.view(0)
    assert view["can_end"] and not any(a[0] == "play" for a in view["legal"])
    assert any(e["kind"] == "stop" for e in view["in_force"])
    with pytest.raises(IllegalAction, match="stop"):
        state.apply(("play", 20, 0))
    after = state.apply(("end",))
    assert after.hands[0] == (20, 30, 60)  # drew as usual: back to 3 cards


def test_ex4_stop_ends_an_expert_turn_below_the_minimum():
    state = play(table([[20, 31, 40, 50]], deck=DECK, min_cards=3), (20, 0), (31, 0))
    assert state.can_end_turn() and offered(state) == set()


# -- EX-5 / EX-7: skull ----------------------------------------------------------------
def test_ex5_a_skull_must_be_covered_on_its_pile_before_the_turn_ends():
    state = table([[39, 45, 50]], deck=DECK, tops=(30, 1, 100, 100))
    assert (39, 0) in offered(state)
    state = play(state, (39, 0), (50, 1))  # minimum met, skull still showing
    assert not state.can_end_turn()
    assert state.view(0)["end_problem"] == "the skull 39 on ↑1 must be covered"
    with pytest.raises(IllegalAction, match="must be covered"):
        state.apply(("end",))
    assert offered(state) == {(45, 0)}  # 45 on a falling pile would leave it showing
    assert play(state, (45, 0)).can_end_turn()


def test_ex5_a_skull_whose_pile_cannot_be_covered_is_not_offered():
    # 91 (skull) on a falling pile would need a card below 91 or exactly 101.
    state = table([[91, 95]], deck=DECK, tops=(1, 1, 99, 100))
    assert (91, 2) not in offered(state) and (91, 3) not in offered(state)


def test_ex5_the_last_card_being_a_skull_loses():
    state = table([[39], []], tops=(30, 1, 100, 100), min_cards=2).check_turn_start()
    assert state.outcome == "lost" and state.lost_by == "skull"
    assert state.result()["cards_left"] == 1 and state.result()["rating"] == "lost"


def test_ex5_the_last_card_played_on_a_skull_wins():
    state = play(table([[39, 45]], tops=(30, 1, 100, 100)), (39, 0), (45, 0))
    assert state.outcome == "won" and state.result()["lost_by"] == ""


def test_ex7_stop_on_the_skull_covers_it_stop_elsewhere_does_not():
    state = play(table([[39, 58, 20]], deck=DECK, tops=(30, 1, 100, 100)), (39, 0))
    assert (58, 0) in offered(state)  # covers the skull and ends the turn
    assert (58, 1) not in offered(state)  # would end the turn with the skull showing
    with pytest.raises(IllegalAction, match="skull"):
        state.apply(("play", 58, 1))
    assert play(state, (58, 0)).can_end_turn()


# -- EX-6: three -------------------------------------------------------------------------
def test_ex6_three_means_exactly_three_cards():
    state = play(table([[18, 20, 21, 23, 24]], deck=DECK, hand_size=5), (18, 0), (20, 0))
    view = state.view(0)
    assert not view["can_end"] and view["end_problem"] == "exactly 3 cards: 1 more to play"
    assert {"kind": "three", "text": "exactly 3 cards: 1 more to play"}.items() <= next(
        e for e in view["in_force"] if e["kind"] == "three").items()
    state = play(state, (21, 0))
    assert state.can_end_turn() and offered(state) == set()  # nothing may follow the 3rd
    with pytest.raises(IllegalAction, match="exactly 3"):
        state.apply(("play", 23, 0))
    assert state.apply(("end",)).hands[0] == (23, 24, 60, 61, 62)


def test_ex6_three_cannot_be_the_fourth_card():
    state = play(table([[20, 21, 23, 44]], deck=DECK), (20, 0), (21, 0), (23, 0))
    assert (44, 0) not in offered(state)
    with pytest.raises(IllegalAction, match="4th"):
        state.apply(("play", 44, 0))


def test_ex6_three_as_the_third_card_is_fine():
    state = play(table([[20, 21, 44, 50]], deck=DECK), (20, 0), (21, 0))
    assert (44, 0) in offered(state)
    assert play(state, (44, 0)).can_end_turn()


def test_ex6_then_stop_as_the_third_card_draws_three():
    state = play(table([[20, 44, 58, 70, 80]], deck=DECK, hand_size=5), (20, 0), (44, 0))
    assert (58, 0) in offered(state)
    state = play(state, (58, 0))
    assert state.can_end_turn() and offered(state) == set()
    after = state.apply(("end",))
    assert after.hands[0] == (60, 61, 62, 70, 80)  # drew 3


def test_ex6_stop_only_as_the_third_card_under_three():
    state = play(table([[44, 58, 60, 70]], deck=DECK), (44, 0))
    assert (58, 0) not in offered(state)  # would end the turn after 2 cards
    with pytest.raises(IllegalAction, match="exactly 3"):
        state.apply(("play", 58, 0))


def test_ex6_three_with_two_cards_in_hand_is_playable_but_loses():
    state = table([[44, 50]], tops=(1, 1, 100, 100))
    view = state.view(0)
    assert ["play", 44, 0] in view["legal"] and ["play", 50, 0] in view["legal"]
    assert [44, 0] in view["losing"] and [50, 0] not in view["losing"]
    assert all(card == 44 for card, _ in view["losing"])
    lost = state.apply(("play", 44, 0))
    assert lost.outcome == "lost" and lost.lost_by == "three"
    assert "with 2 cards" in lost.lost_reason


def test_ex6_three_as_the_only_card_ends_the_game_at_once():
    state = table([[44], []]).check_turn_start()
    assert state.outcome == "lost" and state.lost_by == "three"


# -- EX-8: no talking -------------------------------------------------------------------
def test_ex8_no_talk_blocks_and_hides_signals_and_sharing():
    state = table([[20, 27, 30], [40, 50]], deck=DECK).apply(("signal", 1, "hold"))
    assert state.view(1)["signals"]
    quiet = play(state, (27, 0))
    assert not quiet.talk_allowed()
    assert not any(a[0] in ("signal", "share") for a in quiet.legal_actions())
    with pytest.raises(IllegalAction, match="no signals"):
        quiet.apply(("signal", 2, "small"))
    with pytest.raises(IllegalAction, match="no talking"):
        quiet.apply(("share", True))
    view = quiet.view(1)
    assert view["signals"] == [] and not view["talk_allowed"]
    # covered again: the signal shows again
    assert play(quiet, (30, 0)).view(1)["signals"] == [{"pile": 1, "kind": "hold", "seat": 0}]


# -- EX-9: no backwards trick ---------------------------------------------------------------
@pytest.mark.parametrize("nr_pile", range(4))
def test_ex9_no_reverse_forbids_the_trick_on_all_four_piles(nr_pile):
    # The tricks 40 on ↑1 (top 50) and 60 on ↓1 (top 50) are barred wherever 15 / 88 shows.
    tops = [50, 14, 50, 89]
    tops[nr_pile] = {0: 15, 1: 15, 2: 88, 3: 88}[nr_pile]
    hand = [40, 60, 97, 3]
    state = table([hand], deck=DECK, tops=tuple(tops))
    free = table([hand], deck=DECK, tops=(50, 14, 50, 89))
    tricks = {(40, 0), (60, 2)} - {(40, nr_pile), (60, nr_pile)}
    assert tricks <= offered(free)
    assert not tricks & offered(state)
    for card, pile in tricks:
        with pytest.raises(IllegalAction, match="backwards"):
            state.apply(("play", card, pile))


def test_ex9_covering_no_reverse_allows_the_trick_again():
    state = table([[20, 40, 90]], deck=DECK, tops=(15, 50, 100, 100))
    assert (40, 1) not in offered(state)
    assert (40, 1) in offered(play(state, (20, 0)))


# -- EX-10: one pile -----------------------------------------------------------------------
def test_ex10_the_first_card_fixes_the_pile():
    state = table([[30, 40, 80]], deck=DECK, tops=(22, 1, 100, 100))
    assert {(30, 1), (80, 2)} <= offered(state)
    state = play(state, (30, 1))
    assert offered(state) == {(40, 1), (80, 1)}
    assert state.view(0)["fixed_pile"] == 1
    with pytest.raises(IllegalAction, match="one pile"):
        state.apply(("play", 80, 2))


def test_ex10_one_pile_played_mid_turn_fixes_its_pile():
    state = play(table([[20, 47, 50, 80]], deck=DECK), (20, 0), (47, 1))
    assert offered(state) == {(50, 1), (80, 1)}
    text = next(e["text"] for e in state.view(0)["in_force"] if e["kind"] == "one_pile")
    assert "↑2" in text


def test_ex10_covering_one_pile_frees_the_piles():
    state = play(table([[30, 40, 80]], deck=DECK, tops=(22, 1, 100, 100)), (30, 0))
    assert (80, 2) in offered(state)


def test_ex10_a_one_pile_that_cannot_be_followed_loses():
    # Two cards must be played: 75 fits only ↑1, 50 only ↓2, and neither can cover the
    # one_pile 93 on ↑2.
    state = table([[50, 75]], deck=DECK, tops=(71, 93, 30, 60)).check_turn_start()
    assert (state.outcome, state.lost_by) == ("lost", "one_pile")


# -- EX-11: draw one -----------------------------------------------------------------------
def test_ex11_draw_one_shrinks_the_hand_and_covering_it_refills():
    state = play(table([[10, 20, 30, 40, 50]], deck=DECK, hand_size=5), (10, 0), (40, 1))
    assert state.view(0)["draw"] == 1
    state = play(state, (50, 1)).apply(("end",))
    assert state.hands[0] == (20, 30, 60)  # played 3, drew exactly 1
    state = play(state, (20, 0), (30, 0))  # covers the draw-one card
    assert state.view(0)["draw"] == 4
    state = state.apply(("end",))
    assert len(state.hands[0]) == 5  # back up to the full hand, not just 2


# -- several infinity instructions at once ---------------------------------------------------
def test_ex8_to_ex11_several_infinity_cards_at_once():
    state = table([[30, 40, 50, 65, 87]], deck=DECK, tops=(15, 22, 55, 77), hand_size=5)
    kinds = {e["kind"] for e in state.view(0)["in_force"]}
    assert kinds == {"no_reverse", "one_pile", "draw_one", "no_talk"}
    assert (65, 2) not in offered(state)  # backwards tricks barred by no_reverse on ↑1
    assert (87, 3) not in offered(state)
    state = play(state, (30, 0))  # covers no_reverse; one_pile fixes ↑1
    assert offered(state) == {(40, 0), (50, 0), (65, 0), (87, 0)}
    state = play(state, (40, 0)).apply(("end",))
    assert len(state.hands[0]) == 4  # draw_one still showing: drew one
    assert not state.talk_allowed()


# -- EX-12: sharing instruction kinds ----------------------------------------------------------
def test_ex12_sharing_shows_kinds_never_numbers():
    state = table([[12, 18, 20, 21], [40, 50, 60]], deck=DECK)
    assert state.view(1)["shared"][0] is None
    shared = state.apply(("share", True))
    assert state.events(("share", True), shared) == [{"seat": 0, "kind": "share", "on": True}]
    view = shared.view(1)
    assert view["shared"][0] == ["skull", "three"]
    assert shared.view(0)["share"] is True and shared.view(0)["shared"][0] is None
    text = json.dumps(view["shared"])
    assert "12" not in text and "18" not in text
    later = shared.apply(("play", 20, 0)).apply(("play", 21, 0)).apply(("end",))
    later = later.apply(("play", 40, 1)).apply(("play", 60, 1)).apply(("end",))
    assert later.current == 0 and later.view(1)["shared"][0] is not None
    assert later.apply(("share", False)).view(1)["shared"][0] is None


def test_ex8_ex12_covering_no_talk_shows_what_others_share_so_undo_stops_there():
    quiet = table([[20, 30], [39, 50], [60, 62]], deck=DECK, tops=(27, 1, 100, 100),
                  shared=(False, True, False))
    assert not quiet.talk_allowed() and quiet.view(0)["shared"][1] is None
    assert quiet.reveals_hidden(("play", 30, 0))  # covers the no-talking 27
    assert quiet.apply(("play", 30, 0)).view(0)["shared"][1] == ["skull"]
    assert not quiet.reveals_hidden(("play", 20, 1))  # 27 stays on top
    alone = table([[20, 30], [40, 50]], deck=DECK, tops=(27, 1, 100, 100),
                  shared=(True, False))
    assert not alone.reveals_hidden(("play", 30, 0))  # only seat 0 shares: nothing new


def test_ex12_decision_one_share_switch_per_turn():
    state = table([[12, 18, 20, 21], [40, 50, 60]], deck=DECK).apply(("share", True))
    assert state.share_changed and state.view(0)["share_changed"]
    assert not any(a[0] == "share" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="one change per turn"):
        state.apply(("share", False))
    passed = state.apply(("play", 20, 0)).apply(("play", 21, 0)).apply(("end",))
    assert not passed.share_changed and ("share", True) in passed.legal_actions()


def test_tg13_one_signal_change_per_pile_holds_in_extreme_too():
    state = table([[20, 30, 40], [50, 60]], deck=DECK).apply(("signal", 1, "hold"))
    assert ("signal", 1, "small") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="one change per pile"):
        state.apply(("signal", 1, "small"))
    assert ("signal", 2, "small") in state.legal_actions()


def test_ex12_bots_share_their_instructions():
    state = SPEC.new(2, {}, "share")
    for level in levels("extreme"):
        bot = make_bot("extreme", level, 0, "share")
        assert bot.act(state.view(0)) == ("share", True)


# -- the view the table needs ----------------------------------------------------------------
def test_view_shows_instructions_on_hand_and_piles():
    state = play(table([[12, 20, 39, 45]], deck=DECK, tops=(30, 1, 100, 100)), (39, 0))
    view = state.view(0)
    assert view["game"] == "extreme"
    assert dict(zip(view["hand"], view["hand_instructions"])) == {12: "skull", 20: "", 45: ""}
    assert view["piles"][0]["instruction"] == "skull"
    assert view["piles"][0]["instructions"] == ["", "skull"]
    entry = next(e for e in view["in_force"] if e["kind"] == "skull")
    assert entry["symbol"] == "lightning" and entry["pile"] == 0 and entry["card"] == 39
    json.dumps(view)


def test_view_of_another_seat_offers_nothing():
    view = table([[20, 30], [40, 50]], deck=DECK).view(1)
    assert view["legal"] == [] and view["losing"] == [] and not view["can_end"]


def test_events_name_the_instruction_and_the_cards_drawn():
    state = play(table([[10, 20, 30, 40, 50]], deck=DECK, hand_size=5), (10, 0))
    after = state.apply(("play", 40, 1))
    assert state.events(("play", 40, 1), after) == [
        {"seat": 0, "kind": "play", "card": 40, "pile": 1, "backwards": False,
         "instruction": ""}]
    assert table([[10]], deck=DECK).events(("play", 10, 0), None)[0]["instruction"] \
        == "draw_one"
    ended = after.apply(("end",))  # draw_one (10) shows: one card, not two (EX-11)
    assert after.events(("end",), ended) == [{"seat": 0, "kind": "end", "drew": 1}]


def test_unseen_shuffled_keeps_what_sharing_shows():
    state = SPEC.new(3, {}, "unseen").apply(("share", True))
    state = play(state, *[(a[1], a[2]) for a in state.legal_actions()[:1]])
    for seed in range(10):
        other = state.unseen_shuffled(1, random.Random(seed))
        assert other.view(1) == state.view(1)
        assert other.hands[1] == state.hands[1] and other.marks == state.marks
        assert Counter(other.hands[0] + other.hands[2] + other.deck) == Counter(
            state.hands[0] + state.hands[2] + state.deck)
    assert any(state.unseen_shuffled(1, random.Random(seed)).hands[0] != state.hands[0]
               for seed in range(10))


def test_returns_are_the_team_result():
    assert table([[44], []]).check_turn_start().returns() == (0.0, 0.0)
    won = play(table([[39, 45]], tops=(30, 1, 100, 100)), (39, 0), (45, 0))
    assert won.returns() == (1.0,)


def test_summarize_counts_games_lost_to_each_instruction():
    results = [{"won": False, "cards_left": 5, "rating": "lost", "lost_by": "skull"},
               {"won": True, "cards_left": 0, "rating": "win", "lost_by": ""},
               {"won": False, "cards_left": 20, "rating": "lost", "lost_by": "skull"}]
    figures = summarize(results)
    assert figures["lost_by_instruction"]["skull"] == 2
    assert figures["lost_by_instruction"]["three"] == 0
    assert figures["win_rate"] == pytest.approx(1 / 3)
    assert set(figures["lost_by_instruction"]) == set(KINDS)


def test_json_round_trip_keeps_the_instructions():
    state = play(table([[22, 30, 40]], deck=DECK), (22, 0)).apply(("share", True))
    data = json.loads(json.dumps(state.to_json()))
    assert ExtremeState.from_json(data) == state
    assert sorted(CARDS) == list(range(2, 100))


# -- bots follow every instruction (EX-2) ------------------------------------------------------
LEVELS = levels("extreme")


@pytest.mark.parametrize("level", LEVELS)
def test_ex6_bots_never_play_the_losing_three_when_another_card_fits(level):
    state = table([[44, 50]], shared=(True,))  # draw pile empty: one card is enough
    for seed in range(20):
        action = make_bot("extreme", level, 0, str(seed)).act(state.view(0))
        assert action[0] == "play" and action[1] == 50


@pytest.mark.parametrize("level", LEVELS)
def test_ex5_bots_cover_their_skull(level):
    state = play(table([[39, 45, 50, 80]], deck=DECK, tops=(30, 1, 100, 100),
                       shared=(True,)), (39, 0), (50, 1))
    bot = make_bot("extreme", level, 0, "skull")
    while state.current == 0 and state.turn == 1:
        action = bot.act(state.view(0))
        assert action in state.legal_actions()
        state = state.apply(action)
    assert state.turn == 2 and state.piles[0][-1] != 39


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", (1, 3, 5))
def test_ex2_bots_never_lose_by_breaking_an_instruction_they_could_follow(level, players):
    for game in range(8):
        seed = f"bots-{game}"
        state = SPEC.new(players, {"layout": ("default", "random")[game % 2]}, seed)
        bots = [make_bot("extreme", level, seat, seed) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            action = bots[seat].act(view)
            assert action in state.legal_actions()
            if action[0] == "play":
                assert list(action[1:]) not in view["losing"]
            state = state.apply(action)
        if state.lost_by:  # lost only where no turn could be completed at all
            assert state.lost_reason.startswith(f"seat {state.current + 1} could not")


@pytest.mark.parametrize("players", (1, 2))
def test_only_the_strong_bot_alone_scales_its_instruction_terms(players):
    view = SPEC.new(players, {}, "scale").view(0)
    strong, careful = make_bot("extreme", "strong", 0, "s"), make_bot("extreme", "careful", 0, "s")
    expected = strong.SOLO_INSTRUCTION_SCALE if players == 1 else 1.0
    assert strong.instruction_scale(view) == expected
    assert careful.instruction_scale(view) == 1.0


def test_a_world_dealt_again_draws_in_an_order_of_its_own():
    """EX-1 on TG-14: the draw pile's order is chance still to come; a world dealt again
    orders it again."""
    state = get("extreme").new(3, {}, "ex-future")
    orders = {state.unseen_shuffled(1, random.Random(seed)).deck for seed in range(4)}
    assert state.deck not in orders and len(orders) == 4
