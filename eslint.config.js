import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { config, configs as tsConfigs } from "typescript-eslint";

/** Files under `target` may not import from any of `from`. */
const zone = (target, from) => ({ target, from, message: "imports point down the layers only (README, Architecture)" });

export default config(
  { ignores: ["build/**", "node_modules/**", ".cache/**", "data/**", "db/migrations/**"] },
  js.configs.recommended,
  tsConfigs.recommended,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: { "import/resolver": { typescript: true, node: true } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import/no-duplicates": "error",
    },
  },
  {
    // The layers point one way: domain ← db ← search ← services ← routes and components, with
    // app/utils (config, request checks) beside domain, cli/ a client of db, search and
    // services, and server/ (the Express entry) on top. A back-import fails the lint.
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            zone("./app/domain", [
              "./app/search",
              "./app/services",
              "./app/utils",
              "./app/routes",
              "./app/components",
              "./db",
              "./cli",
              "./server",
            ]),
            zone("./db", ["./app/search", "./app/services", "./app/utils", "./app/routes", "./app/components", "./cli", "./server"]),
            zone("./app/utils", ["./app/search", "./app/services", "./app/routes", "./app/components", "./cli", "./server"]),
            zone("./app/search", ["./app/services", "./app/routes", "./app/components", "./cli", "./server"]),
            zone("./app/services", ["./app/routes", "./app/components", "./cli", "./server"]),
            zone("./app/components", ["./app/services", "./app/search", "./app/utils", "./app/routes", "./db", "./cli", "./server"]),
            zone("./app/routes", ["./db", "./cli", "./server"]),
            // Remix's entry and root sit beside the routes, on the same layer.
            zone(["./app/entry.server.tsx", "./app/root.tsx"], ["./app/routes", "./db", "./cli", "./server"]),
            zone("./cli", ["./app/routes", "./app/components", "./server"]),
            zone("./server", ["./app/routes", "./app/components"]),
            // The reference engine is the tests' oracle (docs/search.md): tests and the bench use it, production never.
            zone(["./app", "./db", "./cli", "./server"], ["./app/search/sql/reference.ts"]),
            // Nothing that ships imports from the tests.
            zone(["./app", "./db", "./cli", "./server", "./server.ts", "./scripts"], ["./tests"]),
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "detect" } },
  },
  { files: ["app/**/*.tsx"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  // Our components' own `autoFocus` props say where a dialog's focus goes; only DOM elements count.
  { files: ["app/**/*.tsx"], rules: { "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }] } },
  { files: ["app/**/*.{ts,tsx}", "public/**/*.js"], languageOptions: { globals: { ...globals.browser } } },
);
