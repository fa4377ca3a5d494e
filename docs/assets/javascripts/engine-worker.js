// The rules engine in a Web Worker: Pyodide from the site's own versioned folder
// (/pyodide/<version>/), the engine from the content-named archive the build packs
// (assets/engine/engine-<hash>.zip), and one JSON request at a time answered by
// engine.surfaces.web_api.handle (which hands the practice table's `practice.*` requests to
// engine.surfaces.practice_api).
//
// Started by engine-client.js only when a widget needs the engine (a reader's first step,
// quiz card or match), never merely because a page was opened, except ahead of the reader:
// on a later visit, and then only from a stored snapshot (engine-worker.js#warm); or once,
// at idle, after the service worker has saved the engine for offline use, to make that
// snapshot (engine-worker.js#snapshot, asked by offline.js). Every URL is resolved against
// this file's own location (<site>/assets/javascripts/engine-worker.js), never against the
// page: pages live at several depths and under /fr/, /pt/… while this file and Pyodide exist
// once, at the site root. Nothing is ever fetched from a CDN.
//
// A second start is made fast by a memory snapshot (engine-snapshot.js): the first start,
// once the engine is imported and before it answers anything, copies Pyodide's memory; later
// starts restore it instead of starting Python and importing the engine again.
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "engine" | "ready", at, loaded, total}
//                                                  loaded/total: boot bytes downloaded so far
//   {type: "timing", name, at, detail}             a step of the start, for the benchmark
//                                                  (scripts/bench_load.py), never shown
//   {type: "failed", message, network}             loading failed; no answers will follow.
//                                                  network: a download failed without an
//                                                  answer from the server (offline, or the
//                                                  connection dropped), not an HTTP error
//   {type: "unwarmed"}                             started as engine-worker.js#warm (ahead of
//                                                  the reader) and no snapshot is stored: this
//                                                  worker stops; the reader's use starts another
//   {type: "prepared", size}                       started as engine-worker.js#snapshot: the
//                                                  snapshot is stored (size in bytes, 0 if it
//                                                  could not be); this worker may now stop
//   {type: "answer", id, answer}                   answer: the JSON text web_api returned
// Messages from the page:
//   {id, request}                                  request: a JSON text for web_api.handle

/**
 * Pyodide's two scripts, imported by this worker (pyodide.mjs, pyodide.asm.mjs).
 * @typedef {{ loadPyodide: typeof import("pyodide").loadPyodide,
 *   createPyodideModule: import("pyodide").PyodideConfig["createPyodideModule"] }} Runtime
 * @typedef {import("pyodide").PyodideAPI} Pyodide
 * @typedef {import("./engine-files.js").EngineManifest} EngineManifest
 * @typedef {(request: string) => string} Handle   engine.surfaces.web_api.handle
 */

const HERE = new URL(import.meta.url);
// Forward our own ?v=… query: the manifest changes with every build that changes the engine.
const VERSION = HERE.search;
const MANIFEST = new URL("../engine/manifest.json" + VERSION, HERE);
const ENGINE_DIR = "/home/pyodide/cj"; // where the archive is unpacked in Pyodide's filesystem
// Started ahead of the reader (engine-client.js warmWhenIdle): only a snapshot start is cheap
// enough for that; anything else waits for the reader.
const WARM_ONLY = HERE.hash === "#warm";
// Started to make the snapshot ahead of any reader: start cold and store it at once.
const PREPARE = HERE.hash === "#snapshot";
const UNWARMED = "no snapshot to start from ahead of the reader";

// Bytes of the boot downloads received so far, by URL, against the manifest's sizes.
/** @type {Map<string, number>} */
const received = new Map();
let expectedBytes = 0;
let stage = "runtime";

let downloaded = false;
function progress(next = stage) {
  stage = next;
  let loaded = 0;
  for (const bytes of received.values()) loaded += bytes;
  if (!downloaded && expectedBytes > 0 && loaded >= expectedBytes) {
    downloaded = true;
    timing("downloaded", loaded); // the last byte the start needs (scripts/bench_load.py)
  }
  // `at`: when, on the wall clock shared with the page (for the benchmark's stage timings).
  postMessage({
    type: "progress",
    stage,
    at: performance.timeOrigin + performance.now(),
    loaded: Math.min(loaded, expectedBytes),
    total: expectedBytes,
  });
}

// Count a response's bytes as they arrive, on a copy (Response.clone), so that the response
// Pyodide gets is the browser's own: WebAssembly compiles it while streaming, and the browser
// caches the compiled code for the next visit (it would not for a response built here).
let lastReport = 0;
/**
 * @param {Response} response
 * @param {string} key
 */
async function count(response, key) {
  if (!response.body) return;
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received.set(key, (received.get(key) ?? 0) + value.byteLength);
    const now = performance.now();
    if (now - lastReport > 100) {
      lastReport = now;
      progress();
    }
  }
  progress();
}

