// @ts-check
// The Learn course's progress in localStorage: the stars of each level the reader finished,
// `{"version": 1, "levels": {"<level id>": {"stars": 1|2|3}}}` under `cj-learn-progress`.
// The practice page (the coached deal and first match of the course) writes the same key, so
// level ids this page does not know are kept as they are. Every load is checked: a value that
// is not this format is dropped and the caller told (`dropped`), to say so in the page's
// language; the course then starts afresh rather than failing.

/**
 * @typedef {{ stars: 1 | 2 | 3 }} LevelProgress
 * @typedef {{ version: 1, levels: Record<string, LevelProgress> }} Progress
 */

export const KEY = "cj-learn-progress";
export const VERSION = 1;

/** @returns {Progress} */
export function emptyProgress() {
  return { version: VERSION, levels: {} };
}

/**
 * The progress in `data`, or null when it is not this format (any level with bad stars
 * spoils the whole value: a partly damaged value cannot be trusted).
 * @param {unknown} data
 * @returns {Progress | null}
 */
export function checkProgress(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const { version, levels } = /** @type {{ version?: unknown, levels?: unknown }} */ (data);
  if (version !== VERSION || !levels || typeof levels !== "object" || Array.isArray(levels)) return null;
  /** @type {Record<string, LevelProgress>} */
  const clean = {};
  for (const [id, entry] of Object.entries(levels)) {
    const stars = entry && typeof entry === "object" ? /** @type {{ stars?: unknown }} */ (entry).stars : undefined;
    if (stars !== 1 && stars !== 2 && stars !== 3) return null;
    clean[id] = { stars };
  }
  return { version: VERSION, levels: clean };
}

/** @returns {{ value: Progress, dropped: boolean }} */
export function loadProgress() {
  /** @type {string | null} */
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return { value: emptyProgress(), dropped: false }; // no storage: the course works, it forgets
  }
  if (text === null) return { value: emptyProgress(), dropped: false };
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  const value = checkProgress(data);
  if (value) return { value, dropped: false };
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing more to do: the value is ignored anyway
  }
  return { value: emptyProgress(), dropped: true };
}

/** @param {Progress} progress */
export function saveProgress(progress) {
  try {
    localStorage.setItem(KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false; // storage full or forbidden: the page still works, it just forgets
  }
}

// Record a finished level: its best stars so far are kept (a retry never loses a star). The
// stored value is read again first, so what the practice page wrote meanwhile is not lost.
/**
 * @param {string} id
 * @param {1 | 2 | 3} stars
 * @returns {Progress}
 */
export function recordStars(id, stars) {
  const progress = loadProgress().value;
  const before = progress.levels[id]?.stars ?? 0;
  if (stars > before) progress.levels[id] = { stars };
  saveProgress(progress);
  return progress;
}

/** @returns {Progress} */
export function resetProgress() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored to remove
  }
  return emptyProgress();
}
