"""Programs that the build runs in an interpreter of their own, each by its path: under
Pyodide in Node (the page's Python 3.14, see sitebuild/node_pyodide.py), or in .venv's
Python (Babel). Each reads its input and prints JSON; CPython can import each to test it."""
