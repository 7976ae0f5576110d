// Runs Python code under Pyodide in Node, with the project's py/ folder on sys.path.
//   node tests/pyodide_run.mjs <py-folder> < code.py
// The code's last expression must be a string; it is printed (tests pass JSON this way).
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [pyFolder] = process.argv.slice(2);
const code = readFileSync(0, "utf-8");
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pyFolder }, "/project");
pyodide.runPython("import sys; sys.path.insert(0, '/project')");
process.stdout.write(String(pyodide.runPython(code)));
