"""build.py's output on CPython (the page, relative URLs, CSP, package zip, icons, manifest)
and its command line."""

import argparse
import ast
import email.utils
import html
import importlib.util
import io
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import time
import zipfile
import zlib
from html.parser import HTMLParser

import pytest

from build import parser
from sitebuild.catalogs import catalog_files, compile_catalogs
from sitebuild.dist import IMPORT_RE, STYLES, VENDOR_FILES
from sitebuild import node_pyodide
from sitebuild.node_pyodide import run_code_in_pyodide, run_in_pyodide
from sitebuild.package import (HEADLESS_ONLY, PARTS, PARTS_INDEX, package_zip, page_sources,
                               split_package, zipped)
from sitebuild.page import ICON_SIZES, PYSCRIPT_CONFIG, fill, manifest
from sitebuild.project import NODE_MODULES, ROOT
from sitebuild.runtests import GATEWAY, VETH, name_servers, private_network
from sitebuild.server import MIME_TYPES, make_server
from sitebuild.service_worker import integrity
from sitebuild.stdlib import (PAGE_SCRIPT_IMPORTS, RUNTIME_IMPORTS, START_LAZY_IMPORTS, STDLIB,
                              STDLIB_PART, module_name, stdlib_bytecode, stdlib_closure)
from cardtable.engine.registry import GAMES
from cardtable.web import tables
from cardtable.web.render import shell_html


