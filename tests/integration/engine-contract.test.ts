import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/domain/url-codec";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { TypesenseEngine } from "~/search/typesense/engine";
import type { SearchEngine } from "~/search/types";
import type { Db } from "../../db/client";
import { importLines, tempDb } from "../support/db";
import { FakeTypesense } from "../support/fake-typesense";
import { trip } from "../support/feed";
import { dropAliasFamily, liveTypesense, testAlias } from "../support/typesense";

// The behaviour every engine owes (docs/search.md), on a feed small enough to check by hand.
// Typesense runs on the in-process fake server, or on the live server at TYPESENSE_URL when it is
// set (the live suite, README "Search engines").

const TODAY = "2026-12-01";

const valThorens = {
  id: "acc-a",
  name: "Hotel Aiguille",
  rating: 4,
  features: [
    { value: "pool", name: "Swimmingpool" },
    { value: "sauna", name: "Sauna" },
  ],
  lat: 45.2967,
  lng: 6.58,
  tags: ["familievenlig"],
};
const soelden = {
  id: "acc-b",
  name: "Gasthof Sonne",
  rating: 3,
  features: [{ value: "wifi", name: "Gratis wifi" }],
  lat: 46.9655,
  lng: 11.0076,
  tags: ["apres-ski"],
  destination: { slug: "soelden", name: "Sölden", region: { slug: "tirol", name: "Tirol" }, country: { slug: "oestrig", name: "Østrig" } },
};
const trysil = {
  id: "acc-c",
  name: "Trysil Fjellheim",
  rating: 5,
  features: [{ value: "pool", name: "Swimmingpool" }],
  lat: 61.3148,
  lng: 12.2651,
  tags: [],
  destination: {
    slug: "trysil",
    name: "Trysil",
    region: { slug: "innlandet", name: "Innlandet" },
    country: { slug: "norge", name: "Norge" },
  },
};
const bjerg = { slug: "bjergrejser", name: "Bjergrejser" };
/** For 3 persons only: its cheapest offer for the party is not its cheapest per person (rounded per-person prices). */
const roundedPrices = { ...valThorens, id: "acc-d", name: "Chalet Rund" };
const noPass = { included: false, days: 0 };

const FEED = [
  trip({ id: "t1", accommodation: valThorens, departureDate: "2027-02-13", price: 12000, pricePerPerson: 6000, originalPrice: 15000 }),
  trip({
    id: "t2",
    accommodation: valThorens,
    travelCompany: bjerg,
    departureDate: "2027-02-20",
    price: 10000,
    pricePerPerson: 5000,
    originalPrice: null,
    mealPlan: { slug: "morgenmad", title: "Morgenmad", short: "MM" },
    skiPass: noPass,
  }),
  trip({
    id: "t3",
    accommodation: soelden,
    departureDate: "2027-01-09",
    price: 8000,
    pricePerPerson: 4000,
    originalPrice: 8800,
    mealPlan: { slug: "uden-forplejning", title: "Uden forplejning", short: "UF" },
    skiPass: { included: true, days: 5 },
  }),
  trip({
    id: "t4",
    accommodation: soelden,
    departureDate: "2027-02-13",
    persons: 4,
    price: 20000,
    pricePerPerson: 5000,
    originalPrice: null,
  }),
  trip({ id: "t5", accommodation: trysil, travelCompany: bjerg, departureDate: "2026-11-28", price: 9000, pricePerPerson: 4500 }),
  trip({
    id: "t6",
    accommodation: trysil,
    travelCompany: bjerg,
    departureDate: "2027-03-06",
    transport: "egen-transport",
    price: 181000,
    pricePerPerson: 90500,
    originalPrice: null,
    skiPass: noPass,
  }),
  trip({ id: "t8", accommodation: roundedPrices, departureDate: "2027-02-13", persons: 3, price: 9000, pricePerPerson: 3010 }),
  trip({ id: "t9", accommodation: roundedPrices, departureDate: "2027-02-20", persons: 3, price: 9020, pricePerPerson: 3000 }),
];

interface Opened {
  engine: SearchEngine;
  /** Ends what opening started (the Typesense alias and collections, the fake server). */
  close?: () => Promise<void>;
}

