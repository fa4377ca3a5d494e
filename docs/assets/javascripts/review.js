// "Review the deal" and "Find a better card": the analysis of a finished deal (engine/analysis/deal_analysis.py,
// the `analyse` op of engine.web_api) shown to the reader, in the page's language.
//
// window.CJReview.open(container, {record, seat, lang, engine, samples, luck}) renders into
// `container` and returns {close()}. `record` is a deal record, or the practice page's match record
// (then its last finished deal is reviewed, with luck and skill and the after-deal checks of
// deal-checks.js); `seat` is the reader's seat; `engine` the page's engine client
// (engine-client.js); `samples` what the page gave practice.bot (by default none); `luck` the
// practice page's own measurement of the deal's luck split (match-luck.js), shown instead of a
// second one. Nothing here reads or writes the practice statistics: a card chosen
// in "Find a better card" is a replay and never counts.
//
// The deal is analysed a few decisions at a time so the reader sees the progress. Grades are
// shown by an icon and a word (never by colour alone); every control is a button or a
// <details> element, and verdicts are announced through an aria-live region.

/**
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").Trick} Trick
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").Engine} Engine
 * @typedef {import("./engine-client.js").Child} Child
 * @typedef {import("./stepper.js").ReplayAnswer} ReplayAnswer
 * @typedef {import("./stepper.js").ReplayState} ReplayState
 * @typedef {import("./stepper.js").DealRecord} DealRecord
 */
/**
 * One legal card of a decision, valued (engine/analysis/deal_analysis.py _decision).
 * @typedef {object} Option
 * @property {CardCode} card
 * @property {number} value                    points won minus the opponents'
 * @property {Record<string, number>} points   each point's chance
 * @property {number} [win_chance]             the match's, when the scores are known
 * @property {CardCode[]} [line]               exact decisions: the best play after the card
 * @property {CardCode | null} [reply]
 * @property {Trick[]} [tricks]
 * @property {string | null} reason            why it is worse than the best card
 * @property {string | null} advantage         what it does better than the card played
 * @property {string | null} reason_key        the catalogue key of `reason` for this table (three players: two opponents)
 * @property {string | null} advantage_key     the catalogue key of `advantage`, likewise
 */
/** @typedef {"best" | "good" | "inaccuracy" | "mistake" | "blunder"} Grade */
/**
 * The verdict on one card played.
 * @typedef {object} Decision
 * @property {number} play_index
 * @property {number} trick
 * @property {number} seat
 * @property {CardCode} played
 * @property {boolean} exact
 * @property {number} samples
 * @property {Option[]} options
 * @property {CardCode[]} best
 * @property {number} loss
 * @property {"value" | "win_chance"} graded_by
 * @property {Grade} grade
 * @property {string | null} reason_text       the reason in the page's language
 */
/**
 * The grade bands (deal_analysis VALUE_BANDS, WIN_BANDS): good, inaccuracy, mistake.
 * @typedef {{ value: number[], win_chance: number[] }} Bands
 */
/**
 * op "analyse": the decisions asked for, the deal record analysed, and the bands.
 * @typedef {{ trump: string, players: number, decisions: Decision[], record: DealRecord, bands: Bands }} AnalyseAnswer
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {[typeof import("./engine-client.js"), typeof import("./table.js")]} */
const [client, tableModule] = await Promise.all([
  import(new URL("engine-client.js" + VERSION, HERE).href),
  import(new URL("table.js" + VERSION, HERE).href),
]);
const { Strings, h, cardSpan, capitalise, fill, setChildren, loadStylesheet, lineOfPlay, bringIntoView, errorMessage, showLoadFailure, earlyStrings } = client;
const { cardImage, cardPicture, disclosure } = tableModule;

const BATCH = 4; // decisions per request: small enough for a lively progress counter
/** @type {Record<Grade, string>} */
const GRADE_ICONS = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const TO_REPLAY = new Set(["inaccuracy", "mistake", "blunder"]);

/**
 * @param {Strings} strings
 * @param {number} value
 */
export function number(strings, value, signed = false) {
  return client.decimal(strings, value, signed);
}

/**
 * @param {Strings} strings
 * @param {number} chance
 */
function percent(strings, chance) {
  return strings.t("analysis.ui.percent", { n: Math.round(chance * 100) });
}

// A band as written (0.5, not 0.50) in the page's decimal style.
/**
 * @param {Strings} strings
 * @param {number} value
 */
function band(strings, value) {
  return String(value).replace(".", strings.t("analysis.ui.decimal"));
}

// "Your cards: 15 best · 7 good · 2 inaccuracies …": each count in its plural form.
/**
 * @param {Strings} strings
 * @param {Record<Grade, number>} counts
 */
