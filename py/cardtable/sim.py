"""The headless simulator: ``cardtable sim <game-id> --players N --games K --seed S``.

Prints one JSON object (docs/architecture.md, the automation contract): ``game``, ``players``,
``games``, ``seed``, ``bots``, ``options`` (each written as in a share link),
``games_per_second``, ``avg_actions`` and the game's own figures (``spec.summarize``).
Later keys only add to these: ``<figure>_ci``, the 95% interval of every figure that is a
mean over games (Wilson's for rates, Student's t for other means), and with ``--duplicate``
a ``duplicate`` section (:func:`duplicate_gains`).

Seeds: deal ``i`` of a run uses the seed ``derive_seed(S, i)``, so one command reproduces
every game of the run, whoever plays it: this process (``--jobs 1``), worker processes
(``--jobs N``) or a Dask cluster (``--scheduler``). The games are put back in their order
before they are summed, so the figures do not depend on who played them. The bot in each
seat gets a seed of its own, :func:`bot_seed`, from which the deal cannot be rebuilt.

``--out FILE`` gets one JSON line per game, written whole as each game finishes (in the
order games finish; each line has its ``index``); ``--resume`` plays only the games of the
run that the file lacks, and the summary covers them all.

Every bad argument ends the command with one line on stderr and exit status 2. A game the
bots cannot finish (a bot's illegal action, more actions than ``spec.max_actions``) ends
it with one line naming the game, the seeds and the bots, and exit status 1. Ctrl-C ends it
with one line and exit status 130, the file holding whole lines that ``--resume`` continues.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
from dataclasses import dataclass

from . import bots
from .engine.core import as_action, thaw
from .engine.registry import GAMES
from .engine.rng import derive_seed

CONFIDENCE = 0.95
Z = statistics.NormalDist().inv_cdf((1 + CONFIDENCE) / 2)
DECIMALS = 6  # intervals are rounded outwards to this many decimals
CHUNK = 16  # the most games a worker is handed at once
SCHEDULER_TIMEOUT = 5  # seconds to reach a Dask scheduler


class SimulationError(RuntimeError):
    """A game the bots could not finish: a bot's illegal action or a game too long."""


def bot_seed(deal: str, seat: int) -> str:
    """The seed of the bot in ``seat`` for the deal seeded ``deal``.

    A one-way hash with its own purpose (``bot``) of the deal's seed, itself made of the
    run's seed and the deal's index: a bot can neither rebuild the deal's hands and draw
    order from it nor share a stream with another seat or deal.
    """
    return hashlib.sha256(f"bot|{deal}|{seat}".encode()).hexdigest()[:16]


def next_action(state, seats: list, levels: list):
    """The next action: the forced one if the rules make it, else the answer of the bot
    in the seat to move, which must be one of ``state.legal_actions()``."""
    forced = state.forced_action()
    if forced is not None:
        return forced
    seat = state.current_player
    answer = seats[seat].act(state.view(seat))
    action = as_action(answer) if isinstance(answer, (list, tuple)) else answer
    if action not in state.legal_actions():
        chose = json.dumps(thaw(action), default=repr)
        raise SimulationError(f"bot {type(seats[seat]).__name__} (level {levels[seat]})"
                              f" in seat {seat} chose {chose}, which is not a legal action")
    return action


def play_deal(spec, players: int, options: dict, deal: str, levels: list):
    """Play the deal seeded ``deal`` with bots in every seat; returns the final state and
    the number of actions, forced ones included."""
    state = spec.new(players, options, deal)
    seats = [bots.make_bot(spec.id, levels[seat], seat, bot_seed(deal, seat))
             for seat in range(players)]
    limit = spec.max_actions(players)
    count = 0
    try:
        while not state.is_over:
            if count == limit:
                raise SimulationError(f"the game ran past {limit} actions")
            state = state.apply(next_action(state, seats, levels))
            count += 1
    except SimulationError as err:
        raise SimulationError(f"{err}: {spec.id}, {players} players, seed {deal!r},"
                              f" bots {','.join(levels)}") from None
    return state, count


def play_one(spec, players: int, options: dict, deal: str, levels: list):
    """The final state of :func:`play_deal`."""
    return play_deal(spec, players, options, deal, levels)[0]


