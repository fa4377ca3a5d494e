// Pyodide memory snapshots of the started engine, kept in Cache Storage (used by
// engine-worker.js only).
//
// Starting Pyodide (compiling its WebAssembly, starting Python, importing the engine) costs
// seconds of CPU at every visit, even when every byte is already cached. A snapshot is a copy
// of Pyodide's memory taken once the engine is imported and before it has answered anything;
// restoring it skips Python's start and the engine's import.
//
// - Where: one cache per Pyodide version and engine archive, named by the build in the engine
//   manifest (`snapshot_cache`, e.g. "cj-snapshot-314.0.8-engine-1a2b3c4d5e6f"). A new build
//   with another engine never finds the old snapshot: it looks in another cache. The old
//   caches are deleted once the new snapshot is stored, and by the service worker when a new
//   build activates (scripts/hooks/service-worker.js keeps only the current one).
// - What: Pyodide's memory is about 30 MB, half of it pages of zeros. Stored are the pages
//   that are not all zeros, a map of which they are, and a SHA-256 of all that: a snapshot
//   damaged on disk is detected before Pyodide sees it, dropped, and the engine starts cold.
//   (Pyodide itself refuses a snapshot of another Pyodide build.)
//
// Layout: "CJS1", u32 memory length, u32 page size, 32 bytes SHA-256 of what follows,
// then one byte per page (1: stored, 0: zeros), then the stored pages in order.

const MAGIC = 0x31534a43; // "CJS1" read as a little-endian u32
const PAGE = 4096;
const HEADER = 12 + 32;
const KEY = "snapshot.bin"; // the entry's name inside its cache (never fetched)

function usable() {
  return typeof caches !== "undefined" && typeof crypto !== "undefined" && !!crypto.subtle;
}

/** @param {URL | string} base */
function keyUrl(base) {
  return new URL(KEY, base).href;
}

// Pages of zeros left out; returns the bytes to store.
/** @param {Uint8Array} memory */
export async function encodeSnapshot(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const map = new Uint8Array(pages);
  let stored = 0;
  const words = new Uint32Array(memory.buffer, memory.byteOffset, Math.floor(memory.length / 4));
  for (let page = 0; page < pages; page++) {
    const start = (page * PAGE) / 4;
    const end = Math.min(start + PAGE / 4, words.length);
    let zeros = true;
    for (let i = start; i < end; i++) {
      if (words[i] !== 0) {
        zeros = false;
        break;
      }
    }
    // A last partial page's tail bytes (length not a multiple of 4) are checked apart.
    if (zeros && page === pages - 1) {
      for (let i = end * 4; i < memory.length; i++) if (memory[i] !== 0) zeros = false;
    }
    if (!zeros) {
      map[page] = 1;
      stored++;
    }
  }
  const body = new Uint8Array(pages + stored * PAGE);
  body.set(map);
  let at = pages;
  for (let page = 0; page < pages; page++) {
    if (!map[page]) continue;
    const chunk = memory.subarray(page * PAGE, Math.min((page + 1) * PAGE, memory.length));
    body.set(chunk, at);
    at += PAGE;
  }
  const out = new Uint8Array(HEADER + body.length);
  const header = new DataView(out.buffer);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, memory.length, true);
  header.setUint32(8, PAGE, true);
  out.set(new Uint8Array(await crypto.subtle.digest("SHA-256", body)), 12);
  out.set(body, HEADER);
  return out;
}

// The memory back, or an Error naming what is wrong with the stored bytes.
/**
 * @param {Uint8Array<ArrayBuffer>} stored
 * @returns {Promise<Uint8Array | Error>}
 */
export async function decodeSnapshot(stored) {
  if (stored.length < HEADER) return new Error("snapshot too short");
  const header = new DataView(stored.buffer, stored.byteOffset, HEADER);
  if (header.getUint32(0, true) !== MAGIC) return new Error("not a snapshot");
  const length = header.getUint32(4, true);
  if (header.getUint32(8, true) !== PAGE) return new Error("snapshot page size differs");
  const body = stored.subarray(HEADER);
  const pages = Math.ceil(length / PAGE);
  const storedPages = body.length > pages ? (body.length - pages) / PAGE : -1;
  if (!Number.isInteger(storedPages) || storedPages < 0) return new Error("snapshot length is wrong");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  const expected = stored.subarray(12, HEADER);
  if (!digest.every((byte, i) => byte === expected[i])) return new Error("snapshot damaged (checksum)");
  const map = body.subarray(0, pages);
  let count = 0;
  for (const flag of map) count += flag;
  if (count !== storedPages) return new Error("snapshot page map is wrong");
  const memory = new Uint8Array(length);
  let at = pages;
  for (let page = 0; page < pages; page++) {
    if (!map[page]) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    memory.set(body.subarray(at, at + size), page * PAGE);
    at += PAGE;
  }
  return memory;
}

// The stored snapshot (a Response, not read yet), or null: none stored, or no Cache Storage.
/**
 * @param {string | undefined} cacheName
 * @param {URL | string} base
 * @returns {Promise<Response | null>}
 */
export async function findSnapshot(cacheName, base) {
  if (!usable() || !cacheName) return null;
  try {
    const cache = await caches.open(cacheName);
    return (await cache.match(keyUrl(base))) ?? null;
  } catch {
    return null; // Cache Storage refused (private mode, storage disabled): start cold
  }
}

// The memory a found snapshot holds; rejects with an Error saying what is wrong with it.
/** @param {Response} response */
export async function snapshotMemory(response) {
  const memory = await decodeSnapshot(new Uint8Array(await response.arrayBuffer()));
  if (memory instanceof Error) throw memory;
  return memory;
}

/** @param {string | undefined} cacheName */
export async function dropSnapshot(cacheName) {
  if (!usable() || !cacheName) return;
  try {
    await caches.delete(cacheName);
  } catch {
    // Cache Storage unavailable (private mode, quota): nothing stored, nothing to drop.
  }
}

// Store a snapshot; delete every other engine's. Returns the stored size in bytes (0 when
// Cache Storage is not there or refuses it: the next start is then a cold start again).
/**
 * @param {string | undefined} cacheName
 * @param {URL | string} base
 * @param {Uint8Array} memory
 */
export async function storeSnapshot(cacheName, base, memory) {
  if (!usable() || !cacheName) return 0;
  const bytes = await encodeSnapshot(memory);
  try {
    const cache = await caches.open(cacheName);
    await cache.put(
      keyUrl(base),
      new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }),
    );
    for (const name of await caches.keys()) {
      if (name.startsWith("cj-snapshot-") && name !== cacheName) await caches.delete(name);
    }
    return bytes.length;
  } catch {
    await caches.delete(cacheName).catch(() => {}); // never leave half a snapshot behind
    return 0;
  }
}
