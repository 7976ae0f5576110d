// PyScript's interpreter module (PYSCRIPT_CONFIG's "interpreter" in build.py): Pyodide's
// loadPyodide, but restored from a memory snapshot of Python with the game's package
// imported when this browser has made one for this build. Restoring copies the saved heap
// instead of starting Python and importing the package again.
//
// Why a module of our own: PyScript (polyscript's pyodide engine, in
// node_modules/polyscript/esm/interpreter/pyodide.js) calls
// `loadPyodide({ stderr, stdout, ...options })` with options it builds itself, from which
// Pyodide's `_loadSnapshot` cannot come; but it takes loadPyodide from whatever module
// the "interpreter" URL names, so this module hands it one that adds the snapshot.
//
// The snapshot is made on the first visit, once the app is ready and the browser idle, by
// assets/snapshot-worker.js off the main thread, and kept in Cache Storage under this
// build's key (build.py writes it into KEY below). Whenever anything does
// not fit (no Cache Storage, another build's snapshot, a failed restore) the page boots
// Python the normal way, discards what it found and says nothing to the player.
//
// Only where the origin is the site's own (see ownOrigin): every page of an origin can write
// its Cache Storage, and a snapshot is a whole Python heap, code included. Its digest only
// catches damage: a neighbour that writes a snapshot writes the digest too. Nothing the page
// could check it against is out of a neighbour's reach either: anything the page can compute
// or fetch, a page of the same origin can too, and the heap cannot be known at build time
// (two snapshots of the same build differ, even with Python's hash seed and random source
// fixed).

import "./no-stack-switching.js";
import * as pyodide from "../pyodide/pyodide.mjs";

export const version = pyodide.version;

// Not "cardtable-…": the service worker deletes every such cache but its own.
const CACHE = "cardtable.snapshot";
const KEY = new URL("../snapshot-__SNAPSHOT_KEY__.bin", import.meta.url).href;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const PACKAGE_URL = new URL("../cardtable.zip", import.meta.url).href;
// How long after ready, at least, before the snapshot worker starts (taps come first).
const SNAPSHOT_DELAY_MS = 3000;
// The package's parts, fetched when first needed, not at every start (cardtable/parts.py;
// build.py writes the index in): {parts: {part: {url, needs}}, games: {a game's id in
// links: [part]}, languages: {code: part}}.
const PARTS = __PARTS__;
const TOGETHER = "together"; // the part of playing together (cardtable.web.alone)
// How long after ready, at most, the background caching of the parts waits for the service
// worker's precache (which fetches the same files) before it fetches them itself.
const PARTS_WAIT_MS = 30_000;

// What happened, for the bench and the tests: "restored", "fallback" or "normal".
globalThis.cardtableSnapshot = { boot: "normal" };
// The parts written at start (and their URLs, which the loading line counts), whether every
// other one is written now ("cached"), and once Python is up, want(games): fetch the parts
// of these games (ids in links) once the page is ready; load(parts): fetch and write these
// parts and those they need now, resolving to the names of those that could not be had
// (Python awaits it when it finds a part missing: cardtable.web.fetching).
globalThis.cardtableParts = { start: [], startURLs: [], cached: false };

// The bytes of each download that have arrived so far, by URL, for the loading line
// (assets/boot.js): Pyodide and PyScript fetch their files with the page's fetch(), which
// from here on reads a copy of each response's body as it arrives and hands over the
// response itself untouched. Each count fires "cardtable:bytes" on the window. Installed
// here, before Python starts, since this module may run before any other of the page's;
// not where the offline copy (sw.js) answers, which it does at once.
globalThis.cardtableBytes = new Map();
if (!ofServiceWorkers((workers) => workers?.controller)) {
  const pageFetch = globalThis.fetch;
  globalThis.fetch = async (...args) => {
    const response = await pageFetch(...args);
    if (response.ok && response.body) countBytes(response.clone());
    return response;
  };
}

