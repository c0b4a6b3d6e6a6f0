import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { FEED_LIMITS } from "~/domain/constants";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { parseSearchQuery } from "~/domain/url-codec";
import { loader as searchApi } from "~/routes/api/search";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { createEngine, publishSearchIndex } from "~/search/engine.server";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { BUILD_RETRY, type RetryPolicy } from "~/search/typesense/build-requests";
import { TypesenseEngine } from "~/search/typesense/engine";
import { allAccommodations } from "~/search/store-accommodations";
import { collectionSchema, doubleKey, toJsonLine, tripDocuments } from "~/search/typesense/schema";
import { readConfig } from "~/utils/config.server";
import { isSearchUnavailable, SearchUnavailableError, withSearch } from "~/search/unavailable.server";
import { openDb } from "../../db/client";
import { readGeneration } from "../../db/generation";
import { generateDemoFeed } from "../../cli/demo/generate";
import { runCatalogueSet } from "../../cli/commands/catalogue";
import { runIndexer, runServer } from "../support/cli";
import { testContext } from "../support/context";
import { importLines, tempDb } from "../support/db";
import { FakeTypesense, LIMITS } from "../support/fake-typesense";
import { trip } from "../support/feed";
import { seededRandom } from "../support/random";
import { randomQueryString, type Vocabulary } from "../support/random-query";
import {
  aliasFamily,
  aliasTarget,
  collectionsStartingWith,
  createCollection,
  createKey,
  dropAliasFamily,
  dropKeysDescribed,
  exportDocuments,
  startTypesense,
  TEST_PREFIX,
  testAlias,
  type TypesenseServer,
} from "../support/typesense";

// The Typesense engine against the in-process fake server, which keeps Typesense's documented
// limits (tests/support/fake-typesense.ts): what would break against a real server breaks here
// first. With TYPESENSE_URL set (the live suite) every test runs against that server instead,
// through the fake as a front that injects the same faults (lost answers, lag, a full memory, a
// frozen server, another version).

const TODAY = "2026-12-01";
const FEATURES = Array.from({ length: 50 }, (_, i) => ({ value: `feature-${i + 1}`, name: `Egenskab ${i + 1}` }));
/** The most features a feed may give one accommodation; a search URL may ask for 50. */
const OWN_FEATURES = FEATURES.slice(0, FEED_LIMITS.featuresPerAccommodation);
const manyFeatures = (id: string, departureDate: string) =>
  trip({ id, departureDate, accommodation: { id: "acc-many", name: "Hotel Alt", features: OWN_FEATURES } });
/** A company of its own for a line added to a store of demo trips, so no other company's offers vanish from its feed. */
const later = (id: string) => ({ slug: `selskab-${id}`, name: `Selskab ${id}` });
const query = (qs: string) => parseSearchQuery(new URLSearchParams(qs));
const available = (db: ReturnType<typeof tempDb>["db"]) =>
  db.$client.prepare("SELECT count(*) FROM trips WHERE available = 1").pluck().get() as number;

/** Retries of a build's requests, fast enough for a test (the real ones: BUILD_RETRY). */
const FAST_RETRY: RetryPolicy = { firstDelayMs: 50, maxDelayMs: 500, forMs: 20_000 };

let fake: FakeTypesense;
beforeAll(async () => {
  fake = await startTypesense();
});
afterAll(async () => {
  fake?.clearFaults();
  await fake?.stop();
});

const server = (): TypesenseServer => ({ url: fake.url, apiKey: fake.apiKey });

function vocabularyOf(db: ReturnType<typeof tempDb>["db"]): Vocabulary {
  const slugs = (sql: string) => db.$client.prepare(sql).pluck().all() as string[];
  return {
    destinations: [...slugs("SELECT slug FROM resorts"), ...slugs("SELECT slug FROM regions"), ...slugs("SELECT slug FROM countries")],
    tags: slugs("SELECT slug FROM tags"),
    mealPlans: slugs("SELECT slug FROM meal_plans"),
    features: slugs("SELECT value FROM features"),
    companies: slugs("SELECT slug FROM travel_companies"),
    departureDates: slugs("SELECT DISTINCT departure_date FROM trips ORDER BY 1"),
  };
}

