// The practice table: a match against the computer, played through the rules engine in the
// page's worker (engine-client.js, engine.practice_api through engine.web_api.handle).
//
// The page (docs/<lang>/practice.md) carries <div class="cj-practice">; scripts/hooks/widgets.py
// adds this module to that page only. Every answer from the engine carries the whole match
// record (rules, seed, first dealer, opponent level, the cards played in each deal) and the
// state as the reader may see it; the record is saved in localStorage after every card, so a
// reload resumes the match. Nothing else is kept: no engine object ever leaves the worker.
//
// The reader is always seat 0. Names: "You" / "Computer" (seats.you, seats.computer), and
// sentences about the reader use the second-person strings under practice.you.*.

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
const { engine, earlyStrings, Strings, h, cardSpan, hiddenCard, fill, setChildren, explainRefusal, loadStylesheet } =
  await import(new URL("engine-client.js" + VERSION, HERE).href);

const HUMAN = 0;
const SAVE_KEY = "cj-practice-match";
const STATS_KEY = "cj-practice-stats";
const PREFS_KEY = "cj-practice-prefs";
const LOG_LIMIT = 80;
// The engine's presets (engine/rules.py), written into the page by scripts/hooks/widgets.py.
const PRESETS = earlyStrings().presets ?? { standard: {} };
const LEVELS = ["expert", "heuristic", "random"];
// The options offered beside the preset (RULES.md §2): the catalogue key of each checkbox, and
// how it maps to a rule key.
const TOGGLES = [
  { name: "low_holder", label: "practice.opt_low_holder", get: (r) => r.low === "holder", set: (r, on) => (r.low = on ? "holder" : "capture") },
  { name: "must_trump", label: "practice.opt_must_trump", get: (r) => r.must_trump_when_void, set: (r, on) => (r.must_trump_when_void = on) },
  { name: "turned_jack", label: "practice.opt_turned_jack", get: (r) => r.turned_jack, set: (r, on) => (r.turned_jack = on) },
  { name: "nine_point", label: "practice.opt_nine_point", get: (r) => r.nine_point, set: (r, on) => (r.nine_point = on) },
];

function readJson(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the match still plays, it just will not survive a reload.
  }
}

class Practice {
  constructor(root) {
    this.root = root;
    this.record = null;
    this.state = null;
    this.busy = false;
    this.counted = false;
    this.focusHand = false;
    this.prefs = { show_values: true, ...readJson(PREFS_KEY, {}) };
    root.dataset.state = "loading";
    root.setAttribute("role", "region");
    this.progress = h("progress", { max: "100", value: "5", class: "cj-pr-progress", "aria-label": earlyStrings().loading || "…" });
    setChildren(root, h("div", { class: "cj-pr-status", role: "status" }, this.progress, " ", earlyStrings().loading || "…"));
  }

  async start() {
    const worker = engine();
    worker.onProgress((stage) => {
      const values = { runtime: 10, engine: 80, ready: 95 };
      if (this.root.dataset.state === "loading" && stage in values) this.progress.value = values[stage];
    });
    try {
      const lang = earlyStrings().lang || document.documentElement.lang || "en";
      this.strings = new Strings(await worker.request({ op: "catalogue", lang }), {});
      // French typography: a no-break space before the colon, as on the site's pages.
      this.colon = lang === "fr" ? "\u00a0: " : ": ";
    } catch (error) {
      this.fail(error);
      return;
    }
    this.buildUi();
    this.root.dataset.state = "ready";
    const query = new URLSearchParams(location.search);
    const saved = readJson(SAVE_KEY, null);
    try {
      if (query.has("seed") || query.has("rules")) {
        // A deal's link: deal it again as the first deal of a new match, then drop the query so
        // a reload resumes this match instead of dealing it once more.
        const level = query.get("level") || this.prefs.level || LEVELS[0];
        await this.startMatch({ link: location.search, level });
        history.replaceState(null, "", location.pathname + location.hash);
      } else if (saved && saved.record) {
        const answer = await this.ask({ op: "practice.state", record: saved.record });
        this.counted = Boolean(saved.counted);
        this.accept(answer);
        this.log(this.strings.t("practice.resumed"));
        this.render();
        this.continueComputer();
      } else {
        this.showSetup(true);
      }
    } catch (error) {
      // A saved record the engine no longer accepts (or a bad link): start afresh.
      this.root.dataset.error = error.message;
      this.showSetup(true);
    }
    this.renderStats();
  }

