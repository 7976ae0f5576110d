"""The levels' table: every bot level a player can pick, against the level below it, on
paired deals (issue 54: every level the lobby offers is shown stronger than the one below).

    python bench/levels.py [--game G] [--players N] [--mode M] [--level L] [--deals 400]
                           [--seed levels] [--jobs J | --scheduler ADDR] [--out DIR]
                           [--resume] [--json FILE] [--plan]
    python bench/levels.py --verdicts FILE [FILE ...]

Rows: every game, mode and player count the lobby offers, and every bot level but the
weakest (``cardtable.bots.levels``), each against the level directly below it. A mode is
the standard rules, or the standard rules with one of the lobby's choices (a ``Choice``
option, a row of buttons) set to another of its values, named as a link writes it
(``min_cards=3``, ``layout=random``, ``blind=double``, ``practice=king``). The lobby's number
fields (Rentz's points) keep their defaults. ``--mode`` takes any set of options as a link
writes them, comma separated (``min_cards=3,small_hands=on``), for the games that have them.
``--game``, ``--players``, ``--mode`` and ``--level`` (the upper level) narrow the rows.

How a row compares the two levels, on the simulator's deals of ``--seed`` (deal ``i`` of
every run is the same cards, each seat's bot keeps its stream):

- Seats that compete (Triggs, Rentz): one duplicate run of the simulator (``--duplicate``):
  the upper level in one seat and the lower level in the others, each deal played once per
  rotation of the seats. Decides: the upper level's ``mean_gain`` (its mean return on a deal
  less the others', ``sim.duplicate_gains``), in wins or points a game.
- Seats that play as one team (The Game, Extreme): two runs on the same deals, every seat the
  upper level, then every seat the lower level. Per deal, the upper team's outcome less the
  lower's: its wins (the team's ``returns()``) and, where the game's result counts them, the
  cards it left fewer. The cards left decide: they are the game's own score, and they tell a
  deal lost by one card from one lost by forty, where a win says only whether the score
  reached 0, so they separate two levels on far fewer deals; the wins are in the table too.

Every difference is signed so that above 0 means the upper level did better. The interval is the paired 95% t interval over deals (``sim.student``); "shown"
means it lies entirely above 0.

Printed: a header line (date, machine, load, command), then a Markdown table, a line per
row as soon as the row is done (``--json`` is rewritten then too): the game, mode, players, level, the level below, deals, the deciding difference with
its interval and unit, shown (yes/no), the other measure (team rows: the wins), and the
row's cost: CPU seconds (this process and its worker processes while they played the
row's games; on a cluster, each game's own seconds there; a game read back from ``--out``
counts the seconds it recorded) and wall seconds. A run shared by two rows (a team run of
the middle level) is played once and counted in both; a last line sums every run once.
``--json FILE`` writes the header, the rows and that sum as JSON.

``--out DIR``: each run writes its games to its own file in DIR, one JSON line per game as
``python -m cardtable sim --out`` writes them, named after the game, mode, players, levels,
seed and deals; ``--resume`` plays only the games those files lack (a row stopped halfway
continues and gives the same figures as a run never stopped). Without ``--resume`` a file
that already holds games is an error.

``--plan``: the rows and each one's cost at ``--deals``, from the CPU seconds of each run's
first deals (at least ``PLAN_GAMES`` games) scaled up, the wall seconds being those CPU
seconds spread over ``--jobs`` (or every core) with nothing else running; beside them the
quick difference of the timed deals. No file is written.

``--verdicts FILE…``: the rows of those ``--json`` files (measured, not planned; a later
file's row replaces an earlier one's) written as each game's ``level_table.py``
(``cardtable/games/<game>/``), whose verdicts decide which levels each table offers
(``cardtable/bots/offered.py``).

Bad arguments: one line on stderr, exit status 2; a game the bots cannot finish: one line,
exit status 1; Ctrl-C: one line, exit status 130 (the files keep every finished game).
"""

from __future__ import annotations

