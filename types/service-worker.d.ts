// The values scripts/hooks/offline.py writes into site/sw.js in place of these names (the
// service worker's source, scripts/hooks/service-worker.js, is not runnable before that).
// Type checking only (tsconfig.sw.json): the site never loads this file.

/** Every file this build pre-caches, site-relative. */
declare const __PRECACHE__: string[];
/** What the engine needs, site-relative, with each file's size in bytes. */
declare const __ENGINE_FILES__: [path: string, bytes: number][];
