// Interactive stepper for the worked examples.
//
// Every <script type="application/json" class="cj-example-data"> block on the page (written by
// scripts/hooks/worked_examples.py) becomes a stepper: first / previous / next / last, by
// buttons and by ← → Home End; the annotations of each step in the page language; the state
// of the deal replayed live by the rules engine, which runs in Pyodide inside a Web Worker
// (engine-worker.js); "your turn" quizzes judged by the engine; and a "replay under other
// rules" switch where the example declares alternatives.
//
// The static example on the page is never changed: it reads without JavaScript, and if the
// engine cannot load, a message in the page language says so and the static example remains.
//
// scripts/hooks/widgets.py adds this module only to pages that carry an example block, so
// rules pages never load the worker or Pyodide. It also writes #cj-stepper-strings: the
// navigation labels and the loading and failure messages in the page language (needed before
// the engine, which ships the catalogue, is there) and the relative path to the page
// language's home.
//
// The engine starts only when the reader uses a stepper (a button, a key, or focus moved
// into it): reading the page, or its static walk-through, downloads no Pyodide byte. Until the
// engine is ready the stepper shows its controls and a progress bar; the reader's first step
// is kept and made once the engine is there.
//
// A step is a position in the deal: step k is the state after the first k plays (step 0 is
// before the first card), so an example with n plays has steps 0..n.

/**
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").SeatCard} SeatCard
 * @typedef {import("./engine-client.js").Trick} Trick
 * @typedef {import("./engine-client.js").Refusal} Refusal
 * @typedef {import("./engine-client.js").PointReason} PointReason
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").StringTree} StringTree
 * @typedef {import("./engine-client.js").Child} Child
 * @typedef {import("./engine-client.js").FillParams} FillParams
 */
/**
 * The table after a step, as the narrator sees it (engine/surfaces/web_api.py _state).
 * @typedef {object} ReplayState
 * @property {number} step
 * @property {SeatCard | null} play        the card that led to this step (null at step 0)
 * @property {Trick | null} completed      the trick that card completed, if it did
 * @property {number | null} to_move
 * @property {number} leader
 * @property {{ cards: CardCode[], count: number, hidden: number }[]} hands
 * @property {SeatCard[]} trick
 * @property {CardCode | null} stock_top
 * @property {number} stock_count
 * @property {number} tricks_played
 * @property {number[]} tricks_won
 * @property {boolean} over
 * @property {CardCode[]} [legal]          only when the narrator may know them
 */
/**
 * A finished deal's points (web_api._result: engine/core/outcome.py DealResult and the count-out).
 * @typedef {object} ReplayResult
 * @property {Record<string, number | null>} points
 * @property {number[]} game_values
 * @property {PointReason[]} reasons
 * @property {boolean} jack_turned
 * @property {number[]} scores_before
 * @property {number[]} scores_after
 * @property {number | null} winner
 */
/**
 * op "replay": every state of the deal, the refusal that stopped it if any, and its points.
 * @typedef {object} ReplayAnswer
 * @property {number} players
 * @property {number} dealer
 * @property {string} trump
 * @property {CardCode} trump_card
 * @property {ReplayState[]} states
 * @property {(Refusal & { play_index: number }) | null} error
 * @property {ReplayResult | null} result
 */
/**
 * op "try": whether the seat to move after `step` plays may play the card.
 * @typedef {{ legal: true, refusal: null } | { legal: false, refusal: Refusal }} TryAnswer
 */
/**
 * Where an annotation belongs (worked_examples_model.Anchor).
 * @typedef {{ kind: "start" | "play" | "trick" | "draws" | "end", index: number | null }} Anchor
 * @typedef {{ at: Anchor, html: string, text: string }} Annotation
 */
/**
 * A "your turn" question at one play (scripts/hooks/worked_examples_render.py).
 * @typedef {object} Quiz
 * @property {number} play
 * @property {number} seat
 * @property {CardCode} choice                    the example's own card
 * @property {string | null} prompt
 * @property {string} choice_html
 * @property {{ card: CardCode, html: string | null }[]} illegal
 * @property {{ card: CardCode, html: string }[]} other
 * @property {string | null} other_html
 */
/**
 * @typedef {{ id: string, label: string, rules: unknown, plays?: CardCode[] | null, annotations?: Annotation[], record: DealRecord }} Alternative
 * @typedef {{ plays?: CardCode[], [field: string]: unknown }} DealRecord
 */
/**
 * A replay with the annotations of each step.
 * @typedef {ReplayAnswer & { notes: Map<number, Annotation[]> }} Replay
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search; // ?v=<hash> from the hook, forwarded to engine-client.js and on
// The worker, the catalogue strings and the card helpers, shared with the practice table.
/** @type {typeof import("./engine-client.js")} */
const { engine, earlyStrings, Strings, h, capitalise, cardSpan, hiddenCard, fill, reasonKey, setChildren, explainRefusal, loadStylesheet, showLoadFailure, errorMessage } =
  await import(new URL("engine-client.js" + VERSION, HERE).href);

// ----- the example data ---------------------------------------------------------------------

// Which step an annotation anchor belongs to (see worked_examples_model.Anchor).
/**
 * @param {Anchor} at
 * @param {number} players
 * @param {number} lastStep
 */
function anchorStep(at, players, lastStep) {
  if (at.kind === "start") return 0;
  if (at.kind === "play") return Math.min(Number(at.index) + 1, lastStep);
  if (at.kind === "trick" || at.kind === "draws") return Math.min(Number(at.index) * players, lastStep);
  return lastStep; // "end"
}

