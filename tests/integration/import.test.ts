import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { readGeneration } from "../../db/generation";
import { FEED_LIMITS, STORE_LIMITS } from "../../app/domain/constants";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { findOffer } from "~/services/offers/offers.server";
import { importFeed, UnusableFeedError, type CatalogueWarning, type ImportOptions, type Rejection } from "../../cli/import-feed";
import { runCatalogueSet, runCatalogueShow } from "../../cli/commands/catalogue";
import { runRetire } from "../../cli/commands/retire";
import { ARRIVALS_IN_SWITCH } from "../../cli/import/plan";
import { openDb } from "../../db/client";
import { feedStream, importLines, tempDb } from "../support/db";
import { ROOT, runIndexer, runShell, startIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import type { FeedLine } from "../../cli/feed-schema";

const EMBEDDED = { searchEngine: "embedded", typesense: undefined } as const;

function count(db: Db, where = "1") {
  return db.$client.prepare(`SELECT count(*) FROM trips WHERE ${where}`).pluck().get() as number;
}

/** Imports `lines` and collects what the import reported. */
async function imported(db: Db, lines: Array<FeedLine | string>, opts: ImportOptions = {}) {
  const rejected: Rejection[] = [];
  const warnings: CatalogueWarning[] = [];
  const summary = await importFeed(db, feedStream(lines), {
    ...opts,
    onRejected: (r) => rejected.push(r),
    onWarning: (w) => warnings.push(w),
  });
  return { summary, rejected, warnings, reasons: Object.fromEntries(rejected.map((r) => [r.lineNo, r.reason])) };
}

const bjerg = { slug: "bjergrejser", name: "Bjergrejser" };

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

  it("keeps first-seen times, retires vanished offers per company, and changes nothing on an unchanged re-import", async () => {
    const { db } = tempDb();
    const a1 = trip({ id: "a-1" });
    const a2 = trip({ id: "a-2", departureDate: "2027-02-20" });
    const b1 = trip({ id: "b-1", travelCompany: bjerg });
    const first = await importLines(db, [a1, a2, b1], new Date("2026-11-01T10:00:00Z"));
    expect(first).toMatchObject({ added: 3, unchanged: 0, unavailable: 0, changed: true });

    const again = await importLines(db, [a1, a2, b1], new Date("2026-11-02T10:00:00Z"));
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3, unavailable: 0, rejected: 0, changed: false });
    expect(again.generation).toBe(first.generation);
    expect(readGeneration(db)).toBe(first.generation);

    // Alpetours' feed drops a-2 (half its offers: allowed here) and changes a-1's price; Bjergrejser is not in this file.
    const cheaper = { ...a1, price: 10000, pricePerPerson: 5000 };
    const third = await importFeed(db, feedStream([cheaper]), { now: new Date("2026-11-03T10:00:00Z"), maxRetireShare: 1 });
    expect(third).toMatchObject({ added: 0, updated: 1, unchanged: 0, unavailable: 1, generation: first.generation + 1 });
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
    // The staging file is gone and the lock released: the next import runs.
    expect((await importLines(db, [trip({ id: "kept" })])).unchanged).toBe(1);
  });

  it("refuses an empty feed and a feed without one valid line", async () => {
    const { db } = tempDb();
    await expect(importFeed(db, feedStream([]))).rejects.toThrow(/tomt/);
    await expect(importFeed(db, feedStream(["nonsense", "{}"]))).rejects.toThrow(/Ingen gyldige linjer/);
  });
});

describe('a feed that is not UTF-8 text (docs/feed.md "Lines")', () => {
  const feed = [trip({ id: "e-1", accommodation: { name: "Hôtel Fjällgård" } }), trip({ id: "e-2" })]
    .map((l) => JSON.stringify(l) + "\n")
    .join("");

  it.each([
    ["gzip", zlib.gzipSync(feed), /^Feedet er gzip-komprimeret: pak det ud \(gunzip FIL\)/],
    ["UTF-16 with a byte order mark", Buffer.from("\ufeff" + feed, "utf16le"), /^Feedet er kodet som UTF-16 \(little-endian\), ikke UTF-8/],
    ["UTF-16 big-endian without one", Buffer.from(feed, "utf16le").swap16(), /^Feedet er kodet som UTF-16 \(big-endian\), ikke UTF-8/],
    ["Latin-1", Buffer.from(feed, "latin1"), /^Feedet er ikke UTF-8: linje 1 har byten 0xF4, .* det ligner Latin-1 eller Windows-1252/],
  ])("refuses %s as a whole, naming it, and writes nothing", async (_kind, bytes, message) => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "kept" })]);
    const rejected: Rejection[] = [];
    // In chunks, as a file is read: the start is looked at across them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, k) => bytes.subarray(k * 7, k * 7 + 7));
    const error = await importFeed(db, Readable.from(chunks), { onRejected: (r) => rejected.push(r) }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(UnusableFeedError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/ Intet blev importeret\.$/);
    expect(rejected).toEqual([]);
    expect(db.$client.prepare("SELECT id FROM trips").pluck().all()).toEqual(["kept"]);
  });

  it("still imports a UTF-8 feed with a byte order mark", async () => {
    const { db } = tempDb();
    const summary = await importFeed(db, Readable.from([Buffer.from("\ufeff" + feed)]));
    expect(summary).toMatchObject({ added: 2, rejected: 0 });
  });
});

