// ESLint for the site's browser code (docs/assets/javascripts/), the service worker's source
// and the build's Node script (scripts/hooks/): the recommended rules and a few more that catch
// real bugs. Each file gets the globals of where it runs: a page, a Web Worker, the service
// worker, or Node. Types are tsc's job (tsconfig*.json); formatting is nobody's here.
import js from "@eslint/js";
import globals from "globals";

const WORKERS = ["docs/assets/javascripts/engine-worker.js", "docs/assets/javascripts/engine-snapshot.js"];

export default [
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "no-shadow": "error",
      "prefer-const": "error",
      "no-var": "error",
      "no-throw-literal": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "array-callback-return": "error",
    },
  },
  { files: ["docs/assets/javascripts/**/*.js"], ignores: WORKERS, languageOptions: { globals: globals.browser } },
  { files: WORKERS, languageOptions: { globals: globals.worker } },
  {
    files: ["scripts/hooks/service-worker.js"],
    // The two names scripts/hooks/offline.py replaces with this build's lists.
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: "readonly", __ENGINE_FILES__: "readonly" } },
  },
  { files: ["scripts/hooks/**/*.mjs"], languageOptions: { globals: globals.node } },
];
