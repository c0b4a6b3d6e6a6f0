import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "../../cli/seed";
import type { Db } from "../../db/client";
import { banners, landingBoxes, trips } from "../../db/schema";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";

// The first start's demo (cli/seed.ts): its banners and landing boxes come with its trips, and
// never to a store that had trips, so an operator's deletions survive a restart (README,
// DEMO_TRIPS).

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function store(): Db {
  const { db, dir } = tempDb();
  dirs.push(dir);
  return db;
}

const count = (db: Db, table: typeof trips | typeof banners | typeof landingBoxes) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(table)
    .get()!.n;
const holds = (db: Db) => ({ trips: count(db, trips), banners: count(db, banners), landingBoxes: count(db, landingBoxes) });
const quiet = () => {};

describe("the first start's demo", () => {
  it("loads trips, banners and landing boxes into an empty store, and does not bring back what an operator deleted", async () => {
    const db = store();
    await seedIfEmpty(db, 40, undefined, quiet);
    const seeded = holds(db);
    expect(seeded.trips).toBeGreaterThan(0);
    expect(seeded.banners).toBeGreaterThan(0);
    expect(seeded.landingBoxes).toBeGreaterThan(0);
    db.delete(banners).run();
    db.delete(landingBoxes).run();
    await seedIfEmpty(db, 40, undefined, quiet);
    expect(holds(db)).toEqual({ trips: seeded.trips, banners: 0, landingBoxes: 0 });
  });

  it("adds no demo banners or boxes to a store whose trips an operator imported", async () => {
    const db = store();
    await importLines(db, [trip()]);
    const lines: string[] = [];
    await seedIfEmpty(db, 40, undefined, (line) => lines.push(line));
    expect(holds(db)).toEqual({ trips: 1, banners: 0, landingBoxes: 0 });
    expect(lines).toEqual([]);
  });

  it("adds nothing with DEMO_TRIPS=0", async () => {
    const db = store();
    await seedIfEmpty(db, 0, undefined, quiet);
    expect(holds(db)).toEqual({ trips: 0, banners: 0, landingBoxes: 0 });
  });
});
