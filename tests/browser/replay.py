"""The game a browser test played, replayed on CPython for comparison with the page."""

from cardtable.bots import make_bot
from cardtable.engine.registry import get


def replay_with_bot(game_id: str, seed: str, actions, level: str):
    """A 2-player game as the page plays it: ``actions`` are yours (seat 1); the bot of
    ``level`` plays seat 2 whenever it is its turn. Returns the state at your next turn
    (or at the end)."""
    state, bot = get(game_id).new(2, {}, seed), make_bot(game_id, level, 1, seed)

    def bot_turns(state):
        while state.current_player == 1:
            state = state.apply(bot.act(state.view(1)))
        return state

    for action in actions:
        state = bot_turns(state).apply(action)
    return bot_turns(state)