function summaryText(strings, counts) {
  const parts = /** @type {Grade[]} */ (Object.keys(GRADE_ICONS)).map((grade) =>
    strings.count(`analysis.counts.${grade}`, counts[grade]),
  );
  return strings.t("analysis.ui.summary", { counts: parts.join(" · ") });
}

// How values and grades work, with the engine's own bands (never restated here). With three
// players a value is the points won minus both opponents' (RULES.md §6.14), and no card is
// ever known for sure (§6.13): the help says so.
/**
 * @param {Strings} strings
 * @param {Bands} bands
 */
function helpText(strings, bands, players = 2) {
  const points = (/** @type {number} */ chance) => String(Math.round(chance * 100));
  return strings.t(players === 3 ? "analysis.ui.help_three" : "analysis.ui.help", {
    good: band(strings, bands.value[0]), inaccuracy: band(strings, bands.value[1]), mistake: band(strings, bands.value[2]),
    win_good: points(bands.win_chance[0]), win_inaccuracy: points(bands.win_chance[1]), win_mistake: points(bands.win_chance[2]),
  });
}

// Which measure graded the card, with its numbers and the scale in use (the terminal says the
// same: engine/surfaces/analysis_text.py), so a grade never contradicts a printed scale.
/**
 * @param {Strings} strings
 * @param {Decision} decision
 * @param {Bands} bands
 */
function gradedBy(strings, decision, bands) {
  if (decision.graded_by === "win_chance") {
    // Graded by the match chances: every option carries its win_chance.
    const winChance = (/** @type {Option | undefined} */ o) => /** @type {number} */ (o?.win_chance);
    const played = decision.options.find((o) => o.card === decision.played);
    const top = Math.max(...decision.options.map(winChance));
    const points = (/** @type {number} */ chance) => String(Math.round(chance * 100));
    return strings.t("analysis.ui.graded_by_win_chance", {
      played: percent(strings, winChance(played)), best: percent(strings, top),
      win_good: points(bands.win_chance[0]), win_inaccuracy: points(bands.win_chance[1]), win_mistake: points(bands.win_chance[2]),
    });
  }
  // The bands in the loss's own format ("1.00 … up to 0.50"): one way of writing numbers.
  return strings.t(strings.pluralKey("analysis.ui.graded_by_value", decision.loss, true), {
    loss: number(strings, decision.loss),
    good: number(strings, bands.value[0]), inaccuracy: number(strings, bands.value[1]), mistake: number(strings, bands.value[2]),
  });
}

/**
 * @param {Strings} strings
 * @param {Grade} grade
 */
function gradeBadge(strings, grade) {
  return h(
    "span",
    { class: `cj-rv-grade cj-rv-grade--${grade}`, "data-grade": grade },
    h("span", { class: "cj-rv-icon", "aria-hidden": "true", text: GRADE_ICONS[grade] }),
    " ",
    h("span", { class: "cj-rv-grade-name", text: strings.t(`analysis.grades.${grade}`) }),
  );
}

// A card is "good enough" in Find a better card when its loss is within the good band of the
// measure that graded the decision (the bands come from the engine's answer).
/**
 * @param {Decision} decision
 * @param {Option} option
 * @param {Bands} bands
 */
export function withinGood(decision, option, bands) {
  if (decision.graded_by === "win_chance") {
    const chance = (/** @type {Option} */ o) => /** @type {number} */ (o.win_chance);
    const top = Math.max(...decision.options.map(chance));
    const bestValue = Math.max(...decision.options.map((o) => o.value));
    return option.value >= bestValue - 1e-9 || top - chance(option) <= bands.win_chance[0] + 1e-9;
  }
  const bestValue = Math.max(...decision.options.map((o) => o.value));
  return bestValue - option.value <= bands.value[0] + 1e-9;
}

// The points an option gives up compared with the best card (chance drops of a quarter or more).
/**
 * @param {Strings} strings
 * @param {Decision} decision
 * @param {Option} option
 */
export function pointsGivenUp(strings, decision, option) {
  const best = /** @type {Option} */ (decision.options.find((o) => o.card === decision.best[0]));
  return Object.keys(option.points)
    .filter((name) => best.points[name] - option.points[name] >= 0.25)
    .map((name) => strings.t(`points.${name}`));
}

// One decision, for a beginner first: the plain sentence (why the card was worse, or that
// none was better) and which measure graded it; the numbers are folded behind "Details".
/**
 * @param {Strings} s
 * @param {Decision} decision
 * @param {Bands} bands
 */
