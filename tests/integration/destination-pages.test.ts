import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { readGeneration } from "../../db/generation";
import { placeSearch } from "~/domain/destination-url";
import { PAGE_PERSONS } from "~/domain/destination-page";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { buildIndex } from "~/search/embedded/build";
import { placePricesFromDb, placePricesFromIndex, type PlacePrices } from "~/search/place-prices";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { TypesenseEngine } from "~/search/typesense/engine";
import { destinationPage, type DestinationPage } from "~/services/destinations/destination-page.server";
import { readPlaceCatalogue, resolvePlace } from "~/services/destinations/places.server";
import { generateDemoFeed } from "../../cli/demo/generate";
import { importLines, tempDb } from "../support/db";
import { departureInDays, trip } from "../support/feed";
import type { FakeTypesense } from "../support/fake-typesense";
import { dropAliasFamily, startTypesense, testAlias } from "../support/typesense";

// The destination pages' data (app/services/destinations/): the prices from the embedded index
// and from SQL agree; a page's counts, prices and weeks agree with the search they link to; the
// URL scheme with slugs shared by places at two or three levels (docs/urls.md).

const TODAY = "2026-11-15";

/** Comparable: resorts by slug, weeks as pairs. */
const plain = (p: PlacePrices) =>
  Object.fromEntries([...p.resorts].sort(([a], [b]) => a.localeCompare(b)).map(([slug, r]) => [slug, { ...r, weeks: [...r.weeks] }]));

describe("on the demo data", () => {
  let db: Db;
  let engine: EmbeddedEngine;
  beforeAll(async () => {
    db = tempDb().db;
    await importLines(db, generateDemoFeed({ trips: 6_000, seed: 5, season: 2026 }));
    engine = new EmbeddedEngine(db);
  });
  afterAll(() => db?.$client.close());

  const page = async (...segments: string[]): Promise<DestinationPage> => {
    const answer = await destinationPage(db, engine, segments, TODAY);
    if (!answer || !("page" in answer)) throw new Error(`no page at ${segments.join("/")}`);
    return answer.page;
  };

  it("counts the same prices from the embedded index and from SQL, for any party size and day", () => {
    const ix = buildIndex(db, 1);
    for (const today of [TODAY, "2027-02-10"]) {
      for (const persons of [2, 4]) {
        const fromIndex = placePricesFromIndex(ix, today, persons);
        expect(fromIndex.resorts.size).toBeGreaterThan(10);
        expect(plain(placePricesFromDb(db, today, persons))).toEqual(plain(fromIndex));
      }
    }
  });

  it("makes the same page on the embedded engine and on the reference SQL, its map's points in the catalogue's order", async () => {
    const sql = new ReferenceSqlEngine(db);
    for (const segments of [[], ["frankrig"], ["tirol"], ["solden"]]) {
      const embedded = await destinationPage(db, engine, segments, TODAY);
      expect(embedded && "page" in embedded && embedded.page.map.points.length, segments.join("/")).toBeGreaterThan(0);
      expect(await destinationPage(db, sql, segments, TODAY), segments.join("/")).toEqual(embedded);
    }
  });

  it("gives every country, region and resort trips and a lowest price that its search and its places agree with", async () => {
    const root = await page();
    expect(root.children.length).toBeGreaterThan(3);
    expect(root.trips).toBe(root.searchTotal);
    expect(root.trips).toBe(root.children.reduce((n, c) => n + c.trips, 0));
    const checked = { country: 0, region: 0, resort: 0 };
    for (const country of root.children) {
      const c = await page(country.href.split("/").pop()!);
      expect(c.level).toBe("country");
      expect([c.trips, c.lowest]).toEqual([country.trips, country.lowest]);
      expect(c.searchTotal).toBe(c.trips);
      expect(c.trips).toBe(c.children.reduce((n, r) => n + r.trips, 0));
      expect(c.lowest).toBe(Math.min(...c.children.filter((r) => r.lowest !== null).map((r) => r.lowest!)));
      checked.country++;
      for (const region of c.children.slice(0, 2)) {
        const r = await page(region.href.split("/").pop()!);
        expect(r.crumbs.map((x) => x.name)).toEqual(["Forside", "Skiferie", c.name, r.name]);
        expect([r.trips, r.searchTotal]).toEqual([region.trips, region.trips]);
        checked.region++;
        const resort = await page(r.children[0].href.split("/").pop()!);
        expect(resort.level).toBe("resort");
        expect([resort.trips, resort.searchTotal]).toEqual([r.children[0].trips, r.children[0].trips]);
        expect(resort.children).toEqual([]);
        // The map has every accommodation with trips, each at its lowest price, the lowest of them the page's.
        expect(Math.min(...resort.map.points.map((p) => p[3]))).toBe(resort.lowest);
        checked.resort++;
      }
    }
    expect(checked.region).toBeGreaterThan(5);
  });

  it("shows the best accommodations as the search's first cards", async () => {
    const p = await page("oestrig");
    const found = await engine.search(placeSearch(["oestrig"]), TODAY);
    expect(p.cards.map((c) => c.accommodation.id)).toEqual(found.items.slice(0, 6).map((i) => i.accommodation.id));
    expect(p.cards).toHaveLength(6);
  });

  it("prices each departure week as the results of that week, which it links to", async () => {
    const p = await page("frankrig");
    expect(p.calendar.length).toBeGreaterThan(8);
    for (const w of p.calendar) {
      expect(w.href).toBe(`/skirejser?destinationSlugs=frankrig&weeks=${w.week}`);
      const query = placeSearch(["frankrig"]);
      const found = await engine.search(
        { ...query, sort: "price:asc", searchData: { ...query.searchData, arrival: { type: "weeks", weeks: [w.week] } } },
        TODAY,
      );
      expect(found.totalCount, `week ${w.week}`).toBe(w.trips);
      expect(found.items[0].trip.pricePerPerson, `week ${w.week}`).toBe(w.lowest);
    }
    expect(p.calendar.map((w) => w.monday)).toEqual([...p.calendar.map((w) => w.monday)].sort());
  });

  it("answers a place's full path with a redirect to its short one, and an unknown place with nothing", async () => {
    const region = await page("tirol");
    expect(region.path).toBe("/skiferie/tirol");
    expect(await destinationPage(db, engine, ["oestrig", "tirol"], TODAY)).toEqual({ redirect: "/skiferie/tirol" });
    expect(await destinationPage(db, engine, ["frankrig", "tirol"], TODAY)).toEqual({ redirect: "/skiferie/tirol" });
    expect(await destinationPage(db, engine, ["findes-ikke"], TODAY)).toBeNull();
    expect(await destinationPage(db, engine, ["oestrig", "findes-ikke"], TODAY)).toBeNull();
  });
});

