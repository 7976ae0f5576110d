"""The reviews of The Game and Extreme (issue 52, ``games/*/review.py`` on the driver
``bots/review.py``): a planted blunder is named, the top bot's own game names nothing, an
estimate never depends on hidden cards, and a review is deterministic.

Deals are seeded ``review-test-<k>``, apart from the calibration's (``bench/
review_calibration.py``). Extreme's play-outs are slow (its engine offers only turns that
can be completed, a search at every action), so its tests review fewer worlds a move
(a ``ReviewSpec`` copy) and records cut after the moves that matter; the property tests
(hidden cards, determinism) play worlds out only :data:`HORIZON` cards deep."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.bots import make_bot
from cardtable.bots.review import Review, position_value, review_spec
from cardtable.engine.core import as_action, thaw
from cardtable.engine.registry import GAMES
from cardtable.games.the_game.rules import PILE_DIRS, distance, is_backwards
from cardtable.sim import bot_seed

# deal, the seat-0 move at which a blunder is planted, the actions kept (None: all),
# the worlds a move rests on (None: the game's own REVIEW)
BLUNDER = {"the-game": ("review-test-0", 8, None, None),
           "extreme": ("review-test-6", 4, 12, 6)}
# the top bot alone: deal, actions played, worlds a move
ALONE = {"the-game": ("review-test-1", None, None),
         "extreme": ("review-test-6", 16, 6)}


HORIZON = 12  # cards played before a property test's play-out stops


def spec_of(game: str, samples: int | None):
    spec = review_spec(game)
    return spec if samples is None else replace(spec, samples=samples)


def shallow(game: str, samples: int):
    """The game's review with ``samples`` worlds a move played :data:`HORIZON` cards deep."""
    return replace(review_spec(game), samples=samples,
                   until=lambda start, state: state.cards_left <= start.cards_left - HORIZON)


FAR = 50  # a planted blunder moves its pile at least this far


def farthest_play(view: dict):
    """The legal play that moves its pile farthest (no backwards trick, no losing three),
    when it moves it at least :data:`FAR`: in The Game's terms the costliest card a seat
    could lay down; else None."""
    losing = view.get("losing", [])
    moved = [(distance(a[1], PILE_DIRS[a[2]], view["piles"][a[2]]["top"]), a)
             for a in view["legal"] if a[0] == "play" and a[1:] not in losing
             and not is_backwards(a[1], PILE_DIRS[a[2]], view["piles"][a[2]]["top"])]
    far, action = max(moved, default=(0, None))
    return action if far >= FAR else None


def strong_record(game: str, deal: str, blunder_at: int | None = None,
                  stop: int | None = None) -> tuple:
    """The deal played by the strong level at both seats (its first ``stop`` actions if
    given), seat 0's first move from its move ``blunder_at`` on (counted as the review
    counts them) that has a :func:`farthest_play` replaced by it: the record, the step of
    the blunder (or None) and the last state."""
    state = GAMES[game].new(2, {}, deal)
    seats = [make_bot(game, "strong", seat, bot_seed(deal, seat)) for seat in (0, 1)]
    actions, moves, planted = [], -1, None
    while state.current_player is not None and len(actions) != stop:
        seat, action = state.current_player, state.forced_action()
        if action is None:
            view = state.view(seat)
            moves += seat == 0
            far = None
            if seat == 0 and planted is None and blunder_at is not None and moves >= blunder_at:
                far = farthest_play(view)
            if far is not None:
                action, planted = as_action(far), len(actions)
            else:
                action = as_action(seats[seat].act(view))
        actions.append(thaw(action))
        state = state.apply(action)
    record = {"game": game, "players": 2, "options": {}, "seed": deal, "actions": actions,
              "seat": 0}
    return record, planted, state


def reviewed(record: dict, spec, keep: int | None = None) -> Review:
    record = dict(record, actions=record["actions"][:keep])
    review = Review.of_record(record, spec=spec)
    for _ in review.steps():
        pass
    return review


@pytest.mark.parametrize("game", sorted(BLUNDER))
def test_planted_blunder_is_named(game):
    deal, at, keep, samples = BLUNDER[game]
    record, step, end = strong_record(game, deal, blunder_at=at)
    clean_end = strong_record(game, deal)[2]
    assert end.cards_left > clean_end.cards_left  # the planted move did cost cards
    review = reviewed(record, spec_of(game, samples), keep)
    named = {m.step: m for m in review.moments}
    assert step in named, [(m.step, m.made, m.drop, m.noise) for m in review.moments]
    assert named[step].made == record["actions"][step]
    assert named[step].drop > named[step].noise


@pytest.mark.parametrize("game", sorted(ALONE))
def test_top_bot_alone_names_no_moment(game):
    deal, keep, samples = ALONE[game]
    record, _, _ = strong_record(game, deal, stop=keep)
    review = reviewed(record, spec_of(game, samples))
    assert review.done and review.points
    assert review.moments == [], [(m.move, m.made, m.better, m.drop, m.noise)
                                  for m in review.moments]


@pytest.mark.parametrize("game", sorted(BLUNDER))
def test_estimate_ignores_hidden_cards(game):
    state = strong_record(game, "review-test-2", stop=30)[2]
    seat = 1 - state.current_player  # the seat not to move: its view holds no legal list
    other = state.unseen_shuffled(seat, random.Random(5))
    assert other.hands[1 - seat] != state.hands[1 - seat] or other.deck != state.deck
    assert other.view(seat) == state.view(seat)
    spec = shallow(game, 4)
    assert (position_value(game, state, seat, seed="swap", spec=spec)
            == position_value(game, other, seat, seed="swap", spec=spec))


@pytest.mark.parametrize("game", sorted(BLUNDER))
def test_review_is_deterministic(game):
    record, _, _ = strong_record(game, "review-test-3", stop=12)
    first = reviewed(record, shallow(game, 3)).as_json()
    again = reviewed(record, shallow(game, 3)).as_json()
    assert first == again and first["state"] == "done" and first["points"]
