"""The page: index.html (the lobby prerendered in every language, its Content-Security-Policy
and PyScript's configuration), the pictures of each game's table that a frame's poster
shows, and the web app manifest.

Run as ``python -m sitebuild.page FOLDER DOWNLOADS`` it prints :func:`page_files`, as JSON,
for the package under FOLDER and the downloads given as JSON (see :func:`pseudo_page_files`).
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sitebuild.catalogs import DOMAIN, PSEUDO
from sitebuild.project import PACKAGE, ROOT, importable

APP_NAME = "cardtable"
THEME_COLOR = "#1b5e3a"
# The committed assets/icons/icon-<size>.png, rasterized once from assets/icons/icon.svg; the
# felt fills each square and the cards keep to its safe circle, so they serve as maskable too.
ICON_SIZES = (192, 512)

# PyScript's plugins and editors, all switched off (see sitebuild/dist.py, PYSCRIPT_LAZY).
PYSCRIPT_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "error", "py-editor",
                    "py-game", "py-terminal")
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
# - connect-src wss: the relays a player names in Settings to play across the internet
#   (assets/relay.js; public MQTT brokers over WebSockets, any host), and ws: on loopback
#   only, for a broker on the player's own machine (and the tests' own).
# - style-src 'self': assets/*.css only (style attributes in markup would be blocked;
#   element.style set from script is not governed by CSP).
CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "connect-src 'self' wss: ws://localhost:* ws://127.0.0.1:*",
    "style-src 'self'",
    "img-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
))


POSTERS = "posters"  # the folder of dist/ with the pictures of the poster (assets/start.js)
POSTER_SEED = "poster"  # the deal each picture shows


def page_files(languages=None, downloads: dict | None = None,
               package_root: Path = PACKAGE.parent) -> dict[str, str]:
    """{path in dist/: text}: index.html (see :func:`index_html`) and, in POSTERS, the
    picture of each game's table in each language (``<game>-<code>.html``). The package
    comes from ``package_root`` unless it is imported already."""
    with importable(package_root):
        from cardtable import i18n
        from cardtable.engine.registry import GAMES
        from cardtable.web.boot_words import boot_words
        from cardtable.web.render import shell_html
        from cardtable.web.sharing import START_SIZE, download_size
    # about how much a start downloads, said by the poster and the embed snippet alike
    size = download_size(downloads) if downloads else START_SIZE
    shells, words, files = {}, {}, {}
    try:
        for code in languages or i18n.available():
            i18n.set_language(code)
            shells[code], words[code] = shell_html(), {**boot_words(), "size": size}
            for game in GAMES:
                files[f"{POSTERS}/{game}-{code}.html"] = poster_picture(game)
    finally:
        i18n.set_language(i18n.DEFAULT)
    return {"index.html": index_html(shells, words, downloads), **files}


def poster_picture(game: str) -> str:
    """The table of a deal of ``game`` (its first turn, from the first seat), as the page
    draws it, in the current language: what a frame's poster shows of the game."""
    from cardtable.web import links
    from cardtable.web.controller import Controller
    from cardtable.web.render import screen_html
    from cardtable.web.storage import Store

    controller = Controller(Store.unavailable(), lambda: POSTER_SEED)
    controller.open_link(links.parse(f"#/{game}?seed={POSTER_SEED}"))
    return screen_html(controller.screen())


def index_html(shells: dict[str, str], words: dict[str, dict],
               downloads: dict | None = None) -> str:
    """index.html with the prerendered lobby (``shells``: {language: its HTML}) in English
    and, in a <template> each, in every other language, the boot words (``words``) of each
    as JSON, ``downloads`` (see dist.downloads) as JSON, the CSP and the PyScript
    configuration."""
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


def pseudo_page_files(catalog: bytes, downloads: dict) -> dict[str, str]:
    """The page's files (with ``downloads``, see :func:`page_files`) that also speak the
    pseudo-language, whose compiled ``catalog`` is given: made from a copy of the package
    with that catalog added, in a Python process of its own (this module run as a program),
    so that the source tree (which tests running alongside read) never holds it."""
    with tempfile.TemporaryDirectory() as folder:
        package = Path(folder) / "cardtable"
        shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
        mo = package / "locale" / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True)
        mo.write_bytes(catalog)
        result = subprocess.run([sys.executable, "-m", "sitebuild.page", folder,
                                 json.dumps(downloads)], cwd=ROOT, check=True,
                                capture_output=True, stdin=subprocess.DEVNULL)
    files = json.loads(result.stdout.decode("utf-8"))
    if f'<template id="shell-{PSEUDO}">' not in files["index.html"]:
        raise RuntimeError("the pseudo-language's lobby is missing from index.html")
    return files


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


if __name__ == "__main__":
    sys.stdout.buffer.write(json.dumps(page_files(downloads=json.loads(sys.argv[2]),
                                                  package_root=Path(sys.argv[1]))).encode())