describe("the Typesense engine answers like the reference SQL engine", () => {
  const { db } = tempDb();
  const alias = testAlias("equivalence");
  let engine: TypesenseEngine;
  let reference: ReferenceSqlEngine;
  let embedded: EmbeddedEngine;
  let vocabulary: Vocabulary;

  // Lines that only exact comparisons tell apart: fractional prices, and two accommodations whose
  // latitudes differ in the last bit of a double (one float32 apart: zero).
  const edge = [
    trip({ id: "edge-a-1", price: 11980.5, pricePerPerson: 5990.25, accommodation: { id: "edge-a", lat: 45.1, lng: 6.1 } }),
    trip({
      id: "edge-a-2",
      price: 11980.75,
      pricePerPerson: 5990.375,
      travelCompany: { slug: "edgeco", name: "Edge" },
      accommodation: { id: "edge-a", lat: 45.1, lng: 6.1 },
    }),
    trip({ id: "edge-b-1", price: 11980.5, pricePerPerson: 5990.25, accommodation: { id: "edge-b", lat: 45.10000000000001, lng: 6.1 } }),
    trip({ id: "Edge-B-2", price: 11980.5, pricePerPerson: 5990.25, accommodation: { id: "Edge-B", lat: 45.10000000000001, lng: 6.1 } }),
    // Slugs that differ only by a hyphen, which Typesense drops from a value unless the collection indexes it.
    trip({ id: "edge-c-1", travelCompany: { slug: "snow-co", name: "Snow Co" }, accommodation: { id: "edge-c" } }),
    trip({ id: "edge-c-2", travelCompany: { slug: "snowco", name: "Snowco" }, accommodation: { id: "edge-c" } }),
  ];

  beforeAll(async () => {
    await importLines(db, [...generateDemoFeed({ trips: 3000, seed: 3, season: 2026 }), ...edge]);
    engine = new TypesenseEngine({ db, ...server(), alias, batchSize: 700 });
    reference = new ReferenceSqlEngine(db);
    embedded = new EmbeddedEngine(db);
    vocabulary = vocabularyOf(db);
    await engine.start();
  });
  afterAll(async () => {
    engine?.stop();
    await dropAliasFamily(server(), alias);
  });

  it("indexes every available trip, in id order, behind the alias, under the generation's name", async () => {
    const name = (await aliasTarget(server(), alias))!;
    expect(name).toBe(`${alias}_v2_g${engine.generation()}`);
    const docs = await exportDocuments(server(), name, ["lat_key", "lng_key", "price_key", "price_per_person_key"]);
    expect(docs.length).toBe(available(db));
    expect(docs.map((d) => d.trip_rank)).toEqual(docs.map((_, i) => i));
    const edgeB = docs.find((d) => d.id === "edge-b-1")!;
    expect(edgeB.lat_key).toBe(doubleKey(45.10000000000001));
    expect(edgeB.accommodation_company).toBe(`${String(edgeB.accommodation_rank)}:alpetours`);
    expect(engine.generation()).toBeGreaterThan(0);
  });

  for (const [from, to] of [
    [0, 50],
    [50, 100],
    [100, 150],
  ]) {
    it(`gives identical results for random queries ${from + 1}–${to}`, async () => {
      const rng = seededRandom(2027);
      for (let n = 0; n < to; n++) {
        const params = randomQueryString(rng, vocabulary);
        if (n < from) continue;
        const q = parseSearchQuery(params);
        const [a, b] = await Promise.all([engine.search(q, TODAY), reference.search(q, TODAY)]);
        expect(a, `query ${n}: ?${params}`).toEqual(b);
      }
    });
  }

  it("answers the histogram's facet call like the reference", async () => {
    const rng = seededRandom(8);
    for (let n = 0; n < 30; n++) {
      const q = parseSearchQuery(randomQueryString(rng, vocabulary));
      const fields = ["priceRange", "pricePerPersonRange", "accommodation_features_pool", "travelCompanySlug"];
      expect(await engine.facetNumbers(q.searchData, q.sort, fields, TODAY)).toEqual(
        await reference.facetNumbers(q.searchData, q.sort, fields, TODAY),
      );
    }
  });

  it("gives the embedded engine's map points, every accommodation over several pages of 250, in both price types", async () => {
    const all = await engine.mapPoints(query(""), "perPerson", TODAY);
    expect(all.points.length).toBeGreaterThan(LIMITS.perPageMax);
    expect(all).toEqual(await embedded.mapPoints(query(""), "perPerson", TODAY));
    const rng = seededRandom(31);
    for (let n = 0; n < 40; n++) {
      const params = randomQueryString(rng, vocabulary);
      const q = parseSearchQuery(params);
      const priceMode = n % 2 ? "total" : "perPerson";
      expect(await engine.mapPoints(q, priceMode, TODAY), `?${params}`).toEqual(await embedded.mapPoints(q, priceMode, TODAY));
    }
  });

  it("compares prices and coordinates exactly at the bounds", async () => {
    const at = (
      filters: SearchData["filters"],
      searchArea: SearchData["searchArea"] = { type: "all" },
      sort: SearchQuery["sort"] = "price:asc",
    ): SearchQuery => ({
      searchData: {
        searchArea,
        adultCount: 2,
        childrenCount: 0,
        arrival: { type: "dates", dates: ["2027-02-13"] },
        filters,
      },
      sort,
      page: 1,
    });
    const queries = [
      at({ minPrice: 5990.25, maxPrice: 5990.25 }),
      at({ minPrice: 5990.26 }),
      at({ maxFullPrice: 11980.5 }),
      at({ minFullPrice: 11980.74, maxFullPrice: 11980.75 }),
      at({}, { type: "geo", bbox: [45.1, 6.1, 45.1, 6.1] }),
      at({}, { type: "geo", bbox: [45.10000000000001, 6, 46, 7] }),
      at({}, { type: "geo", bbox: [45, 6, 45.1, 7] }),
      at({ travelCompanies: ["edgeco"] }, { type: "geo", bbox: [45, 6, 46, 7] }, "skiScore:desc"),
      at({ travelCompanies: ["snow-co"] }),
      at({ travelCompanies: ["snowco", "edgeco"] }),
    ];
    for (const q of queries) {
      const [a, b] = await Promise.all([engine.search(q, TODAY), reference.search(q, TODAY)]);
      expect(a, JSON.stringify(q.searchData)).toEqual(b);
    }
    const exact = await engine.search(queries[4], TODAY);
    expect(exact.items.map((i) => i.accommodation.id)).toEqual(["edge-a"]);
    expect(exact.items[0]).toEqual(expect.objectContaining({ offerCount: 2, companyCount: 2 }));
    const hyphen = await engine.search(queries[8], TODAY);
    expect(hyphen.items.map((i) => [i.accommodation.id, i.trip.id, i.offerCount])).toEqual([["edge-c", "edge-c-1", 1]]);
  });

  it("serves pages beyond the results without asking for their hits, and the reference's options", async () => {
    const q = query("page=90000");
    const [a, b] = await Promise.all([engine.search(q, TODAY), reference.search(q, TODAY)]);
    expect(a).toEqual(b);
    expect(a.items).toEqual([]);
    expect(a.pagination.totalCount).toBeGreaterThan(0);
    expect(await engine.options()).toEqual(await reference.options());
  });
});