// Pyodide does not give up when one of its files fails to download: it logs a warning and
// waits for ever. Every fetch made while booting is therefore watched, and the first failed
// one (network error or HTTP error) fails the boot, so the page can say so. (A download that
// stalls without failing is caught by the page's watchdog: no progress, no patience.)
/** @type {(error: Error) => void} */
let bootFailed = () => {};
let networkFailed = false; // a download failed with no answer at all (offline, dropped)
/** @type {Promise<never>} */
const failedFetch = new Promise((_, reject) => {
  bootFailed = reject;
});
failedFetch.catch(() => {});
const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    networkFailed = true;
    bootFailed(new Error(`${reason(error)} for ${String(input)}`));
    throw error;
  }
  if (!response.ok) {
    bootFailed(new Error(`HTTP ${response.status} for ${response.url}`));
    return response;
  }
  count(response, response.url || String(input)).catch(() => {}); // a failed body fails Pyodide too
  return response;
};

/**
 * @param {URL | string} url
 * @param {string} what
 */
async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url}`);
  return response;
}

// Where a start spends its time, for scripts/bench_load.py: each step's end on the wall clock
// shared with the page. The page keeps them as performance marks; nothing shows them.
/**
 * @param {string} name
 * @param {unknown} [detail]
 */
function timing(name, detail = null) {
  postMessage({ type: "timing", name, at: performance.timeOrigin + performance.now(), detail });
}
timing("worker-loaded");

// Pyodide compiles and instantiates its WebAssembly itself; wrap the calls to time them.
for (const name of /** @type {const} */ (["instantiateStreaming", "instantiate"])) {
  // Both take the module's bytes (or a response) and imports; either result may carry an instance.
  const wasm = /** @type {Record<typeof name, (...args: unknown[]) => Promise<unknown>>} */ (/** @type {unknown} */ (WebAssembly));
  const original = wasm[name];
  wasm[name] = async (...args) => {
    timing("wasm-start");
    const result = await original.apply(WebAssembly, args);
    if (result && typeof result === "object" && "instance" in result && result.instance) timing("wasm-instantiated");
    return result;
  };
}

// The snapshot helpers; without them (a failed download) every start is a cold start.
/** @type {Promise<typeof import("./engine-snapshot.js") | null>} */
const snapshots = import(new URL("engine-snapshot.js" + VERSION, HERE).href).catch(() => null);

// What the first answer waits for: storing a new snapshot starts only after it (a first
// visit's reader never waits for the copy to be written).
/** @type {() => void} */
let firstAnswered = () => {};
/** @type {Promise<void>} */
const answered = new Promise((resolve) => {
  firstAnswered = resolve;
});

/**
 * @param {Runtime} runtime
 * @param {string} pyodideDir
 * @param {EngineManifest} manifest
 * @param {Promise<Uint8Array> | null} memory
 * @returns {Promise<Pyodide>}
 */
async function startPython(runtime, pyodideDir, manifest, memory) {
  const options = {
    indexURL: pyodideDir,
    // Imported by the worker itself, at the same time as pyodide.mjs and the snapshot.
    createPyodideModule: runtime.createPyodideModule,
    // A lock file without packages, given inline: the engine loads none, so Pyodide need
    // not download its 120 KB package list. Any package attempt stays on this site.
    lockFileContents: { info: manifest.lock_info, packages: {} },
    packageBaseUrl: pyodideDir,
    stdout: () => {},
    stderr: () => {},
  };
  // Either restore the snapshot (a promise of its memory: Pyodide fetches its files
  // meanwhile), or start cold and be allowed to make one.
  return runtime.loadPyodide(memory ? { ...options, _loadSnapshot: memory } : { ...options, _makeSnapshot: true });
}

/** @param {unknown} error */
const reason = (error) => {
  const message = error !== null && typeof error === "object" && "message" in error ? error.message : null;
  return String(message ? message : error);
};

// import() of one of Pyodide's scripts. A failed download rejects with a TypeError that does
// not say whether the server answered: ask once more, so that an HTTP error (a broken site)
// is not reported as a lost connection.
/** @param {string} url */
async function importScript(url) {
  try {
    return await import(url);
  } catch (error) {
    if (error instanceof TypeError) {
      try {
        const response = await realFetch(url, { method: "HEAD" });
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`, { cause: error });
      } catch (probe) {
        if (probe instanceof TypeError) networkFailed = true;
        else throw probe;
      }
    }
    throw error;
  }
}