  fail(error) {
    this.root.dataset.state = "failed";
    this.root.dataset.error = String(error && error.message ? error.message : error);
    setChildren(this.root, h("p", { class: "cj-pr-failed", role: "alert", text: earlyStrings().load_failed }));
  }

  async ask(request) {
    return engine().request(request);
  }

  t(key, params) {
    return this.strings.t(key, params);
  }

  name(seat) {
    if (seat === null || seat === undefined) return this.t("practice.no_one");
    if (seat === HUMAN) return this.t("seats.you");
    const players = this.state ? this.state.players : 2;
    return players > 2 ? this.t("practice.computer_n", { n: seat }) : this.t("seats.computer");
  }

  // A sentence about a seat: the second-person wording for the reader, else the catalogue's
  // third-person one with the seat's name.
  sentence(seat, youKey, otherKey, params = {}) {
    if (seat === HUMAN && this.strings.lookup(youKey) !== null) return fill(this.strings, youKey, params);
    return fill(this.strings, otherKey, { ...params, player: this.name(seat) });
  }

  text(node) {
    return typeof node === "string" ? node : node.textContent;
  }

  // ----- the interface ------------------------------------------------------------------------

  buildUi() {
    this.root.setAttribute("aria-label", this.t("practice.table"));
    this.setup = this.buildSetup();
    this.bar = h("div", { class: "cj-pr-bar", "data-role": "bar" });
    this.opponents = h("div", { class: "cj-pr-opponents", "data-role": "opponents" });
    this.center = h("div", { class: "cj-pr-center", "data-role": "center" });
    this.valuesToggle = h("input", {
      type: "checkbox",
      "data-action": "values",
      checked: this.prefs.show_values,
      onchange: () => {
        this.prefs.show_values = this.valuesToggle.checked;
        writeJson(PREFS_KEY, this.prefs);
        this.renderValues();
      },
    });
    this.valuesLine = h("p", { class: "cj-pr-values", "data-role": "values" });
    this.hand = h("div", {
      class: "cj-pr-hand",
      role: "toolbar",
      "aria-label": this.t("practice.your_hand"),
      "aria-describedby": "cj-pr-keys",
      "data-role": "hand",
      onkeydown: (event) => this.onHandKey(event),
    });
    this.handInfo = h("p", { class: "cj-pr-hand-info" });
    this.buttons = {
      hint: h("button", { type: "button", class: "md-button", "data-action": "hint", text: this.t("practice.hint"), onclick: () => this.hint() }),
      undo: h("button", { type: "button", class: "md-button", "data-action": "undo", text: this.t("practice.undo"), onclick: () => this.undo() }),
      newMatch: h("button", { type: "button", class: "md-button", "data-action": "new", text: this.t("practice.new_match"), onclick: () => this.showSetup(true) }),
    };
    this.feedback = h("div", { class: "cj-pr-feedback", role: "status", "data-role": "feedback" });
    this.sheet = h("div", { class: "cj-pr-sheet", "data-role": "sheet", hidden: true });
    this.logList = h("ol", { class: "cj-pr-log", role: "log", "aria-live": "polite", "aria-label": this.t("practice.log"), "data-role": "log" });
    this.stats = h("p", { class: "cj-pr-stats", "data-role": "stats" });
    this.game = h(
      "div",
      { class: "cj-pr-game", hidden: true },
      this.bar,
      this.opponents,
      this.center,
      h("div", { class: "cj-pr-values-box" }, h("label", {}, this.valuesToggle, " ", this.t("practice.show_values")), this.valuesLine),
      h(
        "div",
        { class: "cj-pr-mine" },
        h("p", { class: "cj-pr-heading" }, h("strong", { text: this.t("practice.your_hand") })),
        this.hand,
        this.handInfo,
        h("p", { class: "cj-pr-help", id: "cj-pr-keys", text: this.t("practice.keys_help") }),
      ),
      h("div", { class: "cj-pr-actions" }, this.buttons.hint, this.buttons.undo, this.buttons.newMatch),
      this.feedback,
      this.sheet,
      h("details", { class: "cj-pr-log-box", open: true }, h("summary", { text: this.t("practice.log") }), this.logList),
    );
    setChildren(this.root, this.setup, this.game, this.stats);
  }