def test_first_paint_html_holds_the_prerendered_lobby(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert f'<div id="app">{shell_html()}</div>' in page
    assert '<html lang="en" data-app="loading">' in page
    assert "{{" not in page


def test_every_url_is_relative(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    urls = re.findall(r'(?:src|href)="([^"]*)"', page)
    urls += list(PYSCRIPT_CONFIG["files"]) + [PYSCRIPT_CONFIG["interpreter"]]
    urls += [icon["src"] for icon in manifest()["icons"]]
    assert urls
    for url in urls:
        assert not re.match(r"^(/|[a-z]+:)", url) or url.startswith("data:"), url
        assert (dist / url.split("#")[0]).exists() or url.startswith(("data:", "#")), url


def test_csp_allows_no_other_origin_but_the_relays_and_no_eval(dist):
    """Nothing from any other origin; connections (no fetch of code) to the relays a player
    names: over TLS anywhere, unencrypted on the player's own machine only."""
    page = (dist / "index.html").read_text(encoding="utf-8")
    csp = html.unescape(
        re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1))
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["connect-src"] == "'self' wss: ws://localhost:* ws://127.0.0.1:*"
    others = csp.replace(directives["connect-src"], "")
    assert "unsafe-inline" not in csp and "http" not in csp and "*" not in others


def package_files(dist) -> dict:
    """{path: bytes} of the package's files in the core zip and every part's (but the
    standard library's)."""
    files = {}
    parts = sorted((dist / PARTS).glob("*.zip"))
    for path in [dist / "cardtable.zip", *(p for p in parts if p.stem != STDLIB_PART)]:
        with zipfile.ZipFile(path) as archive:
            for name in archive.namelist():
                assert name not in files, f"{name} is in two zips"
                files[name] = archive.read(name)
    return files


def test_package_zip_holds_every_module_as_3_14_bytecode_and_every_catalog(dist):
    files = package_files(dist)
    names = set(files) - {PARTS_INDEX}
    pycs = {name: files[name] for name in names if name.endswith(".pyc")}
    sources = {p.relative_to(ROOT / "py").as_posix()
               for p in (ROOT / "py" / "cardtable").rglob("*.py")}
    assert set(HEADLESS_ONLY) < sources
    # one sourceless module per source, but for the simulator's, which the page never imports
    assert {name[:-1] for name in pycs} == sources - set(HEADLESS_ONLY)
    assert "cardtable/main.pyc" in names and "cardtable/web/page/boot.pyc" in names
    catalogs = {name for name in names if name.endswith(".mo")}
    assert catalogs == {f"cardtable/locale/{code}/LC_MESSAGES/cardtable.mo"
                        for code in catalog_files()}
    assert names == set(pycs) | catalogs
    magic = importlib.util.MAGIC_NUMBER
    for data in pycs.values():  # PEP 552 flags: hash-based (bit 0), source unchecked (bit 1)
        assert int.from_bytes(data[4:8], "little") == 0b01
        assert data[:4] != magic  # 3.14's magic number, not this 3.11's


def test_the_research_environments_stay_out_of_the_site(dist):
    """py/cardtable_research (OpenSpiel, PettingZoo) is an optional install beside the
    package: nothing of it is in the site."""
    assert (ROOT / "py" / "cardtable_research" / "spiel.py").is_file()
    with zipfile.ZipFile(dist / "cardtable.zip") as archive:
        assert not any("research" in name for name in archive.namelist())
    assert not any("research" in path.as_posix() for path in dist.rglob("*"))


def test_pyodide_imports_the_package_from_its_zip_with_only_class_docstrings_kept(dist):
    """The page's sys.path holds the zip itself (zipimport). Function and module docstrings
    are stripped; class docstrings stay, so that dataclasses need not make their own."""
    shown = json.loads(run_code_in_pyodide(
        "import json, sys\n"
        "sys.path.insert(0, '/project/cardtable.zip')\n"
        "from cardtable.engine import core\n"
        "json.dumps([core.__file__, core.GameSpec.__doc__, core.as_action.__doc__, core.__doc__])",
        mount=dist))
    assert shown[0] == "/project/cardtable.zip/cardtable/engine/core.pyc"
    assert shown[1].startswith("A game declared as data")
    assert shown[2:] == [None, None]


def test_package_zip_is_reproducible(dist, monkeypatch):
    """The package, the cut standard library and the parts, compiled again in this process
    (the build's kept outputs left unread), are byte for byte those of the built site
    (which ``build.py test`` made in another)."""
    monkeypatch.setattr(node_pyodide, "CACHE", None)
    package = ROOT / "py" / "cardtable"
    whole_zip = package_zip(package, compile_catalogs())
    with zipfile.ZipFile(io.BytesIO(whole_zip)) as archive:
        whole = {name: archive.read(name) for name in archive.namelist()}
    assert whole == {name: data for name, data in package_files(dist).items()
                     if name != PARTS_INDEX}
    sources = page_sources(package)
    at_start, later = stdlib_bytecode(sources)
    assert zipped(at_start) == (dist / "pyodide" / STDLIB).read_bytes()
    split = split_package(whole, sources, {STDLIB_PART: later})
    assert split == {path.relative_to(dist).as_posix(): path.read_bytes()
                     for path in [dist / "cardtable.zip", *(dist / PARTS).glob("*.zip")]}


def test_a_programs_kept_output_is_read_back_and_keyed_by_all_it_depends_on(tmp_path,
                                                                         monkeypatch):
    """A build program's output is kept under a digest of its folder's files, its input,
    the mounted folder and the Pyodide release: the same run again reads it back (Node is
    not started: the kept text is what comes back), any other input is another key."""
    monkeypatch.setattr(node_pyodide, "CACHE", tmp_path)
    script = ROOT / "sitebuild" / "programs" / "stdlib_closure.py"
    key = node_pyodide._kept_output(script, '{"names": ["a"]}', None)
    assert key == node_pyodide._kept_output(script, '{"names": ["a"]}', None)
    others = {node_pyodide._kept_output(script, '{"names": ["b"]}', None),
              node_pyodide._kept_output(script, '{"names": ["a"]}', tmp_path),
              node_pyodide._kept_output(script.with_name("compile_stdlib.py"),
                                        '{"names": ["a"]}', None)}
    assert key not in others and len(others) == 3
    key.write_text("kept", encoding="utf-8")
    assert run_in_pyodide(script, {"names": ["a"]}, cached=True) == "kept"


def test_a_modules_tracebacks_name_the_zip_that_the_page_finds_it_in(dist):
    """A module of a part is compiled with its path in the part's zip (where the page writes
    it), one of the core with its path in the core zip: a traceback names the right file."""
    with zipfile.ZipFile(dist / PARTS / "game-rentz.zip") as part:
        bots = part.read("cardtable/games/rentz/bots.pyc")
    with zipfile.ZipFile(dist / "cardtable.zip") as core:
        boot = core.read("cardtable/web/page/boot.pyc")
    assert b"/home/pyodide/parts/game-rentz.zip/cardtable/games/rentz/bots.py" in bots
    assert b"cardtable.zip" not in bots
    assert b"/home/pyodide/cardtable.zip/cardtable/web/page/boot.py" in boot


def test_the_core_zip_holds_each_games_declaration_and_the_parts_the_rest(dist):
    """A start imports the core zip: the framework (every module of the page's glue,
    web/page/, among it), each game's __init__ and rules, no catalog; each game's other
    modules are its part, each catalog its language's; a part needs the parts whose modules
    it imports (Extreme's bots and table import The Game's)."""
    with zipfile.ZipFile(dist / "cardtable.zip") as core:
        names = set(core.namelist())
        index = json.loads(core.read(PARTS_INDEX))
    page = {f"cardtable/web/page/{p.stem}.pyc"
            for p in (ROOT / "py" / "cardtable" / "web" / "page").glob("*.py")}
    assert "cardtable/web/page/boot.pyc" in page and page <= names
    games = sorted(p.name for p in (ROOT / "py" / "cardtable" / "games").glob("*/rules.py")
                   for p in [p.parent])
    for game in games:
        assert {f"cardtable/games/{game}/__init__.pyc", f"cardtable/games/{game}/rules.pyc"} <= names
        files = index["parts"][f"game-{game}"]["files"]
        assert f"cardtable/games/{game}/bots.pyc" in files and not names & set(files)
    assert not any(name.endswith(".mo") for name in names)
    assert set(index["languages"]) == set(catalog_files()) - {"en"}
    assert index["parts"]["game-extreme"]["needs"] == ["game-the_game"]
    assert index["games"]["extreme"] == ["game-extreme", "game-the_game"]
    assert index["games"]["rentz"] == ["game-rentz"]
    for part, entry in index["parts"].items():
        assert (dist / entry["url"]).is_file(), part


def test_the_one_stylesheet_bundles_the_shared_ones_and_each_games_own(dist):
    bundled = (dist / "assets" / STYLES).read_text(encoding="utf-8")
    sheets = [ROOT / "assets" / name for name in ("app.css", "teach.css", "table.css")]
    sheets += tables.stylesheet_paths()  # each game's table.css, in its package
    assert len(sheets) == 3 + len(GAMES)
    places = [bundled.index(path.read_text(encoding="utf-8")) for path in sheets]
    assert places == sorted(places)  # the cascade: shared first, then the games'
    assert not (dist / "assets" / "table.css").exists()  # only the bundle is shipped


def test_runtime_holds_only_pyscript_core_and_its_imports(dist):
    shipped = {p.name for p in (dist / "pyscript").iterdir()}
    assert "core.js" in shipped
    assert not any(name.startswith(("codemirror", "xterm", "py-editor", "toml", "zip"))
                   for name in shipped)
    for name in shipped:  # every static import resolves inside dist
        for imported in IMPORT_RE.findall((dist / "pyscript" / name).read_text()):
            assert imported in shipped, (name, imported)


def test_vendored_files_are_the_locked_packages_listed_by_the_service_worker(dist):
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    precache = {name: value for listed in ("PRECACHE", "ON_DEMAND") for name, value in
                json.loads(re.search(rf"const {listed} = (\[.*?\]);", sw, re.S).group(1))}
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    generator = lock["node_modules/qrcode-generator"]
    assert generator["version"] == "2.0.4" and not generator.get("dev")
    assert lock["node_modules/jsqr"]["dev"]
    assert not any("jsqr" in p.name.lower() for p in dist.rglob("*"))  # the tests' only
    # the path that assets/qr.js loads the generator from
    assert 'const LIBRARY = "vendor/qrcode.js";' in (dist / "assets" / "qr.js").read_text()
    assert "vendor/qrcode.js" in VENDOR_FILES.values()
    for name, path in VENDOR_FILES.items():
        shipped = (dist / path).read_bytes()
        assert shipped == (NODE_MODULES / name).read_bytes()
        assert precache[path] == integrity(shipped)
    assert "var qrcode = function()" in (dist / "vendor" / "qrcode.js").read_text()
    assert "assets/qr.js" in precache


def test_the_page_loads_the_qr_module(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="assets/qr.js"></script>' in page
    assert "vendor/qrcode.js" not in page  # the module adds it when a code is first drawn


def png_chunks(data: bytes) -> list:
    """A PNG's (kind, data) chunks, each CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        at += 12 + length
    return chunks


# Bytes per pixel of each 8-bit PNG colour type: grey, RGB, palette, grey + alpha, RGBA.
PNG_PIXEL_BYTES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def test_manifest_icons_are_valid_pngs_of_their_size(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        chunks = png_chunks((dist / icon["src"]).read_bytes())
        kinds = [kind for kind, _ in chunks]
        assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
        size = int(icon["sizes"].split("x")[0])
        assert (width, height) == (size, size) and icon["sizes"] == f"{size}x{size}"
        assert depth == 8 and interlace == 0
        pixels = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
        assert len(pixels) == size * (1 + PNG_PIXEL_BYTES[colour] * size)


def test_icons_are_committed_and_their_svg_source_is_not_shipped(dist):
    for size in ICON_SIZES:
        committed = ROOT / "assets" / "icons" / f"icon-{size}.png"
        assert (dist / "assets" / "icons" / committed.name).read_bytes() == committed.read_bytes()
    assert (ROOT / "assets" / "icons" / "icon.svg").is_file()
    assert not (dist / "assets" / "icons" / "icon.svg").exists()
    assert not (dist / "assets" / "sw.template.js").exists()


class Attributes(HTMLParser):
    """Every (tag, attributes) of a page, attribute values unescaped as a browser does."""

    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_page_escapes_the_configuration_it_fills_in(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    parsed = Attributes()
    parsed.feed(page)
    (config,) = [attrs["config"] for tag, attrs in parsed.tags if tag == "script" and
                 attrs.get("type") == "py"]
    assert json.loads(config) == PYSCRIPT_CONFIG
    assert '"' not in re.search(r'config="([^"]*)"', page).group(1)


def test_fill_escapes_text_and_keeps_markup():
    template = '<p title="{{title}}">{{body}}</p>{{shell}}'
    texts = {"title": """a "b" & 'c' <d>""", "body": "1 < 2 > 0"}
    page = fill(template, {"shell": "<b>lobby</b>"}, texts)
    assert page == ('<p title="a &quot;b&quot; &amp; &#x27;c&#x27; &lt;d&gt;">'
                    "1 &lt; 2 &gt; 0</p><b>lobby</b>")
    with pytest.raises(ValueError, match="{{missing}}"):
        fill(template, {}, {**texts, "missing": ""})


def run_build_py(*args):
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args", [("bogus",), ("serve", "--port", "x"), ("serve", "--bogus"),
                                  ("build", "extra"), ("serve", "--port")])
def test_a_bad_argument_prints_one_line_and_exits_2(args):
    result = run_build_py(*args)
    assert result.returncode == 2
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("build.py")


def test_command_line_defaults_to_build_and_passes_test_args_on():
    command_line = parser()
    assert command_line.parse_known_args([]) == (argparse.Namespace(command="build"), [])
    args, rest = command_line.parse_known_args(["serve", "--port", "8123", "--host", "0.0.0.0"])
    assert (args.command, args.port, args.host) == ("serve", 8123, "0.0.0.0")
    args, rest = command_line.parse_known_args(["test", "-q", "-k", "links", "-h"])
    assert args.command == "test" and rest == ["-q", "-k", "links", "-h"]


def test_mime_types_cover_the_runtime():
    for suffix in (".mjs", ".wasm", ".json", ".webmanifest", ".zip"):
        assert suffix in MIME_TYPES


ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0
INTERFACES = "import socket, sys; print([n for _, n in socket.if_nameindex()]); sys.exit(3)"
TEST_NETWORK = ["lo", *VETH]


def test_the_tests_command_isolates_its_network_and_keeps_the_exit_status(capsys):
    command = private_network([sys.executable, "-c", INTERFACES])
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 3
    if ROOT_USER:
        assert sorted(ast.literal_eval(result.stdout)) == sorted(TEST_NETWORK)
        assert capsys.readouterr().out == ""
    else:
        assert command[0] == sys.executable and "namespace of its own" in capsys.readouterr().out


def outside_connection(address: str) -> str:
    """What a TCP connection from this network to ``address`` (port 80) comes to within a
    second: "connected", "refused" or "nothing" (no answer)."""
    with socket.socket() as connection:
        connection.settimeout(1)
        try:
            connection.connect((address, 80))
        except ConnectionRefusedError:
            return "refused"
        except OSError:
            return "nothing"
        return "connected"


@pytest.mark.skipif(not (ROOT_USER and os.environ.get("CARDTABLE_DIST_BUILT")),
                    reason="run by build.py test as root")
def test_under_build_py_test_as_root_the_network_is_the_tests_own():
    """Loopback and the veth pair, both ends here, and nothing else: the default route goes
    to the pair's far end, a packet for any other address stops there, and a name lookup
    fails at once (its name server is unreachable)."""
    assert sorted(name for _, name in socket.if_nameindex()) == sorted(TEST_NETWORK)
    route = subprocess.run(["ip", "route", "show", "default"], capture_output=True,
                           text=True).stdout.split()
    assert route[:3] == ["default", "via", GATEWAY]
    assert outside_connection("1.1.1.1") == "nothing"
    started = time.monotonic()
    with pytest.raises(socket.gaierror):
        socket.getaddrinfo("example.com", 80)
    assert time.monotonic() - started < 1, "a name lookup waits instead of failing at once"


def test_the_name_servers_are_read_from_resolv_conf_each_once(tmp_path):
    conf = tmp_path / "resolv.conf"
    conf.write_text("# a comment\nnameserver 10.1.2.3\nsearch lan\nnameserver 2001:db8::1\n"
                    "nameserver\nnameserver 10.1.2.3\nnameserver not-an-address\n"
                    "options ndots:2\nnameserver 192.168.0.1 \n")
    assert name_servers(str(conf)) == ["10.1.2.3", "192.168.0.1"]
    assert name_servers(str(tmp_path / "missing.conf")) == []


# --- the standard library, cut to what the page can import -------------------------------

FULL_STDLIB = NODE_MODULES / "pyodide" / STDLIB


def stdlib_modules(path) -> dict[str, str]:
    """{module name: path} of the modules in a standard library zip."""
    with zipfile.ZipFile(path) as archive:
        return {module_name(name): name for name in archive.namelist()
                if module_name(name)}


def imports_of(tree, name: str, is_package: bool):
    """Every module name that an import in ``tree`` names, anywhere (in functions too), with
    each name of a from-import as a possible submodule and every parent package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            parent = name.split(".")[:len(name.split(".")) - node.level + is_package]
            base = ".".join((parent if node.level else []) + [node.module or ""]).strip(".")
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for full in names:
            parts = full.split(".")
            yield from (".".join(parts[:end]) for end in range(1, len(parts) + 1))


def shipped_stdlib(dist) -> dict[str, str]:
    """{module name: path} of the page's standard library: the zip that Pyodide loads and
    the part that holds the modules a start does not import."""
    return {**stdlib_modules(dist / "pyodide" / STDLIB),
            **stdlib_modules(dist / PARTS / f"{STDLIB_PART}.zip")}


def test_the_cut_standard_library_holds_every_module_the_page_imports(dist):
    """Every module of the page's package, lazy imports included (a game's table, the
    catalogs' gettext), and the page's other Python: each standard module that they import
    and Pyodide has in its zip is shipped, compiled; and the cut is smaller."""
    full, cut = stdlib_modules(FULL_STDLIB), shipped_stdlib(dist)
    wanted = set(PAGE_SCRIPT_IMPORTS) | set(RUNTIME_IMPORTS)
    for path, source in page_sources(ROOT / "py" / "cardtable").items():
        name = path[:-3].replace("/", ".").removesuffix(".__init__")
        wanted |= set(imports_of(ast.parse(source), name, path.endswith("__init__.py")))
    missing = sorted(m for m in wanted if m in full and m not in cut)
    assert not missing, f"the page imports these, the cut standard library lacks them: {missing}"
    assert {"gettext", "dataclasses", "json", "random", "hashlib", "site"} <= set(cut)
    assert {"unittest", "doctest", "pdb", "pydoc", "_pyrepl", "tkinter"}.isdisjoint(cut)
    assert all(path.endswith(".pyc") for path in cut.values())
    assert len(cut) < 0.5 * len(full)


def test_a_start_loads_only_the_modules_that_a_start_imports(dist):
    """The zip that Pyodide loads holds what importing the page's modules imports (outside
    functions), what a start imports in functions (START_LAZY_IMPORTS), and Python's and
    Pyodide's start-up; a module that only functions import (email, through Pyodide's
    package loader) waits in the part."""
    at_start = stdlib_modules(dist / "pyodide" / STDLIB)
    later = stdlib_modules(dist / PARTS / f"{STDLIB_PART}.zip")
    assert {"json", "dataclasses", "asyncio", "site", "encodings.utf_8"} <= set(at_start)
    assert set(RUNTIME_IMPORTS) | set(START_LAZY_IMPORTS) <= set(at_start)
    assert "email" in later
    assert not set(at_start) & set(later)
    with zipfile.ZipFile(dist / "cardtable.zip") as core:
        index = json.loads(core.read(PARTS_INDEX))
    assert sorted(index["parts"][STDLIB_PART]["files"]) == sorted(later.values())


# Runs in Pyodide: each compiled module of the zips in /project against its source in
# Pyodide's own standard library: the same code, line numbers included (docstrings aside),
# and it imports (the modules not imported yet, from the compiled zips first on sys.path).
COMPILED_CHECK = """
import collections, importlib, json, marshal, sys, zipfile
full = zipfile.ZipFile("/project/full.zip")
zips = ["/project/start.zip", "/project/later.zip"]

def code_objects(code):
    yield code
    for const in code.co_consts:
        if hasattr(const, "co_lines"):
            yield from code_objects(const)

# How many code objects of each name, and the lines of each name's code but where each
# begins (a def's or class's first line, which a module's left-out docstring moves for its
# __annotate__).
def summary(code):
    objects = list(code_objects(code))
    lines = {}
    for c in objects:
        lines.setdefault(c.co_qualname, set()).update(line for *_, line in c.co_lines() if line)
    for c in objects:
        lines[c.co_qualname].discard(c.co_firstlineno)
    return collections.Counter(c.co_qualname for c in objects), lines

def same_code(compiled, original):
    (names, lines), (names_before, lines_before) = summary(compiled), summary(original)
    return names == names_before and all(lines[name] <= lines_before[name] for name in lines)

def imports(name):
    try:
        importlib.import_module(name)
        return None
    except Exception as error:
        return type(error).__name__

differ = [name for path in zips for name in zipfile.ZipFile(path).namelist()
          if not same_code(marshal.loads(zipfile.ZipFile(path).read(name)[16:]),
                           compile(full.read(name[:-1]), name, "exec", dont_inherit=True))]
later = sorted(n[:-4].removesuffix("/__init__").replace("/", ".")
               for n in zipfile.ZipFile(zips[1]).namelist())
# Not those that Pyodide's start imported, nor those of a package it imported (they come
# from its package's folder in Pyodide's own zip).
before = set(sys.modules)
later = [name for name in later
         if not any(".".join(name.split(".")[:end]) in before
                    for end in range(1, name.count(".") + 2))]
sys.path[:0] = zips
failed = {name: imports(name) for name in later}
kept = sorted(name for name in later if name in sys.modules  # frozen ones come from the binary
              and sys.modules[name].__spec__.origin != "frozen"
              and not sys.modules[name].__file__.startswith(tuple(zips)))
del sys.path[:2]
for name in failed:
    sys.modules.pop(name, None)
importlib.invalidate_caches()
unimported = sorted(name for name, error in failed.items()
                    if error and imports(name) is None)
json.dumps({"differ": differ, "unimported": unimported, "not_from_zips": kept,
            "imported": sum(error is None for error in failed.values())})
"""


def test_the_compiled_standard_library_is_its_sources_with_their_line_numbers(dist, tmp_path):
    """Run in Pyodide under Node: every compiled module has the code objects of its source,
    on its lines (none that the source does not have), and each module of the part that
    imports from its source imports from the compiled zips."""
    shutil.copy(FULL_STDLIB, tmp_path / "full.zip")
    shutil.copy(dist / "pyodide" / STDLIB, tmp_path / "start.zip")
    shutil.copy(dist / PARTS / f"{STDLIB_PART}.zip", tmp_path / "later.zip")
    result = json.loads(run_code_in_pyodide(COMPILED_CHECK, mount=tmp_path))
    assert result["imported"] > 50
    assert result == {"differ": [], "unimported": [], "not_from_zips": [],
                      "imported": result["imported"]}


def test_the_page_scripts_import_only_the_listed_modules():
    """index.html's script, assets/snapshot.js and assets/snapshot-worker.js run Python of
    their own: what it imports is PAGE_SCRIPT_IMPORTS (or the package)."""
    texts = [(ROOT / name).read_text(encoding="utf-8")
             for name in ("index.html", "assets/snapshot.js", "assets/snapshot-worker.js")]
    named = set()
    for text in texts:
        for names in re.findall(r"^\s*import ([\w., ]+)", text, re.M):
            named |= {n.strip() for n in names.split(",")}
        named |= set(re.findall(r'"import ([\w.]+)', text))
        for names in re.findall(r'runPython\(\s*"import ([\w., ]+)', text):
            named |= {n.strip() for n in names.split(",")}
    named = {n for n in named if not n.startswith("cardtable")}
    assert {"os", "sys", "importlib", "pkgutil", "random", "types"} <= named
    assert named <= set(PAGE_SCRIPT_IMPORTS)


def test_the_cut_follows_lazy_imports_and_skips_blocks_that_never_run():
    """A module imported in a function counts (but not for a start), and so does what it
    imports; a script's `if __name__ == "__main__":` block and another system's branch
    do not."""
    source = (b"import sys\n"
              b"def later():\n    from email import message\n"
              b"if __name__ == '__main__':\n    import this\n"
              b"if sys.platform == 'win32':\n    import nturl2path\n"
              b"else:\n    import colorsys\n")
    closure = stdlib_closure({"cardtable/probe.py": source}, names=())
    assert {"email", "email.message", "email.utils", "colorsys"} <= set(closure["all"])
    assert not {"this", "nturl2path"} & set(closure["all"])
    # a start imports what the module imports outside its functions, not email
    assert "colorsys" in closure["start"] and "email" not in closure["start"]


def test_the_server_sends_text_and_webassembly_gzipped_to_a_client_that_accepts_it(dist):
    """As GitHub Pages does: the same bytes, gzip-encoded where asked, the zips as they are."""
    import gzip
    import threading
    import urllib.request
    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    def get(path, encoding=None):
        headers = {"Accept-Encoding": encoding} if encoding else {}
        with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)) as r:
            return r.headers, r.read()

    try:
        for path in ("", "assets/boot.js", "pyodide/pyodide.asm.wasm", "pyodide/pyodide.mjs"):
            file = dist / (path or "index.html")
            headers, body = get(path, "gzip, deflate, br")
            assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
            assert int(headers["Content-Length"]) == len(body) < file.stat().st_size
            assert gzip.decompress(body) == file.read_bytes()
            headers, body = get(path)  # no Accept-Encoding, or gzip refused: as it is
            assert headers["Content-Encoding"] is None and body == file.read_bytes()
            assert get(path, "gzip;q=0, br")[0]["Content-Encoding"] is None
        headers, body = get("pyodide/python_stdlib.zip", "gzip")
        assert headers["Content-Encoding"] is None
        assert body == (dist / "pyodide" / STDLIB).read_bytes()
    finally:
        server.shutdown()