function renderDecision(s, decision, bands) {
  const plain = decision.reason_text ?? (decision.grade === "best" ? s.t("analysis.ui.is_best") : null);
  const method = h("p", { class: "cj-rv-method", text: decision.exact ? s.t("analysis.ui.exact") : s.count("analysis.ui.sampled", decision.samples) });
  const numbers = h("div", { class: "cj-rv-numbers", "data-role": "numbers" }, method, optionsTable(s, decision));
  const toggle = disclosure(s.t("analysis.ui.details"), numbers, { className: "cj-rv-details" });
  toggle.dataset.action = "details";
  return h("div", { class: "cj-rv-decision" },
    plain ? h("p", { class: "cj-rv-reason", "data-role": "reason", text: plain }) : null,
    decision.grade !== "best" ? h("p", { class: "cj-rv-graded", "data-role": "graded-by", "data-graded-by": decision.graded_by, text: gradedBy(s, decision, bands) }) : null,
    h("p", { class: "cj-rv-fold" }, toggle),
    numbers);
}

// Every legal card with its numbers. ARIA roles keep it a table for screen readers when a
// narrow screen stacks its cells (review.css); each cell carries its column's name for that.
/**
 * @param {Strings} s
 * @param {Decision} decision
 */
function optionsTable(s, decision) {
  const hasWin = decision.options.some((o) => "win_chance" in o);
  const columns = [s.t("analysis.ui.col_value"), s.t("analysis.ui.col_points"), s.t("analysis.ui.col_gives_up")];
  if (hasWin) columns.push(s.t("analysis.ui.col_win_chance"));
  const head = h("tr", { role: "row" },
    h("th", { scope: "col", role: "columnheader", text: s.t("analysis.ui.col_card") }),
    columns.map((name) => h("th", { scope: "col", role: "columnheader", text: name })));
  const rows = decision.options.map((option) => {
    const marks = [];
    if (option.card === decision.played) marks.push(s.t("analysis.ui.played"));
    if (decision.best.includes(option.card)) marks.push(s.t("analysis.ui.best_mark"));
    const chances = Object.entries(option.points).map(([name, chance]) => `${s.pointLabel(name)} ${percent(s, chance)}`).join(" · ");
    const lost = pointsGivenUp(s, decision, option);
    const cells = [number(s, option.value, true), chances, lost.length ? capitalise(s.series(lost)) : s.t("analysis.ui.nothing")];
    if (hasWin) cells.push(percent(s, /** @type {number} */ (option.win_chance)));
    return h("tr", { role: "row", "data-card": option.card, class: option.card === decision.played ? "cj-rv-played" : null },
      h("th", { scope: "row", role: "rowheader" }, cardSpan(s, option.card), marks.length ? ` (${marks.join(", ")})` : ""),
      cells.map((text, i) => h("td", { role: "cell", "data-label": columns[i] + s.t("ui.label_colon"), text })));
  });
  return h("table", { class: "cj-rv-options", role: "table" }, h("thead", { role: "rowgroup" }, head), h("tbody", { role: "rowgroup" }, rows));
}

// Analyse the given plays a few at a time (so a page can show progress); resolves with the
// decisions in play order and the engine's grade bands. `onProgress(done, total)` is called
// before each batch.
/**
 * @param {Engine} engine
 * @param {Record<string, unknown>} request
 * @param {number[]} indices
 * @param {(done: number, total: number) => void} onProgress
 * @returns {Promise<{ decisions: Decision[], bands: Bands | null }>}
 */
async function analyseInBatches(engine, request, indices, onProgress, stillWanted = () => true) {
  /** @type {Decision[]} */
  const decisions = [];
  /** @type {Bands | null} */
  let bands = null;
  for (let start = 0; start < indices.length && stillWanted(); start += BATCH) {
    onProgress(start, indices.length);
    const answer = await engine.request({ ...request, op: "analyse", only: indices.slice(start, start + BATCH) });
    decisions.push(...answer.decisions);
    bands = answer.bands;
  }
  return { decisions, bands };
}

/**
 * What a page gives CJReview.open: the record reviewed (a deal's, or a practice match's: its
 * last finished deal), the reader's seat, the page's language and engine.
 * `luck`: where a practice page that measures the deal's luck split itself gives it (deal-checks.js).
 * @typedef {{ record: Record<string, unknown>, seat?: number, lang?: string, engine?: Engine, samples?: number, luck?: import("./deal-checks.js").LuckSource }} ReviewOptions
 */

class Review {
  // Set by start(), before anything reads them.
  /** @type {HTMLElement} */ root;
  /** @type {HTMLParagraphElement} */ status;
  /** @type {Strings} */ strings;
  /** @type {DealRecord} */ dealRecord;
  /** @type {Bands} */ bands;
  /** @type {string} */ trump;
  /** @type {ReplayAnswer} */ replay;
  /** @type {HTMLProgressElement} */ progress;
  // Set by render().
  /** @type {HTMLButtonElement} */ timelineButton;
  /** @type {HTMLButtonElement} */ practiceButton;
  /** @type {HTMLOListElement} */ timeline;
  /** @type {HTMLDivElement} */ practice;
  /** @type {FindBetter | undefined} */ trainer;

