#!/usr/bin/env python3
"""Build, serve and test cardtable's static site.

    python3 build.py [build]                       npm ci if node_modules/ is not the locked
                                                   one; build dist/
    python3 build.py serve [--port N] [--host H]   the same, then serve dist/ on
                                                   http://H:N/ (default 127.0.0.1:8000),
                                                   compressed as GitHub Pages serves it
    python3 build.py test [pytest args...]         install what is missing, build, run pytest
                                                   (over tests/ unless the args name paths;
                                                   as root, in a loopback-only network)
    python3 build.py venv                          create .venv with the package (editable),
                                                   its `cardtable` command and the test tools
    python3 build.py i18n [--add CODE]             extract the texts to translate and update
                                                   every catalog (--add: a new language's)

A bad argument prints one line and exits with status 2.

dist/ holds only what the page loads: index.html with the lobby prerendered for first paint,
assets/ (but for the sources of generated files), the project's Python package as one zip
with its translations compiled by Babel (.venv, made when missing, has Babel), the
Pyodide and PyScript files the page requests (Pyodide's standard library cut to the
modules the page can import and compiled: see stdlib_bytecode) and the QR code generator
it loads when it first draws a code (copied from node_modules), a web app manifest naming
the icons of assets/icons/, and sw.js whose precache list names every other file of dist/
with its SHA-256. Every URL is relative, so the site also works under a GitHub Pages
project path (/<repo>/).

Runs on the standard library alone; .venv (made when missing) brings Babel for the catalogs
and, for the test command, the test tools.
"""

from __future__ import annotations

import argparse
import ast
import base64
import email.utils
import functools
import gzip
import hashlib
import html
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
# Debian's chromium (installed by `build.py test` when missing); CARDTABLE_CHROMIUM points
# elsewhere, e.g. at the Chrome that GitHub's Ubuntu runners carry.
CHROMIUM = Path(os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium"))

# What the page loads from npm packages. Pyodide: the loader, the Emscripten module, the
# WebAssembly binary, the standard library and the package index it reads at start-up.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# PyScript: core.js and its static imports (found by IMPORT_RE); the plugins and editors it
# can load lazily are all switched off in PYSCRIPT_CONFIG, except the error plugin's module,
# which PyScript imports even when the plugin is off (to tell it to stay off the DOM).
PYSCRIPT_ENTRY = "core.js"
PYSCRIPT_LAZY = ("error-",)
IMPORT_RE = re.compile(r'(?:from|import)\s*"\./([^"]+\.js)"')
PYSCRIPT_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "error", "py-editor",
                    "py-game", "py-terminal")
# Other npm files the page loads, by their path in node_modules/ and in dist/: the QR code
# generator, a classic script that defines the global `qrcode`; assets/qr.js adds it to
# the page the first time it draws a code.
VENDOR_FILES = {"qrcode-generator/dist/qrcode.js": "vendor/qrcode.js"}

# The <script type="py"> configuration: local Pyodide (PyScript's default is a CDN) through
# assets/snapshot.js, which restores a memory snapshot when the browser has made one for this
# build; the package as one zip written as it is into the working directory, no plugins.
# index.html's script puts the zip itself on sys.path: Python's zipimport reads each module
# from it when imported, which is quicker than unpacking every file first.
PYSCRIPT_CONFIG = {
    "interpreter": "assets/snapshot.js",
    "files": {"cardtable.zip": "./cardtable.zip"},
    "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS],
}

# Content-Security-Policy: nothing from any other origin, no eval.
# - script-src 'wasm-unsafe-eval': Pyodide compiles pyodide.asm.wasm with
#   WebAssembly.instantiate(Streaming), which CSP blocks without it.
# - no 'unsafe-eval': Pyodide's boot path calls no eval()/new Function(). PyScript 0.7.31
#   does, in two places, and the page avoids both: it builds its worker hooks with
#   Function() (boot.js empties hooks.worker: the page runs no PyScript
#   workers; its one worker, assets/snapshot-worker.js, is plain JavaScript), and for an
#   interpreter type without a configuration it loads every plugin (index.html gives the
#   unused MicroPython type one that switches them off). tests/browser fail on any
#   violation, so a PyScript update that needs eval shows up there.
# - style-src 'self': assets/*.css only (style attributes in markup would be blocked;
#   element.style set from script is not governed by CSP).
CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "connect-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
))

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}

APP_NAME = "cardtable"
THEME_COLOR = "#1b5e3a"
# The committed assets/icons/icon-<size>.png, rasterized once from assets/icons/icon.svg; the
# felt fills each square and the cards keep to its safe circle, so they serve as maskable too.
ICON_SIZES = (192, 512)
# Files of assets/ that dist/ does not ship, since the page loads none of them: sources of
# generated files (build.py writes sw.js from its template; the icons come from icon.svg).
ASSET_SOURCES = ("sw.template.js", "icon.svg", "*.css", "*~")
STYLES = "cardtable.css"  # every stylesheet in one file (see bundle_styles)
# What a memory snapshot holds or is made by; when any of these changes, the build's key
# changes, and snapshots made by earlier builds are ignored (assets/snapshot.js).
SNAPSHOT_INPUTS = (*(f"pyodide/{name}" for name in PYODIDE_FILES), "cardtable.zip",
                   "parts/*.zip", "assets/snapshot-worker.js")


# --- build -----------------------------------------------------------------------------

