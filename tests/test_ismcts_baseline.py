"""The IS-MCTS baseline's shortcuts (bench/ismcts_baseline.py) change nothing it measures:
its Rentz keys tell apart the information states OpenSpiel's strings tell apart, its
filter of illegal actions gives OpenSpiel's node, its rollout of a trick deal ends as the
engine's does on the same cards (RZ-6, RZ-7), and a record of games gives the table."""

import pathlib
import random
import sys

import pytest

pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

import ismcts_baseline as baseline  # noqa: E402
from cardtable.games.rentz.bots import parse  # noqa: E402
from cardtable.games.rentz.rules import SPEC  # noqa: E402
from cardtable_research import spiel  # noqa: E402


def searched_deal(players: int, sub: str, on_search, game: str = "rentz",
                  decisions: int = 10**6) -> None:
    """A practice deal (Rentz) or the start of a game played by IS-MCTS in every seat
    (few simulations), at most ``decisions`` searches; ``on_search`` is called with each
    bot after each of its searches."""
    options = {"practice": sub} if game == "rentz" else {}
    game = spiel.load(game, players=players, seed=3, deals=1, **options)
    state = game.new_initial_state()
    state.apply_action(0)
    bots = [baseline.Searcher(game, f"keys/{seat}", 60, 40.0) for seat in range(players)]
    while not state.is_terminal() and decisions:
        bot = bots[state.current_player()]
        action = bot.act(state)
        if len(state.legal_actions()) > 1:
            on_search(bot.bot)
            decisions -= 1
        state.apply_action(action)


@pytest.mark.parametrize("game,players,sub", [("rentz", 3, "queens"), ("rentz", 4, "whist"),
                                              ("triggs", 2, None), ("triggs", 3, None)])
def test_keys_tell_apart_what_the_information_state_strings_do(game, players, sub, monkeypatch):
    pairs = set()
    ours = baseline.KEYS[game]

    def both(state, observer, root):
        key = ours(state, observer, root)
        pairs.add((observer, len(searches), key,
                   baseline.information_state_key(state, observer)))
        return key

    searches = []
    monkeypatch.setitem(baseline.KEYS, game, both)
    searched_deal(players, sub, searches.append, game, decisions=40)
    by_key, by_string = {}, {}
    for observer, search, key, string in pairs:
        by_key.setdefault((observer, search, key), set()).add(string)
        by_string.setdefault((observer, search, string), set()).add(key)
    assert len(by_key) > 100
    assert all(len(strings) == 1 for strings in by_key.values())
    assert all(len(keys) == 1 for keys in by_string.values())


def test_the_filter_of_illegal_actions_gives_openspiels_node():
    checked = []

    def compare(bot):
        for node in bot._node_pool:
            if node.total_visits <= 0 or len(node.child_info) < 2:
                continue
            legal = sorted(node.child_info)[1:]
            ours = bot.filter_illegals(node, legal)
            theirs = ismcts.ISMCTSBot.filter_illegals(bot, node, legal)
            assert ours.total_visits == theirs.total_visits
            assert {a: (c.visits, c.return_sum) for a, c in ours.child_info.items()} == \
                {a: (c.visits, c.return_sum) for a, c in theirs.child_info.items()}
            checked.append(node)

    searched_deal(3, "king", compare)
    assert checked


