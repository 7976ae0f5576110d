"""Share links (DESIGN.md "Automation contract"): parse, validate, and write them back.

Every bad input gives a message in words and no setup (the page then shows the lobby);
nothing the user typed is ever needed to be trusted by the caller.
"""

import pytest

from cardtable.web import links
from cardtable.web.lobby import HUMAN


def test_a_full_link_opens_that_exact_deal():
    link = links.parse("#/the-game?seed=abc-1&players=3&min_cards=3&small_hands=on&start=team")
    assert link.error is None and link.notices == []
    assert link.seed == "abc-1"
    assert link.setup.game == "the-game" and link.setup.players == 3
    assert link.setup.options == {"min_cards": 3, "small_hands": True, "start": "team"}
    assert link.setup.seats[0] == HUMAN


def test_written_link_reads_back_the_same_setup_and_seed():
    link = links.parse("#/the-game?seed=s.7&players=4&seats=human,random,human,casual&min_cards=3")
    again = links.parse(links.fragment(link.setup, link.seed))
    assert (again.setup, again.seed) == (link.setup, link.seed)
    assert again.setup.seats == ("human", "random", "human", "casual")


def test_a_deal_may_seat_the_player_after_a_bot():
    """A deal tried from a review seats the player where they sat: its link says so, and
    reads back the same; the lobby it would open seats the player first."""
    link = links.parse("#/the-game?seed=s.8&players=3&seats=casual,human,random")
    assert link.error is None and link.setup.seats == ("casual", "human", "random")
    assert links.parse(links.fragment(link.setup, link.seed)).setup == link.setup
    assert link.setup.seated_first().seats == ("human", "casual", "random")


def test_no_fragment_is_no_link():
    assert links.parse("") is None
    assert links.parse("#") is None
    assert links.parse("#/") is None


def test_a_link_without_seed_only_fills_the_lobby():
    link = links.parse("#/the-game?players=2")
    assert link.error is None and link.seed is None and link.setup.players == 2


def test_unknown_keys_are_ignored_with_a_notice():
    link = links.parse("#/the-game?seed=1&colour=blue")
    assert link.error is None and link.seed == "1"
    assert len(link.notices) == 1 and "colour" in link.notices[0]


@pytest.mark.parametrize("fragment, words", [
    ("#/chess?seed=1", "does not have"),
    ("#/the-game?seed=" + "9" * 10_000, "seed"),
    ("#/the-game?seed=", "seed"),
    ("#/the-game?players=0", "1–5 players"),
    ("#/the-game?players=6", "1–5 players"),
    ("#/the-game?players=two", "players must be a number"),
    ("#/the-game?players=" + "1" * 500, "players must be a number"),
    ("#/the-game?min_cards=4", "Minimum cards per turn"),
    ("#/the-game?seed=<script>alert(1)</script>", "seed"),
    ("#/the-game?start=<script>alert(1)</script>", "Who starts"),
    ("#/<script>alert(1)</script>", "does not have"),
    ("#/the-game?players=2&seats=human", "2 players"),
    ("#/the-game?players=2&seats=casual,random", "no seat is “human”"),
    ("#/the-game?players=3&seats=casual,human,friend", "seat 1 must be “human”"),
    ("#/the-game?players=2&seats=human,wizard", "seat 2"),
])
def test_bad_values_give_a_message_in_words_and_no_deal(fragment, words):
    link = links.parse(fragment)
    assert link.setup is None and link.seed is None
    assert words in link.error


def test_messages_quote_long_input_cut_short():
    link = links.parse("#/" + "x" * 10_000)
    assert len(link.error) < 200
