"""The simulator at scale (issue 14): worker processes, a Dask cluster, a JSONL file per run
that can be resumed, intervals, duplicate deals, and bad input in one sentence."""

import fcntl
import json
import os
import pty
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from cardtable import __main__ as command, sim
from cardtable.engine.rng import derive_seed

PY = sim.__file__.rsplit("/cardtable/", 1)[0]
# A run long enough to interrupt (a few seconds on two jobs), short enough to repeat.
LONG = ["the-game", "--players", "2", "--games", "400", "--seed", "scale", "--bot", "casual"]


def cli(*args, **kwargs):
    """``python -m cardtable`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "cardtable", *args], cwd=PY,
                          capture_output=True, text=True, timeout=120, **kwargs)


def sim_main(capsys, *args):
    """``cardtable sim`` in this process: (exit status, report or None, stderr)."""
    code = command.main(["sim", *map(str, args)])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out else None, captured.err


def figures(report: dict) -> dict:
    """A report but for its speed, which no two runs share."""
    return {key: value for key, value in report.items() if key != "games_per_second"}


def lines(path) -> list:
    """The records of a file of games, each line whole, by index."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") or not text
    return sorted((json.loads(line) for line in text.splitlines()), key=lambda r: r["index"])


def timeless(records: list) -> list:
    return [{key: value for key, value in r.items() if key != "seconds"} for r in records]


@pytest.fixture(scope="module")
def long_run(tmp_path_factory):
    """The uninterrupted LONG run on two jobs: its report and its file."""
    path = tmp_path_factory.mktemp("long") / "games.jsonl"
    out = cli("sim", *LONG, "--jobs", "2", "--out", str(path))
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return json.loads(out.stdout), path


# -- all cores ----------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["the-game", "--players", "3", "--games", "40", "--bot", "casual"],
    ["rentz", "--players", "3", "--games", "6", "--bots", "basic,random,basic"],
    ["triggs", "--players", "2", "--games", "12", "--bots", "basic,random", "--duplicate"],
], ids=["the-game", "rentz", "triggs-duplicate"])
def test_the_figures_and_games_are_the_same_for_any_number_of_jobs(args, tmp_path, capsys):
    runs = {}
    for jobs in (1, 2):
        path = tmp_path / f"jobs{jobs}.jsonl"
        code, report, err = sim_main(capsys, *args, "--jobs", jobs, "--out", path)
        assert code == 0 and err == "", err
        runs[jobs] = figures(report), timeless(lines(path))
    assert runs[1] == runs[2]


def test_the_python_entry_point_plays_on_several_processes_alike():
    one = sim.run("triggs", 2, 10, "p", ["basic", "random"], {})
    two = sim.run("triggs", 2, 10, "p", ["basic", "random"], {}, jobs=2)
    assert figures(one) == figures(two)


