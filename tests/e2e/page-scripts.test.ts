import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clientManifest, pageScripts, type ClientManifest } from "../support/page-scripts";
import { useServer } from "./support/suite";

// The pages' scripts: what they carry and how they travel.
//
// The public pages' scripts carry no zod: the browser writes URLs but never parses one (the loaders
// hand the page its parsed state), and schemas live in modules only loaders, actions and the CLI
// import. zod's schemas all keep their internals under the `_zod` property, which minifying keeps.

const ROOT = path.resolve(import.meta.dirname, "../..");
const PAGES = { "the landing page": "routes/landing", "the results page": "results", "the accommodation page": "routes/accommodation" };

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

  // vite.config.ts gives the parts loaded on demand their own copy of the texts; the landing and
  // results pages load none of those up front, only the copy in the core chunk.
  for (const page of ["the landing page", "the results page"] as const)
    it(`${page}: no second copy of the texts`, () => {
      expect(pageScripts(manifest, PAGES[page]).filter((f) => /(^|\/)texts-[^/]+\.js$/.test(f))).toEqual([]);
    });

  it("the marker is zod's: the schemas' internals, which the check above looks for", () => {
    // Without it the check would pass vacuously: the code zod puts into a bundle names `_zod`.
    const core = createRequire(import.meta.url).resolve("zod/v4/core");
    expect(fs.readFileSync(core.replace(/index\.(c?js)$/, "core.$1"), "utf8")).toContain("._zod");
  });
});

describe("how the scripts travel", () => {
  const suite = useServer({ demoTrips: 100 });

  it("a browser that accepts Brotli gets the build's precompressed file, any other client gzip, the same script either way", async () => {
    const size = (f: string) => fs.statSync(path.join(ROOT, "build/client", f)).size;
    // Files under 256 bytes go out as they are (too small to gain): the smallest above, and the largest (React and Remix).
    const bySize = pageScripts(manifest, "results")
      .filter((f) => size(f) >= 256)
      .sort((a, b) => size(a) - size(b));
    for (const file of [bySize[0], bySize[bySize.length - 1]]) {
      const onDisk = fs.readFileSync(path.join(ROOT, "build/client", file), "utf8");
      for (const encoding of ["br", "gzip"]) {
        const res = await fetch(`${suite.server.url}/${file}`, { headers: { "Accept-Encoding": encoding } });
        expect(res.status, file).toBe(200);
        expect(res.headers.get("content-encoding"), `${file} asked for ${encoding}`).toBe(encoding);
        expect(res.headers.get("content-type")).toMatch(/javascript/);
        expect(res.headers.get("cache-control")).toMatch(/immutable/);
        expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
        expect(await res.text()).toBe(onDisk);
      }
    }
  });

  it("a name that is not an asset of the build is not found, whatever the encoding", async () => {
    for (const target of ["/assets/nope.js", "/assets/..%2Fserver%2Findex.js", "/assets/%2e%2e/server/index.js"]) {
      const res = await fetch(`${suite.server.url}${target}`, { headers: { "Accept-Encoding": "br" } });
      await res.arrayBuffer();
      expect(res.status, target).toBe(404);
    }
  });
});
