// California Jack's service worker: the whole site offline after one visit.
// Written into site/sw.js by scripts/hooks/offline.py, which fills in the four constants
// below; everything else is this file as it is.
//
// - Install: every page of every language, the assets they use and the engine archive go
//   into a cache named after this build ("cj-site-<build>"). Pyodide is not pre-cached (13 MB
//   a reader of the rules never needs): it goes into "cj-pyodide-<version>" the first time
//   the engine starts, and stays there across builds while the version is the same.
// - Activate: the caches of other builds (and other Pyodide versions, and the memory snapshots
//   of other engines: engine-snapshot.js) are deleted, so a new build replaces the old one
//   cleanly; the new worker takes over open pages at once.
// - Fetch: files whose name carries their version (Pyodide's folder, the content-named
//   engine archive) come from the cache first; everything else, pages first of all, from the
//   network first, so a reader online always sees the newest build, and from the cache when
//   the network is not there.

const BUILD = "__BUILD__";
const PYODIDE_VERSION = "__PYODIDE_VERSION__";
const PRECACHE = __PRECACHE__;
const SNAPSHOT_CACHE = "__SNAPSHOT_CACHE__"; // written by the engine worker, never by this one

const SITE_CACHE = `cj-site-${BUILD}`;
const PYODIDE_CACHE = `cj-pyodide-${PYODIDE_VERSION}`;
const SCOPE = new URL("./", self.location).href;
const VERSIONED = [new RegExp(`^${SCOPE}pyodide/[^/]+/`), /\/assets\/engine\/engine-[0-9a-f]+\.zip$/];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SITE_CACHE);
      // "reload": never fill the new cache from a stale HTTP cache entry.
      await cache.addAll(PRECACHE.map((path) => new Request(SCOPE + path, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SITE_CACHE, PYODIDE_CACHE, SNAPSHOT_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith("cj-") && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const name = request.url.includes("/pyodide/") ? PYODIDE_CACHE : SITE_CACHE;
    const copy = response.clone();
    caches.open(name).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request, event) {
  try {
    const response = await fetch(request);
    if (response.ok && request.method === "GET") {
      // Keep what this build pre-cached up to date (a page revalidated while online), after
      // the response is on its way: the page never waits for the cache.
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          const cache = await caches.open(SITE_CACHE);
          if (await cache.match(request)) await cache.put(request, copy);
        })().catch(() => {}),
      );
    }
    return response;
  } catch (error) {
    const cached =
      (await caches.match(request, { cacheName: SITE_CACHE })) ??
      (await caches.match(request, { cacheName: SITE_CACHE, ignoreSearch: true }));
    if (cached) return cached;
    if (request.mode === "navigate") {
      // An address this build does not have (or one typed without its final "/").
      const folder = new URL(request.url);
      if (!folder.pathname.endsWith("/")) {
        const page = await caches.match(folder.href + "/", { cacheName: SITE_CACHE });
        if (page) return page;
      }
      const first = folder.pathname.slice(new URL(SCOPE).pathname.length).split("/")[0];
      const notFound =
        (await caches.match(`${SCOPE}${first}/404.html`, { cacheName: SITE_CACHE })) ??
        (await caches.match(`${SCOPE}404.html`, { cacheName: SITE_CACHE }));
      if (notFound) return notFound;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(VERSIONED.some((pattern) => pattern.test(request.url)) ? cacheFirst(request) : networkFirst(request, event));
});
