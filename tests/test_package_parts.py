"""The package's parts (cardtable/parts.py) under CPython: a package whose core zip lists
parts imports their modules and reads their files from their zips, and names a missing one
(with the parts it needs) for the page to fetch; and each game declares its bots' levels
where the lobby reads them."""

import importlib
import subprocess
import sys
import textwrap

import pytest

from sitebuild.catalogs import compile_catalogs
from sitebuild.package import PARTS, package_files, page_sources, split_package
from sitebuild.project import ROOT
from cardtable import bots
from cardtable.engine import registry

# Run in a fresh interpreter: the split package on sys.path (zipimport); each part that an
# import or a catalog read finds missing is written, as the page's JavaScript writes it once
# fetched, and the same thing done again.
IMPORT_FROM_PARTS = """
import json, os, shutil, sys
os.chdir(sys.argv[1])
sys.path.insert(0, os.path.abspath("cardtable.zip"))
from cardtable import parts, i18n
asked = []
def again(run):
    while True:
        try:
            return run()
        except parts.PartMissing as missing:
            asked.append(list(missing.parts))
            for part in missing.parts:
                os.makedirs("parts", exist_ok=True)
                shutil.copy(os.path.join(sys.argv[2], parts.PARTS[part]["url"]), parts.place(part))
from cardtable.bots import levels, make_bot
declared = levels("extreme")
bot = again(lambda: make_bot("extreme", None, 0))
again(lambda: i18n.fetch_first("pt"))  # as a host does before it speaks a friend's language
still = i18n.language()
again(lambda: i18n.set_language("ro"))
print(json.dumps({"declared": declared, "asked": asked, "bot": type(bot).__module__,
                  "still": still,
                  "speaks": i18n.available(), "there": sorted(os.listdir("parts"))}))
"""


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    """The package split as the page gets it, uncompiled (sources: this CPython imports
    them), written into a folder as dist/ holds it."""
    folder = tmp_path_factory.mktemp("split")
    package = ROOT / "py" / "cardtable"
    files = package_files(package, compile_catalogs(), bytecode=False)
    (folder / PARTS).mkdir()
    for url, data in split_package(files, page_sources(package)).items():
        (folder / url).write_bytes(data)
    return folder


def test_a_missing_part_is_named_with_the_parts_it_needs_and_then_imported(split, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "cardtable.zip").write_bytes((split / "cardtable.zip").read_bytes())
    result = subprocess.run([sys.executable, "-c", IMPORT_FROM_PARTS, str(work), str(split)],
                            capture_output=True, text=True, check=True)
    shown = __import__("json").loads(result.stdout)
    # The levels come from the game's declaration: nothing fetched for them.
    assert shown["declared"] == list(importlib.import_module("cardtable.games.extreme").LEVELS)
    assert shown["asked"] == [["game-extreme", "game-the_game"], ["language-pt"],
                              ["language-ro"]]
    assert shown["still"] == "en"  # fetching a language's part changes no language
    assert shown["bot"] == "cardtable.games.extreme.bots"
    assert shown["speaks"] == ["en", "pt", "ro"]
    assert shown["there"] == ["game-extreme.zip", "game-the_game.zip", "language-pt.zip",
                              "language-ro.zip"]


def test_a_missing_part_is_an_import_error_in_words(split, tmp_path):
    code = textwrap.dedent("""
        import os, sys
        os.chdir(sys.argv[1])
        sys.path.insert(0, os.path.abspath("cardtable.zip"))
        import cardtable.parts
        import cardtable.games.rentz.bots
    """)
    work = tmp_path / "work"
    work.mkdir()
    (work / "cardtable.zip").write_bytes((split / "cardtable.zip").read_bytes())
    result = subprocess.run([sys.executable, "-c", code, str(work)], capture_output=True,
                            text=True)
    assert result.returncode == 1
    assert ("cardtable.parts.PartMissing: The part game-rentz of the game's files is not here"
            " yet.") in result.stderr


# A page that plays alone never imports playing together; an invitation asks for its part,
# and once it is there the join screen opens.
TOGETHER_FROM_ITS_PART = """
import json, os, shutil, sys
os.chdir(sys.argv[1])
sys.path.insert(0, os.path.abspath("cardtable.zip"))
from cardtable import parts
from cardtable.web.controller import Controller
from cardtable.web.storage import Store
controller = Controller(Store(), lambda: "alone")
controller.boot("#/triggs?seed=s&players=2")
controller.handle("lobby", {})
alone = sorted(name for name in sys.modules if name.startswith("cardtable.web.together."))
host = Controller(Store(), lambda: "host")
asked = []
while True:
    try:
        host.boot("#/triggs?seed=s&players=2&seats=human,friend")
        break
    except parts.PartMissing as missing:
        asked.append(list(missing.parts))
        for part in missing.parts:
            shutil.copy(os.path.join(sys.argv[2], parts.PARTS[part]["url"]), parts.place(part))
print(json.dumps({"alone": alone, "asked": asked, "screen": host.screen().kind,
                  "needs": parts.PARTS["together"]["needs"]}))
"""


def test_playing_alone_needs_no_part_of_playing_together(split, tmp_path):
    work = tmp_path / "work"
    (work / PARTS).mkdir(parents=True)
    (work / "cardtable.zip").write_bytes((split / "cardtable.zip").read_bytes())
    for part in ("game-triggs",):  # the game's own part, as a start with its link has it
        (work / PARTS / f"{part}.zip").write_bytes((split / PARTS / f"{part}.zip").read_bytes())
    result = subprocess.run([sys.executable, "-c", TOGETHER_FROM_ITS_PART, str(work),
                             str(split)], capture_output=True, text=True, check=True)
    shown = __import__("json").loads(result.stdout)
    assert shown["alone"] == []
    assert shown["asked"] == [["together"]] and shown["needs"] == []
    assert shown["screen"] == "room"


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_each_game_declares_its_bots_levels_as_its_bots_offer_them(game):
    """The lobby reads a game's levels from its declaration; its bots must offer each one,
    in the same order, and the default among them."""
    module = bots.bot_module(game)
    assert bots.levels(game) == tuple(module.LEVELS)
    assert bots.default_level(game) in module.LEVELS
    assert module.DEFAULT_LEVEL == bots.default_level(game)