describe("offers per company", () => {
  it("keys an offer by (company, its id): another company's line with the same id is its own offer and retires only its own", async () => {
    const { db } = tempDb();
    const mine = trip({ id: "x-1", url: "https://alpetours.example.dk/x-1" });
    await importLines(db, [mine]);
    const before = db.$client.prepare("SELECT * FROM trips WHERE company_slug = 'alpetours'").all();

    const theirs = trip({ id: "x-1", travelCompany: bjerg, price: 9000, pricePerPerson: 4500, url: "https://bjergrejser.example.dk/x-1" });
    const { summary } = await imported(db, [theirs]);
    expect(summary).toMatchObject({ added: 1, updated: 0, unavailable: 0 });
    expect(db.$client.prepare("SELECT * FROM trips WHERE company_slug = 'alpetours'").all()).toEqual(before);
    // The first offer keeps the public id (links, saved trips); the newcomer gets one of its own.
    expect(findOffer(db, "x-1")).toMatchObject({ companySlug: "alpetours", url: "https://alpetours.example.dk/x-1" });
    expect(findOffer(db, "bjergrejser:x-1")).toMatchObject({ companySlug: "bjergrejser", url: "https://bjergrejser.example.dk/x-1" });

    // Bjergrejser's next feed lacks x-1: only its own x-1 leaves the sale.
    await imported(db, [trip({ id: "y-1", travelCompany: bjerg })], { maxRetireShare: 1 });
    expect(count(db, "id = 'bjergrejser:x-1' AND available = 0")).toBe(1);
    expect(db.$client.prepare("SELECT * FROM trips WHERE company_slug = 'alpetours'").all()).toEqual(before);
  });

  it("gives a new offer its own id when no earlier line or stored offer has it, else <company>:<id>, :2, … in line order", async () => {
    const { db } = tempDb();
    const snow = { slug: "snerejser", name: "Snerejser" };
    const stored = [trip({ id: "z-1" }), trip({ id: "alpetours:z-2", travelCompany: snow })];
    await importLines(db, stored);
    const { summary } = await imported(db, [
      ...stored,
      trip({ id: "z-2", travelCompany: bjerg, url: "https://bjergrejser.example.dk/z-2" }),
      trip({ id: "z-2", url: "https://alpetours.example.dk/z-2" }),
      trip({ id: "z-1", travelCompany: bjerg, url: "https://bjergrejser.example.dk/z-1" }),
      trip({ id: "z-3", travelCompany: snow, url: "https://snerejser.example.dk/z-3" }),
    ]);
    expect(summary).toMatchObject({ added: 4, updated: 0, unchanged: 2, rejected: 0 });
    const ids = db.$client.prepare("SELECT url, id FROM trips WHERE company_slug <> 'snerejser' OR feed_id = 'z-3'").raw().all();
    expect(Object.fromEntries(ids as Array<[string, string]>)).toEqual({
      [trip().url]: "z-1",
      "https://bjergrejser.example.dk/z-2": "z-2",
      // Bjergrejser's earlier line has z-2, and alpetours:z-2 is Snerejser's offer's public id.
      "https://alpetours.example.dk/z-2": "alpetours:z-2:2",
      "https://bjergrejser.example.dk/z-1": "bjergrejser:z-1",
      "https://snerejser.example.dk/z-3": "z-3",
    });
  });

  it("rejects a repeated offer in one file with both line numbers, and its offer keeps its last good state", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "d-1" }), trip({ id: "d-2", departureDate: "2027-02-20" })]);
    const { summary, reasons } = await imported(db, [
      trip({ id: "d-1", price: 10000, pricePerPerson: 5000 }),
      trip({ id: "d-2", departureDate: "2027-02-20" }),
      trip({ id: "d-1", price: 9000, pricePerPerson: 4500 }),
      trip({ id: "d-1", travelCompany: bjerg }),
    ]);
    expect(reasons[1]).toMatch(/id "d-1" fra rejseselskabet alpetours står også i linje 3/);
    expect(reasons[3]).toMatch(/id "d-1" fra rejseselskabet alpetours står også i linje 1/);
    expect(summary).toMatchObject({ rejected: 2, added: 1, unchanged: 1, unavailable: 0 });
    expect(db.$client.prepare("SELECT price, available FROM trips WHERE id = 'd-1'").get()).toEqual({ price: 11980, available: 1 });
  });
});

