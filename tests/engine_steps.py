"""A test helper: actions applied in turn, with the events the engine said they made."""


def apply_all(state, actions):
    """The state after ``actions``, and every event on the way, in order."""
    events = []
    for action in actions:
        after = state.apply(action)
        events += state.events(action, after)
        state = after
    return state, events
