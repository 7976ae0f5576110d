// Times the strong bot of The Game inside Pyodide (Node), for bench/the_game_bot_speed.py.
//   node bench/the_game_bot_speed.mjs <pyodide-dir> <py-folder> <views.json>
// Prints a JSON list: milliseconds per turn plan, one per view, in order.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, pyFolder, viewsPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pyFolder }, "/project");
pyodide.globals.set("views_json", readFileSync(viewsPath, "utf-8"));
const result = pyodide.runPython(`
import json, sys, time
sys.path.insert(0, "/project")
from cardtable.bots.the_game_search import plan_turn
views = json.loads(views_json)
plan_turn(views[0])  # warm up imports
times = []
for view in views:
    start = time.perf_counter()
    plan_turn(view)
    times.append((time.perf_counter() - start) * 1000)
json.dumps(times)
`);
process.stdout.write(String(result));
