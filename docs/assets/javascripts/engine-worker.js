// The rules engine in a Web Worker: Pyodide from the site's own versioned folder
// (/pyodide/<version>/), the engine from the content-named archive the build packs
// (assets/engine/engine-<hash>.zip), and one JSON request at a time answered by
// engine.web_api.handle (which hands the practice table's `practice.*` requests to
// engine.practice_api).
//
// Started by engine-client.js only when a widget needs the engine (a reader's first step,
// quiz card or match), never merely because a page was opened. Every URL is resolved against
// this file's own location (<site>/assets/javascripts/engine-worker.js), never against the
// page: pages live at several depths and under /fr/, /pt/… while this file and Pyodide exist
// once, at the site root. Nothing is ever fetched from a CDN.
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "engine" | "ready", at, loaded, total}
//                                                  loaded/total: boot bytes downloaded so far
//   {type: "failed", message}                      loading failed; no answers will follow
//   {type: "answer", id, answer}                   answer: the JSON text web_api returned
// Messages from the page:
//   {id, request}                                  request: a JSON text for web_api.handle

const HERE = new URL(import.meta.url);
// Forward our own ?v=… query: the manifest changes with every build that changes the engine.
const VERSION = HERE.search;
const MANIFEST = new URL("../engine/manifest.json" + VERSION, HERE);
const ENGINE_DIR = "/home/pyodide/cj"; // where the archive is unpacked in Pyodide's filesystem

// Bytes of the boot downloads received so far, by URL, against the manifest's sizes.
const received = new Map();
let expectedBytes = 0;
let stage = "runtime";

function progress(next = stage) {
  stage = next;
  let loaded = 0;
  for (const bytes of received.values()) loaded += bytes;
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
async function count(response, key) {
  if (!response.body) return;
  const reader = response.clone().body.getReader();
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
let bootFailed = null;
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
    bootFailed(new Error(`${error.message} for ${String(input)}`));
    throw error;
  }
  if (!response.ok) {
    bootFailed(new Error(`HTTP ${response.status} for ${response.url}`));
    return response;
  }
  count(response, response.url || String(input)).catch(() => {}); // a failed body fails Pyodide too
  return response;
};

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url}`);
  return response;
}

async function boot() {
  progress("runtime");
  const manifest = await (await fetchOk(MANIFEST, "engine manifest")).json();
  const pyodideDir = new URL(manifest.pyodide_dir, MANIFEST).href;
  expectedBytes = manifest.bytes + Object.values(manifest.boot_bytes).reduce((sum, bytes) => sum + bytes, 0);
  // The engine archive is small: fetch it while Pyodide downloads and compiles.
  const archive = fetchOk(new URL(manifest.engine, MANIFEST), "engine archive").then((response) => response.arrayBuffer());
  archive.catch(() => {}); // awaited below; avoid an "unhandled rejection" log meanwhile
  const { loadPyodide } = await import(pyodideDir + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: pyodideDir,
    // A lock file without packages, given inline: the engine loads none, so Pyodide need
    // not download its 120 KB package list. Any package attempt stays on this site.
    lockFileContents: { info: manifest.lock_info, packages: {} },
    packageBaseUrl: pyodideDir,
    stdout: () => {},
    stderr: () => {},
  });
  progress("engine");
  pyodide.unpackArchive(await archive, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const handle = pyodide.pyimport("engine.web_api").handle;
  progress("ready");
  return handle;
}

const booted = Promise.race([boot(), failedFetch]).finally(() => {
  self.fetch = realFetch; // booted (or failed): stop watching
});
booted.catch((error) => {
  postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
});

self.onmessage = async (event) => {
  const { id, request } = event.data;
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
};