def build(dist: Path = DIST, pseudo: bool = False) -> Path:
    """Write the whole site into ``dist`` (emptied first) and return it. With ``pseudo``,
    the site also speaks the pseudo-language (see :func:`compile_catalogs`)."""
    if not (NODE_MODULES / "pyodide").is_dir():
        sys.exit("node_modules/ is missing: run `python3 build.py` (it runs npm ci).")
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_runtime(dist)
    catalogs = compile_catalogs(pseudo)
    package = ROOT / "py" / "cardtable"
    sources = page_sources(package)
    at_start, later = stdlib_bytecode(sources)
    (dist / "pyodide" / STDLIB).write_bytes(zipped(at_start))
    (dist / PARTS).mkdir()
    for url, data in split_package(package_files(package, catalogs), sources,
                                   {STDLIB_PART: later}).items():
        (dist / url).write_bytes(data)
    copy_assets(dist)
    write_parts_index(dist)
    write_snapshot_key(dist)
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n")
    page = (pseudo_index_html(catalogs[f"cardtable/locale/{PSEUDO}/LC_MESSAGES/{DOMAIN}.mo"],
                              downloads(dist))
            if pseudo else index_html(downloads=downloads(dist)))
    (dist / "index.html").write_text(page, encoding="utf-8")
    (dist / "sw.js").write_text(service_worker(dist), encoding="utf-8")
    return dist


def copy_runtime(dist: Path) -> None:
    """Copy the Pyodide and PyScript files and the VENDOR_FILES that the page loads, and
    nothing else; but Pyodide's standard library, which :func:`build` compiles and cuts
    to what the page can import (:func:`stdlib_bytecode`)."""
    pyodide = dist / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        if name not in (STDLIB, LOCK):
            shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide / name)
    (pyodide / LOCK).write_text(lock_without_packages(NODE_MODULES / "pyodide" / LOCK))
    source = NODE_MODULES / "@pyscript" / "core" / "dist"
    target = dist / "pyscript"
    target.mkdir()
    for name in pyscript_files(source):
        shutil.copy2(source / name, target / name)
    for name, path in VENDOR_FILES.items():
        (dist / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE_MODULES / name, dist / path)


LOCK = "pyodide-lock.json"


def lock_without_packages(path: Path) -> str:
    """Pyodide's lock file (``path``) with no package listed: loadPyodide() fetches it at
    every start, but the page loads no package (no PyScript "packages", no loadPackage), so
    it needs only the file's "info", which Pyodide checks against its runtime."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":"))


def pyscript_files(source: Path) -> list[str]:
    """core.js, the chunks it imports statically (transitively) and the lazy chunks we use."""
    names = {PYSCRIPT_ENTRY} | {p.name for p in source.glob("*.js")
                                if p.name.startswith(PYSCRIPT_LAZY)}
    todo = list(names)
    while todo:
        for name in IMPORT_RE.findall((source / todo.pop()).read_text(encoding="utf-8")):
            if name not in names:
                names.add(name)
                todo.append(name)
    return sorted(names)


# The package's modules that the page never imports, left out of its zip: the simulator and
# its command line run only headless, and the in-memory link between pages serves the tests
# (tests/test_layers.py fails if the page's code imports them).
HEADLESS_ONLY = ("cardtable/sim.py", "cardtable/__main__.py",
                 "cardtable/web/together/transport.py")


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
    those of classes (see COMPILE_PYC; the package reads no docstring and has no assert):
    a first visit downloads less. The price: tracebacks in the browser console name file
    and line but cannot quote the source.
    """
    return zipped(package_files(package, catalogs, bytecode))


def package_files(package: Path, catalogs: dict[str, bytes] | None = None,
                  bytecode: bool = True) -> dict[str, bytes]:
    """{path in the package zip: bytes} of :func:`package_zip`."""
    sources = page_sources(package)
    return {**(compile_in_pyodide(sources) if bytecode else sources), **(catalogs or {})}


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


# --- the package's parts, fetched when first needed (cardtable/parts.py) -----------------

