import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "typesense";
import { DEFAULT_ADULT_COUNT } from "~/domain/constants";
import { toDay } from "~/domain/dates";
import { bucketKeys, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import { parseSearchQuery } from "~/domain/url-codec";
import { compileSearch, type CompiledSearch } from "~/search/compile";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import { parseImportResults, searchOptions, TypesenseEngine } from "~/search/typesense/engine";
import { hydrateAccommodations } from "~/search/store-accommodations";
import { collectionSchema, doubleKey, F, openSnapshot, toJsonLine, tripDocuments, type TripDocument } from "~/search/typesense/schema";
import {
  bucketOfLabel,
  emptyFacetNumbers,
  FACETS,
  filterBy,
  filterClauses,
  NOTHING,
  OPEN_END,
  planPageCounts,
  planSearch,
  rangeFacetExpr,
  readPageCounts,
  readResults,
  slugValues,
  sortBy,
  TypesenseQueryError,
  type TsResult,
  type TsSearchParams,
} from "~/search/typesense/translate";
import type { ResultTrip } from "~/domain/search-result";
import { generateDemoFeed } from "../../indexer/demo/generate";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";
import { seededRandom } from "../support/random";
import { randomQueryString, type Vocabulary } from "../support/random-query";

const TODAY = "2026-12-01";
const END = toDay("9999-12-31");

function search(patch: Partial<CompiledSearch> = {}, filters: CompiledSearch["filters"] = {}): CompiledSearch {
  return {
    persons: 2,
    departureRanges: [[toDay("2027-02-01"), toDay("2027-02-28")]],
    area: { type: "all" },
    filters,
    features: Object.keys(filters.accommodationFeatures ?? {}),
    sort: "skiScore:desc",
    ...patch,
  };
}

function data(patch: Partial<SearchData> = {}): SearchData {
  return {
    searchArea: { type: "all" },
    adultCount: DEFAULT_ADULT_COUNT,
    childrenCount: 0,
    arrival: { type: "asap" },
    filters: {},
    ...patch,
  };
}

const FEB = `departure_day:[${toDay("2027-02-01")}..${toDay("2027-02-28")}]`;
const owned = (q: CompiledSearch) => filterClauses(q).clauses.filter((c) => c.owner !== "hard");

describe("doubleKey and the document's JSON line", () => {
  it("orders exactly like the doubles, including negatives, zeros and neighbours float32 would merge", () => {
    const rng = seededRandom(5);
    const values = [
      0,
      -0,
      1,
      -1,
      45.1,
      45.10000000000001,
      -45.1,
      -45.10000000000001,
      1e-300,
      -1e-300,
      5990.25,
      5990.5,
      1e7,
      Infinity,
      -Infinity,
    ];
    for (let i = 0; i < 500; i++) values.push((rng.next() - 0.5) * 10 ** rng.int(-5, 8));
    const sorted = [...values].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1], sorted[i]];
      if (a === b) expect(doubleKey(a)).toBe(doubleKey(b));
      else expect(doubleKey(a) < doubleKey(b), `${a} < ${b}`).toBe(true);
    }
    expect(Math.fround(45.1)).toBe(Math.fround(45.10000000000001)); // why Typesense's float would not do
    expect(doubleKey(1)).toBe(0x3ff0000000000000n);
    expect(doubleKey(-0)).toBe(0n);
  });

  it("writes int64 keys as exact digits and everything else as JSON", () => {
    const doc = {
      id: "t1",
      [F.priceKey]: doubleKey(5990.25),
      [F.pricePerPersonKey]: doubleKey(-1),
      [F.latKey]: 2n ** 62n + 1n,
      [F.lngKey]: -5n,
      [F.trip]: '{"a":"\\"x\\""}',
    } as unknown as TripDocument;
    const line = toJsonLine(doc);
    expect(line).toContain(`"price_key":${doubleKey(5990.25)}`);
    expect(line).toContain(`"lat_key":4611686018427387905`);
    expect(line).toContain(`"price_per_person_key":-4607182418800017409`);
    const parsed = JSON.parse(line);
    expect(parsed.id).toBe("t1");
    expect(parsed.trip).toBe(doc.trip);
    expect(Object.keys(parsed).sort()).toEqual(["id", "lat_key", "lng_key", "price_key", "price_per_person_key", "trip"]);
  });
});

