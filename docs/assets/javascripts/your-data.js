// "Your data": everything the site keeps for the reader in this browser, saved to one JSON file
// and loaded back (here or on another device).
//
// The page carries <div class="cj-your-data">; scripts/hooks/widgets.py adds this module beside
// the page's own widget, with a JSON block (#cj-your-data-strings) holding its strings and what
// the practice statistics may name (the engine's levels and presets). It never starts the engine.
//
// The file: {"format": "california-jack-data", "version": 1, "exported": ISO date,
//            "parts": {"<part>": stored value | null}}.
// Each part is checked by its own store's checker (PARTS), never here. A file that fails any
// check changes nothing and the panel names what is wrong (which part, what); a good file
// replaces the reader's data only after a confirmation that lists what it replaces, and the
// page then reloads so that every widget reads the new data. A part the file does not mention
// is left as it is (a file from before a part existed never erases it); a part that is null
// erases what is stored. The engine snapshot (engine-snapshot.js) is the site's own cache, not
// the reader's data, and is never exported.
//
// Hooks kept for tests: .cj-your-data[data-state] (ready, confirm), data-action export, import,
// confirm, cancel; data-role file, message (data-kind: error, done, cancelled), replaces.

/**
 * @typedef {{ name: string, key: string, check: (value: unknown) => unknown }} Part
 * @typedef {import("./engine-client.js").PanelData} Block
 * @typedef {{ format: string, version: number, exported: string, parts: Record<string, unknown> }} DataFile
 */

const HERE = new URL(import.meta.url);
const VERSION = HERE.search;
/** @type {[typeof import("./engine-client.js"), typeof import("./practice-store.js"), typeof import("./puzzle-rating.js"), typeof import("./puzzle-store.js"), typeof import("./deck-store.js"), typeof import("./learn-store.js")]} */
const [client, practiceStore, puzzleRating, puzzleStore, deckStore, learnStore] = await Promise.all([
  import(new URL("engine-client.js" + VERSION, HERE).href),
  import(new URL("practice-store.js" + VERSION, HERE).href),
  import(new URL("puzzle-rating.js" + VERSION, HERE).href),
  import(new URL("puzzle-store.js" + VERSION, HERE).href),
  import(new URL("deck-store.js" + VERSION, HERE).href),
  import(new URL("learn-store.js" + VERSION, HERE).href),
]);
const { Strings, h, setChildren, panelData } = client;

export const FORMAT = "california-jack-data";
export const FORMAT_VERSION = 1;
// A data file is a few hundred kilobytes at most (the stores cap their lists): anything much
// larger is not one, and is refused before it is read.
const MAX_BYTES = 5_000_000;
// Set just before the reload that follows an import, so the reloaded page says it happened.
const IMPORTED_FLAG = "cj-your-data-imported";

// Every part the site keeps for the reader, each with the key its store writes and the store's
// own checker (the same one its page runs on load): the one list export and import both follow.
/**
 * @param {Block} block
 * @returns {Part[]}
 */
export function dataParts(block) {
  const presets = Object.keys(block.presets);
  const allowed = { levels: block.levels, presets, keys: Object.keys(block.presets.standard ?? {}) };
  return [
    { name: "practice_match", key: practiceStore.KEYS.match, check: practiceStore.checkMatch },
    { name: "practice_stats", key: practiceStore.KEYS.stats, check: (value) => practiceStore.checkStats(value, allowed) },
    { name: "puzzle_progress", key: puzzleStore.KEYS.progress, check: puzzleRating.checkProgress },
    { name: "puzzle_personal", key: puzzleStore.KEYS.personal, check: puzzleRating.checkPersonal },
    { name: "deck", key: deckStore.KEY, check: deckStore.checkDeck },
    { name: "learn_progress", key: learnStore.KEY, check: learnStore.checkProgress },
  ];
}

/**
 * What is stored under `key`: its JSON, or undefined when nothing is (or it cannot be read).
 * @param {string} key
 * @returns {unknown}
 */
