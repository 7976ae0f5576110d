"""The review's driver (bots/review.py) on what every game shares: a record as the book
keeps it (options written as links write them) is reviewed from its own seat."""

from dataclasses import replace
from datetime import datetime

import pytest

from cardtable.bots import finish, make_bot
from cardtable.bots.review import Review, review_spec
from cardtable.engine.registry import GAMES
from cardtable.web.lobby import default_setup
from cardtable.web.records.book import make_record
from cardtable.web.session import Session


@pytest.mark.parametrize("game", list(GAMES))
def test_a_kept_record_is_replayed_from_its_written_options(game):
    setup = default_setup(game)
    session = Session.new(setup.with_players(max(2, setup.players)), "driver")
    bots = {}
    while session.state.current_player is not None:
        state, seat = session.state, session.state.current_player
        action = state.forced_action()
        if action is None:
            bots.setdefault(seat, make_bot(game, "random", seat, f"r{seat}"))
            action = bots[seat].act(state.view(seat))
        session.apply(action)
    record = {**make_record(session, datetime(2026, 12, 2)), "seat": 1}
    assert all(isinstance(value, str) for value in record["options"].values())
    review = Review.of_record(record)
    assert review.states[-1] == session.state
    assert review.seat == 1 and review.steps_of_moves
    assert all(review.states[step].current_player == 1 for step in review.steps_of_moves)


class Counted(Review):
    """A review that notes which worlds each move's play-outs used."""

    def played_out(self, world, action, streams):
        step, k = map(int, streams.split("-")[1:])
        self.worlds.setdefault(step, set()).add(k)
        return (yield from super().played_out(world, action, streams))


def test_a_move_no_worse_than_the_judges_rests_on_the_least_worlds():
    """``ReviewSpec.least``: after ``least`` worlds a move goes on to ``samples`` only
    where the play-outs so far put the judge's move above it; its noise says so."""
    game, seed = "the-game", "driver-least"
    session = Session.new(default_setup(game).with_players(2), seed)
    bots = [make_bot(game, "random", 0, "me"), make_bot(game, "casual", 1, "bot")]
    while session.state.current_player is not None:
        state = session.state
        action = state.forced_action()
        if action is None:
            action = bots[state.current_player].act(state.view(state.current_player))
        session.apply(action)
    spec = replace(review_spec(game), samples=6, least=2,
                   until=lambda start, state: state.cards_left <= start.cards_left - 8)
    review = Counted(game, 2, session.setup.options, seed, session.to_save()["actions"], 0,
                     spec)
    review.worlds = {}
    finish(review.steps())
    judged = {moment.step for moment in review.candidates}
    assert judged and len(judged) < len(review.points)  # some moves were the judge's own
    long_ones = 0
    for point in review.points:
        worlds = review.worlds[point.step]
        if point.step not in judged:
            assert worlds == {0, 1}
            continue
        first = Counted(game, 2, session.setup.options, seed, review.actions, 0,
                        replace(spec, samples=2, least=None))
        first.worlds = {}
        finish(first.judge_move(point.move, point.step))
        went_on = first.candidates[0].drop > 0
        assert worlds == set(range(6 if went_on else 2))
        long_ones += went_on
    assert long_ones, "a move the judge would not make went on to every world"
