import type { Scope } from "eslint";
import { analyze } from "eslint-scope";
import type * as ESTree from "estree";
import MagicString from "magic-string";

// Rollup keeps only the texts (app/domain/texts.ts) a bundle reads, but a method call
// `texts.results.title(n)` hands the whole `texts.results` object to the function as `this`, and
// Rollup then keeps every text in it, read or not. Every text function is an arrow function (it
// has no `this` of its own), so calling it unbound, `(0, texts.results.title)(n)`, changes
// nothing it does and lets Rollup drop the texts no page uses: a smaller script on every page
// (README, "Performance"). Only a text function is called so: a method a text inherits
// (`texts.privacy.rights.map(…)`, `label.toUpperCase()`) needs its `this` and keeps it.

/**
 * The module's code with every call of a text function unbound, or null when there is none.
 * `program` is the module parsed (ESTree, with start and end offsets); `isTexts` says whether an
 * import's source is the texts module; `isTextFunction` whether the texts hold a function of their
 * own at a path of property names. A callee's path is read from the texts import, a const
 * initialised from it (`const t = texts.results`) or a property of either, resolved through the
 * module's scopes, so a parameter or a local that shadows such a name is left alone.
 */
export function unbindTextCalls(
  code: string,
  program: ESTree.Program,
  isTexts: (source: string) => boolean,
  isTextFunction: (path: string[]) => boolean,
): string | null {
  // eslint-scope reads offsets from `range`, as ESLint's parsers give them; Rollup's parser gives start and end.
  walk(program, (node) => {
    const { start, end } = node as ESTree.Node & { start: number; end: number };
    node.range = [start, end];
  });
  const scopes = analyze(program, { ecmaVersion: 2022, sourceType: "module" });
  const variableOf = new Map<ESTree.Identifier, Scope.Variable | null>();
  for (const scope of scopes.scopes) for (const ref of scope.references) variableOf.set(ref.identifier, ref.resolved);

  const seen = new Set<Scope.Variable>();
  /** The path in the texts that `node` reads, or null when it reads something else. */
  const textsPath = (node: ESTree.Node): string[] | null => {
    if (node.type === "MemberExpression") {
      if (node.computed || node.property.type !== "Identifier") return null;
      const object = textsPath(node.object);
      return object && [...object, node.property.name];
    }
    if (node.type !== "Identifier") return null;
    const variable = variableOf.get(node);
    if (!variable || variable.defs.length !== 1 || seen.has(variable)) return null;
    const def = variable.defs[0];
    if (def.type === "ImportBinding")
      return def.parent.type === "ImportDeclaration" &&
        isTexts(String(def.parent.source.value)) &&
        def.node.type === "ImportSpecifier" &&
        def.node.imported.type === "Identifier" &&
        def.node.imported.name === "texts"
        ? []
        : null;
    if (def.type !== "Variable" || def.parent.kind !== "const" || !def.node.init || def.node.id.type !== "Identifier") return null;
    seen.add(variable);
    try {
      return textsPath(def.node.init);
    } finally {
      seen.delete(variable);
    }
  };

  const out = new MagicString(code);
  let changed = false;
  walk(program, (node) => {
    if (node.type !== "CallExpression" || node.callee.type !== "MemberExpression" || node.optional) return;
    const callee = node.callee as ESTree.MemberExpression & { start: number; end: number };
    const path = textsPath(callee);
    if (!path || !isTextFunction(path)) return;
    out.appendLeft(callee.start, "(0, ").prependRight(callee.end, ")");
    changed = true;
  });
  return changed ? out.toString() : null;
}

/** Whether `root` holds a function of its own at `path`: each step an own property of a plain object. */
export function ownFunctionAt(root: object, path: string[]): boolean {
  let value: unknown = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "function";
}

/** Every node of the tree, parents before children. */
function walk(node: ESTree.Node, visit: (node: ESTree.Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(item, visit);
    } else if (isNode(value)) walk(value, visit);
  }
}

const isNode = (value: unknown): value is ESTree.Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
