"""``bench/levels.py``: a level against the one below it on paired deals, for a team game
(two runs, the difference in cards left and wins) and for competing seats (one duplicate
run, the upper level's gain); ``--out``/``--resume`` finish a stopped row with the figures
of a run never stopped; ``--plan`` times a row; bad arguments give one line and status 2."""

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from levels import main  # noqa: E402

from cardtable.sim import run  # noqa: E402

TEAM_ROW = ["--game", "the-game", "--players", "1", "--mode", "standard", "--level", "casual",
            "--seed", "levels-test", "--jobs", "1"]
MEASURED = ("game", "mode", "players", "level", "below", "deals", "measure", "unit",
            "difference", "interval", "shown", "other")


def measured(tmp_path, argv: list) -> list:
    """The rows ``main`` writes with ``--json``, after checking it succeeds."""
    path = tmp_path / "rows.json"
    assert main([*argv, "--json", str(path)]) == 0
    return json.loads(path.read_text())["rows"]


def test_a_team_row_compares_two_runs_of_the_same_deals(tmp_path, capsys):
    [row] = measured(tmp_path, [*TEAM_ROW, "--deals", "4"])
    upper = run("the-game", 1, 4, "levels-test", ["casual"], {})
    lower = run("the-game", 1, 4, "levels-test", ["random"], {})
    assert (row["level"], row["below"], row["deals"], row["duplicate"]) == ("casual", "random", 4, False)
    assert row["measure"] == "cards left"
    assert row["difference"] == pytest.approx(lower["avg_cards_left"] - upper["avg_cards_left"])
    low, high = row["interval"]
    assert low <= row["difference"] <= high and row["shown"] == (low > 0)
    [wins] = row["other"]
    assert wins["difference"] == pytest.approx(upper["win_rate"] - lower["win_rate"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("`python bench/levels.py " + " ".join(TEAM_ROW) + " --deals 4"
                           f" --json {tmp_path / 'rows.json'}`")
    assert out[4].startswith("| the-game | standard | 1 | casual | random | 4 | +")


def test_a_competing_row_is_the_upper_levels_duplicate_gain(tmp_path):
    [row] = measured(tmp_path, ["--game", "rentz", "--players", "3", "--mode", "practice=king",
                                "--level", "basic", "--deals", "3", "--seed", "levels-test",
                                "--jobs", "1"])
    gain = run("rentz", 3, 3, "levels-test", ["basic", "random", "random"],
               {"practice": "king"}, duplicate=True)["duplicate"]["by_bot"][0]
    assert (row["level"], row["below"], row["deals"], row["duplicate"]) == ("basic", "random", 3, True)
    assert (row["measure"], row["unit"]) == ("gain", "points a game")
    assert (row["difference"], row["interval"]) == (gain["mean_gain"], gain["mean_gain_ci"])
    assert row["other"] == [] and row["cpu_seconds"] >= 0 and row["wall_seconds"] >= 0


def test_a_stopped_row_resumes_to_the_figures_of_a_whole_run(tmp_path, capsys):
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    whole.mkdir(), stopped.mkdir()
    argv = [*TEAM_ROW, "--deals", "6"]
    [expected] = measured(tmp_path, [*argv, "--out", str(whole)])
    files = sorted(whole.iterdir())
    assert [f.name for f in files] == ["the-game_standard_1p_casual_levels-test_6deals.jsonl",
                                       "the-game_standard_1p_random_levels-test_6deals.jsonl"]
    for file in files:
        (stopped / file.name).write_text("".join(file.read_text().splitlines(True)[:2]))
    capsys.readouterr()
    assert main([*argv, "--out", str(stopped)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already holds games: add --resume" in err
    [resumed] = measured(tmp_path, [*argv, "--out", str(stopped), "--resume"])
    assert {key: resumed[key] for key in MEASURED} == {key: expected[key] for key in MEASURED}
    assert all(len((stopped / f.name).read_text().splitlines()) == 6 for f in files)


def test_the_plan_times_a_row_on_a_few_deals_and_scales_its_cost(tmp_path):
    [row] = measured(tmp_path, [*TEAM_ROW, "--plan", "--out", str(tmp_path)])
    assert (row["deals"], row["timed_deals"]) == (400, 4)
    assert row["estimated_cpu_seconds"] == round(row["cpu_seconds"] * 100)
    assert not list(tmp_path.glob("*.jsonl"))


@pytest.mark.parametrize("argv", [
    ["--deals", "0"], ["--game", "go"], ["--level", "random"], ["--players", "9"],
    ["--resume"], ["--out", "/nowhere/at/all"], ["--mode", "layout=wild"],
    ["--game", "triggs", "--mode", "blind=plain"], ["--jobs", "2", "--scheduler", "tcp://x:1"],
])
def test_a_bad_argument_gives_one_line_and_status_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        status = main(argv)
        raise SystemExit(status)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_rows_verdict_is_its_longest_runs(tmp_path):
    """A row run on 400 deals and on to 1,600 (the same first 400) has the verdict of the
    1,600, whichever order the files come in; among runs of one length, the later file's."""
    from levels import verdicts

    def rows_file(name: str, deals: int, shown: bool) -> str:
        path = tmp_path / name
        path.write_text(json.dumps({"rows": [{"game": "extreme", "mode": "standard",
                                              "players": 5, "level": "strong",
                                              "deals": deals, "shown": shown}]}))
        return str(path)

    short, long = rows_file("a.json", 400, True), rows_file("b.json", 1600, False)
    key = ("standard", 5, "strong")
    assert verdicts([short, long])["extreme"][key] is False
    assert verdicts([long, short])["extreme"][key] is False
    again = rows_file("c.json", 1600, True)
    assert verdicts([long, again])["extreme"][key] is True
