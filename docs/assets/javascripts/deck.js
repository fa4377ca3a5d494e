// The mistakes deck (issue 24): the positions where the reader went wrong come back on spaced
// steps (deck-schedule.js) until the reader finds a good card there. Kept by deck-store.js.
//
// Collecting: the practice page calls window.CJDeck.dealFinished({record, seat, lang, engine,
// quiet}) when a deal ends. Unless the reader turned it off, the deal's analysis then runs in the
// page's worker one decision at a time, each only when the browser is idle and `quiet()` says
// the reader is between deals, as background requests (engine-client.js): each waits for the
// reader's own requests, so a card played meanwhile waits for one decision's analysis at most. Every card of the reader's graded inaccuracy, mistake or blunder
// becomes a position. The puzzles page calls window.CJDeck.puzzleAnswered(...) after each card:
// a missed puzzle becomes a position, and a due puzzle position moves on its steps.
//
// The panel (<div class="cj-deck">, on the home, practice and puzzles pages; scripts/hooks/
// widgets.py adds this module and #cj-deck-strings) says "Due now: N", lists the due positions,
// each of which the reader may drop, and holds the option. On the practice page it reviews the
// due practice positions on a card table (table.js): a card within the engine's "good" band
// (review.js withinGood) is right, anything else is refuted as the review does; a due puzzle
// position opens on the puzzles page.
//
// Tests set globalThis.cjDeckNow (a function returning ms since 1970) to move the clock.
// Hooks kept for tests: .cj-deck[data-state] (ready, reviewing); [data-due]; data-role due,
// list, notice, verdict ([data-verdict] right, wrong), deck-table ([data-position] while a
// position waits for a card), prompt; data-action collect, drop, review, next, stop.

/**
 * @typedef {import("./engine-client.js").Engine} Engine
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./deck-store.js").Position} Position
 * @typedef {import("./deck-store.js").NewPosition} NewPosition
 * @typedef {import("./review.js").Decision} Decision
 * @typedef {import("./review.js").AnalyseAnswer} AnalyseAnswer
 * @typedef {import("./stepper.js").ReplayAnswer} ReplayAnswer
 * @typedef {import("./stepper.js").ReplayState} ReplayState
 * @typedef {import("./table.js").TableView} TableView
 */
/**
 * A finished practice deal, as the practice page hands it over.
 * @typedef {{ record: Record<string, unknown>, seat: number, lang: string, engine: Engine, quiet: () => boolean }} FinishedDeal
 * @typedef {{ id: string, record: { plays: string[], [field: string]: unknown }, seat: number, played: string, best: string[], right: boolean }} PuzzleAnswer
 * @typedef {{ dealFinished: (deal: FinishedDeal) => void, puzzleAnswered: (answer: PuzzleAnswer) => void }} DeckApi
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {[typeof import("./engine-client.js"), typeof import("./deck-store.js"), typeof import("./deck-schedule.js")]} */
const [client, store, schedule] = await Promise.all([
  import(new URL("engine-client.js" + VERSION, HERE).href),
  import(new URL("deck-store.js" + VERSION, HERE).href),
  import(new URL("deck-schedule.js" + VERSION, HERE).href),
]);
const { Strings, h, setChildren, panelData, fill, cardSpan, quietMoment } = client;

// The grades a deal's card comes into the deck with (review.js grades: best, good, then these).
const KEPT = new Set(["inaccuracy", "mistake", "blunder"]);
// The deck's requests wait for the reader's (engine-client.js): one decision each, a step.
const BACKGROUND = { background: true };
const now = () => (typeof globalThis.cjDeckNow === "function" ? globalThis.cjDeckNow() : Date.now());

// ----- collecting ---------------------------------------------------------------------------

/** @type {FinishedDeal[]} */
const waiting = [];
let collecting = false;
/** @type {Set<() => void>} */
const changed = new Set();
const announce = () => changed.forEach((listener) => listener());

