import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".cache/**", "data/**", "db/migrations/**"] },
  js.configs.recommended,
  tseslint.configs.recommended,
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
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "detect" } },
  },
  { files: ["app/**/*.tsx"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  { files: ["app/**/*.{ts,tsx}", "public/**/*.js"], languageOptions: { globals: { ...globals.browser } } },
);
