// The practice page: a match against the computer, played through the rules engine in the
// page's worker (engine-client.js, engine.surfaces.practice_api through engine.surfaces.web_api.handle).
//
// This file is the controller: it asks the engine, keeps the match, and decides what the table
// shows and when. Drawing the table and moving the cards is table.js (CardTable); what is kept
// in localStorage, and how it is checked, is practice-store.js.
//
// The page (docs/<lang>/practice.md) carries <div class="cj-practice">; scripts/hooks/widgets.py
// adds this module to that page only. Every answer from the engine carries the whole match
// record and the state as the reader may see it; the record is saved after every card, so a
// reload resumes the match. The reader is always seat 0.
//
// Hooks kept for tests: .cj-practice[data-state] (loading, ready, failed) and [data-phase]
// (human, computer, busy, next_deal, match_over, setup), [data-deal], [data-plays]; data-role
// hand, trick, stock, trump, opponents, scores, sheet, refusal, hint, winner, stats, seed,
// values, last-trick, rule, notice, log, levels, turned-jack, undo-note, out-of-play,
// not-counted, coach-verdict, coach-legal, learn, learn-done, learn-back, match-luck (the match's
// luck-adjusted result on the score sheet: match-luck.js); data-action start, next,
// hint, undo, new, replay, review, menus, reset-stats, coach; data-card on every card the reader
// can choose.
//
// The Coach (on by default until every level of the Learn course has stars, then off, said once
// with a button to keep it; the reader's own choice wins) outlines the playable cards and, after
// each of the reader's cards, gives the deal review's grade of it and its reason in words
// (practice.grade; practice.coach.reasons.*), and says when it prefers another card than the
// hint the reader asked for before that card (practice.coach.changed). That request
// goes to the worker once the computer has replied (or the deal has ended), so the computer's
// reply never waits behind it; it runs while the reader thinks (scripts/bench_coach.py times it).
//
// practice/#learn=<level id> plays a level of the Learn course whose goal is `play_deal`
// (assets/learn/levels.json): its deal or match, its goal shown, the Coach on, and at its end
// its stars written to the course's progress (3 with no card refused, 2 with one, 1 otherwise).

/**
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").SeatCard} SeatCard
 * @typedef {import("./engine-client.js").Trick} Trick
 * @typedef {import("./engine-client.js").Refusal} Refusal
 * @typedef {import("./engine-client.js").PointReason} PointReason
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").Child} Child
 * @typedef {import("./engine-client.js").FillParams} FillParams
 * @typedef {import("./table.js").TableView} TableView
 * @typedef {import("./practice-store.js").LogEntry} LogEntry
 * @typedef {import("./practice-store.js").Prefs} Prefs
 * @typedef {import("./practice-store.js").Stats} Stats
 * @typedef {import("./practice-store.js").SavedMatch} SavedMatch
 */
/**
 * The match record: everything that replays the match (engine/surfaces/practice_api.py). The
 * page keeps it and sends it back; it never reads inside it.
 * @typedef {Record<string, unknown>} MatchRecord
 */
/**
 * The deal in progress as the reader may see it (practice_api.Game.state, "deal").
 * @typedef {object} PracticeDeal
 * @property {number} number
 * @property {number} seed
 * @property {number} dealer
 * @property {string} trump
 * @property {CardCode} trump_card
 * @property {boolean} jack_turned
 * @property {number | null} to_move
 * @property {number} leader
 * @property {CardCode[]} hand
 * @property {CardCode[]} legal
 * @property {number[]} hand_sizes
 * @property {CardCode[][]} known         per seat, the cards of that hand the reader has seen
 * @property {CardCode | null} stock_top
 * @property {number} stock_count
 * @property {boolean} stock_out_of_play
 * @property {SeatCard[]} trick
 * @property {number} tricks_played
 * @property {number[]} tricks_won
 * @property {number[]} values
 * @property {Trick | null} last_trick
 * @property {number} plays
 */
/**
 * A finished deal's score sheet (practice_api.Game._result).
 * @typedef {object} PracticeResult
 * @property {Record<string, number | null>} points
 * @property {PointReason[]} reasons
 * @property {number[] | null} game_values   null: decided by a turned jack before any card
 * @property {number[]} scores_before
 * @property {number[]} scores_after
 * @property {number | null} winner
 * @property {{ point: string, seat: number, scores: number[] }[]} count_out
 * @property {boolean} count_out_decides
 * @property {boolean} jack_turned
 * @property {CardCode | null} out_of_play
 */
/**
 * The match as the reader may see it (practice_api.Game.state).
 * @typedef {object} PracticeState
 * @property {number} players
 * @property {number} human
 * @property {string} rules_text
 * @property {string} level
 * @property {number} target
 * @property {number[]} scores
 * @property {boolean} match_over
 * @property {number | null} winner
 * @property {PracticeDeal} deal
 * @property {PracticeResult | null} result
 * @property {"human" | "computer" | "next_deal" | "match_over"} waiting_for
 * @property {boolean} can_undo
 * @property {boolean} undo_hides_draw
 * @property {string} link
 */
/**
 * What happened, as the engine tells it (practice_api.Game: play, deal start), and the two
 * entries of the page's own log: "resumed", "undo". A "deal_over" entry gets the scores after it.
 * @typedef {{ kind: "deal", number: number, dealer: number, trump_card: CardCode, seed: number }
 *   | { kind: "turned_jack", seat: number, card: CardCode }
 *   | { kind: "play", seat: number, card: CardCode }
 *   | { kind: "trick", winner: number, number: number }
 *   | { kind: "draw", seat: number, card: CardCode | null }
 *   | { kind: "deal_over", number: number, scores?: number[] }
 *   | { kind: "match_over", winner: number | null }
 *   | { kind: "resumed" }
 *   | { kind: "undo", cards: CardCode[] }} PracticeEvent
 */
/**
 * practice.new, state, bot and next: the record, the state, and what happened (`events`).
 * @typedef {{ record: MatchRecord, state: PracticeState, events?: PracticeEvent[] }} MatchAnswer
 * @typedef {MatchAnswer & ({ legal: true, refusal: null } | { legal: false, refusal: Refusal })} PlayAnswer
 * @typedef {MatchAnswer & { undone: CardCode[] }} UndoAnswer
 * @typedef {{ card: CardCode, reason: string, reason_key: string }} HintAnswer
 * @typedef {"best" | "good" | "inaccuracy" | "mistake" | "blunder"} Grade
 * @typedef {{ play: number, card: CardCode, grade: Grade, reason: string | null, reason_key: string | null, best: CardCode[], exact: boolean, loss: number }} GradeAnswer
 */
/**
 * A course level played here (assets/learn/levels.json, goal "play_deal"), and its stage.
 * @typedef {{ id: string, stage: string, goal: string, level: string, match: boolean, rules: Record<string, unknown>, seed: number, dealer: number, coach: boolean, texts: Record<string, string> }} CourseLevel
 * @typedef {{ id: string, order: number, title: string, intro: string, levels: string[] }} CourseStage
 * @typedef {{ levels: CourseLevel[], stages: CourseStage[] }} Course
 * @typedef {import("./practice-store.js").LearnPlay} LearnPlay
 */
/**
 * What is wrong with a deal link (practice_api.link_problem), or null. The page adds the
 * error when the engine itself refused the link.
 * @typedef {{ part: string | null, kind: string, value: string, limit?: string, error?: unknown }} LinkProblem
 * @typedef {{ problem: LinkProblem | null }} LinkAnswer
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {[typeof import("./engine-client.js"), typeof import("./table.js"), typeof import("./practice-store.js"), typeof import("./learn-store.js"), typeof import("./match-luck.js")]} */
const [client, tableModule, store, learnStore, matchLuck] = await Promise.all([
  // The engine starts as soon as its client is there, while the other modules still load.
  import(new URL("engine-client.js" + VERSION, HERE).href).then((loaded) => {
    loaded.engine().start();
    return loaded;
  }),
  import(new URL("table.js" + VERSION, HERE).href),
  import(new URL("practice-store.js" + VERSION, HERE).href),
  import(new URL("learn-store.js" + VERSION, HERE).href),
  import(new URL("match-luck.js" + VERSION, HERE).href),
]);
const { engine, earlyStrings, Strings, h, cardSpan, fill, setChildren, explainRefusal, loadStylesheet, showLoadFailure, bringIntoView, errorMessage } = client;
const { CardTable, SPEEDS, SPEED_NAMES, disclosure } = tableModule;
// The Learn course's published levels (scripts/hooks/learn.py), beside this script's folder.
const COURSE = new URL("../learn/levels.json" + VERSION, HERE).href;
// The Learn page, from the practice page (both in the same language's folder).
const LEARN_PAGE = "../learn/";

