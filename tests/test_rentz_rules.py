"""Rule tests for Rentz; each names the rule id of seeds/rentz.md it checks."""

import json
import os
import random
from collections import Counter
from dataclasses import replace

import pytest
from engine_steps import apply_all

from cardtable.engine.core import IllegalAction
from cardtable.games.rentz.rules import deck as rentz_deck
from cardtable.games.rentz.rules import (
    SPEC, SUB_GAME_IDS, RentzState, deal_points, lowest_rank, placing_points, rank_value,
    sort_hand, start_deal, trick_winner, winners,
)

MATCHES = int(os.environ.get("CARDTABLE_RENTZ_MATCHES", "10"))


def table(players=4, hands=None, sub_game=None, options=None, **fields):
    """A crafted position of deal 0 (chooser seat 0): ``hands`` per seat, the sub-game
    under way (its phase set from it) and any other field."""
    state = SPEC.new(players, options or {}, "crafted")
    if sub_game:
        state = state._begin(sub_game, fields.pop("doubled", False))
    if hands is not None:
        state = replace(state, hands=tuple(sort_hand(hand) for hand in hands))
    return replace(state, **fields)


def located(state):
    return Counter(card for cards in state.card_locations().values() for card in cards)


def random_match(players, seed, options=None, check=None):
    """A whole match of random legal actions; ``check(before, action, after)`` is called
    for every step. Returns the final state and the number of actions."""
    rng = random.Random(seed)
    state = SPEC.new(players, options or {}, f"match-{seed}")
    count = 0
    while not state.is_over:
        actions = state.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        after = state.apply(action)
        if check:
            check(state, action, after)
        state, count = after, count + 1
        assert count <= SPEC.max_actions(players)
    return state, count


play_events = apply_all


# -- RZ-1, RZ-2: cards ----------------------------------------------------------------------
@pytest.mark.parametrize("players,low", [(3, "9"), (4, "7"), (5, "5"), (6, "3")])
def test_rz1_deck_cut_to_eight_cards_per_player(players, low):
    """RZ-1: ranks from the Ace down to ``low``; eight cards a hand; every card once."""
    cards = SPEC.cards(players)
    assert len(cards) == len(set(cards)) == 8 * players
    assert min(rank_value(card) for card in cards) == rank_value(low + "H")
    assert lowest_rank(players) == low
    state = SPEC.new(players, {}, "rz1")
    assert [len(hand) for hand in state.hands] == [8] * players
    assert located(state) == Counter(cards)


@pytest.mark.parametrize("players", [2, 7])
def test_rz1_three_to_six_players(players):
    """RZ-1: other player counts are refused in words."""
    with pytest.raises(ValueError, match="3–6 players"):
        SPEC.new(players, {}, "rz1")


def test_rz1_a_seed_deals_the_same_cards():
    """RZ-1/RZ-3: a deal's cards come from the seed alone."""
    assert SPEC.new(4, {}, "same").hands == SPEC.new(4, {}, "same").hands
    assert SPEC.new(4, {}, "same").hands != SPEC.new(4, {}, "other").hands


