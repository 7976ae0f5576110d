"""build.py's output on CPython: the page, relative URLs, CSP, package zip, icons, manifest."""

import json
import re
import struct
import zipfile
import zlib

import pytest

import build
from cardtable.web.render import shell_html


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    return build.build(tmp_path_factory.mktemp("site") / "dist")


def test_first_paint_html_holds_the_prerendered_lobby(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert f'<div id="app">{shell_html()}</div>' in page
    assert '<html lang="en" data-app="loading">' in page
    assert "{{" not in page


def test_every_url_is_relative(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    urls = re.findall(r'(?:src|href)="([^"]*)"', page)
    urls += list(build.PYSCRIPT_CONFIG["files"]) + [build.PYSCRIPT_CONFIG["interpreter"]]
    urls += [icon["src"] for icon in build.manifest()["icons"]]
    assert urls
    for url in urls:
        assert not re.match(r"^(/|[a-z]+:)", url) or url.startswith("data:"), url
        assert (dist / url.split("#")[0]).exists() or url.startswith(("data:", "#")), url


def test_csp_allows_no_other_origin_and_no_eval(dist):
    page = (dist / "index.html").read_text(encoding="utf-8")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert "unsafe-inline" not in csp and "http" not in csp and "*" not in csp


def test_package_zip_holds_every_module_and_its_3_14_bytecode(dist):
    with zipfile.ZipFile(dist / "cardtable.zip") as archive:
        names = set(archive.namelist())
        pycs = {name: archive.read(name) for name in names if name.endswith(".pyc")}
    sources = {p.relative_to(build.ROOT / "py").as_posix()
               for p in (build.ROOT / "py" / "cardtable").rglob("*.py")}
    assert names - set(pycs) == sources
    assert "cardtable/main.py" in names and "cardtable/web/app.py" in names
    expected = {f"{folder}/__pycache__/{file[:-3]}.cpython-314.pyc"
                for folder, _, file in (name.rpartition("/") for name in sources)}
    assert set(pycs) == expected
    for data in pycs.values():  # PEP 552 flags: hash-based (bit 0), source unchecked (bit 1)
        assert int.from_bytes(data[4:8], "little") == 0b01


def test_package_zip_is_reproducible(dist):
    package = build.ROOT / "py" / "cardtable"
    assert build.package_zip(package) == (dist / "cardtable.zip").read_bytes()


def test_runtime_holds_only_pyscript_core_and_its_imports(dist):
    shipped = {p.name for p in (dist / "pyscript").iterdir()}
    assert "core.js" in shipped
    assert not any(name.startswith(("codemirror", "xterm", "py-editor", "toml", "zip"))
                   for name in shipped)
    for name in shipped:  # every static import resolves inside dist
        for imported in build.IMPORT_RE.findall((dist / "pyscript" / name).read_text()):
            assert imported in shipped, (name, imported)


def png_size(data: bytes) -> tuple:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_icons_are_valid_pngs_of_their_size(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        size = int(icon["sizes"].split("x")[0])
        assert png_size(data) == (size, size)
        # After the signature (8 bytes) and IHDR (25): IDAT holds one filter byte and
        # RGB pixels per row.
        length, kind = struct.unpack(">I4s", data[33:41])
        assert kind == b"IDAT"
        assert len(zlib.decompress(data[41:41 + length])) == size * (1 + 3 * size)


def test_mime_types_cover_the_runtime():
    for suffix in (".mjs", ".wasm", ".json", ".webmanifest", ".zip"):
        assert suffix in build.MIME_TYPES