const engines: Array<[string, (db: Db) => Promise<Opened>]> = [
  ["embedded", async (db) => ({ engine: new EmbeddedEngine(db) })],
  ["reference SQL", async (db) => ({ engine: new ReferenceSqlEngine(db) })],
  [
    "typesense",
    async (db) => {
      const live = liveTypesense();
      const fake = live ? undefined : await new FakeTypesense().start();
      const server = live ?? { url: fake!.url, apiKey: fake!.apiKey };
      // Its own alias, so the suite never touches a real deployment's collections.
      const alias = testAlias("contract");
      const engine = new TypesenseEngine({ db, ...server, alias });
      const close = async () => {
        engine.stop();
        await dropAliasFamily(server, alias);
        await fake?.stop();
      };
      try {
        await engine.start();
      } catch (error) {
        await close();
        throw error;
      }
      return { engine, close };
    },
  ],
];

describe.each(engines)("%s engine contract", (_name, open) => {
  let engine: SearchEngine;
  let opened: Opened | undefined;
  beforeAll(async () => {
    const { db } = tempDb();
    await importLines(db, FEED);
    opened = await open(db);
    engine = opened.engine;
  });
  afterAll(async () => {
    await opened?.close?.();
  });
  const search = (qs: string) => engine.search(parseSearchQuery(new URLSearchParams(qs)), TODAY);
  const ids = async (qs: string) => (await search(qs)).items.map((i) => i.trip.id);

  it("matches the party size and departures from today on, grouped by accommodation", async () => {
    const r = await search("");
    expect(r.totalCount).toBe(4); // t5 has departed, t4 is for 4 persons
    expect(r.facetNumbers.totalCount).toBe(4);
    expect(r.pagination).toEqual({ totalCount: 3, pageSize: 20, page: 1 });
    expect(await ids("adultCount=2&childrenCount=2")).toEqual(["t4"]);
    const a = r.items.find((i) => i.accommodation.id === "acc-a")!;
    expect(a.offerCount).toBe(2);
    expect(a.companyCount).toBe(2);
    expect(a.accommodation.country).toEqual({ slug: "frankrig", name: "Frankrig" });
  });

  it("gives each item its lowest whole-party and per-person prices under every filter, each its own minimum", async () => {
    const cheapest = async (qs: string) => (await search(qs)).items.map((i) => [i.accommodation.id, i.cheapest]);
    // acc-a's best trip by score is t1 (12,000 kr.); its cheapest is t2.
    expect(await cheapest("destinationSlugs=val-thorens")).toEqual([["acc-a", { price: 10000, pricePerPerson: 5000 }]]);
    expect(await cheapest("destinationSlugs=val-thorens&mealPlanTypes=halvpension")).toEqual([
      ["acc-a", { price: 12000, pricePerPerson: 6000 }],
    ]);
    // Two offers: 9,000 kr. for the party (3,010 per person) and 9,020 kr. (3,000 per person).
    for (const sort of ["price:asc", "skiScore:desc"])
      expect(await cheapest(`adultCount=3&sort=${sort}`)).toEqual([["acc-d", { price: 9000, pricePerPerson: 3000 }]]);
  });

  it("orders accommodations by their best trip under each sort", async () => {
    expect(await ids("sort=price:asc")).toEqual(["t3", "t2", "t6"]);
    expect(await ids("sort=discountPercentage:desc")).toEqual(["t1", "t3", "t6"]); // 20 %, 9 %, 0 %
    const byScore = await search("");
    const scores = byScore.items.map((i) => i.trip.skiScore);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });

  it("searches destinations at every level, tags and the geo area", async () => {
    expect(await ids("destinationSlugs=frankrig&sort=price:asc")).toEqual(["t2"]);
    expect(await ids("destinationSlugs=les-3-vallees,trysil&sort=price:asc")).toEqual(["t2", "t6"]);
    expect(await ids("destinationSlugs=soelden")).toEqual(["t3"]);
    expect(await ids("destinationSlugs=atlantis")).toEqual([]);
    expect(await ids("tags=apres-ski")).toEqual(["t3"]);
    expect(await ids("bbox=60,11,62,13")).toEqual(["t6"]);
  });

  it("resolves weeks, months and dates", async () => {
    expect(await ids("weeks=7")).toEqual(["t2"]); // 2027-W07: 15–21 February
    expect(await ids("weeks=6")).toEqual(["t1"]);
    expect(await ids("months=2027-01")).toEqual(["t3"]);
    expect(await ids("dates=2027-02-13")).toEqual(["t1"]);
    expect(await ids("dates=2026-11-28")).toEqual([]); // departed
  });

  it("keeps each multi-value facet's own options while filtering", async () => {
    const r = await search("travelCompanies=bjergrejser");
    expect(r.totalCount).toBe(2);
    expect(r.facetNumbers.travelCompanySlug).toEqual({ value: { alpetours: 2, bjergrejser: 2 } });
    expect(r.facetNumbers.mealPlanType).toEqual({ value: { halvpension: 1, morgenmad: 1 } });

    const rated = await search("minRating=4");
    expect(rated.totalCount).toBe(3);
    expect(rated.facetNumbers.accommodation_rating).toEqual({ value: { "3": 1, "4": 2, "5": 1 } });

    const noSkiPass = await search("skiPassIncluded=false");
    expect(noSkiPass.totalCount).toBe(2);
    expect(noSkiPass.facetNumbers.skiPassIncluded).toEqual({ value: { true: 2, false: 2 } });

    const meal = await search("mealPlanTypes=halvpension&sort=price:asc");
    expect(meal.items.map((i) => i.trip.id)).toEqual(["t1", "t6"]);
    expect(meal.facetNumbers.mealPlanType).toEqual({ value: { halvpension: 2, morgenmad: 1, "uden-forplejning": 1 } });
  });

  it("narrows feature facets by every filter, features all-of", async () => {
    const r = await search("accommodationFeatures=pool");
    expect(r.totalCount).toBe(3);
    expect(r.facetNumbers.accommodation_features_pool).toEqual({ value: { true: 3 } });
    expect(r.facetNumbers.accommodation_features_sauna).toEqual({ value: { true: 2 } });
    expect(r.facetNumbers.accommodation_features_wifi).toBeUndefined();
    expect((await search("accommodationFeatures=pool,sauna")).totalCount).toBe(2);
    expect((await search("accommodationFeatures=pool,wifi")).totalCount).toBe(0);
  });

  it("buckets prices and ignores the price bounds in the price facets", async () => {
    const r = await search("maxPrice=5000");
    expect(r.totalCount).toBe(2); // per person ≤ 5000, inclusive
    expect(r.facetNumbers.priceRange).toEqual({ value: { "6000-9000": 1, "9000-12000": 1, "12000-15000": 1, "180000+": 1 } });
    expect(r.facetNumbers.pricePerPersonRange).toEqual({ value: { "3750-4500": 1, "4500-5250": 1, "6000-6750": 1, "33000+": 1 } });
    expect(await ids("minFullPrice=10000&maxFullPrice=12000&sort=price:asc")).toEqual(["t2"]);
    expect((await search("minFullPrice=10000&maxFullPrice=12000")).totalCount).toBe(2);
  });

  it("applies ski-pass days to every facet", async () => {
    const r = await search("minSkiPassDaysCount=6");
    expect(r.totalCount).toBe(1);
    expect(r.facetNumbers.skiPassIncluded).toEqual({ value: { true: 1 } });
  });

  it("pages by 20 accommodations and keeps the counts on every page", async () => {
    const r = await search("page=2");
    expect(r.items).toEqual([]);
    expect(r.totalCount).toBe(4);
    expect(r.pagination).toEqual({ totalCount: 3, pageSize: 20, page: 2 });
  });

  it("answers the histogram's facet call without the price bounds", async () => {
    const q = parseSearchQuery(new URLSearchParams("maxFullPrice=9000"));
    const f = await engine.facetNumbers(q.searchData, q.sort, ["priceRange"], TODAY);
    expect(f.priceRange).toEqual({ value: { "6000-9000": 1, "9000-12000": 1, "12000-15000": 1, "180000+": 1 } });
    expect(f.mealPlanType).toBeUndefined();
  });
});