  /**
   * @param {HTMLElement} container
   * @param {ReviewOptions} options
   */
  constructor(container, { record, seat, lang, engine, samples, luck }) {
    this.container = container;
    this.record = record;
    this.samples = samples;
    this.luckSource = luck;
    /** @type {import("./deal-checks.js").DealChecks | null} */
    this.checks = null;
    this.seat = seat ?? 0;
    this.lang = lang || document.documentElement.lang || "en";
    this.engine = engine ?? client.engine();
    this.closed = false;
    /** @type {Decision[]} */
    this.decisions = [];
    // Given back on close (the page's Review button).
    this.returnFocus = /** @type {HTMLElement | null} */ (document.activeElement);
  }

  async start() {
    loadStylesheet("review.css");
    this.root = h("section", { class: "cj-review", "data-role": "review", tabindex: "-1" });
    this.status = h("p", { class: "cj-rv-status", "data-role": "status", "aria-live": "polite" });
    this.container.append(this.root);
    setChildren(this.root, this.status);
    try {
      this.strings = new Strings(await this.engine.request({ op: "catalogue", lang: this.lang }));
    } catch (error) {
      // Without its catalogue the review cannot speak: the page's own strings say what failed,
      // and Retry opens the review again in the same place.
      if (!this.closed) {
        const root = this.root;
        await showLoadFailure(root, error, {
          className: "cj-rv-failed",
          message: earlyStrings().load_failed,
          retry: () => {
            root.remove();
            void this.start();
          },
        });
      }
      return;
    }
    const s = this.strings;
    this.root.setAttribute("aria-label", s.t("analysis.ui.review"));
    this.status.textContent = s.t("ui.loading");
    try {
      // The deal record (a practice match record is turned into its last deal's) and the
      // replay as the reader saw it, then the analysis in batches.
      const head = await this.engine.request({ op: "analyse", record: this.record, seat: this.seat, only: [], lang: this.lang });
      this.dealRecord = head.record;
      this.bands = head.bands;
      this.trump = head.trump;
      this.replay = await this.engine.request({ op: "replay", record: this.dealRecord, narrator: this.seat });
      if (!this.dealRecord.plays?.length) {
        // A turned jack won the match before any card was played: nothing to grade, and why.
        this.status.textContent = s.t("analysis.ui.no_cards_turned_jack");
        this.root.dataset.empty = "turned_jack";
        return;
      }
      const mine = this.replay.states.slice(1).flatMap((state, index) => (state.play?.seat === this.seat ? [index] : []));
      this.progress = h("progress", { max: String(mine.length), value: "0", "aria-hidden": "true" });
      this.root.append(this.progress);
      ({ decisions: this.decisions } = await analyseInBatches(
        this.engine,
        { record: this.dealRecord, seat: this.seat, lang: this.lang },
        mine,
        (done, total) => {
          this.status.textContent = s.t("analysis.ui.analysing", { done, total });
          this.progress.value = done;
        },
        () => !this.closed,
      ));
      if (this.closed) return;
      this.progress.remove();
      await this.prepareChecks();
      if (this.closed) return;
      this.render();
      // The deal is over and the page waits for the reader: the worker is free for the split.
      this.checks?.measureLuck();
    } catch (error) {
      if (!this.closed) this.status.textContent = s.t("analysis.ui.failed", { message: errorMessage(error) });
    }
  }

  // A practice match (its record has `deals`): luck and skill, and the after-deal checks.
  async prepareChecks() {
    if (!Array.isArray(this.record.deals)) return;
    /** @type {typeof import("./deal-checks.js")} */
    const { DealChecks } = await import(new URL("deal-checks.js" + VERSION, HERE).href);
    const computerPlays = this.replay.states.slice(1).flatMap((state, index) => (state.play?.seat !== this.seat ? [index] : []));
    this.checks = new DealChecks({
      engine: this.engine, strings: this.strings, record: this.record, seat: this.seat, samples: this.samples,
      computerPlays, plays: this.replay.states.length - 1, players: this.replay.players,
      number: (value, signed) => number(this.strings, value, signed),
      phrase: (seat) => this.phrase(seat),
      goTo: (index) => this.goTo(index),
      luck: this.luckSource,
    });
  }

  // Open the reader's card at `index` in the timeline (where "Could I have won?" parts).
  /** @param {number} index */
  goTo(index) {
    this.show("timeline");
    const item = this.timeline.querySelector(`li[data-play-index="${index}"]`);
    const details = item?.querySelector("details");
    if (!details) return;
    details.open = true;
    /** @type {HTMLElement} */ (details.querySelector("summary")).focus();
    bringIntoView(details);
  }

