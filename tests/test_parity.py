"""The same seeds give the same games under CPython and under Pyodide (Python 3.14).

Python promises only that ``random.Random(seed).random()`` repeats across versions, so every
shuffle is built on it (engine/rng.py). This runs one probe under both interpreters and
compares the JSON: Pyodide from node_modules under Node (sitebuild/node_pyodide.py), with the
project's py/ mounted. Translations too: the same catalogs give the same plural forms and
the same lobby in every language; the same signalling codes (web/together/signal.py).
The browser runs that same Pyodide build.
"""

import json
import shutil

import pytest

from sitebuild.node_pyodide import run_code_in_pyodide
from sitebuild.project import NODE_MODULES, ROOT

# Evaluated by both interpreters; the last expression is the JSON compared.
PROBE = """
import json, sys
sys.dont_write_bytecode = True  # py/ is the host's folder: leave no 3.14 bytecode there
from cardtable.engine import registry, rng
from cardtable.games.the_game.rules import HAND_SIZES, deal
from cardtable.sim import play_one
from cardtable.bots import levels

SEEDS = ["0", "1", "seed", "éé-unicode", "x" * 200, "2026-11-22"]
report = {
    "python": list(sys.version_info[:2]),
    "deal": {f"{players}/{seed}": deal(players, HAND_SIZES[players], seed)
             for players in HAND_SIZES for seed in SEEDS},
    "shuffled": {f"{n}/{seed}/{purpose}": rng.shuffled(range(n), rng.make_rng(seed, purpose))
                 for n in (2, 10, 52, 98) for seed in SEEDS for purpose in ("deal", "bot:1")},
    "new": {f"{spec.id}/{players}/{seed}": spec.new(players, seed=seed).to_json()
            for spec in registry.GAMES.values()
            for players in range(spec.min_players, spec.max_players + 1) for seed in SEEDS[:3]},
    "played": {f"{spec.id}/{level}/{seed}": play_one(spec, spec.min_players, spec.resolve_options({}, spec.min_players),
                                                      seed, [level] * spec.min_players).to_json()
               for spec in registry.GAMES.values() for level in levels(spec.id)
               for seed in SEEDS[:1]},
}
# An expert solo game that reaches the strong bot's endgame search (tune/225: its draw
# pile gets down to 2 cards), and the search's chance on a position of its own.
from cardtable.games.the_game.endgame import best_chance
from cardtable.games.the_game.rules import CARDS, TheGameState
the_game = registry.GAMES["the-game"]
report["endgame"] = play_one(the_game, 1, the_game.resolve_options(
    {"min_cards": 3, "small_hands": True}, 1), "tune/225", ["strong"]).to_json()
gone = tuple(c for c in CARDS if c not in (41, 55, 88, 53, 33, 68, 59, 52, 51, 49))
position = TheGameState(players=1, min_cards=2, hand_size=3, hands=((41, 55, 88),),
                        deck=(53, 33, 68), piles=((1, *gone, 59), (1, 52), (100, 51), (100, 49)),
                        current=0)
report["endgame_chance"] = best_chance(position.view(0), position.deck)
# A 2-player expert game where the team endgame search samples deals and wins (tune/257).
report["team_endgame"] = play_one(the_game, 2, the_game.resolve_options(
    {"min_cards": 3, "small_hands": True}, 2), "tune/257", ["strong", "strong"]).to_json()
# A classic 3-player game where the team search runs at many turns (tune/3).
report["team_endgame_classic"] = play_one(the_game, 3, the_game.resolve_options({}, 3),
                                          "tune/3", ["strong"] * 3).to_json()
# The master level's turns on a classic 3-player deal where its team search, which starts
# earlier and samples more, finds its turn at the first turn with at most 18, 10 and 2
# cards left to draw (tune/5).
from cardtable.bots import make_bot
state, report["master_classic"] = the_game.new(3, the_game.resolve_options({}, 3), "tune/5"), []
strong = [make_bot("the-game", "strong", seat, "parity") for seat in range(3)]
for left in (18, 10, 2):
    while len(state.deck) > left or state.played:
        state = state.apply(strong[state.current].act(state.view(state.current)))
    report["master_classic"].append(make_bot("the-game", "master", state.current).hint(
        state.view(state.current)))
from cardtable import i18n
from cardtable.web.render import shell_html
report["languages"] = {}
for code in ("pt", "ro", "en"):  # the catalogs compiled into py/ by the build
    i18n.set_language(code)
    report["languages"][code] = {
        "plurals": [i18n.ngettext("{n} move made", "{n} moves made", n).format(n=n)
                    for n in (0, 1, 2, 19, 20, 101, 120)],
        "lobby": shell_html()}
from cardtable.web.together import signal
offer = signal.Signal("offer", bytes([1, 2, 3, 4]), 5, "t4lo", "rapLmzTg0aqf2YCW6IvDUE77",
                      bytes(range(32)), (signal.Candidate("127.0.0.1", 57310),
                                         signal.Candidate("fd00:77::2", 9, "srflx"),
                                         signal.Candidate("a6d9cb4b-da98-4b47-b289-9696eed133bf.local", 4, "relay")))
code = signal.encode(offer)
refusals = []
swap = "A" if code[40] != "A" else "B"
for text in ("", code[:50], code[:40] + swap + code[41:], "+" + code, code[:3] + "AAAA" + code[7:]):
    try:
        signal.decode(text)
    except ValueError as error:
        refusals.append(str(error))
rebuilt = signal.from_sdp(signal.to_sdp(offer), "offer", offer.invite, offer.seat)
report["signal"] = {"code": code, "sdp": signal.to_sdp(offer), "refusals": refusals,
                    "round_trips": signal.decode(code) == offer == rebuilt}
json.dumps(report, sort_keys=True)
"""


def run_cpython() -> dict:
    namespace = {}
    *body, last = PROBE.strip().splitlines()
    exec("\n".join(body), namespace)
    return json.loads(eval(last, namespace))


@pytest.fixture(scope="module")
def pyodide_report() -> dict:
    assert shutil.which("node"), "node is needed (python3 build.py test installs it)"
    assert (NODE_MODULES / "pyodide").is_dir(), "run npm ci first"
    return json.loads(run_code_in_pyodide(PROBE, mount=ROOT / "py"))


@pytest.fixture(scope="module")
def cpython_report() -> dict:
    return run_cpython()


def test_pyodide_is_python_3_14(pyodide_report):
    assert pyodide_report["python"] == [3, 14]


@pytest.mark.parametrize("part", ["deal", "shuffled", "new", "played", "endgame", "endgame_chance",
                                  "team_endgame", "team_endgame_classic", "master_classic"])
def test_same_seed_same_cards(pyodide_report, cpython_report, part):
    assert cpython_report[part], f"the probe computed no {part!r} cases"
    assert pyodide_report[part] == cpython_report[part]


def test_same_translations_and_plural_forms(pyodide_report, cpython_report):
    languages = cpython_report["languages"]
    assert languages["pt"]["lobby"] != languages["en"]["lobby"]
    # Romanian's three forms for 0, 1, 2, 19, 20, 101, 120: few, one, few, few, many, few, many
    forms = ["de mutări" in t and 2 or "mutări" in t and 1 or 0
             for t in languages["ro"]["plurals"]]
    assert forms == [1, 0, 1, 1, 2, 1, 2]
    assert pyodide_report["languages"] == languages


def test_same_signalling_codes(pyodide_report, cpython_report):
    found = cpython_report["signal"]
    assert len(found["refusals"]) == 5 and found["round_trips"]
    assert pyodide_report["signal"] == found