PARTS = "parts"  # the folder of dist/ (and of the page's working folder) that holds them
PARTS_INDEX = "cardtable/parts.json"  # in the core zip: what cardtable.parts reads
# What goes into a part, by path in the package zip: each game's modules but its
# declaration (its __init__ and rules, which the lobby, links and saves read at start), and
# each language's catalog. The rest is the core zip (cardtable.zip) that every start imports.
PART_OF = (
    (re.compile(r"cardtable/games/(\w+)/(?!__init__\.|rules\.)\w+\.py[c]?"), "game-{}"),
    (re.compile(r"cardtable/locale/([\w-]+)/LC_MESSAGES/cardtable\.mo"), "language-{}"),
)


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
    which need none (the standard library's, STDLIB_PART)."""
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
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from cardtable.engine.registry import GAMES
    finally:
        sys.path.remove(str(ROOT / "py"))
    out = {}
    for game, spec in GAMES.items():
        part = "game-" + spec.package.rsplit(".", 1)[1]
        if part in needs:
            out[game] = [part, *sorted(needs[part])]
    return out


# --- the standard library, cut to what the page can import ------------------------------

STDLIB = "python_stdlib.zip"
# The part of the package's parts (cardtable/parts.py) that holds the standard library's
# modules that the page can import but a start does not.
STDLIB_PART = "stdlib"
# What Python's and Pyodide's own start-up import from the standard library's zip, beyond
# what the package imports; tests/browser/test_startup.py holds this list to a real start
# in the browser (each module listed is imported there, and every module the start imports
# from the zip is shipped). PyScript's start-up adds none: assets/snapshot.js hands it a
# placeholder `pyscript` module.
RUNTIME_IMPORTS = (
    "site", "_sitebuiltins",  # Python's start-up (see START_ONLY)
    "encodings.utf_8",  # the file system's and the standard streams' encoding
    "encodings.cp437",  # zipimport decodes the names of the standard library's zip
    "_pyodide._future_helper", "_pyodide.docstring", "_pyodide.jsbind",  # Pyodide's start-up
    "pyodide._package_loader", "pyodide.code", "pyodide.common",
)
# Modules whose code runs only during Python's start-up, before the page's: what they
# import inside their functions (the interactive prompt's line editing, help()) the page
# never needs, so only their module-level imports count (what the start-up imported, the
# browser test sees).
START_ONLY = ("site", "_sitebuiltins")
# What the page's other Python imports, in index.html, assets/snapshot.js and
# assets/snapshot-worker.js (tests/test_build.py reads them there).
PAGE_SCRIPT_IMPORTS = ("os", "sys", "types", "random", "importlib", "pkgutil")
# What a start imports inside functions (dealing from a seed, reading or writing a link,
# speaking another language than English, reading the dates of the unfinished games, for
# which datetime.strptime imports _strptime): in the zip that Pyodide loads, not in
# STDLIB_PART, so that a start fetches nothing more (offline, a synchronous request would
# find no service worker to answer it); tests/browser/test_startup.py holds a returning
# player's start of a game in another language to it.
START_LAZY_IMPORTS = ("hashlib", "urllib.parse", "gettext", "_strptime")

# Runs in Pyodide (its own Python parses the standard library's 3.14 sources): prints the
# names of the standard library's modules that the modules of INPUT ({"sources": {path in
# the package zip: source}, "names": [module name]}) can import, directly or through one
# another ("all"): every import statement (in functions too, but for START_ONLY), each name
# of a from-import that is a submodule, __import__ or import_module of a literal name; but
# not in the body of an if that never runs in the page (a module run as a script, another
# system's branch). And ("start") those that importing them imports: the same, but only the
# imports outside functions, and not those of an `except ImportError:` (the fallback for a
# module that Pyodide has, such as _pydatetime where _datetime is built in; a browser test
# fails if a start needs one).
STDLIB_CLOSURE = """
import ast, json, zipfile

given = json.loads(INPUT)

def module_files(archive):
    files = {}
    for path in archive.namelist():
        if path.endswith(".py"):
            parts = path[:-3].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            files[".".join(parts)] = path
    return files

def never_run(node):
    if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
            and len(node.test.ops) == 1 and isinstance(node.test.ops[0], ast.Eq)
            and isinstance(node.test.comparators[0], ast.Constant)):
        return False
    left, right = ast.unparse(node.test.left), node.test.comparators[0].value
    return ((left == "__name__" and right == "__main__")
            or (left == "sys.platform" and right != "emscripten")
            or (left == "os.name" and right != "posix"))

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)

FALLBACK = ("ImportError", "ModuleNotFoundError")

def fallback(handler):
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(kind, ast.Name) and kind.id in FALLBACK for kind in kinds)

def walk(tree, functions, fallbacks=True):
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if never_run(node):
            todo.extend(node.orelse)
        elif not fallbacks and isinstance(node, ast.Try):
            todo.extend(node.body + node.orelse + node.finalbody)
            todo.extend(handler for handler in node.handlers if not fallback(handler))
        elif functions or not isinstance(node, FUNCTIONS):
            todo.extend(ast.iter_child_nodes(node))

def literal_import(node):
    func = node.func
    return (node.args and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and ((isinstance(func, ast.Name) and func.id == "__import__")
                 or (isinstance(func, ast.Attribute) and func.attr == "import_module")))

def imported(tree, name, is_package, functions):
    for node in walk(tree, functions and name not in given["start_only"], functions):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")[:len(name.split(".")) - node.level + is_package]
                base = ".".join(parent + ([base] if base else []))
            yield base
            yield from (base + "." + alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and literal_import(node):
            yield node.args[0].value

def closure(archive, sources, names, functions):
    files = module_files(archive)
    seen, todo = set(), []
    def reach(module):
        parts = module.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if prefix in files and prefix not in seen:
                seen.add(prefix)
                todo.append(prefix)
    for path, text in sources.items():
        name = path[:-3].replace("/", ".").removesuffix(".__init__")
        for module in imported(ast.parse(text, path), name, path.endswith("__init__.py"),
                               functions):
            reach(module)
    for name in names:
        reach(name)
    while todo:
        name = todo.pop()
        path = files[name]
        tree = ast.parse(archive.read(path), path)
        for module in imported(tree, name, path.endswith("__init__.py"), functions):
            reach(module)
    return sorted(seen)

archive = zipfile.ZipFile("/project/" + STDLIB)
json.dumps({"all": closure(archive, given["sources"], given["names"], True),
            "start": closure(archive, given["sources"], given["names"], False)})
"""


def stdlib_closure(sources: dict[str, bytes],
                   names=RUNTIME_IMPORTS + PAGE_SCRIPT_IMPORTS + START_LAZY_IMPORTS
                   ) -> dict[str, list[str]]:
    """The standard library's modules that the page can import ("all"): those that the
    modules of ``sources`` ({path in the package zip: source}) and the modules ``names``
    import, directly or through one another; and ("start") those that importing them
    imports, leaving out imports in functions (see STDLIB_CLOSURE); each sorted."""
    given = {"sources": {name: data.decode("utf-8") for name, data in sources.items()},
             "names": list(names), "start_only": list(START_ONLY)}
    code = (f"INPUT = {json.dumps(json.dumps(given))}\nSTDLIB = {STDLIB!r}\n"
            + STDLIB_CLOSURE)
    return json.loads(run_in_pyodide(code, mount=NODE_MODULES / "pyodide"))


# Runs in Pyodide: prints as JSON {path of the module's .pyc: base64 of it} for each path of
# INPUT (sources in the standard library's zip), compiled by the Python the page runs, so
# that no start compiles the standard library's sources again (most of a first start's time
# otherwise). As the package's bytecode (COMPILE_PYC): hash-based .pyc, docstrings left out
# but those of classes, of functions that are nothing else, and of Pyodide's own modules
# (which build its API's help from them). Each code object keeps its line numbers but not
# its columns (a traceback names the line, without the carets under the expression): a third
# of the size. The line table is written in CPython's format (Objects/locations.md: one "no
# columns" entry per run of code units on one line, "no location" where there is none), and
# the lines that co_lines() gives are checked unchanged.
STDLIB_COMPILE = """
import ast, base64, importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")

def without_docstrings(tree):
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
                and ast.get_docstring(node, clean=False) is not None and len(node.body) > 1):
            node.body = node.body[1:]
    return tree

def varint(value):
    out = bytearray()
    while value >= 64:
        out.append(64 | (value & 63))
        value >>= 6
    out.append(value)
    return out

def svarint(value):
    return varint((-value << 1) | 1 if value < 0 else value << 1)

def lines_only(code):
    table, line = bytearray(), code.co_firstlineno
    for start, end, number in code.co_lines():
        units = (end - start) // 2
        while units:
            length = min(units, 8)
            if number is None:
                table.append(0x80 | (15 << 3) | (length - 1))
            else:
                table.append(0x80 | (13 << 3) | (length - 1))
                table += svarint(number - line)
                line = number
            units -= length
    consts = tuple(lines_only(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    short = code.replace(co_linetable=bytes(table), co_consts=consts)
    assert list(short.co_lines()) == list(code.co_lines()), code
    return short

archive = zipfile.ZipFile("/project/" + STDLIB)
out = {}
for path in json.loads(INPUT):
    data = archive.read(path)
    tree = ast.parse(data, path)
    if not path.startswith(KEEP_DOCSTRINGS):
        tree = without_docstrings(tree)
    code = lines_only(compile(tree, "/lib/python314.zip/" + path, "exec", dont_inherit=True))
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out[path[:-3] + ".pyc"] = base64.b64encode(bytes(pyc)).decode()
json.dumps(out)
"""


def stdlib_bytecode(sources: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The standard library that the page can import (:func:`stdlib_closure` of ``sources``,
    the page's modules) compiled (STDLIB_COMPILE), as {path in the zip: .pyc} twice: the
    modules that a start imports (the zip that Pyodide loads) and the others (the part
    STDLIB_PART, fetched when first needed)."""
    modules = stdlib_closure(sources)
    with zipfile.ZipFile(NODE_MODULES / "pyodide" / STDLIB) as full:
        paths = [name for name in full.namelist() if module_name(name) in modules["all"]]
    code = f"INPUT = {json.dumps(json.dumps(paths))}\nSTDLIB = {STDLIB!r}\n" + STDLIB_COMPILE
    output = run_in_pyodide(code, mount=NODE_MODULES / "pyodide")
    compiled = {path: base64.b64decode(data) for path, data in json.loads(output).items()}
    start = set(modules["start"])
    return ({path: data for path, data in compiled.items() if module_name(path) in start},
            {path: data for path, data in compiled.items() if module_name(path) not in start})


def module_name(path: str) -> str | None:
    """The module that a path in a zip of modules (a source or its .pyc) holds (None: no
    module)."""
    if not path.endswith((".py", ".pyc")):
        return None
    return path.rsplit(".", 1)[0].removesuffix("/__init__").replace("/", ".")


# --- translations: gettext catalogs, extracted and compiled with Babel -------------------

LOCALE = ROOT / "py" / "cardtable" / "locale"
DOMAIN = "cardtable"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
PSEUDO = "qps"  # the pseudo-language's code (a private-use code, as Windows' "qps-ploc")

# Runs in .venv's Python (Babel is a test-and-build tool, not a dependency of the page):
# reads the fresh template (argv[1]) and the catalogs named after it ("code=path.po", or
# "code=path.pot" for the pseudo-language, made from the template) and prints as JSON
# {"mo": {code: base64 of the .mo}, "untranslated": {code: the template's texts it lacks}}.
# A .po's fuzzy entries are left out, as gettext's msgfmt does.
COMPILE_MO = """
import base64, io, json, sys
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

BRACKETS = "\u27e6", "\u27e7"
ACCENTS = str.maketrans("aceinorsuyACEINORSUY", "\u00e5\u00e7\u00e9\u00ee\u00f1\u00f6"
                        "\u0159\u0161\u00fb\u00fd\u00c5\u00c7\u00c9\u00ce\u00d1"
                        "\u00d6\u0158\u0160\u00db\u00dd")

def pseudo(text):
    parts, depth, out = [], 0, ""
    for char in text:  # accents outside {placeholders} only
        if char == "{":
            depth += 1
        out += char if depth else char.translate(ACCENTS)
        if char == "}":
            depth -= 1
    return BRACKETS[0] + out + BRACKETS[1]

with open(sys.argv[1], "rb") as file:
    template = [(m.id, m.context) for m in read_po(file) if m.id]
out, untranslated = {}, {}
for arg in sys.argv[2:]:
    code, _, path = arg.partition("=")
    with open(path, "rb") as file:
        catalog = read_po(file, locale=None if path.endswith(".pot") else code)
    done = lambda m: m is not None and not m.fuzzy and all(
        m.string if isinstance(m.string, tuple) else (m.string,))
    untranslated[code] = [i if isinstance(i, str) else i[0] for i, context in template
                          if not done(catalog.get(i, context=context))]
    if path.endswith(".pot"):
        for message in catalog:
            if message.id:
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = tuple(pseudo(i) for i in ids)
                message.string = strings if message.pluralizable else strings[0]
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    out[code] = base64.b64encode(buffer.getvalue()).decode()
print(json.dumps({"mo": out, "untranslated": untranslated}))
"""


def babel_python() -> Path:
    """.venv's Python, which has Babel (the venv is made when missing)."""
    return ensure_venv()


def extract_template(target: Path = TEMPLATE, quiet: bool = False) -> Path:
    """Extract every marked text of the package into the template ``target`` (.pot)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    command = (str(babel_python()), "-m", "babel.messages.frontend", "-q", "extract",
               "--no-wrap", "--sort-by-file", "--add-comments=TRANSLATORS:",
               "--project=cardtable", "--copyright-holder=cardtable",
               "-k", "_", "-k", "N_", "-k", "ngettext:1,2",
               "-o", str(target), "py/cardtable")  # relative: the same on every checkout
    if quiet:  # the build's own extraction: no command line printed
        subprocess.run(command, check=True, cwd=ROOT)
    else:
        run(*command, cwd=ROOT)
    return target


def catalog_files() -> dict[str, Path]:
    """The translations in the project: {language code: its .po}."""
    return {path.parent.parent.name: path
            for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def compile_catalogs(pseudo: bool = False) -> dict[str, bytes]:
    """Every .po compiled to .mo, as {path in the package zip: bytes}, and written beside
    its .po (git ignores it) for the package run from the source tree. With ``pseudo``,
    also the pseudo-language: every text of a fresh template, bracketed and accented, so
    that a text on screen that bypasses the catalogs stands out (the browser tests).

    The texts are extracted afresh first: a text that a catalog lacks (it shows in
    English) is named in a warning, not an error, so that a new text never blocks a build.
    """
    sources = catalog_files()
    with tempfile.TemporaryDirectory() as folder:
        template = extract_template(Path(folder) / "template.pot", quiet=True)
        if pseudo:
            sources[PSEUDO] = template
        with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8") as script:
            script.write(COMPILE_MO)
            script.flush()
            output = json.loads(subprocess.run(
                [str(babel_python()), script.name, str(template),
                 *(f"{c}={p}" for c, p in sources.items())],
                check=True, capture_output=True, text=True).stdout)
    for code, texts in output["untranslated"].items():
        if texts:
            count = f"{len(texts)} text" + ("s have" if len(texts) > 1 else " has")
            print(f"build.py: {count} no {code} translation yet (shown in English), e.g."
                  f" “{texts[0]}”: run python3 build.py i18n and translate.", file=sys.stderr)
    compiled = {code: base64.b64decode(data) for code, data in output["mo"].items()}
    for code, data in compiled.items():  # beside the .po too, for CPython (tests, simulator)
        if code != PSEUDO:
            write_if_changed(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo", data)
    return {f"cardtable/locale/{code}/LC_MESSAGES/{DOMAIN}.mo": data
            for code, data in compiled.items()}


def write_if_changed(path: Path, data: bytes) -> None:
    """Make ``path`` hold ``data``: untouched when it already does, else replaced whole, so
    that a process reading it meanwhile (tests run side by side) never sees half a file."""
    if path.is_file() and path.read_bytes() == data:
        return
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def update_catalogs() -> None:
    """``build.py i18n``: extract the template, then bring each .po up to date with it
    (new texts added untranslated, changed ones marked fuzzy)."""
    extract_template()
    for code, path in catalog_files().items():
        run(str(babel_python()), "-m", "babel.messages.frontend", "-q", "update", "--no-wrap",
            "-i", str(TEMPLATE), "-o", str(path), "-l", code, "--ignore-obsolete", cwd=ROOT)


def add_language(code: str) -> Path:
    """``build.py i18n --add CODE``: a new, empty catalog for the language ``code``."""
    extract_template()
    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    run(str(babel_python()), "-m", "babel.messages.frontend", "-q", "init", "--no-wrap",
        "-i", str(TEMPLATE), "-o", str(path), "-l", code, cwd=ROOT)
    return path


# Compiles {"sources": {path: source}} to sourceless .pyc files beside where each source
# would be (hash-based, so that the zip's fixed dates do not matter), each named in its
# tracebacks by its path in the zip where the page finds it ({"zips": {path: zip}}, else the
# core zip's); the last expression is the JSON output. Docstrings are stripped but those of
# classes: a dataclass without one makes one when it is created, from inspect.signature
# (dataclasses._process_class), which slows the page's start under Pyodide.
COMPILE_PYC = """
import ast, base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
                and ast.get_docstring(node, clean=False) is not None):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.fix_missing_locations(tree)

given = json.loads(INPUT)
out = {}
for name, text in given["sources"].items():
    data = text.encode("utf-8")
    path = given["zips"].get(name, "/home/pyodide/cardtable.zip") + "/" + name
    tree = without_docstrings(ast.parse(data, path))
    code = compile(tree, path, "exec", dont_inherit=True, optimize=1)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out[name[:-3] + ".pyc"] = base64.b64encode(bytes(pyc)).decode()
json.dumps(out)
"""


def compile_in_pyodide(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode for each source, compiled by the Pyodide that the page runs (a module of a
    part named by its path in that part's zip, where the page writes it)."""
    given = {"sources": {name: data.decode("utf-8") for name, data in sources.items()},
             "zips": {name: f"/home/pyodide/{PARTS}/{part}.zip" for name in sources
                      if (part := part_of(name))}}
    output = run_in_pyodide(f"INPUT = {json.dumps(json.dumps(given))}\n{COMPILE_PYC}")
    return {name: base64.b64decode(data) for name, data in json.loads(output).items()}


# Runs the Python code in file argv[1] in npm's Pyodide under Node and prints its last
# expression; argv[2], when given, is a host folder mounted at /project and put on sys.path.
PYODIDE_RUNNER = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
const pyodide = await loadPyodide();
const [code, folder] = process.argv.slice(1);
if (folder) {
  pyodide.FS.mkdirTree("/project");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/project");
  pyodide.runPython("import sys; sys.path.insert(0, '/project')");
}
process.stdout.write(String(pyodide.runPython(readFileSync(code, "utf-8"))));
"""


def run_in_pyodide(code: str, mount: Path | None = None, timeout: float = 300) -> str:
    """Run ``code`` under Pyodide in Node (``mount`` on sys.path); its last expression."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8") as script:
        script.write(code)
        script.flush()
        command = ["node", "--input-type=module", "-e", PYODIDE_RUNNER, script.name]
        if mount:
            command.append(str(mount))
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT,
                                stdin=subprocess.DEVNULL, timeout=timeout)
    if result.returncode:
        raise RuntimeError(f"Pyodide under Node failed:\n{result.stderr}")
    return result.stdout