def test_rz2_rank_order_and_no_trumps():
    """RZ-2: 2 < … < 10 < J < Q < K < A; RZ-6: an off-suit Ace never wins."""
    order = ["2S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert sorted(order, key=rank_value) == order
    assert trick_winner([[0, "9H"], [1, "AS"], [2, "10H"], [3, "KD"]]) == 2


# -- RZ-3: the match ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rz3_each_player_chooses_each_sub_game_once(players):
    """RZ-3: 8 × players deals; chooser d mod players chooses, then leads or lays first."""
    def check(before, action, after):
        if before.phase == "choose":
            assert before.current == before.chooser == before.deal % players
            assert before.view(before.current)["leader"] == before.chooser
        if action[0] == "choose":
            assert after.current == before.chooser
            assert after.view(0)["leader"] == (None if action[1] == "rentz" else before.chooser)

    state, _ = random_match(players, players, check=check)
    assert len(state.sheet) == 8 * players
    for seat in range(players):
        chosen = [entry[1] for entry in state.sheet if entry[0] == seat]
        assert sorted(chosen) == sorted(SUB_GAME_IDS)
    assert [entry[0] for entry in state.sheet] == [d % players for d in range(8 * players)]
    assert state.view(0)["chosen"] == [list(ids) for ids in state.chosen()]


def test_rz3_a_sub_game_chosen_before_is_refused():
    """RZ-3: a chooser may not name a sub-game twice; unknown ids are refused too."""
    state = table(sheet=((0, "queens", False, (0, 0, 0, 0)),), deal=4)
    assert ("choose", "queens") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="already chosen queens"):
        state.apply(("choose", "queens"))
    with pytest.raises(IllegalAction, match="no sub-game 'hearts'"):
        state.apply(("choose", "hearts"))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rz3_random_matches_end_within_bound_and_keep_every_card(players):
    """RZ-1/RZ-3: whole random matches end within max_actions; every card of the deck is
    in exactly one place after every action; replay and JSON give the same state."""
    deck = Counter(SPEC.cards(players))

    def check(before, action, after):
        assert located(after) == deck
        assert bool(after.legal_actions()) != after.is_over
        json.dumps(before.events(action, after))

    for seed in range(MATCHES):
        options = {"blind": ("off", "double", "plain")[seed % 3]}
        state, _ = random_match(players, seed, options, check)
        data = json.loads(json.dumps(state.to_json()))
        assert RentzState.from_json(data) == state
        assert state.result()["winners"] == winners(state.scores())


# -- RZ-6: trick play -----------------------------------------------------------------------
def test_rz6_must_follow_suit_when_able():
    """RZ-6: seat 1 holds a heart, so only hearts; seat 2 has none, so anything."""
    state = table(hands=[["9H", "AS"], ["10H", "KS"], ["QS", "JD"], ["8C", "7C"]],
                  sub_game="tricks")
    state = state.apply(("play", "9H"))
    assert state.legal_actions() == (("play", "10H"),)
    with pytest.raises(IllegalAction, match="must follow hearts"):
        state.apply(("play", "KS"))
    state = state.apply(("play", "10H"))
    assert set(state.legal_actions()) == {("play", "QS"), ("play", "JD")}


def test_rz6_highest_of_suit_led_wins_and_leads_next():
    """RZ-6: the 10♥ beats the 9♥ and the off-suit Ace; its player leads the next trick."""
    state = table(hands=[["9H", "8H"], ["10H", "KS"], ["AS", "JD"], ["7H", "7C"]],
                  sub_game="tricks")
    state, events = play_events(state, [("play", c) for c in ("9H", "10H", "AS", "7H")])
    assert state.current == 1 and state.view(0)["leader"] == 1
    assert state.taken[1] == ("9H", "10H", "AS", "7H") and state.tricks == (0, 1, 0, 0)
    assert state.view(3)["last_trick"] == {"cards": [[0, "9H"], [1, "10H"], [2, "AS"],
                                                     [3, "7H"]], "winner": 1}
    assert events[-1] == {"seat": None, "kind": "trick", "winner": 1,
                          "cards": [[0, "9H"], [1, "10H"], [2, "AS"], [3, "7H"]]}


# -- RZ-7: scoring and early ends -----------------------------------------------------------
OPTIONS = dict(king=-200, queen=-40, diamond=-30, trick=-50, ten=200, whist=50)
TAKEN = (("KH", "QD", "QS", "9D"), ("10C", "8D"), (), ("QH",))
TRICKS = (1, 2, 0, 1)