  // The table's names, for labels: "You", and "Computer" (two players) or "Computer 1", "Computer 2".
  /** @param {number} seat */
  playerName(seat) {
    if (seat === this.seat) return this.strings.t("seats.you");
    const n = this.computerNumber(seat);
    return n === null ? this.strings.t("seats.computer") : this.strings.t("seats.computer_n", { n });
  }

  // With two players the computer has no number; with three, 1 and 2 in seat order.
  /** @param {number} seat */
  computerNumber(seat) {
    const players = this.replay?.players ?? 2;
    if (players === 2) return null;
    return Array.from({ length: players }, (_, s) => s).filter((s) => s !== this.seat).indexOf(seat) + 1;
  }

  // A computer seat as running text names it ("the computer", "computer 2"), never the label.
  /** @param {number} seat */
  phrase(seat) {
    const n = this.computerNumber(seat);
    return n === null ? this.strings.t("seats.in_text.computer") : this.strings.t("seats.in_text.computer_n", { n });
  }

  // A sentence about a seat: `<key>_you` for the reviewed player, else `<key>_other` with the
  // computer named as running text names it.
  /**
   * @param {number} seat
   * @param {string} key
   * @param {import("./engine-client.js").FillParams} params
   */
  said(seat, key, params) {
    if (seat === this.seat) return fill(this.strings, `${key}_you`, params);
    return fill(this.strings, `${key}_other`, { ...params, player: this.phrase(seat) });
  }

  render() {
    const s = this.strings;
    /** @type {Record<Grade, number>} */
    const counts = { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
    this.decisions.forEach((d) => (counts[d.grade] += 1));
    this.status.textContent = summaryText(s, counts);
    this.timelineButton = h("button", { type: "button", "data-action": "timeline", "aria-pressed": "true", text: s.t("analysis.ui.review"), onclick: () => this.show("timeline") });
    this.practiceButton = h("button", { type: "button", "data-action": "find-better", "aria-pressed": "false", text: s.t("analysis.ui.find_better"), onclick: () => this.show("practice") });
    const closeButton = h("button", { type: "button", "data-action": "close-review", text: s.t("analysis.ui.close"), onclick: () => this.close() });
    this.timeline = this.renderTimeline();
    this.practice = h("div", { class: "cj-rv-practice", "data-role": "find-better", hidden: true });
    setChildren(
      this.root,
      h("h2", { class: "cj-rv-title", text: s.t("analysis.ui.review") }),
      this.status,
      this.checks?.luck ?? null,
      h("div", { class: "cj-rv-tabs", role: "group" }, this.timelineButton, this.practiceButton, closeButton),
      h("details", { class: "cj-rv-help" }, h("summary", { text: s.t("analysis.ui.how_graded") }), h("p", { text: helpText(s, this.bands, this.replay.players) }), h("p", { text: s.t("analysis.ui.not_counted") })),
      this.checks?.section ?? null,
      this.timeline,
      this.practice,
    );
    this.root.focus();
  }

  /** @param {"timeline" | "practice"} which */
  show(which) {
    const practice = which === "practice";
    this.timeline.hidden = practice;
    this.practice.hidden = !practice;
    this.timelineButton.setAttribute("aria-pressed", String(!practice));
    this.practiceButton.setAttribute("aria-pressed", String(practice));
    if (practice && !this.trainer) this.trainer = new FindBetter(this, this.practice);
  }

  // ----- the timeline -----

  renderTimeline() {
    const s = this.strings;
    const byIndex = new Map(this.decisions.map((d) => [d.play_index, d]));
    /** @type {{ index: number, play: import("./engine-client.js").SeatCard }[][]} */
    const tricks = [];
    this.replay.states.slice(1).forEach((state, index) => {
      const trickNumber = state.completed ? state.completed.number : state.tricks_played + 1;
      if (!tricks[trickNumber - 1]) tricks[trickNumber - 1] = [];
      // Every state after the first follows a play.
      tricks[trickNumber - 1].push({ index, play: /** @type {import("./engine-client.js").SeatCard} */ (state.play) });
    });
    const list = h("ol", { class: "cj-rv-timeline", "data-role": "timeline", "aria-label": s.t("analysis.ui.timeline") });
    tricks.forEach((plays, trickIndex) => {
      const items = plays.map(({ index, play }) => {
        const decision = byIndex.get(index);
        const line = this.said(play.seat, "analysis.ui.decision", { card: cardSpan(s, play.card) });
        if (!decision) return h("li", { class: "cj-rv-play" }, line);
        return h("li", { class: "cj-rv-play cj-rv-mine", "data-play-index": String(index), "data-grade": decision.grade },
          h("details", {}, h("summary", {}, fill(s, "analysis.ui.verdict", { decision: line, grade: gradeBadge(s, decision.grade) })), renderDecision(s, decision, this.bands), this.savePuzzleButton(decision)));
      });
      list.append(h("li", { class: "cj-rv-trick" }, h("h3", { text: s.t("ui.trick", { n: trickIndex + 1 }) }), h("ul", {}, items)));
    });
    return list;
  }

  // An exact blunder can be kept as a personal puzzle for the Puzzles page (puzzle-store.js,
  // which also checks what it stores): the deal record stopped before the card played.
  /** @param {Decision} decision */
  savePuzzleButton(decision) {
    if (decision.grade !== "blunder" || !decision.exact) return null;
    const s = this.strings;
    const said = h("span", { role: "status", "data-role": "puzzle-saved" });
    const button = h("button", {
      type: "button",
      "data-action": "save-puzzle",
      text: s.t("puzzles.save"),
      onclick: async () => {
        await import(new URL("puzzle-store.js" + VERSION, HERE).href);
        const record = { ...this.dealRecord, plays: (this.dealRecord.plays ?? []).slice(0, decision.play_index) };
        const id = /** @type {import("./puzzle-store.js").PuzzlesApi} */ (window.CJPuzzles).savePersonal({ record, seat: this.seat, played: decision.played, trick: decision.trick });
        if (id) {
          button.disabled = true;
          said.textContent = " " + s.t("puzzles.saved");
        }
      },
    });
    return h("p", {}, button, said);
  }

  close() {
    this.closed = true;
    this.checks?.close();
    const hadFocus = this.root?.contains(document.activeElement);
    this.root?.remove();
    if (hadFocus && this.returnFocus?.isConnected) this.returnFocus.focus();
  }
}

// ----- Find a better card -----

// The position of each decision to replay, drawn as a small table: the trump, the stock's top
// card, the trick so far with who played each card (or that the reader leads), and the cards
// the reader could play. A pick is answered with the engine's reason, and when every card is
// known with the line that follows, trick by trick; the chosen card and the best card are
// marked on the table in words, never by colour alone.
class FindBetter {
  // Set by render() for the decision on screen.
  /** @type {HTMLButtonElement[]} */ cardButtons;
  /** @type {HTMLButtonElement} */ nextButton;