def copy_assets(dist: Path) -> None:
    """assets/ as is, icons included, but for ASSET_SOURCES; the stylesheets bundled."""
    shutil.copytree(ROOT / "assets", dist / "assets",
                    ignore=shutil.ignore_patterns(*ASSET_SOURCES))
    (dist / "assets" / STYLES).write_text(bundle_styles(), encoding="utf-8")


def bundle_styles() -> str:
    """Every stylesheet of assets/ in one text, in the page's cascade order (render's
    ``stylesheets()``): the app's in assets/, each game's in its package. One file
    instead of nine: a first visit over HTTP/1.1 opens at most six connections to a
    host, and nine stylesheets beside Pyodide's downloads held back the scripts that
    start it. The stylesheets use no relative URLs (the bundle lives in assets/)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from cardtable.web.render import stylesheets
    finally:
        sys.path.remove(str(ROOT / "py"))
    paths = [sheet if isinstance(sheet, Path) else ROOT / "assets" / sheet
             for sheet in stylesheets()]
    return "\n".join(f"/* --- {path.relative_to(ROOT)} --- */\n" + path.read_text(encoding="utf-8")
                      for path in paths)


def write_parts_index(dist: Path) -> None:
    """Fill in the package's parts (PARTS_INDEX, as the core zip holds it) in
    assets/snapshot.js, which fetches them when a start or the background needs them."""
    with zipfile.ZipFile(dist / "cardtable.zip") as core:
        index = json.loads(core.read(PARTS_INDEX))
    module = dist / "assets" / "snapshot.js"
    text = module.read_text(encoding="utf-8")
    module.write_text(text.replace("__PARTS__", json.dumps(index, separators=(",", ":"))),
                      encoding="utf-8")


def write_snapshot_key(dist: Path) -> None:
    """Fill in the build's snapshot key (a digest of SNAPSHOT_INPUTS) in assets/snapshot.js.

    Written into the file, not passed in its URL: a module's import.meta.url is the URL of
    the response, and the service worker answers from a cache entry stored without query."""
    digest = hashlib.sha256()
    for path in (path for name in SNAPSHOT_INPUTS for path in sorted(dist.glob(name))):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    module = dist / "assets" / "snapshot.js"
    text = module.read_text(encoding="utf-8")
    module.write_text(text.replace("__SNAPSHOT_KEY__", digest.hexdigest()[:16]), encoding="utf-8")


# What a start downloads beyond the page, its stylesheet and scripts: what the loading line
# measures its progress by (assets/boot.js); of the package's parts, those that the start
# fetches (a link's game's, a language's: assets/snapshot.js says which).
START_DOWNLOADS = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   f"pyodide/{STDLIB}", "pyodide/pyodide-lock.json", "cardtable.zip",
                   "pyscript/*.js", f"{PARTS}/*.zip")


def downloads(dist: Path) -> dict[str, list[int]]:
    """{URL relative to dist/: [bytes, bytes gzipped]} of START_DOWNLOADS: the loading line
    weighs each file by what it costs on the way (GitHub Pages compresses most of them)."""
    paths = sorted(path for pattern in START_DOWNLOADS for path in dist.glob(pattern))
    return {path.relative_to(dist).as_posix(): [path.stat().st_size, len(gzipped(path))
                                                 if path.suffix in COMPRESSED
                                                 else path.stat().st_size]
            for path in paths}


def index_html(languages=None, downloads: dict | None = None,
               package_root: Path = ROOT / "py") -> str:
    """index.html with the prerendered lobby in English and, in a <template> each, in every
    other language of ``languages`` (default: every compiled catalog, see
    :func:`compile_catalogs`), the boot words of each as JSON, ``downloads`` (see
    :func:`downloads`) as JSON, the CSP and the PyScript configuration. The package comes from
    ``package_root`` unless it is imported already."""
    sys.path.insert(0, str(package_root))
    try:
        from cardtable import i18n
        from cardtable.web.boot_words import boot_words
        from cardtable.web.render import shell_html
    finally:
        sys.path.remove(str(package_root))
    shells, words = {}, {}
    try:
        for code in languages or i18n.available():
            i18n.set_language(code)
            shells[code], words[code] = shell_html(), boot_words()
    finally:
        i18n.set_language(i18n.DEFAULT)
    english = words["en"]
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    others = "\n  ".join(f'<template id="shell-{code}">{shell}</template>'
                         for code, shell in shells.items() if code != "en")
    # In a <script> element, "</" would end it early: JSON may write it as "<\/".
    boot_json = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    texts = {"csp": CSP, "theme": THEME_COLOR,
             "pyscript_config": json.dumps(PYSCRIPT_CONFIG),
             "plugins_off": json.dumps({"plugins": PYSCRIPT_CONFIG["plugins"]}),
             "description": english["description"], "no_script": english["no_script"],
             "progress_label": english["progress_label"],
             "boot_status": english["status"].format(percent=0, step=english["starting"])}
    markup = {"shell": shells["en"], "shells": others, "boot_words": boot_json,
              "downloads": json.dumps(downloads or {})}
    return fill(template, markup, texts)


# Prints index_html() for the package under folder argv[1] and the downloads given as JSON
# in argv[2], as UTF-8.
PSEUDO_INDEX = """import json, sys, build
page = build.index_html(downloads=json.loads(sys.argv[2]), package_root=build.Path(sys.argv[1]))
sys.stdout.buffer.write(page.encode())"""


def pseudo_index_html(catalog: bytes, downloads: dict) -> str:
    """index.html (with ``downloads``, see :func:`index_html`) that also speaks the
    pseudo-language, whose compiled ``catalog`` is given: made from a copy of the package
    with that catalog added, in a Python process of its own, so that the source tree (which
    tests running alongside read) never holds it."""
    with tempfile.TemporaryDirectory() as folder:
        package = Path(folder) / "cardtable"
        shutil.copytree(ROOT / "py" / "cardtable", package,
                        ignore=shutil.ignore_patterns("__pycache__"))
        mo = package / "locale" / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True)
        mo.write_bytes(catalog)
        result = subprocess.run([sys.executable, "-c", PSEUDO_INDEX, folder, json.dumps(downloads)], cwd=ROOT,
                                check=True, capture_output=True, stdin=subprocess.DEVNULL)
    page = result.stdout.decode("utf-8")
    if f'<template id="shell-{PSEUDO}">' not in page:
        raise RuntimeError("the pseudo-language's lobby is missing from index.html")
    return page


def fill(template: str, markup: dict[str, str], texts: dict[str, str]) -> str:
    """``template`` with each ``{{name}}`` replaced: a ``markup`` value as it is (it is HTML
    already), a ``texts`` value escaped with html.escape (quotes too, so it is safe in an
    attribute value and in element content alike). A missing placeholder raises ValueError."""
    values = {**markup, **{name: html.escape(text, quote=True) for name, text in texts.items()}}
    for name, value in values.items():
        key = "{{" + name + "}}"
        if key not in template:
            raise ValueError(f"the template lacks the placeholder {key}")
        template = template.replace(key, value)
    return template


def manifest() -> dict:
    """The web app manifest; its icon URLs are relative to dist/."""
    return {
        "name": "cardtable: The Game and friends",
        "short_name": APP_NAME,
        "description": "Cooperative and competitive card games, offline, in the browser.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [{"src": f"assets/icons/icon-{size}.png", "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "any maskable"} for size in ICON_SIZES],
    }


def service_worker(dist: Path) -> str:
    """sw.js: the template filled with a cache name and a precache list of [url, integrity]."""
    entries = [[path.relative_to(dist).as_posix(), integrity(path.read_bytes())]
               for path in sorted(dist.rglob("*")) if path.is_file() and path.name != "sw.js"]
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    template = (ROOT / "assets" / "sw.template.js").read_text(encoding="utf-8")
    return (template.replace("__CACHE_NAME__", f"{APP_NAME}-{version}")
            .replace("__PRECACHE__", json.dumps(entries, indent=1)))


def integrity(data: bytes) -> str:
    """A Subresource Integrity string (the service worker passes it to fetch())."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