@pytest.mark.parametrize("sub_game,points", [
    ("king", (-200, 0, 0, 0)),
    ("queens", (-80, 0, 0, -40)),
    ("diamonds", (-60, -30, 0, 0)),
    ("tricks", (-50, -100, 0, -50)),
    ("totals", (-200 - 80 - 60 - 50, -30 - 100, 0, -40 - 50)),
    ("ten", (0, 200, 0, 0)),
    ("whist", (50, 100, 0, 50)),
])
def test_rz7_points_of_each_trick_sub_game(sub_game, points):
    """RZ-7: each sub-game counts only its own cards or tricks."""
    assert deal_points(sub_game, TAKEN, TRICKS, OPTIONS) == points


def test_rz7_totals_counts_the_queen_of_diamonds_twice():
    """RZ-7: in Totals the Q♦ is a queen and a diamond: −70 by default."""
    assert deal_points("totals", (("QD",), ()), (0, 0), OPTIONS) == (-70, 0)


def last_trick_of(sub_game, cards, **fields):
    """A 4-player deal of ``sub_game`` where seat 0 leads the trick ``cards`` (one each)
    and seats still hold ``rest``; the deal's other cards were taken earlier."""
    rest = fields.pop("rest", ((), (), (), ()))
    hands = [[card, *more] for card, more in zip(cards, rest)]
    return table(hands=hands, sub_game=sub_game, taken=((),) * 4, tricks=(0,) * 4, **fields)


@pytest.mark.parametrize("sub_game,cards,rest", [
    ("king", ("9H", "KH", "7S", "8S"), (("AH",), ("AS",), ("QC",), ("QD",))),
    ("ten", ("9C", "10C", "7S", "8S"), (("AH",), ("AS",), ("KH",), ("QD",))),
    ("queens", ("9S", "QS", "7S", "8S"), (("AH",), ("AS",), ("JC",), ("9D",))),
    ("diamonds", ("9D", "QD", "7S", "8S"), (("AH",), ("AS",), ("JC",), ("10C",))),
])
def test_rz7_deal_ends_once_nothing_left_scores(sub_game, cards, rest):
    """RZ-7: King and Ten end when their card is taken; Queens and Diamonds when the last
    scoring card is (here the only one left); the next deal is dealt at once."""
    state = last_trick_of(sub_game, cards, rest=rest)
    state, events = play_events(state, [("play", c) for c in cards])
    over = next(e for e in events if e["kind"] == "deal_over")
    assert over["reason"] == sub_game and over["sub_game"] == sub_game
    assert state.deal == 1 and state.phase == "choose" and state.chooser == 1
    assert state.sheet[-1][:2] == (0, sub_game) and list(state.sheet[-1][3]) == over["points"]
    assert over["points"][1] == {"king": -200, "ten": 200, "queens": -40,
                                 "diamonds": -60}[sub_game]
    assert {"seat": None, "kind": "deal", "deal": 1, "chooser": 1} in events


@pytest.mark.parametrize("sub_game", ["queens", "diamonds"])
def test_rz7_deal_goes_on_while_a_scoring_card_is_in_a_hand(sub_game):
    """RZ-7: Queens and Diamonds go on while a queen or diamond is still held."""
    cards = ("9S", "QS", "7S", "8S") if sub_game == "queens" else ("9D", "JD", "7S", "8S")
    state = last_trick_of(sub_game, cards, rest=(("AD",), ("QH",), ("10C",), ("AH",)))
    state = play_events(state, [("play", c) for c in cards])[0]
    assert state.deal == 0 and state.phase == "trick"


@pytest.mark.parametrize("sub_game", ["tricks", "totals", "whist", "king"])
def test_rz7_trick_games_without_early_end_play_all_tricks(sub_game):
    """RZ-7: Tricks, Totals and Whist always play all eight tricks (King too when nobody
    takes the K♥ before the last trick)."""
    state = SPEC.new(4, {"practice": sub_game}, "rz7")
    rng = random.Random(7)
    events = []
    while not state.is_over:
        action = min(state.legal_actions(), key=lambda a: rank_value(a[1]) + rng.random())
        after = state.apply(action)
        events += state.events(action, after)
        state = after
    over = next(e for e in events if e["kind"] == "deal_over")
    if over["reason"] == "tricks":
        assert sum(state.tricks) == 8 and not any(state.hands)
    assert sub_game == "king" or over["reason"] == "tricks"
    assert list(state.sheet[0][3]) == over["points"] == state.result()["by_sub_game"][sub_game]