# -- a run: which games, and one game of it ---------------------------------------------
@dataclass(frozen=True)
class Run:
    """The games of one run, as every process that plays some of them needs it (picklable:
    the game is named by its id). ``levels`` lists the bots, one per seat; ``games`` counts
    deals. With ``duplicate`` each deal is played once per rotation of the seats: game
    ``index`` is deal ``index // players`` with bot ``j`` in seat ``(j + rotation) % players``,
    ``rotation = index % players``; without, game ``index`` is deal ``index``."""

    game: str
    players: int
    games: int
    seed: str
    levels: tuple
    options: dict
    duplicate: bool = False

    @property
    def spec(self):
        return GAMES[self.game]

    @property
    def total(self) -> int:
        """The number of games the run plays."""
        return self.games * (self.players if self.duplicate else 1)

    def encoded_options(self) -> dict:
        return {key: self.spec.option(key).encode(value) for key, value in self.options.items()}

    def seats(self, rotation: int) -> list:
        """The bot level in each seat for a rotation."""
        return [self.levels[(seat - rotation) % self.players] for seat in range(self.players)]

    def identity(self, index: int) -> dict:
        """What game ``index`` is: the fields of its line in ``--out`` but what happened."""
        deal, rotation = divmod(index, self.players) if self.duplicate else (index, 0)
        return {"index": index, "game": self.game, "players": self.players,
                "run_seed": self.seed, "deal": deal, "seed": derive_seed(self.seed, deal),
                "rotation": rotation, "bots": self.seats(rotation),
                "options": self.encoded_options()}


def play_game(run: Run, index: int) -> dict:
    """Game ``index`` of ``run`` as JSON data (the same whether just played or read back
    from a file): its :meth:`Run.identity`, ``result``, ``returns`` (one number per seat:
    a game's ``returns()``), ``actions`` and ``seconds``."""
    record = run.identity(index)
    start = time.perf_counter()
    state, count = play_deal(run.spec, run.players, run.options, record["seed"], record["bots"])
    record.update(result=state.result(), returns=list(state.returns()), actions=count,
                  seconds=round(time.perf_counter() - start, 4))
    return json.loads(json.dumps(record))


def play_chunk(run: Run, indices: list) -> list:
    """:func:`play_game` for each of ``indices``: one task of a cluster."""
    return [play_game(run, index) for index in indices]


