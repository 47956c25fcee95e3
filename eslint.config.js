// The phone's JavaScript: plain ES modules in the browser (fieldapp/static/js), the service
// worker (service_worker/sw.js) and their unit tests under Node (tests/js).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["fieldapp/static/vendor/**", "node_modules/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["fieldapp/static/js/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser, htmx: "readonly" } },
  },
  {
    files: ["service_worker/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.serviceworker } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
