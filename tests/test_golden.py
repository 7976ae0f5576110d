"""Golden playthroughs: one seeded game per game and player count, recorded as its actions,
its log as players read it and every seat's view at checkpoints (``tests/golden/``).
Replaying the actions must give the same log text and views, so that any change of
wording or rules shows up as a diff of these files.

To record them again after a deliberate change, run
``CARDTABLE_GOLDEN_UPDATE=1 python -m pytest tests/test_golden.py`` and read the diff.
"""

import json
import os
import pathlib

import pytest

from cardtable.bots import make_bot
from cardtable.engine.core import thaw
from cardtable.engine.registry import GAMES
from cardtable.web.lobby import HUMAN, Setup, seat_names
from cardtable.web.session import Session
from cardtable.web.tables import table_module

FOLDER = pathlib.Path(__file__).parent / "golden"
CHECKPOINTS = 12  # views recorded per game, evenly spread
LEVEL = {"rentz": "basic"}  # the level that plays the recorded games (else the default)
CASES = [(game, players) for game, spec in GAMES.items()
         for players in range(spec.min_players, spec.max_players + 1)]


def record(game: str, players: int) -> dict:
    """Play the game with bots (each seat's own seeded stream) and write down everything."""
    spec = GAMES[game]
    setup = Setup(game, players, (HUMAN,) * players, spec.resolve_options({}, players))
    session = Session.new(setup, f"golden-{game}-{players}")
    bots = [make_bot(game, LEVEL.get(game), seat, f"golden-bot-{seat}")
            for seat in range(players)]
    while not session.state.is_over:
        state = session.state
        action = state.forced_action() or bots[state.current_player].act(
            state.view(state.current_player))
        session.apply(action)
    return played(session, session.actions)


def played(session: Session, actions) -> dict:
    """The record of ``actions`` replayed from the session's start."""
    setup = session.setup
    replay = Session.new(setup, session.seed)
    every = max(1, len(actions) // CHECKPOINTS)
    checkpoints = []
    for step, action in enumerate(actions):
        if step % every == 0:
            checkpoints.append(snapshot(replay, step))
        replay.apply(action)
    checkpoints.append(snapshot(replay, len(actions)))
    names, table = seat_names(setup.seats), table_module(setup.game)
    log = [table.event_text(event, names) for batch in replay.events for event in batch]
    return {"game": setup.game, "players": setup.players, "seed": session.seed,
            "actions": thaw(tuple(tuple(a) for a in actions)), "log": log,
            "result": replay.state.result(), "checkpoints": checkpoints}


def snapshot(session: Session, step: int) -> dict:
    state = session.state
    return {"step": step, "views": [state.view(seat) for seat in range(state.players)]}


def as_json(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("game,players", CASES)
def test_replaying_a_golden_game_gives_the_same_log_and_views(game, players):
    path = FOLDER / f"{game}-{players}.json"
    if os.environ.get("CARDTABLE_GOLDEN_UPDATE"):
        path.write_text(json.dumps(record(game, players), indent=0, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    spec = GAMES[game]
    setup = Setup(game, players, (HUMAN,) * players, spec.resolve_options({}, players))
    again = as_json(played(Session.new(setup, golden["seed"]), golden["actions"]))
    assert again["log"] == golden["log"]
    assert again["result"] == golden["result"]
    for new, old in zip(again["checkpoints"], golden["checkpoints"], strict=True):
        assert new == old, f"views differ before action {old['step']}"
