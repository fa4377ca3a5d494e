// The Puzzles page: exact endgame problems (tutorials/puzzles.jsonl, published by
// scripts/hooks/puzzles.py as assets/puzzles/puzzles.json) played on the card table.
//
// The engine (Pyodide worker, engine-client.js) answers two questions, engine/surfaces/web_api.py:
// `puzzle_position` (the table at the puzzle's position) and `puzzle_play` (the exact verdict
// on a card, with the states along the opponent's best line). The page never decides right or
// wrong itself. Rating, daily pick and stored-data checks are puzzle-rating.js; storage is
// puzzle-store.js; drawing is table.js (CardTable, used through its public API only).
//
// Hooks kept for tests: .cj-puzzles[data-state] (loading, ready, failed), [data-puzzle] (the
// id shown), [data-status] (playing, solved, failed, shown, busy); data-role theme, difficulty,
// title, themes, task, values, feedback, notice, rating, streak, solved, hand, trick;
// data-action daily, next, show, retry, reset, reset-yes, reset-no, delete; data-card.

/**
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").Trick} Trick
 * @typedef {import("./engine-client.js").TextParams} TextParams
 * @typedef {import("./stepper.js").ReplayState} ReplayState
 * @typedef {import("./table.js").TableView} TableView
 * @typedef {import("./table.js").TableTrick} TableTrick
 * @typedef {import("./table.js").Speed} Speed
 * @typedef {import("./puzzle-rating.js").PersonalPuzzle} PersonalPuzzle
 * @typedef {import("./puzzle-rating.js").Progress} Progress
 */
/**
 * A puzzle of the set (assets/puzzles/puzzles.json, scripts/hooks/puzzles.py FIELDS).
 * @typedef {object} SetPuzzle
 * @property {string} id
 * @property {{ plays: CardCode[], [field: string]: unknown }} record
 * @property {number} seat
 * @property {CardCode[]} solution   the seat's cards, one per move
 * @property {string[]} themes
 * @property {number} rating
 */
/**
 * The table at a puzzle's position: a replay state with the card values won so far.
 * @typedef {ReplayState & { values: number[] }} PuzzleState
 */
/**
 * op "puzzle_position".
 * @typedef {{ players: number, dealer: number, trump: string, trump_card: CardCode, seat: number, state: PuzzleState }} PositionAnswer
 */
/**
 * op "puzzle_play": the exact verdict on a card (engine/analysis/puzzles.py judge) and the
 * states along the line that follows it.
 * @typedef {object} PuzzlePlayAnswer
 * @property {CardCode} card
 * @property {boolean} correct
 * @property {CardCode[]} best
 * @property {string[]} lost       points the card loses against the best
 * @property {string[]} conceded   points it hands the opponent
 * @property {string | null} reason
 * @property {string | null} advantage
 * @property {CardCode[]} line     the replies and the best play after the card
 * @property {Trick[]} tricks
 * @property {PuzzleState[]} states
 */
/**
 * The puzzle on screen, and how far the reader got: `kind` says which sort of puzzle it is.
 * @typedef {({ kind: "set" | "daily", puzzle: SetPuzzle } | { kind: "personal", puzzle: PersonalPuzzle })
 *   & { step: number, plays: CardCode[], finished: boolean, counted: boolean, over?: boolean, rated?: number | null }} OnScreen
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {[typeof import("./engine-client.js"), typeof import("./table.js"), typeof import("./puzzle-rating.js"), typeof import("./puzzle-store.js")]} */
const [client, tableModule, rating, store] = await Promise.all([
  // The engine starts as soon as its client is there, while the other modules still load.
  import(new URL("engine-client.js" + VERSION, HERE).href).then((loaded) => {
    loaded.engine().start();
    return loaded;
  }),
  import(new URL("table.js" + VERSION, HERE).href),
  import(new URL("puzzle-rating.js" + VERSION, HERE).href),
  import(new URL("puzzle-store.js" + VERSION, HERE).href),
]);
const { engine, earlyStrings, Strings, h, setChildren, loadStylesheet, capitalise, showLoadFailure, lineOfPlay, bringIntoView, errorMessage } = client;
const { CardTable } = tableModule;