/** @param {FinishedDeal} deal */
async function collect(deal) {
  const { engine, seat, lang, quiet } = deal;
  await quietMoment(quiet);
  /** @type {AnalyseAnswer} */
  const head = await engine.request({ op: "analyse", record: deal.record, seat, only: [], lang }, BACKGROUND);
  const record = /** @type {{ plays?: string[] }} */ (head.record);
  const plays = record.plays ?? [];
  await quietMoment(quiet);
  /** @type {ReplayAnswer} */
  const replay = await engine.request({ op: "replay", record: head.record, narrator: seat }, BACKGROUND);
  const mine = replay.states.slice(1).flatMap((state, index) => (state.play?.seat === seat ? [index] : []));
  for (const index of mine) {
    if (!store.loadDeck().value.collect) return;
    await quietMoment(quiet);
    /** @type {AnalyseAnswer} */
    const answer = await engine.request({ op: "analyse", record: head.record, seat, only: [index], lang }, BACKGROUND);
    const decision = answer.decisions[0];
    if (!decision || !KEPT.has(decision.grade)) continue;
    const position = {
      source: /** @type {const} */ ("practice"),
      record: { ...head.record, plays: plays.slice(0, index + 1) },
      index,
      seat,
      played: decision.played,
      best: decision.best,
      grade: /** @type {import("./deck-store.js").DeckGrade} */ (decision.grade),
      puzzle: null,
      trick: decision.trick,
    };
    if (store.addPositions([position], now())) announce();
  }
}

async function collectWaiting() {
  if (collecting) return;
  collecting = true;
  try {
    while (waiting.length) {
      const deal = /** @type {FinishedDeal} */ (waiting.shift());
      try {
        await collect(deal);
      } catch (error) {
        // An analysis that fails costs the deck this deal's positions, never the game.
        console.warn("mistakes deck: the deal could not be analysed", error);
      }
    }
  } finally {
    collecting = false;
  }
}

/** @param {FinishedDeal} deal */
function dealFinished(deal) {
  if (!store.loadDeck().value.collect) return;
  waiting.push(deal);
  collectWaiting();
}

// A puzzle answered by a card: a miss comes into the deck; a due puzzle position moves on.
/** @param {PuzzleAnswer} answer */
function puzzleAnswered({ id, record, seat, played, best, right }) {
  const known = store.loadDeck().value.positions.find((p) => p.source === "puzzle" && p.puzzle === id);
  if (known) {
    // Only an answer when it is due counts: solving it early says little about remembering it.
    if (schedule.isDue(known, now())) store.answerPosition(known.id, right, now());
  } else if (!right) {
    const position = { source: /** @type {const} */ ("puzzle"), record, index: record.plays.length, seat, played, best, grade: /** @type {const} */ ("missed"), puzzle: id, trick: null };
    store.addPositions([position], now());
  }
  announce();
}

/** @type {DeckApi} */
const api = { dealFinished, puzzleAnswered };
window.CJDeck = api;

// ----- the panel ----------------------------------------------------------------------------

class DeckPanel {
  /**
   * @param {HTMLElement} root
   * @param {import("./engine-client.js").PanelData} block
   * @param {boolean} dropped the stored deck was damaged and has been dropped
   */
  constructor(root, block, dropped) {
    this.root = root;
    this.strings = new Strings({ catalogue: block.strings, untranslated: [] });
    this.page = root.dataset.page ?? "";
    this.notice = h("p", { class: "cj-deck-notice", "data-role": "notice", role: "status" });
    if (dropped) this.notice.textContent = this.strings.t("deck.dropped");
    this.due = h("p", { class: "cj-deck-due", "data-role": "due", tabindex: "-1" });
    this.list = h("ul", { class: "cj-deck-list", "data-role": "list" });
    this.reviewBox = h("div", { class: "cj-deck-review" });
    const deck = store.loadDeck().value;
    this.collectBox = h("input", { type: "checkbox", "data-action": "collect", onchange: () => store.setCollect(this.collectBox.checked) });
    this.collectBox.checked = deck.collect;
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", this.strings.t("deck.title"));
    /** @type {HTMLButtonElement | null} */
    this.reviewButton = null;
    changed.add(() => this.render());
    this.render();
    root.dataset.state = "ready";
  }

