// The card table: draws a trick-taking table from one plain state object, and moves the cards
// between two states. It knows nothing about matches, saving or the engine: the practice page
// (practice.js) drives it, and the puzzles page can drive it the same way.
//
//   const table = new CardTable(element, { strings, onCard });
//   await table.show(view, { speed });      // draw `view`, moving cards from where they were
//   await table.hold(ms);                   // keep a finished trick in view; a click ends it early
//
// `view` (every field plain JSON):
//   { players, you,                                  // seat numbers 0..players-1
//     seats: [{ seat, name, phrase, dealer, tricks, handCount, known: [codes], open: [codes] | null }],
//       (name: the seat's label; phrase: how a sentence names another seat, "the computer")
//     toMove, myTurn,                                  // whose turn, and whether the reader may play
//     hand: [{ code, legal }], hint: code | null,      // the reader's hand, in display order
//     coach: boolean (optional),                       // the Coach marks the playable cards
//     trick: [{ seat, card }], trickWinner: seat | null,  // a finished trick still in view
//     stock: { count, top: code | null, outOfPlay }, trump: "S", trumpCard: code,
//     lastTrick: { number, cards: [{ seat, card }], winner, draws: [{ seat, card | null }] } | null }
//
// Cards come from the sprite drawn by scripts/make_card_faces.py. Every card carries its name
// from the catalogue ("ten of hearts" in the page's language); suits are told by their shape.
// The moves are FLIP animations (measure, redraw, play the difference as a transform) run by the
// compositor through the Web Animations API, so the main thread stays free while cards move.
// With prefers-reduced-motion, or the speed "none", cards jump without moving.

/**
 * @typedef {import("./engine-client.js").Strings} Strings
 * @typedef {import("./engine-client.js").CardCode} CardCode
 * @typedef {import("./engine-client.js").SeatCard} SeatCard
 * @typedef {import("./engine-client.js").Draw} Draw
 */
/**
 * One seat at the table.
 * @typedef {object} TableSeat
 * @property {number} seat
 * @property {string} name            the seat's label ("Computer 2")
 * @property {string | null} phrase   how a sentence names another seat ("the computer"); null for the reader
 * @property {boolean} dealer
 * @property {number} tricks          tricks won
 * @property {number} handCount
 * @property {CardCode[]} known       cards of that hand the reader has seen
 * @property {CardCode[] | null} open a hand shown face up (puzzles), or null
 */
/**
 * The last trick, looked at again on demand.
 * @typedef {{ number: number, cards: SeatCard[], winner: number | null, draws: Draw[] }} TableTrick
 */
/**
 * Everything the table draws: plain JSON (see the top of this file).
 * @typedef {object} TableView
 * @property {number} players
 * @property {number} you
 * @property {TableSeat[]} seats
 * @property {number | null} toMove
 * @property {boolean} myTurn
 * @property {{ code: CardCode, legal: boolean }[]} hand
 * @property {CardCode | null} hint
 * @property {boolean} [coach]     the Coach is on: the playable cards outlined and described
 * @property {SeatCard[]} trick
 * @property {number | null} trickWinner
 * @property {{ count: number, top: CardCode | null, outOfPlay?: boolean }} stock
 * @property {string} trump
 * @property {CardCode} trumpCard
 * @property {boolean} [trumpNew] a new deal's trump, until its first trick is complete: marked
 * @property {TableTrick | null} lastTrick
 */
/** @typedef {keyof typeof SPEEDS} Speed */
/**
 * Where the cards were before a redraw (CardTable.measure).
 * @typedef {object} Layout
 * @property {Map<string, { rect: DOMRect, node: HTMLElement }>} cards
 * @property {DOMRect} stock
 * @property {Map<number, DOMRect>} seats
 * @property {{ rect: DOMRect, node: HTMLElement }[]} trickCards
 */

const HERE = new URL(import.meta.url);
// The one element builder, shared with every page (same ?v=: the same module instance).
/** @type {typeof import("./engine-client.js")} */
const { capitalise, h, setChildren } = await import(new URL("engine-client.js" + HERE.search, HERE).href);
const SPRITE = new URL("../cards/cards.svg" + HERE.search, HERE).href;
const SVG = "http://www.w3.org/2000/svg";
// Tables on the page, so each one's element ids are its own.
let tables = 0;

