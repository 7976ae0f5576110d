"""The strong bot's team endgame of The Game (``games/the_game/team_endgame.py``): each
sampled deal is searched as the engine plays it (TG-4 to TG-8, TG-11), the unseen cards
are dealt by the partners' hand counts, the bot decides from its own view only (TG-14),
wins a seeded expert deal it loses without the search, and the hint says how many
sampled deals the turn wins."""

from dataclasses import replace

import pytest

from cardtable.bots import finish, make_bot, thinking
from cardtable.games.the_game import bots as the_game
from cardtable.games.the_game import team_endgame
from cardtable.games.the_game.bots import StrongBot
from cardtable.games.the_game.lookahead import MASTER, STRONG
from cardtable.games.the_game.search import Table, weights_for
from cardtable.games.the_game.team_endgame import TeamEndgame, sampled_deal, team_searching
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import CARDS, TheGameState

SPEC = get("the-game")
EXPERT = {"min_cards": 3, "small_hands": True}
# A seeded expert deal for two that strong bots lose without the team search and win with it.
TEAM_SEED = "tune/257"
# The same in classic mode (two cards a turn).
CLASSIC_TEAM_SEED = "tune/1"


def team_position(hands, deck, tops, min_cards=3, current=0) -> TheGameState:
    """A position at a turn's start; every other card lies under the pile tops."""
    held = {c for hand in hands for c in hand} | set(deck) | set(tops)
    gone = [c for c in CARDS if c not in held]
    piles = ((1, *gone, tops[0]), (1, tops[1]), (100, tops[2]), (100, tops[3]))
    return TheGameState(players=len(hands), min_cards=min_cards, hand_size=6,
                        hands=tuple(tuple(sorted(h)) for h in hands), deck=tuple(deck),
                        piles=piles, current=current)


def team_wins_by_engine(state) -> bool:
    """Whether some line of play wins, found independently of the bot: every play and
    end of turn the engine offers, with everything known (signals never change what is
    legal, so they are left out)."""
    if state.is_over:
        return state.outcome == "won"
    return any(team_wins_by_engine(state.apply(action)) for action in state.legal_actions()
               if action[0] in ("play", "end"))


# Small positions with everything known: whether the team can still play every card
# depends on who holds what and on the order of the draw pile.
POSITIONS = [
    dict(hands=((10, 41, 47), (63, 91)), deck=(42, 25, 62), tops=(78, 88, 92, 45), min_cards=2),
    dict(hands=((10, 41, 47), (63, 91)), deck=(62, 25, 42), tops=(78, 88, 92, 45), min_cards=2),
    dict(hands=((40, 45, 61), (38, 52)), deck=(44, 58), tops=(37, 50, 60, 62)),
    dict(hands=((23, 71), (30, 35, 66)), deck=(80, 25, 41), tops=(20, 33, 70, 90)),
    dict(hands=((12, 13, 88), (86, 14)), deck=(87, 15), tops=(11, 40, 89, 50), min_cards=2),
    dict(hands=((5, 60), (7, 55), (9,)), deck=(50, 8), tops=(4, 49, 61, 10), min_cards=2),
]


@pytest.mark.parametrize("position", POSITIONS)
def test_tg6_tg8_each_sampled_deal_is_searched_as_the_engine_plays_it(position):
    state = team_position(**position)
    search = TeamEndgame(state.min_cards, budget=10**6)
    found = finish(search.wins(state.hands, state.tops, state.deck, state.current))
    assert found == team_wins_by_engine(state)


def test_the_search_tells_the_two_orders_of_one_draw_pile_apart():
    won = [team_wins_by_engine(team_position(**position)) for position in POSITIONS[:2]]
    assert won[0] != won[1]  # the positions above are not all alike


def test_tg14_unseen_cards_are_dealt_by_the_partners_hand_counts():
    state = team_position(hands=((40, 45, 61), (38, 52), (70,)), deck=(44, 58),
                          tops=(37, 50, 60, 62), min_cards=2)
    view = state.view(0)
    unseen = tuple(Table(view, weights_for(3, 2)).unseen)
    assert sorted(unseen) == sorted((38, 52, 70, 44, 58))
    hands, deck = sampled_deal(view, tuple(view["hand"]), unseen)
    assert hands[0] == (40, 45, 61) and [len(h) for h in hands] == [3, 2, 1]
    assert sorted(sum(hands[1:], ()) + deck) == sorted(unseen) and len(deck) == 2


class Unsearched(StrongBot):
    """The strong bot without its team search."""

    LOOKAHEAD = replace(STRONG, team_decks={})


def endgame_start(seed: str, players: int, options: dict = EXPERT,
                  lookahead=STRONG) -> TheGameState:
    """The first turn of a seeded game (expert unless ``options`` say otherwise), played
    by strong bots without the team search, that starts with at most as many cards to
    draw as ``lookahead``'s team search starts from."""
    state = SPEC.new(players, SPEC.resolve_options(options, players), seed)
    start = lookahead.team_decks[(state.min_cards, players)]
    bots = [Unsearched(seat, "team") for seat in range(players)]
    while not state.is_over and (len(state.deck) > start or state.played):
        state = state.apply(bots[state.current].act(state.view(state.current)))
    return state


def play_out(state, bot=StrongBot) -> TheGameState:
    """Play to the end with ``bot`` in every seat, every action checked against the
    engine."""
    bots = [bot(seat, "team") for seat in range(state.players)]
    while not state.is_over:
        action = bots[state.current].act(state.view(state.current))
        assert action in state.legal_actions()  # TG-4, TG-5
        state = state.apply(action)
    return state