import contextlib
import datetime
import json
import math
import os
import platform
import re
import resource
import shlex
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from cardtable import bots  # noqa: E402
from cardtable.bots.offered import STANDARD, mode_name  # noqa: E402
from cardtable.engine.registry import GAMES  # noqa: E402
from cardtable.sim import (DECIMALS, Parser, SimulationError, at_least_one,  # noqa: E402
                           duplicate_gains, game_id, make_run, open_out, parse_options, play,
                           players_of, read_games, student, whole_number)

PLAN_GAMES = 4  # the fewest games a run is timed on by --plan
UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]")


@dataclass(frozen=True)
class Row:
    """One line of the table: ``level`` against ``below`` in ``game``'s ``mode``."""

    game: str
    mode: str
    options: dict = field(hash=False)
    players: int
    level: str
    below: str


@dataclass
class Played:
    """A run's games in order, and what playing them cost."""

    records: list
    cpu: float
    wall: float


# -- the rows ------------------------------------------------------------------------------
def lobby_modes(spec) -> dict:
    """``{name: options}``: the standard rules, and each other value of each of the lobby's
    choices alone."""
    modes = {STANDARD: {}}
    for option in spec.options:
        if option.widget != "choice":
            continue
        for value in option.choices:
            if value != option.default:
                modes[mode_name(spec, {option.key: value})] = {option.key: value}
    return modes


def asked_mode(spec, text: str) -> dict:
    """``{name: options}`` of ``--mode``; ``ValueError`` in words."""
    if text == STANDARD:
        return {STANDARD: {}}
    pairs = [item.partition("=")[::2] for item in text.split(",")]
    options = parse_options(spec, pairs)
    return {mode_name(spec, options): options}


def game_modes(spec, mode: str | None) -> dict:
    return asked_mode(spec, mode) if mode else lobby_modes(spec)


def select_rows(game: str | None, players: int | None, mode: str | None,
                level: str | None) -> list:
    """The rows the filters leave; ``ValueError`` in words when none."""
    rows, refused = [], {}
    for spec in [GAMES[game]] if game else GAMES.values():
        try:
            modes = game_modes(spec, mode)
        except ValueError as err:
            refused[spec.id] = str(err)
            continue
        rows += game_rows(spec, modes, players, level)
    if rows:
        return rows
    if refused and (game or len(refused) == len(GAMES)):
        raise ValueError(mode_refusal(refused, mode))
    raise ValueError("no row has this game, players, mode and level" + level_hint(game))


def mode_refusal(refused: dict, mode: str) -> str:
    """Why ``--mode`` fits no game: the words of a game that has its options, if any."""
    keys = {item.partition("=")[0] for item in mode.split(",")}
    having = [game for game in refused
              if keys <= {option.key for option in GAMES[game].options}]
    return refused[(having or list(refused))[0]]


def game_rows(spec, modes: dict, players: int | None, level: str | None) -> list:
    counts = range(spec.min_players, spec.max_players + 1)
    ladder = bots.levels(spec.id)
    return [Row(spec.id, name, options, count, upper, lower)
            for name, options in modes.items()
            for count in counts if players in (None, count)
            for lower, upper in zip(ladder, ladder[1:]) if level in (None, upper)]


def level_hint(game: str | None) -> str:
    """The levels that can head a row, in words."""
    games = [game] if game else list(GAMES)
    return " (levels above another: " + "; ".join(
        f"{g}: {', '.join(bots.levels(g)[1:])}" for g in games) + ")"


# -- a row's runs ---------------------------------------------------------------------------
def row_runs(row: Row, deals: int, seed: str) -> tuple:
    """The runs a row compares: one duplicate run, the upper level in the first seat of its
    rotations, where the seats compete; else the team runs of the upper and lower level."""
    lineup = [row.level] + [row.below] * (row.players - 1)
    try:
        return (make_run(row.game, row.players, deals, seed, lineup, row.options, True),)
    except ValueError:
        return tuple(make_run(row.game, row.players, deals, seed, [level] * row.players,
                              row.options) for level in (row.level, row.below))


def plan_deals(row: Row) -> int:
    """The deals a row is timed on: at least ``PLAN_GAMES`` games in each of its runs."""
    competing = row_runs(row, 1, "plan")[0].duplicate
    return math.ceil(PLAN_GAMES / (row.players if competing else 1))


