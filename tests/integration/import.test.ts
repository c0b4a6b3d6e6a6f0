import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { importFeed, type Rejection } from "../../indexer/import-feed";
import { feedStream, importLines, tempDb } from "../support/db";
import { ROOT, runIndexer, runShell } from "../support/cli";
import { trip } from "../support/feed";

function count(db: ReturnType<typeof tempDb>["db"], where = "1") {
  return db.$client.prepare(`SELECT count(*) FROM trips WHERE ${where}`).pluck().get() as number;
}

describe("import", () => {
  it("imports every valid line and rejects every broken one with its line number and reason", async () => {
    const { db } = tempDb();
    const huge = JSON.stringify({ ...trip({ id: "huge" }), padding: "x".repeat(10 * 1024 * 1024) });
    const lines: Array<string | Buffer> = [
      JSON.stringify(trip({ id: "ok-1" })),
      "{not json",
      JSON.stringify(trip({ id: "wrong-type", persons: "2" as unknown as number })),
      JSON.stringify({ id: "missing-fields" }),
      JSON.stringify(trip({ id: "negative", price: -5 })),
      JSON.stringify(trip({ id: "teleport", transport: "teleport" as "bus" })),
      JSON.stringify(trip({ id: "rating-9", accommodation: { rating: 9 } })),
      huge,
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      JSON.stringify(trip({ id: "ok-2", persons: 4, price: 20000, pricePerPerson: 5000, originalPrice: null })),
      ...["2027-2-13", "13-02-2027", "2027-13-01", "2027-02-32", "2027-02-30"].map((departureDate, k) =>
        JSON.stringify(trip({ id: `bad-date-${k}`, departureDate })),
      ),
    ];
    const rejected: Rejection[] = [];
    const input = Readable.from(lines.map((l) => Buffer.concat([Buffer.isBuffer(l) ? l : Buffer.from(l), Buffer.from("\n")])));
    const summary = await importFeed(db, input, { onRejected: (r) => rejected.push(r) });

    expect(summary).toMatchObject({ added: 2, updated: 0, unchanged: 0, rejected: 13 });
    expect(rejected.map((r) => r.lineNo)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15]);
    const reasons = Object.fromEntries(rejected.map((r) => [r.lineNo, r.reason]));
    expect(reasons[2]).toBe("ugyldig JSON");
    expect(reasons[3]).toMatch(/^persons: /);
    expect(reasons[4]).toMatch(/travelCompany mangler/);
    expect(reasons[5]).toMatch(/^price: /);
    expect(reasons[6]).toMatch(/^transport: /);
    expect(reasons[7]).toMatch(/^accommodation\.rating: /);
    expect(reasons[8]).toMatch(/for lang/);
    expect(reasons[9]).toMatch(/UTF-8/);
    for (const lineNo of [11, 12, 13, 14, 15]) expect(reasons[lineNo]).toBe("departureDate: skal være en gyldig dato (ÅÅÅÅ-MM-DD)");
    expect(count(db)).toBe(2);
  });

  it("is idempotent, keeps first-seen times and retires vanished offers per company", async () => {
    const { db } = tempDb();
    const a1 = trip({ id: "a-1" });
    const a2 = trip({ id: "a-2", departureDate: "2027-02-20" });
    const b1 = trip({ id: "b-1", travelCompany: { slug: "bjergrejser", name: "Bjergrejser" } });
    const first = await importLines(db, [a1, a2, b1], new Date("2026-11-01T10:00:00Z"));
    expect(first).toMatchObject({ added: 3, unchanged: 0, unavailable: 0 });

    const again = await importLines(db, [a1, a2, b1], new Date("2026-11-02T10:00:00Z"));
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3, unavailable: 0, rejected: 0 });

    // Alpetours' feed drops a-2 and changes a-1's price; Bjergrejser is not in this file.
    const cheaper = { ...a1, price: 10000, pricePerPerson: 5000 };
    const third = await importLines(db, [cheaper], new Date("2026-11-03T10:00:00Z"));
    expect(third).toMatchObject({ added: 0, updated: 1, unchanged: 0, unavailable: 1 });
    expect(count(db, "available = 1")).toBe(2);
    expect(count(db, "id = 'a-2' AND available = 0")).toBe(1);
    expect(count(db, "id = 'b-1' AND available = 1")).toBe(1);
    const firstSeen = db.$client.prepare("SELECT first_seen_at FROM trips WHERE id = 'a-1'").pluck().get();
    expect(firstSeen).toBe(new Date("2026-11-01T10:00:00Z").getTime());

    // A returning offer is available again and keeps its first-seen time.
    const back = await importLines(db, [cheaper, a2], new Date("2026-11-04T10:00:00Z"));
    expect(back).toMatchObject({ updated: 1, unchanged: 1, unavailable: 0 });
    expect(db.$client.prepare("SELECT first_seen_at FROM trips WHERE id = 'a-2'").pluck().get()).toBe(
      new Date("2026-11-01T10:00:00Z").getTime(),
    );
  });

  it("derives the discount and leaves the store untouched when the input fails half-way", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "kept" })]);
    expect(db.$client.prepare("SELECT discount_percentage FROM trips").pluck().get()).toBe(14); // (13980 − 11980) / 13980
    async function* brokenInput() {
      yield JSON.stringify(trip({ id: "never-1" })) + "\n";
      yield JSON.stringify(trip({ id: "never-2" })) + "\n";
      throw new Error("disk read error");
    }
    await expect(importFeed(db, brokenInput())).rejects.toThrow("disk read error");
    expect(db.$client.prepare("SELECT id FROM trips").pluck().all()).toEqual(["kept"]);
    expect(db.$client.inTransaction).toBe(false);
  });

  it("refuses an empty feed and a feed without one valid line", async () => {
    const { db } = tempDb();
    await expect(importFeed(db, feedStream([]))).rejects.toThrow(/tomt/);
    await expect(importFeed(db, feedStream(["nonsense", "{}"]))).rejects.toThrow(/Ingen gyldige linjer/);
  });
});

