"""The strong bot's exact solo endgame of The Game (``games/the_game/endgame.py``): it finds
the sure win the mid-game planner throws away, knows a dead card (TG-5), weighs every draw
(TG-6), gives up at its budget, plays only what the engine allows, and thinks in slices
as it does in one go."""

import random
from dataclasses import replace
from itertools import combinations

from cardtable.bots import hinting, make_bot
from cardtable.games.the_game import bots as the_game
from cardtable.games.the_game import endgame
from cardtable.games.the_game.bots import StrongBot
from cardtable.games.the_game.endgame import best_chance, some_card_is_dead
from cardtable.games.the_game.lookahead import STRONG
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import CARDS, PILE_DIRS, TheGameState, fits

SPEC = get("the-game")
# A classic solo deal whose first endgame search meets thousands of positions, so that
# thought in slices it pauses many times (see test_render for the page's side).
SLICED_SEED = "slices-27"


def solo(hand, deck, tops, min_cards=3) -> TheGameState:
    """A solo position at a turn's start; every other card lies under the pile tops."""
    gone = [c for c in CARDS if c not in hand and c not in deck and c not in tops]
    piles = ((1, *gone, tops[0]), (1, tops[1]), (100, tops[2]), (100, tops[3]))
    return TheGameState(players=1, min_cards=min_cards, hand_size=len(hand),
                        hands=(tuple(sorted(hand)),), deck=tuple(deck), piles=piles, current=0)


# From a seeded expert game: with 51 and 54 still to draw, playing the whole hand onto ↑33
# buries them; 63, 64 and 7 keep ↑ at 64, so 54 and 61 can go back onto it later.
SURE_WIN = dict(hand=(7, 61, 63, 64, 65, 82, 90), deck=(51, 54), tops=(98, 33, 2, 10))


def play_out(state, bot) -> TheGameState:
    """Play the game to its end with ``bot``, every action checked against the engine."""
    while not state.is_over:
        action = bot.act(state.view(0))
        assert action in state.legal_actions()  # TG-4, TG-5
        state = state.apply(action)
    return state


def test_tg6_the_strong_bot_wins_whatever_order_the_last_cards_come_in():
    for order in ((51, 54), (54, 51)):
        state = solo(SURE_WIN["hand"], order, SURE_WIN["tops"])
        assert play_out(state, make_bot("the-game", "strong", 0)).outcome == "won"


class Unsearched(StrongBot):
    """The strong bot without its solo search."""

    LOOKAHEAD = replace(STRONG, solo_deck=-1)


def test_without_the_endgame_search_the_same_position_is_lost():
    state = solo(SURE_WIN["hand"], (51, 54), SURE_WIN["tops"])
    assert play_out(state, Unsearched(0)).outcome != "won"


def test_tg5_a_card_is_dead_only_when_no_trick_can_ever_reopen_a_pile_for_it():
    # ↑60 ↑70 ↓40 ↓30: 56 fits nowhere, and nothing left can take a pile back below it.
    assert some_card_is_dead((56, 65), (60, 70, 40, 30))
    # With 50 left too, ↑60 can go back to 50 (exactly 10), and 56 fits above it.
    assert not some_card_is_dead((50, 56, 65), (60, 70, 40, 30))
    # A chain: 62 on ↑60, then 52 and 42 each exactly 10 back, and 45 fits above 42.
    assert not some_card_is_dead((42, 45, 52, 62), (60, 70, 40, 30))



def ever_fits(card: int, pile: int, top: int, cards) -> bool:
    """By the rules alone (TG-5): whether ``card`` fits ``pile`` at some top it may show
    once any of ``cards`` are played on it one by one, each where it fits."""
    tops, grew = {top}, True
    while grew:
        new = {c for c in cards if c not in tops
               and any(fits(c, PILE_DIRS[pile], t) for t in tops)}
        grew, tops = bool(new), tops | new
    return any(fits(card, PILE_DIRS[pile], t) for t in tops)


def test_tg5_a_card_is_dead_exactly_when_no_pile_may_ever_take_it():
    rng = random.Random("dead cards")
    for _ in range(3000):
        pool = rng.sample(CARDS, 4 + rng.randint(1, 30))
        tops, cards = tuple(pool[:4]), tuple(pool[4:])
        dead = any(not any(ever_fits(card, pile, tops[pile], cards) for pile in range(4))
                   for card in cards)
        assert some_card_is_dead(cards, tops) == dead, (cards, tops)


# Classic rules (two cards a turn): 33, 53 and 68 are still to draw. Whether the hand can
# be emptied depends on which two come first.
POSITION = dict(hand=(41, 55, 88), deck=(53, 33, 68), tops=(59, 52, 51, 49), min_cards=2)


def chance_by_engine(state) -> float:
    """The best chance of winning, computed independently of the bot: every legal action
    the engine offers, and at each turn's end every set of cards the draw may bring
    (equally likely; the engine draws from the front of the pile)."""
    if state.is_over:
        return 1.0 if state.outcome == "won" else 0.0
    best = 0.0
    for action in state.legal_actions():
        if action[0] == "play":
            best = max(best, chance_by_engine(state.apply(action)))
        elif action == ("end",):
            deck = state.deck
            take = min(len(state.played), len(deck))
            draws = list(combinations(deck, take))
            total = sum(chance_by_engine(replace(state, deck=drawn + tuple(
                c for c in deck if c not in drawn)).apply(action)) for drawn in draws)
            best = max(best, total / len(draws))
    return best


def test_tg6_the_chance_is_the_mean_over_every_draw():
    state = solo(POSITION["hand"], POSITION["deck"], POSITION["tops"], POSITION["min_cards"])
    chance, plays = best_chance(state.view(0), state.deck)
    assert 0 < chance < 1
    assert chance == chance_by_engine(state)


def test_past_its_budget_the_search_gives_up_and_the_bot_still_plays_legally():
    state = solo(SURE_WIN["hand"], (51, 54), SURE_WIN["tops"])
    assert best_chance(state.view(0), state.deck, budget=5) is None
    assert best_chance(state.view(0), state.deck)[0] == 1.0


def test_the_hint_gives_the_chance_the_endgame_search_found():
    state = solo(SURE_WIN["hand"], (51, 54), SURE_WIN["tops"])
    advice = the_game.hint(state.view(0))
    assert advice["actions"][:3] == [["play", 63, 1], ["play", 64, 1], ["play", 7, 3]]
    assert "2 cards left to draw" in advice["reason"] and "100%" in advice["reason"]


def endgame_start(seed: str) -> TheGameState:
    """The first turn of a seeded classic solo game, played by the strong bot, that starts
    with at most as many cards to draw as the strong level's solo search starts from."""
    state = SPEC.new(1, {}, seed)
    bot = make_bot("the-game", "strong", 0, "slices")
    while len(state.deck) > STRONG.solo_deck or state.played:
        state = state.apply(bot.act(state.view(0)))
    return state


def run_counting_pauses(steps) -> tuple:
    """``(answer, pauses)`` of a generator run to its end."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1


def test_the_search_in_slices_pauses_and_finds_the_same_turn_and_hint():
    state = endgame_start(SLICED_SEED)
    view = state.view(0)
    answer, pauses = run_counting_pauses(endgame.searching(view, state.deck))
    assert pauses >= 2 and answer == best_chance(view, state.deck) and answer[0] > 0
    hint, pauses = run_counting_pauses(hinting(make_bot("the-game", "master", 0), view))
    assert pauses >= 2 and hint == the_game.hint(view) and "best chance" in hint["reason"]