describe("limits per line", () => {
  const big = Array.from({ length: 21 }, (_, k) => ({ value: `f${k}`, name: `Facilitet ${k}` }));
  const cases: Array<[string, Partial<FeedLine> | Record<string, unknown>, RegExp]> = [
    ["21 features", { accommodation: { features: big } }, /^accommodation\.features: højst 20 faciliteter/],
    ["11 tags", { accommodation: { tags: Array.from({ length: 11 }, (_, k) => `t${k}`) } }, /^accommodation\.tags: højst 10 kategorier/],
    ["a 101-character name", { accommodation: { name: "x".repeat(101) } }, /^accommodation\.name: er for lang \(højst 100 tegn\)/],
    [
      "a name with a control character",
      { travelCompany: { name: "Alpe\u0007tours" } },
      /^travelCompany\.name: må ikke indeholde kontroltegn/,
    ],
    ["a 61-character slug", { mealPlan: { slug: "h".repeat(61) } }, /^mealPlan\.slug: skal være en slug \(1 til 60 tegn/],
    ["a 121-character id", { id: "i".repeat(121) }, /^id: skal være et id \(1 til 120 tegn/],
    ["a javascript: URL", { url: "javascript:alert(1)" }, /^url: skal begynde med http:\/\/ eller https:\/\//],
    ["a URL with a password", { url: "https://user:pw@evil.example/" }, /^url: må ikke indeholde brugernavn eller adgangskode/],
    ["a URL with a line break", { url: "https://example.dk/a\nb" }, /^url: må ikke indeholde kontroltegn/],
    ["a 2,001-character URL", { url: `https://example.dk/${"a".repeat(1982)}` }, /^url: er for lang \(højst 2\.000 tegn\)/],
    ["an image that is no URL", { accommodation: { imageUrl: "billede.jpg" } }, /^accommodation\.imageUrl: skal være en absolut URL/],
    ["13 persons", { persons: 13, price: 77870, originalPrice: null }, /^persons: /],
    ["31 nights", { nights: 31, skiPass: { included: false, days: 0 } }, /^nights: skal være 1 til 30/],
    ["ski-pass days beyond the stay", { skiPass: { included: true, days: 365 } }, /^skiPass\.days: må højst være 8: opholdet er 7 nætter/],
    ["a ski pass of no days", { skiPass: { included: true, days: 0 } }, /^skiPass\.days: skal være mindst 1/],
    [
      "a price that is not pricePerPerson × persons",
      { price: 20000, originalPrice: null },
      /^price: passer ikke med pricePerPerson × persons \(11\.980\)/,
    ],
    ["a departure decades away", { departureDate: "2099-02-14" }, /^departureDate: skal ligge mellem \d{4}-\d\d-\d\d og \d{4}-\d\d-\d\d/],
    ["a departure years ago", { departureDate: "2020-02-15" }, /^departureDate: skal ligge mellem/],
  ];
  for (const [what, patch, reason] of cases) {
    it(`rejects ${what} with a Danish reason`, async () => {
      const { db } = tempDb();
      const { reasons } = await imported(db, [trip({ id: "ok" }), trip({ id: "bad", ...patch } as Partial<FeedLine>)]);
      expect(reasons[2]).toMatch(reason);
      expect(count(db)).toBe(1);
    });
  }

  it("accepts a price within the stated tolerance and stores URLs as encoded", async () => {
    const { db } = tempDb();
    const { summary } = await imported(db, [
      trip({ id: "rounded", persons: 3, price: 17970, pricePerPerson: 5990.33, originalPrice: null, url: "https://example.dk/rejse æ" }),
    ]);
    expect(summary.rejected).toBe(0);
    expect(db.$client.prepare("SELECT url FROM trips").pluck().get()).toBe("https://example.dk/rejse%20%C3%A6");
  });
});

describe("store-wide limits", () => {
  it("refuses a whole feed that would put more meal plans on sale than the store holds, naming the limit", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "kept" })]);
    const lines = Array.from({ length: STORE_LIMITS.mealPlans }, (_, k) =>
      trip({ id: `m-${k}`, travelCompany: bjerg, mealPlan: { slug: `pension-${k}`, title: `Pension ${k}`, short: `P${k}` } }),
    );
    await expect(importFeed(db, feedStream(lines))).rejects.toThrow(
      `efter importen ville databasen have 21 pensionstyper (grænsen er ${STORE_LIMITS.mealPlans})`,
    );
    expect(db.$client.prepare("SELECT id FROM trips").pluck().all()).toEqual(["kept"]);
    expect(db.$client.prepare("SELECT count(*) FROM meal_plans").pluck().get()).toBe(1);
  });

  for (const [kind, label, perLine] of [
    ["features", "faciliteter", FEED_LIMITS.featuresPerAccommodation],
    ["tags", "kategorier", FEED_LIMITS.tagsPerAccommodation],
  ] as const) {
    it(`refuses a whole feed that would put more ${kind} on sale than the store holds, counting another company's`, async () => {
      const { db } = tempDb();
      await importLines(db, [trip({ id: "kept" })]);
      // The kept offer's accommodation has two of each; this feed brings the rest and one more, a few per accommodation.
      const fresh = Array.from({ length: STORE_LIMITS[kind] - 1 }, (_, k) => `ny-${k}`);
      const lines = Array.from({ length: Math.ceil(fresh.length / perLine) }, (_, a) => {
        const mine = fresh.slice(a * perLine, (a + 1) * perLine);
        return trip({
          id: `s-${a}`,
          travelCompany: bjerg,
          accommodation: {
            id: `sted-${a}`,
            ...(kind === "features" ? { features: mine.map((value) => ({ value, name: value })), tags: [] } : { tags: mine, features: [] }),
          },
        });
      });
      await expect(importFeed(db, feedStream(lines))).rejects.toThrow(
        `efter importen ville databasen have ${STORE_LIMITS[kind] + 1} ${label} (grænsen er ${STORE_LIMITS[kind]})`,
      );
      expect(db.$client.prepare("SELECT id FROM trips").pluck().all()).toEqual(["kept"]);
      // One fewer fits.
      const { summary } = await imported(db, lines.slice(0, -1));
      expect(summary).toMatchObject({ added: lines.length - 1, rejected: 0 });
    });
  }

  it("refuses a feed naming more companies than the store may hold before reading on", async () => {
    const { db } = tempDb();
    const lines = Array.from({ length: STORE_LIMITS.companies + 1 }, (_, k) =>
      trip({ id: `c-${k}`, travelCompany: { slug: `selskab-${k}`, name: `Selskab ${k}` } }),
    );
    await expect(importFeed(db, feedStream(lines))).rejects.toThrow(`Feedet nævner flere end ${STORE_LIMITS.companies} rejseselskaber`);
    expect(count(db)).toBe(0);
  });

  it("shrinks the vocabularies with the offers for sale", async () => {
    const { db } = tempDb();
    const allInclusive = { slug: "all-inclusive", title: "All inclusive", short: "AI" };
    const spa = { value: "spa", name: "Spa" };
    await importLines(db, [
      trip({ id: "a" }),
      trip({ id: "b", mealPlan: allInclusive, accommodation: { id: "spa-hotel", features: [spa] } }),
    ]);
    const options = async () => new EmbeddedEngine(db).options();
    expect((await options()).mealPlanTypes.map((m) => m.slug)).toEqual(["all-inclusive", "halvpension"]);
    await importFeed(db, feedStream([trip({ id: "a" })]), { maxRetireShare: 1 });
    const after = await options();
    expect(after.mealPlanTypes.map((m) => m.slug)).toEqual(["halvpension"]);
    expect(after.accommodationFeatures.map((f) => f.value)).toEqual(["pool", "sauna"]);
  });
});

