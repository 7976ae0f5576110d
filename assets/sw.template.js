// The service worker template: build.py writes dist/sw.js from it, filling in the cache name
// (it changes whenever any file changes) and the precache list of [url, integrity] pairs.
// Cache-first for every file of the site, so it boots offline after the first visit.

const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;

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
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(request, { ignoreSearch: true });
    return cached ?? fetch(request);
  })());
});
