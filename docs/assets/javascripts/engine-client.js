// The engine client shared by the interactive pages: the worked-example stepper (stepper.js)
// and the practice table (practice.js). One Web Worker per page (engine-worker.js) runs the
// rules engine in Pyodide; this module starts it, reports its loading progress, sends one JSON
// request at a time (engine.surfaces.web_api.handle, which routes practice.* to engine.surfaces.practice_api)
// and gives both pages the same catalogue strings, card rendering and refusal explanations.
//
// Background work (Engine.request(…, {background: true})): the analysis of a finished deal,
// its luck split, "Could I have won?" and the peek check. It runs in a second worker of its own
// (started by the first background request, stopped after REST_MS without work), so the
// reader's requests never queue behind it. Its requests still give way: one waits while one
// of the reader's is queued or was answered less than GRACE_MS ago (a page chains its requests:
// the reader's card, then the computer's), and while a page holds the engine (Engine.hold: the
// reader is about to act), so it takes no processor time from the reader's either. A long
// computation (STEPPED) runs as an engine job (engine/surfaces/jobs.py) in steps of STEP_BUDGET
// units of work, about one computer card's. Where the second worker cannot start (or with
// globalThis.cjEngineOneWorker), the page's own worker does it, between the reader's requests:
// a card played meanwhile then waits for one step at most, never for the whole job.
//
// Imported by stepper.js and practice.js with their own ?v=… query, which this module forwards
// to the worker: one build never runs against a stale cached script. The worker starts on
// demand (Engine.start, or the first request), never when a page is merely opened, except on
// a later visit where a stored snapshot makes the start cheap (warmWhenIdle, below).

const HERE = new URL(import.meta.url);
// A download that makes no progress for this long has stalled (it neither arrives nor fails):
// the reader is told, and the static example is there. Progress comes every few hundred
// milliseconds while bytes arrive. Tests may lower it (globalThis.cjEngineStallMs) to check
// the failure without waiting.
const STALL_MS = 25_000;
// Once every byte is there, compiling WebAssembly and starting Python send no progress: a few
// seconds on an idle machine, 15 s measured on a 2-core machine at load 20. Only a start that
// takes longer than this is given up.
const BOOT_MS = 120_000;
const VERSION = HERE.search;
// A background request waits this long after the reader's last answer: a page's next request
// of the same action (the computer's card after the reader's) comes first.
const GRACE_MS = 400;
// The work of one background step, in sampled worlds (engine/surfaces/jobs.py DEFAULT_BUDGET:
// the expert's samples for one card).
const STEP_BUDGET = 64;
// The operations that run as jobs in steps when asked in the background.
const STEPPED = new Set(["practice.could_win", "practice.peek", "practice.luck"]);
// The background worker stops after this long without work.
const REST_MS = 60_000;
/** @type {typeof import("./engine-files.js")} */
const { engineManifest, engineSaved, megabytes } = await import(new URL("engine-files.js" + VERSION, HERE).href);

// ----- the engine's answers ---------------------------------------------------------------------
// What engine.surfaces.web_api.handle answers (engine/surfaces/web_api.py, practice_api.py), as
// far as the pages read it. The answers of one page only are typed in that page's module.

/**
 * A card code: rank then suit ("TH", "5S").
 * @typedef {string} CardCode
 */
/**
 * A card on the table, with the seat that played it.
 * @typedef {{ seat: number, card: CardCode }} SeatCard
 */
/**
 * A card drawn after a trick; null when the reader may not see it.
 * @typedef {{ seat: number, card: CardCode | null }} Draw
 */
/**
 * A completed trick (engine/core/view.py trick_json, with seats and number). The last trick
 * of a line of play may be unfinished: then its winner is null.
 * @typedef {object} Trick
 * @property {number} number
 * @property {number} leader
 * @property {SeatCard[]} cards
 * @property {number | null} winner
 * @property {Draw[]} draws
 */
/**
 * An engine refusal of a card, with the catalogue keys that word it (engine/surfaces/requests.py).
 * @typedef {object} Refusal
 * @property {string} code            the engine's code ("must_follow_suit")
 * @property {number | null} seat     the seat whose card it was
 * @property {CardCode | null} card   null when the reader may not see it
 * @property {string} message_key     "errors.must_follow_trump"
 * @property {string} rule_ref_key    "rule_refs.must_follow_trump"
 * @property {string} rule_link       where the site explains that rule, from the language's home (requests.py RULE_LINKS)
 * @property {{ card: CardCode | null, suit: string | null, trump: string | null }} params
 * @property {string} message         the English sentence (for developers)
 */
/**
 * Why a point went where it did (engine/core/outcome.py PointReason), as the score sheets show it.
 * @typedef {object} PointReason
 * @property {string} point           "high", "low", "jack", "game", "nine"
 * @property {number | null} seat     who scored it (null: no one)
 * @property {CardCode | null} card
 * @property {number | null} trick
 * @property {number[] | null} values the card values a Game reason compares
 * @property {string[]} flags
 * @property {string} key             the catalogue key of the reason ("reasons.high")
 * @property {boolean} [counted]      practice: false for a point after the one that won the match
 */
/**
 * The catalogue of a language, completed from English (`untranslated`: the keys English filled in).
 * @typedef {{ catalogue: StringTree, untranslated: string[] }} CatalogueAnswer
 */
/**
 * A catalogue (or a part of one): nested objects of strings.
 * @typedef {{ [key: string]: string | StringTree }} StringTree
 */
/**
 * Every operation a page asks for, and its answer.
 * @typedef {{
 *   catalogue: CatalogueAnswer,
 *   replay: import("./stepper.js").ReplayAnswer,
 *   try: import("./stepper.js").TryAnswer,
 *   analyse: import("./review.js").AnalyseAnswer,
 *   puzzle_position: import("./puzzles.js").PositionAnswer,
 *   puzzle_play: import("./puzzles.js").PuzzlePlayAnswer,
 *   "practice.new": import("./practice.js").MatchAnswer,
 *   "practice.state": import("./practice.js").MatchAnswer,
 *   "practice.play": import("./practice.js").PlayAnswer,
 *   "practice.bot": import("./practice.js").MatchAnswer,
 *   "practice.undo": import("./practice.js").UndoAnswer,
 *   "practice.next": import("./practice.js").MatchAnswer,
 *   "practice.hint": import("./practice.js").HintAnswer,
 *   "practice.grade": import("./practice.js").GradeAnswer,
 *   "practice.link": import("./practice.js").LinkAnswer,
 *   "practice.luck": import("./deal-checks.js").LuckAnswer | import("./deal-checks.js").LuckPart,
 *   "practice.could_win": import("./deal-checks.js").CouldWinAnswer,
 *   "practice.peek": import("./deal-checks.js").PeekAnswer,
 * }} Answers
 */