async function countBytes(copy) {
  const reader = copy.body.getReader();
  let arrived = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      arrived += chunk.value.byteLength;
      globalThis.cardtableBytes.set(copy.url, arrived);
      dispatchEvent(new Event("cardtable:bytes"));
    }
  } catch {
    // the download failed or was cancelled: whoever asked for it sees that
  }
}

// Emscripten's setImmediate stand-in (in pyodide.asm.mjs, where a browser has no
// setImmediate) posts the message "_si" to the page's own window and, on every "message" event
// whose data is "_si", calls the next function of its queue, whoever sent it. Another window
// (an embedder, any frame) can post "_si" too: with the queue empty the call throws
// ("__setImmediate_queue.shift(...) is not a function") and the boot fails; with it not empty,
// a function runs early and the page's own message later finds nothing. Registered before
// Emscripten's listener (Pyodide is loaded below), this one keeps such messages from it when
// they come from any window but this one.
addEventListener("message", (event) => {
  if (event.data === "_si" && event.source !== window) event.stopImmediatePropagation();
}, true);

// read(navigator.serviceWorker), or null where reading it throws (a cross-site frame whose
// storage the browser blocks may refuse it with a SecurityError).
function ofServiceWorkers(read) {
  try {
    return read(navigator.serviceWorker) ?? null;
  } catch {
    return null;
  }
}

// Cache Storage, or null where the browser refuses it (storage blocked, opaque origin).
async function openCache() {
  try {
    return await caches.open(CACHE);
  } catch {
    return null;
  }
}

// The saved heap, checked against the SHA-256 digest stored with it (a snapshot damaged on
// disk could otherwise restore into a subtly wrong Python). Pyodide awaits this promise only
// after it has started compiling its WebAssembly, so the check overlaps the compile.
async function verifiedSnapshot(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  if (hex(digest) !== response.headers.get("X-Snapshot-Digest")) {
    throw new Error("the snapshot does not match its digest");
  }
  return bytes;
}

function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Pyodide checks the snapshot's magic number and runtime build itself; importing the
// package's entry point checks that the heap came back usable. The restored heap holds the
// state of Python's global random generator as it was saved: reseeding it makes every visit
// draw afresh, as a normal start does (pyodide/pyodide#4652).
async function restore(options, response) {
  const snapshot = verifiedSnapshot(response);
  // Handled here too, so that a rejection before Pyodide awaits it is not reported to the
  // page as unhandled (boot.js would take that for a failed boot).
  snapshot.catch(() => {});
  const interpreter = await pyodide.loadPyodide({ ...options, _loadSnapshot: snapshot });
  interpreter.runPython("import random, cardtable.main; random.seed()");
  return interpreter;
}

// Python starts as soon as index.html's <script type="module" async> has run this module,
// while PyScript itself is still loading, as a bare loadPyodide() page would: PyScript asks
// for the interpreter only once its own modules have run, well after the page's scripts,
// and imports this same module (one instance per URL), so its call receives the
// interpreter already on its way. Python's output goes to the console until PyScript's
// call hands over its own stdout and stderr, which Pyodide then reaches through these.
let output = { stdout: console.log, stderr: console.error };
const started = start({
  stdout: (...text) => output.stdout(...text),
  stderr: (...text) => output.stderr(...text),
});
// PyScript awaits it and reports a failure; until then it must not count as unhandled.
started.catch(() => {});

export function loadPyodide(options) {
  output = options;
  const early = fetchParts(startParts());
  return started.then(async (interpreter) => {
    writeParts(interpreter, await early);
    globalThis.cardtableParts.want = (games) => wantGames(interpreter, games);
    globalThis.cardtableParts.load = (parts) => loadParts(interpreter, [...parts]);
    whenReady(() => cacheParts(interpreter));
    return withoutPyScriptPackage(interpreter);
  });
}

