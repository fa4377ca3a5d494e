// What the practice page keeps in localStorage, versioned and checked before use.
//
// Three entries, each {"v": 2, ...}:
//   cj-practice-match  {v, record, counted, log, learn, luck}  the match in progress (the engine's
//                                                      record), whether it is in the statistics, the
//                                                      play log, the course level it plays, if any:
//                                                      learn = {id, refused, done} or null, and each
//                                                      finished deal's luck split, by deal index:
//                                                      luck[i] = {result, luck, adjusted} (the
//                                                      reader's, from the engine's practice.luck), or
//                                                      null while deal i is not measured
//   cj-practice-stats  {v, buckets: {"level/rules": {played, won, points, streak, best}}}
//                      rules: the engine's link form of the match's rules, "standard" or
//                      "standard,target:2,turned_jack:true": house rules and short targets
//                      are counted apart from the preset they start from
//   cj-practice-prefs  {v, show_values, level, speed, autoplay, menus, setup, coach}
//                      coach: the reader's choice (true/false), or null: on until the course is done
//
// The Learn course's progress (cj-learn-progress) is learn-store.js's: practice.js reads it
// through that module to know whether the course is finished, and adds the stars of the
// course levels it plays.
//
// Anything that does not pass the checks is dropped (the entry is removed) and reported to the
// caller, which shows a translated notice; play goes on either way. Storage that is full or
// disabled only means nothing survives a reload. Entries of the first version (no "v") are
// carried over where they still make sense: the match record and the preferences as they were,
// the old overall results into an "earlier" bucket, since they never said level or rules.

/**
 * The set-up form as the reader left it.
 * @typedef {{ preset: string, target: number, options: Record<string, string | boolean> }} Setup
 * @typedef {object} Prefs
 * @property {number} v
 * @property {boolean} show_values
 * @property {string | null} level
 * @property {string} speed
 * @property {boolean} autoplay
 * @property {boolean} menus
 * @property {Setup | null} setup
 * @property {boolean | null} coach
 */
/**
 * One line of the statistics: the matches of one level under one set of rules.
 * @typedef {{ played: number, won: number, points: number, streak: number, best: number }} Bucket
 * @typedef {{ v: number, buckets: Record<string, Bucket> }} Stats
 */
/**
 * A log entry: one of the engine's events ({kind, ...}) or the page's own ("resumed", "undo").
 * @typedef {{ kind: string, [field: string]: unknown }} LogEntry
 * The course level a match plays (practice/#learn=<id>): its id, the cards the rules refused so
 * far, and whether its stars are written.
 * @typedef {{ id: string, refused: number, done: boolean }} LearnPlay
 * One deal's luck split for the reader (op "practice.luck"): the net points as played, what luck
 * gave, and the result adjusted for luck (result - luck).
 * @typedef {{ result: number, luck: number, adjusted: number }} LuckSplit
 * @typedef {{ v: number, record: Record<string, unknown>, counted: boolean, log: LogEntry[], learn: LearnPlay | null, luck: (LuckSplit | null)[] }} SavedMatch
 */
/**
 * What a load found: the clean value, and whether something stored had to be dropped.
 * @template T
 * @typedef {{ value: T, dropped: boolean }} Loaded
 */
/**
 * The saved match as loaded: also whether its luck splits had to be dropped (the match survives).
 * @typedef {Loaded<SavedMatch | null> & { luckDropped: boolean }} LoadedMatch
 */

export const VERSION = 2;
export const KEYS = { match: "cj-practice-match", stats: "cj-practice-stats", prefs: "cj-practice-prefs" };
export const LOG_LIMIT = 120;
export const EARLIER = "earlier";
const COUNTERS = ["played", "won", "points", "streak", "best"];

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
/** @param {unknown} value */
const isCount = (value) => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * @param {string} key
 * @returns {{ found: boolean, value?: unknown, broken?: boolean }}
 */
function read(key) {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return { found: false };
    return { found: true, value: JSON.parse(text) };
  } catch {
    return { found: true, broken: true };
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
    return false;
  }
}

/** @param {string} key */
function drop(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to drop.
  }
}

// Read `key` through `check` (which returns the clean value, or null when it cannot be used).
// -> { value, dropped }: `dropped` is true when something was stored but could not be used.
/**
 * @template T
 * @param {string} key
 * @param {(value: unknown) => T | null} check
 * @param {() => T} fallback
 * @returns {Loaded<T>}
 */
function load(key, check, fallback) {
  const stored = read(key);
  if (!stored.found) return { value: fallback(), dropped: false };
  const value = stored.broken ? null : check(stored.value);
  if (value === null) {
    drop(key);
    return { value: fallback(), dropped: true };
  }
  return { value, dropped: false };
}

// ----- preferences ------------------------------------------------------------------------------

/** @returns {Prefs} */
export function defaultPrefs() {
  return { v: VERSION, show_values: true, level: null, speed: "normal", autoplay: false, menus: false, setup: null, coach: null };
}

