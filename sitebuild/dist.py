"""Assembles dist/, the site: what the page loads and nothing else, every URL relative (so
the site also works under a GitHub Pages project path, /<repo>/).

dist/ holds index.html with the lobby prerendered for first paint, assets/ (but for the
sources of generated files, the stylesheets bundled into one), the package as a core zip and
parts with its translations compiled, the Pyodide and PyScript files that the page requests
(Pyodide's standard library cut and compiled), the QR code generator from node_modules, the
web app manifest, and sw.js whose precache list names every other file with its SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

from sitebuild.catalogs import DOMAIN, PSEUDO, compile_catalogs
from sitebuild.package import (PARTS, PARTS_INDEX, package_files, page_sources, split_package,
                               zipped)
from sitebuild.page import POSTERS, manifest, page_files, pseudo_page_files
from sitebuild.project import DIST, NODE_MODULES, PACKAGE, ROOT, importable
from sitebuild.server import COMPRESSED, gzipped
from sitebuild.service_worker import service_worker
from sitebuild.stdlib import STDLIB, STDLIB_PART, stdlib_bytecode

LOCK = "pyodide-lock.json"
# What the page loads from npm packages. Pyodide: the loader, the Emscripten module, the
# WebAssembly binary, the standard library and the package index it reads at start-up.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, LOCK)
# PyScript: core.js and its static imports (found by IMPORT_RE); the plugins and editors it
# can load lazily are all switched off in page.PYSCRIPT_CONFIG, except the error plugin's
# module, which PyScript imports even when the plugin is off (to tell it to stay off the DOM).
PYSCRIPT_ENTRY = "core.js"
PYSCRIPT_LAZY = ("error-",)
IMPORT_RE = re.compile(r'(?:from|import)\s*"\./([^"]+\.js)"')
# Other npm files the page loads, by their path in node_modules/ and in dist/: the QR code
# generator, a classic script that defines the global `qrcode`; assets/qr.js adds it to
# the page the first time it draws a code. The MQTT client (an ES module, minified, which
# keeps no licence text: its licence goes beside it), which assets/relay.js imports the
# first time a table meets on relays.
VENDOR_FILES = {"qrcode-generator/dist/qrcode.js": "vendor/qrcode.js",
                "mqtt/dist/mqtt.esm.js": "vendor/mqtt.esm.js",
                "mqtt/LICENSE.md": "vendor/mqtt.LICENSE.md"}

# Files of assets/ that dist/ does not ship, since the page loads none of them: sources of
# generated files (sw.js is written from its template; the icons come from icon.svg).
ASSET_SOURCES = ("sw.template.js", "icon.svg", "*.css", "*~")
STYLES = "cardtable.css"  # every stylesheet in one file (see bundle_styles)
# What a memory snapshot holds or is made by; when any of these changes, the build's key
# changes, and snapshots made by earlier builds are ignored (assets/snapshot.js).
SNAPSHOT_INPUTS = (*(f"pyodide/{name}" for name in PYODIDE_FILES), "cardtable.zip",
                   "parts/*.zip", "assets/snapshot-worker.js",
                   "assets/no-stack-switching.js")
# What a start downloads beyond the page, its stylesheet and scripts: what the loading line
# measures its progress by (assets/boot.js); of the package's parts, those that the start
# fetches (a link's game's, a language's: assets/snapshot.js says which).
START_DOWNLOADS = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   f"pyodide/{STDLIB}", "pyodide/pyodide-lock.json", "cardtable.zip",
                   "pyscript/*.js", f"{PARTS}/*.zip")


def build(dist: Path = DIST, pseudo: bool = False) -> Path:
    """Write the whole site into ``dist`` (emptied first) and return it. With ``pseudo``,
    the site also speaks the pseudo-language (see catalogs.compile_catalogs)."""
    if not (NODE_MODULES / "pyodide").is_dir():
        sys.exit("node_modules/ is missing: run `python3 build.py` (it runs npm ci).")
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_runtime(dist)
    catalogs = compile_catalogs(pseudo)
    sources = page_sources(PACKAGE)
    at_start, later = stdlib_bytecode(sources)
    (dist / "pyodide" / STDLIB).write_bytes(zipped(at_start))
    (dist / PARTS).mkdir()
    for url, data in split_package(package_files(PACKAGE, catalogs), sources,
                                   {STDLIB_PART: later}).items():
        (dist / url).write_bytes(data)
    copy_assets(dist)
    write_parts_index(dist)
    write_snapshot_key(dist)
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n")
    files = (pseudo_page_files(catalogs[f"cardtable/locale/{PSEUDO}/LC_MESSAGES/{DOMAIN}.mo"],
                               downloads(dist))
             if pseudo else page_files(downloads=downloads(dist)))
    (dist / POSTERS).mkdir()
    for path, text in files.items():
        (dist / path).write_text(text, encoding="utf-8")
    (dist / "sw.js").write_text(service_worker(dist), encoding="utf-8")
    return dist


def copy_runtime(dist: Path) -> None:
    """Copy the Pyodide and PyScript files and the VENDOR_FILES that the page loads, and
    nothing else; but Pyodide's standard library, which :func:`build` compiles and cuts
    to what the page can import (stdlib.stdlib_bytecode)."""
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
    with importable():
        from cardtable.web.render import stylesheets
    paths = [sheet if isinstance(sheet, Path) else ROOT / "assets" / sheet
             for sheet in stylesheets()]
    return "\n".join(f"/* --- {path.relative_to(ROOT)} --- */\n" + path.read_text(encoding="utf-8")
                      for path in paths)


def write_parts_index(dist: Path) -> None:
    """Fill in the package's parts (PARTS_INDEX, as the core zip holds it) in
    assets/snapshot.js, which fetches them when a start or the background needs them."""
    with zipfile.ZipFile(dist / "cardtable.zip") as core:
        index = json.loads(core.read(PARTS_INDEX))
    fill_snapshot_module(dist, "__PARTS__", json.dumps(index, separators=(",", ":")))


def write_snapshot_key(dist: Path) -> None:
    """Fill in the build's snapshot key (a digest of SNAPSHOT_INPUTS) in assets/snapshot.js.

    Written into the file, not passed in its URL: a module's import.meta.url is the URL of
    the response, and the service worker answers from a cache entry stored without query."""
    digest = hashlib.sha256()
    for path in (path for name in SNAPSHOT_INPUTS for path in sorted(dist.glob(name))):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    fill_snapshot_module(dist, "__SNAPSHOT_KEY__", digest.hexdigest()[:16])


def fill_snapshot_module(dist: Path, placeholder: str, value: str) -> None:
    """Replace ``placeholder`` with ``value`` in dist/'s assets/snapshot.js."""
    module = dist / "assets" / "snapshot.js"
    text = module.read_text(encoding="utf-8")
    module.write_text(text.replace(placeholder, value), encoding="utf-8")


def downloads(dist: Path) -> dict[str, list[int]]:
    """{URL relative to dist/: [bytes, bytes gzipped]} of START_DOWNLOADS: the loading line
    weighs each file by what it costs on the way (GitHub Pages compresses most of them)."""
    paths = sorted(path for pattern in START_DOWNLOADS for path in dist.glob(pattern))
    return {path.relative_to(dist).as_posix(): [path.stat().st_size, len(gzipped(path))
                                                 if path.suffix in COMPRESSED
                                                 else path.stat().st_size]
            for path in paths}
