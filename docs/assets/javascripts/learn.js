// @ts-check
// The Learn course (issue 23): stages of one-goal levels, played one at a time, with immediate
// feedback in the page's language, fading help and stars kept in localStorage (learn-store.js).
//
// Every level is precomputed by the build (scripts/hooks/learn.py -> assets/learn/levels.json,
// engine/content/course.py): its accepted answers and the feedback for each wrong one come with
// it, so this page never starts the engine. The strings it words the position with come with
// the page (scripts/hooks/widgets.py LEARN_CATALOGUE), the levels' own texts with the levels.
// The card chips, the element builder and the refusal's rule link are the shared ones of
// engine-client.js.
//
// learn/#level=<id> opens that level (the practice page links back to the level after its deal).
//
// Test hooks: .cj-learn[data-state] (loading, stages, level, done, failed); [data-level-id] on
// the level shown; [data-card] on every card the reader can choose; [data-feedback] with
// [data-result] after an answer; [data-stars]; [data-action] next, retry, reset.

/**
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").StringTree} StringTree
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").FillParams} FillParams
 * @typedef {import("./engine-client.js").Child} Child
 * @typedef {import("./learn-store.js").Progress} Progress
 */
/**
 * What the reader sees at the decision (engine/core/view.py PlayerView.to_dict).
 * @typedef {object} LevelView
 * @property {number} seat
 * @property {number} dealer
 * @property {string} trump
 * @property {CardCode} trump_card
 * @property {number | null} to_move
 * @property {number} leader
 * @property {CardCode[]} hand
 * @property {CardCode[]} legal
 * @property {CardCode[]} current_trick
 * @property {{ leader: number, cards: CardCode[], winner: number, draws: { seat: number, card: CardCode | null }[] }[]} tricks
 * @property {number[]} hand_sizes
 * @property {CardCode[][]} known
 * @property {CardCode[][]} won
 * @property {number} stock_count
 * @property {CardCode | null} stock_top
 */
/**
 * The feedback for one wrong answer: a catalogue key and its parameters (`rule`: a refusal's rule).
 * @typedef {{ kind: "illegal" | "wrong", key: string, rule?: string, rule_link?: string, params: Record<string, unknown> }} Feedback
 */
/**
 * One level as engine/content/course.py publishes it.
 * @typedef {object} Level
 * @property {string} id
 * @property {string} stage
 * @property {string} goal
 * @property {{ scores_before?: number[] }} record
 * @property {number} seat
 * @property {number} target
 * @property {LevelView} view
 * @property {(string | number)[]} answers
 * @property {Record<string, Feedback>} feedback
 * @property {number} par
 * @property {boolean} guided
 * @property {Record<string, string>} texts
 * @property {{ key: string, params: Record<string, unknown> } | null} [why] why the answer is right (engine/content/goals.py)
 * @property {string} [kind]
 * @property {string} [question]
 * @property {Record<string, string>} [options]
 */
/**
 * @typedef {{ id: string, order: number, title: string, intro: string, levels: string[] }} Stage
 * @typedef {{ version: number, stages: Stage[], levels: Level[], texts: Record<string, Record<string, string>> }} Course
 */
/**
 * The reader's try at the level on screen.
 * @typedef {{ mistakes: number, wrong: Set<string>, found: Set<string>, finished: boolean }} Attempt
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {[typeof import("./engine-client.js"), typeof import("./learn-store.js")]} */
const [client, store] = await Promise.all([
  import(new URL("engine-client.js" + VERSION, HERE).href),
  import(new URL("learn-store.js" + VERSION, HERE).href),
]);
const { earlyStrings, Strings, h, setChildren, loadStylesheet, capitalise, cardSpan, hiddenCard, fill, explainRefusal, bringIntoView } = client;

const DATA = new URL("../learn/levels.json" + VERSION, HERE).href;
const CARD_GOALS = new Set(["legal_card", "wins_trick", "best_card"]);
// A level played on the practice page (the course's coached deal and first match): this page
// only links to it and shows the stars the practice page stored.
const PLAY_DEAL = "play_deal";
const KNOWN_GOALS = new Set([...CARD_GOALS, "count", "choice", PLAY_DEAL]);
// Counts and questions about the cards played so far (the card-counting drills).
const COUNTING = new Set(["trumps_out", "opponent_value", "jack_out", "opponent_has_trump"]);

