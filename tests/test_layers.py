"""The layers of DESIGN.md: games → web/bots → engine, never the other way, and the
framework names no game.

- ``engine/`` and ``bots/`` (what every game shares) never import browser code; the engine
  never imports bots, I/O or the clock.
- A game's ``rules.py`` imports only the engine, the languages and other games' rules;
  what its ``rules.py`` and ``bots.py`` import, all the way down, is never browser code.
- No module outside ``games/`` but the registry names a game (its id, its package or its
  name, in code, strings or comments) or imports from a game's package.
- The build (build.py and sitebuild/) stands beside the package: the page's code never
  imports it; it imports the package only in the few places that read it, inside functions;
  the programs it runs under Pyodide or Babel import neither.
- The package never needs WebAssembly stack switching (the page runs Python without it:
  assets/no-stack-switching.js): no ``run_sync``, no ``run_until_complete``.
"""

import ast
import io
import pathlib
import re
import sys
import tokenize

import pytest

from cardtable.engine.registry import GAMES
from sitebuild.package import HEADLESS_ONLY

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "cardtable"
GAMES_DIR = PACKAGE / "games"
REGISTRY = PACKAGE / "engine" / "registry.py"
BROWSER_MODULES = ("js", "pyscript", "pyodide", "cardtable.web")
SHARED_PURE = ("engine", "bots")
GAME_PACKAGES = sorted(p.parent for p in GAMES_DIR.glob("*/__init__.py"))


