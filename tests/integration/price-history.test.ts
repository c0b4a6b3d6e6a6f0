import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { importFeed } from "../../cli/import-feed";
import { PACING } from "../../cli/apply/sides";
import { todayInDenmark } from "../../app/domain/dates";
import { priceDropText } from "../../app/domain/price-history";
import { cheapestPriceByImport, priceDrops } from "../../app/services/offers/price-history.server";
import { feedStream, importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";
import type { FeedLine } from "../../cli/feed-schema";

// The price history an import records (cli/apply/price-history.ts) and how it is read
// (app/services/offers/price-history.server.ts): first price, changes only, leaving the sale,
// nothing from an unchanged re-import, nothing visible from a killed one.

const D1 = new Date("2026-12-01T06:00:00Z");
const D2 = new Date("2026-12-03T06:00:00Z");
const D3 = new Date("2026-12-05T06:00:00Z");
const offer = (id: string, price: number, patch: Parameters<typeof trip>[0] = {}): FeedLine =>
  trip({ id, price, pricePerPerson: price / 2, originalPrice: null, url: `https://alpetours.example.dk/${id}`, ...patch });
const dirs: string[] = [];
function fresh() {
  const t = tempDb();
  dirs.push(t.dir);
  return t.db;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const rowCount = (db: ReturnType<typeof fresh>) => db.$client.prepare("SELECT count(*) FROM price_history").pluck().get() as number;
/** What the imports recorded for one offer, oldest first: [price, price per person, day]. */
const recorded = (db: ReturnType<typeof fresh>, tripId: string) =>
  (
    db.$client
      .prepare("SELECT price, price_per_person AS perPerson, recorded_at AS at FROM price_history WHERE trip_id = ? ORDER BY version")
      .all(tripId) as Array<{ price: number | null; perPerson: number | null; at: number }>
  ).map((r) => [r.price, r.perPerson, todayInDenmark(new Date(r.at))]);

describe("price history", () => {
  it("records the first price and each change, nothing for an unchanged re-import, and reads the drop", async () => {
    const db = fresh();
    await importLines(db, [offer("a", 12000), offer("b", 9000)], D1);
    expect(rowCount(db)).toBe(2);
    expect(recorded(db, "a")).toEqual([[12000, 6000, "2026-12-01"]]);
    // A first price is no drop.
    expect(priceDrops(db, ["a", "b"]).size).toBe(0);

    const same = await importLines(db, [offer("a", 12000), offer("b", 9000)], D2);
    expect(same.changed).toBe(false);
    expect(rowCount(db)).toBe(2);

    // Another field changes (the URL): an update, but the price is the same, so no row.
    await importLines(db, [offer("a", 12000, { url: "https://alpetours.example.dk/a2" }), offer("b", 9000)], D2);
    expect(rowCount(db)).toBe(2);

    await importLines(db, [offer("a", 10800, { url: "https://alpetours.example.dk/a2" }), offer("b", 9000)], D2);
    expect(rowCount(db)).toBe(3);
    const drops = priceDrops(db, ["a", "b", "unknown"]);
    expect([...drops.keys()]).toEqual(["a"]);
    expect(drops.get("a")).toEqual({ price: 10800, previousPrice: 12000, previousPricePerPerson: 6000, since: "2026-12-03" });
    expect(priceDropText(drops.get("a")!)).toBe("Prisen er faldet 1.200 kr. siden 3. dec.");
    // Read again at the same version (from what the first read kept), in another order and mix.
    expect(Object.fromEntries(priceDrops(db, ["unknown", "b", "a"]))).toEqual(Object.fromEntries(drops));
    expect(priceDrops(db, ["b"]).size).toBe(0);

    // A rise is a change but not a drop.
    await importLines(db, [offer("a", 11000, { url: "https://alpetours.example.dk/a2" }), offer("b", 9000)], D3);
    expect(recorded(db, "a")).toEqual([
      [12000, 6000, "2026-12-01"],
      [10800, 5400, "2026-12-03"],
      [11000, 5500, "2026-12-05"],
    ]);
    expect(priceDrops(db, ["a"]).size).toBe(0);
  });

  it("charts the cheapest price of an accommodation and party at each import, offers leaving the sale included", async () => {
    const db = fresh();
    await importLines(db, [offer("a", 12000), offer("b", 9000), offer("four", 10000, { persons: 4, pricePerPerson: 2500 })], D1);
    await importLines(db, [offer("a", 8000), offer("b", 9000), offer("four", 10000, { persons: 4, pricePerPerson: 2500 })], D2);
    expect([...priceDrops(db, ["a"]).keys()]).toEqual(["a"]);
    // More offers than the reader keeps between pages (an e-mail batch may ask for that many).
    const many = [...Array.from({ length: 60_000 }, (_, k) => `x${k}`), "a"];
    expect([...priceDrops(db, many).keys()]).toEqual(["a"]);
    // a leaves the sale (every share may go here: the feed is tiny)
    await importFeed(db, feedStream([offer("b", 9000), offer("four", 10000, { persons: 4, pricePerPerson: 2500 })]), {
      now: D3,
      maxRetireShare: 1,
    });
    const chart = cheapestPriceByImport(db, "hotel-aiguille-vt", 2);
    expect(chart.map((p) => [p.date, p.price, p.pricePerPerson])).toEqual([
      ["2026-12-01", 9000, 4500],
      ["2026-12-03", 8000, 4000],
      ["2026-12-05", 9000, 4500],
    ]);
    expect(cheapestPriceByImport(db, "hotel-aiguille-vt", 4).map((p) => p.price)).toEqual([10000]);
    // Off sale: recorded as no price, and no longer a drop.
    expect(recorded(db, "a").at(-1)).toEqual([null, null, "2026-12-05"]);
    expect(priceDrops(db, ["a"]).size).toBe(0);
  });

  it("shows nothing a killed import wrote, and the next change drops it", async () => {
    const db = fresh();
    const lines = (price: number) => Array.from({ length: 1200 }, (_, k) => offer(`t${String(k).padStart(4, "0")}`, price + k));
    await importLines(db, lines(10000), D1);
    const slice = PACING.sliceMs;
    PACING.sliceMs = 0; // one batch per transaction, so the first batches commit before the failure
    let calls = 0;
    try {
      await expect(
        importFeed(db, feedStream(lines(9000)), {
          now: D2,
          onApply: () => {
            if (++calls === 3) throw new Error("dræbt");
          },
        }),
      ).rejects.toThrow("dræbt");
    } finally {
      PACING.sliceMs = slice;
    }
    // Rows of the dead change are stored but above the live version: not read.
    expect(db.$client.prepare("SELECT count(*) FROM price_history WHERE price < 10000").pluck().get()).toBeGreaterThan(0);
    // (Read, they would be drops.)
    expect(priceDrops(db, ["t0000", "t0001"]).size).toBe(0);
    expect(cheapestPriceByImport(db, "hotel-aiguille-vt", 2).map((p) => p.price)).toEqual([10000]);

    // The next import (unchanged prices but another URL for one offer) clears them and records only its own change.
    const next = lines(10000);
    next[5] = offer("t0005", 10005, { url: "https://alpetours.example.dk/moved" });
    await importLines(db, next, D3);
    expect(db.$client.prepare("SELECT count(*) FROM price_history WHERE price < 10000").pluck().get()).toBe(0);
    expect(rowCount(db)).toBe(1200);
  });
});
