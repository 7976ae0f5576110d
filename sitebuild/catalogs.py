"""The translation catalogs: the texts to translate extracted from the package, each
language's catalog brought up to date with them and compiled, all with Babel (in .venv)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from sitebuild.install import ensure_venv, run
from sitebuild.project import PACKAGE, PROGRAMS, ROOT

LOCALE = PACKAGE / "locale"
DOMAIN = "cardtable"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
PSEUDO = "qps"  # the pseudo-language's code (a private-use code, as Windows' "qps-ploc")


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
        output = json.loads(subprocess.run(
            [str(babel_python()), str(PROGRAMS / "compile_catalogs.py"), str(template),
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
