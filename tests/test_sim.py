"""The simulator's command line, per the automation contract in DESIGN.md."""

import json
import pathlib
import subprocess
import sys

from cardtable import sim
from cardtable.bots import DEFAULT_LEVEL

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "cardtable", *args], cwd=ROOT / "py",
                          capture_output=True, text=True, timeout=300)


def test_sim_prints_one_json_object_with_the_contract_fields():
    out = run_cli("sim", "the-game", "--players", "2", "--games", "20", "--seed", "7",
                  "--bot", "casual", "--opt", "min_cards=3")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("game", "players", "games", "seed", "games_per_second", "win_rate",
                "avg_cards_left", "excellent_rate"):
        assert key in report
    assert report["options"]["min_cards"] == 3 and report["games"] == 20


def test_sim_is_reproducible_from_its_seed():
    def figures(seed):
        report = sim.run("the-game", 3, 15, seed, ["casual"] * 3, {})
        del report["games_per_second"], report["seed"]
        return report

    assert figures("s") == figures("s")
    assert figures("s") != figures("t")


def test_default_bot_is_clearly_better_than_random_solo():
    # Issue 2: the simulator's default bot leaves fewer than 25 cards on average solo.
    default = sim.run("the-game", 1, 100, "solo", [DEFAULT_LEVEL["the-game"]], {})
    rand = sim.run("the-game", 1, 100, "solo", ["random"], {})
    assert default["avg_cards_left"] < 25 < rand["avg_cards_left"]


def test_sim_rejects_bad_input_with_a_message():
    for args in (["--players", "9"], ["--players", "2", "--opt", "min_cards=7"],
                 ["--players", "2", "--bots", "casual"]):
        out = run_cli("sim", "the-game", "--games", "1", *args)
        assert out.returncode == 2 and out.stderr.startswith("error:"), out