def run_file(run, mode: str) -> str:
    """The name of a run's file: game, mode, players, levels, seed and deals."""
    levels = "+".join(dict.fromkeys(run.levels))
    parts = (run.game, mode, f"{run.players}p", levels, run.seed, f"{run.games}deals")
    return UNSAFE.sub("_", "_".join(parts)) + ".jsonl"


# -- playing --------------------------------------------------------------------------------
def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    own, workers = (resource.getrusage(who)
                    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def recorded_seconds(records) -> float:
    return math.fsum(record["seconds"] for record in records)


def play_run(args, run, done: dict, out) -> Played:
    """Play the games of ``run`` that ``done`` lacks, each line written to ``out``."""
    records = dict(done)
    todo = [index for index in range(run.total) if index not in done]

    def keep(record):
        out.write(json.dumps(record).encode() + b"\n")
        records[record["index"]] = record

    cpu, wall = cpu_seconds(), time.perf_counter()
    if todo:
        with players_of(args, run, todo) as games:
            play(run, done, games, keep)
    new = [records[index] for index in todo]
    cpu = recorded_seconds(new) if args.scheduler else cpu_seconds() - cpu
    ordered = [records[index] for index in range(run.total)]
    return Played(ordered, cpu + recorded_seconds(done.values()), time.perf_counter() - wall)


class Runs:
    """Every run of the rows, each played once, with its file and the games it holds."""

    def __init__(self, args, rows: list, deals_of, stack: contextlib.ExitStack):
        self.args, self.played, self.files = args, {}, {}
        self.by_row = {row: [(run_file(run, row.mode), run)
                             for run in row_runs(row, deals_of(row), args.seed)]
                       for row in rows}
        self.runs = {name: run for pairs in self.by_row.values() for name, run in pairs}
        for name, run in self.runs.items():
            path = os.path.join(args.out, name) if args.out else None
            done = read_games(path, run) if args.resume and path else {}
            self.files[name] = (done, stack.enter_context(open_out(path, args.resume)))

    def of(self, row: Row) -> list:
        """The row's runs, played now unless already played for another row."""
        played = []
        for name, run in self.by_row[row]:
            if name not in self.played:
                self.played[name] = play_run(self.args, run, *self.files[name])
            played.append((run, self.played[name]))
        return played

    def total(self, deals: int | None, workers: int) -> dict:
        """What the runs cost, each once; with ``deals``, scaled to that many deals a run
        on ``workers`` processes."""
        cpu = math.fsum(played.cpu * (deals / self.runs[name].games if deals else 1)
                        for name, played in self.played.items())
        wall = cpu / workers if deals else math.fsum(p.wall for p in self.played.values())
        return {"runs": len(self.played), "cpu_seconds": round(cpu), "wall_seconds": round(wall)}


# -- the figures ----------------------------------------------------------------------------
def rounded(value: float) -> float:
    return round(value, DECIMALS)


def figure(name: str, unit: str, difference: float, interval: list | None) -> dict:
    """A measure of a row, and whether its interval shows the upper level better."""
    return {"measure": name, "unit": unit, "difference": difference, "interval": interval,
            "shown": bool(interval) and interval[0] > 0}


def paired(name: str, unit: str, values: list) -> dict:
    """The :func:`figure` of per-deal differences: their mean and paired t interval."""
    return figure(name, unit, rounded(statistics.fmean(values)), student(values))


def return_unit(records: list) -> str:
    """Wins where every return is 0 or 1, else points."""
    ones = all(value in (0, 1) for record in records for value in record["returns"])
    return "wins a game" if ones else "points a game"


def team_measures(upper: list, lower: list) -> list:
    """The team rows' measures, the deciding one first: the cards left fewer (where the
    result counts them), then the wins."""
    wins = [high["returns"][0] - low["returns"][0] for high, low in zip(upper, lower)]
    measures = [paired("wins", return_unit(upper + lower), wins)]
    if all("cards_left" in record["result"] for record in upper + lower):
        fewer = [low["result"]["cards_left"] - high["result"]["cards_left"]
                 for high, low in zip(upper, lower)]
        measures.insert(0, paired("cards left", "cards fewer left a game", fewer))
    return measures


def duplicate_measure(run, records: list) -> dict:
    """The upper level's gain over the others on the same cards."""
    upper = duplicate_gains(run, records)["by_bot"][0]
    return figure("gain", return_unit(records), upper["mean_gain"], upper["mean_gain_ci"])


def row_figures(row: Row, played: list) -> dict:
    """The row as JSON data: what it compared, its measures (the deciding one first), its
    cost."""
    (run, first), *rest = played
    measures = (team_measures(first.records, rest[0][1].records) if rest
                else [duplicate_measure(run, first.records)])
    return {"game": row.game, "mode": row.mode, "options": run.encoded_options(),
            "players": row.players, "level": row.level, "below": row.below,
            "deals": run.games, "seed": run.seed, "duplicate": run.duplicate,
            **measures[0], "other": measures[1:],
            "cpu_seconds": round(sum(p.cpu for _, p in played), 2),
            "wall_seconds": round(sum(p.wall for _, p in played), 2)}


def planned(figures: dict, deals: int, workers: int) -> dict:
    """A timed row with its cost at ``deals`` deals on ``workers`` processes."""
    scale = deals / figures["deals"]
    cpu = figures["cpu_seconds"] * scale
    return {**figures, "timed_deals": figures["deals"], "deals": deals,
            "estimated_cpu_seconds": round(cpu), "estimated_wall_seconds": round(cpu / workers)}


# -- the output -------------------------------------------------------------------------------
def number(value: float) -> str:
    return f"{value:+.2f}"


def difference_text(figure: dict) -> str:
    interval = figure["interval"]
    span = f" ({number(interval[0])} to {number(interval[1])})" if interval else ""
    return f"{number(figure['difference'])}{span} {figure['unit']}"


def other_text(row: dict) -> str:
    return "; ".join(difference_text(m) for m in row["other"]) or "—"


def table_head(plan: bool) -> str:
    """The head of the Markdown table of measured rows, or with ``plan`` of timed ones."""
    cost = ("timed deals | quick difference (95%) | est. CPU s | est. wall s" if plan
            else "difference (95%) | shown | other measure | CPU s | wall s")
    head = f"| game | mode | players | level | below | deals | {cost} |"
    return head + "\n|" + "---|" * (head.count(" | ") + 1)


def table_line(row: dict, plan: bool) -> str:
    cells = ([row["timed_deals"], difference_text(row), row["estimated_cpu_seconds"],
              row["estimated_wall_seconds"]] if plan
             else [difference_text(row), "yes" if row["shown"] else "no", other_text(row),
                   row["cpu_seconds"], row["wall_seconds"]])
    first = [row["game"], row["mode"], row["players"], row["level"], row["below"], row["deals"]]
    return "| " + " | ".join(map(str, first + cells)) + " |"


def total_line(total: dict, args) -> str:
    """What every run of the table cost, a run that two rows share counted once."""
    line = (f"All rows: {total['runs']} runs (a run two rows share counted once),"
            f" {total['cpu_seconds']} CPU s, {total['wall_seconds']} wall s")
    return line + (f", estimated at {args.deals} deals a row on"
                   f" {args.jobs or os.cpu_count()} processes" if args.plan else "")


def header(argv: list) -> dict:
    """When, where and by which command the table was made."""
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return {"date": datetime.datetime.now().isoformat(timespec="seconds"),
            "machine": f"{platform.platform()}, {os.cpu_count()} cores,"
                       f" {platform.python_implementation()} {platform.python_version()},"
                       f" load {load}",
            "command": shlex.join(["python", "bench/levels.py", *argv])}


def header_line(about: dict) -> str:
    return f"{about['date']} · {about['machine']} · `{about['command']}`"


# -- the command ------------------------------------------------------------------------------
def parse_args(argv):
    parser = Parser(prog="bench/levels.py", description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=game_id, help=", ".join(GAMES))
    parser.add_argument("--players", type=whole_number)
    parser.add_argument("--mode", help="standard, or options as a link writes them")
    parser.add_argument("--level", help="the upper level of the rows")
    parser.add_argument("--deals", type=at_least_one, default=400)
    parser.add_argument("--seed", default="levels")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=at_least_one, help="worker processes (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler (tcp://host:port)")
    parser.add_argument("--out", metavar="DIR", help="a file of games per run in DIR")
    parser.add_argument("--resume", action="store_true", help="play only what --out lacks")
    parser.add_argument("--json", metavar="FILE", help="write the header and rows as JSON")
    parser.add_argument("--plan", action="store_true", help="time each row on a few deals")
    parser.add_argument("--verdicts", nargs="+", metavar="FILE",
                        help="write the rows of these --json files as the bots' level table")
    args = parser.parse_args(argv)
    if args.resume and not args.out:
        parser.error("--resume needs --out DIR: the files of the runs to finish")
    if args.out and not os.path.isdir(args.out):
        parser.error(f"--out {args.out[:80]} is not a folder")
    return args


