"""The package as the page loads it: its modules compiled to bytecode, its catalogs, in a
core zip that every start imports and parts fetched when first needed (cardtable/parts.py)."""

from __future__ import annotations

import ast
import base64
import io
import json
import re
import zipfile
from pathlib import Path

from sitebuild.node_pyodide import run_in_pyodide
from sitebuild.project import PROGRAMS, importable

# The package's modules that the page never imports, left out of its zip: the simulator and
# its command line run only headless, and the in-memory link between pages serves the tests
# (tests/test_layers.py fails if the page's code imports them).
HEADLESS_ONLY = ("cardtable/sim.py", "cardtable/__main__.py",
                 "cardtable/web/together/transport.py")

PARTS = "parts"  # the folder of dist/ (and of the page's working folder) that holds them
PARTS_INDEX = "cardtable/parts.json"  # in the core zip: what cardtable.parts reads
# What goes into a part, by path in the package zip: each game's modules but its
# declaration (its __init__, rules and level_table, which the lobby, links and saves read
# at start), each
# language's catalog, and playing together's modules (most visits never play with friends;
# web/alone.py stands in for them until then). The rest is the core zip (cardtable.zip)
# that every start imports.
PART_OF = (
    (re.compile(r"cardtable/games/(\w+)/(?!__init__\.|rules\.|level_table\.)\w+\.py[c]?"), "game-{}"),
    (re.compile(r"cardtable/locale/([\w-]+)/LC_MESSAGES/cardtable\.mo"), "language-{}"),
    (re.compile(r"cardtable/web/(together)/(?!__init__\.)\w+\.py[c]?"), "{}"),
)


def page_sources(package: Path) -> dict[str, bytes]:
    """{path in the package zip: source} of every module of ``package`` but HEADLESS_ONLY."""
    return {name: path.read_bytes() for path in sorted(package.rglob("*.py"))
            if (name := path.relative_to(package.parent).as_posix()) not in HEADLESS_ONLY}


def package_zip(package: Path, catalogs: dict[str, bytes] | None = None,
                bytecode: bool = True) -> bytes:
    """The package as a reproducible zip (sorted entries, fixed dates), but for
    HEADLESS_ONLY, with ``catalogs`` ({path in the zip: compiled .mo}) added.

    With ``bytecode``, each module comes compiled by Pyodide's own Python (3.14) instead of
    as source: importing from source cost the browser about half a second at every boot
    (nothing persists between page loads). The .pyc files stand where the sources would
    (Python imports such "sourceless" modules), without asserts and without docstrings but
    those of classes (see programs/compile_package.py; the package reads no docstring and
    has no assert): a first visit downloads less. The price: tracebacks in the browser
    console name file and line but cannot quote the source.
    """
    return zipped(package_files(package, catalogs, bytecode))


def package_files(package: Path, catalogs: dict[str, bytes] | None = None,
                  bytecode: bool = True) -> dict[str, bytes]:
    """{path in the package zip: bytes} of :func:`package_zip`."""
    sources = page_sources(package)
    return {**(compile_in_pyodide(sources) if bytecode else sources), **(catalogs or {})}


def compile_in_pyodide(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode for each source, compiled by the Pyodide that the page runs (a module of a
    part named by its path in that part's zip, where the page writes it)."""
    given = {"sources": {name: data.decode("utf-8") for name, data in sources.items()},
             "zips": {name: f"/home/pyodide/{PARTS}/{part}.zip" for name in sources
                      if (part := part_of(name))}}
    output = run_in_pyodide(PROGRAMS / "compile_package.py", given, cached=True)
    return {name: base64.b64decode(data) for name, data in json.loads(output).items()}


def zipped(files: dict[str, bytes]) -> bytes:
    """``files`` ({path: bytes}) as a reproducible zip (sorted entries, fixed dates),
    deflated at the highest level (a first visit downloads it; reading costs the same)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name], compresslevel=9)
    return buffer.getvalue()


def part_of(path: str) -> str | None:
    """The part that holds ``path`` (in the package zip), or None: the core's."""
    for pattern, name in PART_OF:
        if match := pattern.fullmatch(path):
            return name.format(match[1])
    return None


def imports_of(path: str, source: bytes) -> set[str]:
    """The modules of the package that the module at ``path`` (in the package zip) imports,
    relative imports resolved, as paths in the package zip without suffix."""
    package = path.split("/")[:-1]
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            out |= {"/".join(module), *("/".join(module + [a.name]) for a in node.names)}
        elif isinstance(node, ast.Import):
            out |= {alias.name.replace(".", "/") for alias in node.names}
    return out


def split_package(files: dict[str, bytes], sources: dict[str, bytes],
                  extra: dict[str, dict[str, bytes]] | None = None) -> dict[str, bytes]:
    """{URL relative to dist/: zip} of the package's ``files`` ({path in the package zip:
    bytes}) split by :func:`part_of`: cardtable.zip, holding PARTS_INDEX (see
    cardtable/parts.py), and PARTS/<part>.zip each. A part needs the parts whose modules its
    modules import (``sources``: {path: source} of the modules); a game's link needs its own
    part and those. ``extra``: {part: {path at its zip's root: bytes}} of other parts,
    which need none (the standard library's, stdlib.STDLIB_PART)."""
    extra = extra or {}
    owners = {path: part_of(path) for path in files}
    module_owner = {path.rsplit(".", 1)[0]: part for path, part in owners.items() if part}
    needs = {part: set() for part in owners.values() if part}
    for path, source in sources.items():
        if part := owners.get(path) or owners.get(path[:-3] + ".pyc"):
            needs[part] |= {module_owner[m] for m in imports_of(path, source)
                            if module_owner.get(m, part) != part}
    contents = {part: {p: files[p] for p, o in owners.items() if o == part} for part in needs}
    contents.update(extra)
    index = {
        "parts": {part: {"url": f"{PARTS}/{part}.zip", "files": sorted(contents[part]),
                         "needs": sorted(needs.get(part, ()))} for part in sorted(contents)},
        "games": game_parts(needs),
        "languages": {part.removeprefix("language-"): part for part in sorted(needs)
                      if part.startswith("language-")},
    }
    core = {path: data for path, data in files.items() if not owners[path]}
    core[PARTS_INDEX] = json.dumps(index, indent=1, sort_keys=True).encode()
    return {"cardtable.zip": zipped(core),
            **{index["parts"][part]["url"]: zipped(contents[part]) for part in sorted(contents)}}


def game_parts(needs: dict[str, set]) -> dict[str, list[str]]:
    """{a game's id in links: the parts that playing it needs}."""
    with importable():
        from cardtable.engine.registry import GAMES
    out = {}
    for game, spec in GAMES.items():
        part = "game-" + spec.package.rsplit(".", 1)[1]
        if part in needs:
            out[game] = [part, *sorted(needs[part])]
    return out