// Per speed: how long a card takes to move, and how long a finished trick stays in view.
export const SPEEDS = {
  slow: { move: 650, hold: 1800 },
  normal: { move: 320, hold: 1000 },
  fast: { move: 160, hold: 450 },
  none: { move: 0, hold: 0 },
};
export const SPEED_NAMES = /** @type {Speed[]} */ (Object.keys(SPEEDS));

// A button that shows and hides `panel` (aria-expanded), for small pop-overs on the table:
// Material styles every <details> in the page as a call-out, so none is used here. A pop-over
// never stays in the way: a click elsewhere or Escape closes it (Escape returns to its button).
/**
 * @param {string} label
 * @param {HTMLElement} panel
 * @param {{ className?: string, onToggle?: (open: boolean) => void, popover?: boolean }} [options]
 */
export function disclosure(label, panel, { className = "", onToggle = () => {}, popover = false } = {}) {
  panel.id ||= `cj-panel-${++disclosure.count}`;
  panel.hidden = true;
  const button = h("button", { type: "button", class: className, "aria-expanded": "false", "aria-controls": panel.id, text: label });
  /** @param {boolean} open */
  const set = (open) => {
    if (panel.hidden === !open) return;
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    onToggle(open);
  };
  button.addEventListener("click", () => set(Boolean(panel.hidden)));
  if (popover) {
    document.addEventListener("pointerdown", (event) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!panel.hidden && !panel.contains(target) && !button.contains(target)) set(false);
    });
    /** @param {KeyboardEvent} event */
    const escape = (event) => {
      if (event.key === "Escape" && !panel.hidden) {
        set(false);
        button.focus();
      }
    };
    panel.addEventListener("keydown", escape);
    button.addEventListener("keydown", escape);
  }
  return button;
}
disclosure.count = 0;

// The picture of one card (or of a back): decorative, the element around it carries the name.
/** @param {CardCode | null} code */
export function cardPicture(code) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("cj-face");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${SPRITE}#c-${code ?? "back"}`);
  svg.append(use);
  return svg;
}

// A card that is only looked at: an image with its full name.
/**
 * @param {Strings} strings
 * @param {CardCode} code
 * @param {import("./engine-client.js").Attributes} [extra]
 */
export function cardImage(strings, code, extra = {}) {
  return h(
    "span",
    { class: `cj-tc cj-tc--${code[1].toLowerCase()}`, role: "img", "aria-label": strings.cardName(code), "data-card": code, "data-key": code, ...extra },
    cardPicture(code),
  );
}