def measure_rows(args, rows: list, runs: Runs, keep) -> list:
    """Every row measured at ``--deals`` (or timed with ``--plan``), each handed to ``keep``
    as it is done; progress on stderr."""
    workers = args.jobs or os.cpu_count() or 1
    measured = []
    for count, row in enumerate(rows, 1):
        print(f"row {count}/{len(rows)}: {row.game} {row.mode} {row.players}p"
              f" {row.level} over {row.below}", file=sys.stderr, flush=True)
        figures = row_figures(row, runs.of(row))
        measured.append(planned(figures, args.deals, workers) if args.plan else figures)
        keep(measured)
    return measured


def write_json(path: str | None, about: dict, rows: list, total: dict | None = None) -> None:
    if path:
        Path(path).write_text(json.dumps({**about, "rows": rows, "total": total}, indent=1) + "\n")


def execute(args, argv: list) -> int:
    """Check everything, then measure the rows, printing each line of the table as its row
    is done (and rewriting ``--json``); the exit status."""
    about = header(argv)
    with contextlib.ExitStack() as stack:
        try:
            rows = select_rows(args.game, args.players, args.mode, args.level)
            if args.plan:
                args.out = args.resume = None
            runs = Runs(args, rows, plan_deals if args.plan else lambda row: args.deals, stack)
            print(header_line(about) + "\n\n" + table_head(args.plan), flush=True)

            def keep(measured):
                print(table_line(measured[-1], args.plan), flush=True)
                write_json(args.json, about, measured)

            measured = measure_rows(args, rows, runs, keep)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        except SimulationError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
    total = runs.total(args.deals if args.plan else None, args.jobs or os.cpu_count() or 1)
    print("\n" + total_line(total, args))
    write_json(args.json, about, measured, total)
    return 0