describe("filters stay inside the server's limits", () => {
  const { db } = tempDb();
  const alias = testAlias("limits");
  let engine: TypesenseEngine;
  let reference: ReferenceSqlEngine;

  beforeAll(async () => {
    await importLines(db, [...generateDemoFeed({ trips: 1500, seed: 4, season: 2026 }), manyFeatures("many-1", "2027-02-13")]);
    engine = new TypesenseEngine({ db, ...server(), alias });
    reference = new ReferenceSqlEngine(db);
    await engine.reload();
  });
  afterAll(async () => {
    engine?.stop();
    await dropAliasFamily(server(), alias);
  });

  it("answers a search for all 50 features the URL allows, and for the 20 one accommodation may have, like the reference", async () => {
    const all = query(`accommodationFeatures=${FEATURES.map((f) => f.value).join(",")}&minRating=1&travelCompanies=alpetours`);
    expect(Object.keys(all.searchData.filters.accommodationFeatures ?? {})).toHaveLength(50);
    const none = await engine.search(all, TODAY);
    expect(none).toEqual(await reference.search(all, TODAY));
    expect(none.items).toEqual([]);
    const own = query(`accommodationFeatures=${OWN_FEATURES.map((f) => f.value).join(",")}&minRating=1&travelCompanies=alpetours`);
    const result = await engine.search(own, TODAY);
    expect(result).toEqual(await reference.search(own, TODAY));
    expect(result.items.map((i) => i.accommodation.id)).toEqual(["acc-many"]);
  });

  it("answers 49 features and every other filter like the reference", async () => {
    const q = query(
      `accommodationFeatures=${FEATURES.slice(1).map((f) => f.value)}&minPrice=1000&maxPrice=9000&minFullPrice=100` +
        `&maxFullPrice=90000&minSkiPassDaysCount=1&maxSkiPassDaysCount=9&skiPassIncluded=true&minRating=2` +
        `&mealPlanTypes=halvpension&travelCompanies=alpetours&bbox=40,0,50,10&months=2027-02`,
    );
    expect(await engine.search(q, TODAY)).toEqual(await reference.search(q, TODAY));
    expect(await engine.mapPoints(q, "perPerson", TODAY)).toEqual(await new EmbeddedEngine(db).mapPoints(q, "perPerson", TODAY));
  });

  it("finds nothing, without asking the server, for a feature the store does not have", async () => {
    const q = query(`accommodationFeatures=${[...FEATURES.slice(0, 48).map((f) => f.value), "ukendt-egenskab"].join(",")}`);
    const before = fake.stats.searches;
    const result = await engine.search(q, TODAY);
    expect(result).toEqual(await reference.search(q, TODAY));
    expect(result.totalCount).toBe(0);
    expect(await engine.mapPoints(q, "total", TODAY)).toEqual(expect.objectContaining({ points: [], totalCount: 0 }));
    expect(fake.stats.searches).toBe(before);
  });

  it("asks only for the facet a filter of unknown companies leaves open, and nothing for two such filters", async () => {
    const one = query("travelCompanies=ukendt,atlantis-rejser");
    let before = fake.stats.searches;
    expect(await engine.search(one, TODAY)).toEqual(await reference.search(one, TODAY));
    expect(fake.stats.searches - before).toBe(1); // the company facet without its own filter
    const two = query("travelCompanies=ukendt&mealPlanTypes=ukendt");
    before = fake.stats.searches;
    expect(await engine.search(two, TODAY)).toEqual(await reference.search(two, TODAY));
    expect(fake.stats.searches).toBe(before);
  });
});