# -- a cluster ----------------------------------------------------------------------------
def test_sim_does_not_import_dask_until_a_scheduler_is_named():
    out = subprocess.run([sys.executable, "-c", "import sys, cardtable.sim; print(sorted("
                          "m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"],
                         cwd=PY, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out


def test_a_dask_cluster_plays_the_same_games_as_one_process(tmp_path):
    from dask.distributed import LocalCluster

    args = ["rentz", "--players", "3", "--games", "5", "--seed", "dask", "--bots",
            "basic,random,basic", "--duplicate"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        path = tmp_path / "cluster.jsonl"
        out = cli("sim", *args, "--scheduler", cluster.scheduler_address, "--out", str(path))
    assert out.returncode == 0, out.stderr
    alone = sim.run("rentz", 3, 5, "dask", ["basic", "random", "basic"],
                    {}, duplicate=True)
    assert figures(json.loads(out.stdout)) == figures(alone)
    assert [r["index"] for r in lines(path)] == list(range(15))


# -- results to analyse ---------------------------------------------------------------------
def test_each_line_is_one_whole_game_of_the_run(long_run):
    report, path = long_run
    records = lines(path)
    assert [r["index"] for r in records] == list(range(400))
    for record in records:
        assert record["seed"] == derive_seed("scale", record["index"])
        assert record["bots"] == ["casual", "casual"] and record["run_seed"] == "scale"
        assert record["options"] == report["options"] and record["actions"] > 0
        assert record["seconds"] >= 0 and record["result"]["over"]
    assert report["avg_actions"] == round(sum(r["actions"] for r in records) / 400, 2)


def test_a_run_cut_short_is_resumed_to_the_same_figures(long_run, tmp_path, capsys):
    report, path = long_run
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(path.read_text().splitlines(keepends=True)[:150]))
    code, resumed, err = sim_main(capsys, *LONG, "--out", cut, "--resume")
    assert code == 0 and err == "", err
    assert figures(resumed) == figures(report)
    assert timeless(lines(cut)) == timeless(lines(path))


def test_ctrl_c_leaves_whole_lines_that_resume_finishes(long_run, tmp_path, capsys):
    report, _ = long_run
    path = tmp_path / "stopped.jsonl"
    # The command runs as from a terminal, where Ctrl-C is not ignored: a suite started in
    # the background (``&`` in a script) would pass its own ignored SIGINT on to it, and
    # Python then keeps ignoring it.
    process = subprocess.Popen([sys.executable, "-m", "cardtable", "sim", *LONG, "--jobs", "2",
                                "--out", str(path)], cwd=PY, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while (not path.exists() or path.read_text().count("\n") < 20) and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and out == "", (out, err)
    assert len(err.splitlines()) == 1 and "--resume" in err and "Traceback" not in err
    kept = lines(path)
    assert 20 <= len(kept) < 400
    code, resumed, err = sim_main(capsys, *LONG, "--out", path, "--resume")
    assert code == 0 and figures(resumed) == figures(report), err
    assert len(lines(path)) == 400


def intervals_of(report: dict):
    """(estimate, interval, is a rate) for every interval of a report, nested ones too."""
    def walk(value, interval, rate):
        if isinstance(value, dict):
            for key in value:
                yield from walk(value[key], interval[key], rate)
        elif isinstance(value, list):
            for part, part_interval in zip(value, interval):
                yield from walk(part, part_interval, rate)
        else:
            yield value, interval, rate

    for key, interval in report.items():
        if key.endswith("_ci"):
            figure = key[:-3]
            yield from walk(report[figure], interval, "rate" in figure or figure == "unfinished")


def test_intervals_contain_their_figure_and_rates_stay_within_0_and_1(long_run):
    report, _ = long_run
    rentz = sim.run("rentz", 3, 8, "ci", ["basic", "random", "basic"], {})
    for name, expected in ((report, {"win_rate_ci", "avg_cards_left_ci", "excellent_rate_ci",
                                     "avg_actions_ci"}),
                           (rentz, {"win_rate_by_seat_ci", "avg_score_by_seat_ci",
                                    "points_by_sub_game_ci", "avg_actions_ci"})):
        assert expected <= name.keys()
        found = list(intervals_of(name))
        assert len(found) >= len(expected)
        for estimate, (low, high), rate in found:
            assert low <= estimate <= high
            assert not rate or 0 <= low <= high <= 1
    assert report["win_rate_ci"][1] - report["win_rate_ci"][0] < 0.1


def test_counts_get_no_interval():
    report = sim.run("extreme", 2, 6, "ci", ["random", "random"], {})
    assert "lost_by_instruction" in report and "lost_by_instruction_ci" not in report
    assert "win_rate_ci" in report


def test_the_progress_bar_shows_on_a_terminal_only(tmp_path):
    args = ["sim", "the-game", "--players", "2", "--games", "60", "--bot", "casual",
            "--jobs", "1"]
    assert cli(*args).stderr == ""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "cardtable", *args], cwd=PY,
                               stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    shown = b""
    with pytest.raises(OSError):  # the terminal reads past its end once the process is gone
        while chunk := os.read(leader, 4096):
            shown += chunk
    process.communicate(timeout=60)
    os.close(leader)
    assert b"60/60" in shown and b"game/s" in shown and b"<" in shown


# -- duplicate deals ----------------------------------------------------------------------
def test_duplicate_plays_every_deal_once_per_rotation(tmp_path, capsys):
    path = tmp_path / "dup.jsonl"
    code, report, err = sim_main(capsys, "rentz", "--players", "3", "--games", "4", "--bots",
                                 "basic,random,random", "--duplicate", "--out", path)
    assert code == 0, err
    records = lines(path)
    assert len(records) == 12 and report["games"] == 4
    for deal in range(4):
        games = records[3 * deal:3 * deal + 3]
        assert {g["seed"] for g in games} == {derive_seed("0", deal)}
        assert [g["bots"] for g in games] == [["basic", "random", "random"],
                                              ["random", "basic", "random"],
                                              ["random", "random", "basic"]]
    section = report["duplicate"]
    assert section["deals"] == 4 and section["games_played"] == 12
    gains = [bot["mean_gain"] for bot in section["by_bot"]]
    assert [bot["level"] for bot in section["by_bot"]] == ["basic", "random", "random"]
    assert abs(sum(gains)) < 1e-6
    for bot in section["by_bot"]:
        low, high = bot["mean_gain_ci"]
        assert low <= bot["mean_gain"] <= high


def test_a_level_against_itself_gains_nothing_and_a_stronger_one_gains():
    same = sim.run("triggs", 2, 10, "dup", ["basic", "basic"], {}, duplicate=True)
    assert [bot["mean_gain"] for bot in same["duplicate"]["by_bot"]] == [0, 0]
    rentz = sim.run("rentz", 3, 3, "dup", ["basic"] * 3, {}, duplicate=True)
    assert [bot["mean_gain"] for bot in rentz["duplicate"]["by_bot"]] == [0, 0, 0]
    stronger = sim.run("triggs", 2, 10, "dup", ["basic", "random"], {}, duplicate=True)
    assert stronger["duplicate"]["by_bot"][0]["mean_gain_ci"][0] > 0


# -- bad input ----------------------------------------------------------------------------
BASE = ["the-game", "--players", "2", "--games", "3", "--seed", "a", "--bot", "casual",
        "--opt", "min_cards=2"]


def other_runs() -> list:
    """Runs whose games must not be mixed with BASE's in one file."""
    return [
        ("other game", ["extreme", "--players", "2", "--games", "3", "--seed", "a",
                        "--bot", "random"]),
        ("other players", ["the-game", "--players", "3", "--games", "3", "--seed", "a",
                           "--bot", "casual"]),
        ("other seed", [*BASE[:5], "--seed", "b", *BASE[7:]]),
        ("other options", [*BASE[:-1], "min_cards=3"]),
        ("other bots", ["the-game", "--players", "2", "--games", "3", "--seed", "a",
                        "--bots", "casual,random", "--opt", "min_cards=2"]),
        ("fewer games", [*BASE[:3], "1", *BASE[4:]]),
    ]


@pytest.fixture(scope="module")
def base_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("base") / "base.jsonl"
    assert command.main(["sim", *BASE, "--jobs", "1", "--out", str(path)]) == 0
    return path


def bad_runs(tmp: str) -> list:
    """(why, arguments) that must be refused in one sentence; ``tmp`` is a folder."""
    return [
        ("--jobs 0", [*BASE, "--jobs", "0"]),
        ("--jobs x", [*BASE, "--jobs", "x"]),
        ("--jobs and --scheduler", [*BASE, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"]),
        ("--resume without --out", [*BASE, "--resume"]),
        ("--out in a missing folder", [*BASE, "--out", f"{tmp}/missing/games.jsonl"]),
        ("--out a folder", [*BASE, "--out", tmp]),
        ("--out not JSON", [*BASE, "--out", f"{tmp}/text.jsonl", "--resume"]),
        ("--out not text", [*BASE, "--out", f"{tmp}/binary.jsonl", "--resume"]),
        ("--out not games", [*BASE, "--out", f"{tmp}/lists.jsonl", "--resume"]),
        ("--out kept without --resume", [*BASE, "--out", f"{tmp}/base.jsonl"]),
        ("--duplicate for The Game", [*BASE, "--duplicate"]),
        ("--duplicate for Extreme", ["extreme", "--players", "3", "--duplicate"]),
        ("scheduler address", [*BASE, "--scheduler", "nowhere"]),
        ("scheduler scheme", [*BASE, "--scheduler", "carrier-pigeon://loft:1"]),
        ("scheduler unreachable", [*BASE, "--scheduler", "tcp://127.0.0.1:9"]),
        *((why, [*args, "--out", f"{tmp}/base.jsonl", "--resume"])
          for why, args in other_runs()),
    ]


@pytest.mark.parametrize("why", [why for why, _ in bad_runs("")])
def test_bad_input_gives_one_sentence_and_status_2(why, base_file, tmp_path, capsys,
                                                   monkeypatch):
    monkeypatch.setattr(sim, "SCHEDULER_TIMEOUT", 1)
    shutil.copy(base_file, tmp_path / "base.jsonl")
    (tmp_path / "text.jsonl").write_text("games: 3\n")
    (tmp_path / "binary.jsonl").write_bytes(b"\xff\xfe\x00\x01\n")
    (tmp_path / "lists.jsonl").write_text("[1, 2]\n")
    code = exit_status(["sim", *dict(bad_runs(str(tmp_path)))[why]])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "", (why, captured)
    assert len(captured.err.splitlines()) == 1 and captured.err.startswith("error: "), why
    assert "Traceback" not in captured.err
    assert (tmp_path / "base.jsonl").read_bytes() == base_file.read_bytes()


def exit_status(argv: list) -> int:
    """The command's exit status, whether it returns it or argparse exits with it."""
    try:
        return command.main(argv)
    except SystemExit as exit_:
        return exit_.code