  /** @param {string} key @param {Record<string, string | number>} [params] */
  t(key, params) {
    return this.strings.t(key, params);
  }

  /** @param {Position} position */
  describe(position) {
    const card = position.played ? cardSpan(this.strings, /** @type {CardCode} */ (position.played)) : "?";
    if (position.source === "puzzle") return fill(this.strings, "deck.position_puzzle", { card });
    return fill(this.strings, "deck.position_practice", { trick: String(position.trick ?? "?"), card, grade: this.t(`analysis.grades.${position.grade}`) });
  }

  render() {
    if (this.root.dataset.state === "reviewing") return;
    const deck = store.loadDeck().value;
    const due = schedule.duePositions(deck.positions, now());
    this.root.dataset.due = String(due.length);
    this.due.textContent = this.t("deck.due", { n: due.length });
    const items = due.map((position) => {
      const where = position.source === "puzzle"
        ? h("a", { href: `${this.languageRoot()}puzzles/?puzzle=${encodeURIComponent(/** @type {string} */ (position.puzzle))}`, text: this.t("deck.open_puzzle") })
        : null;
      const drop = h("button", { type: "button", class: "md-button cj-deck-small", "data-action": "drop", text: this.t("deck.drop"), onclick: () => this.drop(position) });
      return h("li", { "data-position": position.id, "data-source": position.source }, this.describe(position), " ", where, where ? " " : null, drop);
    });
    const practiceDue = due.some((p) => p.source === "practice");
    this.reviewButton = null;
    /** @type {import("./engine-client.js").Child} */
    let review = null;
    if (practiceDue && this.page === "practice") {
      this.reviewButton = h("button", { type: "button", class: "md-button md-button--primary", "data-action": "review", text: this.t("deck.review"), onclick: () => this.review() });
      review = h("p", {}, this.reviewButton);
    } else if (practiceDue) {
      review = h("p", {}, h("a", { href: `${this.languageRoot()}practice/#mistakes-deck`, "data-action": "review", text: this.t("deck.review_elsewhere") }));
    }
    const next = deck.positions.filter((p) => !schedule.isDue(p, now())).sort((a, b) => a.due - b.due)[0];
    const nextLine = !due.length && next
      ? h("p", { "data-role": "next", text: this.t("deck.next", { when: this.strings.date(next.due, { dateStyle: "medium", timeStyle: "short" }) }) })
      : null;
    const empty = deck.positions.length ? null : h("p", { "data-role": "empty", text: this.t("deck.empty") });
    setChildren(
      this.root,
      this.notice,
      this.due,
      empty,
      nextLine,
      due.length ? this.list : null,
      review,
      h("p", {}, h("label", {}, this.collectBox, " ", this.t("deck.collect"))),
      this.reviewBox,
    );
    setChildren(this.list, items);
  }

  languageRoot() {
    /** @type {{ lang_root?: string }} */
    const early = client.earlyStrings();
    return early.lang_root ?? new URL("./", location.href).pathname;
  }

  /** @param {Position} position */
  drop(position) {
    store.dropPosition(position.id);
    this.render();
    this.notice.textContent = this.t("deck.dropped_one");
    this.due.focus();
  }

  // ----- the review (practice page) -----

  async review() {
    const { engine } = client;
    this.root.dataset.state = "reviewing";
    if (this.reviewButton) this.reviewButton.disabled = true;
    const worker = engine();
    let session;
    try {
      const full = new Strings(await worker.request({ op: "catalogue", lang: this.t("language.code") }));
      const tableModule = /** @type {typeof import("./table.js")} */ (await import(new URL("table.js" + VERSION, HERE).href));
      const reviewModule = /** @type {typeof import("./review.js")} */ (await import(new URL("review.js" + VERSION, HERE).href));
      client.loadStylesheet("table.css");
      session = new DeckReview(this, worker, full, tableModule, reviewModule);
    } catch (error) {
      this.reviewFailed(this.strings, error);
      return;
    }
    await session.next();
  }

