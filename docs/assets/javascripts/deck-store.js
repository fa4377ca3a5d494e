// The mistakes deck in localStorage (issue 24): the positions where the reader went wrong, each
// with its place on the spaced steps (deck-schedule.js), and whether the practice page collects
// them after each deal. One entry, versioned and checked:
//
//   cj-deck  {version: 1, collect: true | false, positions: [Position]}
//
// A position is a deal record that ends with the reader's card at the decision (practice: the
// engine grades that card again when the position comes back), or a missed puzzle's record,
// which stops before it. A deck that does not pass the checks is dropped and the caller told
// (`dropped`), so the page says so in its language and play goes on; storage that is full or
// disabled only means the deck is not kept.

/**
 * @typedef {import("./deck-schedule.js").Schedule} Schedule
 * @typedef {"inaccuracy" | "mistake" | "blunder" | "missed"} DeckGrade
 */
/**
 * One position of the deck.
 * @typedef {object} Position
 * @property {string} id
 * @property {"practice" | "puzzle"} source
 * @property {{ plays: string[], [field: string]: unknown }} record
 *   practice: the deal record up to and with the reader's card (plays[index]); puzzle: the
 *   puzzle's record, stopping before the reader's card
 * @property {number} index         the decision's play index
 * @property {number} seat          the reader's seat
 * @property {string | null} played the card the reader played there
 * @property {string[]} best        the best cards, as the engine found them
 * @property {DeckGrade} grade      the review's grade, or "missed" for a puzzle
 * @property {string | null} puzzle the puzzle's id (puzzle positions)
 * @property {number | null} trick  the decision's trick (practice positions)
 * @property {number} added         when it came into the deck (ms since 1970)
 * @property {number} step          its step in deck-schedule.js STEPS_MS
 * @property {number} due           when it comes back (ms since 1970)
 * @typedef {{ version: number, collect: boolean, positions: Position[] }} Deck
 * @typedef {Omit<Position, "id" | "added" | "step" | "due">} NewPosition
 */
/**
 * @template T
 * @typedef {{ value: T, dropped: boolean }} Loaded
 */

const HERE = new URL(import.meta.url);
/** @type {[typeof import("./deck-schedule.js"), typeof import("./puzzle-rating.js")]} */
const [schedule, rating] = await Promise.all([
  import(new URL("deck-schedule.js" + HERE.search, HERE).href),
  import(new URL("puzzle-rating.js" + HERE.search, HERE).href),
]);

export const KEY = "cj-deck";
export const DECK_VERSION = 1;
// The oldest positions go first beyond this: a few hundred reviews are months of practice.
export const DECK_LIMIT = 300;
const GRADES = ["inaccuracy", "mistake", "blunder", "missed"];
// 100 years in ms: a time beyond this (or before 1970) was not written by this page.
const LATEST = 100 * 365 * 86_400_000 + Date.UTC(2026, 0, 1);

/** @returns {Deck} */
export function emptyDeck() {
  return { version: DECK_VERSION, collect: true, positions: [] };
}

/** @param {unknown} x */
const isTime = (x) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0 && x <= LATEST;
/** @param {unknown} x */
const isCard = (x) => typeof x === "string" && rating.CARD.test(x);

/**
 * @param {any} position stored JSON, checked field by field here
 * @returns {Position | null}
 */