describe("filter_by", () => {
  it("always holds party size and departure ranges, hard", () => {
    const { clauses, impossible } = filterClauses(search());
    expect(impossible).toBe(false);
    expect(filterBy(clauses)).toBe(`persons:=2 && ${FEB}`);
  });

  it("translates each arrival kind through compileSearch", () => {
    const today = toDay(TODAY);
    const filter = (arrival: SearchData["arrival"]) => filterClauses(compileSearch(data({ arrival }), "skiScore:desc", TODAY));
    expect(filterBy(filter({ type: "asap" }).clauses)).toBe(`persons:=2 && departure_day:[${today}..${END}]`);
    expect(filterBy(filter({ type: "weeks", weeks: [7] }).clauses)).toBe(
      `persons:=2 && departure_day:[${toDay("2027-02-15")}..${toDay("2027-02-21")}]`,
    );
    expect(filterBy(filter({ type: "months", months: ["2027-01", "2027-03"] }).clauses)).toBe(
      `persons:=2 && departure_day:[${toDay("2027-01-01")}..${toDay("2027-01-31")},${toDay("2027-03-01")}..${toDay("2027-03-31")}]`,
    );
    expect(filterBy(filter({ type: "dates", dates: ["2027-02-13", "2027-02-20"] }).clauses)).toBe(
      `persons:=2 && departure_day:[${toDay("2027-02-13")}..${toDay("2027-02-13")},${toDay("2027-02-20")}..${toDay("2027-02-20")}]`,
    );
    // A month that has passed leaves no range: nothing can match, so nothing is asked.
    expect(filter({ type: "months", months: ["2026-06"] }).impossible).toBe(true);
    expect(
      planSearch(compileSearch(data({ arrival: { type: "months", months: ["2026-06"] } }), "skiScore:desc", TODAY), {
        collection: "c",
        page: 1,
        facets: "all",
      }),
    ).toEqual(expect.objectContaining({ impossible: true, searches: [] }));
  });

  it("translates each area kind", () => {
    const area = (a: CompiledSearch["area"]) => filterClauses(search({ area: a }));
    expect(filterBy(area({ type: "all" }).clauses)).toBe(`persons:=2 && ${FEB}`);
    expect(filterBy(area({ type: "destinations", destinationSlugs: ["val-thorens", "frankrig"] }).clauses)).toBe(
      `persons:=2 && ${FEB} && destination_slugs:=[\`val-thorens\`,\`frankrig\`]`,
    );
    expect(filterBy(area({ type: "tags", tags: ["familievenlig"] }).clauses)).toBe(`persons:=2 && ${FEB} && tags:=[\`familievenlig\`]`);
    expect(filterBy(area({ type: "geo", bbox: [45.1, -6.5, 46, 7.25] }).clauses)).toBe(
      `persons:=2 && ${FEB} && lat_key:[${doubleKey(45.1)}..${doubleKey(46)}] && lng_key:[${doubleKey(-6.5)}..${doubleKey(7.25)}]`,
    );
    expect(area({ type: "geo", bbox: [46, 6, 45, 7] }).impossible).toBe(true); // south above north
    expect(area({ type: "geo", bbox: [NaN, 6, 45, 7] }).impossible).toBe(true);
    expect(area({ type: "destinations", destinationSlugs: [] }).impossible).toBe(true);
    expect(area({ type: "tags", tags: ["Familievenlig"] }).impossible).toBe(true); // no slug is upper case
  });

  it("translates every filter, tagged with the facet it belongs to", () => {
    const q = search(
      {},
      {
        minPrice: 1000,
        maxPrice: 5990.25,
        minFullPrice: 2000,
        minSkiPassDaysCount: 3,
        maxSkiPassDaysCount: 6,
        skiPassIncluded: true,
        minRating: 4,
        mealPlanTypes: ["halvpension", "helpension"],
        accommodationFeatures: { pool: true, sauna: true },
        travelCompanies: ["alpetours"],
      },
    );
    expect(filterClauses(q).clauses).toEqual([
      { owner: "hard", expr: "persons:=2" },
      { owner: "hard", expr: FEB },
      { owner: "hard", expr: "features:=[`pool`]" },
      { owner: "hard", expr: "features:=[`sauna`]" },
      { owner: "hard", expr: "ski_pass_days:[3..6]" },
      { owner: "company", expr: "company_slug:=[`alpetours`]" },
      { owner: "meal", expr: "meal_plan_slug:=[`halvpension`,`helpension`]" },
      { owner: "rating", expr: "rating:>=4" },
      { owner: "skiPass", expr: "ski_pass_included:=true" },
      { owner: "price", expr: `price_per_person_key:[${doubleKey(1000)}..${doubleKey(5990.25)}]` },
      { owner: "price", expr: `price_key:>=${doubleKey(2000)}` },
    ]);
    expect(owned(search({}, { maxFullPrice: 9000, skiPassIncluded: false }))).toEqual([
      { owner: "skiPass", expr: "ski_pass_included:=false" },
      { owner: "price", expr: `price_key:<=${doubleKey(9000)}` },
    ]);
    expect(filterClauses(search({}, { maxSkiPassDaysCount: 4 })).clauses.at(-1)).toEqual({ owner: "hard", expr: "ski_pass_days:<=4" });
    expect(filterClauses(search({}, { minSkiPassDaysCount: 2.5 })).clauses.at(-1)).toEqual({ owner: "hard", expr: "ski_pass_days:>=3" });
  });

  it("treats empty selections as unset and impossible bounds as matching nothing", () => {
    expect(owned(search({}, { mealPlanTypes: [], travelCompanies: [] }))).toEqual([]);
    expect(owned(search({}, { minPrice: 5000, maxPrice: 4000 }))).toEqual([{ owner: "price", expr: NOTHING }]);
    expect(owned(search({}, { minRating: 6 }))).toEqual([{ owner: "rating", expr: "rating:>=6" }]);
    expect(owned(search({}, { minPrice: NaN }))).toEqual([]);
    expect(filterClauses(search({}, { minSkiPassDaysCount: 7, maxSkiPassDaysCount: 6 })).impossible).toBe(true);
    expect(filterClauses(search({ persons: 2.5 })).impossible).toBe(true);
  });

  it("keeps hostile slugs out of the query: an owned filter of only those matches nothing, a hard one empties the search", () => {
    const hostile = ["a`b", "x`] || persons:>0 && (`", "Alpetours", "two words", "a,b", "é", "", "-lead", "a&&b"];
    expect(slugValues([...hostile, "alpetours", "alpetours", "sno-ski"])).toEqual(["alpetours", "sno-ski"]);
    const q = search({}, { travelCompanies: [...hostile, "alpetours"], mealPlanTypes: hostile });
    const f = filterBy(filterClauses(q).clauses);
    expect(f).toBe(`persons:=2 && ${FEB} && company_slug:=[\`alpetours\`] && ${NOTHING}`);
    for (const bad of ["||", "(", "Alpe", "a,b", "a`b"]) expect(f).not.toContain(bad);
    expect(filterClauses(search({ area: { type: "destinations", destinationSlugs: hostile } })).impossible).toBe(true);
    expect(filterClauses(search({}, { accommodationFeatures: { pool: true, "spa`": true } })).impossible).toBe(true);
  });

  it("leaves one owner's clauses out for its facet", () => {
    const { clauses } = filterClauses(search({}, { travelCompanies: ["alpetours"], minPrice: 100, maxFullPrice: 9000, minRating: 3 }));
    expect(filterBy(clauses, "price")).toBe(`persons:=2 && ${FEB} && company_slug:=[\`alpetours\`] && rating:>=3`);
    expect(filterBy(clauses, "company")).toBe(
      `persons:=2 && ${FEB} && rating:>=3 && price_per_person_key:>=${doubleKey(100)} && price_key:<=${doubleKey(9000)}`,
    );
  });
});

