import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/domain/url-codec";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { TypesenseEngine } from "~/search/typesense/engine";
import { generateDemoFeed } from "../../indexer/demo/generate";
import { importLines, tempDb } from "../support/db";
import { FakeTypesense } from "../support/fake-typesense";
import { trip } from "../support/feed";
import { dropAliasFamily, testAlias } from "../support/typesense";

// The Typesense engine against the in-process fake server, which keeps Typesense's documented
// limits: what would break against a real server breaks here first.

const TODAY = "2026-12-01";
const FEATURES = Array.from({ length: 50 }, (_, i) => ({ value: `feature-${i + 1}`, name: `Egenskab ${i + 1}` }));
const manyFeatures = (id: string, departureDate: string) =>
  trip({ id, departureDate, accommodation: { id: "acc-many", name: "Hotel Alt", features: FEATURES } });

let fake: FakeTypesense;
beforeAll(async () => {
  fake = await new FakeTypesense().start();
});
afterAll(async () => {
  await fake?.stop();
});

const server = () => ({ url: fake.url, apiKey: fake.apiKey });

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

  const query = (qs: string) => parseSearchQuery(new URLSearchParams(qs));

  it("answers a search for all 50 features the URL allows like the reference", async () => {
    const q = query(`accommodationFeatures=${FEATURES.map((f) => f.value).join(",")}&minRating=1&travelCompanies=alpetours`);
    expect(Object.keys(q.searchData.filters.accommodationFeatures ?? {})).toHaveLength(50);
    const result = await engine.search(q, TODAY);
    expect(result).toEqual(await reference.search(q, TODAY));
    expect(result.items.map((i) => i.accommodation.id)).toEqual(["acc-many"]);
  });

  it("answers 49 features and every other filter like the reference", async () => {
    const q = query(
      `accommodationFeatures=${FEATURES.slice(1).map((f) => f.value)}&minPrice=1000&maxPrice=9000&minFullPrice=100` +
        `&maxFullPrice=90000&minSkiPassDaysCount=1&maxSkiPassDaysCount=9&skiPassIncluded=true&minRating=2` +
        `&mealPlanTypes=halvpension&travelCompanies=alpetours&bbox=40,0,50,10&months=2027-02`,
    );
    expect(await engine.search(q, TODAY)).toEqual(await reference.search(q, TODAY));
  });

  it("finds nothing, without asking the server, for a feature the store does not have", async () => {
    const q = query(`accommodationFeatures=${[...FEATURES.slice(0, 48).map((f) => f.value), "ukendt-egenskab"].join(",")}`);
    const before = fake.stats.searches;
    const result = await engine.search(q, TODAY);
    expect(result).toEqual(await reference.search(q, TODAY));
    expect(result.totalCount).toBe(0);
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

    await importLines(db, [trip({ id: "new-trip", departureDate: "2027-03-06" })]);
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
    const available = db.$client.prepare("SELECT count(*) FROM trips WHERE available = 1").pluck().get();
    expect(fake.documents(collection)).toHaveLength(available as number);
    const q = parseSearchQuery(new URLSearchParams(""));
    expect(await engine.search(q, TODAY)).toEqual(await new ReferenceSqlEngine(db).search(q, TODAY));
  });
});
