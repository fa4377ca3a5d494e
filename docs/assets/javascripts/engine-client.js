// The engine client shared by the interactive pages: the worked-example stepper (stepper.js)
// and the practice table (practice.js). One Web Worker per page (engine-worker.js) runs the
// rules engine in Pyodide; this module starts it, reports its loading progress, sends one JSON
// request at a time (engine.surfaces.web_api.handle, which routes practice.* to engine.surfaces.practice_api)
// and gives both pages the same catalogue strings, card rendering and refusal explanations.
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

// Where each refusal's rule is explained, relative to the page language's home. The ids are
// the fixed section ids of docs/_data/outline.yml, the same in every language.
export const RULE_LINKS = {
  not_in_hand: "rules/#leading-and-following",
  must_follow_suit: "rules/#leading-and-following",
  must_follow_trump: "rules/#leading-and-following",
  must_trump: "rules/#leading-and-following",
  must_follow_suit_only: "variants/#stricter-follow",
  deal_over: "rules/#drawing",
};

// ----- the engine worker --------------------------------------------------------------------

// The engine starts on demand: creating this object costs nothing; the worker (and Pyodide's
// download) starts at the first request, or when a widget calls start() because the reader
// began to use it. Reading a page never downloads Pyodide.
export class Engine {
  constructor() {
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.listeners = new Set();
    this.stage = "idle"; // then "runtime", "engine", "ready" or "failed"
    this.wanted = false; // a widget asked for the engine (not only warmWhenIdle)
    this.fraction = 0; // how much of the loading is done, 0..1
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // every caller handles the rejection itself
  }

  // Start the worker once; later calls do nothing. Returns the `ready` promise.
  // warm: started ahead of the reader (warmWhenIdle): the worker starts only from a stored
  // snapshot and otherwise stops ("unwarmed"), leaving the start to the reader.
  start({ warm = false } = {}) {
    if (!warm) this.wanted = true; // a widget needs it: a warm start that stops is redone
    if (this.worker !== null || this.stage === "failed") return this.ready;
    this.stage = "runtime";
    const url = new URL("engine-worker.js" + VERSION, HERE);
    if (warm) url.hash = "warm";
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
    return this.ready;
  }

  armWatchdog(downloaded = false) {
    clearTimeout(this.watchdog);
    const patience = downloaded ? BOOT_MS : globalThis.cjEngineStallMs ?? STALL_MS;
    const what = downloaded ? "starting" : "loading";
    this.watchdog = setTimeout(() => this.fail(new Error(`${what} stalled for ${patience} ms`)), patience);
  }

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
        this.resolveReady();
      } else {
        this.armWatchdog(message.stage !== "runtime" || (message.total > 0 && message.loaded >= message.total));
      }
      this.report();
    } else if (message.type === "timing") {
      // Where the start spent its time (scripts/bench_load.py reads these marks).
      const startTime = Math.max(0, message.at - performance.timeOrigin);
      performance.mark(`cj-engine-timing-${message.name}`, { startTime, detail: message.detail });
      rememberSnapshot(message.name, message.detail);
    } else if (message.type === "unwarmed") {
      // No snapshot after all: back to idle, and the reader's first use starts the engine.
      performance.mark("cj-engine-unwarmed");
      clearTimeout(this.watchdog);
      this.worker.terminate();
      this.worker = null;
      this.stage = "idle";
      this.fraction = 0;
      if (this.wanted) this.start(); // a widget asked for it meanwhile: start for real
      else this.report();
    } else if (message.type === "failed") {
      this.fail(new Error(message.message));
    } else if (message.type === "answer") {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (waiting) waiting.resolve(JSON.parse(message.answer));
    }
  }

  report() {
    this.listeners.forEach((listener) => listener(this.stage, this.fraction));
  }

  fail(error) {
    if (this.stage === "failed" || this.stage === "ready") return;
    clearTimeout(this.watchdog);
    this.worker?.terminate(); // it may still be waiting on a download that will never come
    this.stage = "failed";
    this.report();
    this.pending.forEach((waiting) => waiting.reject(error));
    this.pending.clear();
    this.rejectReady(error);
  }

  // listener(stage, fraction): called at once, then at every change.
  onProgress(listener) {
    this.listeners.add(listener);
    listener(this.stage, this.fraction);
  }

  // One request (an object) to engine.surfaces.web_api.handle; resolves with the answer object, and
  // rejects when the answer is an error. Starts the engine if it has not started yet.
  async request(request) {
    await this.start();
    const id = this.nextId++;
    const answer = await new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request: JSON.stringify(request) });
    });
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer;
  }
}

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
// download: it is done only on a visit after this very build's engine has started once on
// this browser (its snapshot is stored), never on a first visit (seconds of CPU and 5 MB: the
// engine waits for the reader), and not when the reader asked to save data.
const SNAPSHOT_KEY = "cj-engine-snapshot"; // localStorage: the ?v=… whose snapshot is stored

