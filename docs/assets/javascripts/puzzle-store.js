// What the puzzles keep in localStorage: the reader's progress (Glicko-2 rating, streak, puzzles
// solved and missed), the filters last chosen (theme, difficulty), and personal puzzles saved
// from "Review the deal" on the practice page.
// Every load is checked (puzzle-rating.js): data this page did not write, or an older format,
// is dropped and the caller is told (`dropped`), so it can say so in the page's language.
//
// review.js imports this module on the practice page and calls window.CJPuzzles.savePersonal.

/**
 * @typedef {import("./puzzle-rating.js").Progress} Progress
 * @typedef {import("./puzzle-rating.js").Filters} Filters
 * @typedef {import("./puzzle-rating.js").Personal} Personal
 */
/**
 * What a load found: the clean value, and whether something stored had to be dropped.
 * @template T
 * @typedef {{ value: T, dropped: boolean }} Loaded
 */

const HERE = new URL(import.meta.url);
/** @type {typeof import("./puzzle-rating.js")} */
const rating = await import(new URL("puzzle-rating.js" + HERE.search, HERE).href);

export const KEYS = { progress: "cj-puzzles-progress", personal: "cj-puzzles-personal", filters: "cj-puzzles-filters" };

/**
 * @param {string} key
 * @returns {{ missing?: boolean, value?: unknown }}
 */
function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? { missing: true } : { value: JSON.parse(text) };
  } catch {
    return { value: undefined };
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or forbidden: the page still works, it just forgets
  }
}

/**
 * @template T
 * @param {string} key
 * @param {(data: unknown) => T | null} check
 * @param {() => T} empty
 * @returns {Loaded<T>}
 */
function load(key, check, empty) {
  const raw = read(key);
  if (raw.missing) return { value: empty(), dropped: false };
  const value = check(raw.value);
  if (value) return { value, dropped: false };
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing more to do
  }
  return { value: empty(), dropped: true };
}

// The theme and difficulty chosen last, kept across reloads: {version, theme, level}.
/**
 * @param {{ themes: string[], levels: string[] }} allowed
 * @returns {Loaded<Filters>}
 */
export function loadFilters(allowed) {
  return load(KEYS.filters, (data) => rating.checkFilters(data, allowed), () => ({ version: rating.FILTERS_VERSION, theme: "", level: "" }));
}

/** @param {{ theme: string, level: string }} filters */
export function saveFilters({ theme, level }) {
  return write(KEYS.filters, { version: rating.FILTERS_VERSION, theme, level });
}

/** @returns {Loaded<Progress>} */
export function loadProgress() {
  return load(KEYS.progress, rating.checkProgress, rating.emptyProgress);
}

/** @param {Progress} progress */
export function saveProgress(progress) {
  return write(KEYS.progress, progress);
}

export function resetProgress() {
  const fresh = rating.emptyProgress();
  write(KEYS.progress, fresh);
  return fresh;
}

/** @returns {Personal} */
const emptyPersonal = () => ({ version: rating.PERSONAL_VERSION, puzzles: [] });

/** @returns {Loaded<Personal>} */
export function loadPersonal() {
  return load(KEYS.personal, rating.checkPersonal, emptyPersonal);
}

// Save one of the reader's decisions as a personal puzzle: `record` stops before the card
// `played` (by `seat`, in trick `trick`). The same position is saved once. Returns the puzzle
// id, or null if it could not be saved.
/**
 * @param {{ record: { plays: string[], [field: string]: unknown }, seat: number, played?: string | null, trick?: number | null }} puzzle
 * @returns {string | null}
 */
export function savePersonal({ record, seat, played, trick }) {
  const { value } = loadPersonal();
  const plays = JSON.stringify(record.plays);
  const same = value.puzzles.find((p) => JSON.stringify(p.record.plays) === plays && JSON.stringify(p.record) === JSON.stringify(record));
  if (same) return same.id;
  const id = `my-${Date.now().toString(36)}-${value.puzzles.length}`;
  const puzzle = { id, record, seat, played: played ?? null, trick: trick ?? null };
  const next = { version: value.version, puzzles: [...value.puzzles, puzzle].slice(-rating.PERSONAL_LIMIT) };
  if (!rating.checkPersonal(next)) return null;
  return write(KEYS.personal, next) ? id : null;
}

/** @param {string} id */
export function deletePersonal(id) {
  const { value } = loadPersonal();
  write(KEYS.personal, { version: value.version, puzzles: value.puzzles.filter((p) => p.id !== id) });
}

/** @typedef {{ savePersonal: typeof savePersonal, loadPersonal: typeof loadPersonal }} PuzzlesApi */
window.CJPuzzles = { savePersonal, loadPersonal };