// The parts that this start needs, fetched while Python starts: the language's that
// assets/lang.js chose (it has run: PyScript calls loadPyodide once the page is parsed),
// those of a game that the link names (#/<game>…), each with the parts it needs, and
// playing together's where the link is an invitation (join=) or seats friends. Any other
// part that Python needs before cacheParts has written it, Python fetches then itself.
function startParts() {
  const games = location.hash.replace(/^#\/?/, "").split("?")[0].split("/")
    .filter((segment) => Object.hasOwn(PARTS.games, segment));
  const language = PARTS.languages[document.documentElement.lang];
  const together = /[?&](join=|seats=[^&]*friend)/.test(location.hash) ? TOGETHER : null;
  const parts = new Set([language, ...partsOfGames(games), together].filter(
    (part) => part && Object.hasOwn(PARTS.parts, part)));
  globalThis.cardtableParts.start = [...parts];
  globalThis.cardtableParts.startURLs = [...parts].map(partURL);
  return [...parts];
}

// The parts that playing ``games`` needs, each with those it needs.
function partsOfGames(games) {
  const parts = new Set();
  for (const part of games.flatMap((game) => PARTS.games[game] ?? [])) {
    for (const each of [part, ...PARTS.parts[part].needs]) parts.add(each);
  }
  return [...parts];
}

// The lobby asks for the games it starts or continues at one tap
// (cardtable.web.page.drawing): their parts not written yet nor on their way are fetched once
// the page is ready (not to slow its start), so that a tap on Start finds them written
// instead of waiting for them.
const asked = new Set();
function wantGames(interpreter, games) {
  const missing = partsOfGames([...games]).filter((part) => !asked.has(part)
    && !interpreter.FS.analyzePath(partPath(interpreter, part)).exists);
  missing.forEach((part) => asked.add(part));
  if (missing.length) {
    whenReady(() => fetchParts(missing).then((fetched) => writeParts(interpreter, fetched)));
  }
}

// The parts that Python asked for (and those they need) written, if they can be had; the
// names of those that cannot.
async function loadParts(interpreter, parts) {
  const wanted = new Set(parts.filter((part) => Object.hasOwn(PARTS.parts, part))
    .flatMap((part) => [part, ...PARTS.parts[part].needs]));
  const missing = [...wanted].filter((part) => !interpreter.FS.analyzePath(partPath(interpreter, part)).exists);
  writeParts(interpreter, await fetchParts(missing));
  return [...parts.filter((part) => !Object.hasOwn(PARTS.parts, part)),
          ...missing.filter((part) => !interpreter.FS.analyzePath(partPath(interpreter, part)).exists)];
}

function partURL(part) {
  return new URL(`../${PARTS.parts[part].url}`, import.meta.url).href;
}

// [[part, bytes]] of those of ``parts`` that could be fetched (a part that could not be,
// Python asks for again when it needs it, and says so if it still cannot be had).
async function fetchParts(parts) {
  const fetched = await Promise.all(parts.map(async (part) => {
    try {
      const response = await fetch(partURL(part));
      return response.ok ? [part, new Uint8Array(await response.arrayBuffer())] : null;
    } catch {
      return null;
    }
  }));
  return fetched.filter(Boolean);
}

// Where Python looks for a part: its URL's path in the working folder (cardtable.parts).
function partPath(interpreter, part) {
  return `${interpreter.FS.cwd()}/${PARTS.parts[part].url}`;
}

function writeParts(interpreter, fetched) {
  const { FS } = interpreter;
  for (const [part, bytes] of fetched) {
    const path = partPath(interpreter, part);
    if (FS.analyzePath(path).exists) continue;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}

// Once the page is ready, every other part, in the background, so that a game opened later
// opens at once, offline too: after the service worker's precache, which fetches the same
// files (they then come from its cache, not twice over the network), or PARTS_WAIT_MS.
async function cacheParts(interpreter) {
  // (Where storage is blocked there is no worker, and Firefox rejects `ready`: not waited for.)
  const precached = (ofServiceWorkers((workers) => workers?.ready) ?? Promise.resolve())
    .catch(() => {});
  await Promise.race([precached, new Promise((done) => setTimeout(done, PARTS_WAIT_MS))]);
  const missing = Object.keys(PARTS.parts)
    .filter((part) => !interpreter.FS.analyzePath(partPath(interpreter, part)).exists);
  writeParts(interpreter, await fetchParts(missing));
  globalThis.cardtableParts.cached = true;
}

// Before the page's script, PyScript writes its own Python package's sources into the file
// system and imports them all (`import pyscript`, compiled from source at every load): a
// large share of what a start spent after Python was up (README, "Start-up and download").
// The page uses nothing of that package (its Python reaches the page through `js` and
// `pyodide.ffi`), and with its plugins off PyScript's JavaScript never calls into it, so
// Python reaches PyScript with an empty placeholder `pyscript` module already imported,
// which makes PyScript's import a lookup.
function withoutPyScriptPackage(interpreter) {
  interpreter.runPython(
    "import sys, types; sys.modules.setdefault('pyscript', types.ModuleType('pyscript'))");
  return interpreter;
}

// Whether the origin is the site's alone, so that no other site can write its Cache Storage.
// The page cannot find out; it takes its origin for its own where the site is served at the
// origin's root, on a host other than GitHub Pages' <user>.github.io: there the project sites
// of a user share one origin under /<repository>/ paths, with the user site at the root.
// The README's "Deployment" says where to serve the site, and what is lost elsewhere.
function ownOrigin() {
  const root = new URL("../", import.meta.url);
  return root.pathname === "/" && !root.hostname.endsWith(".github.io");
}

async function start(options) {
  const settings = { ...options, indexURL: INDEX_URL };
  if (!ownOrigin()) {
    // A snapshot found here may be another site's doing, or an earlier version's: it goes,
    // unread (no Cache Storage at all outside a secure context).
    openCache().then((cache) => cache && caches.delete(CACHE)).catch(() => {});
    return pyodide.loadPyodide(settings);
  }
  const cache = await openCache();
  if (!cache) return pyodide.loadPyodide(settings);
  const saved = await cache.match(KEY).catch(() => null);
  if (saved) {
    try {
      const interpreter = await restore(settings, saved);
      globalThis.cardtableSnapshot.boot = "restored";
      return interpreter;
    } catch (error) {
      console.info("cardtable: the saved Python did not restore; starting it afresh:", error);
      globalThis.cardtableSnapshot.boot = "fallback";
    }
  }
  // Not awaited: Python need not wait for the disk; the new snapshot is written after it.
  const cleared = caches.delete(CACHE).catch(() => {});
  const interpreter = await pyodide.loadPyodide(settings);
  whenReady(() => setTimeout(() => requestIdleCallbackOr(() => cleared.then(makeSnapshot)),
                             SNAPSHOT_DELAY_MS));
  return interpreter;
}

function whenReady(run) {
  const root = document.documentElement;
  if (root.dataset.app === "ready") return run();
  const observer = new MutationObserver(() => {
    if (root.dataset.app === "loading") return;
    observer.disconnect();
    if (root.dataset.app === "ready") run();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-app"] });
}

function requestIdleCallbackOr(run) {
  if ("requestIdleCallback" in globalThis) requestIdleCallback(run, { timeout: 10_000 });
  else run();
}

// The cache the snapshot goes into, held open by the page while the worker writes and after.
// WebKit (WebKitGTK 2.50, measured by bench/startup_engines.py) drops what a worker put into
// a cache when the page ends that worker, even once the worker has read it back whole,
// unless a page of the origin holds that cache open; held, the entry stays.
let heldCache = null;

// The worker stores the snapshot itself; this only starts it and ends it once it is done.
async function makeSnapshot() {
  globalThis.cardtableSnapshot.making = true;
  heldCache = await openCache();
  const worker = new Worker(new URL("snapshot-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    globalThis.cardtableSnapshot.made = data.ok;
    if (!data.ok) console.info("cardtable: no saved Python this time:", data.error);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    globalThis.cardtableSnapshot.made = false;
    console.info("cardtable: no saved Python this time:", event.message);
  };
  const parts = Object.keys(PARTS.parts).map((part) => [PARTS.parts[part].url, partURL(part)]);
  worker.postMessage({ cache: CACHE, key: KEY, indexURL: INDEX_URL, packageURL: PACKAGE_URL,
                       parts });
}