describe("indexer CLI", () => {
  const cli = (args: string[], dbFile: string) => runIndexer(args, { DATABASE_URL: dbFile });

  it("exits 0 on a clean feed, 1 with rejected lines, 2 on unusable input", async () => {
    const { dir } = tempDb();
    const dbFile = path.join(dir, "cli.db");
    const clean = path.join(dir, "clean.ndjson");
    const mixed = path.join(dir, "mixed.ndjson");
    fs.writeFileSync(clean, JSON.stringify(trip({ id: "c-1" })) + "\n");
    fs.writeFileSync(mixed, JSON.stringify(trip({ id: "c-2" })) + "\n{broken\n");

    const ok = await cli(["import", clean], dbFile);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/tilføjet:\s+1/);

    const some = await cli(["import", mixed], dbFile);
    expect(some.code).toBe(1);
    expect(some.stderr).toContain("Linje 2 afvist: ugyldig JSON");
    expect(some.stdout).toMatch(/afvist:\s+1/);
    expect(some.stdout).toMatch(/ikke udbudt:\s+1/);

    expect((await cli(["import", path.join(dir, "missing.ndjson")], dbFile)).code).toBe(2);
    expect((await cli(["import"], dbFile)).code).toBe(2);
    expect((await cli(["frobnicate"], dbFile)).code).toBe(2);
  });

  it("runs the README's pipeline, demo piped into import, exactly as written there", async () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const pipeline = readme.split("\n").find((line) => / demo .*\| .* import -$/.test(line));
    expect(pipeline, "the README shows `… demo … | … import -`").toBeDefined();
    const { dir } = tempDb();
    const ran = await runShell(pipeline!, { DATABASE_URL: path.join(dir, "pipeline.db") });
    expect(ran.stderr).not.toMatch(/Linje \d+ afvist/);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/tilføjet:\s+[1-9]/);
  });
});