// An alternative's label as the reader sees it: without the configuration words an author
// may add in brackets ("Low by holder (low: holder)" reads "Low by holder").
/** @param {string | undefined} label */
function plainLabel(label) {
  const plain = String(label ?? "").replace(/\s*\([^()]*:[^()]*\)\s*$/, "");
  return plain || String(label ?? "");
}

/** @param {HTMLScriptElement} block */
function readExample(block) {
  const data = JSON.parse(block.textContent ?? "");
  return {
    slug: data.slug ?? "",
    title: data.title ?? "",
    record: data.record,
    narrator: Number.isInteger(data.narrator) ? data.narrator : null, // "all": every hand shown
    seats: data.seats ?? ["A", "B", "C"],
    annotations: data.annotations ?? [],
    /** @type {Map<number, Quiz>} */
    quizzes: new Map((data.quiz ?? []).map((/** @type {Quiz} */ quiz) => [quiz.play, quiz])),
    /** @type {Alternative[]} */
    alternatives: (data.alternatives ?? []).map((/** @type {Omit<Alternative, "record">} */ alternative) => ({
      ...alternative,
      // An alternative replays the same deal under its rules (and, if given, its own plays).
      record: { ...data.record, rules: alternative.rules, plays: alternative.plays ?? data.record.plays },
    })),
    /** @type {StringTree} */
    strings: data.strings ?? {},
  };
}
/**
 * An example as its block holds it (readExample).
 * @typedef {object} Example
 * @property {string} slug
 * @property {string} title
 * @property {DealRecord} record
 * @property {number | null} narrator
 * @property {string[]} seats
 * @property {Annotation[]} annotations
 * @property {Map<number, Quiz>} quizzes
 * @property {Alternative[]} alternatives
 * @property {StringTree} strings
 */

// ----- one stepper --------------------------------------------------------------------------

// One of the four navigation buttons, the arrow on the side it points to (hidden from
// screen readers, which read the label).
const ARROWS = { first: "«", previous: "‹", next: "›", last: "»" };
/** @typedef {keyof typeof ARROWS} Action */
/**
 * @param {Action} action
 * @param {string} label
 * @param {() => void} onclick
 */
function navButton(action, label, onclick) {
  const arrow = h("span", { "aria-hidden": "true", text: ARROWS[action] });
  const forward = action === "next" || action === "last";
  return h(
    "button",
    { type: "button", class: "md-button cj-st-nav", "data-action": action, onclick },
    forward ? [label, " ", arrow] : [arrow, " ", label],
  );
}

let stepperCount = 0;

class Stepper {
  // Set by buildLauncher(), start() and buildUi(), before anything reads them.
  /** @type {HTMLProgressElement} */ progressBar;
  /** @type {HTMLDivElement} */ status;
  /** @type {Strings} */ strings;
  /** @type {Record<Action, HTMLButtonElement>} */ buttons;
  /** @type {HTMLSpanElement} */ counter;
  /** @type {HTMLDivElement} */ table;
  /** @type {HTMLDivElement} */ quiz;
  /** @type {HTMLDivElement} */ quizFeedback;
  /** @type {HTMLDivElement} */ annotation;
  /** @type {HTMLDivElement} */ outcome;
  /** @type {HTMLDivElement} */ changes;
  /** @type {HTMLParagraphElement} */ live;
  // The "Analyse" switch, once review.js is there (buildAnalysis).
  /** @type {import("./review.js").Analyser | undefined} */ analysis;
  /** @type {HTMLDivElement} */ analysisBox;
  /** @type {HTMLButtonElement} */ analysisToggle;

  /**
   * @param {HTMLScriptElement} block
   * @param {Element} placeBefore
   */
  constructor(block, placeBefore) {
    this.block = block;
    this.example = readExample(block);
    this.id = `cj-stepper-${++stepperCount}`;
    this.step = 0;
    /** @type {Map<number, Replay>} */
    this.replays = new Map(); // -1 (the example's rules) or an alternative's index -> replay
    this.alternative = -1;
    /** @type {Set<number>} */
    this.answered = new Set(); // quiz steps answered or revealed
    this.analysisOn = false;
    this.root = h("section", {
      class: "cj-stepper",
      id: this.id,
      "data-cj-stepper": this.example.slug,
      "data-state": "idle",
    });
    /** @type {Action | null} */
    this.queued = null; // the navigation asked for before the engine was ready
    this.launcherListening = false;
    this.buildLauncher();
    placeBefore.before(this.root);
  }

