"""Runs under Pyodide: compiles the package's modules to the sourceless .pyc files that the
page imports.

Input (standard input, JSON): {"sources": {path in the package zip: source},
"zips": {path: the zip of a part that holds it}}. Output (JSON): {path of the .pyc: base64 of
it}, each beside where its source would be and compiled without asserts and docstrings (see
bytecode.without_docstrings), its tracebacks naming its path in the zip where the page finds
it: a part's, else the core zip's.
"""

import ast
import base64
import json
import sys

from sitebuild.programs.bytecode import hash_pyc, without_docstrings

CORE_ZIP = "/home/pyodide/cardtable.zip"


def package_pycs(sources: dict[str, str], zips: dict[str, str]) -> dict[str, str]:
    """{path of each .pyc: base64 of it} for ``sources`` and ``zips`` (see the module)."""
    out = {}
    for name, text in sources.items():
        data = text.encode("utf-8")
        path = zips.get(name, CORE_ZIP) + "/" + name
        tree = without_docstrings(ast.parse(data, path), keep_lone=False)
        code = compile(tree, path, "exec", dont_inherit=True, optimize=1)
        out[name[:-3] + ".pyc"] = base64.b64encode(hash_pyc(code, data)).decode()
    return out


if __name__ == "__main__":
    given = json.load(sys.stdin)
    print(json.dumps(package_pycs(given["sources"], given["zips"])))
