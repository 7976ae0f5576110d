"""Property tests for The Game: Extreme (EX-2 and the instructions EX-4..EX-11).

1. No sequence of legal actions ever ends a turn with an instruction broken: whole games
   from random seeds and options, checked turn by turn against the rules restated here.
2. On crafted positions the engine offers exactly the plays after which some complete turn
   follows every rule, as found by brute force over every order of the cards; and a turn
   that cannot be completed ends the game as lost only when the instructions are the cause.
"""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardtable.games.extreme.rules import ExtremeState, make_marks
from cardtable.engine.registry import get
from cardtable.games.the_game.rules import CARDS, PILE_DIRS, fits, is_backwards

SPEC = get("extreme")
DEFAULT = make_marks("default", "")
MARKED = [card for card in CARDS if DEFAULT[card]]
BLANK = ("",) * 101


def showing(marks, tops) -> set:
    return {marks[top] for top in tops}


def rule_broken_by_play(marks, tops, played, card, pile, fixed) -> str:
    """The instruction a play breaks, given the cards already played this turn ("" if none)."""
    kinds = [marks[c] for c, _ in played]
    if "stop" in kinds:
        return "stop"  # EX-4: nothing after a stop
    if len(played) >= 3 and ("three" in kinds or marks[card] == "three"):
        return "three"  # EX-6
    if "no_reverse" in showing(marks, tops) and is_backwards(card, PILE_DIRS[pile], tops[pile]):
        return "no_reverse"  # EX-9
    if "one_pile" in showing(marks, tops) and fixed is not None and pile != fixed:
        return "one_pile"  # EX-10
    return ""


def next_fixed(marks, tops, card, pile, fixed):
    """EX-10 decision: the pile fixed after this play."""
    if marks[card] == "one_pile" or ("one_pile" in showing(marks, tops) and fixed is None):
        return pile
    return fixed


def rule_broken_by_ending(marks, tops, played, required, hand) -> str:
    kinds = [marks[c] for c, _ in played]
    if "skull" in showing(marks, tops):
        return "skull"  # EX-5
    if "three" in kinds and len(played) != 3:
        return "three"  # EX-6
    if "stop" not in kinds and len(played) < required and hand:
        return "minimum"  # TG-4
    return ""


def complete_turns(marks, hand, tops, required):
    """Every complete, rule-abiding turn from the turn's start, by brute force."""
    found = []

    def walk(hand, tops, played, fixed):
        if not rule_broken_by_ending(marks, tops, played, required, hand):
            found.append(tuple(played))
        for card in hand:
            for pile in range(4):
                if not fits(card, PILE_DIRS[pile], tops[pile]):
                    continue
                if rule_broken_by_play(marks, tops, played, card, pile, fixed):
                    continue
                walk(tuple(c for c in hand if c != card),
                     tops[:pile] + (card,) + tops[pile + 1:], played + [(card, pile)],
                     next_fixed(marks, tops, card, pile, fixed))

    walk(tuple(hand), tuple(tops), [], None)
    return found


# -- 1. whole games --------------------------------------------------------------------
options = st.fixed_dictionaries({
    "min_cards": st.sampled_from((2, 3)),
    "small_hands": st.booleans(),
    "start": st.sampled_from(("first", "team")),
    "layout": st.sampled_from(("default", "random")),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8), players=st.integers(1, 5), opts=options,
       data=st.data())
def test_no_legal_sequence_ends_a_turn_with_an_instruction_broken(seed, players, opts, data):
    state = SPEC.new(players, opts, seed)
    fixed = None
    for _ in range(2000):
        if state.is_over:
            break
        actions = [a for a in state.legal_actions() if a[0] in ("play", "end")]
        assert actions, "a turn in progress always has a way on"
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        hand, tops, played = state.hands[state.current], state.tops, list(state.played)
        if action[0] == "play":
            _, card, pile = action
            assert not rule_broken_by_play(state.marks, tops, played, card, pile, fixed)
            fixed = next_fixed(state.marks, tops, card, pile, fixed)
            loses = state.marks[card] == "three" and len(hand) + len(played) < 3
            state = state.apply(action)
            assert (state.lost_by == "three") == loses
        else:
            assert not rule_broken_by_ending(state.marks, tops, played, state.required, hand)
            full = state.hand_size if "draw_one" not in showing(state.marks, tops) \
                else len(hand) + 1
            expected = min(full, len(hand) + len(state.deck))
            seat, fixed = state.current, None
            state = state.apply(action)
            assert len(state.hands[seat]) == expected  # EX-11
    assert state.is_over
    if state.outcome == "won":
        assert not showing(state.marks, state.tops) & {"skull"}


# -- 2. crafted positions against brute force ----------------------------------------------
card = st.one_of(st.sampled_from(MARKED), st.sampled_from(CARDS))


@st.composite
def positions(draw):
    """A turn's start: a hand of up to 4 cards, four tops (no skull showing), a draw pile."""
    hand = draw(st.lists(card, min_size=1, max_size=4, unique=True))
    ups = draw(st.lists(st.integers(1, 99), min_size=2, max_size=2))
    downs = draw(st.lists(st.integers(2, 100), min_size=2, max_size=2))
    tops = tuple(ups + downs)
    assume(not set(tops) & set(hand) and len(set(tops)) == 4)
    assume("skull" not in showing(DEFAULT, tops))
    deck = tuple(c for c in CARDS if c not in hand and c not in tops)[:draw(
        st.sampled_from((0, 6)))]
    piles = tuple((start,) if top == start else (start, top)
                  for start, top in zip((1, 1, 100, 100), tops))
    return ExtremeState(players=1, min_cards=draw(st.sampled_from((2, 3))), hand_size=4,
                        hands=(tuple(sorted(hand)),), deck=deck, piles=piles, current=0,
                        marks=DEFAULT, shared=(False,))


@settings(max_examples=300, deadline=None)
@given(state=positions(), data=st.data())
def test_offered_plays_are_exactly_those_a_complete_turn_can_follow(state, data):
    turns = complete_turns(state.marks, state.hands[0], state.tops, state.required)
    prefix = ()
    while not state.is_over:
        wanted = {t[len(prefix)] for t in turns
                  if t[:len(prefix)] == prefix and len(t) > len(prefix)}
        offered = {(c, p) for c, p, loses in state.offered_plays() if not loses}
        assert offered == wanted
        assert state.can_end_turn() == (prefix in turns)
        if not offered:
            break
        play = sorted(offered)[data.draw(st.integers(0, len(offered) - 1), label="play")]
        state = state.apply(("play",) + play)
        prefix += (play,)


@settings(max_examples=300, deadline=None)
@given(state=positions())
def test_a_turn_is_lost_to_instructions_only_when_they_are_the_cause(state):
    hand, tops, required = state.hands[0], state.tops, state.required
    started = state.check_turn_start()
    possible = bool(complete_turns(DEFAULT, hand, tops, required))
    plain = bool(complete_turns(BLANK, hand, tops, required))
    assert (started.outcome == "") == possible
    assert (started.outcome == "lost") == (plain and not possible)
    assert (started.outcome == "blocked") == (not plain and not possible)  # a stop can save it
    assert bool(started.lost_by) == (started.outcome == "lost")