/**
 * A step of an engine job (engine/surfaces/jobs.py).
 * @typedef {{ job: number, done: false, work: number, done_units: number, total_units: number }
 *   | { job: number, done: true, work: number, answer: unknown }} JobStep
 */
/**
 * How a request is sent: `background` (it waits for the reader's requests; a STEPPED op runs
 * in steps), `progress(done, total)` after each step of a stepped one, and `abandon()`: asked
 * before each step; true drops the job and rejects with an AbandonedError.
 * @typedef {{ background?: boolean, progress?: (done: number, total: number) => void, abandon?: () => boolean }} RequestOptions
 */
/**
 * A request waiting for the worker.
 * @typedef {{ text: string, background: boolean, resolve: (answer: unknown) => void, reject: (error: Error) => void }} Queued
 */
/**
 * A request: its `op` and that operation's fields.
 * @template {keyof Answers} Op
 * @typedef {{ op: Op, [field: string]: unknown }} EngineRequest
 */
/**
 * What the engine answers when it cannot: the code names the part of the input that is wrong.
 * @typedef {{ ok: false, error: { code: string, message: string, field: string | null } }} FailedAnswer
 */
/**
 * An error of the engine's loading, as fail() keeps it: `network` when a download failed
 * without an answer from the server.
 * @typedef {Error & { network?: boolean }} LoadError
 */
/**
 * A loading stage: "idle", "runtime", "engine", "ready" or "failed".
 * @typedef {"idle" | "runtime" | "engine" | "ready" | "failed"} Stage
 */
/**
 * What the worker tells the page (engine-worker.js lists them).
 * @typedef {{ type: "progress", stage: "runtime" | "engine" | "ready", at: number, loaded: number, total: number }
 *   | { type: "timing", name: string, at: number, detail: unknown }
 *   | { type: "failed", message: string, network: boolean }
 *   | { type: "unwarmed" }
 *   | { type: "prepared", size: number }
 *   | { type: "answer", id: number, answer: string }} WorkerMessage
 */

// ----- the engine worker --------------------------------------------------------------------

// The engine starts on demand: creating this object costs nothing; the worker (and Pyodide's
// download) starts at the first request, or when a widget calls start() because the reader
// began to use it. Reading a page never downloads Pyodide (the service worker may save it for
// offline use in the background: offline.js).
export class Engine {
  /** @param {Engine | null} [parent] set for the background engine: the page's own engine */
  constructor(parent = null) {
    /** @type {Engine | null} */
    this.parent = parent;
    /** @type {Engine | null} */
    this.helper = null; // the background engine, started by the first background request
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.restTimer = undefined;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Map<number, { resolve: (answer: unknown) => void, reject: (error: Error) => void }>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {Set<(stage: Stage, fraction: number) => void>} */
    this.listeners = new Set();
    this.wanted = false; // a widget asked for the engine (not only a start ahead of the reader)
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.watchdog = undefined;
    /** @type {"" | "warm" | "snapshot"} */
    this.mode = "";
    /** @type {Stage} */
    this.stage = "idle";
    this.fraction = 0;
    /** @type {Promise<void> | undefined} */
    this.ready = undefined;
    this.settled = false;
    /** @type {() => void} */
    this.resolveReady = () => {};
    /** @type {(error: Error) => void} */
    this.rejectReady = () => {};
    /** @type {((size: number) => void) | null} */
    this.resolvePrepared = null;
    this.helperFailed = false; // the background engine could not start: the page's does its work
    // The requests waiting for the worker: the reader's first, then the background's.
    /** @type {Queued[]} */
    this.foreground = [];
    /** @type {Queued[]} */
    this.background = [];
    this.busy = false; // a request is in the worker
    this.holds = 0; // Engine.hold(): the background waits while any is held
    this.lastForeground = -Infinity; // performance.now() of the reader's last answer
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.graceTimer = undefined;
    this.idle();
  }