const HUMAN = 0;
// How long the reader's intent to play (a pointer over the hand) holds background work back.
const INTENT_MS = 1500;
// The engine's presets (engine/core/rules.py), written into the page by scripts/hooks/widgets.py.
/** @type {Record<string, Record<string, unknown>>} */
const PRESETS = earlyStrings().presets ?? { standard: {} };
// The opponents, gentlest first: a reader who has not chosen one plays the gentlest
// (LEVELS[0]; measured with `python -m engine simulate --bots heuristic,random --matches 400
// --duplicate`: the beginner wins 93% of its matches against random play).
const LEVELS = ["random", "heuristic", "expert"];
const GENTLEST = LEVELS[0];
// The rule options offered beside the preset (RULES.md §2), each with its allowed values; their
// names come from the catalogue (options.<key>.name, options.<key>.values.<value>).
/** @type {Record<string, (string | boolean)[]>} */
const OPTIONS = {
  low: ["capture", "holder"],
  must_trump_when_void: [true, false],
  turned_jack: [false, true],
  nine_point: [false, true],
};
// The parts of a deal link, as the engine names them in its errors (engine/surfaces/practice_api.py).
const LINK_PARTS = ["seed", "dealer", "rules", "level"];
// A touch screen without a mouse or keyboard pointer: no keyboard tips (the same query as in
// practice.css).
const TOUCH_ONLY = "(pointer: coarse) and (hover: none)";

// The engine client reports an error as "code: message"; the message starts with the field
// when there is one ("seed: expected a number…"). Which part of a link was wrong, if known.
/**
 * @param {unknown} error
 * @returns {string | null}
 */
function badLinkPart(error) {
  const { field, message } = /** @type {{ field?: unknown, message?: unknown }} */ (error ?? {});
  if (typeof field === "string" && LINK_PARTS.includes(field)) return field;
  const text = String(message ?? "");
  if (text.startsWith("bad_rules")) return "rules";
  const match = /^\w+: (\w+):/.exec(text);
  return match && LINK_PARTS.includes(match[1]) ? match[1] : null;
}

// The course, for the Coach's default and the #learn= levels; null if it cannot be read (then
// the Coach is on, as for a course not finished, and a #learn= link is said to be unknown).
/** @returns {Promise<Course | null>} */
async function loadCourse() {
  try {
    const response = await fetch(COURSE);
    if (!response.ok) return null;
    const data = await response.json();
    if (!data || data.version !== 1 || !Array.isArray(data.levels) || !Array.isArray(data.stages)) return null;
    return { levels: data.levels, stages: data.stages };
  } catch {
    return null;
  }
}

// Every level of the course (`ids`, from levels.json) has stars in the Learn page's progress.
// No course, or a damaged progress: not finished (and the progress is left for the Learn page,
// which drops it with a notice).
/** @param {string[]} ids */
function courseFinished(ids) {
  /** @type {import("./learn-store.js").Progress | null} */
  let progress;
  try {
    progress = learnStore.checkProgress(JSON.parse(localStorage.getItem(learnStore.KEY) ?? "null"));
  } catch {
    progress = null;
  }
  return Boolean(progress && ids.length && ids.every((id) => id in progress.levels));
}

// The level id in practice/#learn=<id>, or null when the address has no #learn= part.
function learnHash() {
  const match = /^#learn=(.*)$/.exec(location.hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

// The table's layout decides where the focus and the first moves go: wait for its stylesheets
// (a failed one is not waited for twice; the table still works, only plainer).
function stylesheetsLoaded() {
  const links = [.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll("link[data-cj-css]"))].filter((link) => !link.sheet);
  return Promise.all(links.map((link) => new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  })));
}

