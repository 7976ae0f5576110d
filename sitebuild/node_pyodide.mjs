// node sitebuild/node_pyodide.mjs SCRIPT [FOLDER]
//
// Runs the Python file SCRIPT in npm's Pyodide (the Python that the page runs) and writes to
// standard output what it prints, then the value of its last expression, if it has one.
// Its standard input (read to its end first) is the program's. The package sitebuild is
// importable (its folder mounted at /build/sitebuild); FOLDER, when given, is mounted at
// /project and put first on sys.path.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const [script, folder] = process.argv.slice(2);
const input = await readAll(process.stdin);
const pyodide = await loadPyodide();

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function mount(hostFolder, at) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostFolder }, at);
}

let inputAt = 0;
pyodide.setStdin({
  read(buffer) {
    const length = Math.min(buffer.length, input.length - inputAt);
    buffer.set(input.subarray(inputAt, inputAt + length));
    inputAt += length;
    return length;
  },
});
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
mount(dirname(fileURLToPath(import.meta.url)), "/build/sitebuild");
// No __pycache__ written into the mounted folders of the host.
pyodide.runPython("import sys; sys.dont_write_bytecode = True; sys.path.append('/build')");
if (folder) {
  mount(folder, "/project");
  pyodide.runPython("import sys; sys.path.insert(0, '/project')");
}
const result = pyodide.runPython(readFileSync(script, "utf-8"));
pyodide.runPython("import sys; sys.stdout.flush()");
if (result !== undefined) process.stdout.write(String(result));