  // The review could not go on (the engine failed, or no longer reads a stored position): say
  // why; the positions stay in the deck, and the reader may drop them from the list.
  /**
   * @param {import("./engine-client.js").Strings} strings
   * @param {unknown} error
   */
  reviewFailed(strings, error) {
    setChildren(
      this.reviewBox,
      h("p", { role: "alert", "data-role": "verdict", text: strings.t("analysis.ui.failed", { message: client.errorMessage(error) }) }),
      h("p", {}, h("button", { type: "button", class: "md-button", "data-action": "stop", text: strings.t("deck.stop"), onclick: () => this.stopReview() })),
    );
  }

  stopReview() {
    this.root.dataset.state = "ready";
    this.reviewBox.replaceChildren();
    this.render();
    this.reviewButton?.focus();
  }
}

class DeckReview {
  /**
   * @param {DeckPanel} panel
   * @param {Engine} engine
   * @param {import("./engine-client.js").Strings} strings the page language's whole catalogue
   * @param {typeof import("./table.js")} tableModule
   * @param {typeof import("./review.js")} reviewModule
   */
  constructor(panel, engine, strings, tableModule, reviewModule) {
    this.panel = panel;
    this.engine = engine;
    this.s = strings;
    this.review = reviewModule;
    this.verdict = h("div", { class: "cj-deck-verdict", "data-role": "verdict", "aria-live": "polite" });
    this.prompt = h("p", { "data-role": "prompt" });
    this.tableElement = h("div", { class: "cj-deck-table", "data-role": "deck-table" });
    this.actions = h("p", { class: "cj-deck-actions" });
    setChildren(panel.reviewBox, this.prompt, this.tableElement, this.verdict, this.actions);
    this.table = new tableModule.CardTable(this.tableElement, { strings, onCard: (code) => this.choose(code) });
    /** @type {{ position: Position, decision: Decision, bands: import("./review.js").Bands, state: ReplayState, replay: ReplayAnswer } | null} */
    this.current = null;
  }

  stopButton() {
    return h("button", { type: "button", class: "md-button", "data-action": "stop", text: this.s.t("deck.stop"), onclick: () => this.panel.stopReview() });
  }

  async next() {
    try {
      await this.show();
    } catch (error) {
      this.panel.reviewFailed(this.s, error);
    }
  }

  async show() {
    const due = schedule.duePositions(store.loadDeck().value.positions, now()).filter((p) => p.source === "practice");
    const position = due[0];
    setChildren(this.verdict);
    delete this.verdict.dataset.verdict;
    delete this.tableElement.dataset.position;
    if (!position) {
      this.current = null;
      this.tableElement.hidden = true;
      setChildren(this.prompt, this.s.t("deck.all_done"));
      setChildren(this.actions, this.stopButton());
      this.prompt.setAttribute("tabindex", "-1");
      this.prompt.focus();
      return;
    }
    setChildren(this.prompt, this.s.t("ui.loading"));
    setChildren(this.actions, this.stopButton());
    const lang = this.s.lang;
    /** @type {AnalyseAnswer} */
    const answer = await this.engine.request({ op: "analyse", record: position.record, seat: position.seat, only: [position.index], lang });
    /** @type {ReplayAnswer} */
    const replay = await this.engine.request({ op: "replay", record: position.record, narrator: position.seat });
    const decision = answer.decisions[0];
    const state = replay.states[position.index];
    this.current = { position, decision, bands: answer.bands, state, replay };
    this.tableElement.hidden = false;
    setChildren(this.prompt, fill(this.s, "deck.prompt", { trick: String(decision.trick), card: cardSpan(this.s, decision.played), grade: this.s.t(`analysis.grades.${position.grade}`) }));
    await this.table.show(this.view(replay, state, position.seat, true), { speed: "none" });
    this.tableElement.dataset.position = position.id;
    this.table.focusHand();
  }