def verdicts(paths: list) -> dict:
    """``{game: {(mode, players, level): shown}}`` of the measured rows of ``--json``
    files; ``ValueError`` in words for a file that is not one. Where several files hold
    a row, the one run on the most deals gives its verdict (a run's first deals are the
    same at any length, so a longer run holds a shorter one), the later file among equals."""
    shown, deals = {game: {} for game in GAMES}, {}
    for path in paths:
        try:
            rows = json.loads(Path(path).read_text())["rows"]
            for row in rows:
                key = (row["mode"], row["players"], row["level"])
                if "timed_deals" not in row and row["deals"] >= deals.get((row["game"], key), 0):
                    shown[row["game"]][key] = row["shown"]
                    deals[row["game"], key] = row["deals"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise ValueError(f"{path[:80]} is not a --json file of bench/levels.py"
                             f" ({type(err).__name__})") from None
    return shown


def write_level_tables(shown: dict) -> None:
    """Each game's ``level_table.py`` with its rows of ``shown``, sorted."""
    for game, rows in shown.items():
        path = ROOT / "py" / Path(*GAMES[game].package.split(".")) / "level_table.py"
        head, _sep, _rest = path.read_text().partition("SHOWN = {")
        lines = [f"    {key!r}: {value!r},\n" for key, value in sorted(rows.items())]
        path.write_text(head + "SHOWN = {\n" + "".join(lines) + "}\n")


def main(argv=None) -> int:
    """The command; its exit status (Ctrl-C: 130, with one line)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parse_args(argv)
    if args.verdicts:
        try:
            write_level_tables(verdicts(args.verdicts))
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        return 0
    try:
        return execute(args, argv)
    except KeyboardInterrupt:
        kept = f"; the finished games are in {args.out}: add --resume" if args.out else ""
        print(f"interrupted{kept}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
