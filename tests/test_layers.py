"""The layers of DESIGN.md: web → bots → engine, and never the other way."""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "py" / "cardtable"
BROWSER_MODULES = ("js", "pyscript", "pyodide", "cardtable.web")
PURE_LAYERS = ("engine", "bots")


def imported_modules(path: pathlib.Path):
    """Absolute names of every module that ``path`` imports (relative ones resolved)."""
    package = ".".join(("cardtable",) + path.relative_to(PACKAGE).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                yield ".".join(base + ([node.module] if node.module else []))
            else:
                yield node.module


@pytest.mark.parametrize("path", sorted(p for layer in PURE_LAYERS
                                        for p in (PACKAGE / layer).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_and_bots_never_import_browser_code(path):
    for name in imported_modules(path):
        assert not any(name == m or name.startswith(m + ".") for m in BROWSER_MODULES), name


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_never_imports_bots_io_or_the_clock(path):
    for name in imported_modules(path):
        assert not name.startswith("cardtable.bots"), name
        assert name not in ("time", "datetime", "os", "io", "socket", "urllib"), name


def test_the_scanner_sees_relative_imports(tmp_path):
    # The check above must notice a browser import written relatively, too.
    names = set(imported_modules(PACKAGE / "bots" / "the_game.py"))
    assert "cardtable.engine.the_game" in names
