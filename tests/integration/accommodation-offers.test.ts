import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/domain/url-codec";
import type { SearchEngine } from "~/search/types";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { TypesenseEngine } from "~/search/typesense/engine";
import { generateDemoFeed } from "../../cli/demo/generate";
import { importLines, tempDb } from "../support/db";
import { FakeTypesense } from "../support/fake-typesense";
import { trip } from "../support/feed";
import { seededRandom } from "../support/random";
import { randomQueryString, type Vocabulary } from "../support/random-query";
import { dropAliasFamily, liveTypesense, testAlias, type TypesenseServer } from "../support/typesense";

// SearchEngine.accommodationOffers (the accommodation page) on every engine must answer exactly as
// the plain-SQL oracle: the same trips in the same order, null for an accommodation without
// offers. Random queries (every param, the area ignored) on accommodations that have trips for
// the query's party, some unknown ids, and one accommodation with more offers than one Typesense
// page holds. Typesense runs against the live server when TYPESENSE_URL is set, else the fake.

const TODAY = "2026-12-01";
const QUERIES = 400;
const BATCH = 50;
const CROWDED = "hotel-crowded";

const { db } = tempDb();
let reference: ReferenceSqlEngine;
let embedded: EmbeddedEngine;
let cases: Array<{ id: string; qs: URLSearchParams }> = [];

// 320 offers for 2 persons at one accommodation over four departures, prices with ties.
const crowded = Array.from({ length: 320 }, (_, n) =>
  trip({
    id: `crowded-${String(n).padStart(3, "0")}`,
    travelCompany: n % 3 ? { slug: "alpetours", name: "Alpetours" } : { slug: "snowco", name: "Snowco" },
    accommodation: { id: CROWDED, name: "Hotel Fuldt Hus" },
    departureDate: ["2027-01-09", "2027-01-16", "2027-02-13", "2027-03-06"][n % 4],
    price: 9000 + (n % 17) * 250,
    pricePerPerson: 4500 + (n % 17) * 125,
  }),
);

beforeAll(async () => {
  await importLines(db, [...generateDemoFeed({ trips: 12_000, seed: 11, season: 2026 }), ...crowded]);
  reference = new ReferenceSqlEngine(db);
  embedded = new EmbeddedEngine(db);
  const s = db.$client;
  const slugs = (sql: string, ...params: unknown[]) =>
    s
      .prepare(sql)
      .pluck()
      .all(...params) as string[];
  const vocabulary: Vocabulary = {
    destinations: [...slugs("SELECT slug FROM resorts"), ...slugs("SELECT slug FROM regions"), ...slugs("SELECT slug FROM countries")],
    tags: slugs("SELECT slug FROM tags"),
    mealPlans: slugs("SELECT slug FROM meal_plans"),
    features: slugs("SELECT value FROM features"),
    companies: slugs("SELECT slug FROM travel_companies"),
    departureDates: slugs("SELECT DISTINCT departure_date FROM trips ORDER BY 1"),
  };
  const rng = seededRandom(15);
  cases = Array.from({ length: QUERIES }, (_, n) => {
    const qs = randomQueryString(rng, vocabulary);
    // A third keep only the party and the arrival, so enough cases have offers to compare.
    if (n % 3 === 2)
      for (const key of [...qs.keys()]) if (!["adultCount", "childrenCount", "weeks", "months"].includes(key)) qs.delete(key);
    if (n % 10 === 0) return { id: rng.pick(["ukendt-ophold", "", "x".repeat(300)]), qs };
    if (n % 10 === 1) return { id: CROWDED, qs };
    const persons = Number(qs.get("adultCount") ?? 2) + Number(qs.get("childrenCount") ?? 0);
    const ids = slugs("SELECT DISTINCT accommodation_id FROM trips WHERE available = 1 AND persons = ? ORDER BY 1", persons);
    return { id: ids.length ? rng.pick(ids) : "ukendt-ophold", qs };
  });
});

function compareBatches(engine: () => SearchEngine) {
  let found = 0;
  for (let from = 0; from < QUERIES; from += BATCH) {
    it(`gives the reference's offers for random accommodations and queries ${from + 1}–${from + BATCH} of ${QUERIES}`, async () => {
      for (let n = from; n < from + BATCH; n++) {
        const { id, qs } = cases[n];
        const { searchData } = parseSearchQuery(qs);
        const [a, b] = await Promise.all([
          engine().accommodationOffers(id, searchData, TODAY),
          reference.accommodationOffers(id, searchData, TODAY),
        ]);
        expect(a, `case ${n}: ${id} ?${qs}`).toEqual(b);
        if (b && b.trips.length > 0) found++;
      }
    });
  }
  it("compared mostly answers with offers (or the cases above prove little)", () => {
    expect(found).toBeGreaterThan(QUERIES * 0.25);
  });
}

describe("embedded engine ≡ reference SQL: one accommodation's offers", () => {
  compareBatches(() => embedded);

  it("answers null for an unknown accommodation and every offer of the crowded one, in order", async () => {
    expect(await embedded.accommodationOffers("ukendt-ophold", parseSearchQuery(new URLSearchParams()).searchData, TODAY)).toBeNull();
    const all = await embedded.accommodationOffers(
      CROWDED,
      parseSearchQuery(new URLSearchParams("destinationSlugs=tirol")).searchData,
      TODAY,
    );
    expect(all?.accommodation.name).toBe("Hotel Fuldt Hus");
    expect(all?.trips).toHaveLength(320);
    const keys = all!.trips.map((t) => [t.departureDate, t.price, t.id] as const);
    const sorted = [...keys].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || (x[2] < y[2] ? -1 : 1)));
    expect(keys).toEqual(sorted);
  });
});

describe("typesense ≡ reference SQL: one accommodation's offers", () => {
  const live = liveTypesense();
  const alias = testAlias("offers");
  let fake: FakeTypesense | undefined;
  let server: TypesenseServer;
  let typesense: TypesenseEngine;

  beforeAll(async () => {
    if (!live) fake = await new FakeTypesense().start();
    server = live ?? { url: fake!.url, apiKey: fake!.apiKey };
    typesense = new TypesenseEngine({ db, ...server, alias });
    await typesense.start();
  }, 120_000);
  afterAll(async () => {
    typesense?.stop();
    if (server) await dropAliasFamily(server, alias);
    await fake?.stop();
  });

  compareBatches(() => typesense);
});