/** @returns {Promise<Handle>} */
async function boot() {
  progress("runtime");
  /** @type {EngineManifest} */
  const manifest = await (await fetchOk(MANIFEST, "engine manifest")).json();
  timing("manifest");
  const pyodideDir = new URL(manifest.pyodide_dir, MANIFEST).href;
  expectedBytes = manifest.bytes + Object.values(manifest.boot_bytes).reduce((sum, bytes) => sum + bytes, 0);
  // The engine archive is small: fetch it while Pyodide downloads and compiles.
  const archive = fetchOk(new URL(manifest.engine, MANIFEST), "engine archive").then((response) => response.arrayBuffer());
  archive.catch(() => {}); // awaited below; avoid an "unhandled rejection" log meanwhile
  const cacheName = manifest.snapshot_cache;
  const helpers = await snapshots;
  // Making the snapshot: never restore one (the page asked because there was none).
  const found = helpers && !PREPARE ? helpers.findSnapshot(cacheName, MANIFEST) : Promise.resolve(null);
  // Read and check the snapshot while Pyodide's scripts are imported.
  const memory = found.then((response) => (response && helpers ? helpers.snapshotMemory(response) : null));
  memory.catch(() => {}); // a damaged snapshot fails loadPyodide below, which handles it
  // Both of Pyodide's scripts at once (loadPyodide would import the second only after the first).
  const [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
    importScript(pyodideDir + "pyodide.mjs"),
    importScript(pyodideDir + "pyodide.asm.mjs"),
  ]);
  /** @type {Runtime} */
  const runtime = { loadPyodide, createPyodideModule };
  timing("pyodide-module");
  const snapshot = await found;
  if (!snapshot && WARM_ONLY) throw new Error(UNWARMED);
  if (snapshot && helpers) {
    try {
      // A snapshot was found: its memory is there (or the promise rejects).
      const restoring = /** @type {Promise<Uint8Array>} */ (memory).then((bytes) => {
        timing("snapshot-read", bytes.length);
        return bytes;
      });
      const pyodide = await startPython(runtime, pyodideDir, manifest, restoring);
      timing("python-restored");
      pyodide.unpackArchive(await archive, "zip", { extractDir: ENGINE_DIR });
      // The snapshot holds the same random state at every restore: draw a fresh one.
      pyodide.runPython("import random\nrandom.seed()");
      const handle = pyodide.pyimport("engine.surfaces.web_api").handle;
      timing("engine-imported", "snapshot");
      progress("ready");
      return handle;
    } catch (error) {
      // A download that failed (offline, the connection dropped) says nothing against the
      // snapshot: keep it for the next start, say so, and fail as a network failure.
      if (networkFailed) {
        timing("snapshot-kept", reason(error));
        throw error;
      }
      // A snapshot Pyodide cannot use (damaged, another build): drop it and start cold.
      timing("snapshot-dropped", reason(error));
      await helpers.dropSnapshot(cacheName);
      if (WARM_ONLY) throw new Error(UNWARMED, { cause: error });
    }
  }
  const pyodide = await startPython(runtime, pyodideDir, manifest, null);
  timing("python-started");
  progress("engine");
  pyodide.unpackArchive(await archive, "zip", { extractDir: ENGINE_DIR });
  timing("engine-unpacked");
  pyodide.runPython(
    `import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})\nimport engine.surfaces.web_api`,
  );
  timing("engine-imported", "cold");
  // The snapshot is taken now, before any request: it must hold the engine as imported, never
  // a page's match or cached answers. Copying the memory is quick; encoding and storing it
  // wait for the first answer (made ahead of any reader: at once).
  let made = false;
  if (helpers && cacheName) {
    try {
      const copy = pyodide.makeMemorySnapshot();
      timing("snapshot-made", copy.length);
      made = true;
      (PREPARE ? Promise.resolve() : answered)
        .then(() => helpers.storeSnapshot(cacheName, MANIFEST, copy))
        .catch(() => 0)
        .then((size) => {
          timing("snapshot-stored", size);
          if (PREPARE) postMessage({ type: "prepared", size });
        });
    } catch (error) {
      timing("snapshot-failed", reason(error));
    }
  }
  if (PREPARE && !made) postMessage({ type: "prepared", size: 0 });
  const handle = pyodide.pyimport("engine.surfaces.web_api").handle;
  progress("ready");
  return handle;
}

const booted = Promise.race([boot(), failedFetch]).finally(() => {
  self.fetch = realFetch; // booted (or failed): stop watching
});
booted.catch((error) => {
  if (error && error.message === UNWARMED) postMessage({ type: "unwarmed" });
  else postMessage({ type: "failed", message: reason(error), network: networkFailed });
});

self.onmessage = async (event) => {
  const { id, request } = event.data;
  /** @type {Handle} */
  let handle;
  try {
    handle = await booted;
  } catch {
    return; // "failed" was already reported once
  }
  let answer;
  try {
    answer = handle(request);
  } catch (error) {
    // web_api never raises for a bad request; this is an engine bug. Report it as an answer
    // so the page can show it without the worker dying.
    answer = JSON.stringify({ ok: false, error: { code: "internal", message: String(error) } });
  }
  postMessage({ type: "answer", id, answer });
  firstAnswered();
};
