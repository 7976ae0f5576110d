"""``bench/paired_runs.py``: two simulator runs of the same deals compared deal by deal
(wins of each, the deals only one of them won, the sign test, cards left paired)."""

import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from paired_runs import main  # noqa: E402

from endgame_gain import sign_test  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = 30


def simulate(path, bot: str, seed: str = "paired") -> list:
    """A classic solo run of ``bot`` written to ``path``; its per-game results."""
    subprocess.run([sys.executable, "-m", "cardtable", "sim", "the-game", "--players", "1",
                    "--games", str(GAMES), "--seed", seed, "--bot", bot, "--jobs", "1",
                    "--out", str(path)], cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")},
                   check=True, capture_output=True)
    lines = path.read_text().splitlines()
    return [json.loads(line)["result"] for line in lines]


def test_two_runs_of_the_same_deals_are_compared_deal_by_deal(tmp_path, capsys):
    casual = simulate(tmp_path / "casual.jsonl", "casual")
    strong = simulate(tmp_path / "strong.jsonl", "strong")
    assert main([str(tmp_path / "casual.jsonl"), str(tmp_path / "strong.jsonl")]) == 0
    lines = capsys.readouterr().out.splitlines()
    won = [(a["outcome"] == "won", b["outcome"] == "won") for a, b in zip(casual, strong)]
    only_casual = sum(a and not b for a, b in won)
    only_strong = sum(b and not a for a, b in won)
    left = sum(b["cards_left"] - a["cards_left"] for a, b in zip(casual, strong)) / GAMES
    assert lines[0] == f"{GAMES} deals in both runs"
    assert lines[1].startswith(f"first: {sum(a for a, _ in won)} wins")
    assert lines[2].startswith(f"second: {sum(b for _, b in won)} wins")
    assert lines[3] == (f"won only by the first: {only_casual}; only by the second:"
                        f" {only_strong}; sign test p = {sign_test(only_strong, only_casual):.2g}")
    assert lines[4].startswith(f"cards left, second minus first: {left:+.2f} (")


def test_runs_of_other_deals_are_refused_in_a_sentence(tmp_path, capsys):
    simulate(tmp_path / "a.jsonl", "casual", seed="one")
    simulate(tmp_path / "b.jsonl", "casual", seed="two")
    assert main([str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 2
    assert capsys.readouterr().err == ("paired_runs: the runs did not play the same deals:"
                                       " seed differ\n")
    assert main([str(tmp_path / "a.jsonl"), str(tmp_path / "missing.jsonl")]) == 2
    assert "No such file" in capsys.readouterr().err
