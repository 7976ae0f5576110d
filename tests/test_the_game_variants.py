"""``bench/the_game_variants.py``, the tuning bench of The Game's strong bot: it plays the
simulator's games, reads its variants strictly, and counts dead cards as the rules make
them (TG-5: a card fits a pile going its way, or exactly 10 back)."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from the_game_variants import dead_cards, parse_variant, play  # noqa: E402

from cardtable.engine.registry import get  # noqa: E402
from cardtable.engine.rng import derive_seed  # noqa: E402
from cardtable.games.the_game.rules import TheGameState  # noqa: E402
from cardtable.sim import play_one  # noqa: E402

SPEC = get("the-game")


def test_the_current_weights_play_the_simulators_game():
    options = SPEC.resolve_options({"min_cards": 3, "small_hands": True}, 1)
    cards_left, before_dead, _ = play((1, options, "tune", 3, {}))
    final = play_one(SPEC, 1, options, derive_seed("tune", 3), ["strong"])
    assert cards_left == final.cards_left
    assert 98 - cards_left >= before_dead or cards_left == 0


def test_changed_weights_play_another_game():
    options = SPEC.resolve_options({}, 2)
    games = {play((2, options, "tune", i, {})) for i in range(3)}
    changed = {play((2, options, "tune", i, {"reach": 5.0})) for i in range(3)}
    assert games != changed


def test_a_variant_names_fields_of_the_weights():
    assert parse_variant("dead6: shut_out_by_takers=6,1,0.7,0.4; widen=20") == (
        "dead6", {"shut_out_by_takers": (6.0, 1.0, 0.7, 0.4), "widen": 20})
    with pytest.raises(ValueError, match="not a field"):
        parse_variant("x: speed=3")
    with pytest.raises(ValueError):
        parse_variant("x: widen=wide")
    with pytest.raises(ValueError, match="NAME: field=value"):
        parse_variant("no change")


def test_tg5_a_card_is_dead_when_no_pile_takes_it_even_backwards():
    # Up piles at 62 and 70, down piles at 40 and 30: 51 and 55 fit nowhere; 65 fits ↑62,
    # 35 fits ↓40, and 52 goes back exactly 10 onto ↑62.
    state = TheGameState(players=1, min_cards=2, hand_size=3, hands=((51, 52, 65),),
                         deck=(35, 55), piles=((1, 62), (1, 70), (100, 40), (100, 30)),
                         current=0)
    assert dead_cards(state) == 2
