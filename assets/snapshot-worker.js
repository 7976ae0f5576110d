// Makes the memory snapshot that assets/snapshot.js restores, off the page's main thread:
// Pyodide started with `_makeSnapshot`, the game's package zip written where PyScript writes
// it (the working folder) and put on sys.path as index.html's script does, its parts written
// where the page writes them, every module of it imported, then the heap saved into Cache
// Storage with its SHA-256 digest and read back whole. Answers {ok, error} only then: the
// page ends the worker once it has the answer.
//
// What may be in a snapshot: Pyodide's makeMemorySnapshot refuses JavaScript objects that
// it cannot find again by a path from the global object (serializeHiwireState in
// pyodide.asm.js), so only imports run here; the package's modules only `import js` when
// imported, and touch the page later, in app.start(). The worker's global object stands
// in for the page's: the `js` module is restored as the page's globalThis.

import "./no-stack-switching.js";
import { loadPyodide } from "../pyodide/pyodide.mjs";

// The package's modules but its command line (which would run it), those of its parts
// (cardtable.parts) too.
const IMPORT_ALL = `
import os, sys
sys.path.insert(0, os.path.abspath("cardtable.zip"))
import importlib, pkgutil, cardtable
for module in pkgutil.walk_packages(cardtable.__path__, "cardtable."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)
for name in cardtable.parts.modules():
    importlib.import_module(name)
`;

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// ``parts``: [[path in the working folder, URL]] of the package's parts, written where the
// page writes them (assets/snapshot.js).
async function snapshot({ indexURL, packageURL, parts }) {
  const [interpreter, archive, ...partFiles] = await Promise.all([
    loadPyodide({ indexURL, _makeSnapshot: true }),
    download(packageURL),
    ...parts.map(([, url]) => download(url)),
  ]);
  interpreter.FS.writeFile("cardtable.zip", archive);
  parts.forEach(([path], index) => {
    interpreter.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    interpreter.FS.writeFile(path, partFiles[index]);
  });
  const heap = interpreter._module.HEAP8.length;
  interpreter.runPython(IMPORT_ALL);
  // Pyodide restores into the heap a fresh module starts with: it sets INITIAL_MEMORY, which
  // the module does not read, then copies the snapshot in without growing the heap
  // (pyodide/pyodide#6254). A heap that grew here would fail every restore.
  if (interpreter._module.HEAP8.length > heap) {
    throw new Error("the heap grew while importing the package; a restore could not hold it");
  }
  return interpreter.makeMemorySnapshot();
}

function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function sha256(bytes) {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

// The snapshot is kept only once it reads back whole (a copy that does not read back the
// same is deleted): only then does the page hear that it is made, and end the worker. (The
// page holds the cache open meanwhile, which WebKit needs to keep the entry: snapshot.js.)
async function keep(cache, key, bytes) {
  const digest = await sha256(bytes);
  await cache.put(key, new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Digest": digest },
  }));
  const stored = await cache.match(key);
  const back = stored ? new Uint8Array(await stored.arrayBuffer()) : null;
  if (!back || back.length !== bytes.length || (await sha256(back)) !== digest) {
    await cache.delete(key);
    throw new Error("the saved Python did not read back whole");
  }
}

addEventListener("message", async ({ data }) => {
  try {
    const bytes = await snapshot(data);
    await keep(await caches.open(data.cache), data.key, bytes);
    postMessage({ ok: true });
  } catch (error) {
    postMessage({ ok: false, error: String(error?.message ?? error) });
  }
});