describe("one collection per generation, shared through the alias", () => {
  const { db } = tempDb();
  const alias = testAlias("shared");
  const engines: TypesenseEngine[] = [];
  const open = () => {
    const engine = new TypesenseEngine({ db, ...server(), alias });
    engines.push(engine);
    return engine;
  };

  beforeAll(async () => {
    await importLines(db, generateDemoFeed({ trips: 800, seed: 5, season: 2026 }));
  });
  afterAll(async () => {
    for (const engine of engines) engine.stop();
    await dropAliasFamily(server(), alias);
  });

  it("two processes on one store build it once and both read it; a restarted process adopts it", async () => {
    const created = fake.stats.collectionsCreated;
    const [a, b] = [open(), open()];
    await a.reload();
    await b.reload();
    expect(await aliasFamily(server(), alias)).toHaveLength(1);
    expect(fake.stats.collectionsCreated - created).toBe(1);

    await importLines(db, [trip({ id: "new-trip", travelCompany: later("new-trip"), departureDate: "2027-03-06" })]);
    await Promise.all([a.reload(), b.reload()]);
    const [current] = await aliasFamily(server(), alias);
    expect(await aliasFamily(server(), alias)).toEqual([current]);
    expect(await aliasTarget(server(), alias)).toBe(current);
    expect(fake.stats.collectionsCreated - created).toBe(2);

    const restarted = open();
    await restarted.reload();
    expect(fake.stats.collectionsCreated - created).toBe(2);
    const q = parseSearchQuery(new URLSearchParams("dates=2027-03-06"));
    const expected = await new ReferenceSqlEngine(db).search(q, TODAY);
    for (const engine of [a, b, restarted]) expect(await engine.search(q, TODAY)).toEqual(expected);
  });

  it("shows the accommodations of the generation it serves until the next one is adopted, then follows the alias", async () => {
    const [reader, importer] = [open(), open()];
    await reader.reload();
    const acc = db.$client
      .prepare("SELECT accommodation_id FROM trips WHERE available = 1 AND persons = 2 AND departure_date > ? ORDER BY id LIMIT 1")
      .pluck()
      .get(TODAY) as string;
    const nameOnMap = async () => (await reader.mapPoints(query(""), "perPerson", TODAY)).points.find((p) => p[0] === acc)?.[4];
    const oldName = await nameOnMap();
    expect(oldName).toBeDefined();
    const q = query("dates=2027-03-13&adultCount=3");
    // A new offer, and the accommodation renamed the only way a shared fact changes: the operator's command.
    await importLines(db, [
      trip({
        id: "renamed-1",
        travelCompany: later("renamed-1"),
        departureDate: "2027-03-13",
        persons: 3,
        price: 17970,
        originalPrice: null,
        accommodation: { id: acc },
      }),
    ]);
    expect(await runCatalogueSet(db, "accommodation", acc, "name", "Nyt navn", { searchEngine: "embedded", typesense: undefined })).toBe(0);
    // The store has the new name; the reader serves the collection of the generation before it, with its names.
    expect((await reader.search(q, TODAY)).items.map((i) => i.trip.id)).not.toContain("renamed-1");
    expect(await nameOnMap()).toBe(oldName);

    await importer.reload(); // the importing process builds the new generation and drops the old collection
    const after = await reader.search(q, TODAY); // the reader's collection is gone: it follows the alias
    expect(after).toEqual(await new ReferenceSqlEngine(db).search(q, TODAY));
    expect(after.items.find((i) => i.trip.id === "renamed-1")?.accommodation.name).toBe("Nyt navn");
    expect(reader.generation()).toBe(importer.generation());
    expect(await nameOnMap()).toBe("Nyt navn");
  });

  it("follows imports while watching: one process builds the next collection, the other adopts it", async () => {
    const [a, b] = [open(), open()];
    await Promise.all([a.reload(), b.reload()]);
    const created = fake.stats.collectionsCreated;
    a.watch(50);
    b.watch(50);
    await importLines(db, [trip({ id: "watched-trip", travelCompany: later("watched-trip"), departureDate: "2027-03-27" })]);
    const generation = readGeneration(db);
    await vi.waitFor(
      () => {
        expect(a.generation()).toBe(generation);
        expect(b.generation()).toBe(generation);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(fake.stats.collectionsCreated - created).toBe(1);
    // The builder drops the older collection just after the swap, which the other may adopt first.
    await vi.waitFor(async () => expect(await aliasFamily(server(), alias)).toEqual([`${alias}_v2_g${generation}`]), {
      timeout: 10_000,
      interval: 50,
    });
    a.stop();
    b.stop();
  });

  it("builds at start when the alias holds an older generation or schema, then drops every other collection of the alias", async () => {
    const legacy = `${alias}_g1_1712345678901`;
    await createCollection(server(), collectionSchema(legacy));
    await importLines(db, [trip({ id: "newer-trip", travelCompany: later("newer-trip"), departureDate: "2027-03-20" })]);
    const created = fake.stats.collectionsCreated;
    const engine = open();
    await engine.start();
    expect(fake.stats.collectionsCreated - created).toBe(1);
    expect(await aliasFamily(server(), alias)).toEqual([`${alias}_v2_g${engine.generation()}`]);
  });
});

describe("building a collection outlasts a slow, lagging, frozen or full server", () => {
  const { db } = tempDb();
  const alias = testAlias("retries");
  let errors: MockInstance<typeof console.error>;
  const collection = async () => (await aliasTarget(server(), alias))!;
  const stored = async () => (await exportDocuments(server(), await collection())).length;
  const engine = (options: Partial<ConstructorParameters<typeof TypesenseEngine>[0]> = {}) =>
    new TypesenseEngine({ db, ...server(), alias, batchSize: 250, buildRetry: FAST_RETRY, ...options });
  /** The next generation: a new offer of a company of its own. */
  const next = (id: string) => importLines(db, [trip({ id, travelCompany: later(id), departureDate: "2027-03-06" })]);

  beforeAll(async () => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await importLines(db, generateDemoFeed({ trips: 600, seed: 6, season: 2026 }));
  });
  afterEach(() => {
    fake.clearFaults();
    errors.mockClear();
  });
  afterAll(async () => {
    errors?.mockRestore();
    await dropAliasFamily(server(), alias);
  });

  it("imports every trip when the server applied a batch but its answer was lost (5xx, then a dropped connection)", async () => {
    fake.inject({ path: /\/documents\/import$/, kind: "apply-then-503" });
    fake.inject({ path: /\/documents\/import$/, kind: "apply-then-drop" });
    fake.inject({ method: "POST", path: /^\/collections$/, kind: "apply-then-503" });
    const built = engine();
    await built.reload();
    expect(await stored()).toBe(available(db));
    const q = parseSearchQuery(new URLSearchParams(""));
    expect(await built.search(q, TODAY)).toEqual(await new ReferenceSqlEngine(db).search(q, TODAY));
  });

  it("waits for an import that takes longer than TYPESENSE_IMPORT_TIMEOUT_MS while /health answers, and sends it once", async () => {
    await next("slow-import");
    const before = fake.stats.importRequests;
    fake.inject({ path: /\/documents\/import$/, kind: "slow", ms: 1_500 });
    await engine({ importTimeoutMs: 300 }).reload();
    expect(fake.stats.importRequests - before).toBe(Math.ceil(available(db) / 250));
    expect(await stored()).toBe(available(db));
  });

  it("sends again, with growing pauses, the writes of a server that lags for seconds (503 Not Ready or Lagging)", async () => {
    await next("lagging");
    fake.lag(2_500);
    const started = Date.now();
    await engine().reload();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(await stored()).toBe(available(db));
    const said = errors.mock.calls.map((c) => String(c[0])).filter((line) => line.includes("venter"));
    expect(said).toEqual([
      `Typesense: opbygningen af ${alias} venter: Typesense på ${fake.url} fejlede (HTTP 503): Not Ready or Lagging; ` +
        `prøver igen om 0.05 s og bliver ved i op til 0 min.`,
    ]);
  });

  it("gives up a write when the server answers nothing, not even /health, for TYPESENSE_IMPORT_TIMEOUT_MS, and sends it again once it is back", async () => {
    await next("frozen");
    const before = fake.stats.importRequests;
    fake.inject({ path: /\/documents\/import$/, kind: "pause" });
    const resumed = new Promise<void>((resolve) => setTimeout(resolve, 4_000)).then(() => fake.resume());
    await engine({ importTimeoutMs: 500 }).reload();
    await resumed;
    expect(fake.stats.importRequests - before).toBeGreaterThan(Math.ceil(available(db) / 250));
    expect(await stored()).toBe(available(db));
    expect(errors.mock.calls.some((c) => String(c[0]).includes("svarede ikke inden for 0.5 s (TYPESENSE_IMPORT_TIMEOUT_MS)"))).toBe(true);
  });

  it("keeps trying for minutes, longer than a lagging or restarting server needs", () => {
    let waited = 0;
    for (let delay = BUILD_RETRY.firstDelayMs; waited + delay <= BUILD_RETRY.forMs; delay = Math.min(2 * delay, BUILD_RETRY.maxDelayMs))
      waited += delay;
    expect(waited).toBeGreaterThanOrEqual(60_000);
  });

  it("goes on from the trips already there after a build failed, instead of dropping the collection and starting again", async () => {
    await next("resumed");
    const generation = readGeneration(db);
    const name = `${alias}_v2_g${generation}`;
    const batches = Math.ceil(available(db) / 100);
    // The fourth batch meets a server that lags longer than the retries last.
    fake.inject({ path: /\/documents\/import$/, kind: "503", after: 3, times: 1_000 });
    const failed = engine({ batchSize: 100, buildRetry: { firstDelayMs: 20, maxDelayMs: 50, forMs: 300 } });
    await expect(failed.reload()).rejects.toMatchObject({ kind: "server" });
    fake.clearFaults();
    expect(await aliasFamily(server(), alias)).toContain(name);
    expect((await exportDocuments(server(), name)).length).toBe(300);
    // A trip further on is there too (as a batch cut off may leave): the build goes on after the first gap.
    const accommodations = allAccommodations(db.$client);
    const later450 = [...tripDocuments(db.$client, accommodations)][450];
    await fetch(`${fake.url}/collections/${name}/documents/import?action=upsert`, {
      method: "POST",
      headers: { "X-TYPESENSE-API-KEY": fake.apiKey, "Content-Type": "text/plain" },
      body: toJsonLine(later450),
    });
    const [created, imports] = [fake.stats.collectionsCreated, fake.stats.importRequests];
    await engine({ batchSize: 100 }).reload();
    expect(fake.stats.collectionsCreated).toBe(created);
    expect(fake.stats.importRequests - imports).toBe(batches - 3);
    expect(await aliasTarget(server(), alias)).toBe(name);
    expect(await stored()).toBe(available(db));
    expect(
      errors.mock.calls.some(
        (c) => String(c[0]) === `Typesense: opbygningen af ${name} fortsætter efter de 300 ture, der allerede er der.`,
      ),
    ).toBe(true);
  });

  it("drops its unfinished collection when Typesense's memory is full, says why, and keeps serving the previous one", async () => {
    const serving = engine();
    await serving.reload();
    const live = await collection();
    await next("full-memory");
    fake.limitMemory(300);
    const error = await serving.reload().then(
      () => expect.unreachable("the build should fail"),
      (e: unknown) => e as SearchUnavailableError,
    );
    expect(error.message).toBe(
      `Typesense på ${fake.url} tager ikke imod flere skrivninger, fordi hukommelsen er ved at være brugt op (OUT_OF_MEMORY); ` +
        `den ufærdige samling ${alias}_v2_g${readGeneration(db)} er slettet igen, og søgningerne bruger fortsat den forrige. ` +
        'Giv Typesense mere plads (README "Typesense", Sizing).',
    );
    expect(await aliasFamily(server(), alias)).toEqual([live]);
    const q = query("");
    expect((await serving.search(q, TODAY)).totalCount).toBeGreaterThan(0);
    fake.clearFaults();
    await serving.reload();
    expect(await aliasFamily(server(), alias)).toEqual([`${alias}_v2_g${readGeneration(db)}`]);
  });
});

describe("deployments with their own collection prefix share one Typesense", () => {
  const staging = tempDb().db;
  const production = tempDb().db;
  const [stagingPrefix, productionPrefix] = [testAlias("staging"), testAlias("production")];
  const engines: TypesenseEngine[] = [];
  const configOf = (prefix: string) =>
    readConfig({
      SEARCH_ENGINE: "typesense",
      TYPESENSE_URL: fake.url,
      TYPESENSE_API_KEY: fake.apiKey,
      TYPESENSE_COLLECTION_PREFIX: prefix,
    });

  beforeAll(async () => {
    await importLines(staging, generateDemoFeed({ trips: 300, seed: 12, season: 2026 }));
    await importLines(production, generateDemoFeed({ trips: 400, seed: 13, season: 2026 }));
  });
  afterAll(async () => {
    for (const engine of engines) engine.stop();
    for (const prefix of [stagingPrefix, productionPrefix, `${stagingPrefix}-old`]) await dropAliasFamily(server(), prefix);
  });

  it("names the alias and every collection after TYPESENSE_COLLECTION_PREFIX, and never drops another prefix's", async () => {
    // Another deployment whose prefix begins like this one's: its collections are not this one's.
    await createCollection(server(), collectionSchema(`${stagingPrefix}-old_v2_g1`));
    for (const [db, prefix] of [
      [staging, stagingPrefix],
      [production, productionPrefix],
    ] as const) {
      const engine = (await createEngine(db, configOf(prefix))) as TypesenseEngine;
      engines.push(engine);
      expect(engine.alias).toBe(prefix);
    }
    expect(await aliasTarget(server(), stagingPrefix)).toBe(`${stagingPrefix}_v2_g1`);
    expect(await aliasTarget(server(), productionPrefix)).toBe(`${productionPrefix}_v2_g1`);

    // Staging imports and builds its next generation: it drops its own old collection only.
    await importLines(staging, [trip({ id: "staging-only", travelCompany: later("staging-only"), departureDate: "2027-03-06" })]);
    await engines[0].reload();
    expect(await collectionsStartingWith(server(), stagingPrefix)).toEqual([`${stagingPrefix}-old_v2_g1`, `${stagingPrefix}_v2_g2`]);
    expect(await collectionsStartingWith(server(), productionPrefix)).toEqual([`${productionPrefix}_v2_g1`]);
    const q = query("");
    expect(await engines[1].search(q, TODAY)).toEqual(await new ReferenceSqlEngine(production).search(q, TODAY));
  });
});

describe("start-up checks the server, the key, its version and the collection", () => {
  const { db } = tempDb();
  const alias = testAlias("start");
  const config = (typesense: Partial<{ url: string; apiKey: string; searchTimeoutMs: number }>) => ({
    searchEngine: "typesense" as const,
    typesense: {
      url: fake.url,
      apiKey: fake.apiKey,
      searchKey: undefined,
      prefix: alias,
      searchTimeoutMs: 300,
      mapTimeoutMs: 300,
      importTimeoutMs: 5_000,
      ...typesense,
    },
  });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable("start should fail"),
      (error: unknown) => error as SearchUnavailableError,
    );
  const serverEnv = (dir: string, env: Record<string, string>) => ({
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: path.join(dir, "start.db"),
    DEMO_TRIPS: "0",
    SEARCH_ENGINE: "typesense",
    TYPESENSE_URL: fake.url,
    TYPESENSE_COLLECTION_PREFIX: alias,
    ...env,
  });

  beforeAll(async () => {
    await importLines(db, generateDemoFeed({ trips: 300, seed: 8, season: 2026 }));
  });
  afterEach(() => {
    fake.version = fakeVersion;
  });
  afterAll(async () => {
    await dropAliasFamily(server(), alias);
  });
  let fakeVersion: string | undefined;
  beforeAll(() => {
    fakeVersion = fake.version;
  });

  it("serves an empty store (before the first import) with empty results, not a 503, then follows the first import", async () => {
    const { db: empty } = tempDb();
    const own = testAlias("empty");
    const engine = new TypesenseEngine({ db: empty, ...server(), alias: own });
    try {
      await engine.start();
      expect(await aliasTarget(server(), own)).toBe(`${own}_v2_g0`);
      expect(await engine.search(query(""), TODAY)).toEqual(await new ReferenceSqlEngine(empty).search(query(""), TODAY));
      await importLines(empty, [trip({ departureDate: "2027-02-13" })]);
      await engine.reload();
      expect((await engine.search(query(""), TODAY)).totalCount).toBe(1);
    } finally {
      await dropAliasFamily(server(), own);
    }
  });

  it("refuses a wrong key, naming TYPESENSE_API_KEY", async () => {
    const error = await failure(createEngine(db, config({ apiKey: "forkert" })));
    expect(isSearchUnavailable(error)).toBe(true);
    expect(error.kind).toBe("auth");
    expect(error.message).toBe(
      `Typesense på ${fake.url} afviser API-nøglen (TYPESENSE_API_KEY): Forbidden - a valid \`x-typesense-api-key\` header must be sent.`,
    );
  });

  it("refuses a server it cannot reach, naming TYPESENSE_URL", async () => {
    const gone = await new FakeTypesense().start();
    await gone.stop();
    const error = await failure(createEngine(db, config({ url: gone.url })));
    expect(error.kind).toBe("unreachable");
    expect(error.message).toBe(`Typesense på ${gone.url} kan ikke nås (ECONNREFUSED): tjek TYPESENSE_URL, og at Typesense kører`);
  });

  it("gives up on a server that does not answer after two tries of TYPESENSE_SEARCH_TIMEOUT_MS", async () => {
    const before = fake.stats.requests;
    fake.inject({ path: /^\/multi_search$/, kind: "hang", times: 2 });
    const error = await failure(createEngine(db, config({})));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe(
      `Typesense på ${fake.url} svarede ikke inden for 0.3 s (TYPESENSE_SEARCH_TIMEOUT_MS): tjek at Typesense kører og kan nås`,
    );
    expect(fake.stats.requests - before).toBe(2);
  });

  it.each(["29.0", "30.1", "26.1", "0.25.2", "nightly"])(
    "refuses Typesense %s, whose grouping the engine cannot rely on",
    async (version) => {
      fake.version = version;
      const error = await failure(createEngine(db, config({})));
      expect(error.kind).toBe("version");
      expect(error.message).toBe(
        `Typesense ${version} på ${fake.url} understøttes ikke: Pistepris kræver Typesense 27 eller 28 ` +
          "(fra version 29 er antallet af grupper i en søgning kun anslået, og dybe sider af grupper kan komme tomme tilbage)",
      );
    },
  );

  it.each(["27.0", "27.1", "28.0"])("starts on Typesense %s", async (version) => {
    fake.version = version;
    const engine = (await createEngine(db, config({}))) as TypesenseEngine;
    engine.stop();
    expect(engine.generation()).toBe(readGeneration(db));
  });

  it("stops the server with one Danish line when Typesense cannot be used: a wrong key, a version it does not support", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-start-"));
    const ran = await runServer(serverEnv(dir, { TYPESENSE_API_KEY: "forkert" }));
    expect(ran.code).toBe(1);
    expect(ran.stderr.trim()).toBe(
      `Søgemaskinen typesense kan ikke bruges, så serveren stopper: Typesense på ${fake.url} afviser API-nøglen (TYPESENSE_API_KEY): ` +
        "Forbidden - a valid `x-typesense-api-key` header must be sent.",
    );
    fake.version = "29.0";
    const newer = await runServer(serverEnv(dir, { TYPESENSE_API_KEY: fake.apiKey }));
    expect(newer.code).toBe(1);
    expect(newer.stderr.trim()).toBe(
      `Søgemaskinen typesense kan ikke bruges, så serveren stopper: Typesense 29.0 på ${fake.url} understøttes ikke: ` +
        "Pistepris kræver Typesense 27 eller 28 (fra version 29 er antallet af grupper i en søgning kun anslået, og dybe sider af grupper kan komme tomme tilbage)",
    );
  });

  it("builds the collection in the importing CLI, which the server then adopts", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-cli-"));
    const dbFile = path.join(dir, "cli.db");
    const feed = path.join(dir, "feed.ndjson");
    fs.writeFileSync(feed, [...generateDemoFeed({ trips: 200, seed: 9, season: 2026 })].map((l) => JSON.stringify(l)).join("\n"));
    const cliAlias = testAlias("cli");
    const env = {
      DATABASE_URL: dbFile,
      SEARCH_ENGINE: "typesense",
      TYPESENSE_URL: fake.url,
      TYPESENSE_API_KEY: fake.apiKey,
      TYPESENSE_COLLECTION_PREFIX: cliAlias,
    };
    try {
      const ran = await runIndexer(["import", feed], env);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toContain(`Søgeindekset: Typesense-samlingen for generation 1 er klar bag aliaset ${cliAlias}`);
      const created = fake.stats.collectionsCreated;
      const engine = new TypesenseEngine({ db: openDb(dbFile), ...server(), alias: cliAlias });
      await engine.start();
      expect(fake.stats.collectionsCreated).toBe(created);
      expect(engine.generation()).toBe(1);
      const reindexed = await runIndexer(["reindex"], env);
      expect(reindexed.code, reindexed.stderr).toBe(0);
      expect(await aliasFamily(server(), cliAlias)).toEqual([`${cliAlias}_v2_g2`]);
    } finally {
      await dropAliasFamily(server(), cliAlias);
    }
  });
});