const DATA = new URL("../puzzles/puzzles.json" + VERSION, HERE).href;
/** @type {Record<string, [number, number]>} */
const LEVELS = { easy: [0, 1299], medium: [1300, 1699], hard: [1700, 99999] };
const PERSONAL = "personal";

class Puzzles {
  // Set by start() and buildUi(), before anything reads them.
  /** @type {string} */ lang;
  /** @type {import("./engine-client.js").Strings} */ strings;
  /** @type {SetPuzzle[]} */ set;
  /** @type {Progress} */ progress;
  /** @type {PersonalPuzzle[]} */ personal;
  /** @type {HTMLSelectElement} */ themeSelect;
  /** @type {HTMLSelectElement} */ levelSelect;
  /** @type {HTMLDivElement} */ notices;
  /** @type {HTMLParagraphElement} */ title;
  /** @type {HTMLParagraphElement} */ themesLine;
  /** @type {HTMLParagraphElement} */ linkLine;
  /** @type {HTMLParagraphElement} */ task;
  /** @type {HTMLDivElement} */ tableElement;
  /** @type {import("./table.js").CardTable} */ table;
  /** @type {HTMLParagraphElement} */ values;
  /** @type {HTMLDivElement} */ feedback;
  /** @type {HTMLDivElement} */ actions;
  /** @type {HTMLElement} */ progressBox;
  /** @type {HTMLDivElement} */ resetBox;
  // Set by open() for the puzzle on screen.
  /** @type {{ players: number, dealer: number, trump: string, trumpCard: CardCode, seat: number }} */ meta;
  /** @type {TableTrick | null} */ lastTrick;
  /** @type {PuzzleState | undefined} */ lastState;

  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.busy = false;
    this.cancel = false; // a line being played out is cut short (interrupt)
    /** @type {OnScreen | null} */
    this.current = null;
    root.dataset.state = "loading";
    root.setAttribute("role", "region");
    this.progressBar = h("progress", { max: "100", value: "5", "aria-label": earlyStrings().loading || "…" });
    setChildren(root, h("div", { class: "cj-pz-status", role: "status" }, this.progressBar, " ", earlyStrings().loading || "…"));
  }

  async start() {
    const worker = engine();
    worker.onProgress((stage) => {
      /** @type {Partial<Record<string, number>>} */
      const values = { runtime: 10, engine: 80, ready: 95 };
      const value = values[stage];
      if (this.root.dataset.state === "loading" && value !== undefined) this.progressBar.value = value;
    });
    try {
      this.lang = earlyStrings().lang || document.documentElement.lang || "en";
      const [answer, data] = await Promise.all([
        worker.request({ op: "catalogue", lang: this.lang }),
        fetch(DATA).then((response) => {
          if (!response.ok) throw new Error(`puzzles.json: HTTP ${response.status}`);
          return response.json();
        }),
      ]);
      this.strings = new Strings(answer, {});
      if (!data || data.version !== 1 || !Array.isArray(data.puzzles) || !data.puzzles.length) throw new Error("puzzles.json: unexpected content");
      this.set = data.puzzles;
    } catch (error) {
      this.fail(error);
      return;
    }
    const progress = store.loadProgress();
    const personal = store.loadPersonal();
    this.progress = progress.value;
    this.personal = personal.value.puzzles;
    this.buildUi();
    this.root.dataset.state = "ready";
    if (progress.dropped) this.notice(this.t("puzzles.corrupt"));
    if (personal.dropped) this.notice(this.t("puzzles.corrupt_personal"));
    // The filters chosen last time (a value this page no longer offers is dropped, and said).
    const filters = store.loadFilters({ themes: [...this.themeNames().map(([theme]) => theme), PERSONAL], levels: Object.keys(LEVELS) });
    this.themeSelect.value = filters.value.theme;
    this.levelSelect.value = filters.value.level;
    if (filters.dropped) this.notice(this.t("puzzles.corrupt_filters"));
    this.renderProgress();
    // ?puzzle=<id> opens that puzzle; ids are written in lower case, so P0148 is p0148. An id
    // that names no puzzle is said, never silently replaced by the puzzle of the day.
    const query = new URLSearchParams(location.search);
    const asked = query.get("puzzle");
    const id = asked?.trim().toLowerCase();
    const personalAsked = this.personal.find((p) => p.id === id);
    const setAsked = this.set.find((p) => p.id === id);
    if (personalAsked) {
      this.themeSelect.value = PERSONAL;
      await this.open(personalAsked, "personal");
    } else if (setAsked) await this.open(setAsked, "set");
    else {
      if (asked !== null) this.notice(this.t("puzzles.unknown_id", { id: asked.slice(0, 40) }), "unknown-id");
      await this.openDaily();
    }
  }

  /** @param {unknown} error */
  fail(error) {
    this.root.dataset.state = "failed";
    showLoadFailure(this.root, error, {
      className: "cj-pz-failed",
      message: earlyStrings().load_failed,
      retry: () => new Puzzles(this.root).start(),
    });
  }

  /**
   * @param {string} key
   * @param {TextParams} [params]
   */
  t(key, params) {
    return this.strings.t(key, params);
  }

  // A list of cards in a message as the table shows them (K♠, 9♦): a list takes no article in
  // any language, unlike one card in a sentence, which a template gives one with {card.the}.
  /** @param {CardCode[]} codes */
  cards(codes) {
    return codes.map((code) => this.strings.cardShort(code)).join(", ");
  }

  // ----- the page -----------------------------------------------------------------------------

  /**
   * @param {string} action
   * @param {string} label
   * @param {() => void} onclick
   */
  button(action, label, onclick, primary = false) {
    return h("button", { type: "button", class: "md-button" + (primary ? " md-button--primary" : ""), "data-action": action, text: label, onclick });
  }

  buildUi() {
    const t = (/** @type {string} */ key, /** @type {TextParams} */ params = {}) => this.t(key, params);
    this.themeSelect = h(
      "select",
      { id: "cj-pz-theme", "data-role": "theme", onchange: () => this.filtersChanged() },
      h("option", { value: "", text: t("puzzles.all_themes") }),
      this.themeNames().map(([theme, name]) => h("option", { value: theme, text: name })),
      h("option", { value: PERSONAL, text: t("puzzles.personal"), "data-role": "personal-option" }),
    );
    this.levelSelect = h(
      "select",
      { id: "cj-pz-level", "data-role": "difficulty", onchange: () => this.filtersChanged() },
      h("option", { value: "", text: t("puzzles.any_difficulty") }),
      Object.keys(LEVELS).map((level) => h("option", { value: level, text: t(`puzzles.levels.${level}`) })),
    );
    this.notices = h("div", { class: "cj-pz-notices", "data-role": "notice", role: "status" });
    const controls = h(
      "fieldset",
      { class: "cj-pz-controls" },
      h("legend", { text: t("puzzles.choose") }),
      h("label", { for: "cj-pz-theme", text: t("puzzles.theme") }), " ", this.themeSelect, " ",
      h("label", { for: "cj-pz-level", text: t("puzzles.difficulty") }), " ", this.levelSelect,
      h("div", {}, this.button("daily", t("puzzles.daily"), () => this.openDaily()), this.button("next", t("puzzles.next"), () => this.next(), true)),
    );
    this.title = h("p", { class: "cj-pz-title", "data-role": "title" });
    this.themesLine = h("p", { class: "cj-pz-themes", "data-role": "themes" });
    // The puzzle's own address, to share or keep (a personal puzzle lives on this device only).
    this.linkLine = h("p", { class: "cj-pz-link" }, h("a", { "data-role": "puzzle-link", text: t("puzzles.link") }));
    this.task = h("p", { class: "cj-pz-task", "data-role": "task" });
    this.tableElement = h("div", { class: "cj-pz-table", role: "group", "aria-label": t("puzzles.table") });
    this.table = new CardTable(this.tableElement, { strings: this.strings, onCard: (code) => this.play(code) });
    this.values = h("p", { class: "cj-pz-values", "data-role": "values" });
    this.feedback = h("div", { class: "cj-pz-feedback", "data-role": "feedback", role: "status", "aria-live": "polite" });
    this.actions = h(
      "div",
      { class: "cj-pz-actions" },
      this.button("show", t("puzzles.show"), () => this.showSolution()),
      this.button("retry", t("puzzles.retry"), () => this.retry()),
      this.button("next", t("puzzles.next"), () => this.next(), true),
      this.button("delete", t("puzzles.delete"), () => this.deleteCurrent()),
    );
    this.progressBox = h("section", { class: "cj-pz-progress", "aria-label": t("puzzles.progress") });
    setChildren(this.root, this.notices, controls, this.title, this.themesLine, this.linkLine, this.task, this.tableElement, this.values, this.feedback, this.actions, this.progressBox);
  }

  themeNames() {
    const themes = new Set(this.set.flatMap((p) => p.themes));
    return [...themes].map((theme) => [theme, this.t(`puzzles.themes.${theme}`)]).sort((a, b) => a[1].localeCompare(b[1], this.lang));
  }

  /**
   * @param {string} text
   * @param {string | null} [kind]
   */
  notice(text, kind = null) {
    this.notices.append(h("p", { class: "cj-pz-notice", "data-kind": kind, text }));
  }

  // A new theme or difficulty: kept for the next visit, and the next puzzle that fits.
  filtersChanged() {
    store.saveFilters({ theme: this.themeSelect.value, level: this.levelSelect.value });
    this.next();
  }

  // The verdict: sentences (one paragraph each) and lines of play (elements, kept as they are).
  /** @param {(string | HTMLElement | null)[]} parts */
  say(...parts) {
    // A sentence may start with a card's name ("jack of clubs is not..."): capitalised.
    setChildren(this.feedback, parts.filter(Boolean).map((part) => (typeof part === "string" ? h("p", { text: capitalise(part) }) : part)));
  }

  // What follows a card, trick by trick, from the engine's answer (`tricks`).
  /** @param {PuzzlePlayAnswer} answer */
  line(answer) {
    const seat = this.meta.seat;
    return lineOfPlay(this.strings, answer.tricks, { you: seat, name: () => this.t("seats.in_text.opponent") });
  }

  // Why a right card is right: what it does better than the strongest wrong card.
  /** @param {PuzzlePlayAnswer} answer */
  advantage(answer) {
    return answer.advantage ? this.t(`analysis.advantages.${answer.advantage}`) : null;
  }

  renderProgress() {
    const p = this.progress;
    const t = (/** @type {string} */ key, /** @type {TextParams} */ params = {}) => this.t(key, params);
    this.resetBox = h("div", { class: "cj-pz-reset" }, this.button("reset", t("puzzles.reset"), () => this.askReset()));
    setChildren(
      this.progressBox,
      h("p", { class: "cj-pz-progress-title", text: t("puzzles.progress") }),
      h("p", { "data-role": "rating", text: t("puzzles.rating", { rating: Math.round(p.player.rating), rd: Math.round(p.player.rd) }) }),
      // A new rating swings hard (Glicko: it starts uncertain): the page says why, until it settles.
      rating.isProvisional(p.player) ? h("p", { "data-role": "provisional", text: t("puzzles.provisional", { limit: rating.PROVISIONAL_RD }) }) : null,
      h("p", { "data-role": "streak", text: t("puzzles.streak", { n: p.streak, best: p.bestStreak }) }),
      h("p", { "data-role": "solved", text: t("puzzles.solved_count", { n: p.solved.length, total: this.set.length }) }),
      this.resetBox,
    );
  }

  askReset() {
    const no = this.button("reset-no", this.t("puzzles.cancel"), () => this.renderProgress());
    setChildren(
      this.resetBox,
      h("p", { role: "alert", text: this.t("puzzles.reset_confirm") }),
      this.button("reset-yes", this.t("puzzles.reset_yes"), () => {
        this.progress = store.resetProgress();
        this.renderProgress();
        this.say(this.t("puzzles.reset_done"));
        /** @type {HTMLElement | null} */ (this.progressBox.querySelector("[data-action=reset]"))?.focus();
      }),
      no,
    );
    no.focus();
  }

  // ----- choosing -----------------------------------------------------------------------------

  /** @returns {(SetPuzzle | PersonalPuzzle)[]} */
  candidates() {
    if (this.themeSelect.value === PERSONAL) return this.personal;
    const theme = this.themeSelect.value;
    const level = LEVELS[this.levelSelect.value];
    return this.set.filter((p) => (!theme || p.themes.includes(theme)) && (!level || (p.rating >= level[0] && p.rating <= level[1])));
  }

  // "Next puzzle" or "Puzzle of the day" while a line is still being played out: cut it short.
  async interrupt() {
    if (!this.busy) return;
    this.cancel = true;
    while (this.busy) await new Promise((resolve) => setTimeout(resolve, 50));
    this.cancel = false;
  }

  async next() {
    await this.interrupt();
    const list = this.candidates();
    if (!list.length) {
      this.current = null;
      this.root.dataset.puzzle = "";
      setChildren(this.title, this.t("puzzles.no_match"));
      setChildren(this.themesLine);
      setChildren(this.task);
      this.say(this.t("puzzles.no_match"));
      return;
    }
    const tried = new Set([...this.progress.solved, ...this.progress.failed]);
    const shown = this.current?.puzzle.id;
    const at = shown === undefined ? -1 : list.findIndex((p) => p.id === shown);
    const order = list.map((_, i) => list[(at + 1 + i) % list.length]);
    const pick = order.find((p) => !tried.has(p.id) && p.id !== this.current?.puzzle.id) ?? order[0];
    await this.open(pick, this.themeSelect.value === PERSONAL ? "personal" : "set");
  }

  async openDaily() {
    await this.interrupt();
    const index = rating.dailyIndex(new Date(), this.set.length);
    await this.open(this.set[index], "daily");
  }

  // ----- one puzzle ---------------------------------------------------------------------------

  /**
   * @param {SetPuzzle | PersonalPuzzle} puzzle
   * @param {OnScreen["kind"]} kind which sort of puzzle it is: "personal" for the reader's own
   */
  async open(puzzle, kind) {
    this.busy = true;
    const which = /** @type {OnScreen} */ ({ puzzle, kind });
    this.current = {
      ...which,
      step: 0,
      plays: [...puzzle.record.plays],
      finished: false, // solved, failed or shown: the first try is over
      counted: false,
    };
    this.root.dataset.puzzle = puzzle.id;
    this.root.dataset.kind = kind;
    this.showAddress(puzzle, kind);
    this.say();
    const t = (/** @type {string} */ key, /** @type {TextParams} */ params = {}) => this.t(key, params);
    if (which.kind === "personal") {
      setChildren(this.title, t("puzzles.personal_heading", { trick: which.puzzle.trick ?? "?" }));
      setChildren(this.themesLine);
    } else {
      const fromSet = which.puzzle;
      const today = this.strings.date(new Date(), { dateStyle: "long", timeZone: "UTC" });
      const heading = kind === "daily" ? t("puzzles.daily_heading", { date: today, rating: fromSet.rating }) : t("puzzles.heading", { id: fromSet.id, rating: fromSet.rating });
      const solved = this.progress.solved.includes(fromSet.id);
      setChildren(this.title, heading, solved ? h("span", { class: "cj-pz-solved-mark", text: ` ✓ ${t("puzzles.solved_mark")}` }) : null);
      setChildren(this.themesLine, t("puzzles.themes_line", { themes: fromSet.themes.map((theme) => t(`puzzles.themes.${theme}`)).join(", ") }), " · ", this.strings.count("puzzles.moves", fromSet.solution.length));
    }
    this.action("delete").hidden = kind !== "personal";
    this.action("retry").hidden = true;
    try {
      const answer = await engine().request({ op: "puzzle_position", record: this.record() });
      this.meta = { players: answer.players, dealer: answer.dealer, trump: answer.trump, trumpCard: answer.trump_card, seat: answer.seat };
      this.lastTrick = null;
      this.status("playing");
      await this.draw(answer.state, true, "none");
      const played = which.kind === "personal" ? which.puzzle.played : null;
      setChildren(this.task, played ? t("puzzles.task_personal", { card: this.strings.cardShort(played) }) : t("puzzles.task"));
    } catch (error) {
      this.engineError(error);
    } finally {
      this.busy = false;
    }
  }

  // The address follows the puzzle on screen: ?puzzle=<id>, so a reload or a shared address
  // opens the same one; the puzzle of the day keeps the page's plain address (tomorrow it is
  // another puzzle), and its link names it.
  // One of the puzzle's buttons (buildUi makes every one).
  /** @param {string} action */
  action(action) {
    return /** @type {HTMLButtonElement} */ (this.actions.querySelector(`[data-action=${action}]`));
  }

  // What went wrong with a request to the engine, said in the feedback (and kept for tests).
  /** @param {unknown} error */
  engineError(error) {
    this.root.dataset.error = errorMessage(error);
    this.say(this.t("puzzles.engine_error", { message: errorMessage(error) }));
  }

  /**
   * @param {SetPuzzle | PersonalPuzzle} puzzle
   * @param {OnScreen["kind"]} kind
   */
  showAddress(puzzle, kind) {
    const url = new URL(location.href);
    if (kind === "daily") url.searchParams.delete("puzzle");
    else url.searchParams.set("puzzle", puzzle.id);
    if (url.href !== location.href) history.replaceState(null, "", url.pathname + url.search + url.hash);
    const link = /** @type {HTMLAnchorElement} */ (this.linkLine.firstElementChild);
    const own = new URL(location.pathname, location.href);
    own.searchParams.set("puzzle", puzzle.id);
    link.setAttribute("href", own.pathname + own.search);
    this.linkLine.hidden = kind === "personal";
  }

  // The puzzle on screen: every caller runs once open() has set it.
  shown() {
    return /** @type {OnScreen} */ (this.current);
  }

  record() {
    const current = this.shown();
    return { ...current.puzzle.record, plays: current.plays };
  }

  /** @param {string} value */
  status(value) {
    this.root.dataset.status = value;
  }

  /**
   * @param {PuzzleState} state
   * @param {boolean} interactive
   * @returns {TableView}
   */
  view(state, interactive) {
    const seat = this.meta.seat;
    // A finished puzzle is nobody's turn any more (the position may have the seat to move).
    const over = state.over || this.current?.over;
    if (state.completed) this.lastTrick = { ...state.completed, draws: [] };
    return {
      players: this.meta.players,
      you: seat,
      seats: [0, 1].map((s) => ({
        seat: s,
        name: s === seat ? this.t("seats.you") : this.t("puzzles.opponent"),
        phrase: s === seat ? null : this.t("seats.in_text.opponent"),
        dealer: s === this.meta.dealer,
        tricks: state.tricks_won[s],
        handCount: state.hands[s].count,
        known: s === seat ? [] : state.hands[s].cards,
        open: s === seat ? null : state.hands[s].cards,
      })),
      toMove: over ? null : state.to_move,
      myTurn: interactive && !over && state.to_move === seat,
      hand: state.hands[seat].cards.map((code) => ({ code, legal: (state.legal ?? []).includes(code) })),
      hint: null,
      trick: state.trick,
      trickWinner: null,
      stock: { count: 0, top: null },
      trump: this.meta.trump,
      trumpCard: this.meta.trumpCard,
      lastTrick: this.lastTrick,
    };
  }

  /**
   * @param {PuzzleState} state
   * @param {boolean} interactive
   * @param {Speed} speed
   */
  async draw(state, interactive, speed) {
    const seat = this.meta.seat;
    this.lastState = state;
    if (state.completed && !state.trick.length && speed !== "none") {
      // The finished trick stays in view a moment before it goes to its winner.
      const finished = this.view(state, false);
      finished.trick = state.completed.cards;
      finished.trickWinner = state.completed.winner;
      finished.toMove = null;
      await this.table.show(finished, { speed });
      await this.table.hold(speed === "fast" ? 450 : 900);
    }
    await this.table.show(this.view(state, interactive), { speed });
    setChildren(this.values, this.t("puzzles.values", { you: state.values[seat], opponent: state.values[1 - seat] }));
  }

  // Play the states of an engine answer one by one; the last one is interactive if asked.
  /**
   * @param {PuzzleState[]} states
   * @param {boolean} interactive
   * @param {Speed} speed
   */
  async playOut(states, interactive, speed) {
    for (const [i, state] of states.entries()) {
      if (this.cancel) return;
      await this.draw(state, interactive && i === states.length - 1, speed);
    }
  }

  /** @param {CardCode} code */
  async play(code) {
    const current = this.current;
    if (this.busy || !current || this.root.dataset.status !== "playing") return;
    this.busy = true;
    this.status("busy");
    this.say(this.t("puzzles.working"));
    try {
      const answer = await engine().request({ op: "puzzle_play", record: this.record(), card: code });
      const expected = current.kind === "personal" ? null : current.puzzle.solution[current.step];
      const right = answer.correct && (expected === null || expected === code);
      const name = this.strings.cardShort(code);
      // The mistakes deck (deck.js) keeps a missed puzzle, and moves a due one on its steps.
      if (current.kind !== "personal" && (!right || current.step + 1 >= current.puzzle.solution.length)) {
        window.CJDeck?.puzzleAnswered({ id: current.puzzle.id, record: this.record(), seat: this.meta.seat, played: code, best: answer.best, right });
      }
      if (right) {
        current.plays.push(code, ...answer.line);
        current.step += 1;
        const more = current.kind !== "personal" && current.step < current.puzzle.solution.length;
        this.say(this.t("puzzles.right", { card: name }), this.advantage(answer), this.line(answer));
        await this.playOut(answer.states, more, "normal");
        if (more) {
          setChildren(this.task, this.t("puzzles.task_again"));
          this.status("playing");
          this.table.focusHand();
        } else {
          this.say(this.t(current.kind === "personal" ? "puzzles.solved_personal" : "puzzles.solved", { card: name }), this.advantage(answer), this.line(answer), this.finish(true));
          await this.settleFinished();
        }
      } else {
        const rated = this.finish(false);
        const best = this.strings.cardShort(answer.best[0]);
        const pointNames = (/** @type {string[]} */ names) => this.strings.series(names.map((point) => this.t(`points.${point}`)));
        const cost = answer.lost.length
          ? this.t("puzzles.lost", { points: pointNames(answer.lost), best })
          : this.t("puzzles.conceded", { points: pointNames(answer.conceded), best });
        this.say(
          this.t("puzzles.not_best", { card: name }),
          cost,
          answer.reason ? this.t(`analysis.reasons.${answer.reason}`) : null,
          this.line(answer),
          rated,
        );
        this.status("busy");
        this.focusVerdict();
        await this.playOut(answer.states, false, "fast");
        this.status("failed");
      }
    } catch (error) {
      this.engineError(error);
      this.status("playing");
    } finally {
      this.busy = false;
    }
  }

  // The puzzle is over (solved, failed or shown): nobody's turn any more. The first try at a
  // puzzle of the set counts (rating, streak, solved list). Returns the rating line to say.
  /** @param {boolean} solved */
  finish(solved) {
    const current = this.shown();
    current.over = true;
    this.status(solved ? "solved" : "failed");
    this.action("retry").hidden = solved;
    const first = !current.finished;
    if (first) this.countTry(current, solved);
    // Only the try that was counted says what it did to the rating.
    return first || current.kind === "personal" ? this.ratingLine() : this.t("puzzles.not_rated");
  }

  // The table without the turn marker, then the keyboard and the eyes on the verdict.
  async settleFinished() {
    if (this.lastState) await this.table.show(this.view(this.lastState, false), { speed: "none" });
    this.focusVerdict();
  }

  // The keyboard goes to "Next puzzle", and the verdict is scrolled into view (on a phone it
  // would be below the fold).
  focusVerdict() {
    this.action("next").focus({ preventScroll: true });
    bringIntoView(this.feedback);
  }

  /**
   * @param {OnScreen} current
   * @param {boolean} solved
   */
  countTry(current, solved) {
    current.finished = true;
    if (current.kind === "personal") return;
    const p = this.progress;
    const id = current.puzzle.id;
    if (p.solved.includes(id) || p.failed.includes(id)) {
      current.rated = null;
      return;
    }
    const before = p.player.rating;
    p.player = rating.ratePuzzle(p.player, current.puzzle.rating, solved);
    current.rated = Math.round(p.player.rating - before);
    if (solved) {
      p.solved.push(id);
      p.streak += 1;
      p.bestStreak = Math.max(p.bestStreak, p.streak);
    } else {
      p.failed.push(id);
      p.streak = 0;
    }
    store.saveProgress(p);
    this.renderProgress();
  }

  ratingLine() {
    const current = this.shown();
    if (current.kind === "personal") return null;
    if (current.rated === null || current.rated === undefined) return this.t("puzzles.not_rated");
    const change = current.rated >= 0 ? `+${current.rated}` : `−${Math.abs(current.rated)}`;
    const key = rating.isProvisional(this.progress.player) ? "puzzles.rating_change_provisional" : "puzzles.rating_change";
    return this.t(key, { rating: Math.round(this.progress.player.rating), change });
  }

  async retry() {
    if (this.busy || !this.current) return;
    const { puzzle, kind } = this.current;
    const finished = this.current.finished;
    const rated = this.current.rated;
    await this.open(puzzle, kind);
    this.current.finished = finished;
    this.current.rated = rated;
    this.table.focusHand();
  }

  // Play the whole solution from the start: each of the seat's cards (the engine's best for a
  // personal puzzle) and the opponent's best replies in between.
  async showSolution() {
    if (this.busy || !this.current) return;
    const { puzzle, kind } = this.current;
    if (this.current.step > 0 || this.root.dataset.status === "failed") {
      const finished = this.current.finished;
      await this.open(puzzle, kind);
      this.current.finished = finished;
    }
    this.busy = true;
    this.status("busy");
    const answers = [];
    try {
      const moves = kind === "personal" ? [null] : puzzle.solution;
      for (const card of moves) {
        const answer = await engine().request({ op: "puzzle_play", record: this.record(), card });
        this.shown().plays.push(answer.card, ...answer.line);
        this.shown().step += 1;
        answers.push(answer);
        await this.playOut(answer.states, false, "normal");
        if (this.cancel) return;
      }
      const counted = !this.shown().finished;
      const rated = this.finish(false);
      this.status("shown");
      // Each card of the solution with why it is right and the line that follows it.
      const steps = answers.map((answer, i) => [
        answers.length > 1 ? this.t("puzzles.step", { n: i + 1, total: answers.length, card: this.strings.cardName(answer.card) }) : null,
        this.advantage(answer),
        this.line(answer),
      ]);
      this.say(this.t("puzzles.shown", { cards: this.cards(answers.map((answer) => answer.card)) }), ...steps.flat(), counted ? rated : null);
      await this.settleFinished();
    } catch (error) {
      this.engineError(error);
    } finally {
      this.busy = false;
    }
  }

  async deleteCurrent() {
    if (this.busy || !this.current || this.current.kind !== "personal") return;
    store.deletePersonal(this.current.puzzle.id);
    this.personal = store.loadPersonal().value.puzzles;
    this.notice(this.t("puzzles.deleted"));
    this.current = null;
    await this.next();
  }
}

function main() {
  const root = document.querySelector(".cj-puzzles");
  if (!(root instanceof HTMLElement)) return;
  new Puzzles(root).start();
}

engine();
loadStylesheet("table.css");
loadStylesheet("puzzles.css");
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main, { once: true });
else main();
