// Pure functions of the puzzles page (no DOM, no storage), so Node can test them:
// the puzzle of the day, the reader's Glicko-2 rating, and the checks on saved progress.

// The same pick as engine/analysis/puzzles.py `daily_index`: day n after DAILY_EPOCH (UTC) shows puzzle
// (n * DAILY_STEP) mod count. tests/engine/test_puzzles.py runs both and compares.
/**
 * A Glicko-2 rating.
 * @typedef {{ rating: number, rd: number, volatility: number }} Rating
 * @typedef {{ rating: number, rd: number, score: number }} Game
 */
/**
 * The reader's progress as saved.
 * @typedef {object} Progress
 * @property {number} version
 * @property {Rating} player
 * @property {number} streak
 * @property {number} bestStreak
 * @property {string[]} solved
 * @property {string[]} failed
 */
/** @typedef {{ version: number, theme: string, level: string }} Filters */
/**
 * A personal puzzle: a deal record stopped before one of the reader's cards.
 * @typedef {object} PersonalPuzzle
 * @property {string} id
 * @property {{ plays: string[], [field: string]: unknown }} record
 * @property {number} seat
 * @property {string | null} played
 * @property {number | null} [trick]
 * @typedef {{ version: number, puzzles: PersonalPuzzle[] }} Personal
 */

export const DAILY_EPOCH_UTC = Date.UTC(2026, 0, 1);
export const DAILY_STEP = 7919;
const DAY_MS = 86_400_000;

/** @param {Date} date */
export function utcDay(date) {
  return Math.floor((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - DAILY_EPOCH_UTC) / DAY_MS);
}

/**
 * @param {Date} date
 * @param {number} count
 */
export function dailyIndex(date, count) {
  if (!(count > 0)) throw new RangeError("there are no puzzles");
  // BigInt: day * step stays exact for any date, and % is made non-negative as in Python.
  const n = BigInt(count);
  const r = (BigInt(utcDay(date)) * BigInt(DAILY_STEP)) % n;
  return Number((r + n) % n);
}

// ----- Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) ----------------------------

export const GLICKO = { rating: 1500, rd: 350, volatility: 0.06, tau: 0.5, minRd: 45, maxRd: 350 };
// A puzzle's rating is measured (engine/analysis/puzzles.py), not refined here: a fixed deviation.
export const PUZZLE_RD = 100;
const SCALE = 173.7178;
const EPSILON = 1e-6;

// A rating is provisional while its deviation is above this (as on lichess): a new reader starts
// at GLICKO.rd, so the first answers move the rating by hundreds of points (1500 -> 1172 for a
// first miss at 1260). Measured with ratePuzzle on puzzles near the reader's rating: the
// deviation falls below it after 11 to 14 answers. The page explains it while it holds.
export const PROVISIONAL_RD = 110;

/** @param {Rating} player */
export function isProvisional(player) {
  return player.rd > PROVISIONAL_RD;
}

/** @returns {Rating} */
export function newRating() {
  return { rating: GLICKO.rating, rd: GLICKO.rd, volatility: GLICKO.volatility };
}

// One rating period: `player` {rating, rd, volatility} against `games` [{rating, rd, score}]
// (score 1 solved, 0 failed). Returns the new {rating, rd, volatility}.
/**
 * @param {Rating} player
 * @param {Game[]} games
 * @returns {Rating}
 */
export function glicko2(player, games, tau = GLICKO.tau) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (!games.length) {
    return { rating: player.rating, rd: Math.min(GLICKO.maxRd, SCALE * Math.sqrt(phi * phi + sigma * sigma)), volatility: sigma };
  }
  let vInverse = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const phiJ = game.rd / SCALE;
    const g = 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
    const e = 1 / (1 + Math.exp(-g * (mu - muJ)));
    vInverse += g * g * e * (1 - e);
    sum += g * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  // The new volatility: the root of f by the Illinois method (step 5 of the paper).
  const a = Math.log(sigma * sigma);
  const f = (/** @type {number} */ x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let guard = 0; Math.abs(B - A) > EPSILON && guard < 200; guard += 1) {
    /** @type {number} */
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const volatility = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: SCALE * muNew + 1500, rd: SCALE * phiNew, volatility };
}

// The reader's rating after one puzzle (a rating period of one game, as puzzle sites do),
// with the deviation kept within [minRd, maxRd] so it never freezes.
/**
 * @param {Rating} player
 * @param {number} puzzleRating
 * @param {boolean} solved
 * @returns {Rating}
 */