describe("a web process with only the search key", () => {
  const { db, file } = tempDb();
  const alias = testAlias("search-key");
  const description = `${TEST_PREFIX} søgenøgle ${alias}`;
  let errors: MockInstance<typeof console.error>;
  let searchKey: string;
  const env = (keys: Record<string, string>) =>
    readConfig({ SEARCH_ENGINE: "typesense", TYPESENSE_URL: fake.url, TYPESENSE_COLLECTION_PREFIX: alias, ...keys });

  beforeAll(async () => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await importLines(db, generateDemoFeed({ trips: 400, seed: 14, season: 2026 }));
    // As README "Typesense" makes it: searches and the version, on this prefix's alias and collections only.
    searchKey = await createKey(server(), {
      description,
      actions: ["documents:search", "debug:list"],
      collections: [alias, `${alias}_.*`],
    });
  });
  afterAll(async () => {
    errors?.mockRestore();
    await dropAliasFamily(server(), alias);
    await dropKeysDescribed(server(), description);
  });

  it("waits for the builder's collection, then serves it, asking Typesense for nothing but searches and its version", async () => {
    const web = createEngine(db, env({ TYPESENSE_SEARCH_KEY: searchKey }));
    await vi.waitFor(() => expect(errors.mock.calls.some((c) => String(c[0]).startsWith("Typesense: venter på samlingen"))).toBe(true), {
      timeout: 20_000,
    });
    expect(await aliasFamily(server(), alias)).toEqual([]);
    // The builder: the CLI, with the admin key.
    expect(await publishSearchIndex(db, env({ TYPESENSE_API_KEY: fake.apiKey }))).toEqual({ alias, generation: readGeneration(db) });
    const engine = (await web) as TypesenseEngine;
    try {
      const q = query("");
      expect(await engine.search(q, TODAY)).toEqual(await new ReferenceSqlEngine(db).search(q, TODAY));
      expect(await engine.mapPoints(q, "total", TODAY)).toEqual(await new EmbeddedEngine(db).mapPoints(q, "total", TODAY));
      // After an import it adopts what the builder builds, and builds nothing itself.
      await importLines(db, [trip({ id: "after-key", travelCompany: later("after-key"), departureDate: "2027-03-06" })]);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(engine.generation()).toBe(readGeneration(db) - 1);
      await publishSearchIndex(db, env({ TYPESENSE_API_KEY: fake.apiKey }));
      await vi.waitFor(() => expect(engine.generation()).toBe(readGeneration(db)), { timeout: 10_000 });
    } finally {
      engine.stop();
    }
    const asked = new Set(fake.log.filter((r) => r.key === searchKey).map((r) => `${r.method} ${r.path}`));
    expect([...asked].sort()).toEqual(["GET /debug", "POST /multi_search"]);
  });

  it("says which permission a search key lacks when it may not read the version", async () => {
    const noDebug = await createKey(server(), { description, actions: ["documents:search"], collections: [alias, `${alias}_.*`] });
    const error = await createEngine(db, env({ TYPESENSE_SEARCH_KEY: noDebug })).then(
      () => expect.unreachable("start should fail"),
      (e: unknown) => e as SearchUnavailableError,
    );
    expect(error.message).toBe(
      `Typesense på ${fake.url} lader ikke TYPESENSE_SEARCH_KEY læse serverens version (GET /debug): giv nøglen handlingen debug:list (README "Typesense")`,
    );
  });

  it("leaves the build to the admin key: the CLI without it builds nothing and says so", async () => {
    const ran = await runIndexer(["reindex"], {
      DATABASE_URL: file,
      SEARCH_ENGINE: "typesense",
      TYPESENSE_URL: fake.url,
      TYPESENSE_SEARCH_KEY: searchKey,
      TYPESENSE_COLLECTION_PREFIX: alias,
    });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(
      "Fejl: søgeindekset: kun TYPESENSE_API_KEY (administratornøglen) må bygge Typesense-samlingen, og den er ikke sat.",
    );
  });
});

