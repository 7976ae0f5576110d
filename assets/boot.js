// Boots the page: service worker, PyScript on the local Pyodide, a progress bar with the
// progress in words, and <html data-app="error"> with a message in role="alert" when boot
// fails or takes too long. <html data-app="ready"> is set by the UI
// (cardtable.web.page.boot.start) once it is interactive. Until then the prerendered lobby
// works: its taps are kept here, in order, marked as pending, and the UI carries them out
// once it runs (takeTaps below).

// Boot fails when no step completes and no byte arrives for this long.
const STALL_TIMEOUT_MS = 90_000;
// PyScript reports its steps as "py:progress" events; these are the ones of a normal boot.
const STEPS = ["Loading Pyodide", "Loading Storage", "Loaded Storage", "Loading interpreter",
               "Loaded interpreter", "Loading files", "Loaded files", "Loaded Pyodide"];
// The words in the page's language (assets/lang.js chose them; cardtable.web.boot_words
// holds them, translated by the catalogs): what each step means to a player, and the rest.
const WORDS = globalThis.cardtableWords;
const fill = globalThis.cardtableFill;

// What a start downloads, {URL relative to the page: [bytes, bytes gzipped]} (build.py):
// the progress bar moves with the bytes that arrived, each file weighed by what it costs on
// the way, so that a slow network never looks stuck. The downloads make up this share of
// the bar; Python's start-up steps after them the rest.
const DOWNLOADS = new Map(Object.entries(
  JSON.parse(document.getElementById("boot-downloads")?.textContent || "{}"))
  .map(([url, sizes]) => [new URL(url, document.baseURI).href, sizes]));
const DOWNLOAD_SHARE = 85;

const root = document.documentElement;
const bar = document.getElementById("boot-progress");
const status = document.getElementById("boot-status");

// Taps and changes on the prerendered lobby before the UI runs: {action, data}, in order.
const taps = [];
let stepText = WORDS.starting;

// The share of the start's downloads that has arrived, in bytes on the way: what
// assets/snapshot.js counted of each fetch, or for a file that came otherwise (a module
// script), all of it once the browser lists it as loaded. Of the package's parts, only
// those that this start fetches (assets/snapshot.js lists them) count.
const loaded = new Set();
const PART = /\/parts\/[^/]+\.zip$/;
function downloaded() {
  const parts = globalThis.cardtableParts?.startURLs ?? [];
  let total = 0, arrived = 0;
  for (const [url, [bytes, sent]] of DOWNLOADS) {
    if (PART.test(url) && !parts.includes(url)) continue;
    const count = loaded.has(url) ? bytes : (globalThis.cardtableBytes?.get(url) ?? 0);
    total += sent;
    arrived += sent * Math.min(1, count / bytes);
  }
  return total ? arrived / total : 0;
}

// The bar: the downloads' share, then one part of the rest per start-up step done.
let stepsDone = 0;
function updateBar() {
  const steps = stepsDone / (STEPS.length + 1);
  bar.value = Math.max(bar.value, DOWNLOAD_SHARE * downloaded() + (100 - DOWNLOAD_SHARE) * steps);
}

// The boot line: the progress in words, and the taps waiting to be carried out.
function showProgress() {
  const percent = Math.round(bar.value);
  const waiting = taps.length === 0 ? ""
    : fill(WORDS.waiting[Math.min(taps.length, WORDS.waiting.length) - 1], { n: taps.length });
  status.textContent = fill(WORDS.progress, { percent, step: stepText }) + waiting;
}

// Capture phase, before anything else sees the event: while loading, a control of the lobby
// is not acted on but kept, and marked data-pending for the stylesheet.
function keepTap(event) {
  if (root.dataset.app !== "loading") return;
  const control = event.target.closest?.("#app [data-action]");
  const kind = event.type === "click" ? "BUTTON" : "";
  if (!control || (kind && control.tagName !== kind)
      || (!kind && !["SELECT", "INPUT"].includes(control.tagName))) return;
  event.stopImmediatePropagation();
  const data = { ...control.dataset };
  if (!kind) data.value = control.value;
  taps.push({ action: control.dataset.action, data });
  control.dataset.pending = "";
  showProgress();
}
addEventListener("click", keepTap, true);
addEventListener("change", keepTap, true);
globalThis.cardtableBoot = { takeTaps: () => taps.splice(0) };

