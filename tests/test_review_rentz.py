"""Rentz's review (``games/rentz/review.py`` on ``bots/review.py``, issue 52): a planted
blunder is named, deals of the judge level alone name nothing, the estimate never uses
the hidden cards (RZ-11), and the same record gives the same figures. Records are
practice deals (one sub-game, RZ-3's practice option) of 3 players."""

import pytest

from cardtable.bots import make_bot
from cardtable.bots.review import Review, position_value
from cardtable.bots.thinking import finish
from cardtable.engine.core import as_action, thaw
from cardtable.engine.registry import GAMES
from cardtable.engine.rng import make_rng
from cardtable.games.rentz.review import RAW
from cardtable.games.rentz.rules import SUB_GAME_IDS, rank_value, suit_of

PLAYERS = 3
BLUNDER_DEAL = "review-rentz-blunder-16"  # seat 0 last to a hearts trick, K♥ and a 9♥ held


def strong_bots(deal: str) -> list:
    return [make_bot("rentz", "strong", seat, f"{deal}/{seat}") for seat in range(PLAYERS)]


def play_on(state, actions: list, bots: list, stop=lambda state: False):
    """``state`` played on by ``bots`` (forced passes made), each action appended to
    ``actions``, until the game ends or ``stop(state)`` holds."""
    while state.current_player is not None and not stop(state):
        seat = state.current_player
        action = state.forced_action() or as_action(bots[seat].act(state.view(seat)))
        actions.append(action)
        state = state.apply(action)
    return state


def king_falls_to_seat_0(state) -> bool:
    """RZ-6/RZ-7: seat 0 plays last to a hearts trick that K♥ would win, holding K♥ and a
    heart under the trick's winner, so that it may duck."""
    if state.current_player != 0 or len(state.trick) != PLAYERS - 1:
        return False
    hearts = [card for _, card in state.trick if suit_of(card) == "H"]
    if suit_of(state.trick[0][1]) != "H" or "KH" not in state.hands[0]:
        return False
    top = max(rank_value(card) for card in hearts)
    return top < rank_value("KH") and any(
        suit_of(card) == "H" and rank_value(card) < top for card in state.hands[0])


def blundered_record() -> tuple:
    """A King of hearts deal of the strong bots in which seat 0 takes its own K♥ (−200,
    RZ-7) where it could duck: the record's actions and the blunder's step."""
    options, bots, actions = {"practice": "king"}, strong_bots(BLUNDER_DEAL), []
    state = play_on(GAMES["rentz"].new(PLAYERS, options, BLUNDER_DEAL), actions, bots,
                    king_falls_to_seat_0)
    assert state.current_player == 0, "the deal no longer gives seat 0 the chance to duck"
    step = len(actions)
    actions.append(("play", "KH"))
    end = play_on(state.apply(("play", "KH")), actions, bots)
    assert end.sheet[0][3][0] == -200
    return [thaw(action) for action in actions], step


def test_planted_blunder_is_named():
    actions, step = blundered_record()
    review = Review("rentz", PLAYERS, {"practice": "king"}, BLUNDER_DEAL, actions, 0)
    finish(review.steps())
    named = {moment.step: moment for moment in review.moments}
    assert step in named
    assert named[step].made == ["play", "KH"] and named[step].better != ["play", "KH"]
    assert named[step].drop > 100


@pytest.mark.parametrize("sub_game", SUB_GAME_IDS)
def test_judge_alone_names_no_move(sub_game):
    deal, options = f"review-rentz-judge-{sub_game}", {"practice": sub_game}
    actions = []
    play_on(GAMES["rentz"].new(PLAYERS, options, deal), actions, strong_bots(deal))
    review = Review("rentz", PLAYERS, options, deal, [thaw(a) for a in actions], 0)
    finish(review.steps())
    assert review.done and review.points
    assert review.moments == []


def test_judge_alone_names_no_choice():
    """The first deals of a match (seat 0 chooses the first sub-game, RZ-3), strong alone."""
    deal, bots, actions = "review-rentz-judge-match", strong_bots("review-rentz-judge-match"), []
    play_on(GAMES["rentz"].new(PLAYERS, {}, deal), actions, bots,
            lambda state: len(state.sheet) == PLAYERS)
    review = Review("rentz", PLAYERS, {}, deal, [thaw(a) for a in actions], 0)
    finish(review.steps())
    assert review.states[review.steps_of_moves[0]].phase == "choose"
    assert review.moments == []


@pytest.mark.parametrize("sub_game", SUB_GAME_IDS)
def test_deal_measured_against_its_fair_share(sub_game):
    """The review's measure is a seat's points less the deal's points shared out evenly
    (RZ-7, RZ-9): over the seats of any finished deal it adds up to 0."""
    options = {"practice": sub_game}
    start = GAMES["rentz"].new(PLAYERS, options, f"review-rentz-fair-{sub_game}")
    end = play_on(start, [], [make_bot("rentz", "basic", seat) for seat in range(PLAYERS)])
    measured = [RAW.measure(start, end, seat) for seat in range(PLAYERS)]
    assert sum(measured) == pytest.approx(0)
    assert measured != [0.0] * PLAYERS


def reviewed_twice(options: dict, deal: str, actions: list, step: int, other) -> list:
    """The point and the candidate moment of the move at ``step`` in two reviews, the
    second with the position at ``step`` replaced by ``other``."""
    reviews = [Review("rentz", PLAYERS, options, deal, actions, 0) for _ in range(2)]
    reviews[1].states[step] = other
    for review in reviews:
        finish(review.judge_move(0, step))
    return [(review.points, review.candidates) for review in reviews]


def test_estimate_ignores_the_hidden_cards():
    """RZ-11: another deal of the cards seat 0 cannot see (keeping what it saw others
    lack) gives the same view and the same figures, at a card to play and at the choice
    of a sub-game: the point, the judge's move and the drop, and ``position_value``."""
    actions, step = blundered_record()
    options = {"practice": "king"}
    state = GAMES["rentz"].replay(PLAYERS, options, BLUNDER_DEAL, actions[:step])
    choosing = GAMES["rentz"].new(PLAYERS, {}, BLUNDER_DEAL)
    for position, opts, record, at in ((state, options, actions, step),
                                       (choosing, {}, [["choose", "whist"]], 0)):
        other = position.unseen_shuffled(0, make_rng("another hidden deal"))
        assert other.hands[1:] != position.hands[1:] and other.view(0) == position.view(0)
        first, second = reviewed_twice(opts, BLUNDER_DEAL, record, at, other)
        assert first == second and first[0]
        assert position_value("rentz", position, 0, 4) == position_value("rentz", other, 0, 4)


def test_same_record_same_figures():
    actions, _ = blundered_record()
    first, second = (Review("rentz", PLAYERS, {"practice": "king"}, BLUNDER_DEAL,
                            list(actions), 0) for _ in range(2))
    finish(first.steps())
    finish(second.steps())
    assert first.as_json() == second.as_json()
    assert first.as_json()["moments"]