describe("the shared catalogue", () => {
  it("keeps the first definition, imports a disagreeing line against it and warns with the line number", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "first" })]);
    const { summary, warnings } = await imported(db, [
      trip({ id: "b-1", travelCompany: bjerg }),
      trip({
        id: "b-2",
        travelCompany: bjerg,
        accommodation: {
          name: "Hotel Bjergrejser",
          rating: 5,
          destination: { name: "Val Thorens (Bjergrejser)", region: { name: "Savoie" } },
        },
      }),
    ]);
    expect(summary).toMatchObject({ added: 2, warnings: 1 });
    expect(warnings.map((w) => [w.lineNo, w.message])).toEqual([
      [
        2,
        'overnatningssted "hotel-aiguille-vt": name er "Hotel L\'Aiguille" i kataloget, men "Hotel Bjergrejser" i linjen; katalogets oplysninger gælder',
      ],
      [2, 'overnatningssted "hotel-aiguille-vt": rating er 4 i kataloget, men 5 i linjen; katalogets oplysninger gælder'],
      [
        2,
        'destination "val-thorens": name er "Val Thorens" i kataloget, men "Val Thorens (Bjergrejser)" i linjen; katalogets oplysninger gælder',
      ],
      [2, 'region "les-3-vallees": name er "Les 3 Vallées" i kataloget, men "Savoie" i linjen; katalogets oplysninger gælder'],
    ]);
    expect(db.$client.prepare("SELECT name, rating FROM accommodations").all()).toEqual([{ name: "Hotel L'Aiguille", rating: 4 }]);
    expect(db.$client.prepare("SELECT name FROM resorts").pluck().all()).toEqual(["Val Thorens"]);
    // Scored with the catalogue's four stars, like the first company's offer.
    expect(db.$client.prepare("SELECT DISTINCT ski_score FROM trips").pluck().all()).toHaveLength(1);
  });

  it("counts every line imported against the catalogue, lines repeating an earlier line's facts too, and reports each disagreement once", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "first" })]);
    const fiveStars = { accommodation: { rating: 5 } };
    const { summary, warnings } = await imported(db, [
      trip({ id: "b-1", travelCompany: bjerg, ...fiveStars }),
      trip({ id: "b-2", travelCompany: bjerg }),
      trip({ id: "b-3", travelCompany: bjerg, ...fiveStars }),
      trip({ id: "b-4", travelCompany: { ...bjerg, name: "Bjerg" }, ...fiveStars }),
    ]);
    expect(summary).toMatchObject({ added: 4, warnings: 3 });
    expect(warnings.map((w) => [w.lineNo, w.message])).toEqual([
      [1, 'overnatningssted "hotel-aiguille-vt": rating er 4 i kataloget, men 5 i linjen; katalogets oplysninger gælder'],
      [4, 'rejseselskab "bjergrejser": name er "Bjergrejser" i kataloget, men "Bjerg" i linjen; katalogets oplysninger gælder'],
    ]);
    expect(db.$client.prepare("SELECT DISTINCT ski_score FROM trips").pluck().all()).toHaveLength(1);
  });

  it("changes a shared fact only by the operator's command, which rescores the offers", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "a" }), trip({ id: "b", travelCompany: bjerg })]);
    const scoreBefore = db.$client.prepare("SELECT ski_score FROM trips WHERE id = 'a'").pluck().get() as number;
    const generation = readGeneration(db);
    expect(await runCatalogueSet(db, "accommodation", "hotel-aiguille-vt", "rating", "2", EMBEDDED)).toBe(0);
    expect(db.$client.prepare("SELECT DISTINCT ski_score FROM trips").pluck().all()).toEqual([scoreBefore - 200]);
    expect(await runCatalogueSet(db, "resort", "val-thorens", "name", "Val Thorens 2300", EMBEDDED)).toBe(0);
    expect(db.$client.prepare("SELECT name FROM resorts").pluck().get()).toBe("Val Thorens 2300");
    expect(readGeneration(db)).toBe(generation + 2);
    expect(await runCatalogueSet(db, "resort", "val-thorens", "region", "findes-ikke", EMBEDDED)).toBe(2);
    expect(await runCatalogueSet(db, "accommodation", "hotel-aiguille-vt", "rating", "9", EMBEDDED)).toBe(2);
  });
});

