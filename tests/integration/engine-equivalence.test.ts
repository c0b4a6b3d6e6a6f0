import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/domain/url-codec";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { TypesenseEngine } from "~/search/typesense/engine";
import { generateDemoFeed } from "../../cli/demo/generate";
import { importLines, tempDb } from "../support/db";
import { seededRandom } from "../support/random";
import { randomQueryString, type Vocabulary } from "../support/random-query";
import { dropAliasFamily, liveTypesense, testAlias } from "../support/typesense";

// The embedded engine must answer exactly as the plain-SQL oracle: items, their order, counts
// and every facet number, for random queries over every param. With TYPESENSE_URL set (the live
// suite), Typesense must answer the same 600 queries exactly as the embedded engine. The queries
// run in batches, each a test of its own with its own timeout, so a loaded machine slows the
// file down but never pushes one test past its limit.

const TODAY = "2026-12-01";
const QUERIES = 600;
const BATCH = 50;
const rng = seededRandom(2026);
let queryStrings: URLSearchParams[] = [];
let nonEmpty = 0;

const { db } = tempDb();
let embedded: EmbeddedEngine;
let reference: ReferenceSqlEngine;
let vocabulary: Vocabulary;

beforeAll(async () => {
  await importLines(db, generateDemoFeed({ trips: 30_000, seed: 7, season: 2026 }));
  embedded = new EmbeddedEngine(db);
  reference = new ReferenceSqlEngine(db);
  const s = db.$client;
  const slugs = (sql: string) => s.prepare(sql).pluck().all() as string[];
  vocabulary = {
    destinations: [...slugs("SELECT slug FROM resorts"), ...slugs("SELECT slug FROM regions"), ...slugs("SELECT slug FROM countries")],
    tags: slugs("SELECT slug FROM tags"),
    mealPlans: slugs("SELECT slug FROM meal_plans"),
    features: slugs("SELECT value FROM features"),
    companies: slugs("SELECT slug FROM travel_companies"),
    departureDates: slugs("SELECT DISTINCT departure_date FROM trips ORDER BY 1"),
  };
  queryStrings = Array.from({ length: QUERIES }, () => randomQueryString(rng, vocabulary));
});

describe("embedded engine ≡ reference SQL", () => {
  for (let from = 0; from < QUERIES; from += BATCH) {
    it(`gives identical results for random queries ${from + 1}–${from + BATCH} of ${QUERIES}`, async () => {
      for (let n = from; n < from + BATCH; n++) {
        const query = parseSearchQuery(queryStrings[n]);
        const [a, b] = await Promise.all([embedded.search(query, TODAY), reference.search(query, TODAY)]);
        expect(a, `query ${n}: ?${queryStrings[n]}`).toEqual(b);
        if (a.totalCount > 0) nonEmpty++;
      }
    });
  }

  it("ran mostly searches that find something (or the queries above prove little)", () => {
    expect(nonEmpty).toBeGreaterThan(QUERIES * 0.5);
  });

  it("answers the histogram's facet call like the full search", async () => {
    const rng = seededRandom(99);
    for (let n = 0; n < 50; n++) {
      const query = parseSearchQuery(randomQueryString(rng, vocabulary));
      const fields = ["priceRange", "pricePerPersonRange"];
      const [a, b] = await Promise.all([
        embedded.facetNumbers(query.searchData, query.sort, fields, TODAY),
        reference.facetNumbers(query.searchData, query.sort, fields, TODAY),
      ]);
      expect(a).toEqual(b);
    }
  });
});

const live = liveTypesense();

describe.runIf(live)("typesense ≡ embedded engine (the live server at TYPESENSE_URL)", () => {
  const alias = testAlias("equivalence");
  let typesense: TypesenseEngine;

  beforeAll(async () => {
    typesense = new TypesenseEngine({ db, ...live!, alias });
    await typesense.start();
  });
  afterAll(async () => {
    typesense?.stop();
    await dropAliasFamily(live!, alias);
  });

  for (let from = 0; from < QUERIES; from += BATCH) {
    it(`gives identical results for random queries ${from + 1}–${from + BATCH} of ${QUERIES}`, async () => {
      for (let n = from; n < from + BATCH; n++) {
        const query = parseSearchQuery(queryStrings[n]);
        const [a, b] = await Promise.all([typesense.search(query, TODAY), embedded.search(query, TODAY)]);
        expect(a, `query ${n}: ?${queryStrings[n]}`).toEqual(b);
      }
    });
  }

  it("answers the histogram's facet call like the embedded engine", async () => {
    const rng = seededRandom(99);
    for (let n = 0; n < 50; n++) {
      const query = parseSearchQuery(randomQueryString(rng, vocabulary));
      const fields = ["priceRange", "pricePerPersonRange"];
      const [a, b] = await Promise.all([
        typesense.facetNumbers(query.searchData, query.sort, fields, TODAY),
        embedded.facetNumbers(query.searchData, query.sort, fields, TODAY),
      ]);
      expect(a).toEqual(b);
    }
  });

  it("gives the embedded engine's map points for every tenth query, in both price types", async () => {
    for (let n = 0; n < QUERIES; n += 10) {
      const query = parseSearchQuery(queryStrings[n]);
      const priceMode = n % 20 ? "total" : "perPerson";
      const [a, b] = await Promise.all([typesense.mapPoints(query, priceMode, TODAY), embedded.mapPoints(query, priceMode, TODAY)]);
      expect(a, `query ${n}: ?${queryStrings[n]}`).toEqual(b);
    }
  });
});
