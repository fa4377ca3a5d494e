// "Review the deal" and "Find a better card": the analysis of a finished deal (engine/analysis/deal_analysis.py,
// the `analyse` op of engine.web_api) shown to the reader, in the page's language.
//
// window.CJReview.open(container, {record, seat, lang, engine}) renders into `container` and
// returns {close()}. `record` is a deal record, or the practice page's match record (then its
// last finished deal is reviewed); `seat` is the reader's seat; `engine` the page's engine
// client (engine-client.js). Nothing here reads or writes the practice statistics: a card chosen
// in "Find a better card" is a replay and never counts.
//
// The deal is analysed a few decisions at a time so the reader sees the progress. Grades are
// shown by an icon and a word (never by colour alone); every control is a button or a
// <details> element, and verdicts are announced through an aria-live region.

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
const [client, tableModule] = await Promise.all([
  import(new URL("engine-client.js" + VERSION, HERE).href),
  import(new URL("table.js" + VERSION, HERE).href),
]);
const { Strings, h, cardSpan, fill, setChildren, loadStylesheet, lineOfPlay, bringIntoView } = client;
const { cardImage, cardPicture, disclosure } = tableModule;

const BATCH = 4; // decisions per request: small enough for a lively progress counter
const GRADE_ICONS = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const TO_REPLAY = new Set(["inaccuracy", "mistake", "blunder"]);

function number(strings, value, signed = false) {
  const text = (signed && value > 0 ? "+" : "") + value.toFixed(2);
  return text.replace(".", strings.t("analysis.ui.decimal")).replace("-", "\u2212");
}

function percent(strings, chance) {
  return strings.t("analysis.ui.percent", { n: Math.round(chance * 100) });
}

// A band as written (0.5, not 0.50) in the page's decimal style.
function band(strings, value) {
  return String(value).replace(".", strings.t("analysis.ui.decimal"));
}

// "Your cards: best: 15 · good: 7 · …": a label per grade, so no plural forms are needed.
function summaryText(strings, counts) {
  const parts = Object.keys(GRADE_ICONS).map((grade) =>
    strings.t("analysis.ui.count", { grade: strings.t(`analysis.grades.${grade}`), n: counts[grade] }),
  );
  return strings.t("analysis.ui.summary", { counts: parts.join(" · ") });
}

// How values and grades work, with the engine's own bands (never restated here). With three
// players a value is the points won minus both opponents' (RULES.md §6.14), and no card is
// ever known for sure (§6.13): the help says so.
function helpText(strings, bands, players = 2) {
  const points = (chance) => String(Math.round(chance * 100));
  return strings.t(players === 3 ? "analysis.ui.help_three" : "analysis.ui.help", {
    good: band(strings, bands.value[0]), inaccuracy: band(strings, bands.value[1]), mistake: band(strings, bands.value[2]),
    win_good: points(bands.win_chance[0]), win_inaccuracy: points(bands.win_chance[1]), win_mistake: points(bands.win_chance[2]),
  });
}

// French typography: a narrow no-break space before the colon.
function colon(strings) {
  return strings.t("language.code") === "fr" ? "\u202f: " : ": ";
}

// Which measure graded the card, with its numbers and the scale in use (the terminal says the
// same: engine/surfaces/analysis_text.py), so a grade never contradicts a printed scale.
function gradedBy(strings, decision, bands) {
  if (decision.graded_by === "win_chance") {
    const played = decision.options.find((o) => o.card === decision.played);
    const top = Math.max(...decision.options.map((o) => o.win_chance));
    const points = (chance) => String(Math.round(chance * 100));
    return strings.t("analysis.ui.graded_by_win_chance", {
      played: percent(strings, played.win_chance), best: percent(strings, top),
      win_good: points(bands.win_chance[0]), win_inaccuracy: points(bands.win_chance[1]), win_mistake: points(bands.win_chance[2]),
    });
  }
  return strings.t("analysis.ui.graded_by_value", {
    loss: number(strings, decision.loss),
    good: band(strings, bands.value[0]), inaccuracy: band(strings, bands.value[1]), mistake: band(strings, bands.value[2]),
  });
}

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
function withinGood(decision, option, bands) {
  if (decision.graded_by === "win_chance") {
    const top = Math.max(...decision.options.map((o) => o.win_chance));
    const bestValue = Math.max(...decision.options.map((o) => o.value));
    return option.value >= bestValue - 1e-9 || top - option.win_chance <= bands.win_chance[0] + 1e-9;
  }
  const bestValue = Math.max(...decision.options.map((o) => o.value));
  return bestValue - option.value <= bands.value[0] + 1e-9;
}

