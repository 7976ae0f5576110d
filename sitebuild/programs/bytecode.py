"""Bytecode as the page loads it, shared by the programs that compile under Pyodide:
docstrings left out, line tables without columns, hash-based .pyc files."""

import ast
import importlib.util

from importlib._bootstrap_external import _code_to_hash_pyc


def without_docstrings(tree: ast.Module, keep_lone: bool) -> ast.Module:
    """``tree`` without the docstrings of its module and functions; a class keeps its own (a
    dataclass without one makes one with inspect.signature when it is created, which slows
    the page's start). A docstring that is the whole body of its module or function stays
    with ``keep_lone`` (the standard library's bytecode), else ``pass`` takes its place (the
    package's). Both choices are what the site has shipped; a change would change its bytes."""
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
                and ast.get_docstring(node, clean=False) is not None):
            if len(node.body) > 1:
                node.body = node.body[1:]
            elif not keep_lone:
                node.body = [ast.Pass()]
    return ast.fix_missing_locations(tree)


def varint(value: int) -> bytearray:
    """``value`` (not negative) as a varint of CPython's location table: six bits a byte,
    the lowest first, bit 6 set on every byte but the last."""
    out = bytearray()
    while value >= 64:
        out.append(64 | (value & 63))
        value >>= 6
    out.append(value)
    return out


def svarint(value: int) -> bytearray:
    """A signed ``value`` as the location table writes it (the sign in the lowest bit)."""
    return varint((-value << 1) | 1 if value < 0 else value << 1)


def lines_only(code):
    """``code`` and the code objects in its constants with line numbers but no columns (a
    traceback names the line without carets under the expression): the line table in
    CPython's format (Objects/locations.md), one "no columns" entry per run of code units
    on one line and "no location" where there is none. The lines that co_lines() gives are
    checked unchanged."""
    table, line = bytearray(), code.co_firstlineno
    for start, end, number in code.co_lines():
        units = (end - start) // 2
        while units:
            length = min(units, 8)
            if number is None:
                table.append(0x80 | (15 << 3) | (length - 1))
            else:
                table.append(0x80 | (13 << 3) | (length - 1))
                table += svarint(number - line)
                line = number
            units -= length
    consts = tuple(lines_only(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    short = code.replace(co_linetable=bytes(table), co_consts=consts)
    assert list(short.co_lines()) == list(code.co_lines()), code
    return short


def hash_pyc(code, source: bytes) -> bytes:
    """A hash-based .pyc of ``code`` that records the hash of its ``source`` and is never
    checked against it (the zips' fixed dates do not matter; the page has no source).

    marshal flags an object that has more than one reference as one that may come again
    (FLAG_REF), so its output depends on who holds the object. The programs have always
    marshalled the module's code object while holding it twice; ``held`` keeps that, and
    with it the bytes of every .pyc that the site ships."""
    held = [code]
    return bytes(_code_to_hash_pyc(held[0], importlib.util.source_hash(source), checked=False))