describe("slugs that name places at several levels", () => {
  let db: Db;
  beforeAll(async () => {
    db = tempDb().db;
    const place = (resort: string, region: string, country: string) => ({
      slug: resort,
      name: resort[0].toUpperCase() + resort.slice(1),
      region: { slug: region, name: `Regionen ${region}` },
      country: { slug: country, name: `Landet ${country}` },
    });
    const at = (id: string, destination: ReturnType<typeof place>, days = 30) =>
      trip({ id, departureDate: departureInDays(days), accommodation: { id: `hotel-${id}`, name: `Hotel ${id}`, destination } });
    await importLines(db, [
      // A country, a region and a resort all named "andorra", and another resort in that region.
      at("a1", place("andorra", "andorra", "andorra")),
      at("a2", place("soldeu", "andorra", "andorra")),
      // A region and a resort in another country both named "bjerget".
      at("b1", place("bjerget", "bjerget", "norge")),
      at("b2", place("dalen", "bjerget", "norge")),
      // A resort with only a departed trip: in the catalogue, nothing for sale.
      at("c1", place("gammel", "fjeldet", "norge"), -5),
    ]);
  });
  afterAll(() => db?.$client.close());

  it("gives the short URL to the broadest and the full path to each narrower namesake", () => {
    const catalogue = readPlaceCatalogue(db, "test");
    const href = (level: "country" | "region" | "resort", slug: string) => catalogue.byLevel[level].get(slug)!.href;
    expect(href("country", "andorra")).toBe("/skiferie/andorra");
    expect(href("region", "andorra")).toBe("/skiferie/andorra/andorra");
    expect(href("resort", "andorra")).toBe("/skiferie/andorra/andorra/andorra");
    expect(href("resort", "soldeu")).toBe("/skiferie/soldeu");
    expect(href("region", "bjerget")).toBe("/skiferie/bjerget");
    expect(href("resort", "bjerget")).toBe("/skiferie/norge/bjerget/bjerget");
    const at = (...segments: string[]) => resolvePlace(catalogue, segments);
    expect(at("andorra")).toEqual({ place: catalogue.byLevel.country.get("andorra") });
    expect(at("andorra", "andorra")).toEqual({ place: catalogue.byLevel.region.get("andorra") });
    expect(at("andorra", "andorra", "andorra")).toEqual({ place: catalogue.byLevel.resort.get("andorra") });
    // A full path whose ancestors are not the place's (or are, for a slug of its own) leads to its canonical path.
    expect(at("norge", "andorra")).toEqual({ redirect: "/skiferie/andorra/andorra" });
    expect(at("norge", "bjerget", "dalen")).toEqual({ redirect: "/skiferie/dalen" });
    expect(at("andorra", "soldeu", "andorra")).toEqual({ redirect: "/skiferie/andorra/andorra/andorra" });
    expect(at("x", "y", "z")).toBeNull();
  });

  it("searches a shared country's or region's resorts by their own slugs, and links each namesake from the others", async () => {
    const engine = new EmbeddedEngine(db);
    const get = async (...segments: string[]) => {
      const answer = await destinationPage(db, engine, segments);
      return answer && "page" in answer ? answer.page : null;
    };
    const region = (await get("andorra", "andorra"))!;
    expect(region.allTripsHref).toBe("/skirejser?destinationSlugs=andorra,soldeu");
    expect([region.trips, region.searchTotal]).toEqual([2, 2]);
    expect(region.alsoNamed.map((p) => p.href)).toEqual(["/skiferie/andorra", "/skiferie/andorra/andorra/andorra"]);
    const bjerget = (await get("bjerget"))!;
    expect(bjerget.level).toBe("region");
    expect(bjerget.allTripsHref).toBe("/skirejser?destinationSlugs=bjerget,dalen");
    expect(bjerget.alsoNamed).toEqual([
      { name: "Bjerget", href: "/skiferie/norge/bjerget/bjerget", level: "resort", parent: "Regionen bjerget" },
    ]);
  });

  it("answers a place with nothing for sale with its page, no trips and no cards", async () => {
    const engine = new EmbeddedEngine(db);
    const answer = await destinationPage(db, engine, ["gammel"]);
    expect(answer && "page" in answer && answer.page).toMatchObject({ level: "resort", name: "Gammel", trips: 0, lowest: null, cards: [] });
    expect(PAGE_PERSONS).toBe(2);
  });
});