function fail(message) {
  if (root.dataset.app !== "loading") return;
  root.dataset.app = "error";
  const box = document.getElementById("boot-error");
  box.textContent = fill(WORDS.failed, { reason: message });
  box.hidden = false;
  status.textContent = "";
}

// Whether the page may store anything here: not where the browser blocks its storage (a
// cross-site frame with third-party storage blocked, some private modes).
function storageWorks() {
  try {
    localStorage.getItem("cardtable.settings");
    return true;
  } catch {
    return false;
  }
}

// A first visit whose precache failed (a download cut short, the worker ended by the browser
// while it installed) would have no offline copy until the next visit: the page registers
// the worker again this long after, at most this many times more. (A failed first
// installation leaves no registration behind, so registering again installs anew.)
const INSTALL_RETRY_MS = 15_000;
const INSTALL_RETRIES = 3;

function registerServiceWorker(retries = INSTALL_RETRIES) {
  // Offline play after the first visit. Called once the app is ready, so that the worker's
  // precache downloads do not compete with the first boot's. Where the page may store
  // nothing there is no offline copy to keep (Firefox would log the refused registration
  // as an error), and where service workers are unavailable the page still works online.
  if (!("serviceWorker" in navigator) || !storageWorks()) return;
  navigator.serviceWorker.register("sw.js").then((registration) => {
    // (Playwright's blocked service workers resolve register() with nothing.)
    const installing = registration?.installing;
    if (!installing || retries <= 0) return;
    installing.addEventListener("statechange", () => {
      if (installing.state !== "redundant" || registration.active) return;
      console.info("cardtable: the offline copy could not be stored; trying again soon.");
      setTimeout(() => registerServiceWorker(retries - 1), INSTALL_RETRY_MS);
    });
  }, (error) => {
    console.info("cardtable: no offline copy here:", error.message);
  });
}

// Why boot used to hang in a cross-site iframe with storage blocked: polyscript (under
// PyScript) opens an IndexedDB database (IDBMapSync, named after the interpreter URL) at
// every Pyodide boot to cache micropip package lists, and awaits it even with
// packages_cache = "never". With third-party storage blocked, indexedDB.open() fires
// "error" (UnknownError: the user denied permission); @webreflection/idb-map's handler
// rejects and then re-dispatches that same event on the request, which throws ("The event
// is already being dispatched"); the rejection is never handled, so the <script type="py">
// never runs and nothing tells the user. We load no packages, so the cache has nothing to
// keep: when IndexedDB does not work here, PyScript gets an in-memory stand-in holding just
// what idb-map uses (open, one object store, get/getKey/getAllKeys/put/delete/clear/count).
function indexedDBWorks(timeoutMs = 1500) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const done = (ok) => { clearTimeout(timer); resolve(ok); };
    try {
      const request = indexedDB.open("cardtable-probe");
      request.onsuccess = () => { request.result.close(); done(true); };
      request.onerror = () => done(false);
      request.onblocked = () => done(false);
    } catch {
      done(false);
    }
  });
}

function memoryIndexedDB() {
  const answer = (run) => {
    const request = { result: undefined, error: null };
    queueMicrotask(() => {
      try {
        request.result = run();
        request.onsuccess?.({ target: request });
      } catch (error) {
        request.error = error;
        request.onerror?.({ target: request });
      }
    });
    return request;
  };
  const store = (map) => ({
    count: () => answer(() => map.size),
    clear: () => answer(() => map.clear()),
    delete: (key) => answer(() => { map.delete(key); }),
    get: (key) => answer(() => map.get(key)),
    getKey: (key) => answer(() => (map.has(key) ? key : undefined)),
    getAllKeys: () => answer(() => [...map.keys()]),
    put: (value, key) => answer(() => { map.set(key, value); return key; }),
  });
  const databases = new Map();
  return {
    open(name) {
      return answer(() => {
        if (!databases.has(name)) databases.set(name, new Map());
        const stores = databases.get(name);
        return {
          objectStoreNames: { length: stores.size, contains: (s) => stores.has(s) },
          createObjectStore: (s) => { stores.set(s, new Map()); return store(stores.get(s)); },
          transaction: (s) => {
            if (!stores.has(s)) stores.set(s, new Map());
            return { objectStore: () => store(stores.get(s)) };
          },
          close() {},
        };
      });
    },
  };
}