def chunk_size(games: int, workers: int) -> int:
    """Games per task: many tasks per worker, so that the last ones end together, and at
    most ``CHUNK`` games each."""
    return max(1, min(CHUNK, games // (16 * workers)))


# -- who plays: this process, worker processes or a Dask cluster -------------------------
@contextlib.contextmanager
def local_games(run: Run, indices, jobs: int):
    """The records of games ``indices`` of ``run``, played in this process for one job (or
    one game), else by ``jobs`` worker processes that ignore Ctrl-C (this process answers
    it by ending them), in the order they finish."""
    indices = list(indices)
    jobs = min(jobs, len(indices))
    if jobs <= 1:
        yield (play_game(run, index) for index in indices)
        return
    with multiprocessing.Pool(jobs, initializer=signal.signal,
                              initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
        yield pool.imap_unordered(functools.partial(play_game, run), indices,
                                  chunksize=chunk_size(len(indices), jobs))


def connect(address: str):
    """A client of the Dask scheduler at ``address``; ``ValueError`` in words when Dask is
    not installed or no scheduler answers there within ``SCHEDULER_TIMEOUT`` seconds. Dask
    is imported here only: the package runs in the browser without it."""
    try:
        import dask
        from dask.distributed import Client
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'cardtable[cluster]'") from None
    timeout = f"{SCHEDULER_TIMEOUT}s"
    try:
        with dask.config.set({"distributed.comm.timeouts.connect": timeout}):
            return Client(address, timeout=timeout)
    except Exception as err:  # Dask says a bad address or a dead one with many types
        raise ValueError(f"no Dask scheduler answers at {address[:80]} ({err})") from None


@contextlib.contextmanager
def cluster_games(address: str, run: Run, indices):
    """The records of games ``indices`` of ``run``, played on the Dask cluster whose
    scheduler is at ``address`` (connected on entry), in the order they finish."""
    from dask.distributed import as_completed

    indices = list(indices)
    with connect(address) as client:
        size = chunk_size(len(indices), max(1, len(client.ncores())))
        chunks = [indices[start:start + size] for start in range(0, len(indices), size)]
        futures = client.map(play_chunk, [run] * len(chunks), chunks, pure=False)
        yield (record for future in as_completed(futures) for record in future.result())


# -- the figures ---------------------------------------------------------------------------
def outwards(low: float, high: float) -> list:
    scale = 10 ** DECIMALS
    return [math.floor(low * scale) / scale, math.ceil(high * scale) / scale]


def wilson(values: list) -> list:
    """Wilson's interval for the rate of ones among ``values`` (each 0 or 1)."""
    n, rate = len(values), statistics.fmean(values)
    scale = 1 + Z * Z / n
    centre = (rate + Z * Z / (2 * n)) / scale
    half = Z * math.sqrt(rate * (1 - rate) / n + Z * Z / (4 * n * n)) / scale
    return outwards(max(0.0, centre - half), min(1.0, centre + half))


@functools.lru_cache(maxsize=None)
def t_quantile(df: int) -> float:
    """Student's t quantile at ``(1 + CONFIDENCE) / 2`` for ``df`` degrees of freedom: the
    density integrated by Simpson's rule, the integral inverted by bisection."""
    scale = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def below(x, steps=400):
        ys = [scale * (1 + (x * k / steps) ** 2 / df) ** (-(df + 1) / 2)
              for k in range(steps + 1)]
        return 0.5 + x / steps / 3 * (ys[0] + ys[-1] + 4 * sum(ys[1:-1:2]) + 2 * sum(ys[2:-1:2]))

    target, low, high = (1 + CONFIDENCE) / 2, 0.0, 1.0
    while below(high) < target:
        low, high = high, 2 * high
    while high - low > 1e-9:
        middle = (low + high) / 2
        low, high = (middle, high) if below(middle) < target else (low, middle)
    return high


def student(values: list) -> list | None:
    """The t interval of the mean of ``values``; None for fewer than two."""
    n = len(values)
    if n < 2:
        return None
    mean = statistics.fmean(values)
    spread = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * spread / math.sqrt(n)
    return outwards(mean - half, mean + half)


def interval(values: list) -> list | None:
    """The 95% interval of the mean of ``values``: Wilson's if each is 0 or 1, else t."""
    return wilson(values) if all(v in (0, 1) for v in values) else student(values)


def figure_interval(figure, per_game: list):
    """The interval of ``figure``, nested as it is (lists, dicts), when each of its numbers
    is a float, the mean of the same number in ``per_game`` (the figures of each game
    alone); None when any is not (a count, a label)."""
    if isinstance(figure, (list, dict)):
        keys = figure.keys() if isinstance(figure, dict) else range(len(figure))
        parts = {key: figure_interval(figure[key], [game[key] for game in per_game])
                 for key in keys}
        if not parts or None in parts.values():
            return None
        return parts if isinstance(figure, dict) else list(parts.values())
    is_mean = type(figure) is float and math.isclose(
        figure, statistics.fmean(per_game), rel_tol=1e-9, abs_tol=1e-12)
    return interval(per_game) if is_mean else None


def intervals(spec, results: list, figures: dict) -> dict:
    """``<key>_ci`` for each of the game's ``figures`` that is a mean over ``results``."""
    per_game = [spec.summarize([result]) for result in results]
    found = {f"{key}_ci": figure_interval(value, [game[key] for game in per_game])
             for key, value in figures.items()}
    return {key: value for key, value in found.items() if value is not None}


def duplicate_gains(run: Run, records: list) -> dict:
    """How each bot of ``run.levels`` does against the others on the same cards: on each
    deal, its mean return over the deal's rotations (one game in each seat) minus the mean
    of the other bots' alike; ``mean_gain`` over the deals with its 95% t interval. Seats
    keep their bot seeds, so bots of one level gain exactly 0 against each other."""
    players = run.players
    gains = [[] for _ in run.levels]
    for deal in range(run.games):
        games = records[deal * players:(deal + 1) * players]
        own = [statistics.fmean(game["returns"][(bot + game["rotation"]) % players]
                                for game in games) for bot in range(players)]
        total = math.fsum(own)
        for bot, mine in enumerate(own):
            gains[bot].append(mine - (total - mine) / (players - 1))
    return {"deals": run.games, "games_played": run.total,
            "by_bot": [{"bot": bot, "level": level,
                        "mean_gain": round(statistics.fmean(gains[bot]), DECIMALS),
                        "mean_gain_ci": student(gains[bot])}
                       for bot, level in enumerate(run.levels)]}


def summary(run: Run, records: list, played: int, elapsed: float) -> dict:
    """The report of a run from the records of all its games in order; ``played`` of them
    took ``elapsed`` seconds now (the others were read from a file)."""
    results = [record["result"] for record in records]
    actions = [record["actions"] for record in records]
    figures = run.spec.summarize(results)
    report = {"game": run.game, "players": run.players, "games": run.games, "seed": run.seed,
              "bots": list(run.levels), "options": run.encoded_options(),
              "games_per_second": round(played / elapsed, 2) if played and elapsed else None,
              "avg_actions": round(statistics.fmean(actions), 2)}
    report.update(figures)
    report["avg_actions_ci"] = interval(actions)
    report.update(intervals(run.spec, results, figures))
    if run.duplicate:
        report["duplicate"] = duplicate_gains(run, records)
    return report


class NoBar:
    """A progress bar that shows nothing (stderr is not a terminal)."""

    def update(self) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, initial: int):
    """tqdm on stderr when it is a terminal, else :class:`NoBar`; :class:`NoBar` too where
    tqdm is not installed (``cd py && python3 -m cardtable sim …`` needs no install)."""
    if not sys.stderr.isatty():
        return NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return NoBar()
    return tqdm(total=total, initial=initial, unit="game", file=sys.stderr)


def play(run: Run, done: dict, games, keep=lambda record: None) -> dict:
    """The report of ``run``: the records of ``done`` (by index) and those that ``games``
    yields, each handed to ``keep`` as it comes. A progress bar with the rate and the time
    left goes to stderr when it is a terminal."""
    records = dict(done)
    start = time.perf_counter()
    bar = progress_bar(run.total, len(done))
    try:
        for record in games:
            keep(record)
            records[record["index"]] = record
            bar.update()
    finally:
        bar.close()
    elapsed = time.perf_counter() - start
    return summary(run, [records[index] for index in range(run.total)],
                   run.total - len(done), elapsed)


# -- checks and the Python entry point ------------------------------------------------------
def check_run(spec, players: int, games: int, levels: list) -> None:
    """Raise ``ValueError`` in words for a player count, number of games or bot levels
    that the run cannot use."""
    spec.check_players(players)
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if len(levels) != players:
        raise ValueError(f"{players} players need {players} bot levels, not {len(levels)}")
    offered = bots.levels(spec.id)
    for level in levels:
        if level not in offered:
            raise ValueError(f"{spec.name} has no bot level “{level}”"
                             f" (choose {', '.join(offered)})")


def setup(game_id: str, players: int, games: int, levels: list, options: dict):
    """The game's spec and its complete options for a run; raises ``ValueError`` in words
    for input the run cannot use, before any game is played."""
    spec = GAMES[game_id]
    check_run(spec, players, games, levels)
    return spec, spec.resolve_options(options, players)


def make_run(game_id: str, players: int, games: int, seed: str, levels: list,
             options: dict, duplicate: bool = False) -> Run:
    """:func:`setup`, and ``--duplicate`` refused in words for a game whose seats do not
    compete (its figures have no ``win_rate_by_seat``)."""
    spec, options = setup(game_id, players, games, levels, options)
    if duplicate:
        figures = spec.summarize([spec.new(players, options, derive_seed(seed, 0)).result()])
        if "win_rate_by_seat" not in figures:
            raise ValueError(f"--duplicate compares bots that compete, and in {spec.name}"
                             " the seats play as one team")
    return Run(game_id, players, games, seed, tuple(levels), options, duplicate)


def run(game_id: str, players: int, games: int, seed: str, levels: list, options: dict,
        jobs: int = 1, duplicate: bool = False) -> dict:
    """The report of a run played by ``jobs`` processes: ``ValueError`` for bad input,
    :class:`SimulationError` for a game the bots did not finish."""
    plan = make_run(game_id, players, games, seed, levels, options, duplicate)
    with local_games(plan, range(plan.total), jobs) as played:
        return play(plan, {}, played)


# -- the file of a run ------------------------------------------------------------------------
def read_games(path: str, run: Run) -> dict:
    """The records of ``run`` that the file at ``path`` holds, by index (none if there is no
    file); ``ValueError`` in words for a file that cannot be read or holds anything else
    (another run's games are never mixed with this one's)."""
    if not os.path.exists(path):
        return {}
    records = {}
    try:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                record = read_line(line, run, f"line {number} of {path}")
                records[record["index"]] = record
    except OSError as err:
        raise ValueError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a file of games: it is not text") from None
    return records


def read_line(line: str, run: Run, where: str) -> dict:
    """One game of ``run`` from a line of its file, or ``ValueError`` in words."""
    try:
        record = json.loads(line)
    except ValueError:
        raise ValueError(f"{where} is not a game: not JSON") from None
    index = record.get("index") if isinstance(record, dict) else None
    if type(index) is not int or not 0 <= index < run.total:
        raise ValueError(f"{where} is not one of the {run.total} games of this run")
    expected = run.identity(index)
    differs = [key for key, value in expected.items() if record.get(key) != value]
    if differs:
        raise ValueError(f"{where} was written by another run (its {', '.join(differs)}"
                         " differ); choose another --out file")
    if not {"result", "returns", "actions"} <= record.keys():
        raise ValueError(f"{where} is not a whole game")
    return record


def open_out(path: str | None, resume: bool):
    """The file the lines of new games are appended to, each line in one write: ``path``,
    or nowhere without one; ``ValueError`` in words when it cannot be written, or holds
    games and ``resume`` is off."""
    if path is None:
        return open(os.devnull, "ab", buffering=0)
    if not resume and os.path.isfile(path) and os.path.getsize(path):
        raise ValueError(f"{path} already holds games: add --resume to finish that run,"
                         " or choose another file")
    try:
        return open(path, "ab", buffering=0)
    except OSError as err:
        raise ValueError(f"cannot write {path}: {err.strerror}") from None


# -- the command line -------------------------------------------------------------------
class Parser(argparse.ArgumentParser):
    """Every error in one line on stderr, exit status 2."""

    def error(self, message):
        self.exit(2, f"error: {message}\n")


def game_id(text: str) -> str:
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"no game “{text[:40]}” (choose {', '.join(GAMES)})")
    return text


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text[:40]}” is not a whole number") from None