function rememberSnapshot(name, detail) {
  try {
    if ((name === "snapshot-stored" && detail > 0) || (name === "engine-imported" && detail === "snapshot")) {
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
export function warmWhenIdle(selector) {
  if (!snapshotStored() || navigator.connection?.saveData || typeof IntersectionObserver === "undefined") return;
  const begin = () => {
    const widgets = document.querySelectorAll(selector);
    if (!widgets.length) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
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

// What the hook wrote into the page: loading/failure messages, language, language home.
let early = null;
export function earlyStrings() {
  if (early === null) {
    const element = document.getElementById("cj-stepper-strings");
    try {
      early = element ? JSON.parse(element.textContent) : {};
    } catch {
      early = {};
    }
  }
  return early;
}

// ----- strings ------------------------------------------------------------------------------

export function dig(tree, key) {
  let node = tree;
  for (const part of key.split(".")) node = node && typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : null;
}

export class Strings {
  constructor(answer, blockStrings) {
    this.catalogue = answer.catalogue;
    this.untranslated = new Set(answer.untranslated);
    this.blockStrings = blockStrings ?? {};
  }

  // The page language's catalogue (from the engine archive) first; the strings the build
  // copied from the same catalogue into the example block cover anything untranslated.
  lookup(key) {
    if (!this.untranslated.has(key)) {
      const own = dig(this.catalogue, key);
      if (own !== null) return own;
    }
    return dig(this.blockStrings, key) ?? dig(this.catalogue, key);
  }

  // t("ui.step", {n: 1, total: 9}); an unknown {placeholder} stays visible rather than failing.
  t(key, params = {}) {
    const template = this.lookup(key);
    if (template === null) return key;
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  suitName(letter) {
    return this.t(`suits.${letter}.name`);
  }

  cardShort(code) {
    return this.t(`ranks.${code[0]}.short`) + this.t(`suits.${code[1]}.symbol`);
  }

  cardName(code) {
    return this.t("card_name", { rank: this.t(`ranks.${code[0]}.name`), suit: this.suitName(code[1]) });
  }
}

// ----- DOM helpers --------------------------------------------------------------------------

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = value;
    else if (name === "text") element.textContent = value;
    else if (name === "html") element.innerHTML = value; // only for HTML the build wrote
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return element;
}

// A card as the static pages show it (cards.css): rank and suit symbol visible, the full name
// as its accessible name. The suit symbol always carries the suit; colour only adds to it.
export function cardSpan(strings, code) {
  return h("span", {
    class: `cj-card cj-${code[1].toLowerCase()} cj-st-card`,
    role: "img",
    "aria-label": strings.cardName(code),
    "data-card": code,
    text: strings.cardShort(code),
  });
}

export function hiddenCard(strings) {
  return h("span", {
    class: "cj-card cj-hidden cj-st-card cj-st-card--hidden",
    role: "img",
    "aria-label": strings.t("ui.hidden_card"),
    text: "?",
  });
}

// A catalogue template with elements (cards, names) in place of its placeholders.
export function fill(strings, key, params) {
  const template = strings.lookup(key) ?? key;
  const parts = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    parts.push(template.slice(last, match.index));
    parts.push(match[1] in params ? params[match[1]] : match[0]);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return h("span", {}, parts);
}

// replaceChildren, skipping the null / false of optional parts.
export function setChildren(element, ...children) {
  element.replaceChildren(...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false));
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A line of play as the engine writes it (engine/analysis/lines.py: tricks of {seat, card}
// with their winner), one catalogue sentence per trick from the reader's side: "Trick 21: you
// 10♥, Computer 8♥: you win the trick." `you` is the reader's seat, `name(seat)` the table's
// name of another seat. Two players only (exact lines exist only there): null otherwise.
export function lineOfPlay(strings, tricks, { you, name }) {
  if (!tricks?.length) return null;
  const readable = tricks.every((trick) => trick.cards.length === 1 || (trick.cards.length === 2 && trick.cards.some((play) => play.seat === you)));
  if (!readable) return null;
  const items = tricks.map((trick) => {
    const [first, second] = trick.cards;
    const mineFirst = first.seat === you;
    const other = mineFirst ? second : first;
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
export function explainRefusal(strings, refusal) {
  const s = strings;
  const variant = refusal.message_key.replace(/^errors\./, "");
  const text = s.t(refusal.message_key, {
    card: refusal.params.card ? s.cardShort(refusal.params.card) : "",
    suit: refusal.params.suit ? s.suitName(refusal.params.suit) : "",
    trump: refusal.params.trump ? s.suitName(refusal.params.trump) : "",
  });
  const rule = s.t(refusal.rule_ref_key);
  const link = RULE_LINKS[variant];
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

// A stylesheet next to this module (stepper.css, practice.css), once per page.
export function loadStylesheet(name) {
  if (document.querySelector(`link[data-cj-css="${name}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL(name + VERSION, HERE).href, "data-cj-css": name }));
}