describe("range buckets on a store with more price floors than Typesense's value index counts", () => {
  const { db } = tempDb();
  const alias = testAlias("buckets");
  let engine: TypesenseEngine;

  beforeAll(async () => {
    // 27,000 offers, 21,000 whole-party price floors: Typesense keeps the field's value index, and
    // counting from it would stop after 2 × max_facet_values values.
    const lines = Array.from({ length: 27_000 }, (_, n) => {
      const price = 10_000 + (n % 21_000);
      return trip({ id: `b-${n}`, price, pricePerPerson: price / 2, originalPrice: null, accommodation: { id: `b-acc-${n % 40}` } });
    });
    await importLines(db, lines);
    engine = new TypesenseEngine({ db, ...server(), alias, batchSize: 3000 });
    await engine.reload();
  });
  afterAll(async () => {
    await dropAliasFamily(server(), alias);
  });

  it("counts every offer into its price bucket (facet_strategy exhaustive), as the reference does", async () => {
    const q = query("dates=2027-02-13");
    const fields = ["priceRange", "pricePerPersonRange"];
    const numbers = await engine.facetNumbers(q.searchData, q.sort, fields, TODAY);
    expect(numbers).toEqual(await new ReferenceSqlEngine(db).facetNumbers(q.searchData, q.sort, fields, TODAY));
    expect(Object.values((numbers.priceRange as { value: Record<string, number> }).value).reduce((a, b) => a + b, 0)).toBe(27_000);
  });
});