  // Back to "not started": no worker. A widget's start (or Retry, after a failure) starts a
  // new one. A `ready` promise not settled yet is kept: whoever awaits it gets the next start.
  idle() {
    clearTimeout(this.watchdog);
    this.worker?.terminate();
    this.worker = null;
    this.busy = false;
    this.mode = ""; // "", or "warm" / "snapshot": started ahead of the reader (see start)
    this.stage = "idle"; // then "runtime", "engine", "ready" or "failed"
    this.fraction = 0; // how much of the loading is done, 0..1
    if (this.ready && !this.settled) return;
    this.settled = false;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = () => {
        this.settled = true;
        resolve();
      };
      this.rejectReady = (error) => {
        this.settled = true;
        reject(error);
      };
    });
    this.ready.catch(() => {}); // every caller handles the rejection itself
  }

  // Start the worker once; later calls do nothing. Returns the `ready` promise.
  // warm: started ahead of the reader (warmWhenIdle): the worker starts only from a stored
  // snapshot and otherwise stops ("unwarmed"), leaving the start to the reader.
  // snapshot: started ahead of the reader to make the memory snapshot (prepareSnapshot): the
  // worker starts cold, stores the snapshot and stops, unless a widget wants it meanwhile.
  /** @returns {Promise<void>} */
  start({ warm = false, snapshot = false } = {}) {
    const ahead = warm || snapshot;
    if (!ahead) this.wanted = true; // a widget needs it: a start ahead that stops is redone
    if (this.worker !== null) {
      // A widget adopts an engine started ahead of it that is already up.
      if (!ahead && this.stage === "ready") this.resolveReady();
      return this.whenReady();
    }
    if (this.stage === "failed") return this.whenReady();
    this.mode = warm ? "warm" : snapshot ? "snapshot" : "";
    this.stage = "runtime";
    const url = new URL("engine-worker.js" + VERSION, HERE);
    if (this.mode) url.hash = this.mode;
    this.worker = new Worker(url, { type: "module" });
    this.worker.onmessage = (event) => this.onMessage(event.data);
    // The worker script itself failed to load, or crashed.
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(event.message || "the engine worker stopped"));
    };
    performance.mark("cj-engine-start");
    this.armWatchdog();
    this.report();
    return this.whenReady();
  }

  // The `ready` promise, which idle() always made (the constructor calls it).
  whenReady() {
    return /** @type {Promise<void>} */ (this.ready);
  }

  // Started only to make the snapshot, and nobody needs it (yet).
  preparing() {
    return this.mode === "snapshot" && !this.wanted;
  }

  // Make the memory snapshot ahead of any reader (see prepareSnapshot below); resolves with
  // its size in bytes (0: not made, or the page's own start went first).
  /** @returns {Promise<number>} */
  prepare() {
    if (this.worker !== null || this.stage !== "idle") return Promise.resolve(0);
    return new Promise((resolve) => {
      this.resolvePrepared = resolve;
      this.start({ snapshot: true });
    });
  }

  /** @param {number} size */
  prepared(size) {
    performance.mark("cj-engine-prepared", { detail: size });
    this.resolvePrepared?.(size);
    this.resolvePrepared = null;
  }

  armWatchdog(downloaded = false) {
    clearTimeout(this.watchdog);
    const patience = downloaded ? BOOT_MS : (globalThis.cjEngineStallMs ?? STALL_MS);
    const what = downloaded ? "starting" : "loading";
    this.watchdog = setTimeout(() => this.fail(new Error(`${what} stalled for ${patience} ms`)), patience);
  }

  /** @param {WorkerMessage} message */
  onMessage(message) {
    if (message.type === "progress") {
      this.stage = message.stage;
      // Downloads are most of the wait: they fill the bar to 90 %, starting Python the rest.
      const downloaded = message.total ? message.loaded / message.total : 0;
      this.fraction = { runtime: 0.02 + 0.88 * downloaded, engine: 0.95, ready: 1 }[message.stage] ?? this.fraction;
      // Stage timings for scripts/bench_stepper.py, at the time the worker reached them.
      const startTime = Math.max(0, message.at - performance.timeOrigin);
      if (!performance.getEntriesByName(`cj-engine-${message.stage}`).length) {
        performance.mark(`cj-engine-${message.stage}`, { startTime });
      }
      if (message.stage === "ready") {
        clearTimeout(this.watchdog);
        if (!this.preparing()) this.resolveReady();
      } else {
        this.armWatchdog(message.stage !== "runtime" || (message.total > 0 && message.loaded >= message.total));
      }
      this.report();
    } else if (message.type === "timing") {
      // Where the start spent its time (scripts/bench_load.py reads these marks).
      const startTime = Math.max(0, message.at - performance.timeOrigin);
      performance.mark(`cj-engine-timing-${message.name}`, { startTime, detail: message.detail });
      rememberSnapshot(message.name, message.detail);
    } else if (message.type === "prepared") {
      // The snapshot is stored: the worker's job is done unless a widget wants it now.
      this.prepared(message.size);
      if (this.preparing()) {
        this.idle();
        this.report();
      }
    } else if (message.type === "unwarmed") {
      // No snapshot after all: back to idle, and the reader's first use starts the engine.
      performance.mark("cj-engine-unwarmed");
      this.idle();
      if (this.wanted) this.start(); // a widget asked for it meanwhile: start for real
      else this.report();
    } else if (message.type === "failed") {
      this.fail(Object.assign(new Error(message.message), { network: Boolean(message.network) }));
    } else if (message.type === "answer") {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (waiting) waiting.resolve(JSON.parse(message.answer));
    }
  }

  report() {
    this.listeners.forEach((listener) => listener(this.stage, this.fraction));
  }

  /** @param {LoadError} error */
  fail(error) {
    if (this.stage === "failed" || (this.stage === "ready" && !this.preparing())) return;
    if (this.preparing()) {
      // Nobody was waiting: the reader's own start later says what is wrong, if anything is.
      this.prepared(0);
      this.idle();
      this.report();
      return;
    }
    clearTimeout(this.watchdog);
    this.worker?.terminate(); // it may still be waiting on a download that will never come
    this.stage = "failed";
    this.report();
    this.pending.forEach((waiting) => waiting.reject(error));
    this.pending.clear();
    for (const queued of [...this.foreground.splice(0), ...this.background.splice(0)]) queued.reject(error);
    this.busy = false;
    this.rejectReady(error);
  }

  // After a failure: forget it, so that the next start (the reader's Retry) tries again.
  retry() {
    if (this.stage !== "failed") return;
    this.idle();
    this.report();
  }

  // listener(stage, fraction): called at once, then at every change.
  /** @param {(stage: Stage, fraction: number) => void} listener */
  onProgress(listener) {
    this.listeners.add(listener);
    listener(this.stage, this.fraction);
  }

  // One request (an object) to engine.surfaces.web_api.handle; resolves with the answer object, and
  // rejects when the answer is an error (an EngineError). Starts the engine if it has not started
  // yet. With {background: true} it waits for the reader's requests (see the top of this file).
  /**
   * @template {keyof Answers} Op
   * @param {EngineRequest<Op>} request
   * @param {RequestOptions} [options]
   * @returns {Promise<Answers[Op]>}
   */
  async request(request, { background = false, progress, abandon } = {}) {
    if (background && this.parent === null && twoWorkers()) {
      // Its own worker, beside the reader's: the reader's cards never queue behind it. If it
      // cannot start, the page's own worker does the work, a step at a time.
      this.helper ??= new Engine(this);
      try {
        return await this.helper.request(request, { background, progress, abandon });
      } catch (error) {
        if (this.helper.stage !== "failed") throw error;
        this.helperFailed = true;
      }
    }
    await this.start();
    if (background && STEPPED.has(request.op)) {
      return /** @type {Answers[Op]} */ (await this.job(request, progress, abandon));
    }
    return /** @type {Answers[Op]} */ (await this.send(request, background));
  }

  // One request through the queues; resolves with the answer (without `ok`), or rejects.
  /**
   * @param {Record<string, unknown>} request
   * @param {boolean} background
   * @returns {Promise<Record<string, unknown>>}
   */
  async send(request, background) {
    /** @type {{ ok: true } | FailedAnswer} */
    const answer = await new Promise((resolve, reject) => {
      const queued = { text: JSON.stringify(request), background, resolve: (/** @type {unknown} */ value) => resolve(/** @type {{ ok: true } | FailedAnswer} */ (value)), reject };
      (background ? this.background : this.foreground).push(queued);
      this.pump();
    });
    if (!answer.ok) throw new EngineError(answer.error);
    return answer;
  }

  // A STEPPED computation as an engine job, one step per background request. A job the worker
  // forgot (engine/surfaces/jobs.py keeps a few) is started again, once.
  /**
   * @param {Record<string, unknown>} request
   * @param {RequestOptions["progress"]} progress
   * @param {RequestOptions["abandon"]} abandon
   */
  async job(request, progress, abandon) {
    for (let attempt = 0; ; attempt += 1) {
      if (abandon?.()) throw new AbandonedError();
      let step = /** @type {JobStep} */ (/** @type {unknown} */ (await this.send({ op: "job.start", request, budget: STEP_BUDGET }, true)));
      try {
        while (!step.done) {
          progress?.(step.done_units, step.total_units);
          if (abandon?.()) {
            this.send({ op: "job.drop", job: step.job }, true).catch(() => {});
            throw new AbandonedError();
          }
          step = /** @type {JobStep} */ (/** @type {unknown} */ (await this.send({ op: "job.step", job: step.job, budget: STEP_BUDGET }, true)));
        }
        return step.answer;
      } catch (error) {
        if (!(error instanceof EngineError && error.field === "job") || attempt > 0) throw error;
      }
    }
  }

  // Send the next request if the worker is free: the reader's first; a background one only when
  // nothing of the reader's is waiting, none was answered within GRACE_MS and no hold is on.
  // The background engine also waits while the page's engine is held or has just answered the
  // reader (its steps then take no processor time from the reader's), and it stops its worker
  // after REST_MS without work (its memory is given back; a later request starts it again).
  pump() {
    if (this.busy || this.worker === null) return;
    let next = this.foreground.shift();
    if (next === undefined) {
      const parent = this.parent;
      clearTimeout(this.restTimer);
      if (!this.background.length) {
        if (parent && this.stage === "ready") this.restTimer = setTimeout(() => this.rest(), REST_MS);
        return;
      }
      if (this.holds > 0 || (parent && parent.holds > 0)) return;
      const wait = Math.max(this.lastForeground, parent?.lastForeground ?? -Infinity) + GRACE_MS - performance.now();
      if (wait > 0) {
        clearTimeout(this.graceTimer);
        this.graceTimer = setTimeout(() => this.pump(), wait);
        return;
      }
      next = /** @type {Queued} */ (this.background.shift());
    }
    const sent = next;
    const id = this.nextId++;
    this.busy = true;
    this.pending.set(id, {
      resolve: (value) => {
        this.busy = false;
        if (!sent.background) this.lastForeground = performance.now();
        sent.resolve(value);
        this.pump();
      },
      reject: sent.reject,
    });
    if (sent.background) performance.mark("cj-engine-background-sent");
    this.worker.postMessage({ id, request: sent.text });
  }

  // "The reader is about to act": no background request is sent until the returned function is
  // called (or `ms` have passed, if given). The reader's own requests go on as ever.
  /** @returns {() => void} */
  hold(ms = 0) {
    this.holds += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.holds -= 1;
      this.pump();
      this.helper?.pump();
    };
    if (ms > 0) setTimeout(release, ms);
    return release;
  }

  // The background engine, idle for REST_MS: stop its worker (never with a job under way).
  rest() {
    if (this.busy || this.foreground.length || this.background.length || this.pending.size) return;
    this.idle();
  }
}