  /**
   * @param {Review} review
   * @param {HTMLElement} panel
   */
  constructor(review, panel) {
    this.review = review;
    this.panel = panel;
    this.s = review.strings;
    this.todo = review.decisions.filter((d) => TO_REPLAY.has(d.grade));
    this.position = 0;
    this.found = 0;
    this.solved = false;
    /** @type {CardCode | null} */
    this.chosen = null;
    this.verdict = h("div", { class: "cj-rv-verdict", "data-role": "verdict", "aria-live": "polite" });
    this.render();
  }

  render() {
    const s = this.s;
    if (!this.todo.length) {
      setChildren(this.panel, h("p", { "data-role": "verdict", text: s.t("analysis.ui.no_mistakes") }));
      return;
    }
    if (this.position >= this.todo.length) {
      setChildren(this.panel, h("p", { "data-role": "verdict", "aria-live": "polite", text: s.t("analysis.ui.finished", { found: this.found, total: this.todo.length }) }));
      return;
    }
    const decision = this.todo[this.position];
    this.solved = false;
    this.chosen = null;
    const state = this.review.replay.states[decision.play_index];
    this.cardButtons = decision.options
      .map((o) => o.card)
      .sort()
      .map((code) => h("button", { type: "button", class: "cj-rv-choice", "data-card": code, onclick: () => this.choose(decision, code) },
        cardPicture(code), h("span", { class: "cj-rv-mark", "data-role": "mark" })));
    setChildren(this.verdict);
    delete this.verdict.dataset.verdict;
    setChildren(
      this.panel,
      h("p", { class: "cj-rv-counter", "data-role": "counter", text: s.t("analysis.ui.counter", { n: this.position + 1, total: this.todo.length }) }),
      h("p", { "data-role": "prompt" }, fill(s, "analysis.ui.prompt", { trick: state.tricks_played + 1, card: cardSpan(s, decision.played), grade: gradeBadge(s, decision.grade) })),
      this.positionTable(state),
      this.verdict,
      h("div", { class: "cj-rv-actions" },
        h("button", { type: "button", "data-action": "show", text: s.t("analysis.ui.show"), onclick: () => this.showBest(decision) }),
        (this.nextButton = h("button", { type: "button", "data-action": "skip", text: s.t("analysis.ui.skip"), onclick: () => this.next() }))),
    );
    this.mark(decision);
    this.cardButtons[0]?.focus();
  }