export function ratePuzzle(player, puzzleRating, solved) {
  const next = glicko2(player, [{ rating: puzzleRating, rd: PUZZLE_RD, score: solved ? 1 : 0 }]);
  return { ...next, rd: Math.min(GLICKO.maxRd, Math.max(GLICKO.minRd, next.rd)) };
}

// ----- saved progress -----------------------------------------------------------------------

export const PROGRESS_VERSION = 1;
export const PERSONAL_VERSION = 1;
export const PERSONAL_LIMIT = 200;
// What a stored id and a card code look like (also checked so by deck-store.js).
export const ID = /^[a-z0-9-]{1,40}$/;
export const CARD = /^[2-9TJQKA][SHDC]$/;

/**
 * @param {unknown} x
 * @param {number} low
 * @param {number} high
 */
function finite(x, low, high) {
  return typeof x === "number" && Number.isFinite(x) && x >= low && x <= high;
}

/** @returns {Progress} */
export function emptyProgress() {
  return { version: PROGRESS_VERSION, player: newRating(), streak: 0, bestStreak: 0, solved: [], failed: [] };
}

// The saved progress if it is exactly what this page writes, else null (the page drops it and
// says so). Never throws.
/**
 * @param {any} data stored JSON, checked field by field here
 * @returns {Progress | null}
 */
export function checkProgress(data) {
  if (!data || typeof data !== "object" || data.version !== PROGRESS_VERSION) return null;
  const p = data.player;
  if (!p || !finite(p.rating, 0, 4000) || !finite(p.rd, 0, 400) || !finite(p.volatility, 0, 1)) return null;
  if (!Number.isInteger(data.streak) || data.streak < 0 || !Number.isInteger(data.bestStreak) || data.bestStreak < data.streak) return null;
  for (const list of [data.solved, data.failed]) {
    if (!Array.isArray(list) || list.length > 100_000 || !list.every((id) => typeof id === "string" && ID.test(id))) return null;
  }
  return {
    version: PROGRESS_VERSION,
    player: { rating: p.rating, rd: p.rd, volatility: p.volatility },
    streak: data.streak,
    bestStreak: data.bestStreak,
    solved: [...data.solved],
    failed: [...data.failed],
  };
}

// ----- the puzzle filters ----------------------------------------------------------------------

export const FILTERS_VERSION = 1;

// The saved theme and difficulty if they are among `allowed` ({themes: [...], levels: [...]},
// "" meaning any), else null (the page drops them and says so). Never throws.
/**
 * @param {any} data stored JSON, checked field by field here
 * @param {{ themes: string[], levels: string[] }} allowed
 * @returns {Filters | null}
 */
export function checkFilters(data, allowed) {
  if (!data || typeof data !== "object" || data.version !== FILTERS_VERSION) return null;
  const { theme, level } = data;
  if (typeof theme !== "string" || (theme !== "" && !allowed.themes.includes(theme))) return null;
  if (typeof level !== "string" || (level !== "" && !allowed.levels.includes(level))) return null;
  return { version: FILTERS_VERSION, theme, level };
}

// A personal puzzle: a deal record stopped before one of the reader's cards, and the seat.
/**
 * @param {any} data stored JSON, checked field by field here
 * @returns {Personal | null}
 */
export function checkPersonal(data) {
  if (!data || typeof data !== "object" || data.version !== PERSONAL_VERSION || !Array.isArray(data.puzzles)) return null;
  if (data.puzzles.length > PERSONAL_LIMIT) return null;
  for (const puzzle of data.puzzles) {
    if (!puzzle || typeof puzzle !== "object" || typeof puzzle.id !== "string" || !ID.test(puzzle.id)) return null;
    if (!Number.isInteger(puzzle.seat) || puzzle.seat < 0 || puzzle.seat > 1) return null;
    const record = puzzle.record;
    if (!record || typeof record !== "object" || !Array.isArray(record.plays) || !record.plays.every((/** @type {unknown} */ c) => typeof c === "string" && CARD.test(c))) return null;
    if (puzzle.played !== null && puzzle.played !== undefined && !(typeof puzzle.played === "string" && CARD.test(puzzle.played))) return null;
  }
  return { version: PERSONAL_VERSION, puzzles: data.puzzles.map((/** @type {PersonalPuzzle} */ puzzle) => ({ ...puzzle })) };
}
