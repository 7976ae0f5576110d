// The service worker template: build.py writes dist/sw.js from it, filling in the cache name
// (it changes whenever any file changes), the precache list of [url, integrity] pairs, and
// the list of the same form of the files stored only once the page first fetches them
// (sitebuild/service_worker.py's ON_DEMAND: the relay client).
// Cache-first for every file of the site, so it boots offline after the first visit.

const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;
const ON_DEMAND = __ON_DEMAND__;
// Each file's integrity by its URL relative to the site's root (this worker's folder).
const INTEGRITY = new Map([...PRECACHE, ...ON_DEMAND]);
const ROOT = new URL("./", self.location);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The integrity check makes a stale HTTP-cached copy fail the install, not poison it.
    await Promise.all(PRECACHE.map(async ([url, integrity]) => {
      const response = await fetch(url, { cache: "no-cache", integrity });
      if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
      // The site's root URL ("./") serves index.html too.
      if (url === "index.html") await cache.put("./", response.clone());
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("cardtable-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const file = siteFile(event.request);
  if (file) event.respondWith(answer(event.request, file));
});

// The file of either list that a GET request asks for (the site's root URL is
// index.html; the query is ignored), or null: anything else goes to the network untouched.
function siteFile(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== ROOT.origin
      || !url.pathname.startsWith(ROOT.pathname)) return null;
  const file = url.pathname.slice(ROOT.pathname.length) || "index.html";
  return INTEGRITY.has(file) ? file : null;
}

// Every page of the origin can write this cache, not only this site's (on GitHub Pages every
// repository of <user>.github.io shares one origin): a cached body is served only when it
// is the file of the precache list, byte for byte. Anything else is deleted and the file
// fetched again, checked by the browser against the same list.
async function answer(request, file) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) {
    if (await genuine(cached.clone(), INTEGRITY.get(file))) return served(cached, file);
    await cache.delete(request, { ignoreSearch: true });
  }
  return refetch(request, file, cache);
}

async function genuine(response, integrity) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return integrity === `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

// The checked response itself, as stored (the browser can keep compiled code alongside a
// stored script), but for the page: a document's headers act on their own (a Refresh header
// would send the player elsewhere) and the stored ones may be anyone's, so it gets fresh ones.
async function served(cached, file) {
  if (file !== "index.html") return cached;
  return new Response(await cached.blob(), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

// The file from the network, checked against the list and cached again; where that fails
// (offline, or the server already has a newer version than this worker), the network's
// answer as it is, as if there were no worker.
async function refetch(request, file, cache) {
  try {
    const response = await fetch(new URL(file, ROOT), {
      cache: "no-cache", integrity: INTEGRITY.get(file),
    });
    if (response.ok) await cache.put(cacheKey(request), response.clone());
    return response;
  } catch {
    return fetch(request);
  }
}

function cacheKey(request) {
  const url = new URL(request.url);
  url.search = "";
  return url.href;
}