# -- RZ-8: the layout game ------------------------------------------------------------------
def layout(**rows):
    """The layout field from ``H=("9H", "QH")`` style rows."""
    return tuple(rows.get(suit) for suit in "HDCS")


def test_rz8_valid_cards_are_jacks_and_neighbours_of_row_ends():
    """RZ-8: a Jack opens its row; other cards must touch a row's end."""
    state = table(hands=[["JH", "QH", "9D", "10D", "QD", "8C"], ["AS"], ["KS"], ["9S"]],
                  sub_game="rentz", layout=layout(D=("JD", "JD"), C=("9C", "QC")))
    assert set(state.legal_actions()) == {("play", c) for c in ("JH", "10D", "QD", "8C")}
    with pytest.raises(IllegalAction, match="hearts row starts with its Jack"):
        state.apply(("play", "QH"))
    with pytest.raises(IllegalAction, match="diamonds row runs from JD to JD"):
        state.apply(("play", "9D"))
    state = state.apply(("play", "10D"))
    assert state.view(1)["layout"]["D"] == ["10D", "JD"]


def test_rz8_no_valid_card_means_a_forced_pass():
    """RZ-8: a seat with nothing valid has only ("pass",), which forced_action gives;
    a seat with a valid card may not pass."""
    state = table(hands=[["JH", "KD"], ["AS", "8S"], ["KS"], ["9S"]], sub_game="rentz")
    assert state.forced_action() is None
    with pytest.raises(IllegalAction, match="must play"):
        state.apply(("pass",))
    state = state.apply(("play", "JH"))
    assert state.current == 1 and state.legal_actions() == (("pass",),)
    assert state.forced_action() == ("pass",)
    after = state.apply(("pass",))
    assert after.current == 2 and state.events(("pass",), after) == [{"seat": 1, "kind": "pass"}]


def test_rz8_ace_gives_another_move_and_chains():
    """RZ-8: after an Ace its player moves again while a valid card remains; two Aces
    chain; with nothing valid left, play moves on with no pass asked."""
    state = table(hands=[["AH", "AD", "8C", "9S"], ["KS"], ["QS"], ["8S"]], sub_game="rentz",
                  layout=layout(H=("JH", "KH"), D=("JD", "KD")))
    state, events = play_events(state, [("play", "AH")])
    assert state.current == 0 and events[-1] == {"seat": 0, "kind": "again"}
    state, events = play_events(state, [("play", "AD")])
    assert state.current == 1 and {"seat": 0, "kind": "again"} not in events


def test_rz8_lowest_rank_skips_the_next_seat_holding_cards():
    """RZ-8: the 7 (4 players) costs the next seat still holding cards its turn; seat 1
    has emptied its hand, so seat 2 is skipped and seat 3 moves."""
    state = table(hands=[["7C", "AS"], [], ["9C", "KS"], ["QS", "10S"]], sub_game="rentz",
                  layout=layout(C=("8C", "JC"), S=("JS", "JS")), finished=(1,))
    state, events = play_events(state, [("play", "7C")])
    assert state.current == 3 and state.view(0)["skip"] == 2
    assert {"seat": None, "kind": "skip", "skipped": 2} in events
    state = state.apply(("play", "QS"))
    assert state.current == 0 and state.skipped is None