// Does a page run its background work in a worker of its own? Yes, unless a test or the
// benchmark (scripts/bench_background.py) sets globalThis.cjEngineOneWorker, or that worker
// could not start.
function twoWorkers() {
  return !globalThis.cjEngineOneWorker && !engineInstance?.helperFailed;
}

// An answer of the engine that is an error: `code` and `field` say what was wrong.
export class EngineError extends Error {
  /** @param {{ code: string, message: string, field: string | null }} error */
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
    this.field = error.field;
  }
}

// A background job given up by its page (RequestOptions.abandon).
export class AbandonedError extends Error {
  constructor() {
    super("abandoned");
  }
}

// ----- waiting for a quiet moment ---------------------------------------------------------------

// How long an idle callback may wait for the browser to be idle before it runs anyway.
const IDLE_TIMEOUT_MS = 2000;

/** @returns {Promise<void>} */
function idleCallback() {
  return new Promise((resolve) => {
    // Not every browser has requestIdleCallback (Safari): a short wait stands in for it there.
    if ("requestIdleCallback" in globalThis) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });
}

// The next moment the browser is idle and `quiet()` holds (asked again at each idle moment):
// where a page starts work the reader did not ask for.
/** @param {() => boolean} [quiet] */
export async function quietMoment(quiet = () => true) {
  await idleCallback();
  while (!quiet()) await idleCallback();
}

// ----- figures ----------------------------------------------------------------------------------

// A figure with two decimals in the page language's style (analysis.ui.decimal), a true minus,
// and with `signed` a plus before a positive one.
/**
 * @param {Strings} strings
 * @param {number} value
 */
export function decimal(strings, value, signed = false) {
  const text = (signed && value > 0 ? "+" : "") + value.toFixed(2);
  return text.replace(".", strings.t("analysis.ui.decimal")).replace("-", "\u2212");
}

// A whole number of points (a deal's net): signed, with a true minus.
/** @param {number} n */
export function signedWhole(n) {
  return (n > 0 ? "+" : "") + String(n).replace("-", "\u2212");
}

/** @type {Engine | null} */
let engineInstance = null;
export function engine() {
  engineInstance ??= new Engine(); // one worker per page, shared by every widget on it
  return engineInstance;
}

// ----- a later visit: the engine started before the reader presses -----------------------------