describe("sort_by", () => {
  it("sorts by the key, then accommodation rank (orders the groups), then trip rank (picks the best trip)", () => {
    expect(sortBy("skiScore:desc")).toBe("ski_score:desc,accommodation_rank:asc,trip_rank:asc");
    expect(sortBy("discountPercentage:desc")).toBe("discount:desc,accommodation_rank:asc,trip_rank:asc");
    expect(sortBy("price:asc")).toBe("price_key:asc,accommodation_rank:asc,trip_rank:asc");
  });
});

describe("price range facets", () => {
  it("has one alphanumeric, continuous range per bucket, the last open", () => {
    const expr = rangeFacetExpr("price_floor", FULL_PRICE_BUCKETS, "full");
    expect(expr.startsWith("price_floor(full0:[0, 3000], full1:[3000, 6000], ")).toBe(true);
    expect(expr.endsWith(`full59:[177000, 180000], full60:[180000, ${OPEN_END}])`)).toBe(true);
    expect(FACETS.pricePerPersonRange.expr.endsWith(`pp43:[32250, 33000], pp44:[33000, ${OPEN_END}])`)).toBe(true);
    for (const e of [FACETS.priceRange.expr, FACETS.pricePerPersonRange.expr]) {
      const ranges = [...e.matchAll(/(\w+):\[(\d+), (\d+)\]/g)];
      for (const [, label] of ranges) expect(label).toMatch(/^[A-Za-z0-9]+$/);
      for (let i = 1; i < ranges.length; i++) expect(ranges[i][2]).toBe(ranges[i - 1][3]);
    }
  });

  it("maps every label to its bucket key and back", () => {
    for (const [scheme, prefix, key] of [
      [FULL_PRICE_BUCKETS, "full", "priceRange"],
      [PER_PERSON_BUCKETS, "pp", "pricePerPersonRange"],
    ] as const) {
      const keys = bucketKeys(scheme);
      const labels = [...FACETS[key].expr.matchAll(/(\w+):\[/g)].map((m) => m[1]);
      expect(labels.map((l) => bucketOfLabel(l, scheme, prefix))).toEqual(keys);
      expect(labels.map((l) => FACETS[key].option(l))).toEqual(keys);
    }
    expect(bucketOfLabel("full61", FULL_PRICE_BUCKETS, "full")).toBeUndefined();
    expect(bucketOfLabel("full01", FULL_PRICE_BUCKETS, "full")).toBeUndefined();
    expect(bucketOfLabel("pp3", FULL_PRICE_BUCKETS, "full")).toBeUndefined();
  });
});

describe("the multi_search", () => {
  const shape = (q: CompiledSearch, o: Partial<Parameters<typeof planSearch>[1]> = {}) =>
    planSearch(q, { collection: "trips_g1_1", page: 1, facets: "all", ...o }).searches.map((s) => ({
      role: s.role,
      without: s.without,
      facetKeys: s.facetKeys,
    }));

  it("without owned filters: the grouped page and one facets query for everything", () => {
    const plan = planSearch(search(), { collection: "trips_g1_1", page: 2, facets: "all" });
    expect(plan.searches).toHaveLength(2);
    const [items, facets] = plan.searches;
    expect(items.params).toEqual({
      collection: "trips_g1_1",
      q: "*",
      filter_by: `persons:=2 && ${FEB}`,
      sort_by: "ski_score:desc,accommodation_rank:asc,trip_rank:asc",
      group_by: "accommodation_rank",
      group_limit: 1,
      page: 2,
      per_page: 20,
      include_fields: "accommodation_id,accommodation_rank,trip",
    });
    expect(facets.params).toEqual({
      collection: "trips_g1_1",
      q: "*",
      filter_by: `persons:=2 && ${FEB}`,
      per_page: 0,
      facet_by: [
        FACETS.priceRange.expr,
        FACETS.pricePerPersonRange.expr,
        "meal_plan_slug",
        "ski_pass_included",
        "rating",
        "company_slug",
        "features",
      ].join(","),
      max_facet_values: 10_000,
      facet_strategy: "exhaustive",
    });
  });

  it("adds a query without each owned filter that is set, for that filter's facets only", () => {
    expect(shape(search({}, { travelCompanies: ["alpetours"], minRating: 3, maxPrice: 5000, minSkiPassDaysCount: 2 }))).toEqual([
      { role: "items", without: undefined, facetKeys: [] },
      { role: "facets", without: undefined, facetKeys: ["mealPlanType", "skiPassIncluded", "accommodation_features"] },
      { role: "without", without: "company", facetKeys: ["travelCompanySlug"] },
      { role: "without", without: "rating", facetKeys: ["accommodation_rating"] },
      { role: "without", without: "price", facetKeys: ["priceRange", "pricePerPersonRange"] },
    ]);
    expect(shape(search({}, { mealPlanTypes: ["halvpension"], skiPassIncluded: false, accommodationFeatures: { pool: true } }))).toEqual([
      { role: "items", without: undefined, facetKeys: [] },
      {
        role: "facets",
        without: undefined,
        facetKeys: ["priceRange", "pricePerPersonRange", "accommodation_rating", "travelCompanySlug", "accommodation_features"],
      },
      { role: "without", without: "meal", facetKeys: ["mealPlanType"] },
      { role: "without", without: "skiPass", facetKeys: ["skiPassIncluded"] },
    ]);
    const q = search({}, { minFullPrice: 100, travelCompanies: ["alpetours"] });
    const byRole = planSearch(q, { collection: "c", page: 1, facets: "all" }).searches;
    expect(byRole.find((s) => s.without === "price")!.params.filter_by).toBe(`persons:=2 && ${FEB} && company_slug:=[\`alpetours\`]`);
    expect(byRole.find((s) => s.without === "company")!.params.filter_by).toBe(`persons:=2 && ${FEB} && price_key:>=${doubleKey(100)}`);
    expect(byRole.find((s) => s.role === "facets")!.params.filter_by).toBe(
      `persons:=2 && ${FEB} && company_slug:=[\`alpetours\`] && price_key:>=${doubleKey(100)}`,
    );
  });

  it("asks only for the required facets, and no page, for the histogram", () => {
    expect(shape(search(), { page: undefined, facets: ["priceRange", "pricePerPersonRange"] })).toEqual([
      { role: "facets", without: undefined, facetKeys: ["priceRange", "pricePerPersonRange"] },
    ]);
    expect(
      shape(search({}, { maxFullPrice: 9000 }), { page: undefined, facets: ["priceRange", "accommodation_features_pool", "nonsense"] }),
    ).toEqual([
      { role: "facets", without: undefined, facetKeys: ["accommodation_features"] },
      { role: "without", without: "price", facetKeys: ["priceRange"] },
    ]);
    const [facets] = planSearch(search(), { collection: "c", facets: [] }).searches;
    expect(facets.params).toEqual({ collection: "c", q: "*", filter_by: `persons:=2 && ${FEB}`, per_page: 0 });
  });

  it("only counts accommodations for a page beyond them", () => {
    const items = (page: number) => planSearch(search(), { collection: "c", page, accommodationCount: 60, facets: "all" }).searches[0];
    expect(items(3)).toEqual(expect.objectContaining({ countOnly: undefined, params: expect.objectContaining({ page: 3, per_page: 20 }) }));
    expect(items(4)).toEqual(expect.objectContaining({ countOnly: true, params: expect.objectContaining({ page: 1, per_page: 1 }) }));
    expect(items(100_000).countOnly).toBe(true);
  });

  it("counts offers and companies of the page's accommodations under every filter", () => {
    const plan = planSearch(search({}, { travelCompanies: ["alpetours", "snow"] }), { collection: "c", page: 1, facets: "all" });
    expect(planPageCounts(plan, "c", [3, 17])).toEqual({
      collection: "c",
      q: "*",
      filter_by: `persons:=2 && ${FEB} && company_slug:=[\`alpetours\`,\`snow\`] && accommodation_rank:[3,17]`,
      per_page: 0,
      facet_by: "accommodation_company",
      max_facet_values: 10_000,
      facet_strategy: "exhaustive",
    });
    const counts = readPageCounts({
      facet_counts: [
        {
          field_name: "accommodation_company",
          counts: [
            { value: "3:alpetours", count: 4 },
            { value: "17:snow", count: 2 },
            { value: "3:snow", count: 1 },
            { value: "17:alpetours", count: 0 },
          ],
        },
      ],
    });
    expect(Object.fromEntries(counts)).toEqual({ 3: { offerCount: 5, companyCount: 2 }, 17: { offerCount: 2, companyCount: 1 } });
  });
});

describe("reading Typesense's answers", () => {
  const tripB: ResultTrip = {
    id: "b-1",
    travelCompany: { slug: "alpetours", name: "Alpetours" },
    departureDate: "2027-02-13",
    nights: 7,
    transport: "bus",
    persons: 2,
    price: 11980.5,
    pricePerPerson: 5990.25,
    originalPrice: null,
    discountPercentage: 0,
    skiScore: 812,
    mealPlan: { slug: "halvpension", title: "Halvpension", short: "HP" },
    skiPass: { included: true, days: 6 },
    url: "https://example.com/b",
  };

  it("maps the page, both counts and every facet, omitting zero counts", () => {
    const plan = planSearch(search({}, { travelCompanies: ["alpetours"], maxFullPrice: 200_000 }), {
      collection: "c",
      page: 1,
      facets: "all",
    });
    expect(plan.searches.map((s) => s.without ?? s.role)).toEqual(["items", "facets", "company", "price"]);
    const results: TsResult[] = [
      {
        found: 2,
        found_docs: 5,
        grouped_hits: [
          {
            group_key: ["3"],
            found: 3,
            hits: [{ document: { accommodation_id: "acc-b", accommodation_rank: 3, trip: JSON.stringify(tripB) } }],
          },
          {
            group_key: ["9"],
            found: 2,
            hits: [{ document: { accommodation_id: "acc-x", accommodation_rank: 9, trip: JSON.stringify({ ...tripB, id: "x-1" }) } }],
          },
        ],
      },
      {
        found: 5,
        facet_counts: [
          { field_name: "meal_plan_slug", counts: [{ value: "halvpension", count: 5 }] },
          {
            field_name: "ski_pass_included",
            counts: [
              { value: "true", count: 3 },
              { value: "false", count: 2 },
            ],
          },
          {
            field_name: "rating",
            counts: [
              { value: "4", count: 5 },
              { value: "2", count: 0 },
            ],
          },
          {
            field_name: "features",
            counts: [
              { value: "pool", count: 4 },
              { value: "sauna", count: 0 },
            ],
          },
        ],
      },
      {
        found: 9,
        facet_counts: [
          {
            field_name: "company_slug",
            counts: [
              { value: "alpetours", count: 5 },
              { value: "snow", count: 4 },
            ],
          },
        ],
      },
      {
        found: 7,
        facet_counts: [
          {
            field_name: "price_floor",
            counts: [
              { value: "full3", count: 4 },
              { value: "full60", count: 3 },
            ],
          },
          {
            field_name: "price_per_person_floor",
            counts: [
              { value: "pp7", count: 7 },
              { value: "bogus", count: 2 },
            ],
          },
        ],
      },
    ];
    const outcome = readResults(plan, results);
    expect(outcome.totalCount).toBe(5);
    expect(outcome.accommodationCount).toBe(2);
    expect(outcome.groups).toEqual([
      { accommodationId: "acc-b", accommodationRank: 3, trip: tripB },
      { accommodationId: "acc-x", accommodationRank: 9, trip: { ...tripB, id: "x-1" } },
    ]);
    expect(outcome.facetNumbers).toEqual({
      totalCount: 5,
      priceRange: { value: { "9000-12000": 4, "180000+": 3 } },
      pricePerPersonRange: { value: { "5250-6000": 7 } },
      mealPlanType: { value: { halvpension: 5 } },
      skiPassIncluded: { value: { true: 3, false: 2 } },
      accommodation_rating: { value: { "4": 5 } },
      travelCompanySlug: { value: { alpetours: 5, snow: 4 } },
      accommodation_features_pool: { value: { true: 4 } },
    });
  });

  it("gives the six facets empty when nothing matches, and throws on a failed query", () => {
    expect(emptyFacetNumbers()).toEqual({
      totalCount: 0,
      priceRange: { value: {} },
      pricePerPersonRange: { value: {} },
      mealPlanType: { value: {} },
      skiPassIncluded: { value: {} },
      accommodation_rating: { value: {} },
      travelCompanySlug: { value: {} },
    });
    const plan = planSearch(search(), { collection: "c", page: 1, facets: "all" });
    expect(() => readResults(plan, [{ found: 0 }, { code: 404, error: "Not found." }])).toThrow(TypesenseQueryError);
    expect(() => readResults(plan, [{ found: 0 }])).toThrow(TypesenseQueryError);
    expect(() => readPageCounts({ code: 400, error: "bad" })).toThrow(TypesenseQueryError);
  });

  it("reads import results as JSON lines or parsed", () => {
    expect(parseImportResults('{"success":true}\n{"success":false,"error":"bad"}\n')).toEqual([
      { success: true },
      { success: false, error: "bad" },
    ]);
    expect(parseImportResults({ success: true })).toEqual([{ success: true }]);
    expect(parseImportResults([{ success: true }])).toEqual([{ success: true }]);
  });
});

// ---- A fake Typesense: the subset of its behaviour this engine relies on, strict about syntax ----

type Doc = Record<string, unknown>;
const INT64_FIELDS = /"(price_key|price_per_person_key|lat_key|lng_key)":(-?\d+)/g;
const MAX_FILTER_OPS = 100; // Typesense's default filter_by_max_ops (postfix operands + operators)

function notFound(): Error {
  return Object.assign(new Error("Not Found"), { httpStatus: 404 });
}

function num(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  throw new Error(`not an integer: ${String(v)}`);
}

function compileFilter(filter: string, fields: Set<string>): (doc: Doc) => boolean {
  const clauses = filter.split(" && ");
  if (2 * clauses.length - 1 > MAX_FILTER_OPS) throw new Error("`filter_by` has too many operations");
  const tests = clauses.map((clause): ((doc: Doc) => boolean) => {
    const m = /^([a-z_]+):(.+)$/.exec(clause);
    if (!m || !fields.has(m[1])) throw new Error(`bad clause ${clause}`);
    const [, field, raw] = m;
    const list = /^=\[(.+)\]$/.exec(raw);
    if (list && /^`/.test(list[1])) {
      const wanted = list[1].split(",").map((v) => {
        const q = /^`([a-z0-9-]+)`$/.exec(v);
        if (!q) throw new Error(`bad string value ${v}`);
        return q[1];
      });
      return (doc) => {
        const value = doc[field];
        return (Array.isArray(value) ? value : [value]).some((v) => wanted.includes(v as string));
      };
    }
    if (raw === "=true" || raw === "=false") return (doc) => doc[field] === (raw === "=true");
    const cmp = /^(>=|<=|>|<|=)?(-?\d+)$/.exec(raw);
    if (cmp) {
      const bound = BigInt(cmp[2]);
      const op = cmp[1] ?? "=";
      return (doc) => {
        const v = num(doc[field]);
        return op === ">=" ? v >= bound : op === "<=" ? v <= bound : op === ">" ? v > bound : op === "<" ? v < bound : v === bound;
      };
    }
    const ranges = /^\[(.+)\]$/.exec(raw);
    if (ranges) {
      const parts = ranges[1].split(",").map((p) => {
        const r = /^(-?\d+)\.\.(-?\d+)$/.exec(p) ?? /^((-?\d+))$/.exec(p);
        if (!r) throw new Error(`bad range ${p}`);
        return [BigInt(r[1]), BigInt(r[2])] as const;
      });
      return (doc) => {
        const v = num(doc[field]);
        return parts.some(([lo, hi]) => lo <= v && v <= hi);
      };
    }
    throw new Error(`bad clause ${clause}`);
  });
  return (doc) => tests.every((t) => t(doc));
}

function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "(") depth++;
    if (s[i] === ")") depth--;
    if (s[i] === "," && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

class FakeTypesense {
  readonly store = new Map<string, { fields: Set<string>; docs: Doc[] }>();
  readonly aliasMap = new Map<string, string>();
  searches = 0;

  private resolve(name: string) {
    const c = this.store.get(this.aliasMap.get(name) ?? name);
    if (!c) throw notFound();
    return c;
  }

  collections(name?: string) {
    if (name === undefined) {
      return {
        create: async (schema: { name: string; fields: Array<{ name: string }> }) => {
          if (this.store.has(schema.name)) throw new Error("already exists");
          this.store.set(schema.name, { fields: new Set(["id", ...schema.fields.map((f) => f.name)]), docs: [] });
          return { name: schema.name, num_documents: 0 };
        },
        retrieve: async () => [...this.store].map(([n, c]) => ({ name: n, num_documents: c.docs.length })),
      };
    }
    return {
      retrieve: async () => ({ name, num_documents: this.resolve(name).docs.length }),
      delete: async () => {
        this.resolve(name);
        this.store.delete(name);
        return { name };
      },
      documents: () => ({
        import: async (jsonl: string, options: { action: string }) => {
          expect(options.action).toBe("create");
          const c = this.resolve(name);
          const lines = jsonl.split("\n");
          for (const line of lines) {
            const doc = JSON.parse(line) as Doc;
            for (const [, key, digits] of line.matchAll(INT64_FIELDS)) doc[key] = BigInt(digits);
            for (const field of c.fields)
              if (!(field in doc) && field !== "features" && field !== "tags") throw new Error(`missing ${field}`);
            c.docs.push(doc);
          }
          return lines.map(() => '{"success":true}').join("\n");
        },
      }),
    };
  }

  aliases(name?: string) {
    if (name === undefined) {
      return {
        upsert: async (alias: string, { collection_name }: { collection_name: string }) => {
          this.resolve(collection_name);
          this.aliasMap.set(alias, collection_name);
          return { name: alias, collection_name };
        },
      };
    }
    return {
      retrieve: async () => {
        const target = this.aliasMap.get(name);
        if (!target) throw notFound();
        return { name, collection_name: target };
      },
      delete: async () => {
        this.aliasMap.delete(name);
        return { name };
      },
    };
  }

  multiSearch = {
    perform: async ({ searches }: { searches: TsSearchParams[] }) => {
      this.searches++;
      if (searches.length > 50) throw new Error("limit_multi_searches");
      return { results: searches.map((s) => this.run(s)) };
    },
  };

  private run(s: TsSearchParams): TsResult {
    const c = this.store.get(this.aliasMap.get(s.collection) ?? s.collection);
    if (!c) return { code: 404, error: "Not found." };
    expect(s.q).toBe("*");
    if (s.per_page > 250) throw new Error("per_page");
    const matched = c.docs.filter(compileFilter(s.filter_by, c.fields));
    const result: TsResult = { found: matched.length, found_docs: matched.length };
    if (s.group_by) {
      expect(s.facet_by).toBeUndefined(); // grouped facets would count groups
      const keys = s.sort_by!.split(",").map((k) => k.split(":") as [string, "asc" | "desc"]);
      expect(keys.length).toBeLessThanOrEqual(3);
      matched.sort((a, b) => {
        for (const [field, dir] of keys) {
          const d = num(a[field]) - num(b[field]);
          if (d !== 0n) return (d < 0n ? -1 : 1) * (dir === "asc" ? 1 : -1);
        }
        return 0;
      });
      const groups = new Map<string, Doc[]>();
      for (const doc of matched) {
        const key = String(doc[s.group_by]);
        groups.set(key, [...(groups.get(key) ?? []), doc]);
      }
      const page = s.page ?? 1;
      const include = s.include_fields!.split(",");
      result.found = groups.size;
      result.grouped_hits = [...groups].slice((page - 1) * s.per_page, page * s.per_page).map(([key, docs]) => ({
        group_key: [key],
        found: docs.length,
        hits: docs.slice(0, s.group_limit).map((d) => ({ document: Object.fromEntries(include.map((f) => [f, d[f]])) })),
      }));
    }
    if (s.facet_by) {
      result.facet_counts = splitTopLevel(s.facet_by).map((expr) => {
        const counts = new Map<string, number>();
        const rangeExpr = /^(\w+)\((.+)\)$/.exec(expr);
        const field = rangeExpr ? rangeExpr[1] : expr;
        if (!c.fields.has(field)) throw new Error(`no facet ${field}`);
        if (rangeExpr) {
          const matches = [...rangeExpr[2].matchAll(/([A-Za-z0-9]+):\[(\d+), (\d+)\]/g)];
          if (matches.map((m) => m[0]).join(", ") !== rangeExpr[2]) throw new Error(`bad ranges ${rangeExpr[2]}`);
          const parsed = matches.map((m) => ({ label: m[1], lo: BigInt(m[2]), hi: BigInt(m[3]) }));
          for (const doc of matched) {
            const v = num(doc[field]);
            const hit = parsed.find((r) => r.lo <= v && v < r.hi); // start inclusive, end exclusive
            if (hit) counts.set(hit.label, (counts.get(hit.label) ?? 0) + 1);
          }
        } else {
          for (const doc of matched) {
            const value = doc[field];
            for (const v of Array.isArray(value) ? value : [value]) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
          }
        }
        const sorted = [...counts].sort((a, b) => b[1] - a[1]).slice(0, s.max_facet_values ?? 10); // Typesense's default is 10
        return { field_name: field, counts: sorted.map(([value, count]) => ({ value, count })) };
      });
    }
    return result;
  }
}

describe("TypesenseEngine on a fake Typesense answers like the reference SQL engine", () => {
  const { db } = tempDb();
  const fake = new FakeTypesense();
  let engine: TypesenseEngine;
  let reference: ReferenceSqlEngine;
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
    engine = new TypesenseEngine({ db, client: fake as unknown as Client, alias: "trips_test", batchSize: 700 });
    reference = new ReferenceSqlEngine(db);
    await engine.reload();
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
  });

  afterAll(async () => {
    await engine?.destroy();
  });

  it("indexes every available trip, in id order, behind the alias", async () => {
    const name = engine.currentCollection()!;
    expect(name).toMatch(/^trips_test_g\d+_\d+$/);
    expect(fake.aliasMap.get("trips_test")).toBe(name);
    const docs = fake.store.get(name)!.docs;
    expect(docs.length).toBe(db.$client.prepare("SELECT count(*) FROM trips WHERE available = 1").pluck().get());
    expect(docs.map((d) => d.trip_rank)).toEqual(docs.map((_, i) => i));
    const edgeB = docs.find((d) => d.id === "edge-b-1")!;
    expect(edgeB.lat_key).toBe(doubleKey(45.10000000000001));
    expect(edgeB.accommodation_company).toBe(`${edgeB.accommodation_rank}:alpetours`);
    expect(engine.generation()).toBeGreaterThan(0);
  });

  it(`gives identical results for random queries`, async () => {
    const rng = seededRandom(2027);
    let nonEmpty = 0;
    for (let n = 0; n < 150; n++) {
      const params = randomQueryString(rng, vocabulary);
      const query = parseSearchQuery(params);
      const [a, b] = await Promise.all([engine.search(query, TODAY), reference.search(query, TODAY)]);
      expect(a, `query ${n}: ?${params}`).toEqual(b);
      if (a.totalCount > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(50);
  });

  it("answers the histogram's facet call like the reference", async () => {
    const rng = seededRandom(8);
    for (let n = 0; n < 30; n++) {
      const query = parseSearchQuery(randomQueryString(rng, vocabulary));
      const fields = ["priceRange", "pricePerPersonRange", "accommodation_features_pool", "travelCompanySlug"];
      expect(await engine.facetNumbers(query.searchData, query.sort, fields, TODAY)).toEqual(
        await reference.facetNumbers(query.searchData, query.sort, fields, TODAY),
      );
    }
  });

  it("compares prices and coordinates exactly at the bounds", async () => {
    const at = (
      filters: SearchData["filters"],
      searchArea: SearchData["searchArea"] = { type: "all" },
      sort: SearchQuery["sort"] = "price:asc",
    ): SearchQuery => ({
      searchData: data({ filters, searchArea, arrival: { type: "dates", dates: ["2027-02-13"] } }),
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
    for (const query of queries) {
      const [a, b] = await Promise.all([engine.search(query, TODAY), reference.search(query, TODAY)]);
      expect(a, JSON.stringify(query.searchData)).toEqual(b);
    }
    const exact = await engine.search(queries[4], TODAY);
    expect(exact.items.map((i) => i.accommodation.id)).toEqual(["edge-a"]);
    expect(exact.items[0]).toEqual(expect.objectContaining({ offerCount: 2, companyCount: 2 }));
  });

  it("serves pages beyond the results without asking for their hits", async () => {
    const query = { ...parseSearchQuery(new URLSearchParams("page=90000")) };
    const [a, b] = await Promise.all([engine.search(query, TODAY), reference.search(query, TODAY)]);
    expect(a).toEqual(b);
    expect(a.items).toEqual([]);
    expect(a.pagination.totalCount).toBeGreaterThan(0);
  });

  it("gives the reference's options", async () => {
    expect(await engine.options()).toEqual(await reference.options());
    expect(searchOptions(db.$client).travelCompanies.map((c) => c.slug)).toContain("edgeco");
  });

  it("reloads into a new collection, swaps the alias and drops the old one; rebuilds if its collection vanishes", async () => {
    const before = engine.currentCollection()!;
    await Promise.all([engine.reload(), engine.reload()]); // coalesced into one
    const after = engine.currentCollection()!;
    expect(after).not.toBe(before);
    expect(fake.store.has(before)).toBe(false);
    expect(fake.aliasMap.get("trips_test")).toBe(after);
    expect([...fake.store.keys()].filter((k) => k.startsWith("trips_test_"))).toEqual([after]);

    fake.store.delete(after); // as if another process had dropped it
    const query = parseSearchQuery(new URLSearchParams("sort=price:asc"));
    expect(await engine.search(query, TODAY)).toEqual(await reference.search(query, TODAY));
    expect(engine.currentCollection()).not.toBe(after);
  });
});

describe("reading the store", () => {
  const { db } = tempDb();

  beforeAll(async () => {
    await importLines(db, [
      trip({ id: "t-2", price: 9000.5, pricePerPerson: 4500.25 }),
      trip({ id: "T-1", accommodation: { id: "acc-2", tags: [], features: [] } }),
    ]);
  });

  it("builds one document per available trip, ranked in byte order", () => {
    const docs = [...tripDocuments(db.$client)];
    expect(docs.map((d) => [d.id, d.trip_rank, d.accommodation_id, d.accommodation_rank])).toEqual([
      ["T-1", 0, "acc-2", 0],
      ["t-2", 1, "hotel-aiguille-vt", 1],
    ]);
    const d = docs[1];
    expect(d).toEqual(
      expect.objectContaining({
        company_slug: "alpetours",
        accommodation_company: "1:alpetours",
        persons: 2,
        departure_day: toDay("2027-02-13"),
        price_key: doubleKey(9000.5),
        price_floor: 9000,
        price_per_person_key: doubleKey(4500.25),
        price_per_person_floor: 4500,
        meal_plan_slug: "halvpension",
        ski_pass_included: true,
        ski_pass_days: 6,
        rating: 4,
        features: ["pool", "sauna"],
        tags: ["familievenlig", "ski-in-ski-out"],
        destination_slugs: ["val-thorens", "les-3-vallees", "frankrig"],
        lat_key: doubleKey(45.2967),
        location: [45.2967, 6.58],
      }),
    );
    expect(JSON.parse(d.trip)).toEqual(
      expect.objectContaining({
        id: "t-2",
        price: 9000.5,
        pricePerPerson: 4500.25,
        travelCompany: { slug: "alpetours", name: "Alpetours" },
        mealPlan: { slug: "halvpension", title: "Halvpension", short: "HP" },
      }),
    );
    expect(docs[0].features).toEqual([]);
    const fields = new Set(collectionSchema("x").fields!.map((f) => f.name));
    for (const key of Object.keys(d)) if (key !== "id" && key !== "trip") expect(fields.has(key), key).toBe(true);
  });

  it("reads a consistent snapshot on its own connection", () => {
    const snapshot = openSnapshot(db);
    try {
      expect(snapshot.generation).toBeGreaterThan(0);
      expect(snapshot.accommodationCount).toBe(2);
      expect([...snapshot.documents].map((d) => d.id)).toEqual(["T-1", "t-2"]);
    } finally {
      snapshot.close();
    }
  });

  it("hydrates accommodations in one query", () => {
    const accs = hydrateAccommodations(db.$client, ["hotel-aiguille-vt", "acc-2", "missing"]);
    expect([...accs.keys()].sort()).toEqual(["acc-2", "hotel-aiguille-vt"]);
    expect(accs.get("hotel-aiguille-vt")).toEqual({
      id: "hotel-aiguille-vt",
      name: "Hotel L'Aiguille",
      rating: 4,
      lat: 45.2967,
      lng: 6.58,
      imageUrl: null,
      destination: { slug: "val-thorens", name: "Val Thorens" },
      region: { slug: "les-3-vallees", name: "Les 3 Vallées" },
      country: { slug: "frankrig", name: "Frankrig" },
      features: [
        { value: "pool", name: "Swimmingpool" },
        { value: "sauna", name: "Sauna" },
      ],
      tags: ["familievenlig", "ski-in-ski-out"],
    });
    expect(accs.get("acc-2")).toEqual(expect.objectContaining({ features: [], tags: [] }));
  });
});