  // Before the engine: the same controls, labelled from the strings the build wrote into the
  // page. Using any of them (or moving focus into the stepper) starts the engine.
  buildLauncher() {
    const early = earlyStrings();
    const total = this.example.record?.plays?.length ?? 0;
    /**
     * @param {"loading" | Action} key
     * @param {string} fallback
     */
    const label = (key, fallback) => early[key] || fallback;
    /**
     * @param {Action} action
     * @param {string} text
     */
    const button = (action, text) => {
      const control = navButton(action, text, () => this.wake(action));
      control.disabled = action === "first" || action === "previous"; // at step 0
      // A press counts from its start. Its pointerdown moves focus here, which starts the
      // engine; an engine already up (restored from its snapshot) can make the stepper ready
      // before the press ends, and the controls built then would never get its click.
      control.addEventListener("pointerdown", () => {
        if (!control.disabled) this.queued = action;
      });
      return control;
    };
    this.progressBar = h("progress", { max: "100", value: "0", class: "cj-st-progress", "aria-label": label("loading", "…") });
    this.status = h(
      "div",
      { class: "cj-st-status", role: "status", hidden: true },
      this.progressBar,
      " ",
      h("span", { class: "cj-st-status__text", text: label("loading", "…") }),
    );
    const counter = h("span", {
      class: "cj-st-counter",
      "data-role": "counter",
      // The launcher always stands at the start, before the first card.
      text: (early.step_start || "0 / {total}").replace("{total}", String(total)),
    });
    setChildren(
      this.root,
      h(
        "div",
        { class: "cj-st-controls" },
        button("first", label("first", "First")),
        button("previous", label("previous", "Previous")),
        counter,
        button("next", label("next", "Next")),
        button("last", label("last", "Last")),
      ),
      this.status,
    );
    if (this.launcherListening) return; // built again after Retry: the listeners stay
    this.launcherListening = true;
    this.root.addEventListener("focusin", () => this.wake(null));
    this.root.addEventListener("keydown", (event) => {
      if (this.root.dataset.state !== "idle" && this.root.dataset.state !== "loading") return;
      const action = this.keyAction(event);
      if (action) {
        event.preventDefault();
        this.wake(action);
      }
    });
  }

  // The reader has started to use this stepper: start the engine (once), and remember the
  // step they asked for.
  /** @param {Action | null} action */
  wake(action) {
    if (action) this.queued = action;
    if (this.root.dataset.state !== "idle") return;
    this.root.dataset.state = "loading";
    this.status.hidden = false;
    this.start();
  }