function stored(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

// The reader's data as a file: each part as its checker cleans it; null when nothing usable is stored.
/**
 * @param {Part[]} parts
 * @param {Date} now
 * @returns {DataFile}
 */
export function collect(parts, now) {
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const part of parts) {
    const value = stored(part.key);
    values[part.name] = value === undefined ? null : part.check(value) ?? null;
  }
  return { format: FORMAT, version: FORMAT_VERSION, exported: now.toISOString(), parts: values };
}

/**
 * What a file holds, checked: the clean value of each part it mentions (null: erase that part),
 * or what is wrong with it, as a catalogue key and its parameters, and the damaged part if one is.
 * @typedef {{ ok: true, parts: Map<Part, unknown> } | { ok: false, key: string, params: Record<string, string | number>, damaged?: Part }} Checked
 */
/**
 * @param {string} text
 * @param {Part[]} parts
 * @returns {Checked}
 */
export function checkFile(text, parts) {
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, key: "your_data.errors.not_json", params: {} };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return { ok: false, key: "your_data.errors.not_ours", params: {} };
  const file = /** @type {Record<string, unknown>} */ (data);
  if (file.format !== FORMAT) return { ok: false, key: "your_data.errors.not_ours", params: {} };
  if (file.version !== FORMAT_VERSION) {
    return { ok: false, key: "your_data.errors.version", params: { version: String(file.version ?? "?"), expected: FORMAT_VERSION } };
  }
  const given = file.parts;
  if (given === null || typeof given !== "object" || Array.isArray(given)) return { ok: false, key: "your_data.errors.no_parts", params: {} };
  /** @type {Map<Part, unknown>} */
  const clean = new Map();
  for (const [name, value] of Object.entries(given)) {
    const part = parts.find((known) => known.name === name);
    if (!part) return { ok: false, key: "your_data.errors.unknown_part", params: { part: name.slice(0, 40) } };
    if (value === null) {
      clean.set(part, null);
      continue;
    }
    const checked = part.check(value);
    if (checked === null) return { ok: false, key: "your_data.errors.damaged_part", params: {}, damaged: part };
    clean.set(part, checked);
  }
  if (!clean.size) return { ok: false, key: "your_data.errors.no_parts", params: {} };
  return { ok: true, parts: clean };
}

// Write every part of a checked file, or none: a refused write puts back what was there.
/**
 * @param {Map<Part, unknown>} parts
 * @returns {boolean}
 */
export function replaceData(parts) {
  /** @type {[string, string | null][]} */
  const before = [];
  try {
    for (const part of parts.keys()) before.push([part.key, localStorage.getItem(part.key)]);
    for (const [part, value] of parts) {
      if (value === null) localStorage.removeItem(part.key);
      else localStorage.setItem(part.key, JSON.stringify(value));
    }
    return true;
  } catch {
    try {
      for (const [key, text] of before) {
        if (text === null) localStorage.removeItem(key);
        else localStorage.setItem(key, text);
      }
    } catch {
      // Storage gone altogether: there is nothing left to restore.
    }
    return false;
  }
}

class YourData {
  /**
   * @param {HTMLElement} root
   * @param {Block} block
   */
  constructor(root, block) {
    this.root = root;
    this.parts = dataParts(block);
    this.strings = new Strings({ catalogue: block.strings, untranslated: [] });
    this.message = h("div", { "data-role": "message", role: "status" });
    this.confirmBox = h("div", { class: "cj-yd-confirm" });
    this.fileInput = h("input", {
      type: "file",
      accept: "application/json,.json",
      "data-role": "file",
      hidden: true,
      tabindex: "-1",
      onchange: () => this.fileChosen(),
    });
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", this.strings.t("your_data.title"));
    setChildren(
      root,
      h("p", { text: this.strings.t("your_data.intro") }),
      h(
        "p",
        { class: "cj-yd-actions" },
        h("button", { type: "button", class: "md-button md-button--primary", "data-action": "export", text: this.strings.t("your_data.export"), onclick: () => this.export() }),
        " ",
        h("button", { type: "button", class: "md-button", "data-action": "import", text: this.strings.t("your_data.import"), onclick: () => this.fileInput.click() }),
        this.fileInput,
      ),
      this.confirmBox,
      this.message,
    );
    root.dataset.state = "ready";
    let imported = false;
    try {
      imported = sessionStorage.getItem(IMPORTED_FLAG) !== null;
      sessionStorage.removeItem(IMPORTED_FLAG);
    } catch {
      // No session storage: the reload after an import simply says nothing.
    }
    if (imported) this.say("done", this.strings.t("your_data.imported"));
  }

