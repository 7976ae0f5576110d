"""The belief about partners' hands (``bench/belief.py``): it weighs a deal by the TG-13
signals the partners show, and deals only what the seat cannot see (TG-14)."""

import pathlib
import sys
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

import belief  # noqa: E402

from cardtable.engine.rng import make_rng  # noqa: E402
from cardtable.games.the_game.rules import CARDS, TheGameState  # noqa: E402


PILES = ((1, 30), (1, 60), (100, 70), (100, 90))  # tops 30 and 60 up, 70 and 90 down
MINE = (2, 3, 4, 5, 6, 7)  # seat 0's hand: nothing close to any top


def table(signals=()) -> dict:
    """Seat 0's view of a two-player classic deal whose piles show ``PILES``'s tops, with
    ``signals`` (pile, kind, seat) showing."""
    rest = [c for c in CARDS if c not in MINE and c not in sum(PILES, ())]
    state = TheGameState(players=2, min_cards=2, hand_size=7, hands=(MINE, tuple(rest[:6])),
                         deck=tuple(rest[6:]), piles=PILES, current=0, turn=3,
                         signals=tuple(signals))
    return state.view(0)


def unseen(view) -> tuple:
    return tuple(c for c in CARDS if c not in view["hand"]
                 and all(c not in p["cards"] for p in view["piles"]))


def partner_holding(view, cards) -> tuple:
    return tuple(sorted(view["hand"])), tuple(sorted(cards))


def test_tg13_a_hand_that_explains_the_hold_it_shows_weighs_most():
    view = table(signals=[(0, "hold", 1)])  # the partner holds the pile at 30
    far = [11, 12, 13, 14, 15]  # close to no top
    assert belief.signal_weight(view, partner_holding(view, [31] + far)) == 1.0
    assert belief.signal_weight(view, partner_holding(view, [16] + far)) < 1.0


def test_tg13_no_signal_makes_a_hand_with_a_close_card_less_likely():
    view = table()
    far = [11, 12, 13, 14, 15]
    assert belief.signal_weight(view, partner_holding(view, [16] + far)) == 1.0
    assert belief.signal_weight(view, partner_holding(view, [62] + far)) < 1.0


def test_tg13_a_signal_another_seat_shows_is_not_missed():
    """The partner cannot raise a signal that seat 0 already shows on that pile (TG-13)."""
    view = table(signals=[(0, "hold", 0)])
    assert belief.signal_weight(view, partner_holding(view, [31, 11, 12, 13, 14, 15])) == 1.0


def test_tg14_a_believed_deal_keeps_the_seats_hand_and_every_count():
    view = table(signals=[(2, "small", 1)])  # the partner keeps a card a few below 70
    hand = tuple(sorted(view["hand"]))
    hands, deck = belief.believed_deal(view, hand, unseen(view), make_rng("belief-test"))
    assert hands[0] == hand
    assert [len(h) for h in hands] == view["hand_counts"]
    assert Counter(hands[1] + deck) == Counter(unseen(view))


def test_tg13_believed_deals_lean_towards_the_signal_shown():
    """Over many deals, the partner of a ``hold`` on the pile at 30 holds 31 (or the
    backwards trick's 20) far more often than a uniform deal (hand size / unseen) puts
    either there."""
    view = table(signals=[(0, "hold", 1)])
    hand, cards = tuple(sorted(view["hand"])), unseen(view)
    rng = make_rng("belief-lean")
    held = sum(bool({20, 31} & set(belief.believed_deal(view, hand, cards, rng)[0][1]))
               for _ in range(200))
    uniform = 200 * 2 * view["hand_counts"][1] / len(cards)
    assert held > 3 * uniform