// Stars for a finished level: 3 with no mistake, 2 with one, 1 otherwise.
/**
 * @param {number} mistakes
 * @returns {1 | 2 | 3}
 */
export function starsFor(mistakes) {
  return mistakes === 0 ? 3 : mistakes === 1 ? 2 : 1;
}

// Flat catalogue keys ("learn.goals.win_trick") into the nested tree Strings reads.
/**
 * @param {StringTree} tree
 * @param {Record<string, string>} flat
 */
function nest(tree, flat) {
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split(".");
    const last = /** @type {string} */ (parts.pop());
    let node = tree;
    for (const part of parts) {
      const next = node[part];
      if (typeof next === "object") node = next;
      else node = node[part] = {};
    }
    node[last] = text;
  }
  return tree;
}

/**
 * @param {string} text
 * @returns {string | null}
 */
function decodeHash(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * @param {unknown} data
 * @returns {data is Course}
 */
function isCourse(data) {
  if (!data || typeof data !== "object") return false;
  const course = /** @type {Partial<Course>} */ (data);
  return course.version === 1 && Array.isArray(course.stages) && Array.isArray(course.levels) && !!course.texts && typeof course.texts === "object";
}

class LearnCourse {
  // Set by start(), before anything reads them.
  /** @type {Strings} */ strings;
  /** @type {Course} */ course;
  /** @type {Map<string, Level>} */ levels;
  /** @type {Level[]} */ order;
  /** @type {Progress} */ progress;
  /** @type {string} */ lang;
  /** @type {HTMLDivElement | undefined} */ feedback;
  /** @type {HTMLButtonElement | undefined} */ nextButton;

  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.early = earlyStrings();
    root.dataset.state = "loading";
    root.setAttribute("role", "region");
    // Notices (a dropped progress value, a reset) stay above whatever the course shows.
    this.notices = h("div", { class: "cj-learn-notices", role: "status" });
    this.main = h("div", { class: "cj-learn-main" });
    setChildren(root, this.notices, this.main);
    setChildren(this.main, h("p", { class: "cj-learn-status", text: this.early.loading || "…" }));
    /** @type {Attempt | null} */
    this.attempt = null;
  }

  async start() {
    /** @type {unknown} */
    let data;
    try {
      const response = await fetch(DATA);
      data = response.ok ? await response.json() : null;
    } catch {
      data = null;
    }
    if (!isCourse(data)) {
      this.root.dataset.state = "failed";
      setChildren(this.main, h("p", { class: "cj-learn-status", role: "alert", text: this.early.load_failed || "" }));
      return;
    }
    this.course = data;
    this.lang = this.early.lang || "en";
    const tree = /** @type {StringTree} */ (structuredClone(this.early.catalogue ?? {}));
    nest(tree, data.texts[this.lang] ?? data.texts.en ?? {});
    this.strings = new Strings({ catalogue: tree, untranslated: [] });
    this.levels = new Map(data.levels.map((level) => [level.id, level]));
    // Course order: stage by stage, each stage's levels as it lists them.
    this.order = [...data.stages]
      .sort((a, b) => a.order - b.order)
      .flatMap((stage) => stage.levels.map((id) => this.levels.get(id)).filter((level) => level !== undefined));
    const loaded = store.loadProgress();
    this.progress = loaded.value;
    if (loaded.dropped) this.notice(this.t("learn.ui.progress_dropped"), "dropped");
    // learn/#level=<id>: the practice page's way back from a course deal, to the level after it.
    const asked = /^#level=(.+)$/.exec(location.hash);
    const id = asked ? decodeHash(asked[1]) : null;
    if (asked) history.replaceState(null, "", location.pathname + location.search);
    if (id !== null && this.levels.has(id)) this.open(id);
    else this.showStages();
  }

  /**
   * @param {string} key
   * @param {import("./engine-client.js").TextParams} [params]
   */
  t(key, params) {
    return this.strings.t(key, params);
  }

  /**
   * @param {string} text
   * @param {string} kind
   */
  notice(text, kind) {
    setChildren(this.notices, h("p", { class: "cj-learn-notice", "data-notice": kind, text }));
  }

  /**
   * @param {string} id
   * @returns {number} 0 for a level not finished yet
   */
  starsOf(id) {
    return this.progress.levels[id]?.stars ?? 0;
  }

  // "★★☆" with its meaning in words: stars are never told by their glyphs alone.
  /** @param {number} stars */
  starsBadge(stars) {
    const label = stars ? this.strings.count("learn.ui.stars", stars) : this.t("learn.ui.not_played");
    return h(
      "span",
      { class: "cj-learn-stars", "data-stars": String(stars) },
      h("span", { "aria-hidden": "true", text: "★".repeat(stars) + "☆".repeat(3 - stars) }),
      h("span", { class: "cj-learn-sr", text: label }),
    );
  }

  // A card only looked at: the shared chip, without the data-card of a card to choose.
  /** @param {CardCode | null | undefined} code */
  chip(code) {
    if (!code) return hiddenCard(this.strings);
    const span = cardSpan(this.strings, code);
    // Not [data-card], which marks a card to choose; the code stays, for a template's card forms.
    span.removeAttribute("data-card");
    span.setAttribute("data-card-shown", code);
    return span;
  }

  /** @param {CardCode[]} codes */
  chips(codes) {
    if (!codes.length) return h("span", { class: "cj-learn-none", text: this.t("learn.ui.none") });
    return h("span", { class: "cj-cards" }, codes.map((code) => this.chip(code)));
  }

  /** @param {string} where */
  practiceLink(where = "") {
    return `${this.early.lang_root || "../"}practice/${where}`;
  }

  // ----- the stage list ---------------------------------------------------------------------

  showStages() {
    this.root.dataset.state = "stages";
    this.attempt = null;
    const next = this.order.find((level) => this.starsOf(level.id) === 0);
    const stages = [...this.course.stages].sort((a, b) => a.order - b.order);
    setChildren(
      this.main,
      next ? h("p", {}, h("button", { type: "button", class: "md-button md-button--primary", "data-action": "play-next", text: this.t("learn.ui.play_next"), onclick: () => this.open(next.id) })) : null,
      this.starsRule(),
      stages.map((stage) =>
        h(
          "section",
          { class: "cj-learn-stage", "data-stage": stage.id },
          h("h2", { text: this.t(stage.title) }),
          h("p", { text: this.t(stage.intro) }),
          h(
            "ol",
            { class: "cj-learn-levels" },
            stage.levels.map((id, index) => {
              const level = this.levels.get(id);
              if (!level) return null;
              const label = this.t("learn.ui.level_n", { n: index + 1 });
              const stars = this.starsBadge(this.starsOf(id));
              const entry =
                level.goal === PLAY_DEAL
                  ? h("a", { class: "cj-learn-open", href: this.practiceLink(`#learn=${encodeURIComponent(id)}`), "data-open": id }, label, " ", stars)
                  : h("button", { type: "button", class: "cj-learn-open", "data-open": id, onclick: () => this.open(id) }, label, " ", stars);
              return h("li", {}, entry);
            }),
          ),
        ),
      ),
      this.resetBox(),
    );
  }

  // How stars are won, said once wherever stars are shown (the stage list, a level).
  starsRule() {
    return h("p", { class: "cj-learn-stars-rule", "data-role": "stars-rule", text: this.t("learn.ui.stars_rule") });
  }

  resetBox() {
    const box = h("div", { class: "cj-learn-reset" });
    const ask = () => {
      const keep = h("button", { type: "button", class: "md-button", "data-action": "reset-cancel", text: this.t("learn.ui.reset_no"), onclick: () => show() });
      const erase = h("button", {
        type: "button",
        class: "md-button",
        "data-action": "reset-confirm",
        text: this.t("learn.ui.reset_yes"),
        onclick: () => {
          this.progress = store.resetProgress();
          this.notice(this.t("learn.ui.reset_done"), "reset");
          this.showStages();
          this.main.querySelector("button")?.focus();
        },
      });
      setChildren(box, h("div", { role: "alertdialog", "aria-labelledby": "cj-learn-reset-q", class: "cj-learn-confirm" }, h("p", { id: "cj-learn-reset-q", text: this.t("learn.ui.reset_confirm") }), keep, " ", erase));
      keep.focus();
    };
    const show = () => {
      const button = h("button", { type: "button", class: "md-button", "data-action": "reset", text: this.t("learn.ui.reset"), onclick: ask });
      const hadFocus = box.contains(document.activeElement);
      setChildren(box, button);
      if (hadFocus) button.focus();
    };
    show();
    return box;
  }

  // ----- one level ----------------------------------------------------------------------------

  /** @param {string} id */
  open(id) {
    const level = this.levels.get(id);
    if (!level) return this.showStages();
    this.root.dataset.state = "level";
    this.attempt = { mistakes: 0, wrong: new Set(), found: new Set(), finished: false };
    const stage = this.course.stages.find((candidate) => candidate.id === level.stage);
    const inStage = stage ? stage.levels.indexOf(id) : -1;
    const heading = h("p", {
      class: "cj-learn-where",
      text: this.t("learn.ui.level_of", { stage: stage ? this.t(stage.title) : "", n: inStage + 1, total: stage ? stage.levels.length : 1 }),
    });
    const goalKey = level.texts?.goal;
    const goal = h("h2", { class: "cj-learn-goal", tabindex: "-1", text: goalKey ? this.t(goalKey) : "" });
    this.feedback = h("div", { class: "cj-learn-feedback", "data-feedback": "", role: "status" });
    this.nextButton = h("button", { type: "button", class: "md-button md-button--primary", "data-action": "next", text: this.t("ui.next"), onclick: () => this.next(level), hidden: true });
    const actions = h(
      "div",
      { class: "cj-learn-actions" },
      this.nextButton,
      h("button", { type: "button", class: "md-button", "data-action": "retry", text: this.t("learn.ui.retry"), onclick: () => this.open(level.id) }),
      h("button", { type: "button", class: "md-button", "data-action": "stages", text: this.t("learn.ui.all_stages"), onclick: () => this.backToStages(level.id) }),
    );
    /** @type {Child} */
    let body;
    if (!KNOWN_GOALS.has(level.goal)) {
      body = h("p", { class: "cj-learn-unknown", text: this.t("learn.ui.unknown_goal") });
      this.nextButton.hidden = false;
    } else if (level.goal === PLAY_DEAL) {
      body = h("p", {}, h("a", { class: "md-button md-button--primary", href: this.practiceLink(`#learn=${encodeURIComponent(level.id)}`), text: this.t("learn.ui.play_deal") }), " ", this.starsBadge(this.starsOf(level.id)));
      this.nextButton.hidden = false;
    } else {
      body = [this.position(level), this.choices(level)];
    }
    setChildren(this.main, h("div", { class: "cj-learn-level", "data-level-id": level.id, "data-goal": level.goal }, heading, goal, body, this.feedback, actions, this.starsRule()));
    goal.focus();
    bringIntoView(goal);
  }

  // Back to the list, the keyboard focus on the level just left (or the list's first control).
  /** @param {string} [from] */
  backToStages(from) {
    this.showStages();
    const left = from ? this.main.querySelector(`[data-open="${CSS.escape(from)}"]`) : null;
    (left instanceof HTMLElement ? left : this.main.querySelector(/** @type {"button"} */ ("button, a")))?.focus();
  }

  /** @param {Level} level */
  next(level) {
    const index = this.order.indexOf(level);
    const following = this.order[index + 1];
    if (following) this.open(following.id);
    else this.showDone();
  }

  // ----- the position -------------------------------------------------------------------------

  // What the level shows of the position: what its goal needs, and never its answer (a
  // trump-suit question hides the trump, a stock count the stock's size, a question on the
  // last draw or the last trick's winner that trick's draws and winner).
  /** @param {Level} level */
  shownParts(level) {
    const parts = new Set(["trump", "hand"]);
    if (CARD_GOALS.has(level.goal)) ["stock", "trick", "known"].forEach((part) => parts.add(part));
    else if (level.goal === "count") {
      if (level.kind === "value_won" || level.kind === "trumps_out") parts.add("won");
      if (level.kind === "trumps_out") ["stock", "known"].forEach((part) => parts.add(part));
      if (level.kind !== "value_won" && level.kind !== "trumps_out") parts.add("tricks");
    } else if (level.goal === "choice") {
      if (level.question === "trump_suit") parts.delete("trump");
      else if (level.question === "drew_top") ["stock", "last_trick"].forEach((part) => parts.add(part));
      // Who won the last trick: its cards, never the won piles (they would show the winner).
      else if (level.question === "trick_winner") parts.add("last_trick");
      else ["won", "known"].forEach((part) => parts.add(part));
      if (level.question === "point_winner" || level.question === "match_winner") parts.delete("hand");
    }
    // The counting drills ask about the cards played: shown grouped by suit as well.
    if (COUNTING.has(level.kind ?? level.question ?? "")) parts.add("by_suit");
    if (level.record?.scores_before) parts.add("score");
    return parts;
  }

  /**
   * @param {string} label
   * @param {Child[]} content
   */
  row(label, ...content) {
    return h("div", { class: "cj-learn-row" }, h("dt", { text: label + this.t("ui.label_colon").trimEnd() }), h("dd", {}, content));
  }

  /**
   * A card played: "You play 10♥" / "Your opponent plays 10♥".
   * @param {Level} level
   * @param {number} seat
   * @param {CardCode} card
   */
  play(level, seat, card) {
    return seat === level.seat
      ? fill(this.strings, "ui.plays_you", { card: this.chip(card) })
      : fill(this.strings, "ui.plays_other", { player: this.t("seats.in_text.opponent"), card: this.chip(card) });
  }

  /**
   * @param {Level} level
   * @param {number} leader
   * @param {CardCode[]} cards
   */
  trickPlays(level, leader, cards) {
    const players = level.view.hand_sizes.length;
    return h("ul", { class: "cj-learn-plays" }, cards.map((card, index) => h("li", {}, this.play(level, (leader + index) % players, card))));
  }

  // What the turn-up is: the stock's top card, face up, whose suit is trump; the first trick's
  // winner takes it (RULES.md §1), which the note says once that trick is played.
  /** @param {Level} level */
  turnUpNote(level) {
    const first = level.view.tricks[0];
    if (!first || !first.draws.length) return this.t("learn.ui.turn_up_on_stock");
    return this.t(first.draws[0].seat === level.seat ? "learn.ui.turn_up_taken_you" : "learn.ui.turn_up_taken_other");
  }

  // The cards played so far (the tricks and the trick in play), one row per suit, trumps first:
  // what a counting level asks the reader to remember.
  /** @param {Level} level */
  playedBySuit(level) {
    const view = level.view;
    const played = [...view.tricks.flatMap((trick) => trick.cards), ...view.current_trick];
    const suits = [view.trump, ...["S", "H", "D", "C"].filter((suit) => suit !== view.trump)];
    const ranks = "23456789TJQKA";
    return h(
      "ul",
      { class: "cj-learn-by-suit", "data-role": "played-by-suit" },
      suits.map((suit) => {
        const cards = played.filter((code) => code[1] === suit).sort((a, b) => ranks.indexOf(b[0]) - ranks.indexOf(a[0]));
        const shown = cards.length ? h("span", { class: "cj-cards" }, cards.map((code) => this.chip(code))) : h("span", { class: "cj-learn-by-suit-none", text: this.t("learn.ui.none") });
        return h("li", { "data-suit": suit, "data-count": String(cards.length) }, `${this.t(`suits.${suit}.symbol`)} ${capitalise(this.strings.suitName(suit))}${this.t("ui.label_colon")}`, shown);
      }),
    );
  }

  /** @param {Level} level */
  position(level) {
    const view = level.view;
    const s = this.strings;
    const parts = this.shownParts(level);
    const opponent = (level.seat + 1) % view.hand_sizes.length;
    /** @type {Child[]} */
    const rows = [];
    if (parts.has("trump")) rows.push(this.row(this.t("ui.trump"), `${s.t(`suits.${view.trump}.symbol`)} ${s.suitName(view.trump)}`));
    rows.push(this.row(this.t("learn.ui.turn_up"), this.chip(view.trump_card), " ", h("span", { class: "cj-learn-turn-up-note", "data-role": "turn-up-note", text: this.turnUpNote(level) })));
    if (parts.has("stock")) {
      const count = view.stock_count;
      rows.push(this.row(this.t("ui.stock"), count ? s.count("ui.cards_left", count) : this.t("ui.stock_empty"), count && view.stock_top ? [" ", this.chip(view.stock_top)] : null));
    }
    if (parts.has("by_suit")) rows.push(this.row(this.t("learn.ui.played_by_suit"), this.playedBySuit(level)));
    if (parts.has("tricks") && view.tricks.length) {
      rows.push(this.row(this.t("learn.ui.tricks_played"), h("ol", { class: "cj-learn-tricks" }, view.tricks.map((trick) => h("li", {}, this.trickPlays(level, trick.leader, trick.cards))))));
    }
    if (parts.has("last_trick") && view.tricks.length) {
      const last = view.tricks[view.tricks.length - 1];
      rows.push(this.row(this.t("learn.ui.last_trick"), this.trickPlays(level, last.leader, last.cards)));
    }
    if (parts.has("won")) {
      rows.push(this.row(this.t("learn.ui.won_you"), this.chips(view.won[level.seat] ?? [])));
      rows.push(this.row(this.t("learn.ui.won_other"), this.chips(view.won[opponent] ?? [])));
    }
    if (parts.has("known") && view.known[opponent]?.length) rows.push(this.row(this.t("learn.ui.opponent_known"), this.chips(view.known[opponent])));
    if (parts.has("trick") && view.current_trick.length) rows.push(this.row(this.t("ui.current_trick"), this.trickPlays(level, view.leader, view.current_trick)));
    if (parts.has("hand") && !CARD_GOALS.has(level.goal)) rows.push(this.row(this.t("learn.ui.your_hand"), this.chips(view.hand)));
    const scores = parts.has("score") ? level.record.scores_before : undefined;
    return [
      scores ? h("p", { class: "cj-learn-score", text: this.t("learn.ui.score", { you: scores[level.seat], opponent: scores[opponent], target: level.target }) }) : null,
      h("dl", { class: "cj-learn-position" }, rows),
    ];
  }

  // ----- the choices --------------------------------------------------------------------------

  /** @param {Level} level */
  choices(level) {
    if (CARD_GOALS.has(level.goal)) return this.cardChoices(level);
    if (level.goal === "count") return this.numberEntry(level);
    return this.optionChoices(level);
  }

  /** @param {Level} level */
  cardChoices(level) {
    const s = this.strings;
    const legal = new Set(level.view.legal);
    const buttons = level.view.hand.map((code) => {
      const marked = level.guided && legal.has(code);
      // The button is named by its card (the chip's name), "playable" added where marked.
      const face = this.chip(code);
      if (marked) face.setAttribute("aria-label", this.t("learn.ui.playable_card", { card: s.cardName(code) }));
      return h(
        "button",
        { type: "button", class: `cj-learn-card${marked ? " cj-learn-playable" : ""}`, "data-card": code, onclick: () => this.answer(level, code) },
        face,
        marked ? h("span", { class: "cj-learn-mark", "aria-hidden": "true", text: "▲" }) : null,
      );
    });
    return h(
      "div",
      { class: "cj-learn-choices" },
      h("p", { class: "cj-learn-label", id: `cj-learn-hand-${level.id}`, text: this.t("learn.ui.your_hand") }),
      h("div", { class: "cj-learn-hand", role: "group", "aria-labelledby": `cj-learn-hand-${level.id}` }, buttons),
      level.guided ? h("p", { class: "cj-learn-legend", text: this.t("learn.ui.playable") }) : null,
    );
  }

  /** @param {Level} level */
  numberEntry(level) {
    const id = `cj-learn-number-${level.id}`;
    const input = h("input", { id, type: "number", inputmode: "numeric", min: "0", step: "1", class: "cj-learn-number", "data-answer": "" });
    const problem = h("p", { class: "cj-learn-problem", id: `${id}-problem` });
    const submit = () => {
      const value = input.value.trim();
      if (!/^\d+$/.test(value)) {
        problem.textContent = this.t("learn.ui.enter_number");
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", problem.id);
        input.focus();
        return;
      }
      problem.textContent = "";
      input.removeAttribute("aria-invalid");
      this.answer(level, Number(value));
    };
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        submit();
      }
    });
    return h(
      "div",
      { class: "cj-learn-choices" },
      h("label", { for: id, text: this.t("learn.ui.answer_label") }),
      " ",
      input,
      " ",
      h("button", { type: "button", class: "md-button", "data-action": "check", text: this.t("learn.ui.check"), onclick: submit }),
      problem,
    );
  }

  /**
   * An option's label: its catalogue text; a suit also shows its symbol.
   * @param {Level} level
   * @param {string} option
   */
  optionLabel(level, option) {
    const key = level.options?.[option];
    const label = capitalise(key ? this.t(key) : option);
    return level.question === "trump_suit" ? `${this.t(`suits.${option}.symbol`)} ${label}` : label;
  }

  /** @param {Level} level */
  optionChoices(level) {
    const options = Object.keys(level.options ?? {});
    return h(
      "div",
      { class: "cj-learn-choices cj-learn-options", role: "group", "aria-label": this.t("learn.ui.answer_label") },
      options.map((option) => h("button", { type: "button", class: "md-button cj-learn-option", "data-option": option, onclick: () => this.answer(level, option), text: this.optionLabel(level, option) })),
    );
  }

  // ----- answers and feedback -----------------------------------------------------------------

  /**
   * @param {Level} level
   * @param {string | number} value
   */
  answer(level, value) {
    const attempt = this.attempt;
    if (!attempt || attempt.finished) return;
    const key = String(value);
    const right = level.answers.some((answer) => String(answer) === key);
    if (right) {
      if (attempt.found.has(key)) return this.say("right", h("p", { text: this.t("learn.ui.found_already") }));
      attempt.found.add(key);
      this.markChoice(key, "right");
      const needed = Math.max(1, Math.min(level.par || 1, level.answers.length));
      if (attempt.found.size < needed) return this.say("right", h("p", { text: this.t("learn.ui.found_more", { n: attempt.found.size, total: needed }) }));
      attempt.finished = true;
      const stars = starsFor(attempt.mistakes);
      this.progress = store.recordStars(level.id, stars);
      // A retry never lowers a level's stars: the best so far stays, and the page says so.
      const best = this.starsOf(level.id);
      this.main.querySelectorAll(".cj-learn-choices button, .cj-learn-choices input").forEach((control) => control.setAttribute("aria-disabled", "true"));
      this.say(
        "right",
        h("p", { text: this.t("learn.ui.right") }),
        this.why(level),
        h("p", {}, this.starsBadge(stars)),
        best > stars ? h("p", { "data-role": "best-kept", "data-stars-best": String(best), text: this.strings.count("learn.ui.best_kept", best) }) : null,
      );
      if (this.nextButton) {
        this.nextButton.hidden = false;
        this.nextButton.focus();
      }
      return;
    }
    if (!attempt.wrong.has(key)) {
      attempt.wrong.add(key);
      attempt.mistakes += 1;
    }
    this.markChoice(key, "wrong");
    const entry = level.goal === "count" ? level.feedback[Number(value) < Number(level.answers[0]) ? "higher" : "lower"] : level.feedback[key];
    const reason = entry ? this.explain(level, entry) : this.t("learn.ui.not_this");
    this.say("wrong", h("p", { "data-kind": entry?.kind ?? "wrong" }, reason), level.guided && attempt.mistakes >= 2 ? this.hint(level) : null);
  }

  /**
   * @param {"right" | "wrong"} result
   * @param {Child[]} content
   */
  say(result, ...content) {
    if (!this.feedback) return;
    this.feedback.dataset.result = result;
    setChildren(this.feedback, content);
    bringIntoView(this.feedback);
  }

  // The chosen card or option carries the verdict too (not by colour alone: a text mark).
  /**
   * @param {string} key
   * @param {"right" | "wrong"} result
   */
  markChoice(key, result) {
    const button = this.main.querySelector(`.cj-learn-choices [data-card="${CSS.escape(key)}"], .cj-learn-choices [data-option="${CSS.escape(key)}"]`);
    if (!(button instanceof HTMLElement)) return;
    button.dataset.result = result;
  }

  // After two misses a guided level points at an answer (a card is also marked in the hand).
  /** @param {Level} level */
  hint(level) {
    const answer = level.answers.find((candidate) => !this.attempt?.found.has(String(candidate))) ?? level.answers[0];
    if (CARD_GOALS.has(level.goal)) {
      const button = this.main.querySelector(`.cj-learn-choices [data-card="${CSS.escape(String(answer))}"]`);
      if (button instanceof HTMLElement) button.dataset.hint = "";
      return [h("p", { class: "cj-learn-hint", "data-hint": String(answer) }, fill(this.strings, "learn.ui.hint_card", { card: this.chip(String(answer)) })), this.why(level)];
    }
    const shown = level.goal === "count" ? new Intl.NumberFormat(this.lang).format(Number(answer)) : this.optionLabel(level, String(answer));
    return [h("p", { class: "cj-learn-hint", "data-hint": String(answer), text: this.t("learn.ui.hint_answer", { answer: shown }) }), this.why(level)];
  }

  // Why the answer is right, in the engine's words and numbers (the level's `why`).
  /** @param {Level} level */
  why(level) {
    if (!level.why) return null;
    return h("p", { class: "cj-learn-why", "data-why": level.why.key }, h("strong", { text: this.t("learn.ui.why") + this.t("ui.label_colon") }), fill(this.strings, level.why.key, this.fillParams(level, level.why.params ?? {})));
  }

  /**
   * The feedback's sentence: a refusal is the engine's, with its rule linked (engine-client.js).
   * @param {Level} level
   * @param {Feedback} entry
   */
  explain(level, entry) {
    const params = entry.params ?? {};
    if (entry.kind === "illegal" && entry.rule && entry.rule_link) {
      const text = (/** @type {string} */ name) => (typeof params[name] === "string" ? /** @type {string} */ (params[name]) : null);
      return explainRefusal(this.strings, {
        code: entry.key.replace(/^errors\./, ""),
        seat: level.seat,
        card: text("card"),
        message_key: entry.key,
        rule_ref_key: entry.rule,
        rule_link: entry.rule_link,
        params: { card: text("card"), suit: text("suit"), trump: text("trump") },
        message: "",
      });
    }
    return fill(this.strings, entry.key, this.fillParams(level, params));
  }

  // A feedback's parameters as the page shows them: cards as chips, suits and points by name,
  // a seat as "your opponent", card values as the Game reasons word them.
  /**
   * @param {Level} level
   * @param {Record<string, unknown>} params
   */
  fillParams(level, params) {
    const s = this.strings;
    const numbers = new Intl.NumberFormat(this.lang);
    /** @type {FillParams} */
    const values = {};
    for (const [name, value] of Object.entries(params)) {
      if (name === "card" || name === "reply" || name === "better" || name === "other") values[name] = this.chip(typeof value === "string" ? value : null);
      else if (name === "cards" && Array.isArray(value)) values.cards = this.chips(value.map(String));
      else if ((name === "suit" || name === "trump") && typeof value === "string") values[name] = s.suitName(value);
      else if (name === "seat" && typeof value === "number") values.player = value === level.seat ? "" : this.t("seats.in_text.opponent");
      else if (name === "point" && typeof value === "string") values.point = this.t(`points.${value}`);
      else if (name === "values" && Array.isArray(value)) Object.assign(values, s.cardValueParams(value.map(Number)));
      else if (typeof value === "number") values[name] = numbers.format(value);
      else if (typeof value === "string") values[name] = value;
    }
    return values;
  }

  // ----- the end of the course ----------------------------------------------------------------

  showDone() {
    this.root.dataset.state = "done";
    this.attempt = null;
    const won = this.order.reduce((sum, level) => sum + this.starsOf(level.id), 0);
    const title = h("h2", { tabindex: "-1", text: this.t("learn.ui.done_title") });
    setChildren(
      this.main,
      h(
        "div",
        { class: "cj-learn-done" },
        title,
        h("p", { "data-stars-total": String(won), text: this.t("learn.ui.done_stars", { n: won, total: 3 * this.order.length }) }),
        h("p", {}, h("a", { class: "md-button md-button--primary", href: this.practiceLink(), text: this.t("learn.ui.done_next") })),
        h("p", {}, h("button", { type: "button", class: "md-button", "data-action": "stages", text: this.t("learn.ui.all_stages"), onclick: () => this.backToStages() })),
      ),
    );
    title.focus();
  }
}

function main() {
  const root = document.querySelector(".cj-learn");
  if (!(root instanceof HTMLElement)) return;
  new LearnCourse(root).start();
}

loadStylesheet("learn.css");
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main, { once: true });
else main();
