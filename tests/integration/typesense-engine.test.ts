import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { FEED_LIMITS } from "~/domain/constants";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { parseSearchQuery } from "~/domain/url-codec";
import { loader as searchApi } from "~/routes/api.search";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { createEngine } from "~/search/engine.server";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { TypesenseEngine } from "~/search/typesense/engine";
import { collectionSchema, doubleKey } from "~/search/typesense/schema";
import { isSearchUnavailable, SearchUnavailableError, withSearch } from "~/utils/search-unavailable.server";
import { openDb } from "../../db/client";
import { readGeneration } from "../../db/generation";
import { generateDemoFeed } from "../../indexer/demo/generate";
import { runCatalogueSet } from "../../indexer/commands/catalogue";
import { runIndexer, runServer } from "../support/cli";
import { testContext } from "../support/context";
import { importLines, tempDb } from "../support/db";
import { FakeTypesense, LIMITS } from "../support/fake-typesense";
import { trip } from "../support/feed";
import { seededRandom } from "../support/random";
import { randomQueryString, type Vocabulary } from "../support/random-query";
import { dropAliasFamily, liveTypesense, testAlias, type TypesenseServer } from "../support/typesense";

// The Typesense engine against the in-process fake server, which keeps Typesense's documented
// limits (tests/support/fake-typesense.ts): what would break against a real server breaks here
// first. The equivalence with the reference runs against the live server when TYPESENSE_URL is
// set; the fault injection (lost answers, a hung server) needs the fake.

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

let fake: FakeTypesense;
beforeAll(async () => {
  fake = await new FakeTypesense().start();
});
afterAll(async () => {
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
  const target = liveTypesense();
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
  ];

  beforeAll(async () => {
    await importLines(db, [...generateDemoFeed({ trips: 3000, seed: 3, season: 2026 }), ...edge]);
    engine = new TypesenseEngine({ db, ...(target ?? server()), alias, batchSize: 700 });
    reference = new ReferenceSqlEngine(db);
    embedded = new EmbeddedEngine(db);
    vocabulary = vocabularyOf(db);
    await engine.start();
  });
  afterAll(async () => {
    engine?.stop();
    await dropAliasFamily(target ?? server(), alias);
  });

  it.skipIf(target)("indexes every available trip, in id order, behind the alias, under the generation's name", async () => {
    const name = fake.aliases.get(alias)!;
    expect(name).toBe(`${alias}_v2_g${engine.generation()}`);
    const docs = fake.documents(name);
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
    ];
    for (const q of queries) {
      const [a, b] = await Promise.all([engine.search(q, TODAY), reference.search(q, TODAY)]);
      expect(a, JSON.stringify(q.searchData)).toEqual(b);
    }
    const exact = await engine.search(queries[4], TODAY);
    expect(exact.items.map((i) => i.accommodation.id)).toEqual(["edge-a"]);
    expect(exact.items[0]).toEqual(expect.objectContaining({ offerCount: 2, companyCount: 2 }));
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
    expect(fake.collectionsStartingWith(`${alias}_`)).toHaveLength(1);
    expect(fake.stats.collectionsCreated - created).toBe(1);

    await importLines(db, [trip({ id: "new-trip", travelCompany: later("new-trip"), departureDate: "2027-03-06" })]);
    await Promise.all([a.reload(), b.reload()]);
    const [current] = fake.collectionsStartingWith(`${alias}_`);
    expect(fake.collectionsStartingWith(`${alias}_`)).toEqual([current]);
    expect(fake.aliases.get(alias)).toBe(current);
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
    await vi.waitFor(() => expect(fake.collectionsStartingWith(`${alias}_`)).toEqual([`${alias}_v2_g${generation}`]), {
      timeout: 10_000,
      interval: 50,
    });
    a.stop();
    b.stop();
  });

  it("builds at start when the alias holds an older generation or schema, then drops every other collection of the alias", async () => {
    const legacy = `${alias}_g1_1712345678901`;
    await fetch(`${fake.url}/collections`, {
      method: "POST",
      headers: { "X-TYPESENSE-API-KEY": fake.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(collectionSchema(legacy)),
    });
    await importLines(db, [trip({ id: "newer-trip", travelCompany: later("newer-trip"), departureDate: "2027-03-20" })]);
    const created = fake.stats.collectionsCreated;
    const engine = open();
    await engine.start();
    expect(fake.stats.collectionsCreated - created).toBe(1);
    expect(fake.collectionsStartingWith(`${alias}_`)).toEqual([`${alias}_v2_g${engine.generation()}`]);
  });
});