def at_least_one(text: str) -> int:
    number = whole_number(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def key_value(text: str) -> tuple:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"write KEY=VALUE, not “{text[:40]}”")
    return key, value


def parse_args(argv):
    parser = Parser(prog="cardtable sim",
                    description="Simulate seeded games with bots in every seat.")
    parser.add_argument("game", type=game_id, help=", ".join(GAMES))
    parser.add_argument("--players", type=whole_number, required=True)
    parser.add_argument("--games", type=at_least_one, default=100,
                        help="deals to play (with --duplicate, each once per rotation)")
    parser.add_argument("--seed", default="0")
    levels = parser.add_mutually_exclusive_group()
    levels.add_argument("--bot", help="the level of every seat (default: the game's)")
    levels.add_argument("--bots", help="levels per seat, comma separated")
    parser.add_argument("--opt", type=key_value, action="append", default=[],
                        metavar="KEY=VALUE", help="a game option, as in a share link")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=at_least_one,
                       help="worker processes (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="play on the Dask cluster of this scheduler (tcp://host:port)")
    parser.add_argument("--out", metavar="FILE.jsonl", help="one JSON line per game")
    parser.add_argument("--resume", action="store_true",
                        help="play only the games that --out lacks, then sum them all")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each deal once per rotation of the bots (games where players compete)")
    return parser.parse_args(argv)


def parse_options(spec, pairs) -> dict:
    """``--opt`` pairs as option values; ``ValueError`` in words for an unknown key or a
    value the option does not take."""
    options = {}
    for key, text in pairs:
        try:
            option = spec.option(key)
        except KeyError:
            known = ", ".join(opt.key for opt in spec.options) or "none"
            raise ValueError(f"{spec.name} has no option “{key[:40]}”"
                             f" (options: {known})") from None
        options[key] = option.parse(text)
    return options


def run_of(args) -> Run:
    """The run that the arguments ask for; ``ValueError`` in words."""
    spec = GAMES[args.game]
    spec.check_players(args.players)
    if args.resume and not args.out:
        raise ValueError("--resume needs --out FILE: the file of the run to finish")
    levels = (args.bots.split(",") if args.bots
              else [args.bot or bots.default_level(args.game)] * args.players)
    return make_run(args.game, args.players, args.games, args.seed, levels,
                    parse_options(spec, args.opt), args.duplicate)


def players_of(args, plan: Run, todo: list):
    """Who plays the games ``todo``: the cluster of ``--scheduler``, else ``--jobs``
    processes (default: one per core)."""
    if args.scheduler:
        return cluster_games(args.scheduler, plan, todo)
    return local_games(plan, todo, args.jobs or os.cpu_count() or 1)


def execute(args) -> int:
    """Check everything, then play the games the run still lacks; the exit status."""
    with contextlib.ExitStack() as stack:
        try:
            plan = run_of(args)
            done = read_games(args.out, plan) if args.resume else {}
            out = stack.enter_context(open_out(args.out, args.resume))
            todo = [index for index in range(plan.total) if index not in done]
            games = stack.enter_context(players_of(args, plan, todo))
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        try:
            report = play(plan, done, games,
                          lambda record: out.write(json.dumps(record).encode() + b"\n"))
        except SimulationError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
    print(json.dumps(report))
    return 0


def main(argv=None) -> int:
    """The command; its exit status (Ctrl-C: 130, with one line)."""
    args = parse_args(argv)
    try:
        return execute(args)
    except KeyboardInterrupt:
        kept = (f"; the finished games are in {args.out}: add --resume to play the rest"
                if args.out else "")
        print(f"interrupted{kept}", file=sys.stderr)
        return 130
