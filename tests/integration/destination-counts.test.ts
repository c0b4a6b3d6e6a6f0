import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countsFromDb, countsFromIndex } from "~/search/destination-counts";
import { treeFromCounts } from "~/search/destinations.server";
import { buildIndex } from "~/search/embedded/build";
import type { Db } from "../../db/client";
import { generateDemoFeed } from "../../cli/demo/generate";
import { importLines, tempDb } from "../support/db";

// The destination picker's counts come from the embedded index, or, for the Typesense engine, from
// grouped SQL over the store (app/search/destination-counts.ts): both must give the same tree.

let db: Db;
beforeAll(async () => {
  db = tempDb().db;
  await importLines(db, generateDemoFeed({ trips: 5_000, seed: 11, season: 2026 }));
});
afterAll(() => db?.$client.close());

describe("destination counts", () => {
  it("are the same from the embedded index and from SQL, for every party size and day", () => {
    const ix = buildIndex(db, 1);
    for (const today of ["2026-11-01", "2027-02-10"]) {
      const fromIndex = countsFromIndex(ix, today);
      const fromDb = countsFromDb(db, today);
      for (const persons of [1, 2, 4, 8]) {
        const tree = treeFromCounts(fromIndex, persons);
        expect(tree.countries.length).toBeGreaterThan(0);
        expect(treeFromCounts(fromDb, persons)).toEqual(tree);
      }
    }
  });
});