describe('names (docs/feed.md "Names")', () => {
  it("stores names composed (NFC), and rejects a name one cannot see or with a C1 control", async () => {
    const { db } = tempDb();
    const { summary, reasons } = await imported(db, [
      trip({ id: "nfd", accommodation: { name: "Ha\u0308rjedalen Lodge", destination: { name: "A\u030Are" } } }),
      trip({ id: "zwsp", accommodation: { name: "\u200B\u200B" } }),
      trip({ id: "soft-hyphen", travelCompany: { slug: "bjergrejser", name: "\u00AD \uFEFF" } }),
      trip({ id: "nel", accommodation: { name: "Hotel\u0085Aiguille" } }),
    ]);
    expect(summary).toMatchObject({ added: 1, rejected: 3 });
    expect(db.$client.prepare("SELECT name FROM accommodations").pluck().all()).toEqual(["H\u00E4rjedalen Lodge"]);
    expect(db.$client.prepare("SELECT name FROM resorts").pluck().all()).toEqual(["\u00C5re"]);
    expect(reasons[2]).toBe("accommodation.name: må ikke være tom");
    expect(reasons[3]).toBe("travelCompany.name: må ikke være tom");
    expect(reasons[4]).toBe("accommodation.name: må ikke indeholde kontroltegn");
  });

  it("keeps a company name one company's: a second slug with it is told apart by its slug, with a warning", async () => {
    const { db } = tempDb();
    await importLines(db, [trip({ id: "a-1", travelCompany: { slug: "alpetours", name: "Alpetours" } })]);
    const { summary, warnings } = await imported(db, [
      trip({ id: "a-1", travelCompany: { slug: "alpetours", name: "Alpetours" } }),
      trip({ id: "c-1", travelCompany: { slug: "alpe-tours", name: "ALPETOURS" } }),
      trip({ id: "c-2", travelCompany: { slug: "alpe-tours", name: "ALPETOURS" } }),
    ]);
    expect(summary).toMatchObject({ added: 2, rejected: 0 });
    expect(warnings.map((w) => [w.lineNo, w.message])).toEqual([
      [
        2,
        'rejseselskab "alpe-tours": navnet "ALPETOURS" bruges allerede af rejseselskab "alpetours"; selskabet vises som "ALPETOURS (alpe-tours)", ' +
          "til en operatør giver det et andet navn (indexer catalogue set company alpe-tours name NAVN)",
      ],
      [
        3,
        'rejseselskab "alpe-tours": name er "ALPETOURS (alpe-tours)" i kataloget, men "ALPETOURS" i linjen; katalogets oplysninger gælder',
      ],
    ]);
    const names = () => db.$client.prepare("SELECT slug, name FROM travel_companies ORDER BY slug").all();
    expect(names()).toEqual([
      { slug: "alpe-tours", name: "ALPETOURS (alpe-tours)" },
      { slug: "alpetours", name: "Alpetours" },
    ]);
    // The operator's command keeps the rule too.
    expect(await runCatalogueSet(db, "company", "alpe-tours", "name", "alpetours", EMBEDDED)).toBe(2);
    expect(await runCatalogueSet(db, "company", "alpe-tours", "name", "Alpe Tours", EMBEDDED)).toBe(0);
    expect(names()).toEqual([
      { slug: "alpe-tours", name: "Alpe Tours" },
      { slug: "alpetours", name: "Alpetours" },
    ]);
  });
});

describe("retirement", () => {
  const mine = (k: number, patch: Partial<FeedLine> = {}) =>
    trip({ id: `r-${k}`, departureDate: `2027-02-${String(10 + k).padStart(2, "0")}`, ...patch });

  it("stops a company's part when more than the allowed share of its offers would vanish, and goes on with the rest", async () => {
    const { db } = tempDb();
    await importLines(db, [mine(1), mine(2), mine(3), mine(4), mine(5), trip({ id: "b-1", travelCompany: bjerg })]);
    const { summary } = await imported(
      db,
      [
        mine(1, { price: 9000, pricePerPerson: 4500 }),
        trip({ id: "b-1", travelCompany: bjerg }),
        trip({ id: "b-2", travelCompany: bjerg }),
      ],
      { maxRetireShare: 0.5 },
    );
    expect(summary.stopped).toEqual([expect.objectContaining({ slug: "alpetours", live: 5, vanishing: 4, stopped: true })]);
    expect(count(db, "company_slug = 'alpetours' AND available = 1")).toBe(5);
    expect(db.$client.prepare("SELECT price FROM trips WHERE id = 'r-1'").pluck().get()).toBe(11980);
    // Bjergrejser's part went on.
    expect(summary).toMatchObject({ added: 1, updated: 0, unchanged: 1 });
    expect(count(db, "company_slug = 'bjergrejser' AND available = 1")).toBe(2);
  });

  it("lets a rejected line retire nothing: its offer keeps its last good state", async () => {
    const { db } = tempDb();
    await importLines(db, [mine(1), mine(2), mine(3)]);
    const { summary } = await imported(db, [mine(1), JSON.stringify({ ...mine(2), persons: 99 }), "{not json"]);
    expect(summary).toMatchObject({ rejected: 2, unavailable: 0, retireHeld: true, stopped: [] });
    expect(count(db, "available = 1")).toBe(3);
    // With every rejected line naming its offer, only the truly missing one goes.
    const next = await imported(db, [mine(1), JSON.stringify({ ...mine(2), persons: 99 })], { maxRetireShare: 1 });
    expect(next.summary).toMatchObject({ rejected: 1, unavailable: 1, retireHeld: false });
    expect(db.$client.prepare("SELECT id FROM trips WHERE available = 1 ORDER BY id").pluck().all()).toEqual(["r-1", "r-2"]);
  });
});

