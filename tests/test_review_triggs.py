"""Triggs' review (``games/triggs/review.py`` on ``bots/review.py``, issue 52): a planted
blunder is named, a game of the judge level alone names nothing, the estimate never uses
the hidden cards (TR-13), and the same record gives the same figures."""

from dataclasses import replace

from cardtable.bots import make_bot
from cardtable.bots.review import Review, position_value, review_spec
from cardtable.bots.thinking import finish
from cardtable.engine.core import as_action, thaw
from cardtable.engine.registry import GAMES
from cardtable.engine.rng import make_rng

PLAYERS = 2
BLUNDER_DEAL = "review-triggs-blunder-4"  # seat 1 is a box from the end when seat 0 can win
JUDGE_DEAL = "review-triggs-judge-0"
FEW = replace(review_spec("triggs"), samples=3)


def strong_bots(deal: str) -> list:
    return [make_bot("triggs", "strong", seat, f"{deal}/{seat}") for seat in range(PLAYERS)]


def play_on(state, actions: list, bots: list, stop=lambda state, action: False):
    """``state`` played on by ``bots``, each action appended to ``actions``, until the game
    ends or ``stop(state, action)`` holds for the action about to be made (not made)."""
    while state.current_player is not None:
        seat = state.current_player
        action = as_action(bots[seat].act(state.view(seat)))
        if stop(state, action):
            break
        actions.append(action)
        state = state.apply(action)
    return state


def wins_at_once(bots):
    """Whether seat 0 starts a turn whose action (and the bonuses after it) wins (TR-12)."""
    def stop(state, action) -> bool:
        if state.current_player != 0 or state.phase != "turn" or action[0] != "cross":
            return False
        after = state.apply(action)
        while after.current_player == 0 and after.phase == "bonus":  # TR-8
            after = after.apply(as_action(bots[0].act(after.view(0))))
        return after.winner == 0
    return stop


def blundered_record() -> tuple:
    """A strong game in which seat 0, able to win at once, discards instead (TR-6) and
    the strong bots play on: the record's actions and the blunder's step."""
    bots, actions = strong_bots(BLUNDER_DEAL), []
    state = play_on(GAMES["triggs"].new(PLAYERS, {}, BLUNDER_DEAL), actions, bots,
                    wins_at_once(bots))
    assert state.current_player == 0, "the deal no longer gives seat 0 a winning turn"
    discards = [action for action in state.legal_actions() if action[0] == "discard"]
    blunder = max(discards, key=lambda action: action[2])
    step = len(actions)
    actions.append(blunder)
    end = play_on(state.apply(blunder), actions, bots)
    assert end.winner == 1  # the blunder threw the game away
    return [thaw(action) for action in actions], step


def test_planted_blunder_is_named():
    actions, step = blundered_record()
    review = Review("triggs", PLAYERS, {}, BLUNDER_DEAL, actions, 0)
    finish(review.steps())
    named = {moment.step: moment for moment in review.moments}
    assert step in named
    assert named[step].better[0] == "cross"
    assert named[step].drop > 0.5


def judge_record() -> list:
    actions = []
    play_on(GAMES["triggs"].new(PLAYERS, {}, JUDGE_DEAL), actions, strong_bots(JUDGE_DEAL))
    return [thaw(action) for action in actions]


def test_judge_alone_names_no_move():
    review = Review("triggs", PLAYERS, {}, JUDGE_DEAL, judge_record(), 0, FEW)
    finish(review.steps())
    assert review.done and len(review.points) == len(review.steps_of_moves) > 10
    # strong draws nothing and its hint is its own move: nothing to set beside the moves
    assert review.candidates == [] and review.moments == []


def test_estimate_ignores_the_hidden_cards():
    """TR-13: another deal of what seat 0 cannot see (the other hand, the pile below the
    face-up tops) gives the same view and the same figures: the point, the judge's move
    and the drop of a move, and ``position_value``."""
    actions = judge_record()
    reviews = [Review("triggs", PLAYERS, {}, JUDGE_DEAL, actions, 0, FEW) for _ in range(2)]
    step = next(step for step in reviews[0].steps_of_moves[12:]
                if reviews[0].states[step].phase == "turn")
    state = reviews[0].states[step]
    other = state.unseen_shuffled(0, make_rng("another hidden deal"))
    assert other.hands[1] != state.hands[1] and other.view(0) == state.view(0)
    reviews[1].states[step] = other
    reviews[0].actions[step] = reviews[1].actions[step] = ("discard",) + max(
        ((card, state.hands[0].count(card)) for card in state.hands[0]), key=lambda c: c[1])
    for review in reviews:
        finish(review.judge_move(0, step))
    assert reviews[0].points == reviews[1].points
    assert reviews[0].candidates == reviews[1].candidates
    assert position_value("triggs", state, 0, 4) == position_value("triggs", other, 0, 4)


def test_same_record_same_figures():
    actions, _ = blundered_record()
    first, second = (Review("triggs", PLAYERS, {}, BLUNDER_DEAL, list(actions), 0, FEW)
                     for _ in range(2))
    finish(first.steps())
    finish(second.steps())
    assert first.as_json() == second.as_json()
    assert first.as_json()["moments"]
