import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clientManifest, pageScripts, type ClientManifest } from "../support/page-scripts";

// The public pages' scripts carry no zod: the browser writes URLs but never parses one (the loaders
// hand the page its parsed state), and schemas live in modules only loaders, actions and the CLI
// import. zod's schemas all keep their internals under the `_zod` property, which minifying keeps.

const ROOT = path.resolve(import.meta.dirname, "../..");
const PAGES = { "the landing page": "routes/_index", "the results page": "results", "the accommodation page": "routes/ophold.$id" };

let manifest: ClientManifest;
beforeAll(async () => {
  manifest = await clientManifest(ROOT);
});

describe("the scripts a page loads before any interaction", () => {
  for (const [page, routeId] of Object.entries(PAGES)) {
    it(`${page}: no zod`, () => {
      const files = pageScripts(manifest, routeId);
      expect(files.length).toBeGreaterThan(2);
      const withZod = files.filter((f) => fs.readFileSync(path.join(ROOT, "build/client", f), "utf8").includes("_zod"));
      expect(withZod).toEqual([]);
    });
  }

  it("the marker is zod's: the schemas' internals, which the check above looks for", () => {
    // Without it the check would pass vacuously: the code zod puts into a bundle names `_zod`.
    const core = createRequire(import.meta.url).resolve("zod/v4/core");
    expect(fs.readFileSync(core.replace(/index\.(c?js)$/, "core.$1"), "utf8")).toContain("._zod");
  });
});