// The points an option gives up compared with the best card (chance drops of a quarter or more).
function pointsGivenUp(strings, decision, option) {
  const best = decision.options.find((o) => o.card === decision.best[0]);
  return Object.keys(option.points)
    .filter((name) => best.points[name] - option.points[name] >= 0.25)
    .map((name) => strings.t(`points.${name}`));
}

// One decision, for a beginner first: the plain sentence (why the card was worse, or that
// none was better) and which measure graded it; the numbers are folded behind "Details".
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
    const chances = Object.entries(option.points).map(([name, chance]) => `${s.t(`points.${name}`)} ${percent(s, chance)}`).join(" · ");
    const lost = pointsGivenUp(s, decision, option);
    const cells = [number(s, option.value, true), chances, lost.length ? lost.join(", ") : s.t("analysis.ui.nothing")];
    if (hasWin) cells.push(percent(s, option.win_chance));
    return h("tr", { role: "row", "data-card": option.card, class: option.card === decision.played ? "cj-rv-played" : null },
      h("th", { scope: "row", role: "rowheader" }, cardSpan(s, option.card), marks.length ? ` (${marks.join(", ")})` : ""),
      cells.map((text, i) => h("td", { role: "cell", "data-label": columns[i] + colon(s), text })));
  });
  return h("table", { class: "cj-rv-options", role: "table" }, h("thead", { role: "rowgroup" }, head), h("tbody", { role: "rowgroup" }, rows));
}

// Analyse the given plays a few at a time (so a page can show progress); resolves with the
// decisions in play order and the engine's grade bands. `onProgress(done, total)` is called
// before each batch.
async function analyseInBatches(engine, request, indices, onProgress, stillWanted = () => true) {
  const decisions = [];
  let bands = null;
  for (let start = 0; start < indices.length && stillWanted(); start += BATCH) {
    onProgress(start, indices.length);
    const answer = await engine.request({ ...request, op: "analyse", only: indices.slice(start, start + BATCH) });
    decisions.push(...answer.decisions);
    bands = answer.bands;
  }
  return { decisions, bands };
}

class Review {
  constructor(container, { record, seat, lang, engine }) {
    this.container = container;
    this.record = record;
    this.seat = seat ?? 0;
    this.lang = lang || document.documentElement.lang || "en";
    this.engine = engine ?? client.engine();
    this.closed = false;
    this.decisions = [];
    this.returnFocus = document.activeElement; // given back on close (the page's Review button)
  }