  /** @param {ReplayState} state */
  positionTable(state) {
    const s = this.s;
    const trump = this.review.trump;
    const stock = state.stock_top
      ? h("span", { "data-role": "stock" }, s.t("ui.stock_top") + s.t("ui.label_colon"), cardSpan(s, state.stock_top))
      : state.stock_count === 0 ? h("span", { "data-role": "stock", text: s.t("ui.stock_empty") }) : null;
    const trick = state.trick.length
      ? h("div", { class: "cj-rv-trick", "data-role": "trick" },
          h("p", { class: "cj-rv-label", text: s.t("ui.current_trick") }),
          h("div", { class: "cj-rv-trick-cards" }, state.trick.map((play) =>
            h("figure", { class: "cj-rv-play-card", "data-seat": String(play.seat) }, cardImage(s, play.card), h("figcaption", { text: this.review.playerName(play.seat) })))))
      : h("p", { class: "cj-rv-label", "data-role": "lead", text: s.t("analysis.ui.you_lead") });
    return h("div", { class: "cj-rv-table", "data-role": "position" },
      h("p", { class: "cj-rv-label" },
        h("span", { "data-role": "trump" }, s.t("ui.trump") + s.t("ui.label_colon"),
          h("span", { class: `cj-rv-suit cj-rv-suit--${trump.toLowerCase()}`, "aria-hidden": "true", text: s.t(`suits.${trump}.symbol`) }), " ", s.suitName(trump)),
        stock ? " · " : null, stock),
      trick,
      h("p", { class: "cj-rv-label", id: `cj-rv-hand-${this.position}`, text: s.t("analysis.ui.your_hand") }),
      h("div", { class: "cj-rv-choices", role: "group", "aria-labelledby": `cj-rv-hand-${this.position}` }, this.cardButtons));
  }

  // The words under each card: played in the deal, the reader's choice, and (once answered)
  // the best cards. They are part of each button's name too.
  /**
   * @param {Decision} decision
   * @param {{ best?: boolean }} [options]
   */
  mark(decision, { best = false } = {}) {
    const s = this.s;
    for (const button of this.cardButtons) {
      const code = /** @type {CardCode} */ (button.dataset.card);
      /** @type {[string, string][]} */
      const marks = [];
      if (code === decision.played) marks.push(["played", s.t("analysis.ui.played")]);
      if (code === this.chosen) marks.push(["chosen", s.t("analysis.ui.mark_chosen")]);
      if (best && decision.best.includes(code)) marks.push(["best", `★ ${s.t("analysis.ui.best_mark")}`]);
      button.dataset.marks = marks.map(([kind]) => kind).join(" ");
      /** @type {HTMLElement} */ (button.querySelector("[data-role=mark]")).textContent = marks.map(([, text]) => text).join(" · ");
      button.setAttribute("aria-label", [s.cardName(code), ...marks.map(([, text]) => text.replace("★ ", ""))].join(", "));
    }
  }

  // The option of a card: every card offered is one of the decision's options.
  /**
   * @param {Decision} decision
   * @param {CardCode} code
   */
  optionOf(decision, code) {
    return /** @type {Option} */ (decision.options.find((o) => o.card === code));
  }

  // The line after a card, trick by trick (exact decisions only: the engine knows every card).
  /** @param {Option} option */
  line(option) {
    const review = this.review;
    return lineOfPlay(this.s, option.tricks, { you: review.seat, name: (seat) => review.phrase(seat) });
  }

  /**
   * @param {string} kind
   * @param {(string | HTMLElement | null)[]} parts
   */
  say(kind, ...parts) {
    setChildren(this.verdict, parts.filter(Boolean).map((part) => (typeof part === "string" ? h("p", { text: part }) : part)));
    this.verdict.dataset.verdict = kind;
    bringIntoView(this.verdict);
  }

  /**
   * @param {Decision} decision
   * @param {CardCode} code
   */
  choose(decision, code) {
    const s = this.s;
    const option = this.optionOf(decision, code);
    this.chosen = code;
    if (withinGood(decision, option, this.review.bands)) {
      if (!this.solved) this.found += 1;
      this.finish(decision, "accepted", s.t("analysis.ui.accepted", { card: s.cardShort(code) }), this.advantage(option), this.line(option));
      return;
    }
    const lost = pointsGivenUp(s, decision, option);
    let text;
    if (option.reply && lost.length) {
      text = s.t("analysis.ui.refuted", { card: s.cardShort(code), reply: s.cardShort(option.reply), points: s.series(lost) });
    } else {
      const loss = Math.max(...decision.options.map((o) => o.value)) - option.value;
      text = s.t(s.pluralKey("analysis.ui.refuted_sampled", loss, true), { card: s.cardShort(code), loss: number(s, loss) });
    }
    this.mark(decision);
    this.say("refuted", text, option.reason_key ? s.t(option.reason_key) : null, this.line(option));
  }