/** @param {string} key */
function backImage(key) {
  return h("span", { class: "cj-tc cj-tc--back", "data-key": key, "aria-hidden": "true" }, cardPicture(null));
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class CardTable {
  /**
   * @param {HTMLElement} root
   * @param {{ strings: Strings, onCard?: (code: CardCode) => void }} options  the strings carry the language
   */
  constructor(root, { strings, onCard = () => {} }) {
    this.root = root;
    this.strings = strings;
    this.onCard = onCard;
    /** @type {TableView | null} */
    this.view = null;
    /** @type {Record<string, string>} the content each part was last drawn from (redraw) */
    this.drawn = {};
    // A label's colon as the language spaces it (French: a narrow no-break space before it).
    this.colon = this.t("ui.label_colon");
    root.classList.add("cj-tb");
    this.opponents = h("div", { class: "cj-tb-opponents", "data-role": "opponents" });
    this.stock = h("div", { class: "cj-tb-stock", "data-role": "stock" });
    this.trick = h("div", { class: "cj-tb-trick", "data-role": "trick", role: "group", "aria-label": this.t("ui.current_trick") });
    this.side = h("div", { class: "cj-tb-side" });
    // The last trick, looked at again on demand: a button and its panel.
    this.lastPanel = h("div", { class: "cj-tb-last-panel", "data-role": "last-trick" });
    this.lastButton = disclosure(this.t("practice.last_trick"), this.lastPanel, { className: "cj-tb-last-button", popover: true, onToggle: (open) => this.root.classList.toggle("cj-tb--last-open", open) });
    this.lastButton.dataset.action = "last-trick";
    this.lastBox = h("div", { class: "cj-tb-last" }, this.lastButton, this.lastPanel);
    this.hand = h("div", {
      class: "cj-tb-hand",
      role: "toolbar",
      "aria-label": this.t("practice.your_hand"),
      "data-role": "hand",
      onkeydown: (event) => this.onHandKey(event),
    });
    this.mine = h("div", { class: "cj-tb-mine" });
    this.handLine = h("p", { class: "cj-tb-name cj-tb-name--you" });
    // The Coach's word on the outlined cards: shown under the hand, and each of them is
    // described by it (the outline is not the only sign).
    this.coachNote = h("p", { class: "cj-tb-coach-note", id: `cj-tb-coach-${++tables}`, "data-role": "coach-legal", hidden: true, text: this.t("practice.coach.legal") });
    this.mine.append(this.handLine, this.hand, this.coachNote);
    root.replaceChildren(
      this.opponents,
      h("div", { class: "cj-tb-middle" }, this.stock, this.trick, this.side),
      this.mine,
    );
    /** @type {(() => void) | null} */
    this.holding = null;
  }

  /**
   * @param {string} key
   * @param {import("./engine-client.js").TextParams} [params]
   */
  t(key, params) {
    return this.strings.t(key, params);
  }

  // ----- drawing ------------------------------------------------------------------------------

  // Draw `view`; the cards that moved slide from where they were. Resolves when they are in place.
  /**
   * @param {TableView} view
   * @param {{ speed?: Speed }} [options]
   */
  async show(view, { speed = "normal" } = {}) {
    const duration = reducedMotion() ? 0 : (SPEEDS[speed] ?? SPEEDS.normal).move;
    const before = duration && this.view ? this.measure() : null;
    const previous = this.view;
    const handHadFocus = this.hand.contains(document.activeElement);
    this.view = view;
    this.root.dataset.players = String(view.players);
    // Only the parts whose content changed are drawn again: fewer nodes swapped, less layout
    // and style work on the main thread while cards move.
    const me = view.seats.find((info) => info.seat === view.you);
    const turnOf = view.trickWinner === null || view.trickWinner === undefined ? view.toMove : null;
    this.redraw("opponents", [view.seats.filter((info) => info !== me), turnOf], () => this.drawOpponents(view));
    this.redraw("middle", [view.stock, view.trick, view.trickWinner, view.trump, view.trumpNew, view.lastTrick, view.seats.map((info) => info.name)], () => this.drawMiddle(view));
    this.redraw("hand", [view.hand, view.myTurn, view.hint, view.coach, me, turnOf], () => this.drawHand(view, handHadFocus));
    if (before) await this.animate(before, previous, view, duration);
  }

  /**
   * @param {string} part
   * @param {unknown} content
   * @param {() => void} draw
   */
  redraw(part, content, draw) {
    const signature = JSON.stringify(content);
    if (this.drawn[part] === signature) return;
    this.drawn[part] = signature;
    draw();
  }

  /**
   * @param {TableView} view
   * @param {number | null} seat
   */
  seatName(view, seat) {
    return view.seats.find((s) => s.seat === seat)?.name ?? "";
  }

  /**
   * @param {TableView} view
   * @param {number | null} seat
   */
  seatPhrase(view, seat) {
    const info = view.seats.find((s) => s.seat === seat);
    return info?.phrase ?? info?.name ?? "";
  }

  // A sentence about a seat: `<key>_you` for the reader, else `<key>_other` naming the seat.
  /**
   * @param {TableView} view
   * @param {number | null} seat
   * @param {string} key
   * @param {import("./engine-client.js").TextParams} [params]
   */
  said(view, seat, key, params = {}) {
    if (seat === view.you) return this.t(`${key}_you`, params);
    return this.t(`${key}_other`, { ...params, player: this.seatPhrase(view, seat) });
  }

  // A seat's name line: name, dealer, tricks won, and a turn marker that is not colour alone.
  /**
   * @param {TableView} view
   * @param {TableSeat} info
   * @param {string | null} [extra]
   */
  nameLine(view, info, extra = null) {
    const turn = view.toMove === info.seat && (view.trickWinner === null || view.trickWinner === undefined);
    return [
      turn ? h("span", { class: "cj-tb-turn", "aria-hidden": "true", text: "▶ " }) : null,
      h("strong", { text: info.name }),
      info.dealer ? ` · ${this.t("ui.dealer")}` : "",
      extra ? ` · ${extra}` : "",
      ` · ${this.strings.count("practice.tricks", info.tricks)}`,
      turn ? h("span", { class: "cj-tb-turn-text", text: ` · ${info.seat === view.you ? this.t("practice.your_turn_short") : this.t("ui.to_play")}` }) : null,
    ];
  }

  /** @param {TableView} view */
  drawOpponents(view) {
    const seats = view.seats.filter((info) => info.seat !== view.you);
    setChildren(this.opponents,
      seats.map((info) => {
        const turn = view.toMove === info.seat && (view.trickWinner === null || view.trickWinner === undefined);
        const known = info.open ?? info.known ?? [];
        const hidden = Math.max(0, info.handCount - known.length);
        const fan = h(
          "div",
          { class: "cj-tb-fan cj-tb-fan--small", "data-role": "count", "data-count": String(info.handCount) },
          Array.from({ length: hidden }, (_, i) => backImage(`back-${info.seat}-${i}`)),
          known.map((code) => cardImage(this.strings, code, { class: `cj-tc cj-tc--${code[1].toLowerCase()} cj-tc--known` })),
        );
        // The known cards lie face up in the fan, each with its name: no sentence needed.
        return h(
          "section",
          {
            class: "cj-tb-seat" + (turn ? " cj-tb-seat--turn" : ""),
            "data-seat": String(info.seat),
            "aria-label": info.name,
          },
          h("p", { class: "cj-tb-name" }, this.nameLine(view, info, this.strings.count("practice.hand_cards", info.handCount))),
          fan,
        );
      }),
    );
  }

  /** @param {TableView} view */
  drawMiddle(view) {
    const s = this.strings;
    // The stock: a pile with its face-up top card (or a back when it is hidden) and its count.
    const stock = view.stock;
    const pile = stock.count
      ? h(
          "div",
          { class: "cj-tb-pile", "data-count": String(stock.count) },
          stock.count > 1 ? backImage("stock-under") : null,
          stock.top ? cardImage(s, stock.top, { class: `cj-tc cj-tc--${stock.top[1].toLowerCase()} cj-tb-pile-top` }) : backImage("stock-top"),
        )
      : h("div", { class: "cj-tb-pile cj-tb-pile--empty" });
    // Three players: the card left after the last draw is never drawn and is out of play
    // (RULES.md §3, §6.16), so it is not called a stock with a card left.
    this.stock.dataset.outOfPlay = String(Boolean(stock.outOfPlay));
    setChildren(this.stock,
      h("p", { class: "cj-tb-label", text: this.t(stock.outOfPlay ? "practice.out_of_play" : "ui.stock") }),
      pile,
      h("p", {
        class: "cj-tb-label",
        "data-role": "stock-count",
        text: stock.outOfPlay ? this.t("practice.out_of_play_note") : stock.count ? capitalise(this.strings.count("ui.cards_left", stock.count)) : this.t("ui.stock_empty"),
      }),
    );

    // The trick: one place per seat, in playing order, each labelled with the seat's name.
    const winner = view.trickWinner;
    this.trick.dataset.winner = winner === null || winner === undefined ? "" : String(winner);
    setChildren(this.trick,
      h("p", { class: "cj-tb-label", text: this.t("ui.current_trick") }),
      h(
        "div",
        { class: "cj-tb-trick-cards" },
        view.trick.length
          ? view.trick.map((play) =>
              h(
                "figure",
                { class: "cj-tb-play" + (play.seat === winner ? " cj-tb-play--winner" : ""), "data-seat": String(play.seat) },
                cardImage(s, play.card),
                h("figcaption", { text: this.seatName(view, play.seat) + (play.seat === winner ? ` ✓` : "") }),
              ),
            )
          : h("p", { class: "cj-tb-empty", text: "—" }),
      ),
      winner === null || winner === undefined
        ? null
        : h("p", { class: "cj-tb-label cj-tb-trick-winner", "data-role": "trick-winner", text: this.winsTrick(view, winner) }),
    );

    // The trump and the last trick.
    const trump = view.trump;
    setChildren(this.side,
      h("p", { class: "cj-tb-label", text: this.t("ui.trump") }),
      h("p", { class: "cj-tb-trump", "data-role": "trump", "data-new": view.trumpNew ? "" : undefined },
        h("span", { class: `cj-tb-suit cj-tb-suit--${trump.toLowerCase()}`, "aria-hidden": "true", text: this.t(`suits.${trump}.symbol`) }),
        " ",
        s.suitName(trump),
        view.trumpNew ? h("span", { class: "cj-tb-trump-new", "data-role": "trump-new", text: ` (${this.t("ui.trump_new_deal")})` }) : null),
      this.lastBox,
    );
    this.drawLastTrick(view);
  }

  /**
   * @param {TableView} view
   * @param {number | null} seat
   */
  winsTrick(view, seat) {
    return this.said(view, seat, "ui.wins_trick");
  }

  /** @param {TableView} view */
  drawLastTrick(view) {
    const last = view.lastTrick;
    this.lastBox.hidden = !last;
    if (!last) {
      setChildren(this.lastPanel);
      this.lastPanel.hidden = true;
      this.lastButton.setAttribute("aria-expanded", "false");
      this.root.classList.remove("cj-tb--last-open");
      return;
    }
    const s = this.strings;
    this.lastButton.textContent = this.t("practice.last_trick_numbered", { n: last.number });
    setChildren(
      this.lastPanel,
      h(
        "div",
        { class: "cj-tb-last-cards" },
        last.cards.map((play) =>
          h("figure", { class: "cj-tb-play cj-tb-play--small" + (play.seat === last.winner ? " cj-tb-play--winner" : "") },
            cardImage(s, play.card, { "data-key": null }),
            h("figcaption", { text: this.seatName(view, play.seat) + (play.seat === last.winner ? " ✓" : "") })),
        ),
      ),
      h("p", { text: this.winsTrick(view, last.winner) }),
      last.draws.length
        ? h("p", { "data-role": "draws" }, `${this.t("ui.draws")}${this.colon}`,
            last.draws.map((draw, i) => [
              i ? " · " : "",
              draw.card
                ? this.said(view, draw.seat, "ui.draw", { card: s.cardShort(draw.card) })
                : this.t("ui.draw_hidden", { player: this.seatPhrase(view, draw.seat) }),
            ]))
        : null,
    );
  }

  /**
   * @param {TableView} view
   * @param {boolean} hadFocus
   */
  drawHand(view, hadFocus) {
    const s = this.strings;
    const me = /** @type {TableSeat} */ (view.seats.find((info) => info.seat === view.you));
    setChildren(this.handLine, this.nameLine(view, me));
    this.mine.classList.toggle("cj-tb-seat--turn", Boolean(view.myTurn));
    this.mine.dataset.seat = String(view.you);
    const previous = /** @type {HTMLElement | null} */ (this.hand.querySelector("[tabindex='0']"))?.dataset.card;
    // The buttons are kept from one drawing to the next (keyed by card), so the card with the
    // keyboard focus keeps it while the computer plays, and nothing is rebuilt for nothing.
    const existing = new Map(this.handCards().map((node) => [node.dataset.card, node]));
    const coached = Boolean(view.coach && view.myTurn);
    this.coachNote.hidden = !coached;
    const cards = view.hand.map(({ code, legal }) => {
      const playable = Boolean(view.myTurn && legal);
      const button =
        existing.get(code) ??
        h("button", { type: "button", "data-card": code, "data-key": code, tabindex: "-1", onclick: () => this.onCard(code) },
          cardPicture(code), h("span", { class: "cj-tb-mark", "aria-hidden": "true" }));
      /**
       * @param {string} name
       * @param {string | null} value
       */
      const set = (name, value) => {
        if (value === null) button.removeAttribute(name);
        else if (button.getAttribute(name) !== value) button.setAttribute(name, value);
      };
      set("class", `cj-tc cj-tc--${code[1].toLowerCase()} cj-tb-card` + (playable ? " cj-tb-card--legal" : "") + (playable && coached ? " cj-tb-card--coach" : "") + (view.hint === code ? " cj-tb-card--hint" : ""));
      set("data-legal", String(playable));
      set("data-coach", playable && coached ? "true" : null);
      set("aria-describedby", playable && coached ? this.coachNote.id : null);
      set("aria-disabled", playable ? null : "true");
      set("aria-label", `${s.cardName(code)}, ${this.t(playable ? "practice.playable" : "practice.not_playable")}`);
      const mark = playable ? "▲" : "";
      const markSpan = /** @type {HTMLElement} */ (button.lastChild);
      if (markSpan.textContent !== mark) markSpan.textContent = mark;
      return button;
    });
    const keep = new Set(cards);
    for (const node of this.handCards()) if (!keep.has(node)) node.remove();
    cards.forEach((card, i) => {
      if (this.hand.children[i] !== card) this.hand.insertBefore(card, this.hand.children[i] ?? null);
    });
    if (!cards.length) return;
    let index = cards.findIndex((card) => card.dataset.card === previous);
    if (index < 0 || (view.myTurn && cards[index].dataset.legal !== "true")) {
      const firstLegal = cards.findIndex((card) => card.dataset.legal === "true");
      index = firstLegal >= 0 ? firstLegal : Math.max(0, index);
    }
    cards.forEach((card, i) => {
      const stop = i === index ? 0 : -1;
      if (card.tabIndex !== stop) card.tabIndex = stop; // unchanged attributes are not written again
    });
    if (hadFocus && document.activeElement !== cards[index]) cards[index].focus({ preventScroll: true });
  }

  // The buttons of the reader's hand (drawHand makes every child of the hand one).
  handCards() {
    return /** @type {HTMLButtonElement[]} */ ([...this.hand.children]);
  }

  // Forget what is on the table: the next show() draws everything and moves nothing.
  reset() {
    this.view = null;
    this.drawn = {};
  }

  // Put the keyboard on the hand (the playable card it would start on).
  focusHand() {
    const card = /** @type {HTMLElement | null} */ (this.hand.querySelector("[tabindex='0']"));
    if (!card) return;
    // No jump of the whole page: scroll only as far as needed to show the card.
    card.focus({ preventScroll: true });
    const rect = card.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) card.scrollIntoView({ block: "nearest" });
  }

  /** @param {KeyboardEvent} event */
  onHandKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const cards = [...this.hand.querySelectorAll("button")];
    if (!cards.length) return;
    const current = Math.max(0, cards.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement)));
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: current - 1, ArrowUp: current - 1, ArrowRight: current + 1, ArrowDown: current + 1, Home: 0, End: cards.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + cards.length) % cards.length;
    cards.forEach((card, i) => (card.tabIndex = i === next ? 0 : -1));
    cards[next].focus();
  }

  // ----- holding a finished trick in view -----------------------------------------------------

  // Wait `ms`, or less if the reader clicks the table or presses a key: the finished trick
  // stays in view that long before it goes to its winner.
  /**
   * @param {number} ms
   * @returns {Promise<void>}
   */
  hold(ms) {
    if (!ms) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.root.removeEventListener("pointerdown", done);
        document.removeEventListener("keydown", done, true);
        this.holding = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.root.addEventListener("pointerdown", done);
      document.addEventListener("keydown", done, true);
      this.holding = done;
    });
  }

  // ----- motion -------------------------------------------------------------------------------

  /** @returns {Layout} */
  measure() {
    const rects = new Map();
    for (const node of this.root.querySelectorAll("[data-key]")) {
      if (node instanceof HTMLElement) rects.set(node.dataset.key, { rect: node.getBoundingClientRect(), node });
    }
    return {
      cards: rects,
      stock: this.stock.querySelector(".cj-tb-pile")?.getBoundingClientRect() ?? this.stock.getBoundingClientRect(),
      seats: new Map([...this.root.querySelectorAll("[data-seat]")].filter((n) => n instanceof HTMLElement && !n.classList.contains("cj-tb-play")).map((n) => [Number(/** @type {HTMLElement} */ (n).dataset.seat), n.getBoundingClientRect()])),
      trickCards: [...this.trick.querySelectorAll(".cj-tc")].map((node) => ({ rect: node.getBoundingClientRect(), node: /** @type {HTMLElement} */ (node) })),
    };
  }

  /** @param {number} seat */
  seatRect(seat) {
    const node = seat === this.view?.you ? this.hand : this.opponents.querySelector(`[data-seat="${seat}"] .cj-tb-fan`);
    return node?.getBoundingClientRect() ?? null;
  }

  /**
   * @param {Layout} before
   * @param {TableView | null} previous
   * @param {TableView} view
   * @param {number} duration
   */
  async animate(before, previous, view, duration) {
    /** @type {Promise<unknown>[]} */
    const moves = [];
    /**
     * @param {Element} node
     * @param {DOMRect | undefined} from
     */
    const slide = (node, from, delay = 0) => {
      const to = node.getBoundingClientRect();
      if (!to.width || !from) return;
      const dx = from.left + from.width / 2 - (to.left + to.width / 2);
      const dy = from.top + from.height / 2 - (to.top + to.height / 2);
      const scale = from.width && to.width ? from.width / to.width : 1;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.01) return;
      moves.push(
        node.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }], {
          duration,
          delay,
          easing: "cubic-bezier(.2,.7,.3,1)",
          fill: "backwards",
        }).finished,
      );
    };
    const wasInTrick = new Set((previous?.trick ?? []).map((play) => play.card));
    // Cards now in the trick: from the reader's hand (where the card was), or from the seat.
    for (const play of view.trick) {
      if (wasInTrick.has(play.card)) continue;
      const node = this.trick.querySelector(`[data-key="${play.card}"]`);
      if (!node) continue;
      const from = before.cards.get(play.card)?.rect ?? before.seats.get(play.seat);
      slide(node, from);
    }
    // A trick that went away: its cards fly to the winner and fade.
    const collected = previous && previous.trick.length && !view.trick.length;
    if (collected) {
      const winner = previous.trickWinner ?? view.lastTrick?.winner;
      const target = winner === null || winner === undefined ? null : this.seatRect(winner);
      for (const { rect, node } of before.trickCards) {
        const ghost = /** @type {HTMLElement} */ (node.cloneNode(true));
        ghost.removeAttribute("role");
        ghost.removeAttribute("aria-label");
        ghost.setAttribute("aria-hidden", "true");
        ghost.classList.add("cj-tb-ghost");
        Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
        this.root.append(ghost);
        const dx = target ? target.left + target.width / 2 - (rect.left + rect.width / 2) : 0;
        const dy = target ? target.top + target.height / 2 - (rect.top + rect.height / 2) : 0;
        const move = ghost.animate(
          [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0 }],
          { duration, easing: "ease-in", fill: "forwards" },
        );
        moves.push(move.finished.finally(() => ghost.remove()));
      }
    }
    // Cards new in the reader's hand came from the stock.
    const stockFrom = before.stock;
    const handBefore = new Set((previous?.hand ?? []).map((card) => card.code));
    let order = 0;
    for (const node of this.hand.querySelectorAll("[data-key]")) {
      if (!handBefore.has(/** @type {HTMLElement} */ (node).dataset.key ?? "")) slide(node, stockFrom, collected ? duration * (0.6 + 0.4 * order++) : 0);
    }
    // The opponents' hands that grew: their last cards came from the stock too.
    for (const info of view.seats) {
      if (info.seat === view.you) continue;
      const old = previous?.seats.find((s) => s.seat === info.seat);
      const grown = old ? info.handCount - old.handCount : 0;
      if (grown <= 0) continue;
      const fan = this.opponents.querySelector(`[data-seat="${info.seat}"] .cj-tb-fan`);
      if (!old || !fan) continue;
      const knownBefore = new Set(old.known ?? []);
      // Every card of a fan carries its data-key (backImage, cardImage).
      const pictures = /** @type {HTMLElement[]} */ ([...fan.children]);
      const key = (/** @type {HTMLElement} */ node) => node.dataset.key ?? "";
      const fresh = pictures.filter((node) => key(node).startsWith("back-") ? false : !knownBefore.has(key(node)));
      const backs = pictures.filter((node) => key(node).startsWith("back-"));
      const arrivals = fresh.length >= grown ? fresh.slice(-grown) : [...fresh, ...backs.slice(-(grown - fresh.length))];
      for (const node of arrivals) slide(node, stockFrom, collected ? duration * (0.6 + 0.4 * order++) : 0);
    }
    this.root.dataset.moving = "true";
    try {
      await Promise.allSettled(moves);
    } finally {
      delete this.root.dataset.moving;
    }
  }
}

// For pages that load scripts without modules (and for the puzzles page to come).
/**
 * @typedef {{ CardTable: typeof CardTable, cardImage: typeof cardImage, cardPicture: typeof cardPicture,
 *   disclosure: typeof disclosure, put: typeof setChildren, SPEEDS: typeof SPEEDS, SPEED_NAMES: Speed[] }} TableApi
 */
window.CJTable = { CardTable, cardImage, cardPicture, disclosure, put: setChildren, SPEEDS, SPEED_NAMES };