describe("the catalogue entries of a large first import", () => {
  const nordlys = { slug: "nordlys", name: "Nordlys" };
  const fjeld = { slug: "fjeld", name: "Fjeldrejser" };
  /** A first feed of a company bringing `hotels` new accommodations (five catalogue rows each: itself and its links to two features and two tags), `perHotel` offers at each. */
  const firstFeed = (hotels: number, perHotel: number): FeedLine[] =>
    Array.from({ length: hotels * perHotel }, (_, k) =>
      trip({
        id: `nordlys-${k}`,
        travelCompany: nordlys,
        accommodation: {
          id: `nordlys-hotel-${k % hotels}`,
          name: `Nordlys Hotel ${k % hotels}`,
          features: [
            { value: `nordlys-facilitet-${(k % hotels) % 40}`, name: `Facilitet ${(k % hotels) % 40}` },
            { value: "sauna", name: "Sauna" },
          ],
          tags: [`nordlys-${(k % hotels) % 20}`, "familievenlig"],
          destination: { slug: "nordlys-by", name: "Nordlys By", region: { slug: "nordlys-fjeld", name: "Nordlys Fjeld" } },
        },
        departureDate: departureInDays(30 + Math.floor(k / hotels)),
        url: `https://nordlys.example.dk/${k}`,
      }),
    );
  const catalogueRows = (db: Db) =>
    ["accommodations", "accommodation_features", "accommodation_tags", "features", "tags", "resorts", "regions", "countries"].map(
      (table) => db.$client.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
    );
  const hotelZero = (db: Db) =>
    db.$client.prepare("SELECT name, rating, resort_slug AS resort FROM accommodations WHERE id = 'nordlys-hotel-0'").get();

  it("adds them before the switch in short transactions of their own when they pass what the switch holds, and inside it otherwise", async () => {
    const hotels = Math.ceil(ARRIVALS_IN_SWITCH / 5) + 100;
    for (const [hotelCount, ahead] of [
      [hotels, true],
      [50, false],
    ] as const) {
      const { db, file } = tempDb();
      await importLines(db, [trip({ id: "a" })]);
      // What another connection (the web server's) sees committed once every offer is written and before the switch.
      const other = openDb(file);
      let seen: { accommodations: number; nordlysForSale: number } | undefined;
      const lines = firstFeed(hotelCount, 3);
      const { summary } = await imported(db, lines, {
        onApply: (written, total) => {
          if (written === total && total > 0)
            seen = other.$client
              .prepare(
                `SELECT (SELECT count(*) FROM accommodations WHERE id LIKE 'nordlys-%') AS accommodations,
                        (SELECT count(*) FROM trips WHERE company_slug = 'nordlys') AS nordlysForSale`,
              )
              .get() as typeof seen;
        },
      });
      other.$client.close();
      expect(summary).toMatchObject({ added: lines.length, rejected: 0, warnings: 0 });
      expect(seen).toEqual({ accommodations: ahead ? hotelCount : 0, nordlysForSale: 0 });
      expect(hotelCount * 5).toSatisfy((rows: number) => rows > ARRIVALS_IN_SWITCH === ahead);
      expect(count(db, "company_slug = 'nordlys' AND available = 1")).toBe(lines.length);
    }
  });

  /** Starts the CLI's import of a large first feed of Nordlys and kills it (SIGKILL) while it writes the offers. */
  async function killedFirstImport() {
    const { db, dir, file } = tempDb();
    await importLines(db, [trip({ id: "a" })]);
    const before = catalogueRows(db);
    const feed = path.join(dir, "nordlys.ndjson");
    fs.writeFileSync(
      feed,
      firstFeed(1_100, 40)
        .map((l) => JSON.stringify(l))
        .join("\n") + "\n",
    );
    const killed = startIndexer(["import", feed], { DATABASE_URL: file });
    await expect.poll(() => killed.output().stderr, { timeout: 120_000, interval: 20 }).toMatch(/10\.000 af 44\.000 tilbud skrevet/);
    killed.kill();
    expect((await killed.done).signal).toBe("SIGKILL");
    // Its entries were added ahead of the switch and stay behind, named by no offer for sale.
    expect(hotelZero(db)).toEqual({ name: "Nordlys Hotel 0", rating: 4, resort: "nordlys-by" });
    expect(count(db, "company_slug = 'nordlys'")).toBe(0);
    return { db, before };
  }
  const fjeldLine = trip({
    id: "f-1",
    travelCompany: fjeld,
    accommodation: {
      id: "nordlys-hotel-0",
      name: "Fjeldhotellet",
      rating: 3,
      features: [{ value: "sauna", name: "Sauna" }],
      tags: [],
      destination: { slug: "val-thorens" },
    },
  });

  it("drops what a killed import added: the next import defines those entries first, without a warning", async () => {
    const { db, before } = await killedFirstImport();
    const { summary, warnings } = await imported(db, [fjeldLine]);
    expect(warnings).toEqual([]);
    expect(summary).toMatchObject({ added: 1, warnings: 0 });
    expect(hotelZero(db)).toEqual({ name: "Fjeldhotellet", rating: 3, resort: "val-thorens" });
    expect(catalogueRows(db)).toEqual(before.map((n, k) => n + [1, 1, 0, 0, 0, 0, 0, 0][k]));
    expect(db.$client.prepare("SELECT count(*) FROM resorts WHERE slug = 'nordlys-by'").pluck().get()).toBe(0);
  }, 180_000);

  it("drops what a killed import added before catalogue set or retire looks at the catalogue", async () => {
    const { db, before } = await killedFirstImport();
    // `catalogue show` takes no lock and tidies nothing: it leaves out every entry the killed import added, and shows the live ones.
    const shown = (kind: string, key: string) => runCatalogueShow(db, kind, key);
    for (const [kind, key] of [
      ["accommodation", "nordlys-hotel-0"],
      ["resort", "nordlys-by"],
      ["region", "nordlys-fjeld"],
      ["feature", "nordlys-facilitet-0"],
      ["company", "nordlys"],
    ])
      expect(shown(kind, key), `${kind} ${key}`).toBe(2);
    for (const [kind, key] of [
      ["accommodation", "hotel-aiguille-vt"],
      ["resort", "val-thorens"],
      ["country", "frankrig"],
      ["feature", "sauna"],
      ["company", "alpetours"],
      ["meal-plan", "halvpension"],
    ])
      expect(shown(kind, key), `${kind} ${key}`).toBe(0);
    // The operator cannot edit an entry no offer ever made live, and nothing of the killed import is left on either side.
    expect(await runCatalogueSet(db, "accommodation", "nordlys-hotel-0", "rating", "3", EMBEDDED)).toBe(2);
    expect(hotelZero(db)).toBeUndefined();
    expect(catalogueRows(db)).toEqual(before);
    for (const side of ["offers_a", "offers_b"]) {
      expect(db.$client.prepare(`SELECT count(*) FROM ${side} WHERE company_slug = 'nordlys'`).pluck().get()).toBe(0);
    }
    expect(await runRetire(db, "alpetours", EMBEDDED)).toBe(0);
    expect(catalogueRows(db)).toEqual(before);
  }, 180_000);
});

