"""The worlds ``bench/ladder.py`` samples for its PIMC rungs: each agrees with everything
the seat's view shows (TG-14: its hand, the piles, every hand's count and the draw pile's),
the hidden cards are dealt again, and a ``+partners`` world keeps the partners' hands;
and the turns its ``plans`` rungs choose among, the planner's own among them."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from ladder import RankedTurns, world  # noqa: E402

from cardtable.bots import make_bot  # noqa: E402
from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import make_rng  # noqa: E402
from cardtable.games.the_game import search  # noqa: E402

SHOWN = ("hand", "piles", "hand_counts", "deck", "played", "required", "legal")


def views(players: int, seed: str, every: int = 9, most: int = 6):
    """``(state, seat's view)`` at turn starts, every ``every`` actions of a game casual
    bots play, ``most`` of them."""
    spec = get("the-game")
    state = spec.new(players, spec.resolve_options({}, players), seed)
    bots = [make_bot("the-game", "casual", seat, seed) for seat in range(players)]
    count, given = 0, 0
    while not state.is_over and given < most:
        view = state.view(state.current)
        if count % every == 0 and not view["played"]:
            given += 1
            yield state, view
        state = state.apply(bots[state.current].act(view))
        count += 1


def test_a_sampled_world_shows_its_seat_what_the_view_shows_and_deals_the_rest_anew():
    rng, moved = make_rng("ladder-test"), 0
    for state, view in views(3, "ladder-worlds"):
        dealt = world(view, rng)
        seen = dealt.view(view["seat"])
        assert {key: seen[key] for key in SHOWN} == {key: view[key] for key in SHOWN}
        assert sorted(dealt.unseen_cards(view["seat"])) == sorted(state.unseen_cards(view["seat"]))
        moved += dealt.deck != state.deck
    assert moved > 0


def test_a_world_with_the_partners_hands_shuffles_only_the_draw_pile():
    rng = make_rng("ladder-test")
    for state, view in views(2, "ladder-partners"):
        known = dict(view, partner_hands=[list(hand) for hand in state.hands])
        dealt = world(known, rng)
        assert dealt.hands == state.hands
        assert sorted(dealt.deck) == sorted(state.deck)


def test_the_ranked_turns_hold_the_planners_own_and_other_ways_to_stop():
    for _, view in views(2, "ranked", most=3):
        table = search.Table(view, search.weights_for(2, view["min_cards"]))
        ranked = RankedTurns(table, view["required"]).run()
        assert search.TurnSearch(table, view["required"]).run() in ranked and len(ranked) > 1
