// What the site's pages find on `window`, `globalThis` and `navigator` beyond the DOM library:
// the globals the site's own modules set for each other (and for the tests), the hooks the
// tests set, and the Network Information API (Chromium only, not in TypeScript's DOM library).
// Type checking only (tsconfig.json): the site never loads this file.

interface Window {
  /** review.js: "Review the deal" and the worked examples' "Analyse" switch. */
  CJReview?: import("../docs/assets/javascripts/review.js").ReviewApi;
  /** puzzle-store.js: personal puzzles, saved from review.js. */
  CJPuzzles?: import("../docs/assets/javascripts/puzzle-store.js").PuzzlesApi;
  /** deck.js: the mistakes deck, fed by the practice and puzzles pages. */
  CJDeck?: import("../docs/assets/javascripts/deck.js").DeckApi;
  /** table.js: the card table for scripts that are not modules. */
  CJTable?: import("../docs/assets/javascripts/table.js").TableApi;
}

/** Tests lower the engine's stall watchdog (engine-client.js) to check the failure quickly. */
declare var cjEngineStallMs: number | undefined;
/** scripts/bench_background.py and tests: background work in the page's own worker (engine-client.js). */
declare var cjEngineOneWorker: boolean | undefined;
/** Tests move the mistakes deck's clock (deck.js): ms since 1970. */
declare var cjDeckNow: (() => number) | undefined;
/** Tests (tests/conftest.py) learn which catalogue keys the browser looks up. */
declare var __cjKeyRequested: ((key: string) => void) | undefined;

/** https://wicg.github.io/netinfo/ plus the older `metered` flag some browsers had. */
interface NetworkInformation {
  readonly saveData?: boolean;
  readonly metered?: boolean;
  readonly type?: string;
  readonly effectiveType?: string;
}

interface Navigator {
  readonly connection?: NetworkInformation;
}