describe("building a collection survives the client's retries", () => {
  const { db } = tempDb();
  const alias = testAlias("retries");
  let engine: TypesenseEngine;

  beforeAll(async () => {
    await importLines(db, generateDemoFeed({ trips: 600, seed: 6, season: 2026 }));
  });
  afterAll(async () => {
    engine?.stop();
    await dropAliasFamily(server(), alias);
  });

  it("imports every trip when the server applied a batch but its answer was lost (5xx, then a dropped connection)", async () => {
    engine = new TypesenseEngine({ db, ...server(), alias, batchSize: 250 });
    fake.inject({ path: /\/documents\/import$/, kind: "apply-then-503" });
    fake.inject({ path: /\/documents\/import$/, kind: "apply-then-drop" });
    await engine.reload();
    const [collection] = fake.collectionsStartingWith(`${alias}_`);
    expect(fake.documents(collection)).toHaveLength(available(db));
    const q = parseSearchQuery(new URLSearchParams(""));
    expect(await engine.search(q, TODAY)).toEqual(await new ReferenceSqlEngine(db).search(q, TODAY));
  });

  it("gives up on an import batch after its timeout and sends it again", async () => {
    await importLines(db, [trip({ id: "after-timeout", travelCompany: later("after-timeout"), departureDate: "2027-03-06" })]);
    const slow = new TypesenseEngine({ db, ...server(), alias, importTimeoutMs: 300 });
    const before = fake.stats.importRequests;
    fake.inject({ path: /\/documents\/import$/, kind: "hang" });
    await slow.reload();
    expect(fake.stats.importRequests - before).toBe(2);
    expect(fake.documents(fake.aliases.get(alias)!)).toHaveLength(available(db));
  });
});

describe("start-up checks the server, the key and the collection", () => {
  const { db } = tempDb();
  const alias = testAlias("start");
  const config = (typesense: Partial<{ url: string; apiKey: string; searchTimeoutMs: number }>) => ({
    searchEngine: "typesense" as const,
    typesense: { url: fake.url, apiKey: fake.apiKey, searchTimeoutMs: 300, importTimeoutMs: 5_000, ...typesense },
  });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable("start should fail"),
      (error: unknown) => error as SearchUnavailableError,
    );

  beforeAll(async () => {
    await importLines(db, generateDemoFeed({ trips: 300, seed: 8, season: 2026 }));
  });
  afterAll(async () => {
    await dropAliasFamily(server(), alias);
  });

  it("serves an empty store (before the first import) with empty results, not a 503, then follows the first import", async () => {
    const { db: empty } = tempDb();
    const own = testAlias("empty");
    const engine = new TypesenseEngine({ db: empty, ...server(), alias: own });
    try {
      await engine.start();
      expect(fake.aliases.get(own)).toBe(`${own}_v2_g0`);
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
    fake.inject({ path: /^\/aliases\//, kind: "hang", times: 2 });
    const error = await failure(createEngine(db, config({})));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe(
      `Typesense på ${fake.url} svarede ikke inden for 0.3 s (TYPESENSE_SEARCH_TIMEOUT_MS): tjek at Typesense kører og kan nås`,
    );
    expect(fake.stats.requests - before).toBe(2);
  });

  it("stops the server with one Danish line when Typesense cannot be used", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-start-"));
    const ran = await runServer({
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: path.join(dir, "start.db"),
      DEMO_TRIPS: "0",
      SEARCH_ENGINE: "typesense",
      TYPESENSE_URL: fake.url,
      TYPESENSE_API_KEY: "forkert",
    });
    expect(ran.code).toBe(1);
    expect(ran.stderr.trim()).toBe(
      `Søgemaskinen typesense kan ikke bruges, så serveren stopper: Typesense på ${fake.url} afviser API-nøglen (TYPESENSE_API_KEY): ` +
        "Forbidden - a valid `x-typesense-api-key` header must be sent.",
    );
  });

  it("builds the collection in the importing CLI, which the server then adopts", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-cli-"));
    const dbFile = path.join(dir, "cli.db");
    const feed = path.join(dir, "feed.ndjson");
    fs.writeFileSync(feed, [...generateDemoFeed({ trips: 200, seed: 9, season: 2026 })].map((l) => JSON.stringify(l)).join("\n"));
    const env = { DATABASE_URL: dbFile, SEARCH_ENGINE: "typesense", TYPESENSE_URL: fake.url, TYPESENSE_API_KEY: fake.apiKey };
    const cliAlias = "trips"; // the CLI uses the deployment's alias: this fake has no other user of it
    try {
      const ran = await runIndexer(["import", feed], env);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toContain(`Søgeindekset: Typesense-samlingen for generation 1 er klar bag aliaset ${cliAlias}`);
      const created = fake.stats.collectionsCreated;
      const engine = new TypesenseEngine({ db: openDb(dbFile), ...server() });
      await engine.start();
      expect(fake.stats.collectionsCreated).toBe(created);
      expect(engine.generation()).toBe(1);
      const reindexed = await runIndexer(["reindex"], env);
      expect(reindexed.code, reindexed.stderr).toBe(0);
      expect(fake.collectionsStartingWith(`${cliAlias}_`)).toEqual([`${cliAlias}_v2_g2`]);
    } finally {
      await dropAliasFamily(server(), cliAlias);
    }
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