// Measured by scripts/bench_load.py (idle 2-core machine): on a second visit the press waits
// 0.6 s for an engine restored from its snapshot; started at idle once a stepper is in view,
// the engine is ready 0.6 s after the page loaded and the press waits 0.14 s. That start
// costs about 0.6 s of CPU and the worker's memory (a 31 MB Python heap), and nothing to
// download: it is done only once this very build's snapshot is stored on this browser (by an
// engine started once, or made at idle after the background save: prepareSnapshot below),
// never from a cold start (seconds of CPU: the engine waits for the reader), and not when the
// reader asked to save data.
const SNAPSHOT_KEY = "cj-engine-snapshot"; // localStorage: the ?v=… whose snapshot is stored

/**
 * @param {string} name
 * @param {unknown} detail
 */
function rememberSnapshot(name, detail) {
  try {
    if ((name === "snapshot-stored" && typeof detail === "number" && detail > 0) || (name === "engine-imported" && detail === "snapshot")) {
      localStorage.setItem(SNAPSHOT_KEY, VERSION);
    } else if (name === "snapshot-dropped") {
      localStorage.removeItem(SNAPSHOT_KEY);
    }
  } catch {
    // No localStorage (disabled, private mode): never warmed, started by the reader.
  }
}

function snapshotStored() {
  try {
    return localStorage.getItem(SNAPSHOT_KEY) === VERSION;
  } catch {
    return false;
  }
}

// Start the engine when one of `selector`'s widgets is in view and the browser is idle, on a
// visit where that is cheap (see above). The widget's own state stays as it is: its first use
// finds the engine ready.
/** @param {string} selector */
export function warmWhenIdle(selector) {
  if (!snapshotStored() || navigator.connection?.saveData || typeof IntersectionObserver === "undefined") return;
  const begin = () => {
    const widgets = document.querySelectorAll(selector);
    if (!widgets.length) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      /** @type {(callback: () => void, options: IdleRequestOptions) => void} */
      const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 500));
      idle(() => engine().start({ warm: true }), { timeout: 3000 });
    });
    widgets.forEach((widget) => observer.observe(widget));
  };
  // After the page's load: its own requests and the widgets' set-up go first.
  if (document.readyState === "complete") setTimeout(begin);
  else addEventListener("load", begin, { once: true });
}
warmWhenIdle(".cj-stepper"); // practice and puzzles start their engine at once anyway

// ----- the first use after the first visit: the snapshot made at idle --------------------------

// Called by offline.js once the service worker has saved the engine for offline use, when the
// browser is idle: start the engine in its worker (never on this page's main thread), store
// its memory snapshot and stop. Every later start, on any page, then restores the snapshot
// (scripts/bench_load.py measures it). Nothing is done when this build's snapshot is already
// stored, or when the page's own engine has started (its start stores one). Resolves with
// the stored size in bytes, 0 when none was made.
/** @param {string | undefined} cacheName */
export async function prepareSnapshot(cacheName) {
  if (!cacheName || typeof caches === "undefined") return 0;
  try {
    if (await caches.has(cacheName)) return 0;
  } catch {
    return 0; // Cache Storage refused: nowhere to keep a snapshot
  }
  return engine().prepare();
}

// ----- when the engine cannot load --------------------------------------------------------------

// Why it could not, for the reader: "offline" (no connection, and the engine is not saved on
// this device), "network" (a download failed: the connection dropped), or "other" (an HTTP
// error, a stall, a browser that cannot run it), with the download size when known.
/**
 * @param {unknown} error
 * @returns {Promise<{ kind: "offline" | "network" | "other", bytes: number | null }>}
 */
export async function failureKind(error) {
  const manifest = await engineManifest();
  const saved = await engineSaved(manifest);
  const bytes = manifest?.download_bytes ?? null;
  if (!navigator.onLine && saved !== true) return { kind: "offline", bytes };
  if (error instanceof Error && /** @type {LoadError} */ (error).network) return { kind: "network", bytes };
  return { kind: "other", bytes };
}

// Replace a widget's content with the reason its engine did not load, in the page language
// (the strings the build wrote into the page: earlyStrings), and a Retry button.
// message: the widget's own text for any other failure; retry(): start the widget again
// (the engine forgets its failure first). Resolves once the message is shown; the widget's
// root then carries data-failure (offline, network, other).
/**
 * @param {HTMLElement} root
 * @param {unknown} error
 * @param {{ className: string, message: string | undefined, retry: () => void }} options
 */
export async function showLoadFailure(root, error, { className, message, retry }) {
  root.dataset.error = errorText(error);
  const early = earlyStrings();
  const { kind, bytes } = await failureKind(error);
  let text = message;
  if (kind === "offline") {
    const size = bytes ? (early.offline_size || "").replace("{size}", megabytes(bytes, early.lang, early.megabytes)) : "";
    text = [early.offline, size, early.offline_todo].filter(Boolean).join(" ");
  } else if (kind === "network") {
    text = early.network_failed || message;
  }
  const again = h("button", {
    type: "button",
    class: "md-button",
    "data-action": "retry",
    text: early.retry || "Retry",
    onclick: () => {
      engine().retry();
      delete root.dataset.failure;
      delete root.dataset.error;
      retry();
      // The button is gone: keep the keyboard focus in the widget, never on <body>.
      if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
      root.focus();
    },
  });
  root.dataset.failure = kind;
  setChildren(root, h("div", { class: "cj-load-failure" }, h("p", { class: className, role: "alert", text }), again));
}

// What an error says, for data-error: its message, or the value itself.
/** @param {unknown} error */
function errorText(error) {
  const message = error !== null && typeof error === "object" && "message" in error ? error.message : null;
  return String(message ? message : error);
}

// A caught error's message, for the reader's "engine error" line (the engine client rejects
// with an Error; anything else thrown is said as it is).
/** @param {unknown} error */
export function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the hook wrote into the page (scripts/hooks/widgets.py inject): loading and failure
 * messages, the navigation labels (stepper), the language, its home, the engine's presets
 * (practice) and, for the Learn page, which runs without the engine, part of the catalogue. Every field may be missing: the page then says it in its own words.
 * @typedef {object} EarlyStrings
 * @property {string} [loading]
 * @property {string} [load_failed]
 * @property {string} [first]
 * @property {string} [previous]
 * @property {string} [next]
 * @property {string} [last]
 * @property {string} [step]
 * @property {string} [step_start]
 * @property {string} [offline]
 * @property {string} [offline_size]
 * @property {string} [offline_todo]
 * @property {string} [network_failed]
 * @property {string} [retry]
 * @property {string} [megabytes]
 * @property {string} [lang]
 * @property {string} [lang_root]
 * @property {Record<string, Record<string, unknown>>} [presets]
 * @property {StringTree} [catalogue]  the Learn page: the part of the catalogue it words its position with
 */