def module_name(path: pathlib.Path) -> str:
    parts = ("cardtable",) + path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: pathlib.Path):
    """Absolute names of every module that ``path`` imports (relative ones resolved;
    ``from package import name`` yields ``package`` and ``package.name``)."""
    package = ".".join(("cardtable",) + path.relative_to(PACKAGE).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            yield module
            yield from (f"{module}.{alias.name}" for alias in node.names)


def source_of(module: str) -> pathlib.Path | None:
    """The file of a module of the package, or None (outside it, or a name, not a module)."""
    if not module.startswith("cardtable."):
        return None
    base = PACKAGE.joinpath(*module.split(".")[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def closure(path: pathlib.Path) -> set:
    """Every module that importing ``path`` imports, all the way down the package."""
    seen, todo = set(), [path]
    while todo:
        for name in imported_modules(todo.pop()):
            if name not in seen:
                seen.add(name)
                source = source_of(name)
                if source is not None:
                    todo.append(source)
    return seen


def is_under(name: str, prefixes) -> bool:
    return any(name == m or name.startswith(m + ".") for m in prefixes)


@pytest.mark.parametrize("path", sorted(p for layer in SHARED_PURE
                                        for p in (PACKAGE / layer).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_and_bots_never_import_browser_code(path):
    for name in imported_modules(path):
        assert not is_under(name, BROWSER_MODULES), name


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_never_imports_bots_io_or_the_clock(path):
    for name in imported_modules(path):
        assert not name.startswith("cardtable.bots"), name
        assert name not in ("time", "datetime", "os", "io", "socket", "urllib"), name


@pytest.mark.parametrize("game", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_games_rules_import_only_the_engine_the_languages_and_rules(game):
    # The languages read their catalogs through the package's parts (pure: no browser code).
    allowed = ("cardtable.engine", "cardtable.i18n", "cardtable.parts", "cardtable.games")
    for name in closure(game / "rules.py"):
        assert not name.startswith("cardtable") or is_under(name, allowed), name
        if name.startswith("cardtable.games.") and source_of(name) is not None:
            assert name.split(".")[3:] in ([], ["rules"]), name
    for name in imported_modules(game / "rules.py"):
        assert name not in ("time", "datetime", "os", "io", "socket", "urllib"), name


@pytest.mark.parametrize("part", ["rules.py", "bots.py"])
@pytest.mark.parametrize("game", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_games_rules_and_bots_never_reach_browser_code(game, part):
    for name in closure(game / part):
        assert not is_under(name, BROWSER_MODULES), f"{part} imports {name}"


@pytest.mark.parametrize("game", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_game_folder_holds_the_whole_game(game):
    for part in ("__init__.py", "rules.py", "bots.py", "table.py", "guide.py", "table.css"):
        assert (game / part).exists(), part
    assert GAMES_DIR / game.name in GAME_PACKAGES


# -- the framework names no game ---------------------------------------------------------
def game_words() -> re.Pattern:
    """Ids and package names (any case) and names (as written) of every registered game."""
    ids = {word for spec in GAMES.values()
           for word in (spec.id, spec.package.rsplit(".", 1)[-1])}
    names = {spec.name for spec in GAMES.values()}
    return re.compile("|".join([rf"(?i:(?<![\w-]){re.escape(w)}(?![\w-]))" for w in ids]
                               + [rf"(?<!\w){re.escape(n)}(?!\w)" for n in names]))


def framework_files():
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if GAMES_DIR not in p.parents and p != REGISTRY)


def words_naming_a_game(path: pathlib.Path, pattern: re.Pattern):
    """(line, text) of every name, string or comment of ``path`` that names a game."""
    source = path.read_text(encoding="utf-8")
    kinds = (tokenize.NAME, tokenize.STRING, tokenize.COMMENT)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in kinds and pattern.search(token.string):
            yield token.start[0], pattern.search(token.string)[0]


@pytest.mark.parametrize("path", framework_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_framework_names_no_game(path):
    assert list(words_naming_a_game(path, game_words())) == []
    for name in imported_modules(path):
        assert not name.startswith("cardtable.games"), name


def test_the_naming_check_sees_ids_packages_and_names(tmp_path):
    # The check above must notice a game named in any of the ways code names one.
    sample = tmp_path / "sample.py"
    sample.write_text('TABLE = "cardtable.games.rentz.table"  # Triggs\nthe_game = 1\n'
                      'x = "the-game"\ny = "The Game"\nz = "the game ends"\n', encoding="utf-8")
    found = [word for _, word in words_naming_a_game(sample, game_words())]
    assert found == ["rentz", "Triggs", "the_game", "the-game", "The Game"]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_page_never_imports_the_simulator(path):
    # the build (sitebuild/package.py) leaves the simulator's modules out of the page's zip
    headless = {module_name(PACKAGE.parent / name) for name in HEADLESS_ONLY}
    if module_name(path) not in headless:
        assert not set(imported_modules(path)) & headless


# What only WebAssembly stack switching (JSPI) makes work in a page: waiting synchronously
# for JavaScript, or running an event loop to its end from inside the page's own.
NEEDS_STACK_SWITCHING = ("run_sync", "run_until_complete")


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_package_never_needs_stack_switching(path):
    named = {node.attr if isinstance(node, ast.Attribute) else node.id
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, (ast.Attribute, ast.Name))}
    assert not named & set(NEEDS_STACK_SWITCHING)


def test_the_scanner_sees_relative_imports():
    names = set(imported_modules(GAMES_DIR / "extreme" / "bots.py"))
    assert {"cardtable.games.extreme.rules", "cardtable.games.the_game.search"} <= names
    assert "cardtable.engine.rng" in names


# -- the build stands beside the package ---------------------------------------------------
BUILD = ROOT / "sitebuild"
PROGRAMS = BUILD / "programs"
# The build's modules that import the page's package, and what they read there.
BUILD_READS_THE_PACKAGE = {
    "dist.py": "the stylesheets, in the page's cascade order",
    "package.py": "the games' registry, to name the parts that each game needs",
    "page.py": "the lobby and the boot words in every language, prerendered",
}


def absolute_imports(path: pathlib.Path):
    """(module name, whether the import runs when the module is imported) of every import
    in ``path``, whose imports are all absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_functions = {id(node) for function in ast.walk(tree)
                    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for node in ast.walk(function)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not node.level, f"{path.name}: a relative import"
            yield node.module, id(node) not in in_functions
        elif isinstance(node, ast.Import):
            yield from ((alias.name, id(node) not in in_functions) for alias in node.names)


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_page_never_imports_the_build(path):
    for name in imported_modules(path):
        assert not is_under(name, ("build", "sitebuild")), name


def test_the_build_imports_the_package_only_where_it_reads_it_and_only_in_functions():
    readers = set()
    for path in sorted(BUILD.glob("*.py")):
        for name, at_import in absolute_imports(path):
            if is_under(name, ("cardtable",)):
                readers.add(path.name)
                assert not at_import, f"{path.name} imports {name} when imported"
    assert readers == set(BUILD_READS_THE_PACKAGE)
    for path in [ROOT / "build.py", *PROGRAMS.glob("*.py")]:
        assert not any(is_under(name, ("cardtable",)) for name, _ in absolute_imports(path))


@pytest.mark.parametrize("path", sorted(PROGRAMS.glob("*.py")), ids=lambda p: p.name)
def test_the_builds_programs_import_only_the_standard_library_and_one_another(path):
    # They run in an interpreter of their own: Pyodide's bare one, or .venv's (Babel).
    babel = ("babel",) if path.name == "compile_catalogs.py" else ()
    allowed = ("sitebuild.programs", *babel)
    for name, _ in absolute_imports(path):
        assert name.split(".")[0] in sys.stdlib_module_names or is_under(name, allowed), name