def test_rz8_skip_is_spent_even_if_that_seat_could_not_play():
    """RZ-8: the skipped seat had no valid card; its lost turn is still spent, not kept
    for later."""
    state = table(hands=[["7C", "9H"], ["2S"], ["10H", "KD"], ["8H"]], sub_game="rentz",
                  layout=layout(C=("8C", "JC"), H=("JH", "JH")))
    state = state.apply(("play", "7C"))
    assert state.skipped == 1 and state.current == 2
    state = state.apply(("play", "10H"))
    assert state.current == 3 and state.skipped is None
    state = state.apply(("pass",)).apply(("play", "9H"))
    assert state.current == 1 and state.legal_actions() == (("pass",),)


def test_rz8_deal_ends_when_one_player_holds_cards():
    """RZ-8/RZ-9: hands emptied in order 2, 0, 3; seat 1 is last; placings 400/200/100/0."""
    state = table(hands=[["QH"], ["2S", "3S"], ["10H"], []], sub_game="rentz",
                  layout=layout(H=("JH", "JH")), finished=(3,), current=2)
    state, events = play_events(state, [("play", "10H"), ("play", "QH")])
    assert {"seat": 2, "kind": "out", "place": 2} in events
    assert {"seat": 0, "kind": "out", "place": 3} in events
    over = next(e for e in events if e["kind"] == "deal_over")
    assert over["reason"] == "layout" and over["points"] == [100, 0, 200, 400]


# -- RZ-9: placings -------------------------------------------------------------------------
@pytest.mark.parametrize("players,placings", [
    (3, (400, 200, 0)), (4, (400, 200, 100, 0)), (5, (400, 200, 100, 50, 0)),
    (6, (400, 200, 100, 50, 25, 0))])
def test_rz9_default_placings_by_player_count(players, placings):
    """RZ-9: the default placings, first out first, for each table size."""
    assert SPEC.resolve_options({}, players)["placings"] == placings
    order = tuple(reversed(range(players)))
    assert placing_points(order, placings) == tuple(reversed(placings))


# -- RZ-4: blind choice ---------------------------------------------------------------------
def test_rz4_double_blind_choice_doubles_the_deal():
    """RZ-4 double: the hand is hidden until chosen; a blind choice doubles every score."""
    state = SPEC.new(4, {"blind": "double"}, "rz4")
    assert ("look",) in state.legal_actions()
    assert state.view(0)["hand"] == [] and len(state.view(1)["hand"]) == 8
    assert state.reveals_hidden(("choose", "whist"))
    state = state.apply(("choose", "whist"))
    assert state.doubled and len(state.view(0)["hand"]) == 8
    state = replace(state, taken=(("KH",), (), (), ()), tricks=(3, 2, 2, 1), hands=((),) * 4)
    assert state._end_deal().sheet[-1] == (0, "whist", True, (300, 200, 200, 100))


def test_rz4_double_look_first_then_choose_at_normal_value():
    """RZ-4 double: after a look the choice is an ordinary one, not doubled."""
    state = SPEC.new(4, {"blind": "double"}, "rz4").apply(("look",))
    assert len(state.view(0)["hand"]) == 8 and ("look",) not in state.legal_actions()
    assert not state.reveals_hidden(("choose", "whist"))
    assert not state.apply(("choose", "whist")).doubled
    with pytest.raises(IllegalAction, match="nothing to look at"):
        state.apply(("look",))


def test_rz4_plain_blind_choice_is_not_doubled_and_has_no_look():
    """RZ-4 plain: every choice is blind, scores as usual, no look."""
    state = SPEC.new(4, {"blind": "plain"}, "rz4")
    assert ("look",) not in state.legal_actions() and state.view(0)["hand"] == []
    with pytest.raises(IllegalAction, match="nothing to look at"):
        state.apply(("look",))
    assert not state.apply(("choose", "king")).doubled


def test_rz4_last_sub_game_is_never_blind_under_double():
    """RZ-4 decision: with one sub-game left the chooser sees the hand and is not doubled."""
    sheet = tuple((0, game, False, (0,) * 4) for game in SUB_GAME_IDS[:7])
    state = SPEC.new(4, {"blind": "double"}, "rz4")
    state = start_deal(replace(state, sheet=sheet), 28)
    assert state.chooser == 0 and not state.blind_pending
    assert state.legal_actions() == (("choose", "rentz"),)
    assert len(state.view(0)["hand"]) == 8 and not state.apply(("choose", "rentz")).doubled


