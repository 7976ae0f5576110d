// Times strong bots inside Pyodide (Node), for bench/bot_speed.py.
//   node bench/bot_speed.mjs <pyodide-dir> <py-folder> <positions.json> < timing.py
// positions.json is a list of [game id, view, "act" or "hint"]; the standard input is
// bot_speed.py's TIMING code, which defines timed(items); prints timed's answer as JSON.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, pyFolder, viewsPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pyFolder }, "/project");
pyodide.globals.set("views_json", readFileSync(viewsPath, "utf-8"));
pyodide.runPython('import sys; sys.path.insert(0, "/project")');
pyodide.runPython(readFileSync(0, "utf-8"));
const result = pyodide.runPython(`
import json
items = json.loads(views_json)
timed(items[:1])  # warm up imports
json.dumps(timed(items))
`);
process.stdout.write(String(result));