# --- serve -----------------------------------------------------------------------------

# What the server compresses, as GitHub Pages does (README, "Deployment"): text, and the
# WebAssembly binary; not the zips (their modules are compressed already) nor the images.
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the page needs, optionally under a path prefix;
    the COMPRESSED types gzipped for a client that accepts gzip."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    # Revalidate every time by default; bench/startup.py uses GitHub Pages' max-age=600.
    cache_control = "no-cache"

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + path[len(self.prefix):])

    def end_headers(self):
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def send_head(self):
        """As SimpleHTTPRequestHandler's, but a COMPRESSED file goes out gzipped (with
        Vary: Accept-Encoding) when the request accepts gzip."""
        url_path = self.path.split("?")[0].split("#")[0]
        path = Path(self.translate_path(url_path))
        if path.is_dir() and url_path.endswith("/"):
            path = path / "index.html"
        if not (path.is_file() and path.suffix in COMPRESSED and accepts_gzip(self.headers)):
            return super().send_head()
        if self.unchanged_since(path):
            self.send_response(304)
            self.end_headers()
            return None
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def unchanged_since(self, path: Path) -> bool:
        """Whether the request's If-Modified-Since (without If-None-Match) is not older than
        the file, as SimpleHTTPRequestHandler checks it: a revalidation then gets 304."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            return int(path.stat().st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def log_message(self, format, *args):
        if os.environ.get("CARDTABLE_SERVE_LOG"):
            super().log_message(format, *args)


def accepts_gzip(headers) -> bool:
    """Whether a request's Accept-Encoding names gzip (without q=0)."""
    for part in headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() == "gzip" and params.replace(" ", "") not in ("q=0", "q=0.0"):
            return True
    return False