def test_rz4_choice_with_hand_seen_reveals_nothing():
    """RZ-4/RZ-11: a choice made with the hand in view may be taken back by the app."""
    state = SPEC.new(4, {}, "rz4")
    assert not state.reveals_hidden(("choose", "king"))
    state = state.apply(("choose", "king"))
    assert state.reveals_hidden(("play", state.legal_actions()[0][1]))


# -- RZ-5: who wins -------------------------------------------------------------------------
def test_rz5_zero_beats_the_highest_total():
    """RZ-5 decision: players on exactly 0 win; else the highest; ties share."""
    assert winners([300, 0, -50, 0]) == [1, 3]
    assert winners([300, -10, 300, 10]) == [0, 2]
    sheet = ((0, "whist", False, (400, 0, -100)),)
    state = replace(table(players=3, options={"practice": "whist"}), sheet=sheet, phase="over")
    assert state.result()["winners"] == [1] and state.view(2)["winners"] == [1]


# -- RZ-10: house rules ---------------------------------------------------------------------
@pytest.mark.parametrize("key,text,value", [
    ("king", "-100", -100), ("queen", "-20", -20), ("diamond", "-10", -10),
    ("trick", "-25", -25), ("ten", "150", 150), ("whist", "60", 60),
    ("placings", "300,200,100,0", (300, 200, 100, 0)), ("blind", "double", "double"),
    ("blind", "plain", "plain"), ("practice", "totals", "totals")])
def test_rz10_every_house_rule_reads_from_a_link(key, text, value):
    """RZ-10: each option parses its link form and round-trips."""
    option = SPEC.option(key)
    assert option.parse(text) == value and option.parse(option.encode(value)) == value


@pytest.mark.parametrize("key,text,words", [
    ("king", "-5000", "from -1000 to 1000"), ("ten", "lots", "whole number"),
    ("placings", "400,x", "separated by commas"), ("blind", "maybe", "not allowed")])
def test_rz10_bad_house_rules_are_refused_in_words(key, text, words):
    """RZ-10: out of range or malformed values are refused with a sentence."""
    with pytest.raises(ValueError, match=words):
        SPEC.option(key).parse(text)


def test_rz10_placings_need_one_number_per_player_and_change_scores():
    """RZ-10: placings of the wrong length are refused; set values are what counts."""
    with pytest.raises(ValueError, match="needs 4 numbers"):
        SPEC.new(4, {"placings": (400, 200, 0)}, "rz10")
    state = table(options={"king": -500}, hands=[["KH"], ["AH"], ["7S"], ["8S"]],
                  sub_game="king", taken=((),) * 4, tricks=(0,) * 4)
    state = play_events(state, [("play", c) for c in ("KH", "AH", "7S", "8S")])[0]
    assert state.sheet[-1][3] == (0, -500, 0, 0)


# -- RZ-11: information ---------------------------------------------------------------------
def test_rz11_view_hides_other_hands():
    """RZ-11: a seat's view holds its own hand only, and does not change when the hands it
    cannot see are dealt again; it is plain JSON."""
    def check(before, action, after):
        rng = random.Random(len(before.sheet))
        for seat in range(before.players):
            view = before.view(seat)
            assert view == before.unseen_shuffled(seat, rng).view(seat)
            json.dumps(view)
        hidden = before.hand_hidden(1)
        assert before.view(1)["hand"] == ([] if hidden else list(before.hands[1]))

    random_match(4, 11, {"blind": "double"}, check)