describe("when Typesense fails at request time", () => {
  const { db } = tempDb();
  const alias = testAlias("outage");
  let engine: TypesenseEngine;
  let errors: MockInstance<typeof console.error>;

  beforeAll(async () => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await importLines(db, generateDemoFeed({ trips: 300, seed: 10, season: 2026 }));
    engine = new TypesenseEngine({ db, ...server(), alias, searchTimeoutMs: 300 });
    await engine.start();
  });
  afterEach(() => errors.mockClear());
  afterAll(async () => {
    errors?.mockRestore();
    engine?.stop();
    await dropAliasFamily(server(), alias);
  });

  it("answers the API with a JSON 503 and the page with a Danish 503, logging the reason once per kind", async () => {
    fake.inject({ path: /^\/multi_search$/, kind: "503", times: 6 });
    const context = testContext(db, { engine });
    for (let n = 0; n < 2; n++) {
      await engine.options(); // asks nothing of Typesense, so it does not count as Typesense answering again
      const res = (await searchApi({ request: new Request("http://x/api/search?adultCount=2"), params: {}, context }).catch(
        (thrown: unknown) => thrown,
      )) as Response;
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("30");
      expect(await res.json()).toEqual({ error: texts.errors.searchUnavailable });
    }
    // The results page's loader runs its searches the same way (the browser tests load the page itself).
    const page = (await withSearch("page", () => engine.search(query(""), TODAY)).catch((thrown: unknown) => thrown)) as Response;
    expect(page).toBeInstanceOf(Response);
    expect(page.status).toBe(503);
    expect(await page.text()).toBe(texts.errors.searchUnavailable);
    const logged = errors.mock.calls.map((c) => String(c[0])).filter((line) => line.startsWith("Søgningen er utilgængelig"));
    expect(logged).toEqual([`Søgningen er utilgængelig: Typesense på ${fake.url} fejlede (HTTP 503): Not Ready or Lagging`]);
  });

  it("tries a hung search twice within its timeout, then answers 503 (and searches again once the server answers)", async () => {
    const before = fake.stats.requests;
    fake.inject({ path: /^\/multi_search$/, kind: "hang", times: 2 });
    const error = await engine.search(query(""), TODAY).then(
      () => undefined,
      (e: unknown) => e as SearchUnavailableError,
    );
    expect(error?.kind).toBe("timeout");
    expect(fake.stats.requests - before).toBe(2);
    expect(errors.mock.calls.some((c) => String(c[0]).includes("svarede ikke inden for 0.3 s"))).toBe(true);
    expect(await engine.search(query(""), TODAY)).toEqual(await new ReferenceSqlEngine(db).search(query(""), TODAY));
  });
});