@pytest.mark.parametrize("seed, options", [(TEAM_SEED, EXPERT), (CLASSIC_TEAM_SEED, {})])
def test_the_team_wins_a_seeded_deal_it_loses_without_the_search(seed, options):
    state = endgame_start(seed, 2, options)
    assert play_out(state, Unsearched).outcome != "won"
    assert play_out(state).outcome == "won"


def test_the_hint_says_how_many_sampled_deals_the_turn_wins():
    state = endgame_start(TEAM_SEED, 2)
    view = state.view(state.current)
    plays, won, sampled = finish(team_searching(view, Table(view, weights_for(2, 3)).unseen,
                                                MASTER))
    hint = the_game.hint(view)  # the page's hint: the master level's
    assert [list(("play",) + play) for play in plays] == hint["actions"][:len(plays)]
    assert f"in {won} of {sampled} deals sampled" in hint["reason"]


def test_the_master_level_searches_from_more_cards_left_than_strong():
    state = endgame_start(CLASSIC_TEAM_SEED, 3, {}, MASTER)
    view = state.view(state.current)
    assert STRONG.team_start(view) < view["deck"] <= MASTER.team_start(view)
    assert "deals sampled" not in make_bot("the-game", "strong", state.current).hint(view)["reason"]
    master = make_bot("the-game", "master", state.current).hint(view)
    assert "deals sampled" in master["reason"] and master == the_game.hint(view)
    assert int(master["reason"].split(" deals sampled")[0].split(" of ")[-1]) > STRONG.samples


def test_the_search_in_slices_pauses_every_few_positions_from_its_first_way_on(monkeypatch):
    state = endgame_start(CLASSIC_TEAM_SEED, 2, {}, MASTER)
    view = state.view(state.current)
    made = []
    monkeypatch.setattr(team_endgame, "TeamEndgame",
                        lambda *args: made.append(TeamEndgame(*args)) or made[-1])
    steps = team_searching(view, Table(view, weights_for(2, 2)).unseen, MASTER)
    met = [0]
    while True:
        try:
            next(steps)
        except StopIteration:
            break
        met.append(made[-1].positions)
    met.append(made[-1].positions)
    gaps = [after - before for before, after in zip(met, met[1:])]
    # between two pauses: the positions of one pause's worth, and one more play of a hand
    most_plays = 4 * max(view["hand_counts"])
    assert len(gaps) > 10 and max(gaps) <= TeamEndgame.pause_every + most_plays


def test_a_lost_game_is_not_searched():
    # 45 fits no pile and no backwards trick can ever reopen one for it (TG-5).
    state = team_position(hands=((45, 66), (70, 80)), deck=(85,), tops=(60, 70, 40, 30))
    view = state.view(0)
    assert finish(team_searching(view, Table(view, weights_for(2, 3)).unseen)) is None


def test_the_bot_thinks_its_team_turn_in_slices_and_plays_as_in_one_go():
    state = endgame_start(TEAM_SEED, 2)
    view = state.view(state.current)
    steps, pauses = thinking(make_bot("the-game", "strong", state.current), view), 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
            break
        pauses += 1
    assert pauses >= 2 and action == make_bot("the-game", "strong", state.current).act(view)


def test_tg14_the_team_search_depends_only_on_the_own_view():
    state = endgame_start(TEAM_SEED, 2)
    seat, partner = state.current, 1 - state.current
    hidden = list(state.hands[partner] + state.deck)[::-1]  # the same unseen cards, elsewhere
    count = len(state.hands[partner])
    hands = list(state.hands)
    hands[partner] = tuple(sorted(hidden[:count]))
    other = replace(state, hands=tuple(hands), deck=tuple(hidden[count:]))
    assert other.hands != state.hands and other.view(seat) == state.view(seat)
    first = the_game.hint(state.view(seat))
    assert "deals sampled" in first["reason"]  # the team search chose this turn
    assert the_game.hint(other.view(seat)) == first
    assert (make_bot("the-game", "strong", seat).act(other.view(seat))
            == make_bot("the-game", "strong", seat).act(state.view(seat)))


def test_tg1_positions_that_swap_two_piles_of_one_direction_are_searched_once():
    position = POSITIONS[3]
    swapped = dict(position, tops=(33, 20, 90, 70))  # both pairs of piles swapped
    search = TeamEndgame(3, budget=10**6)
    state = team_position(**position)
    first = finish(search.wins(state.hands, state.tops, state.deck, 0))
    met = search.positions
    other = team_position(**swapped)
    assert finish(search.wins(other.hands, other.tops, other.deck, 0)) == first
    assert search.positions == met  # the swapped position was already known
    assert team_wins_by_engine(other) == first


def test_the_search_samples_no_more_deals_once_its_budget_is_spent(monkeypatch):
    state = endgame_start(TEAM_SEED, 2)
    view = state.view(state.current)
    unseen = Table(view, weights_for(2, 3)).unseen
    made = []
    monkeypatch.setattr(team_endgame, "TeamEndgame",
                        lambda *args: made.append(TeamEndgame(*args)) or made[-1])
    whole = finish(team_searching(view, unseen, replace(STRONG, search_budget=10**6)))
    assert whole[2] == STRONG.samples
    spent = made[-1].positions
    cut = finish(team_searching(view, unseen, replace(STRONG, search_budget=spent // 2)))
    assert cut is None or cut[2] < STRONG.samples
    assert made[-1].positions <= spent // 2 + 1
