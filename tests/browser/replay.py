"""The game a browser page played, replayed on CPython for comparison with the page."""

import json

from cardtable.engine.core import thaw
from cardtable.web.session import from_save


def replay_saved(page):
    """The page's saved game (the game played last in its list of unfinished games)
    replayed on CPython: the session, and the actions seat 1 (you) made, as JSON lists, in
    order. The bots in the page have their own random streams, so their moves are read
    from the save, not recomputed."""
    save = json.loads(page.evaluate("localStorage.getItem('cardtable.games')"))["games"][0]["save"]
    session = from_save(save)
    mine = [action for action, before in zip(session.actions, session.states)
            if before.current_player == 0]
    return session, mine


def check_replay(page, actions):
    """The page's position equals the CPython replay of its save, in which you made
    exactly ``actions``; returns the replayed view of seat 1."""
    session, mine = replay_saved(page)
    assert mine == thaw(tuple(actions))
    expected = session.state.view(0)
    assert page.evaluate("window.cardtable.view()") == json.loads(json.dumps(expected))
    return expected