@functools.lru_cache(maxsize=64)
def _gzip(path: Path, mtime_ns: int, size: int) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


def gzipped(path: Path) -> bytes:
    """The file at ``path`` gzipped, made once per version of the file."""
    stat = path.stat()
    return _gzip(path, stat.st_mtime_ns, stat.st_size)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """Stay quiet when a browser drops a connection mid-answer (it cancels preloads
        and requests of a page it leaves); print any other error as usual."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, prefix: str = "/",
                host: str = "127.0.0.1", cache_control: str = "no-cache") -> SiteServer:
    """A threaded HTTP server for ``directory`` at ``prefix`` (port 0: any free port)."""
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "cache_control": cache_control})
    return SiteServer((host, port), partial(handler, directory=str(directory)))


def serve(port: int, host: str) -> int:
    """Build dist/, then serve it on ``host``:``port`` until Ctrl+C."""
    build()
    server = make_server(port=port, host=host)
    shown = "localhost" if host == "127.0.0.1" else host
    print(f"Serving dist/ at http://{shown}:{server.server_address[1]}/ (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


# --- test: install what is missing, build, run pytest ----------------------------------

def run(*command, **kwargs) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run(command, check=True, **kwargs)


def stamp_ok(stamp: Path, *sources: Path) -> tuple[bool, str]:
    """Whether ``stamp`` records the current contents of ``sources`` (and that digest)."""
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    return stamp.is_file() and stamp.read_text() == digest, digest


def ensure_venv() -> Path:
    """.venv with requirements-dev.txt and the package (editable); skipped when up to date."""
    python = VENV / "bin" / "python"
    stamp = VENV / ".cardtable-installed"
    ok, digest = stamp_ok(stamp, ROOT / "requirements-dev.txt", ROOT / "pyproject.toml")
    if python.exists() and ok:
        return python
    if not python.exists():
        if importlib.util.find_spec("ensurepip") is None:  # Debian splits venv's pip out
            apt_install("python3-venv")
        run(sys.executable, "-m", "venv", str(VENV))
    run(str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q",
        "-r", str(ROOT / "requirements-dev.txt"), "-e", str(ROOT))
    stamp.write_text(digest)
    return python


def ensure_node_modules() -> None:
    """npm ci from package-lock.json; skipped when node_modules matches the lock."""
    stamp = NODE_MODULES / ".cardtable-installed"
    ok, digest = stamp_ok(stamp, ROOT / "package-lock.json")
    if ok:
        return
    if not shutil.which("npm"):
        apt_install("nodejs", "npm")
    run("npm", "ci", "--no-audit", "--no-fund", cwd=ROOT)
    stamp.write_text(digest)


def ensure_chromium() -> None:
    if not CHROMIUM.exists():
        apt_install("chromium")


# The other engines' browsers and drivers, each with a file that shows it installed:
# Firefox ESR (driven by npm's puppeteer-core), WebKitGTK's WebKitWebDriver with MiniBrowser
# (driven by PyPI's selenium), and the X server WebKit's windows open in. See
# tests/browser/engines/__init__.py.
BROWSERS = {"firefox-esr": Path("/usr/bin/firefox-esr"),
            "webkit2gtk-driver": Path("/usr/bin/WebKitWebDriver"),
            "xvfb": Path("/usr/bin/Xvfb")}


def ensure_browsers() -> None:
    """Install Debian's Chromium, Firefox ESR, WebKitGTK driver and Xvfb where missing."""
    ensure_chromium()
    missing = [package for package, path in BROWSERS.items() if not path.exists()]
    if missing:
        apt_install(*missing)