def test_rz11_other_hands_appear_nowhere_in_a_view():
    """RZ-11: no card of another hand is named anywhere in a seat's view."""
    state = SPEC.new(5, {}, "rz11").apply(("choose", "tricks"))
    text = json.dumps({k: v for k, v in state.view(2).items() if k != "hand"})
    assert not any(f'"{card}"' in text for seat, hand in enumerate(state.hands)
                   for card in hand)


# -- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("action,words", [
    (None, "an action is a list"), ((), "an action is a list"),
    (("dance",), "no action 'dance'"), ((["play"], "KH"), "no action"),
    (("play",), "takes 1 argument"), (("choose", ["king"]), "no sub-game"),
    (("play", "KH"), "not allowed now"), (("pass",), "not allowed now")])
def test_bad_input_is_refused_with_a_reason(action, words):
    """Malformed or misplaced actions raise IllegalAction with a sentence."""
    with pytest.raises(IllegalAction, match=words):
        SPEC.new(4, {}, "bad").apply(action)


def test_bad_cards_are_refused_with_a_reason():
    """A card not held is refused, as is any action once the match is over."""
    state = table(hands=[["9H"], ["10H"], ["QS"], ["8C"]], sub_game="tricks")
    with pytest.raises(IllegalAction, match="2C is not in your hand"):
        state.apply(("play", "2C"))
    with pytest.raises(IllegalAction, match="match is over"):
        replace(state, phase="over").apply(("play", "9H"))
    assert replace(state, phase="over").legal_actions() == ()


def test_rz11_a_world_dealt_again_deals_the_next_deals_again_too():
    """RZ-11: the next deal is chance the seat cannot see yet; a world dealt again for it
    deals that too (from a seed of its own), while the seat's view stays the same."""
    state = SPEC.new(4, {}, "rz11-future")
    for seed in range(4):
        other = state.unseen_shuffled(2, random.Random(seed))
        assert other.view(2) == state.view(2)
        assert start_deal(other, 1).hands != start_deal(state, 1).hands
        assert other.seed != state.seed and state.seed not in other.seed


def test_rz6_rz8_the_view_says_what_each_seat_has_shown_it_lacks():
    """RZ-6: a seat that does not follow suit shows it holds none of that suit; RZ-8: a
    seat that passes, or whose Ace gives it no move again, holds no card that fits."""
    state = table(hands=[["7S", "8S"], ["9S", "9D"], ["QD", "KD"], ["AD", "10S"]],
                  sub_game="tricks", taken=((),) * 4, tricks=(0,) * 4)
    state = state.apply(("play", "7S")).apply(("play", "9S")).apply(("play", "QD"))
    view = state.view(0)
    assert view["voids"] == [[], [], ["S"], []]
    assert set(view["lacks"][2]) == {card for card in rentz_deck(4) if card[-1] == "S"}
    state = table(hands=[["JH", "7S"], ["9D", "8C"], ["QH", "KD"], ["10H", "AD"]],
                  sub_game="rentz", taken=((),) * 4, tricks=(0,) * 4)
    state = state.apply(("play", "JH")).apply(("pass",))
    assert state.view(3)["lacks"][1] == ["10H", "QH", "JD", "JC", "JS"]


def test_rz11_a_world_dealt_again_keeps_what_each_seat_has_shown_it_lacks():
    """RZ-11: over the positions of random matches (trick and layout games), no world
    dealt again for a seat gives any seat a card it has shown it lacks."""
    checked = Counter()

    def check(before, action, after):
        rng = random.Random(len(after.sheet) * 1000 + sum(map(len, after.hands)))
        if not any(after.lacks) or rng.random() > 0.3:
            return
        checked[after.phase] += 1
        for seat in range(after.players):
            other = after.unseen_shuffled(seat, rng)
            assert other.view(seat) == after.view(seat)
            for hand, lacks in zip(other.hands, after.lacks):
                assert not set(hand) & set(lacks)

    for players, seed in ((3, 21), (6, 23)):
        random_match(players, seed, {}, check)
    assert checked["trick"] > 100 and checked["layout"] > 10
