// After a practice deal, in its review (review.js): luck and skill, "Could I have won?" and
// "Did the computer peek?" (issue 24). The engine does the work in the page's worker
// (engine/surfaces/practice_api.py: practice.luck, practice.could_win, practice.peek); this
// module asks, shows progress while it works, and puts the answers into words.
//
// The luck split starts by itself once the review's own analysis is done (the deal is over and
// the page waits for the reader), unless the practice page already measures it for the match
// (match-luck.js, ChecksOptions.luck): then the review shows that measurement. The two checks
// start only when the reader asks. All three run
// in the background, in steps that give way to the reader's cards (engine-client.js). Every result
// is written into an aria-live region, so a screen reader hears it when it arrives.

/**
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").Engine} Engine
 */
/**
 * op "practice.luck": each seat's net points split as result = expected + luck + skill
 * (engine/analysis/luck.py), and for the reader's seat the luck-adjusted result.
 * @typedef {object} LuckAnswer
 * @property {true} done
 * @property {number} plays
 * @property {number} deal
 * @property {number} seat
 * @property {number[]} result
 * @property {number[]} expected
 * @property {number[]} luck
 * @property {number[]} skill
 * @property {number[]} own
 * @property {number} adjusted      result - luck, for the reader's seat
 * @property {number} own_skill     the reader's own cards
 * @property {number} others_skill  the computer's cards, counted for the reader
 */
/**
 * Where a review takes its split from when the page already measures it (match-luck.js): a
 * function that reports the job's progress and resolves with its answer.
 * @typedef {(progress: (done: number, total: number) => void) => Promise<LuckAnswer>} LuckSource
 */
/**
 * op "practice.luck" with `stop`: the split so far, given back to go on.
 * @typedef {{ done: false, plays: number, deal: number, so_far: { next_play: number } }} LuckPart
 */
/**
 * One line of the deal in "Could I have won?" (engine/analysis/seat_swap.py _line).
 * @typedef {{ plays: CardCode[], points: Record<string, number | null>, game_values: number[], nets: number[] }} Line
 */
/**
 * op "practice.could_win".
 * @typedef {object} CouldWinAnswer
 * @property {number} deal
 * @property {number} seat
 * @property {Line} actual
 * @property {Line} computer
 * @property {number | null} parted_at
 * @property {CardCode | null} actual_card
 * @property {CardCode | null} computer_card
 */
/**
 * One computer decision re-run with the unseen cards dealt again (engine/analysis/peek.py).
 * @typedef {{ play_index: number, seat: number, card: CardCode, replayed: CardCode, redealt: CardCode[], same: boolean }} PeekDecision
 */
/**
 * op "practice.peek".
 * @typedef {{ deal: number, decisions: PeekDecision[], all_same: boolean, checked: number, redeals: number }} PeekAnswer
 */
/**
 * What the review gives: its engine and strings, the practice match record, the reader's seat,
 * the `samples` the page gave practice.bot (undefined: the expert's own), the computer's play
 * indices in the deal and the number of its plays, the number of players, and helpers of the review: `number(value,
 * signed)` writes a figure in the page's style, `phrase(seat)` names a computer in running
 * text, and `goTo(playIndex)` opens that position in the review's timeline.
 * @typedef {object} ChecksOptions
 * @property {Engine} engine
 * @property {Strings} strings
 * @property {Record<string, unknown>} record
 * @property {number} seat
 * @property {number | undefined} samples
 * @property {number[]} computerPlays
 * @property {number} plays            the cards played in the deal
 * @property {number} players
 * @property {(value: number, signed?: boolean) => string} number
 * @property {(seat: number) => string} phrase
 * @property {(playIndex: number) => void} goTo
 * @property {LuckSource} [luck]      the practice page's own measurement of this deal, if any
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {typeof import("./engine-client.js")} */
const client = await import(new URL("engine-client.js" + VERSION, HERE).href);
const { h, cardSpan, fill, setChildren, errorMessage, earlyStrings, signedWhole } = client;

// Where the method is explained: the Sources page section (docs/_data/outline.yml's id).
const METHOD_LINK = "sources/#luck-and-skill";
// Each check runs in the background (engine-client.js): an engine job in bounded steps that
// wait for the reader's requests, so a card played meanwhile gets its reply first.
const whole = signedWhole;

