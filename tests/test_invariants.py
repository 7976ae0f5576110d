"""One random-play invariant harness over every registered game (see DESIGN.md).

For every game in the registry and every player count it allows, it plays seeded games
with random legal actions (moves preferred over table talk, so games finish) and with
each bot level as the simulator runs them (the level in one seat, which moves round
from game to game, and the game's plainest bot in the others: the positions a level
reaches at a fraction of what a whole table of the dearest levels costs), until a budget
of actions (``CARDTABLE_HARNESS_ACTIONS``) or seconds (``CARDTABLE_HARNESS_SECONDS``) per
player count is used up; every player count plays at least one whole game with each bot level
and one at random.

After every action (:func:`check_position`): every card of ``spec.cards(players)`` is
somewhere, as often as it occurs; there are legal actions exactly while the game is not
over, and a seat to move exactly then; the game is within ``spec.max_actions``; a forced
action is the only legal one; no action holds a tuple where the game declares
``flat_actions``. At the end (:func:`check_finished`): replaying the log
gives the same state, so does a JSON round trip, ``returns()`` has one number per seat,
the result is JSON, and a finished game refuses any action in words.

``bench/soak.py`` runs these same checks on many more games.
"""

import json
import os
import random
import time
from collections import Counter

import pytest

from cardtable import sim
from cardtable.bots import levels, make_bot
from cardtable.engine.core import Choice, IllegalAction
from cardtable.engine.registry import GAMES
from cardtable.engine.rng import below

ACTIONS = int(os.environ.get("CARDTABLE_HARNESS_ACTIONS", "20000"))
SECONDS = float(os.environ.get("CARDTABLE_HARNESS_SECONDS", "4.5"))
TALK = ("signal", "share")
CASES = [(game_id, players) for game_id, spec in GAMES.items()
         for players in range(spec.min_players, spec.max_players + 1)]


def choice_options(spec, players: int, rng) -> dict:
    """Complete options: for every :class:`Choice`, its default half the time (so that
    the default game, e.g. a whole Rentz match rather than one practice deal, is played
    as often as all the variants together), else a random allowed value; the default for
    the other options."""
    given = {opt.key: opt.choices[below(rng, len(opt.choices))]
             for opt in spec.options if isinstance(opt, Choice) and rng.random() < 0.5}
    return spec.resolve_options(given, players)


def random_action(state, rng):
    """A random legal action, preferring moves over table talk so games finish."""
    actions = state.legal_actions()
    moves = [a for a in actions if a[0] not in TALK] or actions
    return moves[below(rng, len(moves))]


def check_position(spec, state, count: int) -> None:
    """The invariants of every position, ``count`` actions into the game."""
    located = Counter(card for cards in state.card_locations().values() for card in cards)
    assert located == Counter(spec.cards(state.players)), "cards lost or duplicated"
    legal = state.legal_actions()
    assert bool(legal) != state.is_over, "legal actions must exist exactly while playing"
    assert (state.current_player is None) == state.is_over, "a seat to move exactly while playing"
    assert count <= spec.max_actions(state.players), "the game ran past spec.max_actions"
    forced = state.forced_action()
    if forced is not None:
        assert tuple(legal) == (forced,), f"forced {forced} is not the only legal action"
    if state.flat_actions:  # a view lists them by ``list`` alone
        assert not any(isinstance(v, tuple) for action in legal for v in action), \
            "an action holds a tuple where the game declares flat_actions"


def check_finished(spec, options: dict, seed: str, actions: list, state) -> None:
    """The invariants of a finished game played from ``seed`` with ``actions``."""
    assert spec.replay(state.players, options, seed, actions) == state, "replay differs"
    data = json.loads(json.dumps(state.to_json()))
    assert spec.state_type.from_json(data) == state, "JSON round trip differs"
    returns = state.returns()
    assert len(returns) == state.players, "returns() needs one number per seat"
    assert all(type(r) in (int, float) for r in returns), f"returns() not numbers: {returns}"
    result = state.result()
    assert json.loads(json.dumps(result, allow_nan=False)) == result, "result is not JSON"
    with pytest.raises(IllegalAction) as err:
        state.apply(("no-such-action",))
    assert str(err.value).strip(), "an illegal action needs a reason"


def lineup(game_id: str, policy: str, players: int, number: int) -> list:
    """The levels per seat of game ``number`` played with ``policy``: that level in seat
    ``number % players``, the game's plainest level above random in the others."""
    plainest = levels(game_id)[1]
    return [policy if seat == number % players else plainest for seat in range(players)]


def play(spec, players: int, seed: str, policy: str, number: int = 0) -> int:
    """Play one game with ``policy`` (``random`` or a bot level, seated by :func:`lineup`),
    checking every step; returns the number of actions."""
    rng = random.Random(seed)
    options = choice_options(spec, players, rng)
    state = spec.new(players, options, seed)
    seat_levels = lineup(spec.id, policy, players, number)
    seats = [make_bot(spec.id, level, seat, sim.bot_seed(seed, seat))
             for seat, level in enumerate(seat_levels)] if policy != "random" else None
    actions = []
    check_position(spec, state, 0)
    while not state.is_over:
        action = (random_action(state, rng) if seats is None
                  else sim.next_action(state, seats, seat_levels))
        state = state.apply(action)
        actions.append(action)
        check_position(spec, state, len(actions))
    check_finished(spec, options, seed, actions, state)
    return len(actions)


def policies(game_id: str, spent: dict):
    """Each bot level once, then random play while it has used no more time than the
    bots, else the bot levels in turn: random play is quick and broad, bots reach the
    positions that good play reaches."""
    bot_levels = levels(game_id)
    yield from bot_levels
    index = 0
    while True:
        if spent["random"] <= spent["bots"]:
            yield "random"
        else:
            yield bot_levels[index % len(bot_levels)]
            index += 1


@pytest.mark.parametrize("game_id,players", CASES)
def test_play_keeps_every_invariant(game_id, players):
    spec = GAMES[game_id]
    spent, actions, start = {"random": 0.0, "bots": 0.0}, 0, time.monotonic()
    for number, policy in enumerate(policies(game_id, spent)):
        if number > len(levels(game_id)) and (
                actions >= ACTIONS or time.monotonic() - start >= SECONDS):
            break
        seed, began = f"harness/{number}", time.monotonic()
        try:
            actions += play(spec, players, seed, policy, number)
        except Exception as err:
            err.add_note(f"{game_id}, {players} players, seed {seed!r}, policy {policy}")
            raise
        spent["random" if policy == "random" else "bots"] += time.monotonic() - began