// What the hook wrote into the page: loading/failure messages, language, language home.
/** @type {EarlyStrings | null} */
let early = null;
/** @returns {EarlyStrings} */
export function earlyStrings() {
  if (early === null) {
    const element = document.getElementById("cj-stepper-strings");
    /** @type {EarlyStrings} */
    let read;
    try {
      read = element ? JSON.parse(element.textContent ?? "") : {};
    } catch {
      read = {};
    }
    early = read;
  }
  return early;
}

// What the build wrote into the page for a panel (your-data.js, deck.js; scripts/hooks/widgets.py
// panel_block): its strings, and the engine's levels and presets. Empty when it cannot be read.
/**
 * @typedef {{ strings: StringTree, levels: string[], presets: Record<string, Record<string, unknown>> }} PanelData
 * @param {string} id
 * @returns {PanelData}
 */
export function panelData(id) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? "");
  } catch {
    return { strings: {}, levels: [], presets: {} };
  }
}

// ----- strings ------------------------------------------------------------------------------

/**
 * The string at a dotted key ("ui.step") of a catalogue tree, or null.
 * @param {StringTree} tree
 * @param {string} key
 */
export function dig(tree, key) {
  /** @type {string | StringTree | undefined} */
  let node = tree;
  for (const part of key.split(".")) node = node && typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : null;
}

// Placeholders that hold a seat's noun phrase ("the computer", "player B"): capitalised when
// a message starts with one. The catalogue's rules (engine/surfaces/catalogue.py): a sentence
// about a seat is `<key>_you` for the reader and `<key>_other`, with {player}, for the others;
// a count is `<key>_one` / `<key>_other` (CLDR plural categories). A point's name (lower-case
// mid-sentence in some languages: "ponto Shasta") is capitalised where it opens a message too.
const SEAT_PARAMS = new Set(["player", "lead", "second", "third", "winner", "loser", "point", "points"]);

/**
 * A message's placeholders: text and numbers (Strings.t), and elements too (fill).
 * @typedef {Record<string, string | number>} TextParams
 * @typedef {Record<string, string | number | Node>} FillParams
 */

/**
 * @template {string | number | Node} Value
 * @param {string} template
 * @param {Record<string, Value>} params
 * @returns {Record<string, Value | string>}
 */
function seatFirst(template, params) {
  const match = /^\{(\w+)\}/.exec(template);
  const name = match?.[1];
  if (name === undefined || !SEAT_PARAMS.has(name)) return params;
  const value = params[name];
  if (typeof value !== "string") return params;
  return { ...params, [name]: capitalise(value) };
}

// A card's forms in a template: `{card.the}`, `{card.The}` (capitalised), `{card.of_the}`,
// `{card.to_the}` on any placeholder that holds a card. Each is the catalogue's template
// `ranks.<R>.<key>` around `{card}` ("l’{card}", "du {card}"), and `capital` says whether it is
// capitalised. A card is an element with `data-card` (cardSpan) or a text Strings made
// (cardShort, cardName); a form on any other value gives the value bare, a form name outside
// these stays visible. Mirrors CARD_FORMS in engine/surfaces/catalogue.py.
/** @type {Record<string, { key: string, capital: boolean }>} */
const CARD_FORMS = {
  the: { key: "the", capital: false },
  The: { key: "the", capital: true },
  of_the: { key: "of_the", capital: false },
  to_the: { key: "to_the", capital: false },
};
// `{name}` or `{name.form}`.
const PLACEHOLDER = /\{(\w+)(?:\.(\w+))?\}/g;

// The browser tests (tests/conftest.py) give pages a __cjKeyRequested function: each key a page
// looks up is reported once, so the suite knows which catalogue keys the browser asks for.
/** @type {Set<string>} */
const reportedKeys = new Set();
/** @param {string} key */
function noteRequested(key) {
  const report = globalThis.__cjKeyRequested;
  if (typeof report !== "function" || reportedKeys.has(key)) return;
  reportedKeys.add(key);
  report(key);
}