// Why boot failed in Firefox in a cross-site iframe with third-party storage blocked:
// PyScript's core.js, as it is imported, constructs a BroadcastChannel (its fallback for
// synchronous calls between a PyScript worker and the page when SharedArrayBuffer is
// missing), and Firefox's constructor throws a SecurityError ("The operation is insecure")
// in a frame whose storage it blocks, so the import itself fails. The page runs no PyScript
// workers (boot below empties their hooks), so nothing is ever posted on that channel: a
// channel that carries nothing keeps PyScript's import from failing.
function broadcastChannelWorks() {
  try {
    new BroadcastChannel("cardtable-probe").close();
    return true;
  } catch {
    return false;
  }
}

class SilentChannel extends EventTarget {
  constructor(name) {
    super();
    this.name = name;
    this.onmessage = null;
    this.onmessageerror = null;
  }

  postMessage() {}

  close() {}
}

async function boot() {
  // Only the page's own scripts can fail the boot: an error thrown by a script of another
  // origin (an extension, a script an embedder injects) is logged and the boot goes on.
  addEventListener("error", ({ message, filename }) => {
    if (filename && new URL(filename, location.href).origin === location.origin) fail(message);
    else console.warn("cardtable: an error from outside the page was ignored:", message);
  });
  addEventListener("unhandledrejection", ({ reason }) => fail(reason?.message ?? String(reason)));
  let timer;
  const watchdog = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(WORDS.too_long), STALL_TIMEOUT_MS);
  };
  watchdog();
  const observer = new MutationObserver(() => {
    if (root.dataset.app === "loading") return;
    clearTimeout(timer);
    observer.disconnect();
    if (root.dataset.app === "ready") registerServiceWorker();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-app"] });

  addEventListener("py:progress", ({ detail }) => {
    watchdog();
    const step = STEPS.indexOf(detail);
    if (step >= 0) {
      stepsDone = Math.max(stepsDone, step + 1);
      stepText = WORDS.steps[step];
    }
    updateBar();
    showProgress();
  });
  // Bytes arriving count as progress too, while loading (at most one redraw a frame).
  let drawing = false;
  const bytesArrived = () => {
    if (root.dataset.app !== "loading") return;
    watchdog();
    if (drawing) return;
    drawing = true;
    requestAnimationFrame(() => {
      drawing = false;
      updateBar();
      showProgress();
    });
  };
  addEventListener("cardtable:bytes", bytesArrived);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (DOWNLOADS.has(entry.name)) loaded.add(entry.name);
    }
    bytesArrived();
  }).observe({ type: "resource", buffered: true });

  if (!(await indexedDBWorks())) {
    console.info("cardtable: IndexedDB is blocked here; PyScript gets an in-memory stand-in.");
    Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB(), configurable: true });
  }
  if (!broadcastChannelWorks()) {
    console.info("cardtable: BroadcastChannel is blocked here; PyScript gets a silent stand-in.");
    Object.defineProperty(globalThis, "BroadcastChannel", { value: SilentChannel, configurable: true });
  }

  const { hooks } = await import("../pyscript/core.js");
  // PyScript compiles its worker hooks into one function with Function() when it defines the
  // <script type="py"> handler, which our CSP forbids ('unsafe-eval'). The page runs no
  // PyScript workers (its snapshot worker is plain JavaScript), so it needs none:
  // PyScript's only default one registers _pyscript in workers.
  for (const set of Object.values(hooks.worker)) set.clear();
  // Python errors during boot reach PyScript's stderr: show them instead of a dead page.
  hooks.main.onReady.add((wrap) => {
    const { stderr } = wrap.io;
    wrap.io.stderr = (error, ...rest) => {
      fail(String(error?.message ?? error).trim().split("\n").pop());
      return stderr(error, ...rest);
    };
  });
}

boot().catch((error) => fail(error.message));