class Practice {
  // Set by start() and buildUi(), before anything reads them.
  /** @type {string} */ lang;
  /** @type {Strings} */ strings;
  /** @type {string} */ colon;
  /** @type {Prefs} */ prefs;
  /** @type {Stats} */ stats;
  /** @type {string[]} */ ruleKeys;
  /** @type {HTMLDivElement} */ notices;
  /** @type {HTMLDivElement} */ confirmBox;
  /** @type {HTMLFormElement} */ setup;
  /** @type {HTMLFormElement} */ form;
  /** @type {HTMLParagraphElement} */ presetSummary;
  /** @type {HTMLButtonElement} */ cancelSetup;
  /** @type {HTMLParagraphElement} */ scores;
  /** @type {HTMLParagraphElement} */ turnedJack;
  /** @type {HTMLParagraphElement} */ trumpNews;
  // The trump of the deal before the one in play (set when the next deal starts): a new deal's
  // trump is announced against it, since a reader may still think of the old one.
  /** @type {string | null} */ previousTrump = null;
  // Whether the Coach has said what net points are (once, with its first verdict that counts them).
  netPointsSaid = false;
  /** @type {HTMLParagraphElement} */ undoNote;
  /** @type {HTMLParagraphElement} */ turn;
  /** @type {HTMLButtonElement} */ menusButton;
  /** @type {HTMLDivElement} */ settings;
  /** @type {HTMLDivElement} */ tableElement;
  /** @type {import("./table.js").CardTable} */ table;
  /** @type {{ hint: HTMLButtonElement, undo: HTMLButtonElement, newMatch: HTMLButtonElement }} */ buttons;
  /** @type {HTMLDivElement} */ feedback;
  /** @type {HTMLParagraphElement} */ coachLine;
  /** @type {HTMLElement} */ learnBox;
  /** @type {HTMLInputElement[]} */ coachBoxes;
  /** @type {HTMLParagraphElement} */ valuesLine;
  /** @type {HTMLDivElement} */ sheet;
  /** @type {HTMLDivElement} */ reviewBox;
  /** @type {HTMLOListElement} */ logList;
  /** @type {HTMLDivElement} */ logBox;
  /** @type {HTMLParagraphElement} */ seedLine;
  /** @type {HTMLElement} */ statsBox;
  /** @type {HTMLDivElement} */ game;
  /** @type {HTMLDivElement} */ bar;
  /** @type {import("./match-luck.js").MatchLuck} */ luck;

  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {MatchRecord | null} */
    this.record = null;
    /** @type {PracticeState | null} */
    this.state = null;
    this.counted = false;
    /** @type {LogEntry[]} */
    this.logEntries = [];
    this.busy = false;
    /** @type {CardCode | null} */
    this.hintCard = null;
    /** @type {{ close: () => void } | null} */
    this.review = null;
    /** @type {Course | null} */
    this.course = null;
    this.coach = true;
    // The course level this match plays, and its published data.
    /** @type {LearnPlay | null} */
    this.learn = null;
    /** @type {CourseLevel | null} */
    this.learnLevel = null;
    // Counts the verdicts asked for, so a late one for a card taken back or a match given up is dropped.
    this.verdicts = 0;
    // The reader is about to play (a pointer over the hand or pressing it, the keyboard in it):
    // background work (the deck's analysis, the review's checks) pauses a moment, so the card's
    // reply does not wait for a step of it (engine-client.js Engine.hold).
    /** @type {() => void} */
    this.releaseIntent = () => {};
    /** @param {Event} event */
    const intent = (event) => {
      if (!(event.target instanceof Element) || !event.target.closest("[data-role=hand]")) return;
      this.releaseIntent();
      this.releaseIntent = engine().hold(INTENT_MS);
    };
    for (const type of ["pointerover", "pointerdown", "focusin"]) root.addEventListener(type, intent);
    root.dataset.state = "loading";
    root.setAttribute("role", "region");
    this.progress = h("progress", { max: "100", value: "5", class: "cj-pr-progress", "aria-label": earlyStrings().loading || "…" });
    setChildren(root, h("div", { class: "cj-pr-status", role: "status" }, this.progress, " ", earlyStrings().loading || "…"));
  }

  async start() {
    const worker = engine();
    worker.onProgress((stage) => {
      /** @type {Partial<Record<string, number>>} */
      const values = { runtime: 10, engine: 80, ready: 95 };
      const value = values[stage];
      if (this.root.dataset.state === "loading" && value !== undefined) this.progress.value = value;
    });
    const course = loadCourse();
    try {
      this.lang = earlyStrings().lang || document.documentElement.lang || "en";
      this.strings = new Strings(await worker.request({ op: "catalogue", lang: this.lang }), {});
    } catch (error) {
      this.fail(error);
      return;
    }
    // A label's colon as the language spaces it (French: a narrow no-break space before it).
    this.colon = this.t("ui.label_colon");
    this.luck = new matchLuck.MatchLuck({ strings: this.strings, engine: worker, seat: HUMAN, quiet: () => !this.busy, save: () => this.save() });
    const prefs = store.loadPrefs({ levels: LEVELS, speeds: SPEED_NAMES, presets: Object.keys(PRESETS), options: OPTIONS });
    this.ruleKeys = Object.keys(PRESETS.standard ?? {});
    const stats = store.loadStats({ levels: LEVELS, presets: Object.keys(PRESETS), keys: this.ruleKeys });
    const saved = store.loadMatch();
    this.prefs = prefs.value;
    this.stats = stats.value;
    this.course = await course;
    this.coach = this.defaultCoach();
    await stylesheetsLoaded();
    this.buildUi();
    this.root.dataset.state = "ready";
    if (prefs.dropped) this.notice("prefs", this.t("practice.notice.prefs_dropped"));
    if (stats.dropped) this.notice("stats", this.t("practice.notice.stats_dropped"));
    if (saved.dropped) this.notice("match", this.t("practice.notice.match_dropped"));
    if (saved.luckDropped) this.notice("luck", this.t("practice.notice.luck_dropped"));
    this.renderStats();
    this.noticeCoachOff();
    await this.open(saved.value);
  }

  // What the page opens on: a deal link, the saved match, or the set-up form.
  /** @param {SavedMatch | null} saved */
  async open(saved) {
    const learnId = learnHash();
    if (learnId !== null && (await this.openLearn(learnId, saved))) return;
    const query = new URLSearchParams(location.search);
    const link = LINK_PARTS.some((part) => query.has(part)) ? location.search : null;
    const forget = () => history.replaceState(null, "", location.pathname + location.hash);
    const inProgress = saved && !saved.counted;
    if (link) {
      // A reload resumes the match instead of dealing the link once more.
      forget();
      const level = query.get("level") || this.prefs.level || GENTLEST;
      // The link is checked before anything is asked: a broken link never offers to give up
      // the match in progress.
      /** @type {LinkProblem | null} */
      let problem;
      try {
        problem = (await this.ask({ op: "practice.link", link, level })).problem;
      } catch (error) {
        problem = { part: null, kind: "bad", value: "", error };
      }
      if (problem) {
        this.badLink(problem, query);
        if (saved && inProgress) await this.resume(saved);
        else this.showSetup(true);
        return;
      }
      if (saved && inProgress && !(await this.confirm("practice.confirm.link", "practice.confirm.open_link", "practice.confirm.resume"))) {
        await this.resume(saved);
        return;
      }
      try {
        await this.startMatch({ link, level });
      } catch (error) {
        this.badLink({ part: badLinkPart(error), kind: "bad", value: "", error }, query);
        if (saved && inProgress) await this.resume(saved);
        else this.showSetup(true);
      }
      return;
    }
    if (saved) await this.resume(saved);
    else this.showSetup(true);
  }

  // practice/#learn=<id>: the course level's deal or match, or, if the page is reloaded during
  // it, the level resumed. False (with a notice) when the id names no level to play here.
  /**
   * @param {string} id
   * @param {SavedMatch | null} saved
   */
  async openLearn(id, saved) {
    const level = this.course?.levels.find((item) => item.id === id && item.goal === "play_deal") ?? null;
    if (!level) {
      history.replaceState(null, "", location.pathname + location.search);
      this.notice("learn", this.t("practice.learn.bad_level", { value: id.slice(0, 40) }));
      return false;
    }
    if (saved && !saved.counted && saved.learn?.id === id && !saved.learn.done) {
      await this.resume(saved);
      return true;
    }
    // A match in progress is never replaced without asking (the course's link is one tap away).
    if (saved && !saved.counted && !(await this.confirm("practice.confirm.replace_learn", "practice.confirm.replace_learn_yes", "practice.confirm.keep"))) {
      history.replaceState(null, "", location.pathname + location.search);
      await this.resume(saved);
      return true;
    }
    try {
      await this.startMatch({ rules: level.rules, seed: level.seed, dealer: level.dealer, level: level.level }, { id, refused: 0, done: false });
    } catch (error) {
      this.engineError(error);
      this.showSetup(true);
    }
    return true;
  }

  // The course level of `learn` (null: none, or one the course no longer has).
  /** @param {LearnPlay | null} learn */
  levelOf(learn) {
    return (learn && this.course?.levels.find((item) => item.id === learn.id && item.goal === "play_deal")) || null;
  }

  // The level's goal, how its stars are counted, and at its end the stars and the way back.
  renderLearn() {
    const level = this.learnLevel;
    const learn = this.learn;
    this.learnBox.hidden = !level;
    if (!level || !learn) {
      setChildren(this.learnBox);
      delete this.learnBox.dataset.level;
      return;
    }
    const stage = this.course?.stages.find((item) => item.id === level.stage);
    this.learnBox.dataset.level = level.id;
    const stars = this.stars(learn.refused);
    setChildren(this.learnBox,
      h("p", { "data-role": "learn-goal" }, h("strong", { text: this.t("practice.learn.goal", { stage: stage ? this.t(stage.title) : "", goal: this.t(level.texts.goal) }) })),
      stage ? h("p", { "data-role": "learn-intro", text: this.t(stage.intro) }) : null,
      h("p", { text: this.t("practice.learn.stars_rule") }),
      learn.done
        ? h("p", { "data-role": "learn-done", "data-stars": String(stars) },
          h("span", { "aria-hidden": "true", text: `${"★".repeat(stars)}${"☆".repeat(3 - stars)} ` }), this.strings.count("practice.learn.done", stars), " ",
          h("a", { href: this.nextLevelLink(level.id), "data-role": "learn-back", text: this.t("practice.learn.back") }))
        : null);
  }

  // The Learn page at the level after `id` in course order (learn/#level=<id>), or its list
  // when `id` is the last one.
  /** @param {string} id */
  nextLevelLink(id) {
    const stages = [...(this.course?.stages ?? [])].sort((a, b) => a.order - b.order);
    const ids = stages.flatMap((stage) => stage.levels);
    const following = ids[ids.indexOf(id) + 1];
    return following && ids.includes(id) ? `${LEARN_PAGE}#level=${encodeURIComponent(following)}` : LEARN_PAGE;
  }

  // 3 stars with no card refused, 2 with one, 1 otherwise.
  /**
   * @param {number} refused
   * @returns {1 | 2 | 3}
   */
  stars(refused) {
    return refused === 0 ? 3 : refused === 1 ? 2 : 1;
  }

  // The level's end: a deal level when its deal is counted out, a match level when the match is.
  finishLearn() {
    const level = this.learnLevel;
    const learn = this.learn;
    const state = this.state;
    if (!level || !learn || learn.done || !state) return;
    if (!(level.match ? state.match_over : state.result !== null)) return;
    learn.done = true;
    learnStore.recordStars(level.id, this.stars(learn.refused));
    // The course's last level done: the Coach turns off now, unless the reader keeps it.
    if (this.noticeCoachOff()) this.setCoach(false, false);
    // Done: a reload shows this match as it is, not the level dealt again.
    if (learnHash() !== null) history.replaceState(null, "", location.pathname + location.search);
  }

  // What is wrong with a deal link (engine/surfaces/practice_api.py link_problem), in words.
  /**
   * @param {LinkProblem} problem
   * @param {URLSearchParams} query
   */
  badLink(problem, query) {
    const part = problem.part;
    let key = `practice.bad_link.${part ?? "other"}`;
    if (problem.kind === "empty") key = part === "seed" ? "practice.bad_link.seed_empty" : "practice.bad_link.empty";
    else if (problem.kind === "too_large") key = "practice.bad_link.seed_too_large";
    const value = problem.value || (part ? (query.get(part) ?? "") : "");
    // The largest shuffle number, grouped as the language writes numbers (it is beyond a
    // JavaScript number's exact range, so BigInt).
    const limit = problem.limit !== undefined && /^\d+$/.test(problem.limit) ? BigInt(problem.limit).toLocaleString(this.lang) : "";
    const text = this.t(key, { value, name: part ?? "", limit });
    this.notice("link", `${text} ${this.t("practice.bad_link.after")}`, { part: part ?? "", problem: problem.kind });
    if (problem.error) this.root.dataset.error = String(/** @type {{ message?: unknown }} */ (problem.error).message);
  }

  /** @param {SavedMatch} saved */
  async resume(saved) {
    let answer;
    try {
      answer = await this.ask({ op: "practice.state", record: saved.record });
    } catch (error) {
      store.dropMatch();
      this.root.dataset.error = errorMessage(error);
      this.notice("match", this.t("practice.notice.match_unreadable"));
      this.showSetup(true);
      return;
    }
    this.counted = saved.counted;
    this.logEntries = saved.log;
    this.luck.reset(saved.luck);
    this.learn = saved.learn;
    this.learnLevel = this.levelOf(saved.learn);
    if (!this.learnLevel) this.learn = null;
    // The log names the seats as the table does ("Computer 1"): it needs the match's players.
    this.state = answer.state;
    this.renderLog();
    this.accept(answer, [{ kind: "resumed" }]);
    await this.present(answer, { focus: true });
    await this.continueComputer();
  }

  /** @param {unknown} error */
  fail(error) {
    this.root.dataset.state = "failed";
    showLoadFailure(this.root, error, {
      className: "cj-pr-failed",
      message: earlyStrings().load_failed,
      retry: () => new Practice(this.root).start(),
    });
  }

  /**
   * @template {keyof import("./engine-client.js").Answers} Op
   * @param {import("./engine-client.js").EngineRequest<Op>} request
   */
  async ask(request) {
    return engine().request(request);
  }

  /**
   * @param {string} key
   * @param {import("./engine-client.js").TextParams} [params]
   */
  t(key, params) {
    return this.strings.t(key, params);
  }

  // A seat's label, for name plates, score lines and tables ("You", "Computer 2").
  /** @param {number | null | undefined} seat */
  name(seat) {
    if (seat === null || seat === undefined) return this.t("practice.no_one");
    if (seat === HUMAN) return this.t("seats.you");
    const players = this.state ? this.state.players : 2;
    return players > 2 ? this.t("seats.computer_n", { n: seat }) : this.t("seats.computer");
  }

  // Whose card value a Game reason names in brackets ("11 (you) and 27 (Computer 2)"): inside a
  // sentence the reader is "you", not the name plate's capitalised "You".
  /** @param {number} seat */
  valueOwner(seat) {
    return seat === HUMAN ? this.t("seats.in_text.you") : this.name(seat);
  }

  // Another seat as a noun phrase in a sentence ("the computer", "computer 2").
  /** @param {number | null} seat */
  phrase(seat) {
    const players = this.state ? this.state.players : 2;
    return players > 2 ? this.t("seats.in_text.computer_n", { n: String(seat) }) : this.t("seats.in_text.computer");
  }

  // A sentence about a seat: `<key>_you` for the reader, else `<key>_other` naming the seat.
  /**
   * @param {number | null} seat
   * @param {string} key
   * @param {FillParams} [params]
   */
  sentence(seat, key, params = {}) {
    if (seat === HUMAN) return fill(this.strings, `${key}_you`, params);
    return fill(this.strings, `${key}_other`, { ...params, player: this.phrase(seat) });
  }

  speed() {
    return /** @type {import("./table.js").Speed} */ (this.prefs.speed); // checked by loadPrefs
  }

  savePrefs() {
    store.savePrefs(this.prefs);
  }

  // ----- the interface ------------------------------------------------------------------------

  buildUi() {
    this.root.setAttribute("aria-label", this.t("practice.table"));
    this.notices = h("div", { class: "cj-pr-notices", role: "status", "data-role": "notices" });
    this.confirmBox = h("div", { class: "cj-pr-confirm", "data-role": "confirm", hidden: true });
    this.setup = this.buildSetup();
    this.scores = h("p", { class: "cj-pr-scores", "data-role": "scores" });
    // A turned jack scored before any card: said on the table, beside the score it changed.
    this.turnedJack = h("p", { class: "cj-pr-turned-jack", "data-role": "turned-jack", hidden: true });
    // Each deal's trump, announced in words until its first trick is complete (issue 23: a
    // course-only reader kept to the last deal's trump and made an illegal attempt).
    this.trumpNews = h("p", { class: "cj-pr-trump-news", role: "status", "data-role": "trump-news", hidden: true });
    this.undoNote = h("p", { class: "cj-pr-help", "data-role": "undo-note", hidden: true });
    this.turn = h("p", { class: "cj-pr-turn", "data-role": "turn", "aria-live": "polite" });
    this.menusButton = h("button", {
      type: "button",
      class: "md-button cj-pr-small",
      "data-action": "menus",
      "aria-pressed": String(this.prefs.menus),
      text: this.t("practice.menus"),
      onclick: () => {
        this.prefs.menus = !this.prefs.menus;
        this.savePrefs();
        this.menusButton.setAttribute("aria-pressed", String(this.prefs.menus));
        this.updateTableMode();
      },
    });
    this.settings = this.buildSettings();
    this.tableElement = h("div", { class: "cj-pr-table" });
    this.table = new CardTable(this.tableElement, { strings: this.strings, onCard: (code) => this.play(code) });
    this.buttons = {
      hint: h("button", { type: "button", class: "md-button", "data-action": "hint", text: this.t("practice.hint"), onclick: () => this.hint() }),
      undo: h("button", { type: "button", class: "md-button", "data-action": "undo", text: this.t("practice.undo"), onclick: () => this.undo() }),
      newMatch: h("button", { type: "button", class: "md-button", "data-action": "new", text: this.t("practice.new_match"), onclick: () => this.showSetup(true) }),
    };
    this.feedback = h("div", { class: "cj-pr-feedback", role: "status", "data-role": "feedback" });
    this.coachLine = h("p", { class: "cj-pr-coach", role: "status", "data-role": "coach-verdict", hidden: true });
    this.learnBox = h("section", { class: "cj-pr-learn", "data-role": "learn", hidden: true });
    this.valuesLine = h("p", { class: "cj-pr-values", "data-role": "values" });
    this.sheet = h("div", { class: "cj-pr-sheet", "data-role": "sheet", hidden: true });
    this.reviewBox = h("div", { class: "cj-pr-review", "data-role": "review" });
    this.logList = h("ol", { class: "cj-pr-log" });
    this.logBox = h("div", { class: "cj-pr-log-list", tabindex: "0", role: "log", "aria-live": "polite", "aria-label": this.t("practice.log"), "data-role": "log" }, this.logList);
    this.seedLine = h("p", { class: "cj-pr-seed" });
    this.statsBox = h("section", { class: "cj-pr-stats", "data-role": "stats", "aria-label": this.t("practice.stats") });
    this.game = h(
      "div",
      { class: "cj-pr-game", hidden: true },
      this.learnBox,
      (this.bar = h("div", { class: "cj-pr-bar" }, this.scores, this.turnedJack, this.trumpNews, this.turn, h("div", { class: "cj-pr-tools" }, this.menusButton, this.settings))),
      this.tableElement,
      h("div", { class: "cj-pr-actions" }, this.buttons.hint, this.buttons.undo, this.buttons.newMatch),
      this.undoNote,
      this.feedback,
      this.coachLine,
      this.valuesLine,
      this.sheet,
      this.reviewBox,
      // Keyboard tips for a keyboard; on a touch-only screen the tap tip instead (practice.css).
      h("p", { class: "cj-pr-help cj-pr-help--keys", id: "cj-pr-keys", text: this.t("practice.keys_help") }),
      h("p", { class: "cj-pr-help cj-pr-help--touch", id: "cj-pr-touch", text: this.t("practice.touch_help") }),
      h("div", { class: "cj-pr-log-box" }, disclosure(this.t("practice.log"), this.logBox, { className: "md-button cj-pr-small", onToggle: () => { this.logBox.scrollTop = this.logBox.scrollHeight; } }), this.logBox),
      this.seedLine,
    );
    this.table.hand.setAttribute("aria-describedby", matchMedia(TOUCH_ONLY).matches ? "cj-pr-touch" : "cj-pr-keys");
    setChildren(this.root, this.notices, this.confirmBox, this.setup, this.game, this.statsBox);
  }

  buildSettings() {
    const speed = h(
      "select",
      { "data-field": "speed", onchange: () => { this.prefs.speed = speed.value; this.savePrefs(); } },
      SPEED_NAMES.map((name) => h("option", { value: name, text: this.t(`practice.speed.${name}`), selected: name === this.prefs.speed })),
    );
    const autoplay = h("input", {
      type: "checkbox",
      "data-field": "autoplay",
      checked: this.prefs.autoplay,
      onchange: () => { this.prefs.autoplay = autoplay.checked; this.savePrefs(); this.autoPlay(); },
    });
    const values = h("input", {
      type: "checkbox",
      "data-action": "values",
      checked: this.prefs.show_values,
      onchange: () => { this.prefs.show_values = values.checked; this.savePrefs(); this.renderValues(); },
    });
    const coach = this.coachBox("cj-pr-coach-setting");
    const panel = h(
      "div",
      { class: "cj-pr-settings-body", "data-role": "settings" },
      h("p", {}, h("label", {}, coach, " ", this.t("practice.coach.label"))),
      h("p", {}, h("label", {}, this.t("practice.speed.label"), " ", speed)),
      h("p", {}, h("label", {}, autoplay, " ", this.t("practice.autoplay"))),
      h("p", {}, h("label", {}, values, " ", this.t("practice.show_values"))),
    );
    const button = disclosure(this.t("practice.settings"), panel, { className: "md-button cj-pr-small", popover: true });
    button.dataset.action = "settings";
    return h("div", { class: "cj-pr-settings" }, button, panel);
  }

  // The reader's choice, else on until the course is finished (a damaged progress counts as
  // not finished).
  defaultCoach() {
    return this.prefs.coach ?? !this.courseDone();
  }

  courseDone() {
    return courseFinished((this.course?.levels ?? []).map((level) => level.id));
  }

  // Once the course is finished the Coach turns off, and the page says so once, with a way to
  // keep it: a reader who never chose is then taken to have chosen "off" unless they keep it.
  noticeCoachOff() {
    if (this.prefs.coach !== null || !this.courseDone()) return false;
    this.prefs.coach = false;
    this.savePrefs();
    this.notice("coach", this.t("practice.coach.off_after_course"));
    const item = this.notices.lastElementChild;
    const keep = h("button", {
      type: "button",
      class: "md-button cj-pr-small",
      "data-action": "coach-keep",
      text: this.t("practice.coach.keep_on"),
      onclick: () => {
        this.setCoach(true);
        item?.remove();
      },
    });
    item?.insertBefore(keep, item.querySelector('[data-action="dismiss"]'));
    return true;
  }

  // A Coach switch (one in the set-up form, one in the settings): every switch shows the same
  // choice, and the reader's choice is kept.
  /** @param {string} id */
  coachBox(id) {
    const box = h("input", {
      type: "checkbox",
      id,
      "data-action": "coach",
      checked: this.coach,
      onchange: () => this.setCoach(box.checked),
    });
    (this.coachBoxes ??= []).push(box);
    return box;
  }

  // `chosen`: the reader switched it (kept for next time); else a course level's own setting.
  /**
   * @param {boolean} on
   * @param {boolean} [chosen]
   */
  setCoach(on, chosen = true) {
    this.coach = on;
    for (const box of this.coachBoxes) box.checked = on;
    if (!on) this.clearVerdict();
    if (!chosen) return;
    this.prefs.coach = on;
    this.savePrefs();
    if (this.state) this.table.show(this.tableView(), { speed: "none" });
  }

  clearVerdict() {
    this.verdicts += 1;
    this.coachLine.hidden = true;
    setChildren(this.coachLine);
    delete this.coachLine.dataset.grade;
    delete this.coachLine.dataset.card;
  }

  /**
   * @param {string} key
   * @param {string | boolean} value
   */
  optionValueText(key, value) {
    return this.t(`options.${key}.values.${String(value)}`);
  }

  buildSetup() {
    /** @type {Partial<import("./practice-store.js").Setup>} */
    const prefs = this.prefs.setup ?? {};
    const preset = h(
      "select",
      { name: "preset", "data-field": "preset", onchange: () => this.applyPreset() },
      Object.keys(PRESETS).map((name) => h("option", { value: name, text: this.t(`presets.${name}.name`), selected: name === (prefs.preset ?? "standard") })),
    );
    this.presetSummary = h("p", { class: "cj-pr-summary", id: "cj-pr-preset-summary" });
    preset.setAttribute("aria-describedby", "cj-pr-preset-summary");
    const options = Object.entries(OPTIONS).map(([key, values]) =>
      h("p", {}, h("label", {}, this.t(`options.${key}.name`), " ",
        h("select", { name: key, "data-field": key }, values.map((value) => h("option", { value: String(value), text: this.optionValueText(key, value) }))))),
    );
    const target = h("input", { type: "number", name: "target", min: "1", max: "99", value: String(prefs.target ?? 10), "data-field": "target", required: true });
    const level = h(
      "select",
      { name: "level", "data-field": "level", "aria-describedby": "cj-pr-levels" },
      LEVELS.map((name) => h("option", { value: name, text: this.t(`practice.level_${name}`), selected: name === (this.prefs.level ?? GENTLEST) })),
    );
    // What each opponent is, all three in view: the reader chooses knowing what they face.
    const levels = h("ul", { class: "cj-pr-levels", id: "cj-pr-levels", "data-role": "levels" },
      LEVELS.map((name) => h("li", { "data-level": name }, h("strong", { text: this.t(`practice.level_${name}`) }), this.colon, this.t(`practice.level_about.${name}`))));
    this.cancelSetup = h("button", { type: "button", class: "md-button", "data-action": "cancel-setup", text: this.t("practice.back_to_match"), onclick: () => this.showSetup(false) });
    const form = h(
      "form",
      { class: "cj-pr-setup", "data-role": "setup", hidden: true, onsubmit: (event) => { event.preventDefault(); this.startFromForm(); } },
      h(
        "fieldset",
        {},
        h("legend", { text: this.t("practice.setup") }),
        h("p", {}, h("label", {}, this.t("practice.rules"), " ", preset)),
        this.presetSummary,
        h("fieldset", { class: "cj-pr-options" }, h("legend", { text: this.t("practice.options") }), options),
        h("p", {}, h("label", {}, this.t("practice.target"), " ", target)),
        h("p", {}, h("label", {}, this.t("practice.level"), " ", level)),
        levels,
        h("p", {}, h("label", {}, this.coachBox("cj-pr-coach-setup"), " ", this.t("practice.coach.label"))),
        h("p", { class: "cj-pr-help", text: this.t("practice.coach.default") }),
        h("p", {}, h("button", { type: "submit", class: "md-button md-button--primary", "data-action": "start", text: this.t("practice.start") }), " ", this.cancelSetup),
      ),
    );
    this.form = form;
    queueMicrotask(() => this.applyPreset(prefs));
    return form;
  }

  // A control of the set-up form, by name.
  /** @param {string} name */
  field(name) {
    return /** @type {HTMLInputElement | HTMLSelectElement} */ (this.form.elements.namedItem(name));
  }

  // The preset's own values in the option menus (or, for the saved set-up, the reader's).
  /** @param {Partial<import("./practice-store.js").Setup> | null} saved */
  applyPreset(saved = null) {
    const name = this.field("preset").value;
    const rules = PRESETS[name] ?? {};
    this.presetSummary.textContent = this.t(`presets.${name}.summary`);
    for (const key of Object.keys(OPTIONS)) {
      const mine = saved && saved.preset === name && saved.options ? saved.options[key] : undefined;
      this.field(key).value = String(mine ?? rules[key]);
    }
  }

  /** @param {boolean} visible */
  showSetup(visible) {
    this.form.hidden = !visible;
    this.cancelSetup.hidden = !(visible && this.state && !this.state.match_over);
    if (visible) {
      this.root.dataset.phase = "setup";
      this.field("preset").focus();
    } else if (this.state) {
      this.settle();
      this.table.focusHand();
    }
    this.updateTableMode();
  }

  // While a match is on screen, the table takes the page's width: the navigation, the table of
  // contents and the page's text step aside (CSS on body.cj-table-mode), until "menus" is on.
  updateTableMode() {
    const playing = Boolean(this.state) && this.form.hidden;
    document.body.classList.toggle("cj-table-mode", playing && !this.prefs.menus);
  }

  // An inline question with two answers; resolves true for the first.
  /**
   * @param {string} questionKey
   * @param {string} yesKey
   * @param {string} noKey
   * @returns {Promise<boolean>}
   */
  confirm(questionKey, yesKey, noKey) {
    return new Promise((resolve) => {
      /** @param {boolean} value */
      const answer = (value) => {
        this.confirmBox.hidden = true;
        setChildren(this.confirmBox);
        resolve(value);
      };
      const yes = h("button", { type: "button", class: "md-button md-button--primary", "data-action": "confirm-yes", text: this.t(yesKey), onclick: () => answer(true) });
      const no = h("button", { type: "button", class: "md-button", "data-action": "confirm-no", text: this.t(noKey), onclick: () => answer(false) });
      setChildren(this.confirmBox, h("p", { id: "cj-pr-question", text: this.t(questionKey) }), h("p", {}, yes, " ", no));
      this.confirmBox.setAttribute("role", "group");
      this.confirmBox.setAttribute("aria-labelledby", "cj-pr-question");
      this.confirmBox.hidden = false;
      yes.focus();
    });
  }

  // A notice above the table (bad saved data, a bad link): visible and translated; never blocks play.
  /**
   * @param {string} kind
   * @param {string} text
   * @param {Record<string, string>} [data]
   */
  notice(kind, text, data = {}) {
    /** @type {Record<string, string>} */
    const attributes = { class: "cj-pr-notice", "data-role": "notice", "data-kind": kind };
    for (const [name, value] of Object.entries(data)) attributes[`data-${name}`] = value;
    const item = h("p", attributes, text, " ");
    item.append(h("button", { type: "button", class: "md-button cj-pr-small", "data-action": "dismiss", text: this.t("practice.dismiss"), onclick: () => item.remove() }));
    this.notices.append(item);
  }

  async startFromForm() {
    if (this.busy) return;
    const preset = this.field("preset").value;
    /** @type {Record<string, unknown>} */
    const rules = { preset, target: Math.max(1, Math.min(99, Number(this.field("target").value) || 10)) };
    const base = PRESETS[preset] ?? {};
    /** @type {import("./practice-store.js").Setup} */
    const setup = { preset, target: Number(rules.target), options: {} };
    for (const [key, values] of Object.entries(OPTIONS)) {
      const value = values.find((v) => String(v) === this.field(key).value) ?? /** @type {string | boolean} */ (base[key]);
      setup.options[key] = value;
      if (value !== base[key]) rules[key] = value;
    }
    const level = this.field("level").value;
    this.prefs = { ...this.prefs, level, setup };
    this.savePrefs();
    if (!(await this.mayReplace())) return;
    await this.startOrSay({ rules, level });
  }

  // A match started from the page's own controls: an engine error is said, never thrown.
  /** @param {Record<string, unknown>} request */
  async startOrSay(request) {
    try {
      await this.startMatch(request);
    } catch (error) {
      this.engineError(error);
    }
  }

  // What went wrong with a request of the page's own controls, in the feedback line.
  /** @param {unknown} error */
  engineError(error) {
    setChildren(this.feedback, h("p", { text: this.t("ui.engine_error", { message: errorMessage(error) }) }));
  }

  // A match in progress is only replaced when the reader says so.
  async mayReplace() {
    if (!this.state || this.state.match_over) return true;
    return this.confirm("practice.confirm.replace", "practice.confirm.replace_yes", "practice.confirm.keep");
  }

  /**
   * @param {Record<string, unknown>} request the fields of practice.new
   * @param {LearnPlay | null} [learn] the course level the match plays
   */
  async startMatch(request, learn = null) {
    this.busy = true;
    let answer;
    try {
      answer = await this.ask({ op: "practice.new", ...request });
    } finally {
      this.busy = false;
    }
    this.counted = false;
    this.logEntries = [];
    this.luck.reset();
    this.learn = learn;
    this.learnLevel = this.levelOf(learn);
    // A course level is played with its Coach setting (the reader may still switch it).
    this.setCoach(this.learnLevel ? this.learnLevel.coach : this.defaultCoach(), false);
    // Another match than the level's: a reload must not deal the level again.
    if (!this.learnLevel && learnHash() !== null) history.replaceState(null, "", location.pathname + location.search);
    this.clearVerdict();
    this.renderLog();
    this.closeReview();
    this.form.hidden = true;
    this.table.reset(); // a new match: nothing moves in from the old one
    this.accept(answer);
    await this.present(answer, { focus: true });
    await this.continueComputer();
  }

  // An answer with a new record and state: count a finished match, save, and log.
  /**
   * @param {MatchAnswer} answer
   * @param {PracticeEvent[]} [extra]
   */
  accept(answer, extra = []) {
    const { record, state } = answer;
    this.record = record;
    this.state = state;
    for (const event of [...(answer.events ?? []), ...extra]) {
      const entry = event.kind === "deal_over" ? { ...event, scores: state.result?.scores_after ?? [] } : event;
      this.logEntries.push(entry);
      this.appendLog(entry);
    }
    if (state.match_over && !this.counted) {
      // Counted under the match's own rules: a house rule or a short target is not "Standard".
      const rules = String(state.rules_text ?? "standard");
      this.stats = store.countMatch(this.stats, { level: state.level, rules, won: state.winner === HUMAN, points: state.scores[HUMAN] });
      this.counted = true;
      this.renderStats();
    }
    this.finishLearn();
    // The deals finished so far get their luck split measured; one reopened by Undo loses it,
    // and its review with it.
    if (this.luck.update(record, state.result ? state.deal.number : state.deal.number - 1)) this.closeReview();
    this.save();
    // A finished deal goes to the mistakes deck (deck.js), analysed only between deals.
    if (answer.events?.some((event) => event.kind === "deal_over")) {
      window.CJDeck?.dealFinished({ record, seat: HUMAN, lang: this.lang, engine: engine(), quiet: () => !this.busy && (this.state?.waiting_for === "next_deal" || this.state?.waiting_for === "match_over") });
    }
  }

  // The match as it is kept for a reload (practice-store.js).
  save() {
    if (!this.record) return;
    store.saveMatch({ record: this.record, counted: this.counted, log: this.logEntries, learn: this.learn, luck: this.luck.splits });
  }

  // ----- the log ------------------------------------------------------------------------------

  renderLog() {
    setChildren(this.logList);
    for (const entry of this.logEntries) this.appendLog(entry);
  }

  /** @param {LogEntry} entry */
  appendLog(entry) {
    let content;
    try {
      content = this.logContent(entry);
    } catch {
      content = null; // a saved entry this version cannot show: skipped
    }
    if (!content) return;
    this.logList.append(h("li", { "data-kind": entry.kind }, content));
    while (this.logList.children.length > store.LOG_LIMIT) this.logList.firstElementChild?.remove();
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  // A log entry in words; an entry saved by an older page may lack a field: it then throws,
  // and appendLog skips it.
  /**
   * @param {LogEntry} entry
   * @returns {Child}
   */
  logContent(entry) {
    const s = this.strings;
    const event = /** @type {PracticeEvent} */ (entry);
    switch (event.kind) {
      case "deal":
        return fill(s, "practice.deal_line", { n: String(event.number), player: this.name(event.dealer), card: cardSpan(s, event.trump_card) });
      case "turned_jack":
        return this.sentence(event.seat, "reasons.jack_turned", { card: cardSpan(s, event.card) });
      case "play":
        return this.sentence(event.seat, "ui.plays", { card: cardSpan(s, event.card) });
      case "trick":
        return this.sentence(event.winner, "ui.wins_trick");
      case "draw":
        return event.card
          ? this.sentence(event.seat, "ui.draw", { card: cardSpan(s, event.card) })
          : fill(s, "ui.draw_hidden", { player: this.phrase(event.seat) });
      case "deal_over":
        return h("span", {}, this.t("practice.score_sheet", { n: event.number }), this.colon, this.scoreText(/** @type {number[]} */ (event.scores)));
      case "match_over":
        return this.winnerText(event.winner);
      case "resumed":
        return this.t("practice.resumed");
      case "undo":
        return fill(s, "practice.undone", { cards: h("span", {}, event.cards.map((code, i) => [i ? " " : "", cardSpan(s, code)])) });
      default:
        return null;
    }
  }

  // "You: 3 · Computer 1: 6 · Computer 2: 9": each score stays with its name.
  /** @param {number[]} scores */
  scoreText(scores) {
    return scores.map((score, seat) => this.t("practice.seat_score", { player: this.name(seat), score })).join(" · ");
  }

  /** @param {number | null} seat */
  winnerText(seat) {
    return seat === HUMAN ? this.t("ui.wins_match_you") : this.t("ui.wins_match_other", { player: this.phrase(seat) });
  }

  // ----- what the table shows -----------------------------------------------------------------

  // The match on screen: every caller runs once accept() has set it.
  current() {
    return /** @type {PracticeState} */ (this.state);
  }

  /** @returns {TableView} */
  tableView() {
    const state = this.current();
    const deal = state.deal;
    const legal = new Set(deal.legal);
    const playing = state.waiting_for === "human" || state.waiting_for === "computer";
    return {
      players: state.players,
      you: HUMAN,
      seats: Array.from({ length: state.players }, (_, seat) => ({
        seat,
        name: this.name(seat),
        phrase: seat === HUMAN ? null : this.phrase(seat),
        dealer: seat === deal.dealer,
        tricks: deal.tricks_won[seat],
        handCount: deal.hand_sizes[seat],
        known: seat === HUMAN ? [] : deal.known[seat],
        open: null,
      })),
      toMove: playing ? deal.to_move : null,
      myTurn: state.waiting_for === "human",
      hand: deal.hand.map((code) => ({ code, legal: legal.has(code) })),
      hint: this.hintCard,
      coach: this.coach,
      trick: deal.trick,
      trickWinner: null,
      stock: { count: deal.stock_count, top: deal.stock_top, outOfPlay: deal.stock_out_of_play },
      trump: deal.trump,
      trumpCard: deal.trump_card,
      // The trump indicator is marked (in words too) until the deal's first trick is complete.
      trumpNew: !deal.last_trick,
      lastTrick: deal.last_trick,
    };
  }

  // The moment a trick is complete, before anyone draws: the last trick still on the table.
  // Only called when the answer completed a trick (present): there is a last trick.
  finishedTrickView() {
    const view = this.tableView();
    const last = /** @type {Trick} */ (this.current().deal.last_trick);
    const drawn = new Map(last.draws.map((draw) => [draw.seat, draw.card]));
    view.trick = last.cards;
    view.trickWinner = last.winner;
    view.toMove = null;
    view.myTurn = false;
    view.hand = view.hand.filter((card) => card.code !== drawn.get(HUMAN));
    view.seats = view.seats.map((info) => ({
      ...info,
      tricks: info.tricks - (info.seat === last.winner ? 1 : 0),
      handCount: info.handCount - (drawn.has(info.seat) ? 1 : 0),
      known: info.known.filter((code) => code !== drawn.get(info.seat)),
    }));
    view.stock = {
      count: view.stock.count + last.draws.length,
      top: last.draws.length ? (last.draws[0].card ?? null) : view.stock.top,
      // Before its draws the stock held a card for every player; after the last draw, the
      // card left is out of play (as the engine said for the state after the trick).
      outOfPlay: last.draws.length ? false : view.stock.outOfPlay,
    };
    view.lastTrick = this.table.view?.lastTrick ?? null;
    return view;
  }

  // Show the state the engine answered, with its moves: a finished trick stays in view (about
  // a second at normal speed, or until a click), then goes to its winner and the draws follow.
  /**
   * @param {MatchAnswer} answer
   * @param {{ focus?: boolean }} [options]
   */
  async present(answer, { focus = false } = {}) {
    const events = answer.events ?? [];
    const speed = this.speed();
    const state = this.current();
    this.root.dataset.phase = state.waiting_for === "computer" ? "computer" : "busy";
    if (events.some((event) => event.kind === "trick") && state.deal.last_trick) {
      const view = this.finishedTrickView();
      this.renderStatus(view);
      await this.table.show(view, { speed });
      await this.table.hold(SPEEDS[speed]?.hold ?? 0);
    }
    await this.table.show(this.tableView(), { speed });
    this.render();
    if (focus || document.activeElement === document.body || document.activeElement === null) this.focusForTurn();
  }

  // The keyboard goes where the reader acts next: the hand, or the score sheet's button.
  focusForTurn() {
    const waiting = this.state?.waiting_for;
    if (waiting === "human" || waiting === "computer") this.table.focusHand();
    else /** @type {HTMLElement | null} */ (this.sheet.querySelector("[data-action=next], [data-action=new]"))?.focus();
  }

  // Everything around the table, and the phase the tests and the reader wait for.
  render() {
    const state = this.state;
    if (!state) return;
    const deal = state.deal;
    this.game.hidden = false;
    this.updateTableMode();
    this.root.dataset.players = String(state.players);
    setChildren(this.scores,
      h("strong", { text: this.t("practice.score_line", { target: state.target }) }), this.colon, this.scoreText(state.scores),
      h("span", { class: "cj-pr-deal-no", text: ` · ${this.t("practice.deal_short", { n: deal.number })}` }));
    setChildren(this.seedLine,
      h("span", { "data-role": "seed", text: this.t("practice.seed", { seed: deal.seed }) }), " · ",
      h("a", { href: location.pathname + state.link, "data-role": "link", text: this.t("practice.link") }));
    this.renderStatus();
    this.renderValues();
    this.buttons.hint.disabled = state.waiting_for !== "human";
    this.buttons.undo.disabled = !state.can_undo;
    // The score sheet is drawn anew: a button of it that had the keyboard keeps it (else the
    // focus would fall to <body> at the end of a deal).
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focused = this.sheet.contains(active) ? active?.dataset.action : null;
    // Under a face-down stock, Undo stops at the last draw (engine: undo_hides_a_draw): say why.
    this.undoNote.hidden = !state.undo_hides_draw;
    this.undoNote.textContent = state.undo_hides_draw ? this.t("practice.undo_hidden_stock") : "";
    this.renderTurnedJack();
    this.renderTrumpNews();
    this.renderLearn();
    this.renderSheet();
    if (focused) /** @type {HTMLElement | null} */ (this.sheet.querySelector(`[data-action="${focused}"]`))?.focus({ preventScroll: true });
    this.settle();
  }

  // Until the deal's first trick is complete: "Trump for this deal: ♥ hearts", or against the
  // last deal's trump when a new deal started here.
  renderTrumpNews() {
    const state = this.current();
    const deal = state.deal;
    const show = !deal.last_trick && !state.result;
    this.trumpNews.hidden = !show;
    if (!show) {
      this.trumpNews.textContent = "";
      return;
    }
    const suit = (/** @type {string} */ code) => `${this.t(`suits.${code}.symbol`)} ${this.strings.suitName(code)}`;
    const previous = this.previousTrump;
    const key = previous === null ? "first" : previous === deal.trump ? "same" : "changed";
    const text = this.t(`practice.trump_news.${key}`, { suit: suit(deal.trump), previous: previous === null ? "" : suit(previous) });
    // Written only when it changes, so a screen reader hears it once per deal.
    if (this.trumpNews.textContent !== text) this.trumpNews.textContent = text;
  }

  renderTurnedJack() {
    const state = this.current();
    const deal = state.deal;
    const show = deal.jack_turned && !state.result;
    this.turnedJack.hidden = !show;
    setChildren(this.turnedJack, show ? this.sentence(deal.dealer, "reasons.jack_turned", { card: cardSpan(this.strings, deal.trump_card) }) : null);
  }

  settle() {
    const state = this.state;
    if (this.busy || !state) return;
    this.root.dataset.deal = String(state.deal.number);
    this.root.dataset.plays = String(state.deal.plays);
    this.root.dataset.phase = state.waiting_for;
  }

  // Whose turn it is, in words; while a finished trick is in view (`finished`), who won it.
  /** @param {TableView | null} [finished] */
  renderStatus(finished = null) {
    const state = this.current();
    let text;
    if (finished) text = this.table.winsTrick(finished, finished.trickWinner);
    else if (state.waiting_for === "human") text = this.t("practice.your_turn");
    else if (state.waiting_for === "computer") text = this.t("practice.thinking", { player: this.phrase(state.deal.to_move) });
    else if (state.waiting_for === "next_deal") text = this.t("practice.deal_done", { n: state.deal.number });
    else text = this.t("practice.match_over");
    this.turn.textContent = text;
    this.turn.dataset.mine = String(state.waiting_for === "human" && !finished);
  }

  renderValues() {
    if (!this.state) return;
    const show = this.prefs.show_values;
    this.valuesLine.hidden = !show;
    this.valuesLine.textContent = show ? `${this.t("practice.values")}${this.colon}${this.scoreText(this.state.deal.values)}` : "";
  }

  renderSheet() {
    const state = this.current();
    const result = state.result;
    if (!result) {
      this.sheet.hidden = true;
      setChildren(this.sheet);
      return;
    }
    const s = this.strings;
    const values = this.scoreText(result.game_values ?? []);
    const rows = result.reasons.map((reason) => {
      /** @type {FillParams} */
      const params = { card: reason.card ? cardSpan(s, reason.card) : "", trick: String(reason.trick ?? ""), ...(reason.values ? s.cardValueParams(reason.values, (seat) => this.valueOwner(seat)) : {}) };
      const why = reason.seat === null ? fill(s, reason.key, params) : this.sentence(reason.seat, reason.key, params);
      // A point after the one that won the match is not added (RULES.md §6.17): said so.
      const counted = reason.counted !== false;
      return h("tr", { "data-point": reason.point, "data-seat": reason.seat === null ? "" : String(reason.seat), "data-counted": String(counted) },
        h("th", { scope: "row", text: s.pointLabel(reason.point) }),
        h("td", { text: this.name(reason.seat) }),
        h("td", {}, why, counted ? null : [" ", h("em", { "data-role": "not-counted", text: this.t("practice.not_counted") })]));
    });
    const children = [
      h("table", { class: "cj-pr-points", "data-role": "points" },
        h("caption", { text: this.t("practice.score_sheet", { n: state.deal.number }) }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: this.t("ui.points") }), h("th", { scope: "col", text: this.t("practice.who") }), h("th", { scope: "col", text: this.t("practice.why") }))),
        h("tbody", {}, rows)),
      result.game_values ? h("p", { "data-role": "game-values" }, `${this.t("ui.card_values")}${this.colon}${values}`) : null,
      result.out_of_play ? h("p", { "data-role": "out-of-play" }, fill(s, "examples.out_of_play", { card: cardSpan(s, result.out_of_play) })) : null,
      h("p", { "data-role": "deal-score" }, `${this.t("ui.score")}${this.colon}${this.scoreText(result.scores_before)} → `, h("strong", { text: this.scoreText(result.scores_after) })),
      // Beside the match's score: its luck-adjusted result so far (match-luck.js).
      this.luck.line,
    ];
    if (result.count_out_decides) {
      let reached = false;
      children.push(
        h("div", { class: "cj-pr-count-out", "data-role": "count-out" },
          h("p", {}, h("strong", { text: this.t("practice.count_out", { target: state.target }) })),
          h("ol", {}, result.count_out.map((step) => {
            const first = !reached && step.seat === result.winner && step.scores[step.seat] >= state.target;
            reached ||= first;
            return h("li", { "data-point": step.point, "data-first": first ? "true" : null },
              this.t("practice.count_out_step", { point: this.t(`points.${step.point}`), player: this.name(step.seat), score: step.scores[step.seat] }),
              first ? h("strong", { text: `${this.t("ui.dash")}${this.t("practice.reaches")}` }) : "");
          }))),
      );
    }
    const buttons = [];
    if (state.match_over) {
      children.push(h("p", { class: "cj-pr-winner", "data-role": "winner", "data-seat": String(state.winner) },
        h("strong", { text: this.winnerText(state.winner) }), " ", this.t("practice.match_over")));
      buttons.push(h("button", { type: "button", class: "md-button md-button--primary", "data-action": "new", text: this.t("practice.new_match"), onclick: () => this.showSetup(true) }));
    } else {
      buttons.push(h("button", { type: "button", class: "md-button md-button--primary", "data-action": "next", text: this.t("practice.next_deal"), onclick: () => this.nextDeal() }));
    }
    buttons.push(h("button", { type: "button", class: "md-button", "data-action": "replay", text: this.t("practice.replay_deal"), onclick: () => this.replayDeal() }));
    if (window.CJReview && typeof window.CJReview.open === "function") {
      buttons.push(h("button", { type: "button", class: "md-button", "data-action": "review", text: this.t("practice.review"), onclick: () => this.openReview() }));
    }
    children.push(h("p", { class: "cj-pr-sheet-actions" }, buttons.map((button) => [button, " "])));
    setChildren(this.sheet, children);
    this.sheet.hidden = false;
  }

  renderStats() {
    const buckets = Object.entries(this.stats.buckets);
    const percent = new Intl.NumberFormat(this.lang, { style: "percent", maximumFractionDigits: 0 });
    const heading = h("h2", { class: "cj-pr-stats-title", id: "cj-pr-stats-title", text: this.t("practice.stats") });
    if (!buckets.length) {
      setChildren(this.statsBox, heading, h("p", { text: this.t("practice.stats_none") }));
      return;
    }
    /**
     * @param {string} name
     * @returns {[string, string]}
     */
    const label = (name) => {
      if (name === store.EARLIER) return [this.t("practice.stats_earlier"), ""];
      const [level, text] = name.split("/");
      return [this.t(`practice.level_${level}`), this.rulesLabel(text)];
    };
    const columns = ["level", "rules", "played", "won", "rate", "points", "streak", "best"];
    const rows = buckets.map(([name, b]) => {
      const [level, preset] = label(name);
      return h("tr", { "data-bucket": name },
        h("th", { scope: "row", text: level }), h("td", { text: preset }),
        h("td", { text: String(b.played) }), h("td", { text: String(b.won) }),
        h("td", { text: b.played ? percent.format(b.won / b.played) : "—" }),
        h("td", { text: String(b.points) }), h("td", { text: String(b.streak) }), h("td", { text: String(b.best) }));
    });
    const reset = h("button", { type: "button", class: "md-button cj-pr-small", "data-action": "reset-stats", text: this.t("practice.stats_reset"), onclick: () => this.resetStats() });
    setChildren(this.statsBox, heading,
      // Scrolls sideways on narrow screens: focusable, so the keyboard can scroll it too.
      h("div", { class: "cj-pr-scroll", tabindex: "0", role: "region", "aria-labelledby": "cj-pr-stats-title" },
        h("table", { class: "cj-pr-points cj-pr-stats-table" },
          h("thead", {}, h("tr", {}, columns.map((column) => h("th", { scope: "col", text: this.t(`practice.stats_col.${column}`) })))),
          h("tbody", {}, rows))),
      h("p", {}, reset));
  }

  // "Standard · Match points to win: 2 · Turned jack: the dealer scores Jack at once".
  /** @param {string} text */
  rulesLabel(text) {
    const rules = store.rulesOf(text, { presets: Object.keys(PRESETS), keys: this.ruleKeys });
    if (!rules) return text;
    const parts = [this.t(`presets.${rules.preset}.name`)];
    for (const [key, value] of rules.differences) {
      // The match target is a plain number; every other option's values have names.
      const shown = key === "target" ? value : this.t(`options.${key}.values.${value}`);
      parts.push(`${this.t(`options.${key}.name`)}${this.colon}${shown}`);
    }
    return parts.join(" · ");
  }

  async resetStats() {
    if (!(await this.confirm("practice.confirm.reset_stats", "practice.confirm.reset_yes", "practice.confirm.keep_stats"))) {
      /** @type {HTMLElement | null} */ (this.statsBox.querySelector("[data-action=reset-stats]"))?.focus();
      return;
    }
    this.stats = store.resetStats();
    this.renderStats();
    this.statsBox.querySelector("h2")?.setAttribute("tabindex", "-1");
    this.statsBox.querySelector("h2")?.focus();
  }

  // ----- actions ------------------------------------------------------------------------------

  // The reader's card and the computer's replies after it, with the background held meanwhile:
  // the table's requests follow one another with animations between them.
  /** @param {CardCode} code */
  async play(code) {
    if (this.busy || !this.state || this.state.waiting_for !== "human") return;
    const release = engine().hold();
    try {
      await this.playCard(code);
    } finally {
      release();
    }
  }

  /** @param {CardCode} code */
  async playCard(code) {
    if (this.busy || !this.state || this.state.waiting_for !== "human") return;
    const s = this.strings;
    this.busy = true;
    this.root.dataset.phase = "busy";
    let answer;
    try {
      answer = await this.ask({ op: "practice.play", record: this.record, card: code });
    } catch (error) {
      this.busy = false;
      this.settle();
      this.engineError(error);
      return;
    }
    if (!answer.legal) {
      this.busy = false;
      if (this.learn && !this.learn.done) {
        this.learn.refused += 1;
        this.save();
        this.renderLearn();
      }
      this.settle();
      this.feedback.dataset.kind = "refusal";
      setChildren(this.feedback, h("p", { "data-role": "refusal", "data-card": code },
        h("span", { class: "cj-pr-verdict", "aria-hidden": "true", text: "✗ " }), `${this.t("practice.refused")} `, cardSpan(s, code), this.t("ui.dash"), explainRefusal(s, answer.refusal)));
      return;
    }
    setChildren(this.feedback);
    delete this.feedback.dataset.kind;
    // The hint shown for this card, if any: the Coach says so when it prefers another card.
    const hinted = this.hintCard;
    this.hintCard = null;
    this.accept(answer);
    this.clearVerdict(); // it was about the card before
    try {
      await this.present(answer);
    } finally {
      this.busy = false;
    }
    await this.continueComputer();
    if (this.coach) this.verdict(answer.record, code, hinted);
  }

  // The Coach's verdict on the reader's card: asked after the computer's reply, not awaited;
  // shown when it comes, unless the card was taken back or another card played meanwhile.
  /**
   * @param {MatchRecord} record the record right after the reader's card
   * @param {CardCode} code
   * @param {CardCode | null} [hinted] the card the hint had suggested for this play
   */
  async verdict(record, code, hinted = null) {
    const ticket = ++this.verdicts;
    const s = this.strings;
    const started = performance.now();
    /** @type {Child} */
    let content;
    /** @type {GradeAnswer | null} */
    let answer = null;
    try {
      answer = await this.ask({ op: "practice.grade", record });
      // For scripts/bench_coach.py: the verdict's time in the worker, as the page sees it.
      performance.measure("cj-coach-verdict", { start: started, end: performance.now() });
      const best = answer.best[0];
      const loss = new Intl.NumberFormat(this.lang, { maximumFractionDigits: 2 }).format(answer.loss);
      // Every verdict gives its reason: why no card is better, or what the card costs and why.
      let why;
      if (answer.grade === "best") why = this.t(answer.exact ? "practice.coach.reasons.best_exact" : "practice.coach.reasons.best_sampled");
      else if (answer.grade === "good") why = h("span", {}, fill(s, "practice.coach.good", { best: cardSpan(s, best) }), " ", this.t("practice.coach.reasons.close", { loss }));
      else why = h("span", {}, answer.reason_key ? `${this.t(answer.reason_key)} ` : "", this.t("practice.coach.reasons.loss", { loss }), " ", fill(s, "practice.coach.better", { best: cardSpan(s, best) }));
      // The first verdict says what net points are, in one sentence: every verdict counts them.
      const netPoints = this.netPointsSaid ? null : h("span", { "data-role": "net-points" }, " ", this.t("practice.coach.net_points"));
      this.netPointsSaid = true;
      // The hint is a quick look before the card; the verdict a deeper one after it.
      const changed = hinted === code && !answer.best.includes(code) ? h("span", { "data-role": "coach-changed" }, " ", fill(s, "practice.coach.changed", { hint: cardSpan(s, hinted), best: cardSpan(s, best) })) : null;
      content = h("span", {}, fill(s, "practice.coach.verdict", { card: cardSpan(s, code), grade: h("strong", { text: this.t(`analysis.grades.${answer.grade}`) }) }), " ", why, changed, netPoints);
    } catch (error) {
      content = this.t("ui.engine_error", { message: errorMessage(error) });
    }
    if (ticket !== this.verdicts || !this.coach) return;
    this.coachLine.dataset.card = code;
    if (answer) this.coachLine.dataset.grade = answer.grade;
    else delete this.coachLine.dataset.grade;
    setChildren(this.coachLine, content);
    this.coachLine.hidden = false;
  }

  // The computer's cards, one request each, until it is the reader's turn or the deal ends.
  async continueComputer() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.current().waiting_for === "computer") {
        const started = performance.now();
        const answer = await this.ask({ op: "practice.bot", record: this.record });
        // For scripts/bench_practice.py: the computer's reply latency as the page sees it.
        performance.measure("cj-practice-reply", { start: started, end: performance.now() });
        this.accept(answer);
        await this.present(answer);
      }
    } catch (error) {
      this.engineError(error);
    } finally {
      this.busy = false;
    }
    this.render();
    this.autoPlay();
  }

  // The option "play by itself when only one card may be played".
  autoPlay() {
    const state = this.state;
    if (!this.prefs.autoplay || this.busy || state?.waiting_for !== "human" || state.deal.legal.length !== 1) return;
    this.play(state.deal.legal[0]);
  }

  async hint() {
    if (this.busy || this.state?.waiting_for !== "human") return;
    const s = this.strings;
    this.busy = true;
    try {
      const answer = await this.ask({ op: "practice.hint", record: this.record });
      this.feedback.dataset.kind = "hint";
      setChildren(this.feedback, h("p", { "data-role": "hint", "data-card": answer.card, "data-reason": answer.reason },
        fill(s, "practice.hint_text", { card: cardSpan(s, answer.card) }), " ", this.t(answer.reason_key)));
      this.hintCard = answer.card;
      await this.table.show(this.tableView(), { speed: "none" });
    } catch (error) {
      this.engineError(error);
    } finally {
      this.busy = false;
    }
  }

  async undo() {
    if (this.busy || !this.state?.can_undo) return;
    this.busy = true;
    try {
      const answer = await this.ask({ op: "practice.undo", record: this.record });
      this.hintCard = null;
      this.accept(answer, [{ kind: "undo", cards: answer.undone }]);
      this.clearVerdict();
      setChildren(this.feedback);
      await this.table.show(this.tableView(), { speed: "none" });
    } catch (error) {
      this.engineError(error);
    } finally {
      this.busy = false;
    }
    this.render();
    this.table.focusHand();
    await this.continueComputer();
  }

  async nextDeal() {
    if (this.busy || this.state?.waiting_for !== "next_deal") return;
    const release = engine().hold();
    try {
      await this.startNextDeal();
    } finally {
      release();
    }
  }

  async startNextDeal() {
    if (this.busy || this.state?.waiting_for !== "next_deal") return;
    this.busy = true;
    let answer;
    try {
      const before = this.current().deal.trump;
      answer = await this.ask({ op: "practice.next", record: this.record });
      this.closeReview();
      this.previousTrump = before;
      this.accept(answer);
      await this.present(answer, { focus: true });
    } catch (error) {
      this.engineError(error);
    } finally {
      this.busy = false;
    }
    this.render();
    // The button was at the foot of the score sheet, which is gone: the score and whose turn
    // it is come back into view, then the hand.
    bringIntoView(this.bar);
    this.focusForTurn();
    await this.continueComputer();
  }

  // This deal again, as the first deal of a new match (the deal's link, in place).
  async replayDeal() {
    if (this.busy || !this.state) return;
    if (!(await this.mayReplace())) return;
    await this.startOrSay({ link: this.state.link, level: this.state.level });
  }

  openReview() {
    if (!window.CJReview) return;
    this.closeReview();
    // The score sheet's Review button: a deal is over, so there is a record.
    // Its luck split is this page's measurement of the deal (match-luck.js), not a second one.
    const index = this.current().deal.number - 1;
    this.review = window.CJReview.open(this.reviewBox, { record: /** @type {MatchRecord} */ (this.record), seat: HUMAN, lang: this.lang, engine: engine(), luck: this.luck.forReview(index) });
  }

  closeReview() {
    if (this.review && typeof this.review.close === "function") this.review.close();
    this.review = null;
    setChildren(this.reviewBox);
  }
}

function main() {
  const root = document.querySelector(".cj-practice");
  if (!(root instanceof HTMLElement)) return;
  const practice = new Practice(root);
  practice.start();
}

// As for the stepper: start the worker (Pyodide's boot is most of the wait) and the stylesheets
// at once, and build the table when the page's content is there.
engine();
loadStylesheet("table.css");
loadStylesheet("practice.css");
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main, { once: true });
else main();
