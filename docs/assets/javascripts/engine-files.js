// The rules engine's files, and whether this device has them saved for offline use.
//
// The engine manifest (assets/engine/manifest.json, written by scripts/hooks/pyodide_assets.py)
// lists every file the engine needs (`files`: Pyodide's and the engine archive, relative to
// the manifest, with their sizes) and what they cost to download (`download_bytes`). The
// service worker pre-caches the manifest with the pages, so it answers offline too.
// Used by offline.js (the footer's offline notice and the background download) and by
// engine-client.js (why the engine could not load). No side effect on import.

/**
 * The engine manifest as scripts/hooks/pyodide_assets.py writes it.
 * @typedef {object} EngineManifest
 * @property {string} pyodide            Pyodide's version ("314.0.8")
 * @property {string} pyodide_dir        Pyodide's folder, relative to the manifest
 * @property {string} engine             the engine archive's file name
 * @property {number} bytes              the engine archive's size
 * @property {import("pyodide").LockfileInfo} lock_info  Pyodide's lock-file header
 * @property {Record<string, number>} boot_bytes  Pyodide's files a start downloads, by name
 * @property {string} snapshot_cache     the Cache Storage name of this build's memory snapshot
 * @property {Record<string, number>} files  every file the engine needs, relative to the manifest
 * @property {number} download_bytes     what those files cost to download (compressed)
 */

const HERE = new URL(import.meta.url);
export const MANIFEST_URL = new URL("../engine/manifest.json" + HERE.search, HERE);

/** @type {Promise<EngineManifest | null> | null} */
let manifestRead = null;

// The manifest (an object), or null when it cannot be read (no service worker, offline).
/** @returns {Promise<EngineManifest | null>} */
export function engineManifest() {
  manifestRead ??= fetch(MANIFEST_URL)
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)
    .then((manifest) => {
      if (!manifest || typeof manifest.files !== "object") manifestRead = null; // ask again later
      return manifest && typeof manifest.files === "object" ? manifest : null;
    });
  return manifestRead;
}

// true: every engine file is in Cache Storage (the engine starts offline); false: one is
// missing; null: cannot tell (no manifest, no Cache Storage).
/**
 * @param {EngineManifest | null} manifest
 * @returns {Promise<boolean | null>}
 */
export async function engineSaved(manifest) {
  if (!manifest || typeof caches === "undefined") return null;
  try {
    for (const path of Object.keys(manifest.files)) {
      if (!(await caches.match(new URL(path, MANIFEST_URL).href))) return false;
    }
    return true;
  } catch {
    return null; // Cache Storage refused (private mode, storage disabled)
  }
}

// "5.3 MB" in the page's language: template is the catalogue's offline.megabytes ("{n} MB",
// "{n} Mo"), bytes counted in millions as download sizes are.
/**
 * @param {number} bytes
 * @param {string | undefined} lang
 * @param {string | undefined} template
 */
export function megabytes(bytes, lang, template) {
  const number = new Intl.NumberFormat(lang || "en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (template || "{n} MB").replace("{n}", number.format(bytes / 1e6));
}
