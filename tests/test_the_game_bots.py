"""The bots of The Game: legal, honest (TG-14), signal-aware (TG-13), and strong > casual;
and Extreme's strong bot in the endgame: honest too, and its winning lines hold."""

from dataclasses import replace

import pytest

from cardtable.bots import make_bot
from cardtable.games.extreme import bots as extreme
from cardtable.games.the_game import bots as the_game
from cardtable.games.the_game.lookahead import STRONG
from cardtable.games.the_game.search import (DEFAULT_WEIGHTS, EXPERT_SOLO_WEIGHTS,
                                            EXPERT_WEIGHTS, SOLO_WEIGHTS, Table,
                                            longest_sequence, plan_turn, planning_turn,
                                            weights_for)
from cardtable.games.extreme.rules import ExtremeState, make_marks
from cardtable.engine.registry import get
from cardtable.engine.rng import derive_seed
from cardtable.games.the_game.rules import TheGameState
from cardtable.sim import play_one

SPEC = get("the-game")
START = ((1,), (1,), (100,), (100,))


def table(hands, deck=(), piles=START, signals=(), current=0, min_cards=2):
    """A crafted position: ``hands`` per seat, the draw pile, pile histories, signals."""
    hands = tuple(tuple(sorted(h)) for h in hands)
    return TheGameState(players=len(hands), min_cards=min_cards,
                        hand_size=max(len(h) for h in hands), hands=hands, deck=tuple(deck),
                        piles=piles, current=current, signals=tuple(signals))


def play_turn(state, bot):
    """Let ``bot`` play the active seat's whole turn; returns the actions and the new state."""
    seat, actions = state.current, []
    while not state.is_over and state.current == seat:
        action = bot.act(state.view(seat))
        assert action in state.legal_actions()  # TG-4, TG-5: never an illegal move
        actions.append(action)
        state = state.apply(action)
        if action == ("end",):
            break
    return actions, state


@pytest.mark.parametrize("level", ["random", "casual", "strong"])
@pytest.mark.parametrize("players,options", [(1, {}), (2, {}), (3, {}), (5, {}),
                                             (2, {"min_cards": 3, "small_hands": True})])
def test_bots_only_make_legal_moves(level, players, options):
    for deal in range(2):
        state = SPEC.new(players, options, f"legal/{deal}")
        bots = [make_bot("the-game", level, seat, "s") for seat in range(players)]
        while not state.is_over:
            _, state = play_turn(state, bots[state.current])
        assert state.outcome in ("won", "blocked", "stuck")


def test_strong_is_the_default_level():
    assert the_game.DEFAULT_LEVEL == "strong"
    assert set(the_game.LEVELS) == {"random", "casual", "strong", "master"}


def test_strong_beats_casual_on_seeded_deals():
    options = SPEC.resolve_options({}, 3)
    left = {}
    for level in ("casual", "strong"):
        results = [play_one(SPEC, 3, options, derive_seed("strength", i), [level] * 3).result()
                   for i in range(20)]
        left[level] = sum(r["cards_left"] for r in results) / len(results)
    # bench/the_game_strength.py measures the gap on many more deals.
    assert left["strong"] < left["casual"] - 3


def test_tg14_decision_depends_only_on_the_own_view():
    state = SPEC.new(3, {}, "honest")
    hidden = list(state.hands[1] + state.hands[2] + state.deck)
    shuffled = hidden[::-1]  # the same unseen cards, elsewhere
    other = replace(state, hands=(state.hands[0], tuple(sorted(shuffled[:6])),
                                  tuple(sorted(shuffled[6:12]))), deck=tuple(shuffled[12:]))
    assert other.hands[1] != state.hands[1] and other.view(0) == state.view(0)
    first, _ = play_turn(state, make_bot("the-game", "strong", 0))
    second, _ = play_turn(other, make_bot("the-game", "strong", 0))
    assert first == second