// The catalogue of the page's language, as the engine answered it (op "catalogue"), and the
// messages a page builds from it.
export class Strings {
  /**
   * @param {CatalogueAnswer} answer
   * @param {StringTree} [blockStrings] the strings the build copied into an example block
   */
  constructor(answer, blockStrings) {
    this.catalogue = answer.catalogue;
    this.untranslated = new Set(answer.untranslated);
    this.blockStrings = blockStrings ?? {};
    // The card texts this object made (cardShort, cardName), to their cards: a template may name
    // one with its article ({card.the}).
    /** @type {Map<string, CardCode>} */
    this.cardTexts = new Map();
    const lang = this.lookup("language.code") ?? "en";
    this.lang = lang;
    this.plurals = new Intl.PluralRules(lang);
    this.decimalPlurals = new Intl.PluralRules(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  // The page language's catalogue (from the engine archive) first; the strings the build
  // copied from the same catalogue into the example block cover anything untranslated.
  /**
   * @param {string} key
   * @returns {string | null}
   */
  lookup(key) {
    noteRequested(key);
    if (!this.untranslated.has(key)) {
      const own = dig(this.catalogue, key);
      if (own !== null) return own;
    }
    return dig(this.blockStrings, key) ?? dig(this.catalogue, key);
  }

  // t("ui.step", {n: 1, total: 9}); an unknown {placeholder} stays visible rather than failing.
  /**
   * @param {string} key
   * @param {TextParams} [params]
   */
  t(key, params = {}) {
    const template = this.lookup(key);
    if (template === null) return key;
    const values = seatFirst(template, params);
    return template.replace(PLACEHOLDER, (whole, name, form) => {
      if (!(name in values)) return whole;
      if (form === undefined) return String(values[name]);
      const parts = this.cardForm(values[name], form);
      return parts === null ? whole : parts.map(String).join("");
    });
  }

  // A placeholder's value in a card form (CARD_FORMS): the words around it and the value, or
  // null for a form name that does not exist.
  /**
   * @template {string | number | Node} Value
   * @param {Value} value
   * @param {string} form
   * @returns {(Value | string)[] | null}
   */
  cardForm(value, form) {
    const spec = CARD_FORMS[form];
    if (spec === undefined) return null;
    const code = value instanceof Element ? (value.getAttribute("data-card") ?? value.getAttribute("data-card-shown")) : typeof value === "string" ? this.cardTexts.get(value) : undefined;
    if (!code) return [value];
    const template = this.t(`ranks.${code[0]}.${spec.key}`);
    const at = template.indexOf("{card}");
    if (at < 0) return [value];
    const before = template.slice(0, at);
    const after = template.slice(at + "{card}".length);
    if (!spec.capital) return [before, value, after];
    if (before) return [capitalise(before), value, after];
    return [typeof value === "string" ? capitalise(value) : value, after];
  }

  // "{n} cards left" in the language's plural form: key_one, key_other (CLDR categories).
  /**
   * @param {string} key
   * @param {number} n
   */
  pluralKey(key, n, decimals = false) {
    // Brazilian Portuguese puts zero in the plural ("0 pontos"), where CLDR says 'one'
    // (engine/surfaces/catalogue.py plural_category says the same).
    const category = this.lang === "pt" && n === 0 ? "other" : (decimals ? this.decimalPlurals : this.plurals).select(n);
    const wanted = `${key}_${category}`;
    return this.lookup(wanted) !== null ? wanted : `${key}_other`;
  }

  /**
   * @param {string} key
   * @param {number} n
   * @param {TextParams} [params]
   */
  count(key, n, params = {}) {
    return this.t(this.pluralKey(key, n), { n, ...params });
  }

  // A date (and time) as the page's readers write it: British English day-month order, not
  // the US order a bare "en" gives (language.date_locale).
  /**
   * @param {Date | number} when
   * @param {Intl.DateTimeFormatOptions} options
   */
  date(when, options) {
    return new Intl.DateTimeFormat(this.lookup("language.date_locale") ?? this.lang, options).format(when);
  }

  // "a, b and c" in the language.
  /** @param {string[]} items */
  series(items) {
    if (items.length <= 1) return items.join("");
    return this.t("snippets.series", { items: items.slice(0, -1).join(this.t("snippets.separator")), last: items[items.length - 1] });
  }

  // What a Game reason may say: {value} the highest card value (the scorer's, or the tied one),
  // {others} the other seats' values as a list, {total} all of them. With three players each
  // other value is named ("11 (A) and 27 (C)", `ui.seat_value`): a bare "11 and 27" does
  // not say whose is whose (engine/surfaces/catalogue.py card_value_params says the same).
  /**
   * @param {number[]} values
   * @param {(seat: number) => string} [seatName] the seat's name as the table shows it
   */
  cardValueParams(values, seatName) {
    const top = values.indexOf(Math.max(...values));
    const named = seatName !== undefined && values.length > 2;
    const others = values.flatMap((value, seat) => {
      if (seat === top) return [];
      return [named ? this.t("ui.seat_value", { seat: seatName(seat), value }) : String(value)];
    });
    return { value: String(values[top]), others: this.series(others), total: String(values.reduce((a, b) => a + b, 0)) };
  }

  // A point's name where it opens a label or a table cell ("Ponto Shasta").
  /** @param {string} name */
  pointLabel(name) {
    return capitalise(this.t(`points.${name}`));
  }

  /** @param {string} letter */
  suitName(letter) {
    return this.t(`suits.${letter}.name`);
  }

  /** @param {CardCode} code */
  cardShort(code) {
    return this.cardText(this.t(`ranks.${code[0]}.short`) + this.t(`suits.${code[1]}.symbol`), code);
  }

  /** @param {CardCode} code */
  cardName(code) {
    return this.cardText(this.t("card_name", { rank: this.t(`ranks.${code[0]}.name`), suit: this.suitName(code[1]) }), code);
  }

  // A card's text, remembered as that card's (cardForm).
  /**
   * @param {string} text
   * @param {CardCode} code
   */
  cardText(text, code) {
    this.cardTexts.set(text, code);
    return text;
  }
}

// ----- DOM helpers --------------------------------------------------------------------------

/**
 * What h() puts in an element: text, a number, a node, or nothing (null, undefined and false
 * are left out), or arrays of them at any depth.
 * @typedef {string | number | Node | null | undefined | false} Leaf
 * @typedef {Leaf | Child[]} Child
 */
/**
 * An element's attributes for h(): `class`, `text` (its text), `html` (only for HTML the build
 * wrote), `on<event>` listeners, and any other attribute (true: present and empty; null,
 * undefined and false: left out).
 * @typedef {{ [Event in keyof HTMLElementEventMap as `on${Event}`]?: (event: HTMLElementEventMap[Event]) => void }} Listeners
 * @typedef {string | number | boolean | null | undefined} AttributeValue
 * @typedef {Listeners & { [name: string]: AttributeValue | ((event: never) => void) }} Attributes
 */

// The one element builder of the site's scripts: h("p", { class: "x" }, "text", child…).
/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {Attributes} [attributes]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = String(value);
    else if (name === "text") element.textContent = String(value);
    else if (name === "html") element.innerHTML = String(value); // only for HTML the build wrote
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of flatten(children)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return element;
}

// Children at any depth, in order (TypeScript cannot follow flat(Infinity) on a recursive type).
/** @param {Child[]} children */
function flatten(children) {
  return /** @type {Leaf[]} */ (/** @type {unknown[]} */ (children).flat(Infinity));
}

// A card as the static pages show it (cards.css): rank and suit symbol visible, the full name
// as its accessible name. The suit symbol always carries the suit; colour only adds to it.
/**
 * @param {Strings} strings
 * @param {CardCode} code
 */
export function cardSpan(strings, code) {
  return h("span", {
    class: `cj-card cj-${code[1].toLowerCase()} cj-st-card`,
    role: "img",
    "aria-label": strings.cardName(code),
    "data-card": code,
    text: strings.cardShort(code),
  });
}

/** @param {Strings} strings */
export function hiddenCard(strings) {
  return h("span", {
    class: "cj-card cj-hidden cj-st-card cj-st-card--hidden",
    role: "img",
    "aria-label": strings.t("ui.hidden_card"),
    text: "?",
  });
}

// The message for a point's reason: the engine's key when no one scored the point, else its
// `_you` form when the scorer is the reader and `_other` otherwise.
/**
 * @param {string} key
 * @param {number | null | undefined} seat
 * @param {number | null} reader
 */
export function reasonKey(key, seat, reader) {
  if (seat === null || seat === undefined) return key;
  return `${key}_${seat === reader ? "you" : "other"}`;
}

// A catalogue template with elements (cards, names) in place of its placeholders.
/**
 * @param {Strings} strings
 * @param {string} key
 * @param {FillParams} [params]
 */
export function fill(strings, key, params = {}) {
  const template = strings.lookup(key) ?? key;
  const values = seatFirst(template, params);
  /** @type {Child[]} */
  const parts = [];
  // An element can stand in one place only: a placeholder used twice ("{card.The} … {card}")
  // gets a copy the second time.
  /** @type {Set<Node>} */
  const placed = new Set();
  /** @template {string | number | Node} Value @param {Value} value */
  const once = (value) => {
    if (!(value instanceof Node)) return value;
    if (!placed.has(value)) {
      placed.add(value);
      return value;
    }
    return value.cloneNode(true);
  };
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name, form] = /** @type {[string, string, string | undefined]} */ (/** @type {unknown} */ (match));
    parts.push(template.slice(last, match.index));
    if (!(name in values)) parts.push(whole);
    else if (form === undefined) parts.push(once(values[name]));
    else parts.push(strings.cardForm(values[name], form)?.map(once) ?? whole);
    last = match.index + whole.length;
  }
  parts.push(template.slice(last));
  return h("span", {}, parts);
}

