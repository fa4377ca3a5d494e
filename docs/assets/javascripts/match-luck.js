// The match's luck-adjusted result, beside its score (issue 24): each finished practice deal's
// luck split (op "practice.luck", engine/analysis/luck.py) measured in the background, kept in
// the saved match (practice-store.js `luck`), and added up into one line on the score sheet.
//
// When a deal ends, its split is measured at the next idle moment as a background job
// (engine-client.js): in the page's second worker, in steps that give way to the reader's
// cards, so it goes on while the next deal is played, and every finished deal is measured
// whether or not its review is opened. The review of a deal (deal-checks.js) shows the same
// job's answer (forReview), never a second measurement. A deal that cannot be measured (a
// turned jack won the match before any card, or the engine failed) is not measured: the line
// says over how many of the match's deals it runs. A reload measures again the deals the saved
// match has no split for. A finished deal reopened by Undo loses its split.
//
// Hooks kept for tests: data-role match-luck ([data-measured], [data-deals], [data-result],
// [data-adjusted], [data-pending]), match-luck-result, match-luck-method.

/**
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").Engine} Engine
 * @typedef {import("./deal-checks.js").LuckAnswer} LuckAnswer
 * @typedef {import("./deal-checks.js").LuckSource} LuckSource
 * @typedef {import("./practice-store.js").LuckSplit} LuckSplit
 */
/**
 * One deal's measurement under way or done: its answer, and its progress for whoever shows it.
 * @typedef {{ promise: Promise<LuckAnswer>, done: number, total: number, listeners: Set<(done: number, total: number) => void> }} LuckJob
 */
/**
 * What the practice page gives: its strings and engine, when the page is quiet enough to start a
 * measurement, and how to save the match once a split is in.
 * @typedef {{ strings: Strings, engine: Engine, seat: number, quiet: () => boolean, save: () => void }} MatchLuckOptions
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {typeof import("./engine-client.js")} */
const client = await import(new URL("engine-client.js" + VERSION, HERE).href);
const { h, setChildren, quietMoment, decimal, signedWhole, earlyStrings } = client;

// Where the method is explained: the Sources page section (docs/_data/outline.yml's id).
const METHOD_LINK = "sources/#luck-and-skill";

export class MatchLuck {
  /** @param {MatchLuckOptions} options */
  constructor(options) {
    this.o = options;
    /** @type {(LuckSplit | null)[]} by deal index; null or missing: not measured */
    this.splits = [];
    /** @type {Record<string, unknown> | null} the match record: every finished deal is in it */
    this.record = null;
    this.finished = 0; // the match's finished deals
    // Changes when the splits stop belonging to the match on the table (another match, a deal
    // reopened): a job of an older epoch is given up and its answer dropped.
    this.epoch = 0;
    /** @type {Map<number, LuckJob>} */
    this.jobs = new Map();
    /** @type {Set<number>} deals that could not be measured (tried again after a reload) */
    this.failed = new Set();
    /** @type {number | null} the epoch whose deals are being measured one after another */
    this.measuring = null;
    this.line = h("div", { class: "cj-pr-match-luck", "data-role": "match-luck", "aria-live": "polite" });
  }

  // A new match (no splits), or a saved one resumed with the splits it kept.
  /** @param {(LuckSplit | null)[]} [splits] */
  reset(splits = []) {
    this.epoch += 1;
    this.splits = [...splits];
    this.finished = 0;
    this.jobs.clear();
    this.failed.clear();
  }

  // The match after an answer of the engine: its record and how many of its deals are finished.
  // True when a finished deal was reopened (Undo at its score sheet): its split is gone.
  /**
   * @param {Record<string, unknown>} record
   * @param {number} finished
   */
  update(record, finished) {
    const reopened = finished < this.finished;
    if (reopened) {
      this.epoch += 1;
      this.jobs.clear();
      this.failed.clear();
    }
    this.splits = this.splits.slice(0, finished);
    this.finished = finished;
    this.record = record;
    this.render();
    void this.measure();
    return reopened;
  }

