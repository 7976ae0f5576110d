"""``bench/startup_engines.py``: its figures and table from given runs, and its arguments
(no browser is started)."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from startup_engines import parse, summarize, table  # noqa: E402


def visits(cold: float, warm: float) -> dict:
    return {"cold": {"ms": cold, "late": False}, "warm": {"ms": warm, "late": False}}


RUNS = {
    "app": [{**visits(4000, 1000), "made": True, "entries": ["s.bin"], "boot": "restored"},
            {**visits(6000, 5000), "made": True, "entries": [], "boot": "normal"},
            {**visits(5000, 2000), "made": True, "entries": ["s.bin"], "boot": "restored"}],
    "bare": [visits(8000, 6000), visits(10000, 7000), visits(9000, 8000)],
}


def test_medians_extremes_and_ratios_of_one_engine():
    s = summarize(RUNS)
    assert s["app"]["cold"] == {"median": 5000, "min": 4000, "max": 6000}
    assert s["app"]["warm"] == {"median": 2000, "min": 1000, "max": 5000}
    assert s["app_over_bare"] == {"cold": 0.56, "warm": 0.29}
    assert s["warm_over_cold"] == {"app": 0.4, "bare": 0.78}
    assert s["boots"] == ["restored", "normal", "restored"]
    assert s["late"] == 0


def test_the_table_gives_each_engine_its_lines_and_a_failed_engine_its_error():
    lines = table({"webkit": summarize(RUNS), "firefox": {"error": "the bridge ended"}}, 3)
    text = "\n".join(lines)
    assert lines[2].split() == ["webkit", "app", "5000", "[4000–6000]", "2000", "[1000–5000]",
                                "0.4"]
    assert "warm app started: restored, normal, restored" in text
    assert "warm/cold meets the goal" in text
    assert lines[-1] == "firefox   failed: the bridge ended"


@pytest.mark.parametrize("argv, words", [
    (["--runs", "0"], "the runs are a whole number from 1, not '0'"),
    (["--engines", "chromium,safari"], "engines are named among chromium, firefox, webkit"),
])
def test_a_bad_argument_is_one_sentence(argv, words, capsys):
    with pytest.raises(SystemExit):
        parse(argv)
    assert words in capsys.readouterr().err


def test_the_engines_default_to_all_three_and_may_be_chosen():
    assert parse([]).engines == ["chromium", "firefox", "webkit"]
    assert parse(["--engines", "webkit, firefox", "--runs", "3"]).engines == ["webkit", "firefox"]
