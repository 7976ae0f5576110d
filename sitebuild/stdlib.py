"""Pyodide's standard library cut to the modules that the page can import, and compiled: the
modules a start imports in the zip that Pyodide loads, the others in a part of their own."""

from __future__ import annotations

import base64
import json
import zipfile

from sitebuild.node_pyodide import MOUNT_POINT, run_in_pyodide
from sitebuild.project import NODE_MODULES, PROGRAMS

STDLIB = "python_stdlib.zip"
FULL_STDLIB = NODE_MODULES / "pyodide" / STDLIB
STDLIB_IN_PYODIDE = f"{MOUNT_POINT}/{STDLIB}"  # FULL_STDLIB, its folder mounted
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


def stdlib_closure(sources: dict[str, bytes],
                   names=RUNTIME_IMPORTS + PAGE_SCRIPT_IMPORTS + START_LAZY_IMPORTS
                   ) -> dict[str, list[str]]:
    """The standard library's modules that the page can import ("all"): those that the
    modules of ``sources`` ({path in the package zip: source}) and the modules ``names``
    import, directly or through one another; and ("start") those that importing them
    imports, leaving out imports in functions (see programs/stdlib_closure.py); each
    sorted."""
    given = {"zip": STDLIB_IN_PYODIDE, "names": list(names), "start_only": list(START_ONLY),
             "sources": {name: data.decode("utf-8") for name, data in sources.items()}}
    output = run_in_pyodide(PROGRAMS / "stdlib_closure.py", given, mount=FULL_STDLIB.parent,
                            cached=True)
    return json.loads(output)


def stdlib_bytecode(sources: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The standard library that the page can import (:func:`stdlib_closure` of ``sources``,
    the page's modules) compiled (programs/compile_stdlib.py), as {path in the zip: .pyc}
    twice: the modules that a start imports (the zip that Pyodide loads) and the others (the
    part STDLIB_PART, fetched when first needed)."""
    modules = stdlib_closure(sources)
    with zipfile.ZipFile(FULL_STDLIB) as full:
        paths = [name for name in full.namelist() if module_name(name) in modules["all"]]
    output = run_in_pyodide(PROGRAMS / "compile_stdlib.py",
                            {"zip": STDLIB_IN_PYODIDE, "paths": paths},
                            mount=FULL_STDLIB.parent, cached=True)
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