@pytest.mark.parametrize("sub", baseline.TRICK_SUB_GAMES)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_rentz_rollout_ends_as_the_engine_on_the_same_cards(sub, players):
    """RZ-6, RZ-7: the mask rollout's returns are the engine's after the same cards."""
    checked = 0
    for index in range(12):
        state = SPEC.new(players, {"practice": sub}, f"rollout/{index}")
        walk = random.Random(index)
        for _ in range(walk.randrange(3 * players)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state = state.apply(legal[walk.randrange(len(legal))])
        if not baseline.trick_deal(state):
            continue
        returns = baseline.rentz_rollout(state, random.Random(index))
        again = random.Random(index)  # the same choices, among the cards ordered alike
        while not state.is_over:
            cards = sorted((action[1] for action in state.legal_actions()), key=parse)
            state = state.apply(("play", cards[int(again.random() * len(cards))]))
        assert returns == list(state.returns())
        checked += 1
    assert checked >= 8


def test_a_record_gives_the_table_of_its_complete_deals(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    argv = ["--games", "1", "--simulations", "8", "--sub-games", "king", "--rentz-players",
            "3", "--choice-players", "", "--triggs-players", "", "--pairings", "strong:ismcts",
            "--seed", "test", "--workers", "1", "--record", str(record)]
    assert baseline.main(argv) == 0
    games = baseline.read_record(record)
    assert len(games) == 4  # IS-MCTS in every seat, then strong in each seat alone
    line = {"name": "rentz king 3p", "players": 3}
    gains = baseline.gains_of(games, line, "strong", "ismcts", 2)
    assert len(gains) == 1
    alone = games[(line["name"], 0, ("ismcts",) * 3)][0]
    assert gains[0] == pytest.approx(sum(
        games[(line["name"], 0, baseline.one_among("strong", "ismcts", seat, 3))][0][seat]
        - alone[seat] for seat in range(3)) / 3)
    capsys.readouterr()
    assert baseline.main(argv + ["--table-only"]) == 0
    row = next(text for text in capsys.readouterr().out.splitlines()
               if text.startswith("| rentz king 3p | strong over ismcts |"))
    assert row.endswith(f"| {gains[0]:+.2f} | ±nan | 1 | 4 |")


def test_on_a_choosing_line_a_level_chooses_the_sub_games_and_strong_plays_the_cards():
    line = next(line for line in baseline.lines_of(baseline.main_parser().parse_args(
        ["--rentz-players", "", "--triggs-players", "", "--choice-players", "3"])))
    returns, times = baseline.play(line, 0, ["strong", "basic", "basic"], 8, 40.0)
    assert line["name"] == "rentz choice 3p" and len(returns) == 3
    levels = [level for level, _ in times]
    assert levels.count("basic") == 16  # RZ-3: each seat chooses 8 times in a match
    assert set(levels) == {"strong", "basic"}


def test_a_pairing_measured_both_ways_gets_one_row_of_both():
    pairings = [("strong", "ismcts"), ("ismcts", "strong"), ("strong", "basic")]
    assert baseline.both_ways(pairings) == [("strong", "ismcts")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_triggs_rollout_takes_the_engines_actions_to_the_same_end(players):
    """TR-5..TR-12: at every step of a random playout the mutable position offers the
    engine's legal actions in the engine's order, and ends with the engine's returns;
    the playouts pass through remade piles (TR-10), retired values (TR-11) and bonus
    crosses (TR-8)."""
    from cardtable.games.triggs.rules import SPEC as TRIGGS
    seen = set()
    for index in range(4):
        state = TRIGGS.new(players, {}, f"rollout/{index}")
        walk = random.Random(index)
        for _ in range(walk.randrange(40)):
            legal = state.legal_actions()
            state = state.apply(legal[walk.randrange(len(legal))])
        fast = baseline.TriggsRollout(state)
        rng = random.Random(index)
        while not state.is_over:
            legal = state.legal_actions()
            assert fast.legal() == list(legal)
            before = rng.getstate()
            action = legal[int(rng.random() * len(legal))]
            rng.setstate(before)
            assert fast.random_action(rng) == action
            state = state.apply(action)
            fast.apply(action)
            seen.update(kind for kind, done in (("remade", state.reshuffles),
                                                ("retired", state.retired),
                                                ("bonus", action[0] == "bonus")) if done)
        assert fast.play_out(rng) == list(state.returns())
        assert baseline.TriggsRollout(TRIGGS.new(players, {}, f"rollout/{index}")).play_out(
            random.Random(index)) == list(replay(players, index))
    assert seen == {"remade", "retired", "bonus"}


def replay(players: int, index: int) -> tuple:
    """The engine's returns after the random playout :class:`baseline.TriggsRollout` takes
    from the start of the seeded game with ``random.Random(index)``."""
    from cardtable.games.triggs.rules import SPEC as TRIGGS
    state, rng = TRIGGS.new(players, {}, f"rollout/{index}"), random.Random(index)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
    return state.returns()


@pytest.mark.parametrize("argv,said", [
    (["--pairings", "strong"], "'strong' is not A:B"),
    (["--pairings", "strong:deep"], "'strong:deep' is not A:B"),
    (["--rentz-players", "three"], "not a list of player counts"),
    (["--sub-games", "hearts"], "no sub-game hearts"),
    (["--table-only"], "--table-only prints the games of a record"),
])
def test_a_bad_argument_gets_one_sentence(argv, said, capsys):
    with pytest.raises(SystemExit) as stop:
        baseline.main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert said in error and "Traceback" not in error


def test_without_openspiel_the_bench_says_how_to_get_it(monkeypatch, capsys):
    real = baseline.importlib.util.find_spec
    monkeypatch.setattr(baseline.importlib.util, "find_spec",
                        lambda name, *rest: None if name == "pyspiel" else real(name, *rest))
    with pytest.raises(SystemExit) as stop:
        baseline.main(["--games", "1"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "OpenSpiel is not installed" in error and "Traceback" not in error
