// Typings for the build's untyped dev dependencies.

declare module "eslint-scope" {
  import type { Scope } from "eslint";
  import type * as ESTree from "estree";
  /** The scopes of a program and, in each, its references resolved to their variables (as ESLint's rules see them). */
  export function analyze(ast: ESTree.Node, options: { ecmaVersion: number; sourceType: "module" | "script" }): Scope.ScopeManager;
}
