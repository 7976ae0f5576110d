"""The simulator's command line, per the automation contract in DESIGN.md."""

import dataclasses
import json
import pathlib
import subprocess
import sys

import pytest

from cardtable import __main__ as command, bots, sim
from cardtable.bots import default_level
from cardtable.engine.core import Choice, Integers
from cardtable.engine.registry import GAMES
from cardtable.engine.rng import derive_seed

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "cardtable", *args], cwd=ROOT / "py",
                          capture_output=True, text=True, timeout=300)


def test_sim_prints_one_json_object_with_the_contract_fields():
    out = run_cli("sim", "the-game", "--players", "2", "--games", "20", "--seed", "7",
                  "--bot", "casual", "--opt", "min_cards=3")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("game", "players", "games", "seed", "bots", "games_per_second",
                "avg_actions", "win_rate", "avg_cards_left", "excellent_rate"):
        assert key in report
    assert report["options"]["min_cards"] == "3" and report["games"] == 20
    assert report["bots"] == ["casual", "casual"] and report["avg_actions"] > 0


def test_sim_is_reproducible_from_its_seed():
    def figures(seed):
        report = sim.run("the-game", 3, 15, seed, ["casual"] * 3, {})
        del report["games_per_second"], report["seed"]
        return report

    assert figures("s") == figures("s")
    assert figures("s") != figures("t")


def test_default_bot_is_clearly_better_than_random_solo():
    # Issue 2: the simulator's default bot leaves fewer than 25 cards on average solo.
    default = sim.run("the-game", 1, 20, "solo", [default_level("the-game")], {})
    rand = sim.run("the-game", 1, 20, "solo", ["random"], {})
    assert default["avg_cards_left"] < 25 < rand["avg_cards_left"]


def bad_arguments() -> list:
    """Command lines the simulator must refuse, each with why."""
    cases = [
        ("unknown game", ["no-such-game", "--players", "2"]),
        ("unknown bot level", ["the-game", "--players", "2", "--bot", "nobody"]),
        ("--bots count", ["the-game", "--players", "2", "--bots", "casual"]),
        ("--bot and --bots", ["the-game", "--players", "1", "--bot", "casual",
                              "--bots", "casual"]),
        ("unknown option", ["the-game", "--players", "2", "--opt", "no_such=1"]),
        ("no = in --opt", ["the-game", "--players", "2", "--opt", "min_cards"]),
        ("--games 0", ["the-game", "--players", "2", "--games", "0"]),
        ("--games negative", ["the-game", "--players", "2", "--games", "-3"]),
        ("--games x", ["the-game", "--players", "2", "--games", "x"]),
        ("--players not allowed", ["the-game", "--players", "9"]),
        ("--players huge", ["the-game", "--players", "999999999999"]),
        ("--players x", ["the-game", "--players", "x"]),
        ("--players missing", ["the-game"]),
    ]
    for spec in GAMES.values():
        for option in spec.options:
            if isinstance(option, Choice):
                cases.append((f"{spec.id} {option.key} value",
                              [spec.id, "--players", str(spec.min_players),
                               "--opt", f"{option.key}=no-such-value"]))
            if isinstance(option, Integers) and spec.min_players < spec.max_players:
                # One number per player, written for more players than there are.
                value = option.encode(option.default_for(spec.max_players))
                cases.append((f"{spec.id} {option.key} count",
                              [spec.id, "--players", str(spec.min_players),
                               "--opt", f"{option.key}={value}"]))
    return cases


@pytest.mark.parametrize("why,args", bad_arguments(), ids=[why for why, _ in bad_arguments()])
def test_a_bad_argument_gives_one_line_and_status_2(why, args, capsys):
    with pytest.raises(SystemExit) as exit_:
        sys.exit(command.main(["sim", *args]))
    captured = capsys.readouterr()
    assert exit_.value.code == 2, why
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) > 12, lines
    assert "Traceback" not in captured.err


def test_a_bad_argument_has_no_traceback_from_the_shell_either():
    for args in (["--games", "0"], ["--players", "x"], ["--opt", "min_cards=7"]):
        out = run_cli("sim", "the-game", *(["--players", "2"] if "--players" not in args
                                           else []), *args)
        assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out
        assert out.stderr.startswith("error: ") and "Traceback" not in out.stderr


def test_no_command_prints_the_usage_and_status_2():
    for args in ([], ["play"]):
        out = run_cli(*args)
        assert out.returncode == 2 and out.stderr.startswith("usage:"), out


def test_bots_get_seeds_of_their_own_not_the_deal_seed(monkeypatch):
    given, make_bot = [], bots.make_bot

    def recording(game_id, level, seat, seed="0"):
        given.append(seed)
        return make_bot(game_id, level, seat, seed)

    monkeypatch.setattr(bots, "make_bot", recording)
    sim.run("the-game", 2, 5, "s", ["random", "random"], {})
    deals = {derive_seed("s", index) for index in range(5)}
    assert len(given) == 10 and len(set(given)) == 10
    assert not deals & set(given) and "s" not in given
    assert all(deal not in seed for deal in deals for seed in given)


class Cheat:
    """A bot that answers with an action that no game has."""

    def __init__(self, seat, seed="0"):
        self.seat = seat

    def act(self, view):
        return ["deal-myself", 100]


def test_a_bot_that_answers_an_illegal_action_fails_loudly(monkeypatch, capsys):
    monkeypatch.setitem(bots.bot_module("the-game").LEVELS, "cheat", Cheat)
    # declared by the game's package, as a real level is
    monkeypatch.setattr(bots.declaration("the-game"), "LEVELS", (*bots.levels("the-game"), "cheat"))
    with pytest.raises(sim.SimulationError) as err:
        sim.run("the-game", 2, 3, "s", ["casual", "cheat"], {})
    for part in ("Cheat", "cheat", '["deal-myself", 100]', "the-game", "casual,cheat"):
        assert part in str(err.value)
    assert command.main(["sim", "the-game", "--players", "2", "--bot", "cheat"]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "deal-myself" in lines[0], lines


def test_a_game_past_its_bound_stops_naming_game_seed_and_bots(monkeypatch):
    short = dataclasses.replace(GAMES["the-game"], max_actions=lambda players: 3)
    monkeypatch.setitem(sim.GAMES, "the-game", short)
    with pytest.raises(sim.SimulationError) as err:
        sim.run("the-game", 2, 1, "s", ["casual", "random"], {})
    message = str(err.value)
    assert "3 actions" in message and "the-game" in message
    assert repr(derive_seed("s", 0)) in message and "casual,random" in message


class Forced:
    """A position where the rules move for the seat: its bot must not be asked."""

    current_player = 0

    def forced_action(self):
        return ("pass",)


class Silent:
    def act(self, view):
        raise AssertionError("a bot was asked for a forced action")


def test_a_forced_action_is_applied_without_asking_the_bot():
    assert sim.next_action(Forced(), [Silent()], ["random"]) == ("pass",)