def apt_install(*packages: str) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run("apt-get", "update", "-q", env=env)
    run("apt-get", "install", "-y", "-q", "--no-install-recommends", *packages, env=env)


def test(argv: list[str]) -> int:
    """Install what is missing, build dist/ and run pytest with ``argv`` (over tests/ unless
    ``argv`` names a path) on several workers (see :func:`workers`), in a loopback-only
    network when it can (:func:`loopback_only`); pytest's exit status, but 1 when it
    collected no tests."""
    python = ensure_venv()
    ensure_node_modules()
    ensure_browsers()
    build()
    paths = [a for a in argv if not a.startswith("-") and (ROOT / a.split("::")[0]).exists()]
    args = [*workers(argv), *(argv if paths else ["tests", *argv])]
    env = {**os.environ, "CARDTABLE_DIST_BUILT": "1"}
    command = loopback_only([str(python), "-m", "pytest", *args])
    code = subprocess.run(command, cwd=ROOT, env=env).returncode
    if code == 5:
        print("build.py test: pytest collected no tests; that is a failure here.", flush=True)
        return 1
    return code


def workers(argv: list[str]) -> list[str]:
    """pytest-xdist's options that spread the tests over one worker per core (two at least:
    a browser test spends much of its time waiting on the page), unless ``argv`` chooses
    (``-n``, ``--numprocesses``, ``--dist``, ``-p no:xdist``). A test file is one unit of
    work, so a module's costly fixture (the Node + Pyodide probe, a private build, the
    pseudo-language site) is made once. (pytest-xdist's ``xdist_group`` marks, which could
    keep just those modules together, are not honoured under pytest 9.2.)"""
    chosen = ("-n", "--numprocesses", "--dist", "no:xdist")
    if any(a.startswith(chosen) for a in argv):
        return []
    return ["-n", str(max(2, os.cpu_count() or 1)), "--dist", "loadfile"]


