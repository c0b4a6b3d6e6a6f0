import { UNSAFE_defineRoutes as defineRoutes } from "@remix-run/dev";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { declareRoutes, relative } from "~/route-table";

// The route table (app/route-table.ts) against the users' copy of the URLs: every path the site
// answers is in docs/urls.md or docs/api.md, and every documented page has a route. A renamed
// constant or a dropped route fails here, not only in the browser suite.

const ROOT = path.resolve(import.meta.dirname, "../..");
const manifest = defineRoutes(declareRoutes);

/** Every route's whole path ("/drift/bannere/:id"), its parents' paths included (the root has none). */
function fullPath(id: string): string {
  const route = manifest[id];
  const parent = route.parentId && route.parentId in manifest ? fullPath(route.parentId) : "";
  return route.path ? `${parent}/${route.path}` : parent || "/";
}

/** A path's segments with every parameter (`:id`, `*`, `<slug>`, `<name>.xml`) as `<>`. */
function shape(p: string): string {
  return p
    .split("/")
    .map((segment) => (/^:|^\*$|</.test(segment) ? "<>" : segment))
    .join("/");
}

/** The paths a document's tables and headings name: `/…` in the first column or in a `### \`GET …\``. */
function documentedPaths(file: string): string[] {
  const text = readFileSync(path.join(ROOT, "docs", file), "utf8");
  const cells = [...text.matchAll(/^\| ([^|]*(?:\\\|[^|]*)*) \|/gm)].map((m) => m[1]);
  const headings = [...text.matchAll(/^#{2,4} `(?:GET|POST) ([^`]+)`/gm)].map((m) => m[1]);
  return [...cells.flatMap((cell) => [...cell.matchAll(/`(\/[^`]*)`/g)].map((m) => m[1])), ...headings]
    .map((p) => p.replace(/\[.*$/, "").replace(/\?.*$/, ""))
    .filter((p) => !p.includes("…"));
}

const routePaths = Object.keys(manifest).map(fullPath);
const documented = [...documentedPaths("urls.md"), ...documentedPaths("api.md")];
// Answered by server/ before Remix (docs/api.md "Health", docs/urls.md "Embedding").
const SERVED_BEFORE_REMIX = ["/healthz", "/readyz", "/embed.js"];

describe("the route table", () => {
  it("has a module for every route", () => {
    for (const route of Object.values(manifest)) expect(existsSync(path.join(ROOT, "app", route.file)), route.file).toBe(true);
  });

  it("answers only paths docs/urls.md or docs/api.md documents", () => {
    const shapes = new Set(documented.map(shape));
    const undocumented = [...new Set(routePaths.map(shape))].filter((p) => !shapes.has(p));
    expect(undocumented).toEqual([]);
  });

  it("has a route for every page and endpoint the docs name", () => {
    const routeShapes = routePaths.map((p) => shape(p).split("/"));
    const matches = (doc: string) => {
      const segments = doc.split("/");
      return routeShapes.some(
        (route) =>
          (route.length === segments.length || route.at(-1) === "<>") && route.every((part, i) => part === "<>" || part === segments[i]),
      );
    };
    const missing = documented.filter((doc) => !SERVED_BEFORE_REMIX.includes(doc) && !matches(doc));
    expect(documented.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it("refuses a path that is not under its parent", () => {
    expect(relative("/drift/log", "/drift")).toBe("log");
    expect(() => relative("/konto/log-ind", "/drift")).toThrow("/konto/log-ind ligger ikke under /drift");
    expect(() => relative("skirejser")).toThrow("ligger ikke under /");
  });
});