describe("a killed import", () => {
  const TABLES = [
    "offers_a",
    "offers_b",
    "price_history",
    "meta",
    "accommodations",
    "accommodation_features",
    "resorts",
    "travel_companies",
  ];
  // All but the killed import's leases, its lock (until the next command takes it over: cli/apply/lock.ts) and its
  // row as a user of the store (db/store-users.ts), which stay until they turn stale.
  const everything = (db: Db) =>
    TABLES.map((t) =>
      db.$client
        .prepare(`SELECT * FROM ${t} ${t === "meta" ? "WHERE key <> 'indexer_lock' AND key NOT LIKE 'store_user:%'" : ""} ORDER BY rowid`)
        .all(),
    );

  it("parses below the web server's priority, and leaves the store exactly as it was when killed while its parser threads read the feed", async () => {
    const { db, file } = tempDb();
    await importLines(db, [trip({ id: "k-1" }), trip({ id: "k-2", departureDate: departureInDays(40) })]);
    const before = everything(db);

    // From standard input, which stays open: the import is still reading when the 2,000th line's rejection shows (the parsers
    // answer a batch of 1,000 lines while the next ones are read: 6,000 lines are more than they hold in flight).
    const killed = startIndexer(["import", "-"], { DATABASE_URL: file }, 120_000, true);
    const line = (k: number) =>
      k === 1_999
        ? "{nej"
        : JSON.stringify(trip({ id: `k-${k}`, price: 9000 + k * 2, pricePerPerson: 4500 + k, departureDate: departureInDays(50) }));
    killed.child.stdin!.write(Array.from({ length: 6_000 }, (_, k) => line(k)).join("\n") + "\n");
    await expect.poll(() => killed.output().stderr, { timeout: 60_000, interval: 20 }).toMatch(/Linje 2000 afvist: ugyldig JSON/);
    // Batch work: its parser threads run below the web server's priority (nice 10, Linux); the thread that writes
    // (the process's first) keeps its own, so that it never holds the write lock starved.
    const niceOf = (task: string) =>
      Number(fs.readFileSync(`/proc/${killed.child.pid}/task/${task}/stat`, "utf8").split(") ")[1].split(" ")[16]);
    const tasks = fs.readdirSync(`/proc/${killed.child.pid}/task`);
    expect(tasks.filter((t) => niceOf(t) === 10).length).toBeGreaterThanOrEqual(2);
    expect(niceOf(String(killed.child.pid))).toBe(os.getPriority());
    killed.kill();
    expect((await killed.done).signal).toBe("SIGKILL");
    expect(everything(db)).toEqual(before);

    const { summary } = await imported(db, [trip({ id: "k-1" }), trip({ id: "k-2", departureDate: departureInDays(40) }), line(3)]);
    expect(summary).toMatchObject({ added: 1, unchanged: 2, rejected: 0, generation: 2 });
  });
});