describe("on an engine whose generation lags the store", () => {
  // Typesense serves the generation it adopted while the store is already at the next one (a
  // build under way, or a web process waiting for the CLI's): the pages' prices, counted by SQL
  // over the store, are still counted once for that generation and day, not once per page.
  let db: Db;
  let fake: FakeTypesense;
  let engine: TypesenseEngine;
  const alias = testAlias("destination-lag");
  beforeAll(async () => {
    db = tempDb().db;
    await importLines(db, generateDemoFeed({ trips: 400, seed: 7, season: 2026 }));
    fake = await startTypesense();
    engine = new TypesenseEngine({ db, url: fake.url, apiKey: fake.apiKey, alias });
    await engine.start();
    // A second import the engine does not adopt (no reload, no watcher).
    await importLines(db, [trip({ id: "later-1", travelCompany: { slug: "senere", name: "Senere" }, departureDate: "2027-01-16" })]);
  });
  afterAll(async () => {
    engine?.stop();
    if (fake) {
      await dropAliasFamily({ url: fake.url, apiKey: fake.apiKey }, alias);
      await fake.stop();
    }
    db?.$client.close();
  });

  it("counts the prices once for two page loads", async () => {
    expect(engine.generation()).toBeGreaterThan(0);
    expect(engine.generation()).toBeLessThan(readGeneration(db));
    const prepare = vi.spyOn(db.$client, "prepare");
    try {
      for (const segments of [["frankrig"], ["oestrig"]]) {
        const answer = await destinationPage(db, engine, segments, TODAY);
        expect(answer && "page" in answer && answer.page.trips, segments.join("/")).toBeGreaterThan(0);
      }
      const aggregations = prepare.mock.calls.filter(([sql]) => /min\(t\.price_per_person\)/.test(String(sql)));
      expect(aggregations).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
  });
});