  async start() {
    loadStylesheet("review.css");
    this.root = h("section", { class: "cj-review", "data-role": "review", tabindex: "-1" });
    this.status = h("p", { class: "cj-rv-status", "data-role": "status", "aria-live": "polite" });
    this.container.append(this.root);
    setChildren(this.root, this.status);
    const catalogue = await this.engine.request({ op: "catalogue", lang: this.lang });
    this.strings = new Strings(catalogue);
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
      const mine = this.replay.states.slice(1).flatMap((state, index) => (state.play.seat === this.seat ? [index] : []));
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
      this.render();
    } catch (error) {
      if (!this.closed) this.status.textContent = s.t("analysis.ui.failed", { message: error.message });
    }
  }

  // The table's names, for labels: "You", and "Computer" (two players) or "Computer 1", "Computer 2".
  playerName(seat) {
    if (seat === this.seat) return this.strings.t("seats.you");
    const n = this.computerNumber(seat);
    return n === null ? this.strings.t("seats.computer") : this.strings.t("seats.computer_n", { n });
  }

  // With two players the computer has no number; with three, 1 and 2 in seat order.
  computerNumber(seat) {
    const players = this.replay?.players ?? 2;
    if (players === 2) return null;
    return Array.from({ length: players }, (_, s) => s).filter((s) => s !== this.seat).indexOf(seat) + 1;
  }

  // A computer seat as running text names it ("the computer", "computer 2"), never the label.
  phrase(seat) {
    const n = this.computerNumber(seat);
    return n === null ? this.strings.t("seats.in_text.computer") : this.strings.t("seats.in_text.computer_n", { n });
  }

  // A sentence about a seat: `<key>_you` for the reviewed player, else `<key>_other` with the
  // computer named as running text names it.
  said(seat, key, params) {
    if (seat === this.seat) return fill(this.strings, `${key}_you`, params);
    return fill(this.strings, `${key}_other`, { ...params, player: this.phrase(seat) });
  }

  render() {
    const s = this.strings;
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
      h("div", { class: "cj-rv-tabs", role: "group" }, this.timelineButton, this.practiceButton, closeButton),
      h("details", { class: "cj-rv-help" }, h("summary", { text: s.t("analysis.ui.how_graded") }), h("p", { text: helpText(s, this.bands, this.replay.players) }), h("p", { text: s.t("analysis.ui.not_counted") })),
      this.timeline,
      this.practice,
    );
    this.root.focus();
  }

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
    const tricks = [];
    this.replay.states.slice(1).forEach((state, index) => {
      const number = state.completed ? state.completed.number : state.tricks_played + 1;
      if (!tricks[number - 1]) tricks[number - 1] = [];
      tricks[number - 1].push({ index, play: state.play });
    });
    const list = h("ol", { class: "cj-rv-timeline", "data-role": "timeline", "aria-label": s.t("analysis.ui.timeline") });
    tricks.forEach((plays, number) => {
      const items = plays.map(({ index, play }) => {
        const decision = byIndex.get(index);
        const line = this.said(play.seat, "analysis.ui.decision", { card: cardSpan(s, play.card) });
        if (!decision) return h("li", { class: "cj-rv-play" }, line);
        return h("li", { class: "cj-rv-play cj-rv-mine", "data-play-index": String(index), "data-grade": decision.grade },
          h("details", {}, h("summary", {}, fill(s, "analysis.ui.verdict", { decision: line, grade: gradeBadge(s, decision.grade) })), renderDecision(s, decision, this.bands), this.savePuzzleButton(decision)));
      });
      list.append(h("li", { class: "cj-rv-trick" }, h("h3", { text: s.t("ui.trick", { n: number + 1 }) }), h("ul", {}, items)));
    });
    return list;
  }

  // An exact blunder can be kept as a personal puzzle for the Puzzles page (puzzle-store.js,
  // which also checks what it stores): the deal record stopped before the card played.
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
        const record = { ...this.dealRecord, plays: this.dealRecord.plays.slice(0, decision.play_index) };
        const id = window.CJPuzzles.savePersonal({ record, seat: this.seat, played: decision.played, trick: decision.trick });
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
  constructor(review, panel) {
    this.review = review;
    this.panel = panel;
    this.s = review.strings;
    this.todo = review.decisions.filter((d) => TO_REPLAY.has(d.grade));
    this.position = 0;
    this.found = 0;
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

  positionTable(state) {
    const s = this.s;
    const trump = this.review.trump;
    const stock = state.stock_top
      ? h("span", { "data-role": "stock" }, s.t("ui.stock_top") + colon(s), cardSpan(s, state.stock_top))
      : state.stock_count === 0 ? h("span", { "data-role": "stock", text: s.t("ui.stock_empty") }) : null;
    const trick = state.trick.length
      ? h("div", { class: "cj-rv-trick", "data-role": "trick" },
          h("p", { class: "cj-rv-label", text: s.t("ui.current_trick") }),
          h("div", { class: "cj-rv-trick-cards" }, state.trick.map((play) =>
            h("figure", { class: "cj-rv-play-card", "data-seat": String(play.seat) }, cardImage(s, play.card), h("figcaption", { text: this.review.playerName(play.seat) })))))
      : h("p", { class: "cj-rv-label", "data-role": "lead", text: s.t("analysis.ui.you_lead") });
    return h("div", { class: "cj-rv-table", "data-role": "position" },
      h("p", { class: "cj-rv-label" },
        h("span", { "data-role": "trump" }, s.t("ui.trump") + colon(s),
          h("span", { class: `cj-rv-suit cj-rv-suit--${trump.toLowerCase()}`, "aria-hidden": "true", text: s.t(`suits.${trump}.symbol`) }), " ", s.suitName(trump)),
        stock ? " · " : null, stock),
      trick,
      h("p", { class: "cj-rv-label", id: `cj-rv-hand-${this.position}`, text: s.t("analysis.ui.your_hand") }),
      h("div", { class: "cj-rv-choices", role: "group", "aria-labelledby": `cj-rv-hand-${this.position}` }, this.cardButtons));
  }

  // The words under each card: played in the deal, the reader's choice, and (once answered)
  // the best cards. They are part of each button's name too.
  mark(decision, { best = false } = {}) {
    const s = this.s;
    for (const button of this.cardButtons) {
      const code = button.dataset.card;
      const marks = [];
      if (code === decision.played) marks.push(["played", s.t("analysis.ui.played")]);
      if (code === this.chosen) marks.push(["chosen", s.t("analysis.ui.mark_chosen")]);
      if (best && decision.best.includes(code)) marks.push(["best", `★ ${s.t("analysis.ui.best_mark")}`]);
      button.dataset.marks = marks.map(([kind]) => kind).join(" ");
      button.querySelector("[data-role=mark]").textContent = marks.map(([, text]) => text).join(" · ");
      button.setAttribute("aria-label", [s.cardName(code), ...marks.map(([, text]) => text.replace("★ ", ""))].join(", "));
    }
  }

  optionOf(decision, code) {
    return decision.options.find((o) => o.card === code);
  }

  // The line after a card, trick by trick (exact decisions only: the engine knows every card).
  line(option) {
    const review = this.review;
    return lineOfPlay(this.s, option.tricks, { you: review.seat, name: (seat) => review.phrase(seat) });
  }

  say(kind, ...parts) {
    setChildren(this.verdict, parts.filter(Boolean).map((part) => (typeof part === "string" ? h("p", { text: part }) : part)));
    this.verdict.dataset.verdict = kind;
    bringIntoView(this.verdict);
  }

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
    this.say("refuted", text, option.reason ? s.t(`analysis.reasons.${option.reason}`) : null, this.line(option));
  }

  // What a card does better than the card played in the deal (the engine's reason, worded from
  // the better card's side).
  advantage(option) {
    return option.advantage ? this.s.t(`analysis.advantages.${option.advantage}`) : null;
  }

  showBest(decision) {
    const s = this.s;
    const best = this.optionOf(decision, decision.best[0]);
    this.finish(decision, "shown", s.t(s.pluralKey("analysis.ui.shown", decision.best.length), { cards: s.series(decision.best.map((c) => s.cardShort(c))) }), this.advantage(best), this.line(best));
  }

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
  constructor({ engine, strings, lang }) {
    this.engine = engine;
    this.strings = strings;
    this.lang = lang;
    this.cache = new Map();
  }

  // Resolves with Map(play index -> decision); `onProgress(text)` gets the progress message.
  analyse(record, onProgress) {
    const key = JSON.stringify(record);
    if (!this.cache.has(key)) {
      const indices = (record.plays ?? []).map((_, index) => index);
      const job = analyseInBatches(this.engine, { record, seat: null, lang: this.lang }, indices, (done, total) =>
        onProgress(this.strings.t("analysis.ui.analysing", { done, total })),
      ).then(({ decisions, bands }) => {
        this.bands = bands ?? this.bands;
        return new Map(decisions.map((d) => [d.play_index, d]));
      });
      job.catch(() => this.cache.delete(key)); // a failure may be retried
      this.cache.set(key, job);
    }
    return this.cache.get(key);
  }

  // The verdict on the card that led to step `step` (null at step 0). `playerName(seat)` names
  // the seat in a sentence; no reader sits at an example's table, so the other-seat form is used.
  render(decisions, step, playerName) {
    const decision = decisions.get(step - 1);
    if (!decision) return null;
    const s = this.strings;
    const line = fill(s, "analysis.ui.decision_other", { player: playerName(decision.seat), card: cardSpan(s, decision.played) });
    return h(
      "div",
      { class: "cj-rv-step", "data-grade": decision.grade, "data-play-index": String(decision.play_index) },
      h("p", {}, fill(s, "analysis.ui.verdict", { decision: line, grade: gradeBadge(s, decision.grade) })),
      renderDecision(s, decision, this.bands),
    );
  }
}

window.CJReview = {
  stepAnalysis(options) {
    loadStylesheet("review.css");
    return new StepAnalysis(options);
  },
  open(container, options) {
    const review = new Review(container, options);
    review.ready = review.start();
    return { close: () => review.close(), ready: review.ready };
  },
};
document.dispatchEvent(new CustomEvent("cj-review-ready"));