  buildSetup() {
    const prefs = this.prefs.setup ?? {};
    const preset = h(
      "select",
      { name: "preset", "data-field": "preset", onchange: () => this.applyPreset() },
      Object.keys(PRESETS).map((name) => h("option", { value: name, text: this.t(`practice.preset_${name}`), selected: name === (prefs.preset ?? "standard") })),
    );
    const toggles = TOGGLES.map((toggle) =>
      h("label", { class: "cj-pr-toggle" }, h("input", { type: "checkbox", name: toggle.name, "data-field": toggle.name }), " ", this.t(toggle.label)),
    );
    const target = h("input", { type: "number", name: "target", min: "1", max: "99", value: String(prefs.target ?? 10), "data-field": "target", required: true });
    const level = h(
      "select",
      { name: "level", "data-field": "level" },
      LEVELS.map((name) => h("option", { value: name, text: this.t(`practice.level_${name}`), selected: name === (this.prefs.level ?? LEVELS[0]) })),
    );
    const form = h(
      "form",
      { class: "cj-pr-setup", "data-role": "setup", onsubmit: (event) => { event.preventDefault(); this.startFromForm(); } },
      h(
        "fieldset",
        {},
        h("legend", { text: this.t("practice.setup") }),
        h("p", {}, h("label", {}, this.t("practice.rules"), " ", preset)),
        h("fieldset", { class: "cj-pr-options" }, h("legend", { text: this.t("practice.options") }), toggles),
        h("p", {}, h("label", {}, this.t("practice.target"), " ", target)),
        h("p", {}, h("label", {}, this.t("practice.level"), " ", level)),
        h("p", {}, h("button", { type: "submit", class: "md-button md-button--primary", "data-action": "start", text: this.t("practice.start") })),
      ),
    );
    this.form = form;
    queueMicrotask(() => this.applyPreset(prefs));
    return form;
  }

  applyPreset(saved = null) {
    const name = this.form.elements.preset.value;
    const rules = { ...PRESETS[name] };
    for (const toggle of TOGGLES) {
      const box = this.form.elements[toggle.name];
      box.checked = saved && saved.preset === name && toggle.name in saved ? saved[toggle.name] : toggle.get(rules);
    }
  }

  showSetup(visible) {
    this.form.hidden = !visible;
    if (visible) this.form.elements.preset.focus();
  }

  async startFromForm() {
    if (this.busy) return;
    const elements = this.form.elements;
    const preset = elements.preset.value;
    const rules = { preset, target: Math.max(1, Math.min(99, Number(elements.target.value) || 10)) };
    const base = { ...PRESETS[preset] };
    const setup = { preset, target: rules.target };
    for (const toggle of TOGGLES) {
      const on = elements[toggle.name].checked;
      setup[toggle.name] = on;
      if (on !== toggle.get(base)) toggle.set(rules, on);
    }
    const level = elements.level.value;
    this.prefs = { ...this.prefs, level, setup };
    writeJson(PREFS_KEY, this.prefs);
    await this.startMatch({ rules, level });
  }

  async startMatch(request) {
    this.busy = true;
    try {
      const answer = await this.ask({ op: "practice.new", ...request });
      this.counted = false;
      setChildren(this.logList);
      this.accept(answer);
    } finally {
      this.busy = false;
    }
    this.form.hidden = true;
    this.focusHand = true;
    this.render();
    this.continueComputer();
  }

