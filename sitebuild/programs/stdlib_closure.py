"""Runs under Pyodide (its own Python parses the standard library's 3.14 sources): which of
the standard library's modules the page can import, and which a start imports.

Input (standard input, JSON): {"zip": the standard library's zip, "sources": {path in the
package zip: source}, "names": [module names], "start_only": [module names]}.
Output (JSON): {"all": [...], "start": [...]}, module names, each sorted.

"all": the modules that the sources and the modules ``names`` import, directly or through
one another: every import statement (in functions too, but in "start_only" modules, whose
code runs only during Python's start-up), each name of a from-import that is a submodule,
__import__ or import_module of a literal name; but not in the body of an if that never
runs in the page (a module run as a script, another system's branch). "start": those that
importing them imports: the same, but only the imports outside functions, and not those of
an `except ImportError:` (the fallback for a module that Pyodide has, such as _pydatetime
where _datetime is built in; a browser test fails if a start needs one).
"""

import ast
import json
import sys
import zipfile

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
FALLBACK = ("ImportError", "ModuleNotFoundError")


def module_files(archive: zipfile.ZipFile) -> dict[str, str]:
    """{module name: path of its source} of the modules in ``archive``."""
    files = {}
    for path in archive.namelist():
        if path.endswith(".py"):
            parts = path[:-3].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            files[".".join(parts)] = path
    return files


def never_run(node: ast.AST) -> bool:
    """Whether ``node`` is an if whose body never runs in the page: ``__name__ ==
    "__main__"``, or a test of another system (sys.platform, os.name)."""
    if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
            and len(node.test.ops) == 1 and isinstance(node.test.ops[0], ast.Eq)
            and isinstance(node.test.comparators[0], ast.Constant)):
        return False
    left, right = ast.unparse(node.test.left), node.test.comparators[0].value
    return ((left == "__name__" and right == "__main__")
            or (left == "sys.platform" and right != "emscripten")
            or (left == "os.name" and right != "posix"))


def fallback(handler: ast.ExceptHandler) -> bool:
    """Whether ``handler`` catches an import that failed."""
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(kind, ast.Name) and kind.id in FALLBACK for kind in kinds)


def walk(tree: ast.AST, functions: bool, fallbacks: bool = True):
    """Every node of ``tree`` that can run in the page: into functions' bodies only with
    ``functions``, into an import's fallback handler only with ``fallbacks``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if never_run(node):
            todo.extend(node.orelse)
        elif not fallbacks and isinstance(node, ast.Try):
            todo.extend(node.body + node.orelse + node.finalbody)
            todo.extend(handler for handler in node.handlers if not fallback(handler))
        elif functions or not isinstance(node, FUNCTIONS):
            todo.extend(ast.iter_child_nodes(node))


def literal_import(node: ast.Call) -> bool:
    """Whether ``node`` is __import__ or import_module of a literal name."""
    func = node.func
    return bool(node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and ((isinstance(func, ast.Name) and func.id == "__import__")
                     or (isinstance(func, ast.Attribute) and func.attr == "import_module")))


def imported(tree: ast.AST, name: str, is_package: bool, functions: bool,
             start_only: list[str]):
    """The names that the module ``name`` (its ``tree``) may import: for the "all" list with
    ``functions`` (but not in a ``start_only`` module's functions), else for "start"."""
    for node in walk(tree, functions and name not in start_only, functions):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")[:len(name.split(".")) - node.level + is_package]
                base = ".".join(parent + ([base] if base else []))
            yield base
            yield from (base + "." + alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and literal_import(node):
            yield node.args[0].value


def closure(archive: zipfile.ZipFile, sources: dict[str, str], names: list[str],
            functions: bool, start_only: list[str]) -> list[str]:
    """The modules of ``archive`` that ``sources`` and the modules ``names`` import, directly
    or through one another (see :func:`imported`), sorted."""
    files = module_files(archive)
    seen, todo = set(), []

    def reach(module):
        parts = module.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if prefix in files and prefix not in seen:
                seen.add(prefix)
                todo.append(prefix)

    for path, text in sources.items():
        name = path[:-3].replace("/", ".").removesuffix(".__init__")
        for module in imported(ast.parse(text, path), name, path.endswith("__init__.py"),
                               functions, start_only):
            reach(module)
    for name in names:
        reach(name)
    while todo:
        name = todo.pop()
        path = files[name]
        tree = ast.parse(archive.read(path), path)
        for module in imported(tree, name, path.endswith("__init__.py"), functions, start_only):
            reach(module)
    return sorted(seen)


if __name__ == "__main__":
    given = json.load(sys.stdin)
    with zipfile.ZipFile(given["zip"]) as stdlib:
        print(json.dumps({kind: closure(stdlib, given["sources"], given["names"], functions,
                                        given["start_only"])
                          for kind, functions in (("all", True), ("start", False))}))
