// California Jack's service worker: the whole site offline after one visit.
// Written into site/sw.js by scripts/hooks/offline.py, which fills in the five constants
// below; everything else is this file as it is.
//
// - Install: every page of every language, the assets they use and the engine archive go
//   into a cache named after this build ("cj-site-<build>"). Pyodide is not pre-cached: it
//   goes into "cj-pyodide-<version>" when a page asks for it (offline.js does, at idle, on a
//   connection that is neither Save-Data nor metered: the "save-engine" message below), or
//   the first time the engine starts, and stays there across builds while the version is the
//   same.
// - Activate: the caches of other builds (and other Pyodide versions, and the memory snapshots
//   of other engines: engine-snapshot.js) are deleted, so a new build replaces the old one
//   cleanly; the new worker takes over open pages at once.
// - Fetch: files whose name carries their version (Pyodide's folder, the content-named
//   engine archive) come from the cache first; everything else, pages first of all, from the
//   network first, so a reader online always sees the newest build, and from the cache when
//   the network is not there. A page address without its final "/" is answered, offline as
//   the server does online, with a redirect to the "/" address: the page's relative links
//   resolve against its address, and one folder too high they open another language's pages.

// This file runs as a service worker (types/service-worker.d.ts declares what the hook fills in).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const BUILD = "__BUILD__";
const PYODIDE_VERSION = "__PYODIDE_VERSION__";
const PRECACHE = __PRECACHE__;
const SNAPSHOT_CACHE = "__SNAPSHOT_CACHE__"; // written by the engine worker, never by this one
// What the engine needs, site-relative, with each file's size (for the progress reported).
const ENGINE_FILES = __ENGINE_FILES__;

const SITE_CACHE = `cj-site-${BUILD}`;
const PYODIDE_CACHE = `cj-pyodide-${PYODIDE_VERSION}`;
const SCOPE = new URL("./", sw.location.href).href;
const VERSIONED = [new RegExp(`^${SCOPE}pyodide/[^/]+/`), /\/assets\/engine\/engine-[0-9a-f]+\.zip$/];

/** @param {string} url */
const cacheFor = (url) => (url.startsWith(`${SCOPE}pyodide/`) ? PYODIDE_CACHE : SITE_CACHE);

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SITE_CACHE);
      // "reload": never fill the new cache from a stale HTTP cache entry.
      await cache.addAll(PRECACHE.map((path) => new Request(SCOPE + path, { cache: "reload" })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SITE_CACHE, PYODIDE_CACHE, SNAPSHOT_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith("cj-") && !keep.has(name)) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

/**
 * @param {Request} request
 * @param {FetchEvent} event
 */
async function cacheFirst(request, event) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(
      caches
        .open(cacheFor(request.url))
        .then((cache) => cache.put(request, copy))
        .catch(() => {}),
    );
  }
  return response;
}

// The "/" address of a page this build has, for an address typed (or made by the language
// switcher) without it; null when there is no such page.
/** @param {Request} request */
async function folderAddress(request) {
  const address = new URL(request.url);
  if (address.pathname.endsWith("/")) return null;
  address.pathname += "/";
  return (await caches.match(address.origin + address.pathname, { cacheName: SITE_CACHE })) ? address.href : null;
}

/**
 * @param {Request} request
 * @param {FetchEvent} event
 */
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
      const folder = await folderAddress(request);
      if (folder) return Response.redirect(folder, 301);
      // An address this build does not have: the language's own 404 page.
      const first = new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length).split("/")[0];
      const notFound =
        (await caches.match(`${SCOPE}${first}/404.html`, { cacheName: SITE_CACHE })) ??
        (await caches.match(`${SCOPE}404.html`, { cacheName: SITE_CACHE }));
      if (notFound) return notFound;
    }
    throw error;
  }
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const versioned = VERSIONED.some((pattern) => pattern.test(request.url));
  event.respondWith(versioned ? cacheFirst(request, event) : networkFirst(request, event));
});

// ----- the engine saved for offline use, when a page asks ---------------------------------------

// Every open page of the site hears how it goes (each shows it in its offline notice):
//   {type: "engine-saving", fraction}   fraction: 0..1 of the bytes still missing at the start
//   {type: "engine-saved"}              every file of ENGINE_FILES is in the caches
//   {type: "engine-save-failed", message}
/** @param {{ type: string, [field: string]: unknown }} message */
async function tell(message) {
  for (const client of await sw.clients.matchAll({ type: "window" })) client.postMessage(message);
}

async function saveEngine() {
  /** @type {[string, number][]} */
  const missing = [];
  for (const [path, bytes] of ENGINE_FILES) {
    if (!(await caches.match(SCOPE + path))) missing.push([SCOPE + path, bytes]);
  }
  const total = missing.reduce((sum, [, bytes]) => sum + bytes, 0);
  let received = 0;
  let told = 0;
  const progress = (force = false) => {
    const now = Date.now();
    if (!force && now - told < 250) return;
    told = now;
    tell({ type: "engine-saving", fraction: total ? Math.min(1, received / total) : 1 });
  };
  progress(true);
  // One file after the other: on a slow connection, parallel downloads finish no sooner, and
  // the first files are saved even if the reader leaves before the last.
  for (const [url] of missing) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    // Counted on a copy: the cache keeps the browser's own response (see engine-worker.js).
    const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
    const stored = caches.open(cacheFor(url)).then((cache) => cache.put(url, response));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      progress();
    }
    await stored;
  }
  await tell({ type: "engine-saved" });
}

/** @type {Promise<void> | null} */
let saving = null; // one download at a time, whichever page asked
sw.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "save-engine") return;
  saving ??= saveEngine()
    .catch((error) => tell({ type: "engine-save-failed", message: String(error && error.message ? error.message : error) }))
    .finally(() => {
      saving = null;
    });
  event.waitUntil(saving);
});