function checkPosition(position) {
  if (!position || typeof position !== "object") return null;
  const { id, source, record, index, seat, played, best, grade, puzzle, trick, added, step, due } = position;
  if (typeof id !== "string" || !rating.ID.test(id) || (source !== "practice" && source !== "puzzle")) return null;
  if (!record || typeof record !== "object" || Array.isArray(record) || !Array.isArray(record.plays) || !record.plays.every(isCard)) return null;
  if (!Number.isInteger(index) || index < 0 || index > record.plays.length) return null;
  if (!Number.isInteger(seat) || seat < 0 || seat > 2) return null;
  if (played !== null && !isCard(played)) return null;
  if (!Array.isArray(best) || !best.length || best.length > 12 || !best.every(isCard)) return null;
  if (!GRADES.includes(grade) || (source === "puzzle") !== (grade === "missed")) return null;
  if (puzzle !== null && !(typeof puzzle === "string" && rating.ID.test(puzzle))) return null;
  if (trick !== null && !(Number.isInteger(trick) && trick >= 1 && trick <= 26)) return null;
  if (!isTime(added) || !isTime(due) || !Number.isInteger(step) || step < 0 || step > schedule.LAST_STEP) return null;
  return { id, source, record: { ...record, plays: [...record.plays] }, index, seat, played, best: [...best], grade, puzzle, trick, added, step, due };
}

// The deck in `data` (stored JSON) if it is exactly what this page writes, else null. Also
// checks a file being imported (your-data.js). Never throws.
/**
 * @param {any} data
 * @returns {Deck | null}
 */
export function checkDeck(data) {
  if (!data || typeof data !== "object" || data.version !== DECK_VERSION || typeof data.collect !== "boolean") return null;
  if (!Array.isArray(data.positions) || data.positions.length > DECK_LIMIT) return null;
  /** @type {Position[]} */
  const positions = [];
  const ids = new Set();
  for (const stored of data.positions) {
    const position = checkPosition(stored);
    if (!position || ids.has(position.id)) return null;
    ids.add(position.id);
    positions.push(position);
  }
  return { version: DECK_VERSION, collect: data.collect, positions };
}

/** @returns {Loaded<Deck>} */
export function loadDeck() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return { value: emptyDeck(), dropped: false };
  }
  if (text === null) return { value: emptyDeck(), dropped: false };
  let deck;
  try {
    deck = checkDeck(JSON.parse(text));
  } catch {
    deck = null;
  }
  if (deck) return { value: deck, dropped: false };
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing more to do
  }
  return { value: emptyDeck(), dropped: true };
}

/** @param {Deck} deck */
function save(deck) {
  try {
    localStorage.setItem(KEY, JSON.stringify(deck));
    return true;
  } catch {
    return false;
  }
}

// A position's id: the same position (record and seat) always gets the same one, so it is kept once.
/** @param {NewPosition} position */
export function positionId(position) {
  // FNV-1a over the record and the seat, in two halves for 64 bits' worth of id.
  const text = JSON.stringify([position.source, position.record, position.index, position.seat]);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x811c9dc5) >>> 0;
  }
  return `d-${a.toString(36)}-${b.toString(36)}`;
}

// Add positions met at `now` (those already in the deck are left where they are). Returns how
// many were added.
/**
 * @param {NewPosition[]} found
 * @param {number} now
 */
export function addPositions(found, now) {
  const deck = loadDeck().value;
  const known = new Set(deck.positions.map((p) => p.id));
  let added = 0;
  for (const position of found) {
    const id = positionId(position);
    if (known.has(id)) continue;
    known.add(id);
    deck.positions.push({ ...position, id, added: now, ...schedule.firstSchedule(now) });
    added += 1;
  }
  deck.positions = deck.positions.slice(-DECK_LIMIT);
  return added && save(deck) ? added : 0;
}

// The answer given at `now` to position `id`: up one step, or back to the first.
/**
 * @param {string} id
 * @param {boolean} right
 * @param {number} now
 * @returns {Position | null}
 */
export function answerPosition(id, right, now) {
  const deck = loadDeck().value;
  const position = deck.positions.find((p) => p.id === id);
  if (!position) return null;
  Object.assign(position, schedule.afterAnswer(position, right, now));
  save(deck);
  return position;
}

/** @param {string} id */
export function dropPosition(id) {
  const deck = loadDeck().value;
  deck.positions = deck.positions.filter((p) => p.id !== id);
  save(deck);
  return deck;
}

/** @param {boolean} collect */
export function setCollect(collect) {
  const deck = loadDeck().value;
  deck.collect = collect;
  save(deck);
  return deck;
}
