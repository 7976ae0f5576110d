"""Runs under Pyodide: compiles the standard library's modules that the page can import with
the Python that the page runs, so that no start compiles their sources again.

Input (standard input, JSON): {"zip": the standard library's zip, "paths": [paths of
sources in it]}. Output (JSON): {path of each module's .pyc: base64 of it}: hash-based,
docstrings left out but those of classes, of functions that are nothing else, and of
Pyodide's own modules (which build its API's help from them), line numbers kept but not
columns (see bytecode.lines_only: a third of the size).
"""

import ast
import base64
import json
import sys
import zipfile

from sitebuild.programs.bytecode import hash_pyc, lines_only, without_docstrings

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
# Where the page's Python finds its standard library: the name in each module's tracebacks.
STDLIB_AT = "/lib/python314.zip/"


def stdlib_pycs(archive: zipfile.ZipFile, paths: list[str]) -> dict[str, str]:
    """{path of each .pyc: base64 of it} for the sources at ``paths`` in ``archive``."""
    out = {}
    for path in paths:
        data = archive.read(path)
        tree = ast.parse(data, path)
        if not path.startswith(KEEP_DOCSTRINGS):
            tree = without_docstrings(tree, keep_lone=True)
        code = lines_only(compile(tree, STDLIB_AT + path, "exec", dont_inherit=True))
        out[path[:-3] + ".pyc"] = base64.b64encode(hash_pyc(code, data)).decode()
    return out


if __name__ == "__main__":
    given = json.load(sys.stdin)
    with zipfile.ZipFile(given["zip"]) as stdlib:
        print(json.dumps(stdlib_pycs(stdlib, given["paths"])))