def test_a_jump_costs_more_the_fewer_piles_still_take_the_cards_it_skips():
    # ↑1 jumps from 30 to 40 over the unseen cards 31..39 in three worlds.
    view = table([(91, 92, 93, 94, 95, 96)], deck=range(2, 90)).view(0)
    scorer = Table(view, DEFAULT_WEIGHTS)
    elsewhere = scorer.move_cost(0, (30, 20, 100, 100), 40)  # ↑2 and both ↓ still take them
    downs_only = scorer.move_cost(0, (30, 60, 100, 100), 40)  # only the two ↓ piles do
    half_dead = scorer.move_cost(0, (30, 60, 35, 100), 40)  # 35..39 fit one ↓ pile only
    dead = scorer.move_cost(0, (30, 60, 29, 28), 40)  # nothing takes 31..39 any more
    assert 0 < elsewhere < downs_only < half_dead < dead
    assert dead == pytest.approx(9 * DEFAULT_WEIGHTS.shut_out_by_takers[0])


def test_tg11_expert_views_get_the_expert_weights_and_plan_a_legal_turn():
    expert = SPEC.new(2, {"min_cards": 3, "small_hands": True}, "expert").view(0)
    classic = SPEC.new(2, {}, "expert").view(0)
    assert weights_for(2, expert["min_cards"]) is EXPERT_WEIGHTS
    assert weights_for(1, 3) is EXPERT_SOLO_WEIGHTS
    assert weights_for(2, classic["min_cards"]) is DEFAULT_WEIGHTS
    assert weights_for(1) is SOLO_WEIGHTS  # Extreme's bot asks without a minimum
    plan = plan_turn(expert)
    assert plan == plan_turn(expert, EXPERT_WEIGHTS)
    assert list(plan.actions[0]) in expert["legal"]
    assert len([a for a in plan.actions if a[0] == "play"]) >= 3  # TG-11


def test_tg13_a_hold_signal_moves_the_play_elsewhere():
    # 30 and 31 fit best on ↑1 (top 29); ↑2 (top 20) is the next best place.
    hands = [(30, 31, 80, 81, 82, 83), (50, 51, 52, 53, 54, 55)]
    piles = ((1, 29), (1, 20), (100, 90), (100, 90))
    free = table(hands, deck=range(56, 70), piles=piles)
    held = table(hands, deck=range(56, 70), piles=piles, signals=((0, "hold", 1),))
    plays_free = [a for a in play_turn(free, make_bot("the-game", "strong", 0))[0]
                  if a[0] == "play"]
    plays_held = [a for a in play_turn(held, make_bot("the-game", "strong", 0))[0]
                  if a[0] == "play"]
    assert 0 in {a[2] for a in plays_free}
    assert 0 not in {a[2] for a in plays_held}


def test_tg13_raises_small_where_a_jump_would_hurt_and_clears_it_later():
    # Seat 0 keeps 40 near ↑1 (top 33): after its turn it asks for small jumps there.
    hands = [(34, 35, 40, 90, 91, 92), (60, 61, 62, 63, 64, 65)]
    piles = ((1, 33), (1, 70), (100, 21), (100, 22))
    state = table(hands, deck=range(71, 80), piles=piles)
    actions, state = play_turn(state, make_bot("the-game", "strong", 0))
    assert ("signal", 0, "small") in actions or ("signal", 0, "hold") in actions
    raised = {(s[0], s[1]) for s in state.signals if s[2] == 0}
    # Next turn, with 40 played already, the seat clears what it raised.
    later = replace(state, current=0, hands=((90, 91, 92, 71, 72, 73), state.hands[1]),
                    piles=(state.piles[0] + (40, 41),) + state.piles[1:])
    actions, later = play_turn(later, make_bot("the-game", "strong", 0))
    assert not raised & {(s[0], s[1]) for s in later.signals if s[2] == 0}


def test_tg13_strong_changes_each_pile_signal_at_most_once_a_turn():
    # Seat 0 raised hold on ↑1 last turn; now its closest card there is further away: it
    # wants small instead, but may only clear hold this turn.
    hands = [(34, 40, 90, 91, 92, 93), (60, 61, 62, 63, 64, 65)]
    piles = ((1, 33), (1, 70), (100, 21), (100, 22))
    state = table(hands, deck=range(71, 80), piles=piles, signals=((0, "hold", 0),))
    actions, _ = play_turn(state, make_bot("the-game", "strong", 0))
    assert [a for a in actions if a[0] == "signal"] == [("signal", 0, "hold")]