  // An answer with a new record and state: save it, and log what happened.
  accept(answer) {
    this.record = answer.record;
    this.state = answer.state;
    for (const event of answer.events ?? []) this.logEvent(event);
    if (this.state.match_over && !this.counted) {
      const stats = readJson(STATS_KEY, { played: 0, won: 0, points: 0 });
      stats.played += 1;
      stats.won += this.state.winner === HUMAN ? 1 : 0;
      stats.points += this.state.scores[HUMAN];
      writeJson(STATS_KEY, stats);
      this.counted = true;
      this.renderStats();
    }
    writeJson(SAVE_KEY, { record: this.record, counted: this.counted });
  }

  // ----- the log ------------------------------------------------------------------------------

  log(content, kind = "info") {
    const item = h("li", { "data-kind": kind }, content);
    this.logList.append(item);
    while (this.logList.children.length > LOG_LIMIT) this.logList.firstElementChild.remove();
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  logEvent(event) {
    const s = this.strings;
    switch (event.kind) {
      case "deal":
        this.log(fill(s, "practice.deal_line", { n: String(event.number), player: this.name(event.dealer), card: cardSpan(s, event.trump_card) }), "deal");
        break;
      case "turned_jack":
        this.log(this.sentence(event.seat, "practice.you.reasons.jack_turned", "reasons.jack_turned", { card: cardSpan(s, event.card) }), "jack");
        break;
      case "play":
        this.log(this.sentence(event.seat, "practice.you.plays", "ui.plays", { card: cardSpan(s, event.card) }), "play");
        break;
      case "trick":
        this.log(this.sentence(event.winner, "practice.you.wins_trick", "ui.wins_trick"), "trick");
        break;
      case "draw":
        if (event.card) this.log(this.sentence(event.seat, "practice.you.draw", "ui.draw", { card: cardSpan(s, event.card) }), "draw");
        else this.log(this.sentence(event.seat, "practice.you.draw", "examples.draw_hidden"), "draw");
        break;
      case "deal_over":
        this.log(h("span", {}, this.t("practice.score_sheet", { n: event.number }), this.colon, this.scoreText(this.state.result.scores_after)), "deal_over");
        break;
      case "match_over":
        this.log(this.sentence(event.winner, "practice.you.wins_match", "ui.match_winner"), "match_over");
        break;
      default:
        break;
    }
  }

  scoreText(scores) {
    return scores.map((score, seat) => `${this.name(seat)} ${score}`).join(" · ");
  }

  valuesText(values) {
    return values.map((value, seat) => `${this.name(seat)} ${value}`).join(" – ");
  }

  // ----- rendering ----------------------------------------------------------------------------

  render() {
    const state = this.state;
    if (!state) return;
    const deal = state.deal;
    const s = this.strings;
    const hadFocus = this.hand.contains(document.activeElement);
    this.game.hidden = false;
    this.root.dataset.phase = this.busy && state.waiting_for === "human" ? "busy" : state.waiting_for;
    this.root.dataset.deal = String(deal.number);
    this.root.dataset.plays = String(deal.plays);
    this.root.dataset.players = String(state.players);

    // Scores, the deal, its seed and link.
    const link = location.pathname + state.link;
    setChildren(
      this.bar,
      h("p", { "data-role": "scores" }, h("strong", { text: this.t("practice.score_line", { target: state.target }) }), this.colon, this.scoreText(state.scores)),
      h("p", {}, fill(s, "practice.deal_line", { n: String(deal.number), player: this.name(deal.dealer), card: cardSpan(s, deal.trump_card) })),
      h(
        "p",
        { class: "cj-pr-seed" },
        h("span", { "data-role": "seed", text: this.t("practice.seed", { seed: deal.seed }) }),
        " · ",
        h("a", { href: link, "data-role": "link", text: this.t("practice.link") }),
      ),
    );

    // The opponents: cards in hand, the ones known from the stock, tricks won.
    setChildren(
      this.opponents,
      Array.from({ length: state.players }, (_, seat) => seat)
        .filter((seat) => seat !== HUMAN)
        .map((seat) =>
          h(
            "div",
            { class: "cj-pr-opponent" + (deal.to_move === seat ? " cj-pr-to-move" : ""), "data-seat": String(seat) },
            h("p", { class: "cj-pr-heading" }, h("strong", { text: this.name(seat) }), seat === deal.dealer ? ` · ${this.t("ui.dealer")}` : "",
              ` · ${this.t("ui.tricks_won")}${this.colon}${deal.tricks_won[seat]}`),
            h("p", { "data-role": "count" }, this.t("practice.cards_in_hand", { n: deal.hand_sizes[seat] }), " ",
              h("span", { class: "cj-pr-backs", "aria-hidden": "true" }, Array.from({ length: deal.hand_sizes[seat] - deal.known[seat].length }, () => hiddenCard(s)), deal.known[seat].map((code) => cardSpan(s, code)))),
            h("p", { "data-role": "known" }, `${this.t("practice.known_cards")}${this.colon}`, deal.known[seat].length ? deal.known[seat].map((code) => [cardSpan(s, code), " "]) : this.t("practice.none")),
          ),
        ),
    );

    // Trump, the stock, the current trick and the last trick with its draws.
    const trump = deal.trump;
    const last = deal.last_trick;
    setChildren(
      this.center,
      h("p", { class: "cj-pr-facts" }, `${this.t("ui.trump")}${this.colon}`, h("strong", { "data-role": "trump", text: `${this.t(`suits.${trump}.symbol`)} ${s.suitName(trump)}` }), " · ",
        h("span", { "data-role": "stock" }, `${this.t("ui.stock_top")}${this.colon}`,
          deal.stock_top ? cardSpan(s, deal.stock_top) : deal.stock_count ? hiddenCard(s) : "—", " · ",
          deal.stock_count ? this.t("ui.cards_left", { n: deal.stock_count }) : this.t("ui.stock_empty"))),
      h("p", { class: "cj-pr-trick", "data-role": "trick" }, h("strong", { text: this.t("ui.current_trick") }), this.colon,
        deal.trick.length ? deal.trick.map((play, i) => [i ? " · " : "", `${this.name(play.seat)} `, cardSpan(s, play.card)]) : "—"),
      last
        ? h("div", { class: "cj-pr-last", "data-role": "last-trick" },
            h("p", {}, h("strong", { text: this.t("practice.last_trick") }), ` (${this.t("ui.trick", { n: last.number })})${this.colon}`,
              last.cards.map((play, i) => [i ? " · " : "", `${this.name(play.seat)} `, cardSpan(s, play.card)]), " — ",
              this.sentence(last.winner, "practice.you.wins_trick", "ui.wins_trick")),
            last.draws.length
              ? h("p", { "data-role": "draws" }, `${this.t("ui.draws")}${this.colon}`, last.draws.map((draw, i) => [i ? " · " : "",
                  draw.card ? this.sentence(draw.seat, "practice.you.draw", "ui.draw", { card: cardSpan(s, draw.card) }) : this.sentence(draw.seat, "practice.you.draw", "examples.draw_hidden")]))
              : null)
        : null,
    );

    this.renderValues();
    this.renderHand(hadFocus);
    this.buttons.hint.disabled = state.waiting_for !== "human";
    this.buttons.undo.disabled = !state.can_undo;
    this.renderSheet();
  }

  renderValues() {
    if (!this.state) return;
    const show = this.valuesToggle.checked;
    this.valuesLine.hidden = !show;
    this.valuesLine.textContent = show ? `${this.t("practice.values")}${this.colon}${this.valuesText(this.state.deal.values)}` : "";
  }

  renderHand(hadFocus) {
    const s = this.strings;
    const deal = this.state.deal;
    const legal = new Set(deal.legal);
    const myTurn = this.state.waiting_for === "human";
    const previous = this.hand.querySelector("[tabindex='0']");
    let index = previous ? [...this.hand.children].indexOf(previous) : 0;
    const cards = deal.hand.map((code) => {
      const playable = myTurn && legal.has(code);
      return h("button", {
        type: "button",
        class: `cj-card cj-${code[1].toLowerCase()} cj-pr-card` + (playable ? " cj-pr-card--legal" : ""),
        "data-card": code,
        "data-legal": String(playable),
        "aria-disabled": playable ? null : "true",
        // The visible text first (for speech control), then the full name and whether it may be played.
        "aria-label": `${s.cardShort(code)} ${s.cardName(code)}, ${this.t(playable ? "practice.playable" : "practice.not_playable")}`,
        tabindex: "-1",
        onclick: () => this.play(code),
      }, playable ? h("span", { class: "cj-pr-mark", "aria-hidden": "true", text: "▲" }) : null, s.cardShort(code));
    });
    setChildren(this.hand, cards);
    if (cards.length) {
      if (this.focusHand || !previous) {
        // A new turn: start on the first playable card.
        const first = cards.findIndex((card) => card.dataset.legal === "true");
        if (this.focusHand && first >= 0) index = first;
      }
      index = Math.max(0, Math.min(index, cards.length - 1));
      cards[index].tabIndex = 0;
      // Keep the keyboard in the hand while the computer replies, and bring it back for a new turn.
      if (hadFocus || this.focusHand) cards[index].focus();
    }
    if (myTurn) this.focusHand = false;
    setChildren(this.handInfo, `${this.t("ui.tricks_won")}${this.colon}${deal.tricks_won[HUMAN]}`, deal.dealer === HUMAN ? ` · ${this.t("ui.dealer")}` : "",
      myTurn ? h("strong", { class: "cj-pr-turn", text: ` · ${this.t("practice.your_turn")}` }) : "");
  }

  onHandKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const cards = [...this.hand.querySelectorAll("button")];
    if (!cards.length) return;
    const current = Math.max(0, cards.indexOf(document.activeElement));
    const moves = { ArrowLeft: current - 1, ArrowUp: current - 1, ArrowRight: current + 1, ArrowDown: current + 1, Home: 0, End: cards.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + cards.length) % cards.length;
    cards.forEach((card, i) => (card.tabIndex = i === next ? 0 : -1));
    cards[next].focus();
  }

