// Offline after one visit, the game included: every page loads this module once its service
// worker is registered (the few bytes scripts/hooks/offline.py writes before </body>).
//
// - The notice: a line in the footer says what works offline on this device and what the
//   rules engine costs to download ("5.3 MB"), in the page's language (#cj-offline-strings):
//   waiting, saving (with progress), saved, save_data, failed, offline.
// - The background download: when the engine is not saved yet, the browser is idle and the
//   connection is neither Save-Data nor metered, the page asks the service worker to save the
//   engine's files (Pyodide and the engine archive: "save-engine", scripts/hooks/service-worker.js).
// - The first use after it: once the files are saved, at idle again, the engine starts once in
//   its worker to store its memory snapshot (engine-client.js prepareSnapshot), so that the
//   reader's first Practice, Puzzle or example starts from it.
//
// Hooks kept for tests: .cj-offline[data-state] (the notice's state), and the performance
// mark cj-engine-prepared (its detail: the stored snapshot's size) once the snapshot is made.

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {typeof import("./engine-files.js")} */
const { engineManifest, engineSaved, megabytes } = await import(new URL("engine-files.js" + VERSION, HERE).href);

/**
 * What scripts/hooks/offline.py writes into #cj-offline-strings: the page's language, the
 * catalogue's "{n} MB", and one message per state of the notice (waiting, saving, saved...).
 * @typedef {Record<string, string | undefined>} OfflineStrings
 */

/** @returns {OfflineStrings} */
function pageStrings() {
  try {
    return JSON.parse(document.getElementById("cj-offline-strings")?.textContent ?? "{}");
  } catch {
    return {};
  }
}

// A connection the reader pays for, or asked to spare: the engine then waits for its first use.
// navigator.connection exists in Chromium-based browsers only; elsewhere nothing tells.
// "cellular" counts as metered (the Network Information API has no metered flag any more),
// and so does a 2G connection: 5 MB there would slow every page the reader opens.
/** @param {NetworkInformation | undefined} connection */
export function constrainedConnection(connection = navigator.connection) {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.metered === true ||
    connection.type === "cellular" ||
    /(^|-)2g$/.test(connection.effectiveType ?? "")
  );
}

/** @param {IdleRequestCallback} callback */
const whenIdle = (callback) =>
  (globalThis.requestIdleCallback ?? ((next) => setTimeout(next, 1000)))(callback, { timeout: 10_000 });

class OfflineNotice {
  /**
   * @param {OfflineStrings} strings
   * @param {import("./engine-files.js").EngineManifest} manifest
   */
  constructor(strings, manifest) {
    this.strings = strings;
    this.manifest = manifest;
    this.size = megabytes(manifest.download_bytes, strings.lang, strings.megabytes);
    this.element = document.createElement("p");
    this.element.className = "cj-offline";
    const footer = document.querySelector(".md-footer-meta__inner .md-copyright") ?? document.querySelector("footer");
    footer?.append(this.element);
  }

  /** @param {string} state */
  show(state, fraction = 0) {
    const template = this.strings[state];
    if (!template) return;
    const done = megabytes(fraction * this.manifest.download_bytes, this.strings.lang, this.strings.megabytes);
    this.element.dataset.state = state;
    this.element.textContent = template.replace("{size}", this.size).replace("{done}", done);
  }
}

/** @param {import("./engine-files.js").EngineManifest} manifest */
async function prepareSnapshot(manifest) {
  /** @type {typeof import("./engine-client.js")} */
  const client = await import(new URL("engine-client.js" + VERSION, HERE).href);
  await new Promise((resolve) => whenIdle(resolve));
  const prepare = () => client.prepareSnapshot(manifest.snapshot_cache);
  // One tab at a time: the others then find the snapshot stored and do nothing.
  await (navigator.locks ? navigator.locks.request("cj-engine-snapshot", prepare) : prepare());
}

async function main() {
  const registration = await navigator.serviceWorker.ready;
  const manifest = await engineManifest();
  if (!manifest) return;
  const notice = new OfflineNotice(pageStrings(), manifest);
  const saved = () => {
    notice.show("saved");
    prepareSnapshot(manifest).catch(() => {}); // a later start is only slower without it
  };
  navigator.serviceWorker.addEventListener("message", (event) => {
    const message = event.data ?? {};
    if (message.type === "engine-saving") notice.show("saving", message.fraction);
    else if (message.type === "engine-saved") saved();
    else if (message.type === "engine-save-failed") notice.show("failed");
  });
  const decide = async () => {
    const state = await engineSaved(manifest);
    if (state === true) saved();
    else if (state === null) return; // no Cache Storage: nothing is saved, nothing promised
    else if (!navigator.onLine) notice.show("offline");
    else if (constrainedConnection()) notice.show("save_data");
    else {
      notice.show("waiting");
      whenIdle(() => (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ type: "save-engine" }));
    }
  };
  await decide();
  // Offline now, online later on the same page: the download can start then.
  addEventListener("online", () => {
    if (notice.element.dataset.state === "offline") decide();
  });
}

if ("serviceWorker" in navigator) main().catch(() => {});
