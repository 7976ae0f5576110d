// Times strong bots inside Pyodide (Node), for bench/bot_speed.py.
//   node bench/bot_speed.mjs <pyodide-dir> <py-folder> <positions.json>
// positions.json is a list of [game id, view]; prints a JSON list: milliseconds for a
// fresh strong bot to answer each view, in order.
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
from cardtable.bots import make_bot
items = json.loads(views_json)
make_bot(items[0][0], "strong", 0).act(items[0][1])  # warm up imports
times = []
for game_id, view in items:
    start = time.perf_counter()
    make_bot(game_id, "strong", view["seat"]).act(view)
    times.append((time.perf_counter() - start) * 1000)
json.dumps(times)
`);
process.stdout.write(String(result));