  renderSheet() {
    const state = this.state;
    const result = state.result;
    if (!result) {
      this.sheet.hidden = true;
      setChildren(this.sheet);
      return;
    }
    const s = this.strings;
    const names = this.valuesText(result.game_values ?? []);
    const rows = result.reasons.map((reason) => {
      const variant = reason.key.replace(/^reasons\./, "");
      const params = {
        card: reason.card ? cardSpan(s, reason.card) : "",
        trick: String(reason.trick ?? ""),
        values: names,
      };
      const why = this.sentence(reason.seat, `practice.you.reasons.${variant}`, reason.key, params);
      return h("tr", { "data-point": reason.point, "data-seat": reason.seat === null ? "" : String(reason.seat) },
        h("th", { scope: "row", text: this.t(`points.${reason.point}`) }),
        h("td", { text: this.name(reason.seat) }),
        h("td", {}, why));
    });
    const children = [
      h("table", { class: "cj-pr-points", "data-role": "points" },
        h("caption", { text: this.t("practice.score_sheet", { n: state.deal.number }) }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: this.t("ui.points") }), h("th", { scope: "col", text: this.t("practice.who") }), h("th", { scope: "col", text: this.t("practice.why") }))),
        h("tbody", {}, rows)),
      result.game_values ? h("p", { "data-role": "game-values" }, `${this.t("ui.card_values")}${this.colon}${names}`) : null,
      h("p", { "data-role": "deal-score" }, `${this.t("ui.score")}${this.colon}${this.scoreText(result.scores_before)} → `, h("strong", { text: this.scoreText(result.scores_after) })),
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
              first ? h("strong", { text: ` — ${this.t("practice.reaches")}` }) : "");
          }))),
      );
    }
    if (state.match_over) {
      children.push(h("p", { class: "cj-pr-winner", "data-role": "winner", "data-seat": String(state.winner) },
        h("strong", {}, this.sentence(state.winner, "practice.you.wins_match", "ui.match_winner")), " ", this.t("practice.match_over")));
      children.push(h("p", {}, h("button", { type: "button", class: "md-button md-button--primary", "data-action": "new", text: this.t("practice.new_match"), onclick: () => this.showSetup(true) })));
    } else {
      children.push(h("p", {}, h("button", { type: "button", class: "md-button md-button--primary", "data-action": "next", text: this.t("practice.next_deal"), onclick: () => this.nextDeal() })));
    }
    setChildren(this.sheet, children);
    const wasHidden = this.sheet.hidden;
    this.sheet.hidden = false;
    if (wasHidden) this.sheet.querySelector("button")?.focus();
  }

  renderStats() {
    const stats = readJson(STATS_KEY, { played: 0, won: 0, points: 0 });
    setChildren(this.stats, h("strong", { text: `${this.t("practice.stats")}${this.colon}` }), this.t("practice.stats_line", stats));
  }

  // ----- actions ------------------------------------------------------------------------------

  async play(code) {
    if (this.busy || !this.state || this.state.waiting_for !== "human") return;
    const s = this.strings;
    this.busy = true;
    this.root.dataset.phase = "busy";
    let answer;
    try {
      answer = await this.ask({ op: "practice.play", record: this.record, card: code });
    } catch (error) {
      this.busy = false;
      setChildren(this.feedback, h("p", { text: this.t("ui.engine_error", { message: error.message }) }));
      return;
    }
    this.busy = false;
    if (!answer.legal) {
      this.root.dataset.phase = this.state.waiting_for;
      this.feedback.dataset.kind = "refusal";
      setChildren(this.feedback, h("p", { "data-role": "refusal", "data-card": code },
        h("span", { class: "cj-pr-verdict", "aria-hidden": "true", text: "✗ " }), `${this.t("practice.refused")} `, cardSpan(s, code), " — ", explainRefusal(s, answer.refusal)));
      return;
    }
    setChildren(this.feedback);
    delete this.feedback.dataset.kind;
    this.focusHand = this.hand.contains(document.activeElement);
    this.accept(answer);
    this.render();
    await this.continueComputer();
  }

  // The computer's cards, one request each, until it is the reader's turn or the deal ends.
  async continueComputer() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.state.waiting_for === "computer") {
        const seat = this.state.deal.to_move;
        this.root.dataset.phase = "computer";
        setChildren(this.feedback, h("p", { class: "cj-pr-thinking", text: this.t("practice.thinking", { player: this.name(seat) }) }));
        const started = performance.now();
        const answer = await this.ask({ op: "practice.bot", record: this.record });
        // For scripts/bench_practice.py: the computer's reply latency as the page sees it.
        performance.measure("cj-practice-reply", { start: started, end: performance.now() });
        this.accept(answer);
        this.render();
      }
      setChildren(this.feedback);
    } catch (error) {
      setChildren(this.feedback, h("p", { text: this.t("ui.engine_error", { message: error.message }) }));
    } finally {
      this.busy = false;
    }
    this.render();
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
      for (const card of this.hand.querySelectorAll("button")) card.classList.toggle("cj-pr-card--hint", card.dataset.card === answer.card);
    } catch (error) {
      setChildren(this.feedback, h("p", { text: this.t("ui.engine_error", { message: error.message }) }));
    } finally {
      this.busy = false;
    }
  }

  async undo() {
    if (this.busy || !this.state?.can_undo) return;
    const s = this.strings;
    this.busy = true;
    try {
      const answer = await this.ask({ op: "practice.undo", record: this.record });
      this.accept(answer);
      this.log(fill(s, "practice.undone", { cards: h("span", {}, answer.undone.map((code, i) => [i ? " " : "", cardSpan(s, code)])) }), "undo");
      setChildren(this.feedback);
    } catch (error) {
      setChildren(this.feedback, h("p", { text: this.t("ui.engine_error", { message: error.message }) }));
    } finally {
      this.busy = false;
    }
    this.focusHand = true;
    this.render();
    this.continueComputer();
  }

  async nextDeal() {
    if (this.busy || this.state?.waiting_for !== "next_deal") return;
    this.busy = true;
    try {
      this.accept(await this.ask({ op: "practice.next", record: this.record }));
    } finally {
      this.busy = false;
    }
    this.focusHand = true;
    this.render();
    await this.continueComputer();
  }
}

function main() {
  const root = document.querySelector(".cj-practice");
  if (!root) return;
  const practice = new Practice(root);
  practice.start();
}

// As for the stepper: start the worker (Pyodide's boot is most of the wait) and the stylesheet
// at once, and build the table when the page's content is there.
engine();
loadStylesheet("practice.css");
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main, { once: true });
else main();
