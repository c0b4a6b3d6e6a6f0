import { parseAst } from "rollup/parseAst";
import type * as ESTree from "estree";
import { describe, expect, it } from "vitest";
import { texts } from "~/domain/texts";
import { ownFunctionAt, unbindTextCalls } from "../../scripts/vite/unbound-text-calls";

// The build's rewrite of text-function calls (scripts/vite/unbound-text-calls.ts): only calls of
// functions read from the texts module lose their `this`; every other call keeps its own.

const TEXTS = "~/domain/texts";
const unbind = (code: string) =>
  unbindTextCalls(
    code,
    parseAst(code) as unknown as ESTree.Program,
    (source) => source === TEXTS,
    (path) => ownFunctionAt(texts, path),
  );

describe("unbindTextCalls", () => {
  it("unbinds a call on the texts import, however deep", () => {
    const code = `import { texts } from "${TEXTS}";\nexport const a = texts.results.found(1, 2) + texts.map.from("3 kr.");`;
    expect(unbind(code)).toBe(
      `import { texts } from "${TEXTS}";\nexport const a = (0, texts.results.found)(1, 2) + (0, texts.map.from)("3 kr.");`,
    );
  });

  it("unbinds a call through a const alias of the texts, and an alias of an alias, at any scope", () => {
    const code = [
      `import { texts as all } from "${TEXTS}";`,
      "const t = all.destinations;",
      "const c = t.childrenHeading;",
      "export function f(n) { const r = all.results; return c.country(n) + r.stars(n); }",
    ].join("\n");
    expect(unbind(code)).toContain("(0, c.country)(n) + (0, r.stars)(n)");
  });

  it("leaves every other call bound: a shadowing parameter, a let, another module's texts, a computed member", () => {
    const code = [
      `import { texts } from "${TEXTS}";`,
      `import { texts as others } from "./elsewhere";`,
      "const t = texts.results;",
      "let changing = texts.results;",
      "export function f(t, key) { return t.name.toUpperCase() + changing.stars(1) + others.a.b(1) + texts.results[key](1); }",
      "export const names = [' a '].map((s) => s.trim());",
    ].join("\n");
    expect(unbind(code)).toBeNull();
  });

  it("leaves bound a method a text inherits: an array's map, a string's, an object's", () => {
    const code = [
      `import { texts } from "${TEXTS}";`,
      "const p = texts.privacy;",
      "export const a = p.rights.map((r) => r.heading);",
      "export const b = texts.results.heading.toUpperCase();",
      "export const c = texts.results.hasOwnProperty('heading');",
      "export const d = texts.results.nope(1);",
    ].join("\n");
    expect(Array.isArray(texts.privacy.rights)).toBe(true);
    expect(unbind(code)).toBeNull();
  });

  it("unbinds only the text function among calls on a path that also reads an inherited method", () => {
    const code = `import { texts } from "${TEXTS}";\nexport const a = [texts.results.found(1, 2)].map(String).join(texts.results.stars(3));`;
    expect(unbind(code)).toBe(
      `import { texts } from "${TEXTS}";\nexport const a = [(0, texts.results.found)(1, 2)].map(String).join((0, texts.results.stars)(3));`,
    );
  });

  it("leaves an optional call as it is", () => {
    expect(unbind(`import { texts } from "${TEXTS}";\nexport const a = texts.results.found?.(1);`)).toBeNull();
  });

  it("rests on every text function having no `this`: none in app/domain/texts.ts uses it", () => {
    const functions: string[] = [];
    const visit = (value: unknown, path: string) => {
      if (typeof value === "function") functions.push(`${path}: ${value.toString()}`);
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
    };
    visit(texts, "texts");
    expect(functions.length).toBeGreaterThan(100);
    expect(functions.filter((f) => /\bthis\b/.test(f.slice(f.indexOf(":") + 1)))).toEqual([]);
  });
});
