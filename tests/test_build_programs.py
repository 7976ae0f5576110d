"""The programs that the build runs under Pyodide (and Babel), imported by CPython: the
bytecode helpers that both compilers share, each compiler, the standard library's closure
and the catalogs' pseudo-language. (tests/test_build.py checks what they make under Pyodide,
in the built site.)"""

import ast
import base64
import io
import marshal
import zipfile

from sitebuild.programs import compile_package, compile_stdlib, stdlib_closure
from sitebuild.programs.bytecode import hash_pyc, lines_only, svarint, varint, without_docstrings
from sitebuild.programs.compile_catalogs import pseudo

SOURCE = '''"""The module's docstring."""


def documented():
    """Only a docstring."""


def working(x):
    """A docstring, then code."""
    return x + 1


class Kept:
    """A class keeps its docstring."""
'''


def docstrings(tree) -> list:
    return [ast.get_docstring(node) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))]


def test_without_docstrings_keeps_classes_and_puts_pass_or_keeps_a_lone_docstring():
    stripped = without_docstrings(ast.parse(SOURCE), keep_lone=False)
    assert docstrings(stripped) == [None, None, None, "A class keeps its docstring."]
    lone = next(n for n in ast.walk(stripped) if getattr(n, "name", "") == "documented")
    assert isinstance(lone.body[0], ast.Pass) and lone.body[0].lineno == lone.lineno
    kept = without_docstrings(ast.parse(SOURCE), keep_lone=True)
    assert docstrings(kept) == [None, "Only a docstring.", None, "A class keeps its docstring."]


def test_varints_are_written_as_cpythons_location_table_reads_them():
    assert varint(0) == b"\x00" and varint(63) == b"\x3f"
    assert varint(64) == bytes([64 | 0, 1])
    assert svarint(1) == b"\x02" and svarint(-1) == b"\x03"


def test_lines_only_keeps_every_line_and_drops_the_columns():
    code = compile(SOURCE + "print(working(1),\n      Kept())\n", "probe.py", "exec")
    short = lines_only(code)  # it asserts co_lines() unchanged, nested code objects too
    assert list(short.co_lines()) == list(code.co_lines())
    assert len(short.co_linetable) < len(code.co_linetable)
    assert {column for *_, column in short.co_positions()} == {None}


def test_hash_pyc_is_hash_based_and_unchecked():
    code = compile("x = 1\n", "probe.py", "exec")
    pyc = hash_pyc(code, b"x = 1\n")
    assert int.from_bytes(pyc[4:8], "little") == 0b01
    namespace = {}
    exec(marshal.loads(pyc[16:]), namespace)
    assert namespace["x"] == 1


def test_the_package_compiler_names_each_module_by_the_zip_that_holds_it():
    out = compile_package.package_pycs({"cardtable/a.py": SOURCE, "cardtable/games/g/bots.py": ""},
                                   {"cardtable/games/g/bots.py": "/home/pyodide/parts/g.zip"})
    assert set(out) == {"cardtable/a.pyc", "cardtable/games/g/bots.pyc"}
    core = marshal.loads(base64.b64decode(out["cardtable/a.pyc"])[16:])
    part = marshal.loads(base64.b64decode(out["cardtable/games/g/bots.pyc"])[16:])
    assert core.co_filename == "/home/pyodide/cardtable.zip/cardtable/a.py"
    assert part.co_filename == "/home/pyodide/parts/g.zip/cardtable/games/g/bots.py"
    namespace = {}
    exec(core, namespace)
    assert "__doc__" not in namespace and namespace["documented"].__doc__ is None
    assert namespace["Kept"].__doc__ == "A class keeps its docstring."


def stdlib_zip(files: dict) -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return zipfile.ZipFile(buffer)


def test_the_standard_library_compiler_keeps_pyodides_docstrings_and_lone_ones():
    archive = stdlib_zip({"plain.py": SOURCE, "pyodide/api.py": SOURCE})
    out = compile_stdlib.stdlib_pycs(archive, ["plain.py", "pyodide/api.py"])
    plain = marshal.loads(base64.b64decode(out["plain.pyc"])[16:])
    api = marshal.loads(base64.b64decode(out["pyodide/api.pyc"])[16:])
    assert plain.co_filename == "/lib/python314.zip/plain.py"
    namespace, api_namespace = {}, {}
    exec(plain, namespace)
    exec(api, api_namespace)
    assert "__doc__" not in namespace and namespace["working"].__doc__ is None
    assert namespace["documented"].__doc__ == "Only a docstring."
    assert api_namespace["working"].__doc__ == "A docstring, then code."


def test_the_closure_follows_imports_but_not_what_never_runs_nor_fallbacks_at_start():
    archive = stdlib_zip({
        "top.py": "import inner\ndef later():\n    import lazy\n",
        "inner.py": "try:\n    import fast\nexcept ImportError:\n    import slow\n",
        "lazy.py": "", "fast.py": "", "slow.py": "",
        "script.py": "if __name__ == '__main__':\n    import lazy\n",
        "pkg/__init__.py": "from . import sub\n", "pkg/sub.py": "",
    })
    sources = {"cardtable/m.py": "import top, script\nimport pkg\n"}
    every = stdlib_closure.closure(archive, sources, [], True, [])
    start = stdlib_closure.closure(archive, sources, [], False, [])
    assert every == ["fast", "inner", "lazy", "pkg", "pkg.sub", "script", "slow", "top"]
    assert start == ["fast", "inner", "pkg", "pkg.sub", "script", "top"]
    assert stdlib_closure.closure(archive, {}, ["top"], True, ["top"]) == ["fast", "inner",
                                                                           "slow", "top"]


def test_the_pseudo_language_brackets_and_accents_all_but_placeholders():
    assert pseudo("Score {points}") == "\u27e6Šçöřé {points}\u27e7"