// replaceChildren, skipping the null / false of optional parts.
/**
 * @param {Element} element
 * @param {Child[]} children
 */
export function setChildren(element, ...children) {
  element.replaceChildren(...flatten(children).filter(present).map((child) => (typeof child === "number" ? String(child) : child)));
}

/**
 * @param {Leaf} child
 * @returns {child is string | number | Node}
 */
function present(child) {
  return child !== null && child !== undefined && child !== false;
}

/** @param {string} text */
export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A line of play as the engine writes it (engine/analysis/lines.py: tricks of {seat, card}
// with their winner), one catalogue sentence per trick from the reader's side: "Trick 21: you
// lead 10♥, the computer plays 8♥, and you win the trick." `you` is the reader's seat,
// `name(seat)` another seat as running text names it (`seats.in_text.*`, never a table label).
// Two players only (exact lines exist only there): null otherwise.
/**
 * @param {Strings} strings
 * @param {Trick[] | undefined} tricks
 * @param {{ you: number, name: (seat: number) => string }} seats
 */
export function lineOfPlay(strings, tricks, { you, name }) {
  if (!tricks?.length) return null;
  const readable = tricks.every((trick) => trick.cards.length === 1 || (trick.cards.length === 2 && trick.cards.some((play) => play.seat === you)));
  if (!readable) return null;
  const items = tricks.map((trick) => {
    const [first, second] = trick.cards;
    const mineFirst = first.seat === you;
    const other = mineFirst ? second : first;
    /** @type {FillParams} */
    const params = { n: String(trick.number), first: cardSpan(strings, first.card), player: other ? name(other.seat) : "" };
    let key;
    if (!second) key = mineFirst ? "you_first_open" : "other_first_open";
    else {
      params.second = cardSpan(strings, second.card);
      key = `${mineFirst ? "you" : "other"}_first_${trick.winner === you ? "won" : "lost"}`;
    }
    return h("li", { "data-trick": String(trick.number), "data-winner": trick.winner === null ? "" : String(trick.winner) }, fill(strings, `analysis.line.${key}`, params));
  });
  return h("div", { class: "cj-line", "data-role": "line" }, h("p", { text: strings.t("analysis.line.title") }), h("ol", { class: "cj-line-tricks" }, items));
}

// Scroll the page just enough for `element` to be seen under Material's header (a phone's
// verdict lands below the fold otherwise): its whole box if it fits, else its top.
/** @param {Element | null | undefined} element */
export function bringIntoView(element) {
  if (!element?.isConnected) return;
  const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
  const { top, bottom } = element.getBoundingClientRect();
  const gap = 8;
  if (top >= header && bottom <= innerHeight) return;
  const tooTall = bottom - top > innerHeight - header - 2 * gap;
  const delta = top < header || tooTall ? top - header - gap : bottom - innerHeight + gap;
  window.scrollBy({ top: delta, behavior: "instant" });
}

// The engine's refusal in the page language, citing (and linking) the rule.
/**
 * @param {Strings} strings
 * @param {Refusal} refusal
 */
export function explainRefusal(strings, refusal) {
  const s = strings;
  const text = s.t(refusal.message_key, {
    card: refusal.params.card ? s.cardShort(refusal.params.card) : "",
    suit: refusal.params.suit ? s.suitName(refusal.params.suit) : "",
    trump: refusal.params.trump ? s.suitName(refusal.params.trump) : "",
  });
  const rule = s.t(refusal.rule_ref_key);
  const link = refusal.rule_link;
  const root = earlyStrings().lang_root;
  return h(
    "span",
    { "data-role": "reason", "data-code": refusal.code },
    h("span", { "data-role": "message", text: capitalise(text) }),
    " (",
    link && root ? h("a", { href: root + link, "data-role": "rule", text: rule }) : h("span", { "data-role": "rule", text: rule }),
    ")",
  );
}

// A widget's stylesheet (stepper.css, practice.css…) from assets/stylesheets/, once per page:
// loaded with the widget, so a page without it never downloads it.
const STYLESHEETS = new URL("../stylesheets/", HERE);
/** @param {string} name */
export function loadStylesheet(name) {
  if (document.querySelector(`link[data-cj-css="${name}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL(name + VERSION, STYLESHEETS).href, "data-cj-css": name }));
}