  // The table at the decision, as the reader saw it then.
  /**
   * @param {ReplayAnswer} replay
   * @param {ReplayState} state
   * @param {number} seat
   * @param {boolean} interactive
   * @returns {TableView}
   */
  view(replay, state, seat, interactive) {
    const s = this.s;
    const computers = Array.from({ length: replay.players }, (_, i) => i).filter((i) => i !== seat);
    const name = (/** @type {number} */ i) => (i === seat ? s.t("seats.you") : replay.players === 2 ? s.t("seats.computer") : s.t("seats.computer_n", { n: computers.indexOf(i) + 1 }));
    const phrase = (/** @type {number} */ i) => (replay.players === 2 ? s.t("seats.in_text.computer") : s.t("seats.in_text.computer_n", { n: computers.indexOf(i) + 1 }));
    return {
      players: replay.players,
      you: seat,
      seats: Array.from({ length: replay.players }, (_, i) => ({
        seat: i,
        name: name(i),
        phrase: i === seat ? null : phrase(i),
        dealer: i === replay.dealer,
        tricks: state.tricks_won[i],
        handCount: state.hands[i].count,
        known: i === seat ? [] : state.hands[i].cards,
        open: null,
      })),
      // Once answered, the position is nobody's turn any more.
      toMove: interactive ? state.to_move : null,
      myTurn: interactive,
      hand: state.hands[seat].cards.map((code) => ({ code, legal: (state.legal ?? []).includes(code) })),
      hint: null,
      trick: state.trick,
      trickWinner: null,
      stock: { count: state.stock_count, top: state.stock_top },
      trump: replay.trump,
      trumpCard: replay.trump_card,
      lastTrick: null,
    };
  }

  /** @param {CardCode} code */
  async choose(code) {
    const current = this.current;
    if (!current) return;
    const { position, decision, bands, replay, state } = current;
    const option = decision.options.find((o) => o.card === code);
    if (!option) return; // not a legal card here: the table only offers legal ones
    this.current = null;
    delete this.tableElement.dataset.position;
    const s = this.s;
    const right = this.review.withinGood(decision, option, bands);
    store.answerPosition(position.id, right, now());
    await this.table.show(this.view(replay, state, position.seat, false), { speed: "none" });
    const best = decision.best.map((card) => s.cardShort(card));
    /** @type {string[]} */
    const said = [];
    if (right) {
      said.push(s.t("deck.right", { card: s.cardShort(code) }));
    } else {
      const lost = this.review.pointsGivenUp(s, decision, option);
      if (option.reply && lost.length) {
        said.push(s.t("analysis.ui.refuted", { card: s.cardShort(code), reply: s.cardShort(option.reply), points: s.series(lost) }));
      } else {
        const loss = Math.max(...decision.options.map((o) => o.value)) - option.value;
        said.push(s.t(s.pluralKey("analysis.ui.refuted_sampled", loss, true), { card: s.cardShort(code), loss: this.review.number(s, loss) }));
      }
      if (option.reason) said.push(s.t(`analysis.reasons.${option.reason}`));
      said.push(s.t(s.pluralKey("analysis.ui.shown", best.length), { cards: s.series(best) }));
    }
    this.verdict.dataset.verdict = right ? "right" : "wrong";
    setChildren(this.verdict, said.map((text) => h("p", { text })));
    const nextButton = h("button", { type: "button", class: "md-button md-button--primary", "data-action": "next", text: s.t("analysis.ui.next"), onclick: () => this.next() });
    setChildren(this.actions, nextButton, " ", this.stopButton());
    nextButton.focus();
  }
}

/** @param {() => void} run */
function whenReady(run) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
}

whenReady(() => {
  const roots = document.querySelectorAll(".cj-deck");
  if (!roots.length) return;
  const block = panelData("cj-deck-strings");
  const { dropped } = store.loadDeck();
  for (const root of roots) new DeckPanel(/** @type {HTMLElement} */ (root), block, dropped);
});
