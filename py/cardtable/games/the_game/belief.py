"""What a seat of The Game may believe about its partners' hands: deals of the unseen
cards, each kept in proportion to how well it explains the signals the partners show.

A partner who plays as the strong bot raises ``hold`` on a pile where it keeps a card
that no live card comes before, ``small`` where its closest card is a few live cards away,
and nothing where it keeps no close card (see ``search.wanted_signals``; TG-13). A deal of
the unseen cards in which a partner's hand would want other signals than those it shows is
less likely. :func:`believed_deal` draws ``CANDIDATES`` deals as ``team_endgame`` does and
keeps one of them in proportion to its :func:`signal_weight`: a sampling-importance
resampling of the uniform deals, which sees only the view.

The signals are a partner's wish at the end of its last turn, before it drew and before
the others played on; a deal that misses one is made less likely, not impossible.
"""

from __future__ import annotations

from ...engine.rng import shuffled
from .rules import CARDS, PILE_DIRS, fits
from .search import gap, prefix_sums, weights_for
from .team_endgame import sampled_deal

CANDIDATES = 64  # uniform deals drawn for each deal kept
MISSED = 0.01  # a deal's weight is multiplied by this for each signal it does not explain


def believed_deal(view: dict, hand: tuple, unseen: tuple, rng) -> tuple:
    """``(hands, deck)`` as ``team_endgame.sampled_deal``, the deal chosen among
    ``CANDIDATES`` uniform ones in proportion to :func:`signal_weight`."""
    deals = [sampled_deal(view, hand, shuffled(unseen, rng)) for _ in range(CANDIDATES)]
    weights = [signal_weight(view, hands) for hands, _ in deals]
    pick = rng.random() * sum(weights)
    for deal, weight in zip(deals, weights):
        pick -= weight
        if pick < 0:
            return deal
    return deals[-1]


def signal_weight(view: dict, hands: tuple) -> float:
    """``MISSED`` to the power of the partners' signals (pile by pile) that ``hands``
    does not explain: a signal shown that the partner's hand would not want, or one it
    would want that it does not show (unless another seat shows that very signal, which
    keeps it from raising it)."""
    shown = {}
    for signal in view["signals"]:
        shown.setdefault(signal["seat"], set()).add((signal["pile"], signal["kind"]))
    anyone = {(s["pile"], s["kind"]): s["seat"] for s in view["signals"]}
    tops = [p["top"] for p in view["piles"]]
    on_piles = {card for p in view["piles"] for card in p["cards"]}
    weights = weights_for(view["players"], view["min_cards"])
    missed = 0
    for seat, hand in enumerate(hands):
        if seat == view["seat"]:
            continue
        wanted = partner_signals(hand, tops, on_piles, weights)
        mine = shown.get(seat, set())
        missed += len(mine - wanted)
        missed += sum(1 for signal in wanted - mine if anyone.get(signal, seat) == seat)
    return MISSED ** missed


def partner_signals(hand: tuple, tops: list, on_piles: set, weights) -> set:
    """The ``(pile, kind)`` signals a strong partner holding ``hand`` wants showing, as
    ``search.wanted_signals`` decides them from that partner's view."""
    live = prefix_sums(card for card in CARDS if card not in on_piles and card not in hand)
    wanted = set()
    for pile, top in enumerate(tops):
        gaps = [gap(live, pile, top, card) for card in hand
                if fits(card, PILE_DIRS[pile], top)]
        if gaps and min(gaps) <= weights.hold_gap:
            wanted.add((pile, "hold"))
        elif gaps and min(gaps) <= weights.small_gap:
            wanted.add((pile, "small"))
    return wanted

