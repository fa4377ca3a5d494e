// When a position of the mistakes deck comes back: pure functions of a position and the time
// (no DOM, no storage, no clock of their own: the caller passes `now`, so tests never wait).
//
// Spaced steps: 4 hours, 1 day, 3 days, 1 week, 2 weeks, 1 month, 3 months, 6 months. A new
// position waits the first step. A right answer moves it up one step (it stays on the last one);
// a wrong answer sends it back to the first.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// A month is 30 days here, three months 91 and six 182: a step is a wait, not a calendar date.
export const STEPS_MS = [4 * HOUR_MS, DAY_MS, 3 * DAY_MS, 7 * DAY_MS, 14 * DAY_MS, 30 * DAY_MS, 91 * DAY_MS, 182 * DAY_MS];
export const LAST_STEP = STEPS_MS.length - 1;

/** @typedef {{ step: number, due: number }} Schedule */

// A position added at `now`: on the first step.
/**
 * @param {number} now
 * @returns {Schedule}
 */
export function firstSchedule(now) {
  return { step: 0, due: now + STEPS_MS[0] };
}

// The schedule after an answer given at `now`.
/**
 * @param {Schedule} schedule
 * @param {boolean} right
 * @param {number} now
 * @returns {Schedule}
 */
export function afterAnswer(schedule, right, now) {
  const step = right ? Math.min(schedule.step + 1, LAST_STEP) : 0;
  return { step, due: now + STEPS_MS[step] };
}

/**
 * @param {Schedule} schedule
 * @param {number} now
 */
export function isDue(schedule, now) {
  return schedule.due <= now;
}

// The positions due at `now`, the longest overdue first.
/**
 * @template {Schedule} T
 * @param {T[]} positions
 * @param {number} now
 * @returns {T[]}
 */
export function duePositions(positions, now) {
  return positions.filter((position) => isDue(position, now)).sort((a, b) => a.due - b.due);
}