// `allowed` = { levels: [...], speeds: [...], presets: [...], options: {key: [values]} }.
/**
 * @param {{ levels: string[], speeds: string[], presets: string[], options: Record<string, (string | boolean)[]> }} allowed
 * @returns {Loaded<Prefs>}
 */
export function loadPrefs(allowed) {
  let partial = false;
  /** @param {unknown} value */
  const check = (value) => {
    if (!isObject(value) || (value.v !== undefined && value.v !== VERSION)) return null;
    const prefs = defaultPrefs();
    /**
     * @param {keyof Prefs} name
     * @param {(x: unknown) => boolean} ok
     */
    const take = (name, ok) => {
      if (!(name in value)) return;
      if (ok(value[name])) /** @type {Record<string, unknown>} */ (prefs)[name] = value[name];
      else partial = true;
    };
    take("show_values", (x) => typeof x === "boolean");
    take("autoplay", (x) => typeof x === "boolean");
    take("menus", (x) => typeof x === "boolean");
    take("coach", (x) => typeof x === "boolean" || x === null);
    take("level", (x) => typeof x === "string" && allowed.levels.includes(x));
    take("speed", (x) => typeof x === "string" && allowed.speeds.includes(x));
    take("setup", (x) => isObject(x) && typeof x.preset === "string" && allowed.presets.includes(x.preset) && (x.target === undefined || (typeof x.target === "number" && Number.isSafeInteger(x.target) && x.target >= 1 && x.target <= 99)));
    if (prefs.setup) {
      /** @type {Setup} */
      const setup = { preset: prefs.setup.preset, target: prefs.setup.target ?? 10, options: {} };
      const saved = /** @type {Record<string, unknown>} */ (value.setup); // checked by take("setup")
      for (const [key, values] of Object.entries(allowed.options)) {
        const option = isObject(saved.options) ? saved.options[key] : undefined;
        if (option === undefined) continue;
        const known = values.find((allowedValue) => allowedValue === option);
        if (known !== undefined) setup.options[key] = known;
        else partial = true;
      }
      prefs.setup = setup;
    }
    return prefs;
  };
  const result = load(KEYS.prefs, check, defaultPrefs);
  return { ...result, dropped: result.dropped || partial };
}

/** @param {Prefs} prefs */
export function savePrefs(prefs) {
  return write(KEYS.prefs, { ...prefs, v: VERSION });
}

// ----- statistics -------------------------------------------------------------------------------

/** @returns {Stats} */
export function emptyStats() {
  return { v: VERSION, buckets: {} };
}

/**
 * @param {unknown} bucket
 * @returns {Bucket | null}
 */
function cleanBucket(bucket) {
  if (!isObject(bucket) || !COUNTERS.every((name) => isCount(bucket[name] ?? 0))) return null;
  const clean = /** @type {Bucket} */ (Object.fromEntries(COUNTERS.map((name) => [name, bucket[name] ?? 0])));
  if (clean.won > clean.played || clean.streak > clean.won || clean.best < clean.streak || clean.best > clean.won) return null;
  return clean;
}

// The rules part of a bucket's name: a preset, then `key:value` for each rule that differs
// (engine/surfaces/practice_api.py rules_text). `allowed.keys` are the engine's rule keys.
/**
 * @param {unknown} text
 * @param {{ presets: string[], keys: string[] }} allowed
 * @returns {{ preset: string, differences: [string, string][] } | null}
 */
export function rulesOf(text, allowed) {
  const [preset, ...options] = String(text).split(",");
  if (!allowed.presets.includes(preset)) return null;
  /** @type {[string, string][]} */
  const differences = [];
  for (const option of options) {
    const match = /^([a-z_]+):([a-z0-9_-]{1,20})$/.exec(option);
    if (!match || !allowed.keys.includes(match[1])) return null;
    differences.push([match[1], match[2]]);
  }
  return { preset, differences };
}

// The statistics in `value` (stored JSON) if this page can use them, else null. Also checks a
// file being imported (your-data.js). `allowed` = { levels, presets, keys }: a bucket is "level/rules".
/**
 * @param {unknown} value
 * @param {{ levels: readonly string[], presets: string[], keys: string[] }} allowed
 * @returns {Stats | null}
 */
export function checkStats(value, allowed) {
  if (!isObject(value)) return null;
  if (value.v === undefined) {
    // The first version kept one total {played, won, points}.
    const old = cleanBucket({ played: value.played, won: value.won, points: value.points, streak: 0, best: 0 });
    return old && old.played ? { v: VERSION, buckets: { [EARLIER]: old } } : null;
  }
  if (value.v !== VERSION || !isObject(value.buckets)) return null;
  /** @type {Record<string, Bucket>} */
  const buckets = {};
  for (const [name, bucket] of Object.entries(value.buckets)) {
    const [level, preset, extra] = name.split("/");
    const known = name === EARLIER || (extra === undefined && allowed.levels.includes(level) && rulesOf(preset ?? "", allowed) !== null);
    const clean = cleanBucket(bucket);
    if (!known || clean === null) return null;
    buckets[name] = clean;
  }
  return { v: VERSION, buckets };
}