  // The first finished deal with no split that may still be measured, or null.
  next() {
    for (let index = 0; index < this.finished; index += 1) {
      if (!this.splits[index] && !this.failed.has(index)) return index;
    }
    return null;
  }

  // Every finished deal without a split, one after another, each from an idle moment on.
  async measure() {
    const epoch = this.epoch;
    if (this.measuring === epoch) return;
    this.measuring = epoch;
    try {
      for (let index = this.next(); index !== null && epoch === this.epoch; index = this.next()) {
        await quietMoment(this.o.quiet);
        if (epoch !== this.epoch) return;
        try {
          await this.job(index).promise;
        } catch {
          // Counted as not measured (job() noted it); the next deal is measured all the same.
        }
      }
    } finally {
      if (this.measuring === epoch) this.measuring = null;
    }
  }

  // The measurement of deal `index`: the one under way, or a new one.
  /**
   * @param {number} index
   * @returns {LuckJob}
   */
  job(index) {
    const known = this.jobs.get(index);
    if (known) return known;
    const epoch = this.epoch;
    const seat = this.o.seat;
    // Its promise is set just below, before anyone can wait for it.
    const job = /** @type {LuckJob} */ ({ done: 0, total: 0, listeners: new Set() });
    const request = this.o.engine.request({ op: "practice.luck", record: /** @type {Record<string, unknown>} */ (this.record), deal: index }, {
      background: true,
      abandon: () => epoch !== this.epoch,
      progress: (done, total) => {
        job.done = done;
        job.total = total;
        job.listeners.forEach((listener) => listener(done, total));
      },
    });
    job.promise = request.then((answer) => {
      // A background job runs to its end: its answer is the whole split.
      const split = /** @type {LuckAnswer} */ (answer);
      if (epoch === this.epoch) {
        this.splits[index] = { result: split.result[seat], luck: split.luck[seat], adjusted: split.adjusted };
        this.o.save();
        this.render();
      }
      return split;
    }, (error) => {
      if (epoch === this.epoch) {
        this.failed.add(index);
        this.jobs.delete(index);
        this.render();
      }
      throw error;
    });
    this.jobs.set(index, job);
    return job;
  }

  // What the review of deal `index` measures with: this page's job for it, never a second one.
  /**
   * @param {number} index
   * @returns {LuckSource}
   */
  forReview(index) {
    return (progress) => {
      const job = this.job(index);
      job.listeners.add(progress);
      if (job.total) progress(job.done, job.total);
      return job.promise;
    };
  }

  // The sums over the measured deals.
  totals() {
    const measured = /** @type {LuckSplit[]} */ (this.splits.slice(0, this.finished).filter(Boolean));
    let result = 0;
    let adjusted = 0;
    for (const split of measured) {
      result += split.result;
      adjusted += split.adjusted;
    }
    return { measured: measured.length, result, adjusted };
  }

  // "Over the match (3 deals): your net points +2; adjusted for luck, +0.57.", in words, with
  // how many deals it covers, what is still being measured, and the method's link.
  render() {
    const s = this.o.strings;
    const { measured, result, adjusted } = this.totals();
    const pending = this.next();
    const params = { result: signedWhole(result), adjusted: decimal(s, adjusted, true) };
    const working = pending === null ? "" : s.t("practice.luck.working", { n: pending + 1 });
    let text;
    if (!measured) text = pending === null ? s.t("practice.luck.none") : working;
    else if (measured === this.finished) text = s.count("practice.luck.all", measured, params);
    else text = [s.t("practice.luck.some", { ...params, n: measured, total: this.finished }), working].filter(Boolean).join(" ");
    const root = earlyStrings().lang_root;
    setChildren(this.line,
      h("p", { "data-role": "match-luck-result", text }),
      h("p", { class: "cj-pr-note" }, s.t("practice.luck.explain"), " ",
        root ? h("a", { href: root + METHOD_LINK, "data-role": "match-luck-method", text: s.t("analysis.checks.luck_method") }) : null));
    Object.assign(this.line.dataset, {
      measured: String(measured), deals: String(this.finished), result: String(result), adjusted: String(adjusted), pending: String(pending !== null),
    });
  }
}