describe("indexer CLI", () => {
  // These tests start the CLI twenty times over, each a new Node process compiling TypeScript: a few seconds each on a busy machine.
  const MANY_CLI_RUNS_MS = 300_000;
  const cli = (args: string[], dbFile: string) => runIndexer(args, { DATABASE_URL: dbFile });

  it(
    "exits 0 on a clean feed, 1 with rejected lines or a stopped company, 2 on unusable input",
    async () => {
      const { dir } = tempDb();
      const dbFile = path.join(dir, "cli.db");
      const write = (name: string, lines: Array<FeedLine | string>) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
        return file;
      };
      const ok = await cli(
        ["import", write("clean.ndjson", [trip({ id: "c-1" }), trip({ id: "c-2", departureDate: "2027-02-20" })])],
        dbFile,
      );
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/tilføjet:\s+2/);

      const again = await cli(["import", path.join(dir, "clean.ndjson")], dbFile);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/indeksgeneration: 1 \(uændret: intet at skifte\)/);

      const some = await cli(["import", write("mixed.ndjson", [trip({ id: "c-1" }), "{broken"])], dbFile);
      expect(some.code).toBe(1);
      expect(some.stderr).toContain("Linje 2 afvist: ugyldig JSON");
      expect(some.stderr).toContain("intet tilbud er taget af udbud");
      expect(some.stdout).toMatch(/afvist:\s+1/);
      expect(some.stdout).toMatch(/ikke udbudt:\s+0/);

      const truncated = write("truncated.ndjson", [trip({ id: "c-1" })]);
      const stopped = await cli(["import", truncated], dbFile);
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toMatch(/Rejseselskabet alpetours er ikke importeret: 1 af dets 2 udbudte tilbud \(50\s%\) mangler i feedet/);
      const allowed = await cli(["import", truncated, "--allow-retire"], dbFile);
      expect(allowed.code).toBe(0);
      expect(allowed.stdout).toMatch(/ikke udbudt:\s+1/);

      const retired = await cli(["retire", "alpetours"], dbFile);
      expect(retired.code).toBe(0);
      expect(retired.stdout).toContain("1 tilbud fra Alpetours er taget af udbud");
      expect((await cli(["retire", "findes-ikke"], dbFile)).code).toBe(2);

      const shown = await cli(["catalogue", "show", "accommodation", "hotel-aiguille-vt"], dbFile);
      expect(JSON.parse(shown.stdout)).toMatchObject({ name: "Hotel L'Aiguille", rating: 4, features: ["pool", "sauna"] });

      // A refused feed: one line says why; the history records it with the lines it had.
      const gzipped = path.join(dir, "feed.ndjson.gz");
      fs.writeFileSync(gzipped, zlib.gzipSync(fs.readFileSync(path.join(dir, "clean.ndjson"))));
      const packed = await cli(["import", gzipped], dbFile);
      expect(packed.code).toBe(2);
      expect(packed.stderr).toBe(
        "Fejl: Feedet er gzip-komprimeret: pak det ud (gunzip FIL) og importér den udpakkede fil. Intet blev importeret.\n",
      );
      expect((await cli(["import", write("invalid.ndjson", ["{}", "[]", "nonsense"])], dbFile)).code).toBe(2);
      const history = (await cli(["imports", "--limit", "2"], dbFile)).stdout;
      expect(history).toMatch(
        /invalid\.ndjson {2}3 linjer .*afvist 3,.*\n {4}MISLYKKEDES, intet importeret: Ingen gyldige linjer i feedet/,
      );
      expect(history).toMatch(/feed\.ndjson\.gz {2}0 linjer .*\n {4}MISLYKKEDES, intet importeret: Feedet er gzip-komprimeret/);

      expect((await cli(["import", path.join(dir, "missing.ndjson")], dbFile)).code).toBe(2);
      expect((await cli(["import"], dbFile)).code).toBe(2);
      expect((await cli(["import", truncated, "--max-retire", "120"], dbFile)).code).toBe(2);
      expect((await cli(["frobnicate"], dbFile)).code).toBe(2);
    },
    MANY_CLI_RUNS_MS,
  );

  it(
    "says in Danish what is wrong with the arguments, and takes a negative number as a value",
    async () => {
      const { dir } = tempDb();
      const dbFile = path.join(dir, "args.db");
      expect((await cli(["import", "-", "--bogus"], dbFile)).stderr).toMatch(/^Fejl: ukendt tilvalg: --bogus\n/);
      expect((await cli(["import", "f.ndjson", "--max-retire"], dbFile)).stderr).toMatch(/^Fejl: --max-retire mangler en værdi\n/);
      expect((await cli(["import", "f.ndjson", "--max-retire", "50", "--allow-retire"], dbFile)).stderr).toMatch(
        /^Fejl: brug enten --max-retire eller --allow-retire\n/,
      );
      expect((await cli(["demo", "--trips", "-1"], dbFile)).stderr).toMatch(
        /^Fejl: --trips mangler en værdi \(en værdi, der begynder med -/,
      );
      expect((await cli(["demo", "--trips", "1", "--out", path.join(dir, "no-such-dir", "x.ndjson")], dbFile)).stderr).toMatch(
        /^Fejl: kan ikke skrive til .*x\.ndjson: mappen findes ikke\n/,
      );
      for (const command of ["reindex", "stats", "notify"]) {
        const ran = await cli([command, "extra"], dbFile);
        expect(ran.code, command).toBe(2);
        expect(ran.stderr).toMatch(new RegExp(`^Fejl: ${command} tager ingen argumenter`));
      }
      expect((await cli(["banners", "activate", "abc"], dbFile)).stderr).toMatch(/^Fejl: ID skal være et helt tal over 0, ikke "abc"/);

      const db = openDb(dbFile);
      await imported(db, [trip({ id: "a-1" })]);
      db.$client.close();
      const set = (field: string, value: string) => cli(["catalogue", "set", "accommodation", "hotel-aiguille-vt", field, value], dbFile);
      const west = await set("lng", "-3.5");
      expect(west.code).toBe(0);
      expect(west.stdout).toContain("→ -3.5");
      // A value is checked as a feed line's: no "" as 0, no hexadecimal, the feed's reason.
      for (const [field, value, reason] of [
        ["lat", "", "lat: Ugyldigt input: forventede tal, fik streng"],
        ["lng", "0x10", "lng: Ugyldigt input: forventede tal, fik streng"],
        ["rating", "4.5", "rating: skal være et helt tal"],
      ]) {
        const refused = await set(field, value);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain(`Fejl: ${reason}`);
      }
      expect(JSON.parse((await cli(["catalogue", "show", "accommodation", "hotel-aiguille-vt"], dbFile)).stdout)).toMatchObject({
        lng: -3.5,
        rating: 4,
      });
    },
    MANY_CLI_RUNS_MS,
  );

  it("stops quietly when its output's reader stops early", async () => {
    const { dir } = tempDb();
    const ran = await runShell("node --import tsx cli/main.ts demo --trips 20000 | head -1", {
      DATABASE_URL: path.join(dir, "pipe.db"),
    });
    expect(ran.code).toBe(0);
    expect(ran.stdout.split("\n").filter(Boolean)).toHaveLength(1);
    expect(ran.stderr).not.toMatch(/EPIPE|Error/);
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
