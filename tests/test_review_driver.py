"""The review's driver (bots/review.py) on what every game shares: a record as the book
keeps it (options written as links write them) is reviewed from its own seat."""

from datetime import datetime

import pytest

from cardtable.bots import make_bot
from cardtable.bots.review import Review
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
