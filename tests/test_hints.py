"""Every game's hint: the strongest bot that offers one answers from a seat's view with an
action of that view's ``legal`` list and a reason that is a sentence saying why, not the
move again; the same view gives the same hint whatever the hidden cards are."""

import random
import re

import pytest

from cardtable.bots import make_bot
from cardtable.engine.registry import GAMES, game_module
from cardtable.web.bot_runner import hint_bot

PLAYERS = {"the-game": (1, 3), "extreme": (1, 3), "triggs": (2, 3), "rentz": (3, 4)}
CASES = [(game, players) for game, counts in PLAYERS.items() for players in counts]
SAMPLES = 6  # views sampled along one bot game
MOVE = re.compile(r"\b\d+ on [↑↓]\d\b")  # The Game's "37 on ↑1"


def sampled_views(game: str, players: int, seed: str) -> list:
    """Views of the seat to act, spread over a game played by the default bots, each with
    the state it was taken from."""
    spec = GAMES[game]
    state = spec.new(players, spec.resolve_options({}, players), seed)
    bots = [make_bot(game, "basic" if game == "rentz" else None, seat, seed)
            for seat in range(players)]
    rng, views = random.Random(seed), []
    while not state.is_over and len(views) < SAMPLES:
        forced = state.forced_action()
        if forced is not None:
            state = state.apply(forced)
            continue
        view = state.view(state.current_player)
        if len(view["legal"]) > 1 and rng.random() < 0.2:
            views.append((state, view))
        state = state.apply(tuple(bots[state.current_player].act(view)))
    return views


def hint_of(game: str, view: dict) -> dict:
    return hint_bot(game, "hint-test").hint(view)


def test_every_game_offers_hints():
    assert all(hint_bot(game, "s") is not None for game in GAMES)


@pytest.mark.parametrize("game,players", CASES)
def test_a_hint_is_legal_in_the_view_and_says_why_in_a_sentence(game, players):
    views = sampled_views(game, players, f"hints-{game}-{players}")
    assert views
    for _, view in views:
        hint = hint_of(game, view)
        assert hint["actions"] and hint["actions"][0] in view["legal"], hint
        reason = hint["reason"]
        assert reason[0].isupper() and reason.endswith("."), reason
        words = MOVE.sub("", reason).split()
        assert len(words) >= 6, f"{reason!r} says little beyond the move"


@pytest.mark.parametrize("game,players", CASES)
def test_a_hint_reads_the_view_only(game, players):
    """The same view with the hidden cards dealt again gives the same hint."""
    for state, view in sampled_views(game, players, f"hidden-{game}-{players}")[:3]:
        seat = view["seat"]
        redealt = state.unseen_shuffled(seat, random.Random(7))
        assert redealt.view(seat) == view
        assert hint_of(game, redealt.view(seat)) == hint_of(game, view)


def test_the_game_reason_is_not_the_move_again():
    view = sampled_views("the-game", 1, "not-the-move")[0][1]
    hint = hint_of("the-game", view)
    words = game_module("the-game", "table").action_words
    steps = ", then ".join(words(a) for a in hint["actions"])
    assert hint["reason"].rstrip(".") not in steps
    assert "skips" in hint["reason"] or "backwards trick" in hint["reason"] \
        or "end the turn" in hint["reason"]


def test_a_hint_for_a_seat_other_than_the_first_reads_that_seats_hand():
    """Rentz's hint bot is made for seat 0: the hint answers for the view's own seat."""
    spec = GAMES["rentz"]
    state = spec.new(3, spec.resolve_options({"practice": "queens"}, 3), "other-seat")
    while state.current_player == 0 or state.forced_action() is not None:
        state = state.apply(state.forced_action() or state.legal_actions()[0])
    view = state.view(state.current_player)
    assert hint_of("rentz", view)["actions"][0] in view["legal"]