  async start() {
    const worker = engine();
    worker.onProgress((stage, fraction) => this.showProgress(stage, fraction));
    worker.start();
    try {
      const lang = earlyStrings().lang || document.documentElement.lang || "en";
      const catalogue = await worker.request({ op: "catalogue", lang });
      this.strings = new Strings(catalogue, this.example.strings);
      await this.replay(-1);
      // Every alternative at once: the switch says where each one differs before it is used.
      for (let index = 0; index < this.example.alternatives.length; index++) await this.replay(index);
    } catch (error) {
      this.showFailure(error);
      return;
    }
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focused = this.root.contains(active) ? active?.dataset.action : null;
    this.buildUi();
    this.root.dataset.state = "ready";
    this.render(false);
    if (focused) /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-action="${focused}"]:not(:disabled)`))?.focus();
    if (this.queued) {
      const action = this.queued;
      this.queued = null;
      this.navigate(action);
      // The step the reader asked for may have disabled the button they pressed.
      if (!this.root.contains(document.activeElement)) this.focusControls();
    }
    // For scripts/bench_stepper.py: from navigation to the first ready stepper.
    if (!performance.getEntriesByName("cj-stepper-ready").length) performance.mark("cj-stepper-ready");
  }

  /**
   * @param {import("./engine-client.js").Stage} stage
   * @param {number} fraction
   */
  showProgress(stage, fraction) {
    if (this.root.dataset.state !== "loading") return;
    this.progressBar.value = Math.round(100 * fraction);
  }

  /** @param {unknown} error */
  showFailure(error) {
    this.root.dataset.state = "failed";
    // The reason stays available to developers (data-error) without an error on the reader's
    // console. Retry puts the controls back and starts again, keeping the step asked for.
    showLoadFailure(this.root, error, {
      className: "cj-st-failed",
      message: earlyStrings().load_failed,
      retry: () => {
        this.root.dataset.state = "idle";
        this.buildLauncher();
        this.wake(null);
      },
    });
  }

  // Replay the whole deal under the example's rules (-1) or an alternative's, once: every
  // state comes from the engine in the worker, then is cached for stepping back and forth.
  /**
   * @param {number} alternative
   * @returns {Promise<Replay>}
   */
  async replay(alternative) {
    let replay = this.replays.get(alternative);
    if (!replay) {
      const record = alternative < 0 ? this.example.record : this.example.alternatives[alternative].record;
      const answer = await engine().request({ op: "replay", record, narrator: this.example.narrator });
      replay = Object.assign(answer, {
        notes: this.notesByStep(
          alternative < 0 ? this.example.annotations : this.example.alternatives[alternative].annotations ?? [],
          answer,
        ),
      });
      this.replays.set(alternative, replay);
    }
    return replay;
  }

  /**
   * @param {Annotation[]} annotations
   * @param {ReplayAnswer} replay
   */
  notesByStep(annotations, replay) {
    const last = replay.states.length - 1;
    /** @type {Map<number, Annotation[]>} */
    const notes = new Map();
    for (const note of annotations) {
      const step = anchorStep(note.at, replay.players, last);
      const here = notes.get(step) ?? [];
      here.push(note);
      notes.set(step, here);
    }
    return notes;
  }

  // A replay start() has made: the example's rules (-1) and every alternative are replayed
  // before the stepper shows anything.
  /** @param {number} alternative */
  replayOf(alternative) {
    return /** @type {Replay} */ (this.replays.get(alternative));
  }

  get current() {
    return this.replayOf(this.alternative);
  }

  get lastStep() {
    return this.current.states.length - 1;
  }

  // A seat's label ("A"), for tables and lists.
  /** @param {number | null | undefined} seat */
  name(seat) {
    return seat === null || seat === undefined ? this.strings.t("examples.no_one") : this.example.seats[seat];
  }

  // A seat named in a sentence (`seats.in_text.letter`). No reader sits at an example's table,
  // so sentences about seats take their other-seat form (`<key>_other`).
  /** @param {number | null | undefined} seat */
  phrase(seat) {
    return seat === null || seat === undefined ? this.strings.t("examples.no_one") : this.strings.t("seats.in_text.letter", { letter: this.example.seats[seat] });
  }

  // ----- the interface ------------------------------------------------------------------------

  buildUi() {
    const s = this.strings;
    setChildren(this.root);
    this.root.setAttribute("role", "region");
    this.root.setAttribute("aria-label", this.example.title);

    const button = (/** @type {Action} */ action) => navButton(action, s.t(`ui.${action}`), () => this.navigate(action));
    this.buttons = {
      first: button("first"),
      previous: button("previous"),
      next: button("next"),
      last: button("last"),
    };
    this.counter = h("span", { class: "cj-st-counter", "data-role": "counter" });
    const controls = h(
      "div",
      { class: "cj-st-controls" },
      this.buttons.first,
      this.buttons.previous,
      this.counter,
      this.buttons.next,
      this.buttons.last,
    );

    let switches = null;
    if (this.example.alternatives.length) {
      // One toggle button per declared alternative; aria-pressed carries the state (and a
      // check mark shows it), never colour alone.
      switches = h(
        "div",
        { class: "cj-st-rules", role: "group", "aria-label": s.t("examples.other_rules", { label: "" }).replace(/[:：]\s*$/, "") },
        this.example.alternatives.map((alternative, index) =>
          h("button", {
            type: "button",
            class: "md-button cj-st-toggle",
            "aria-pressed": "false",
            "data-action": "alternative",
            "data-alternative": String(index),
            text: s.t("examples.other_rules", { label: plainLabel(alternative.label) }),
            onclick: () => this.toggleAlternative(index),
          }),
        ),
      );
    }

    this.table = h("div", { class: "cj-st-table", "data-role": "table" });
    this.quiz = h("div", { class: "cj-st-quiz", "data-role": "quiz", hidden: true });
    this.annotation = h("div", { class: "cj-st-annotation", "data-role": "annotation" });
    this.outcome = h("div", { class: "cj-st-outcome", "data-role": "outcome", hidden: true });
    this.changes = h("div", { class: "cj-st-changes", "data-role": "changes", hidden: true });
    this.live = h("p", { class: "cj-st-sr", "aria-live": "polite", "aria-atomic": "true", "data-role": "live" });
    const analysis = this.buildAnalysis();
    this.root.append(...[controls, switches, this.changes, analysis, this.table, this.quiz, this.annotation, this.outcome, this.live].filter((part) => part !== null));
    // The keys act while focus is inside the stepper, so they never hijack the page's scrolling.
    this.root.addEventListener("keydown", (event) => this.onKey(event));
  }

  /**
   * @param {KeyboardEvent} event
   * @returns {Action | null}
   */
  keyAction(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
    /** @type {Partial<Record<string, Action>>} */
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    return keys[event.key] ?? null;
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (this.root.dataset.state !== "ready") return;
    const action = this.keyAction(event);
    if (!action) return;
    event.preventDefault();
    this.navigate(action);
  }

  // Focus on a control that is there and enabled: Next if it can be used, else the nearest.
  focusControls() {
    /** @type {Action[]} */
    const order = ["next", "last", "previous", "first"];
    for (const action of order) {
      const button = this.buttons[action];
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }

  // A quiz holds "next" until the reader has picked a card or asked for the answer; "last" and
  // "first" always work, so the stepper never traps anyone.
  /** @param {Action} action */
  navigate(action) {
    if (action === "next" && this.quizPending()) {
      this.announce(this.strings.t("examples.quiz_prompt", { player: this.phrase(this.current.states[this.step].to_move) }));
      this.quiz.querySelector("button")?.focus();
      return;
    }
    const target = {
      first: 0,
      previous: Math.max(0, this.step - 1),
      next: Math.min(this.lastStep, this.step + 1),
      last: this.lastStep,
    }[action];
    if (target === this.step) return;
    this.step = target;
    this.render(true);
  }

  activeQuiz() {
    if (this.alternative >= 0 || this.step >= this.lastStep) return null;
    return this.example.quizzes.get(this.step) ?? null;
  }

  quizPending() {
    return this.activeQuiz() !== null && !this.answered.has(this.step);
  }

  /** @param {number} index */
  async toggleAlternative(index) {
    const next = this.alternative === index ? -1 : index;
    try {
      await this.replay(next);
    } catch (error) {
      setChildren(this.annotation, h("p", { text: this.strings.t("ui.engine_error", { message: errorMessage(error) }) }));
      return;
    }
    this.alternative = next;
    this.step = Math.min(this.step, this.lastStep);
    for (const toggle of /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll("[data-action=alternative]"))) {
      toggle.setAttribute("aria-pressed", String(Number(toggle.dataset.alternative) === next));
    }
    this.root.dataset.rules = next < 0 ? "example" : this.example.alternatives[next].id ?? String(next);
    this.render(true);
  }

  // ----- the "Analyse" switch (review.js: engine/analysis/deal_analysis.py through the worker) --------------
  // When review.js is on the page, a toggle shows the engine's verdict on the card that led to
  // each step: its grade and every option's value, from the deciding seat's own view.

  buildAnalysis() {
    const holder = h("div", { class: "cj-st-analyse" });
    const attach = () => {
      const s = this.strings;
      const lang = earlyStrings().lang || document.documentElement.lang || "en";
      this.analysis = /** @type {import("./review.js").ReviewApi} */ (window.CJReview).stepAnalysis({ engine: engine(), strings: s, lang });
      this.analysisOn = false;
      this.analysisBox = h("div", { class: "cj-st-analysis", "data-role": "analysis", "aria-live": "polite", hidden: true });
      this.analysisToggle = h("button", {
        type: "button", class: "md-button cj-st-toggle", "aria-pressed": "false", "data-action": "analyse",
        text: s.t("analysis.ui.analyse_switch"),
        onclick: () => {
          this.analysisOn = !this.analysisOn;
          this.analysisToggle.setAttribute("aria-pressed", String(this.analysisOn));
          this.renderAnalysis();
        },
      });
      holder.append(h("div", { class: "cj-st-rules" }, this.analysisToggle), this.analysisBox);
    };
    // review.js loads beside this module: attach the switch whenever it is there.
    if (window.CJReview?.stepAnalysis) attach();
    else document.addEventListener("cj-review-ready", attach, { once: true });
    return holder;
  }

  async renderAnalysis() {
    if (!this.analysis) return;
    this.analysisBox.hidden = !this.analysisOn;
    if (!this.analysisOn) return;
    const step = this.step;
    const record = this.alternative < 0 ? this.example.record : this.example.alternatives[this.alternative].record;
    try {
      const analysis = this.analysis;
      const decisions = await analysis.analyse(record, (text) => (this.analysisBox.textContent = text));
      if (step !== this.step || !this.analysisOn) return; // the reader moved on meanwhile
      setChildren(this.analysisBox, analysis.render(decisions, step, (seat) => this.phrase(seat)));
    } catch (error) {
      this.analysisBox.textContent = this.strings.t("analysis.ui.failed", { message: errorMessage(error) });
    }
  }

  // ----- rendering ----------------------------------------------------------------------------

  /** @param {boolean} announce */
  render(announce) {
    const replay = this.current;
    const state = replay.states[this.step];
    const hadFocus = this.root.contains(document.activeElement);
    this.root.dataset.step = String(this.step);
    this.counter.textContent = this.stepText();
    this.buttons.first.disabled = this.buttons.previous.disabled = this.step === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = this.step === this.lastStep;
    setChildren(this.table, this.renderTable(replay, state));
    this.renderQuiz(state);
    this.renderAnnotation(replay);
    this.renderChanges();
    this.renderOutcome(replay);
    this.renderAnalysis();
    this.syncNext();
    // A focused button that became disabled, or a quiz card that was just replaced, would
    // drop focus to <body> and the keys would stop working: keep it in the stepper.
    const active = document.activeElement;
    if (hadFocus && (!this.root.contains(active) || (active instanceof HTMLButtonElement && active.disabled))) {
      this.focusControls();
    }
    if (announce) this.announce(this.describe(state));
  }

  syncNext() {
    if (this.quizPending()) this.buttons.next.setAttribute("aria-disabled", "true");
    else this.buttons.next.removeAttribute("aria-disabled");
  }

  /**
   * @param {Replay} replay
   * @param {ReplayState} state
   */
  renderTable(replay, state) {
    const s = this.strings;
    const trump = replay.trump;
    const fragment = document.createDocumentFragment();
    fragment.append(
      h(
        "p",
        { class: "cj-st-facts" },
        `${s.t("ui.trump")}${s.t("ui.label_colon")}`,
        h("strong", { text: `${s.t(`suits.${trump}.symbol`)} ${s.suitName(trump)}` }),
        " · ",
        this.renderStock(replay, state),
      ),
    );

    const hands = h("div", { class: "cj-st-hands" });
    state.hands.forEach((hand, seat) => {
      const toMove = state.to_move === seat;
      hands.append(
        h(
          "div",
          { class: "cj-st-hand" + (toMove ? " cj-st-hand--to-move" : ""), "data-seat": String(seat) },
          h(
            "p",
            { class: "cj-st-hand__name" },
            h("strong", { text: this.name(seat) }),
            seat === replay.dealer ? ` · ${s.t("ui.dealer")}` : "",
            toMove ? h("span", { class: "cj-st-to-play" }, s.t("ui.dash"), s.t("ui.to_play")) : "",
            ` · ${s.t("ui.tricks_won")}${s.t("ui.label_colon")}${state.tricks_won[seat]}`,
          ),
          h(
            "p",
            { class: "cj-cards cj-st-cards" },
            hand.cards.map((code) => [cardSpan(s, code), " "]),
            Array.from({ length: hand.hidden }, () => [hiddenCard(s), " "]),
          ),
        ),
      );
    });
    fragment.append(hands);

    fragment.append(
      h(
        "div",
        { class: "cj-st-trick", "data-role": "trick" },
        h("p", {}, h("strong", { text: s.t("ui.current_trick") }), s.t("ui.label_colon"),
          state.trick.length
            ? state.trick.map((play, i) => [i ? " · " : "", `${this.name(play.seat)} `, cardSpan(s, play.card)])
            : "—"),
      ),
    );

    if (state.completed) {
      const done = state.completed;
      fragment.append(
        h(
          "div",
          { class: "cj-st-completed", "data-role": "completed", "data-winner": String(done.winner) },
          h(
            "p",
            {},
            h("strong", { text: s.t("ui.trick", { n: done.number }) }),
            s.t("ui.label_colon"),
            done.cards.map((play, i) => [i ? " · " : "", `${this.name(play.seat)} `, cardSpan(s, play.card)]),
            s.t("ui.dash"),
            s.t("ui.wins_trick_other", { player: this.phrase(done.winner) }),
          ),
          done.draws.length
            ? h(
                "p",
                {},
                `${s.t("ui.draws")}${s.t("ui.label_colon")}`,
                done.draws.map((draw, i) => [
                  i ? " · " : "",
                  fill(s, "ui.draw_other", {
                    player: this.phrase(draw.seat),
                    card: draw.card ? cardSpan(s, draw.card) : hiddenCard(s),
                  }),
                ]),
              )
            : null,
        ),
      );
    }
    return fragment;
  }

  // The stock: its top card and count. With three players the stock never divides evenly:
  // the card that can never be drawn is shown as out of play (RULES.md §3), not as a stock.
  /**
   * @param {Replay} replay
   * @param {ReplayState} state
   */
  renderStock(replay, state) {
    const s = this.strings;
    const count = state.stock_count;
    const top = state.stock_top ? cardSpan(s, state.stock_top) : hiddenCard(s);
    if (count > 0 && count < replay.players) {
      return h(
        "span",
        { "data-role": "stock", "data-out-of-play": String(count) },
        s.t("ui.stock_empty"),
        " · ",
        h("span", { "data-role": "out-of-play" }, fill(s, "examples.out_of_play", { card: top })),
      );
    }
    return h(
      "span",
      { "data-role": "stock" },
      `${s.t("ui.stock_top")}${s.t("ui.label_colon")}`,
      count ? top : "—",
      " · ",
      count ? capitalise(s.count("ui.cards_left", count)) : s.t("ui.stock_empty"),
    );
  }

  /** @param {Replay} replay */
  renderAnnotation(replay) {
    // Under other rules the example's own note for a step stays only while the deal has gone
    // the same way so far (same cards, same winners, same draws); from the step where the
    // story changes, only the alternative's notes are true of the table, so only they show.
    const base = this.replayOf(-1);
    /** @type {Annotation[]} */
    let own = [];
    if (this.alternative >= 0) {
      const from = this.differenceStep(this.alternative, { story: true });
      if (from === null || this.step < from) own = base.notes.get(this.step) ?? [];
    }
    const notes = [...own, ...(replay.notes.get(this.step) ?? [])];
    const children = notes.map((note) => h("p", { html: note.html }));
    setChildren(this.annotation, ...children);
    this.annotation.hidden = children.length === 0;
  }

  // The engine's refusal in the page language, citing (and linking) the rule.
  /** @param {Refusal} refusal */
  explain(refusal) {
    return explainRefusal(this.strings, refusal);
  }

  /** @param {ReplayState} state */
  renderQuiz(state) {
    const s = this.strings;
    const quiz = this.activeQuiz();
    if (!quiz || state.to_move === null) {
      this.quiz.hidden = true;
      setChildren(this.quiz);
      return;
    }
    const seat = state.to_move;
    const answered = this.answered.has(this.step);
    this.quizFeedback = h("div", { class: "cj-st-feedback", "data-role": "feedback" });
    // The whole hand is offered, legal or not: the engine judges the choice.
    setChildren(this.quiz,
      h("p", { class: "cj-st-quiz__prompt" }, h("strong", { text: s.t("examples.quiz_prompt", { player: this.phrase(seat) }) }),
        quiz.prompt ? [" ", h("span", { html: quiz.prompt })] : null),
      h(
        "div",
        { class: "cj-st-choices", role: "group", "aria-label": s.t("examples.quiz_prompt", { player: this.phrase(seat) }) },
        state.hands[seat].cards.map((code) =>
          h("button", {
            type: "button",
            class: `cj-card cj-${code[1].toLowerCase()} cj-st-card cj-st-choice`,
            // The name starts with the visible text (speech control users say what they see),
            // then the card's full name.
            "aria-label": `${s.cardShort(code)} ${s.cardName(code)}`,
            "data-card": code,
            "data-action": "pick",
            text: s.cardShort(code),
            onclick: () => this.pick(code),
          }),
        ),
        h("button", {
          type: "button",
          class: "md-button cj-st-reveal",
          "data-action": "reveal",
          text: s.t("examples.show_answer"),
          onclick: () => this.reveal(),
        }),
      ),
      this.quizFeedback,
    );
    if (answered) this.showChoice(quiz, "revealed");
    this.quiz.hidden = false;
  }

  // The example's own card, with the author's explanation.
  /**
   * @param {Quiz} quiz
   * @param {string} verdict
   * @param {Child[]} [before]
   */
  showChoice(quiz, verdict, before = []) {
    const s = this.strings;
    this.quizFeedback.dataset.verdict = verdict;
    setChildren(this.quizFeedback,
      ...before,
      h("p", {},
        verdict === "correct" ? h("span", { class: "cj-st-verdict", "aria-hidden": "true", text: "✓ " }) : null,
        fill(s, "examples.example_choice", { player: this.phrase(quiz.seat), card: cardSpan(s, quiz.choice) })),
      quiz.choice_html ? h("p", { class: "cj-st-author", html: quiz.choice_html }) : null,
    );
  }

  /** @param {CardCode} code */
  async pick(code) {
    const s = this.strings;
    const quiz = this.activeQuiz();
    const step = this.step;
    let answer;
    try {
      answer = await engine().request({ op: "try", record: this.example.record, step, card: code });
    } catch (error) {
      setChildren(this.quizFeedback, h("p", { text: s.t("ui.engine_error", { message: errorMessage(error) }) }));
      return;
    }
    if (step !== this.step || !quiz) return; // the reader moved on meanwhile
    if (!answer.legal) {
      // The engine's reason, then the author's word on this mistake if the example has one.
      const authored = (quiz.illegal ?? []).find((mistake) => mistake.card === code);
      this.quizFeedback.dataset.verdict = "illegal";
      setChildren(this.quizFeedback,
        h("p", {}, h("span", { class: "cj-st-verdict", "aria-hidden": "true", text: "✗ " }), cardSpan(s, code), s.t("ui.dash"),
          this.explain(answer.refusal)),
        authored?.html ? h("p", { class: "cj-st-author", html: authored.html }) : null,
      );
      this.announce(this.quizFeedback.textContent);
      return;
    }
    this.answered.add(step);
    if (code === quiz.choice) {
      this.showChoice(quiz, "correct");
    } else {
      // A legal card other than the example's: the author's explanation of that choice.
      const other = (quiz.other ?? []).find((item) => item.card === code);
      const html = other?.html ?? quiz.other_html;
      this.showChoice(quiz, "other", [
        h("p", {}, fill(s, "examples.other_choice", { card: cardSpan(s, code) })),
        html ? h("p", { class: "cj-st-author", "data-role": "other", html }) : null,
      ]);
    }
    this.syncNext();
    this.announce(this.quizFeedback.textContent);
  }

  reveal() {
    const quiz = this.activeQuiz();
    if (!quiz) return;
    this.answered.add(this.step);
    this.showChoice(quiz, "revealed");
    this.syncNext();
    this.announce(this.quizFeedback.textContent);
    this.buttons.next.focus();
  }

  /** @param {Replay} replay */
  renderOutcome(replay) {
    const s = this.strings;
    if (this.step !== this.lastStep || !replay.result) {
      this.outcome.hidden = true;
      setChildren(this.outcome);
      return;
    }
    const result = replay.result;
    const values = result.game_values.map((value, seat) => `${this.name(seat)} ${value}`).join(" – ");
    const items = result.reasons.map((reason) =>
      h(
        "li",
        { "data-point": reason.point, "data-seat": reason.seat === null ? "" : String(reason.seat) },
        h("strong", { text: `${s.pointLabel(reason.point)}${s.t("ui.label_colon")}${this.name(reason.seat)}` }),
        s.t("ui.dash"),
        fill(s, reasonKey(reason.key, reason.seat, null), {
          player: this.phrase(reason.seat),
          card: reason.card ? cardSpan(s, reason.card) : "",
          trick: String(reason.trick ?? ""),
          ...(reason.values ? s.cardValueParams(reason.values, (seat) => this.name(seat)) : {}),
        }),
      ),
    );
    const scores = result.scores_after.map((score, seat) => `${this.name(seat)} ${score}`).join(" – ");
    const children = [
      h("p", {}, h("strong", { text: s.t("ui.deal_points") })),
      h("ul", { "data-role": "points" }, items),
      h("p", { text: `${s.t("ui.card_values")}${s.t("ui.label_colon")}${values}` }),
      h("p", { text: `${s.t("ui.score")}${s.t("ui.label_colon")}${scores}` }),
    ];
    if (result.winner !== null) children.push(h("p", {}, h("strong", { text: s.t("ui.wins_match_other", { player: this.phrase(result.winner) }) })));
    setChildren(this.outcome, ...children.filter(Boolean));
    this.outcome.hidden = false;
  }

  // The first step at which the deal under an alternative's rules differs from the example's
  // (a different state, or the step whose play those rules refuse), the last step when only
  // the count-out differs, or null when nothing differs.
  // With `story`, only what happened counts (the cards, winners, draws and points), not which
  // cards the rules would allow next.
  /**
   * @param {number} index
   * @param {{ story?: boolean }} [options]
   * @returns {number | null}
   */
  differenceStep(index, { story = false } = {}) {
    const base = this.replayOf(-1);
    const other = this.replayOf(index);
    const shared = Math.min(base.states.length, other.states.length);
    const shown = (/** @type {ReplayState} */ state) => JSON.stringify(story ? { ...state, legal: null } : state);
    for (let step = 0; step < shared; step++) {
      if (shown(base.states[step]) !== shown(other.states[step])) return step;
    }
    if (other.error || base.states.length !== other.states.length) return shared - 1;
    return JSON.stringify(base.result) === JSON.stringify(other.result) ? null : other.states.length - 1;
  }

  // The "what changes" box, at every step while other rules are on: where the deal first
  // differs (with a button that goes there), where the replay stops if those rules refuse a
  // play, and which points change hands.
  renderChanges() {
    const s = this.strings;
    if (this.alternative < 0) {
      this.changes.hidden = true;
      setChildren(this.changes);
      return;
    }
    const base = this.replayOf(-1);
    const other = this.current;
    const at = this.differenceStep(this.alternative);
    /** @type {HTMLElement[]} */
    const children = [h("p", {}, h("strong", { text: s.t("examples.what_changes") }))];
    if (at === null) {
      children.push(h("p", { "data-role": "no-difference", text: s.t("ui.rules_no_difference") }));
    } else {
      children.push(
        h(
          "p",
          { "data-role": "difference", "data-step": String(at) },
          s.t("ui.rules_differ_at", { n: at }),
          " ",
          at === this.step
            ? null
            : h("button", {
                type: "button",
                class: "cj-st-jump",
                "data-action": "jump",
                "data-step": String(at),
                text: s.t("ui.rules_go_to_step", { n: at }),
                onclick: () => this.jump(at),
              }),
        ),
      );
    }
    if (at !== null) {
      // What changes there, and (when that was only which cards may be played) where the play
      // itself first goes another way.
      children.push(...this.describeChange(at));
      const story = this.differenceStep(this.alternative, { story: true });
      if (story !== null && story !== at) children.push(...this.describeChange(story));
    }
    if (other.error) {
      const error = other.error;
      children.push(
        h(
          "p",
          { class: "cj-st-refused", "data-role": "changes-refusal" },
          fill(s, "examples.stopped_at", { n: String(error.play_index + 1), card: error.card ? cardSpan(s, error.card) : hiddenCard(s) }),
          " ",
          this.explain(error),
        ),
      );
    } else if (base.result && other.result) {
      const [was, now] = [base.result.points, other.result.points];
      const moved = Object.keys(now).filter((point) => was[point] !== now[point]);
      children.push(
        moved.length
          ? h(
              "ul",
              {},
              moved.map((point) =>
                h("li", { "data-point": point },
                  `${s.pointLabel(point)}${s.t("ui.label_colon")}${this.name(was[point])} → ${this.name(now[point])}`),
              ),
            )
          : h("p", { "data-role": "same-points", text: s.t("ui.rules_same_points") }),
      );
    }
    setChildren(this.changes, ...children);
    this.changes.hidden = false;
  }

  // What is different at step `at` under the alternative's rules, in words: the card played, or
  // the cards the seat to move may play. (With the same cards, no rule option changes a trick's
  // winner or the draws, so nothing else can differ first.)
  /** @param {number} at */
  describeChange(at) {
    const s = this.strings;
    const before = this.replayOf(-1).states[at];
    const after = this.current.states[at];
    if (!before || !after) return [];
    /**
     * @param {string} key
     * @param {FillParams} params
     */
    const line = (key, params) => h("p", { "data-role": "change", "data-step": String(at) }, fill(s, key, { n: String(at), ...params }));
    if (before.play && after.play && before.play.card !== after.play.card) {
      return [line("examples.change_play", { player: this.phrase(after.play.seat), card: cardSpan(s, after.play.card), other: cardSpan(s, before.play.card) })];
    }
    const cards = (/** @type {CardCode[]} */ codes) => h("span", {}, codes.map((code, i) => [i ? " " : "", cardSpan(s, code)]));
    const was = new Set(before.legal ?? []);
    const now = new Set(after.legal ?? []);
    const allowed = [...now].filter((code) => !was.has(code));
    const refused = [...was].filter((code) => !now.has(code));
    const seat = after.to_move;
    const lines = [];
    if (seat !== null && seat !== undefined && allowed.length) lines.push(line("examples.change_allowed", { player: this.phrase(seat), cards: cards(allowed) }));
    if (seat !== null && seat !== undefined && refused.length) lines.push(line("examples.change_refused", { player: this.phrase(seat), cards: cards(refused) }));
    return lines;
  }

  /** @param {number} step */
  jump(step) {
    this.step = Math.min(step, this.lastStep);
    this.render(true);
    this.focusControls();
  }

  // Where the reader stands: "Step 3 of 24", or, before the first card, the start ("Step 0"
  // reads as a slip).
  stepText() {
    const total = this.lastStep;
    return this.step === 0 ? this.strings.t("ui.step_start", { total }) : this.strings.t("ui.step", { n: this.step, total });
  }

  // What the live region says when the step changes.
  /** @param {ReplayState} state */
  describe(state) {
    const s = this.strings;
    const parts = [this.stepText()];
    if (state.play) parts.push(s.t("ui.plays_other", { player: this.phrase(state.play.seat), card: s.cardName(state.play.card) }));
    if (state.completed) {
      parts.push(s.t("ui.wins_trick_other", { player: this.phrase(state.completed.winner) }));
      for (const draw of state.completed.draws) {
        const card = draw.card ? s.cardName(draw.card) : s.t("ui.hidden_card");
        parts.push(s.t("ui.draw_other", { player: this.phrase(draw.seat), card }));
      }
    }
    if (this.quizPending()) parts.push(s.t("examples.quiz_prompt", { player: this.phrase(state.to_move) }));
    const annotation = this.annotation.textContent.trim();
    if (annotation) parts.push(annotation);
    // Each part ends as a sentence, so a screen reader pauses between them.
    return parts.map((part) => part.trim().replace(/[:;,]$/, "")).map((part) => (/[.!?…]$/.test(part) ? part : part + ".")).join(" ");
  }

  /** @param {string} text */
  announce(text) {
    // Cleared first so that a repeated message is read again.
    this.live.textContent = "";
    requestAnimationFrame(() => {
      this.live.textContent = text;
    });
  }
}

function main() {
  const blocks = [.../** @type {NodeListOf<HTMLScriptElement>} */ (document.querySelectorAll("script.cj-example-data"))];
  if (!blocks.length) return;
  // With one example on the page, the stepper goes above the static walkthrough (the failure
  // message speaks of "the example below"); otherwise each stepper goes where its block is.
  const article = blocks[0].closest("article") ?? document.body;
  const firstSection = blocks.length === 1 ? article.querySelector("h2") : null;
  for (const block of blocks) {
    try {
      new Stepper(block, firstSection ?? block); // waits for the reader to use it
    } catch {
      continue; // an unreadable block: leave the static page as it is
    }
  }
}

// The hook loads this module async from <head>, and only on pages with an example: fetch the
// stylesheet and put the steppers in place when the page's content is there. The engine waits
// for the reader (Stepper.wake).
loadStylesheet("stepper.css");
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main, { once: true });
else main();