export class DealChecks {
  /** @param {ChecksOptions} options */
  constructor(options) {
    this.o = options;
    this.closed = false;
    const s = options.strings;
    this.luckCounter = h("p", { text: s.t("analysis.checks.luck_working", { done: 0, total: options.plays }) });
    this.luck = h("div", { class: "cj-dc-luck", "data-role": "luck", "aria-live": "polite", "aria-busy": "true" }, this.luckCounter);
    this.couldWinStatus = h("div", { class: "cj-dc-result", "data-role": "could-win", "aria-live": "polite" });
    this.peekStatus = h("div", { class: "cj-dc-result", "data-role": "peek", "aria-live": "polite" });
    this.couldWinButton = h("button", { type: "button", "data-action": "could-win", text: s.t("analysis.checks.could_win"), onclick: () => this.couldWin() });
    this.peekButton = h("button", { type: "button", "data-action": "peek", text: s.t("analysis.checks.peek"), onclick: () => this.peek() });
    this.section = h("section", { class: "cj-dc", "data-role": "deal-checks", "aria-labelledby": "cj-dc-title" },
      h("h3", { id: "cj-dc-title", text: s.t("analysis.checks.title") }),
      h("div", { class: "cj-dc-actions" }, this.couldWinButton, this.peekButton),
      this.couldWinStatus,
      this.peekStatus);
  }

  // The work a request asks for: the match record and, when the page set them, its samples.
  /** @param {Record<string, unknown>} extra */
  request(extra) {
    const samples = this.o.samples === undefined ? {} : { samples: this.o.samples };
    return { record: this.o.record, ...samples, ...extra };
  }

  // ----- luck and skill -----

  async measureLuck() {
    const { strings: s, engine, number } = this.o;
    try {
      /** @param {number} done @param {number} total */
      const progress = (done, total) => {
        if (!this.closed) this.luckCounter.textContent = s.t("analysis.checks.luck_working", { done, total });
      };
      // The page's own measurement when it has one (it goes on for the match after the review
      // closes); else the review's. The value function's own stock orders (engine/analysis/luck.py),
      // not the bot's samples.
      const answer = /** @type {LuckAnswer} */ (this.o.luck
        ? await this.o.luck(progress)
        : await engine.request({ op: "practice.luck", record: this.o.record }, { background: true, abandon: () => this.closed, progress }));
      if (this.closed || !answer.done) return;
      const seat = this.o.seat;
      const root = earlyStrings().lang_root;
      const method = s.t("analysis.checks.luck_method");
      setChildren(this.luck,
        h("p", { "data-role": "luck-result" },
          s.t("analysis.checks.luck_result", { result: whole(answer.result[seat]), adjusted: number(answer.adjusted, true) })),
        h("p", { "data-role": "luck-parts" },
          s.t(this.o.players === 3 ? "analysis.checks.luck_parts_three" : "analysis.checks.luck_parts", {
            luck: number(answer.luck[seat], true), own: number(answer.own_skill, true),
            others: number(answer.others_skill, true), expected: number(answer.expected[seat], true),
          })),
        h("p", { class: "cj-dc-note" }, s.t("analysis.checks.luck_explain"), " ",
          root ? h("a", { href: root + METHOD_LINK, "data-role": "luck-method", text: method }) : null));
      this.luck.dataset.adjusted = String(answer.adjusted);
    } catch (error) {
      if (!this.closed) setChildren(this.luck, h("p", { text: s.t("analysis.checks.failed", { message: errorMessage(error) }) }));
    } finally {
      this.luck.removeAttribute("aria-busy");
    }
  }

  // ----- Could I have won? -----

  async couldWin() {
    const s = this.o.strings;
    const status = this.couldWinStatus;
    this.couldWinButton.disabled = true;
    status.setAttribute("aria-busy", "true");
    setChildren(status, h("p", { text: s.t("analysis.checks.could_win_working") }), h("progress", { "aria-hidden": "true" }));
    try {
      const answer = await this.o.engine.request({ op: "practice.could_win", ...this.request({}) }, { background: true, abandon: () => this.closed });
      if (this.closed) return;
      setChildren(status, ...this.couldWinResult(answer));
      status.dataset.parted = answer.parted_at === null ? "never" : String(answer.parted_at);
    } catch (error) {
      if (!this.closed) setChildren(status, h("p", { text: s.t("analysis.checks.failed", { message: errorMessage(error) }) }));
      this.couldWinButton.disabled = false;
    } finally {
      status.removeAttribute("aria-busy");
    }
  }