def loopback_only(command: list[str]) -> list[str]:
    """``command`` run in a network namespace of its own whose one interface is loopback,
    so that every packet of every test stays on this machine (the browser tests connect
    pages by WebRTC); ``command`` as it is, and a line saying so, where no such namespace
    can be made (it takes root, ``unshare`` and ``ip``)."""
    isolated = ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]
    if (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("unshare")
            and shutil.which("ip")
            and subprocess.run([*isolated, "true"], capture_output=True).returncode == 0):
        return [*isolated, *command]
    print("build.py test: cannot make a loopback-only network namespace (it takes root,"
          " unshare and ip): the tests run on this machine's network.", flush=True)
    return command


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a bad argument prints one line (no usage block) and exits with 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see python3 build.py --help)\n")


def parser() -> ArgumentParser:
    """build.py's command line: build (the default), serve, test or venv."""
    top = ArgumentParser(prog="build.py", description="Build, serve and test cardtable's site.")
    commands = top.add_subparsers(dest="command", title="commands")
    top.set_defaults(command="build")  # after add_subparsers, whose default would be None
    commands.add_parser("build", help="build dist/ (the default)")
    serve_command = commands.add_parser("serve", help="build dist/, then serve it")
    serve_command.add_argument("--port", type=int, default=8000, help="default 8000")
    serve_command.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    commands.add_parser("venv", help="create .venv: the package (its cardtable command)"
                        " and the test tools")
    i18n = commands.add_parser("i18n", help="extract the texts to translate into "
                               "py/cardtable/locale/cardtable.pot and update every .po with them")
    i18n.add_argument("--add", metavar="CODE", help="start the catalog of a new language")
    commands.add_parser("test", add_help=False, help="install what is missing, build, "
                        "run pytest; every further argument goes to pytest unchanged")
    return top


def main(argv: list[str]) -> int:
    """Run the command that ``argv`` names; its exit status."""
    top = parser()
    args, rest = top.parse_known_args(argv)
    if args.command == "test":  # pytest gets the words after "test" as they are, "--" too
        return test(argv[argv.index("test") + 1:])
    if rest:
        top.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "i18n":
        if args.add:
            print(f"new catalog: {add_language(args.add).relative_to(ROOT)}")
        update_catalogs()
        return 0
    if args.command == "venv":
        print(f"ready: {(ensure_venv().parent / 'cardtable').relative_to(ROOT)} sim …")
        return 0
    ensure_node_modules()
    if args.command == "serve":
        return serve(args.port, args.host)
    print(f"built {build().relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