  /**
   * @param {"error" | "done" | "cancelled"} kind
   * @param {string} text
   */
  say(kind, text) {
    setChildren(this.message, h("p", { class: `cj-yd-message cj-yd-message--${kind}`, "data-kind": kind, text }));
  }

  export() {
    const file = collect(this.parts, new Date());
    const name = `california-jack-data-${file.exported.slice(0, 10)}.json`;
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: "application/json" }));
    const link = h("a", { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the link's click: the URL is no longer needed once it returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    this.say("done", this.strings.t("your_data.exported", { file: name }));
  }

  async fileChosen() {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = "";
    if (!file) return;
    this.closeConfirm();
    const name = file.name.slice(0, 80);
    if (file.size > MAX_BYTES) {
      this.refuse("your_data.errors.too_large", { file: name });
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch {
      this.refuse("your_data.errors.unreadable", { file: name });
      return;
    }
    const checked = checkFile(text, this.parts);
    if (!checked.ok) {
      /** @type {Record<string, string | number>} */
      const params = { ...checked.params, file: name };
      if (checked.damaged) params.part = this.strings.t(`your_data.parts.${checked.damaged.name}`);
      this.refuse(checked.key, params);
      return;
    }
    this.confirm(name, checked.parts);
  }

  /**
   * @param {string} key
   * @param {Record<string, string | number>} params
   */
  refuse(key, params) {
    this.say("error", `${this.strings.t(key, params)} ${this.strings.t("your_data.unchanged")}`);
  }

  /**
   * @param {string} name
   * @param {Map<Part, unknown>} parts
   */
  confirm(name, parts) {
    const items = [...parts].map(([part, value]) => {
      const now = stored(part.key) !== undefined;
      const what = value === null ? (now ? "erased" : "empty") : now ? "replaced" : "added";
      return h("li", { "data-part": part.name, "data-change": what, text: this.strings.t(`your_data.change.${what}`, { part: this.strings.t(`your_data.parts.${part.name}`) }) });
    });
    const confirmButton = h("button", {
      type: "button",
      class: "md-button md-button--primary",
      "data-action": "confirm",
      text: this.strings.t("your_data.confirm"),
      onclick: () => this.replace(parts),
    });
    setChildren(
      this.confirmBox,
      h(
        "div",
        { class: "admonition warning", role: "group", "aria-labelledby": "cj-yd-confirm-title" },
        h("p", { class: "admonition-title", id: "cj-yd-confirm-title", text: this.strings.t("your_data.confirm_title", { file: name }) }),
        h("ul", { "data-role": "replaces" }, items),
        h(
          "p",
          {},
          confirmButton,
          " ",
          h("button", { type: "button", class: "md-button", "data-action": "cancel", text: this.strings.t("your_data.cancel"), onclick: () => this.cancel() }),
        ),
      ),
    );
    this.message.replaceChildren();
    this.root.dataset.state = "confirm";
    confirmButton.focus();
  }

  closeConfirm() {
    this.confirmBox.replaceChildren();
    this.root.dataset.state = "ready";
  }

  cancel() {
    this.closeConfirm();
    this.say("cancelled", this.strings.t("your_data.cancelled"));
    /** @type {HTMLElement | null} */ (this.root.querySelector("[data-action=import]"))?.focus();
  }

  /** @param {Map<Part, unknown>} parts */
  replace(parts) {
    if (!replaceData(parts)) {
      this.closeConfirm();
      this.refuse("your_data.errors.storage", {});
      return;
    }
    try {
      sessionStorage.setItem(IMPORTED_FLAG, "1");
    } catch {
      // The reloaded page will not say it; the data is in place all the same.
    }
    // Every widget on the page read its data when it started: start them again on the new data.
    location.reload();
  }
}

/** @param {() => void} run */
function whenReady(run) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
}

whenReady(() => {
  const block = /** @type {Block} */ (panelData("cj-your-data-strings"));
  for (const root of document.querySelectorAll(".cj-your-data")) new YourData(/** @type {HTMLElement} */ (root), block);
});