  /** @param {CouldWinAnswer} answer */
  couldWinResult(answer) {
    const { strings: s, seat } = this.o;
    /**
     * @param {string} title
     * @param {Line} line
     * @param {string} role
     */
    const column = (title, line, role) => {
      const taken = Object.entries(line.points).filter(([, who]) => who === seat).map(([name]) => s.t(`points.${name}`));
      return h("div", { class: "cj-dc-line", "data-role": role },
        h("h4", { text: title }),
        h("p", { "data-role": "net", text: s.t("analysis.checks.net", { n: whole(line.nets[seat]) }) }),
        h("p", { text: taken.length ? s.t("analysis.checks.points_taken", { points: s.series(taken) }) : s.t("analysis.checks.points_none") }));
    };
    const mine = answer.actual.nets[seat];
    const theirs = answer.computer.nets[seat];
    const summary = s.t("analysis.checks.could_win_summary", { you: whole(mine), computer: whole(theirs) });
    /** @type {HTMLElement[]} */
    const parts = [
      h("p", { "data-role": "could-win-summary", text: summary }),
      h("div", { class: "cj-dc-lines" },
        column(s.t("analysis.checks.line_you"), answer.actual, "line-you"),
        column(s.t("analysis.checks.line_computer"), answer.computer, "line-computer")),
    ];
    if (answer.parted_at === null) {
      parts.push(h("p", { "data-role": "parted", text: s.t("analysis.checks.never_parted") }));
    } else {
      const index = answer.parted_at;
      const trick = Math.floor(index / this.o.players) + 1;
      parts.push(h("p", { "data-role": "parted" },
        fill(s, "analysis.checks.parted", { trick, card: cardSpan(s, /** @type {CardCode} */ (answer.actual_card)), other: cardSpan(s, /** @type {CardCode} */ (answer.computer_card)) }),
        " ",
        h("button", { type: "button", class: "cj-dc-link", "data-action": "go-to-parting", "data-play-index": String(index), text: s.t("analysis.checks.show_position"), onclick: () => this.o.goTo(index) })));
    }
    parts.push(h("p", { class: "cj-dc-note", "data-role": "fair", text: s.t("analysis.checks.could_win_fair") }));
    return parts;
  }

  // ----- Did the computer peek? -----

  async peek() {
    const s = this.o.strings;
    const status = this.peekStatus;
    const indices = this.o.computerPlays;
    this.peekButton.disabled = true;
    status.setAttribute("aria-busy", "true");
    const progress = h("progress", { max: String(indices.length), value: "0", "aria-hidden": "true" });
    const counter = h("p", {});
    setChildren(status, counter, progress);
    try {
      counter.textContent = s.t("analysis.checks.peek_working", { done: 0, total: indices.length });
      const answer = await this.o.engine.request({ op: "practice.peek", ...this.request({ only: indices }) }, {
        background: true,
        abandon: () => this.closed,
        progress: (done) => {
          counter.textContent = s.t("analysis.checks.peek_working", { done, total: indices.length });
          progress.value = done;
        },
      });
      const { decisions, redeals } = answer;
      if (this.closed) return;
      setChildren(status, ...this.peekResult(decisions, redeals));
      status.dataset.allSame = String(decisions.every((d) => d.same));
    } catch (error) {
      if (!this.closed) setChildren(status, h("p", { text: s.t("analysis.checks.failed", { message: errorMessage(error) }) }));
      this.peekButton.disabled = false;
    } finally {
      status.removeAttribute("aria-busy");
    }
  }

  /**
   * @param {PeekDecision[]} decisions
   * @param {number} redeals
   */
  peekResult(decisions, redeals) {
    const s = this.o.strings;
    const differ = decisions.filter((d) => !d.same);
    const explain = h("p", { class: "cj-dc-note", text: s.t("analysis.checks.peek_explain") });
    if (!differ.length) {
      return [h("p", { "data-role": "peek-verdict", text: s.count("analysis.checks.peek_same", decisions.length, { redeals }) }), explain];
    }
    const items = differ.map((d) => {
      const others = [d.replayed, ...d.redealt].filter((card) => card !== d.card);
      return h("li", { "data-play-index": String(d.play_index) },
        fill(s, "analysis.checks.peek_changed", {
          trick: Math.floor(d.play_index / this.o.players) + 1, player: this.o.phrase(d.seat), card: cardSpan(s, d.card),
          others: s.series([...new Set(others)].map((card) => s.cardShort(card))),
        }));
    });
    return [
      h("p", { "data-role": "peek-verdict", text: s.count("analysis.checks.peek_differs", differ.length, { total: decisions.length }) }),
      h("ul", {}, items),
      explain,
    ];
  }

  close() {
    this.closed = true;
  }
}