  // What a card does better than the card played in the deal (the engine's reason, worded from
  // the better card's side).
  /** @param {Option} option */
  advantage(option) {
    return option.advantage_key ? this.s.t(option.advantage_key) : null;
  }

  /** @param {Decision} decision */
  showBest(decision) {
    const s = this.s;
    const best = this.optionOf(decision, decision.best[0]);
    this.finish(decision, "shown", s.t(s.pluralKey("analysis.ui.shown", decision.best.length), { cards: s.series(decision.best.map((c) => s.cardShort(c))) }), this.advantage(best), this.line(best));
  }

  /**
   * @param {Decision} decision
   * @param {string} kind
   * @param {(string | HTMLElement | null)[]} parts
   */
  finish(decision, kind, ...parts) {
    this.solved = true;
    this.cardButtons.forEach((button) => (button.disabled = true));
    this.mark(decision, { best: true });
    this.nextButton.textContent = this.s.t("analysis.ui.next");
    this.nextButton.dataset.action = "next";
    this.nextButton.focus({ preventScroll: true });
    this.say(kind, ...parts);
  }

  next() {
    this.position += 1;
    this.render();
  }
}

// ----- the worked examples' "Analyse" switch (stepper.js) -----

// The verdict on the card played at each step of an example, from the deciding seat's view.
// Each record (the example's, or an alternative's) is analysed once, then cached.
class StepAnalysis {
  /** @param {{ engine: Engine, strings: Strings, lang: string }} options */
  constructor({ engine, strings, lang }) {
    this.engine = engine;
    this.strings = strings;
    this.lang = lang;
    /** @type {Map<string, Promise<Map<number, Decision>>>} */
    this.cache = new Map();
    /** @type {Bands | null | undefined} the engine's, once an analysis answered */
    this.bands = undefined;
  }

  // Resolves with Map(play index -> decision); `onProgress(text)` gets the progress message.
  /**
   * @param {DealRecord} record
   * @param {(text: string) => void} onProgress
   * @returns {Promise<Map<number, Decision>>}
   */
  analyse(record, onProgress) {
    const key = JSON.stringify(record);
    let job = this.cache.get(key);
    if (!job) {
      const indices = (record.plays ?? []).map((_, index) => index);
      job = analyseInBatches(this.engine, { record, seat: null, lang: this.lang }, indices, (done, total) =>
        onProgress(this.strings.t("analysis.ui.analysing", { done, total })),
      ).then(({ decisions, bands }) => {
        this.bands = bands ?? this.bands;
        return new Map(decisions.map((d) => [d.play_index, d]));
      });
      job.catch(() => this.cache.delete(key)); // a failure may be retried
      this.cache.set(key, job);
    }
    return job;
  }

  // The verdict on the card that led to step `step` (null at step 0). `playerName(seat)` names
  // the seat in a sentence; no reader sits at an example's table, so the other-seat form is used.
  /**
   * @param {Map<number, Decision>} decisions
   * @param {number} step
   * @param {(seat: number) => string} playerName
   */
  render(decisions, step, playerName) {
    const decision = decisions.get(step - 1);
    if (!decision) return null;
    const s = this.strings;
    const line = fill(s, "analysis.ui.decision_other", { player: playerName(decision.seat), card: cardSpan(s, decision.played) });
    return h(
      "div",
      { class: "cj-rv-step", "data-grade": decision.grade, "data-play-index": String(decision.play_index) },
      h("p", {}, fill(s, "analysis.ui.verdict", { decision: line, grade: gradeBadge(s, decision.grade) })),
      // The bands came with the decisions (one analysis answered before there were any).
      renderDecision(s, decision, /** @type {Bands} */ (this.bands)),
    );
  }
}

/**
 * window.CJReview: what the practice page and the stepper call.
 * @typedef {object} ReviewApi
 * @property {(options: { engine: Engine, strings: Strings, lang: string }) => StepAnalysis} stepAnalysis
 * @property {(container: HTMLElement, options: ReviewOptions) => { close: () => void, ready: Promise<void> }} open
 */
/** @typedef {StepAnalysis} Analyser the worked examples' "Analyse" switch (stepper.js) */
window.CJReview = {
  stepAnalysis(options) {
    loadStylesheet("review.css");
    return new StepAnalysis(options);
  },
  open(container, options) {
    const review = new Review(container, options);
    const ready = review.start();
    return { close: () => review.close(), ready };
  },
};
document.dispatchEvent(new CustomEvent("cj-review-ready"));
