// The rules engine in a Web Worker: Pyodide from the site's own /pyodide/ folder, the engine
// from the archive the build packs (assets/engine/engine.zip), and one JSON request at a time
// answered by engine.web_api.handle (which hands the practice table's `practice.*` requests to
// engine.practice_api).
//
// Loaded as a module worker by engine-client.js, for the stepper and the practice table alike.
// Every URL is resolved against this file's own location
// (<site>/assets/javascripts/engine-worker.js), never against the page: pages live at
// several depths and under /fr/, /pt/… while this file and Pyodide exist once, at the site root.
// Nothing is ever fetched from a CDN.
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "engine" | "ready", at}
//   {type: "failed", message}                      loading failed; no answers will follow
//   {type: "answer", id, answer}                   answer: the JSON text web_api returned
// Messages from the page:
//   {id, request}                                  request: a JSON text for web_api.handle

const HERE = new URL(import.meta.url);
// Forward our own ?v=… cache-busting query to the files that change with the site.
const VERSION = HERE.search;
const PYODIDE_DIR = new URL("../../pyodide/", HERE).href;
const MANIFEST = new URL("../engine/manifest.json" + VERSION, HERE);
const ENGINE_DIR = "/home/pyodide/cj"; // where the archive is unpacked in Pyodide's filesystem

function progress(stage) {
  // `at`: when, on the wall clock shared with the page (for the benchmark's stage timings).
  postMessage({ type: "progress", stage, at: performance.timeOrigin + performance.now() });
}

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url}`);
  return response;
}

async function fetchEngineArchive() {
  const manifest = await (await fetchOk(MANIFEST, "engine manifest")).json();
  // manifest.engine is "engine.zip?v=<content hash>", relative to the manifest.
  const response = await fetchOk(new URL(manifest.engine, MANIFEST), "engine archive");
  return response.arrayBuffer();
}

// Pyodide does not give up when one of its files fails to download: it logs a warning and
// waits for ever. Every fetch made while booting is therefore watched, and the first failed
// one (network error or HTTP error) fails the boot, so the page can say so.
let bootFailed = null;
const failedFetch = new Promise((_, reject) => {
  bootFailed = reject;
});
failedFetch.catch(() => {});
const realFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const response = realFetch(input, init);
  response.then(
    (answer) => answer.ok || bootFailed(new Error(`HTTP ${answer.status} for ${answer.url}`)),
    (error) => bootFailed(new Error(`${error.message} for ${String(input)}`)),
  );
  return response;
};

async function boot() {
  progress("runtime");
  // The engine archive is small: fetch it while Pyodide downloads and compiles.
  const archive = fetchEngineArchive();
  archive.catch(() => {}); // awaited below; avoid an "unhandled rejection" log meanwhile
  const { loadPyodide } = await import(PYODIDE_DIR + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR,
    // Package downloads would otherwise fall back to the CDN; we load no package, and any
    // attempt must stay on this site.
    packageBaseUrl: PYODIDE_DIR,
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