def test_strong_plan_keeps_only_the_signal_changes_still_legal():
    state = table([(34, 40, 90, 91, 92, 93), (60, 61, 62, 63, 64, 65)], deck=range(71, 80),
                  piles=((1, 33), (1, 70), (100, 21), (100, 22)))
    signalled = state.apply(("signal", 0, "hold")).apply(("signal", 1, "small"))
    plan = plan_turn(signalled.view(0))
    assert not [a for a in plan.actions if a[0] == "signal" and a[1] in (0, 1)]
    assert list(plan.actions[0]) in signalled.view(0)["legal"]


def test_strong_plans_once_per_turn_and_replays(monkeypatch):
    calls = []

    def counting(view, weights=None, lookahead=STRONG):
        calls.append(view["turn"])
        return planning_turn(view, weights, lookahead)

    monkeypatch.setattr(the_game, "planning_turn", counting)
    state = SPEC.new(2, {}, "replay")
    bot = make_bot("the-game", "strong", 0)
    actions, _ = play_turn(state, bot)
    assert len(actions) >= 3 and calls == [1]


def test_tg5_hint_names_the_backwards_trick():
    # ↑2 shows 47: 37 goes on it backwards.
    state = table([(37, 60, 61, 62, 90, 91)], deck=range(63, 70),
                  piles=((1, 10), (1, 47), (100, 99), (100, 98)))
    advice = the_game.hint(state.view(0))
    assert ["play", 37, 1] in advice["actions"]
    assert "backwards trick takes ↑2 back from 47 to 37" in advice["reason"]
    assert advice["actions"][-1] == ["end"]


def test_tg7_endgame_search_finds_the_order_that_plays_every_card():
    # Draw pile empty (min 1): only 40 first (backwards on ↑1 at 50) lets 55 and 60 follow.
    piles = ((1, 50), (1, 98), (100, 3), (100, 2))
    assert len(longest_sequence((40, 55, 60), (50, 98, 3, 2))) == 3
    state = table([(40, 55, 60)], piles=piles)
    _, state = play_turn(state, make_bot("the-game", "strong", 0))
    assert state.outcome == "won"


# -- The Game: Extreme's strong bot, once the draw pile is empty -----------------------------
EX_HANDS = ((20, 30), (40, 50), (60, 69))
EX_TOPS = (14, 24, 86, 96)


def extreme_endgame(hands):
    """A position of Extreme (default layout) with the draw pile empty: every card not in
    ``hands`` lies on a pile; seat 0 is to play; every seat shares its kinds (EX-12)."""
    held = {card for hand in hands for card in hand}
    rest = [c for c in range(2, 100) if c not in held and c not in EX_TOPS]
    piles = ((1, *rest, EX_TOPS[0]), (1, EX_TOPS[1]), (100, EX_TOPS[2]), (100, EX_TOPS[3]))
    return ExtremeState(players=len(hands), min_cards=2, hand_size=6,
                        hands=tuple(tuple(sorted(h)) for h in hands), deck=(), piles=piles,
                        current=0, marks=make_marks("default", ""),
                        shared=(True,) * len(hands))


def test_extreme_endgame_decision_depends_only_on_the_own_view():
    state = extreme_endgame(EX_HANDS)
    other = extreme_endgame((EX_HANDS[0], (40, 60), (50, 69)))  # the unseen cards swapped
    assert other.view(0) == state.view(0) and other.hands != state.hands
    first = make_bot("extreme", "strong", 0, "s").act(state.view(0))
    second = make_bot("extreme", "strong", 0, "s").act(other.view(0))
    assert first == second and first[0] == "play" and list(first) in state.view(0)["legal"]


def test_extreme_winning_line_plays_every_card_and_the_engine_agrees():
    state = extreme_endgame(EX_HANDS[:2])
    rules, turn = extreme.turn_of(state.view(0))
    line = extreme.winning_line(extreme.Rules(state.marks), turn, state.hands, 0)
    for action in line:
        state = state.apply(action)
    assert state.outcome == "won"


def test_extreme_strong_plays_a_two_seat_endgame_to_the_win():
    state = extreme_endgame(EX_HANDS[:2])
    bots = [make_bot("extreme", "strong", seat, "s") for seat in range(2)]
    while not state.is_over:
        view = state.view(state.current)
        action = bots[state.current].act(view)
        assert list(action) in view["legal"]
        state = state.apply(tuple(action))
    assert state.outcome == "won"