def test_the_server_answers_a_revalidation_of_an_unchanged_file_with_304(dist):
    """As GitHub Pages does: the service worker's precache revalidates every file, and an
    unchanged one must not travel again, gzipped or not."""
    import threading
    import urllib.error
    import urllib.request
    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    def status(path, since):
        headers = {"Accept-Encoding": "gzip", "If-Modified-Since": since}
        try:
            with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)) as r:
                return r.status
        except urllib.error.HTTPError as error:
            return error.code

    try:
        for path in ("assets/boot.js", "pyodide/pyodide.asm.wasm", "cardtable.zip"):
            modified = int((dist / path).stat().st_mtime)
            assert status(path, email.utils.formatdate(modified, usegmt=True)) == 304, path
            assert status(path, email.utils.formatdate(modified - 60, usegmt=True)) == 200, path
    finally:
        server.shutdown()


def test_the_server_logs_no_request_unless_asked(dist, capfd, monkeypatch):
    """Every test serves the site: its requests stay out of the output unless
    CARDTABLE_SERVE_LOG is set."""
    import threading
    import urllib.request
    server = make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/assets/boot.js"
    try:
        monkeypatch.delenv("CARDTABLE_SERVE_LOG", raising=False)
        urllib.request.urlopen(url).read()
        assert "GET /assets/boot.js" not in capfd.readouterr().err
        monkeypatch.setenv("CARDTABLE_SERVE_LOG", "1")
        urllib.request.urlopen(url).read()
        assert "GET /assets/boot.js" in capfd.readouterr().err
    finally:
        server.shutdown()