/**
 * @param {{ levels: readonly string[], presets: string[], keys: string[] }} allowed
 * @returns {Loaded<Stats>}
 */
export function loadStats(allowed) {
  return load(KEYS.stats, (value) => checkStats(value, allowed), emptyStats);
}

// Count one finished match into `stats` (a fresh object is returned) and save it.
/**
 * @param {Stats} stats
 * @param {{ level: string, rules: string, won: boolean, points: number }} match
 * @returns {Stats}
 */
export function countMatch(stats, { level, rules, won, points }) {
  const name = `${level}/${rules}`;
  const bucket = { ...(stats.buckets[name] ?? { played: 0, won: 0, points: 0, streak: 0, best: 0 }) };
  bucket.played += 1;
  bucket.won += won ? 1 : 0;
  bucket.points += Math.max(0, points);
  bucket.streak = won ? bucket.streak + 1 : 0;
  bucket.best = Math.max(bucket.best, bucket.streak);
  const next = { v: VERSION, buckets: { ...stats.buckets, [name]: bucket } };
  write(KEYS.stats, next);
  return next;
}

export function resetStats() {
  drop(KEYS.stats);
  return emptyStats();
}

// ----- the match in progress --------------------------------------------------------------------

// The engine writes a split's figures to 4 decimals (engine/analysis/luck.py DECIMALS): its
// adjusted result is its result minus its luck within that rounding.
const SPLIT_ROUNDING = 1e-3;

/** @param {unknown} value */
const isFiniteNumber = (value) => typeof value === "number" && Number.isFinite(value);

// The luck splits in `value` (one per deal index: a split, or null for a deal not measured) if
// they have the shape the page writes, for a match of `deals` deals; else null.
/**
 * @param {unknown} value
 * @param {number} deals
 * @returns {(LuckSplit | null)[] | null}
 */
export function checkLuck(value, deals) {
  if (!Array.isArray(value) || value.length > deals) return null;
  /** @type {(LuckSplit | null)[]} */
  const splits = [];
  for (const split of value) {
    if (split === null) {
      splits.push(null);
      continue;
    }
    if (!isObject(split) || !Number.isSafeInteger(split.result) || !isFiniteNumber(split.luck) || !isFiniteNumber(split.adjusted)) return null;
    const [result, luck, adjusted] = /** @type {number[]} */ ([split.result, split.luck, split.adjusted]);
    if (Math.abs(result - luck - adjusted) > SPLIT_ROUNDING) return null;
    splits.push({ result, luck, adjusted });
  }
  return splits;
}

// The log entries are the engine's events ({kind, ...}) and two of the page's own ("resumed",
// "undo"); each is checked again when it is shown, so a bad one is skipped, not fatal.
// A damaged course part or luck part is dropped on its own (`luckDropped` says the second, which
// the page tells the reader); a match without the shape this page writes is null.
/**
 * @param {unknown} value
 * @returns {{ match: SavedMatch, luckDropped: boolean } | null}
 */
function cleanMatch(value) {
  if (!isObject(value) || !isObject(value.record)) return null;
  if (value.v !== undefined && value.v !== VERSION) return null;
  const log = Array.isArray(value.log) ? value.log.filter((entry) => isObject(entry) && typeof entry.kind === "string").slice(-LOG_LIMIT) : [];
  const learn = value.learn;
  // A damaged course part only loses the level's stars, never the match.
  const played = isObject(learn) && typeof learn.id === "string" && learn.id.length <= 100 && isCount(learn.refused) && typeof learn.done === "boolean"
    ? { id: learn.id, refused: /** @type {number} */ (learn.refused), done: learn.done }
    : null;
  // A damaged luck part only loses the splits: the page measures the deals again.
  const deals = Array.isArray(value.record.deals) ? value.record.deals.length : 0;
  const luck = value.luck === undefined ? [] : checkLuck(value.luck, deals);
  return {
    match: { v: VERSION, record: value.record, counted: value.counted === true, log, learn: played, luck: luck ?? [] },
    luckDropped: luck === null,
  };
}

// The saved match in `value` (stored JSON) if it has the shape this page writes, else null. Also
// checks a file being imported (your-data.js); the engine checks the record itself when it replays it.
/**
 * @param {unknown} value
 * @returns {SavedMatch | null}
 */
export function checkMatch(value) {
  return cleanMatch(value)?.match ?? null;
}

/** @returns {LoadedMatch} */
export function loadMatch() {
  let luckDropped = false;
  const loaded = load(KEYS.match, (value) => {
    const clean = cleanMatch(value);
    luckDropped = clean?.luckDropped ?? false;
    return clean?.match ?? null;
  }, () => null);
  return { ...loaded, luckDropped };
}

/** @param {{ record: Record<string, unknown>, counted: boolean, log: LogEntry[], learn: LearnPlay | null, luck: (LuckSplit | null)[] }} match */
export function saveMatch(match) {
  return write(KEYS.match, { v: VERSION, record: match.record, counted: Boolean(match.counted), log: match.log.slice(-LOG_LIMIT), learn: match.learn, luck: match.luck });
}

export function dropMatch() {
  drop(KEYS.match);
}
