import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ADULT_COUNT } from "~/domain/constants";
import { toDay } from "~/domain/dates";
import { bucketKeys, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { SearchData } from "~/domain/search-data";
import { compileSearch, type CompiledSearch } from "~/search/compile";
import { allAccommodations, hydrateAccommodations } from "~/search/store-accommodations";
import { parseImportResults } from "~/search/typesense/client";
import { collectionName, generationOf, isOfAlias, readDataAt, searchOptions } from "~/search/typesense/generation";
import { collectionSchema, doubleKey, F, openSnapshot, toJsonLine, tripDocuments, type TripDocument } from "~/search/typesense/schema";
import { filterBy, filterClauses, knownValues, MAX_FEATURE_CLAUSES, NOTHING, sortBy, type Vocabulary } from "~/search/typesense/filter-by";
import { planMap, readMapSlice } from "~/search/typesense/map-plan";
import { planAccommodationOffers } from "~/search/typesense/offers-plan";
import {
  bucketOfLabel,
  emptyFacetNumbers,
  FACETS,
  OPEN_END,
  planPageCheapest,
  planPageCounts,
  planSearch,
  rangeFacetExpr,
  readPageCheapest,
  readPageCounts,
  readResults,
  sentSearches,
} from "~/search/typesense/translate";
import { inRequests, TypesenseQueryError, type TsResult } from "~/search/typesense/wire";
import type { ResultTrip } from "~/domain/search-result";
import { importLines, tempDb } from "../support/db";
import { LIMITS } from "../support/fake-typesense";
import { trip } from "../support/feed";
import { seededRandom } from "../support/random";

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

/** The values of a small store: accommodation ranks 0 to 3, with their features. */
const MANY = Array.from({ length: 50 }, (_, i) => `f${i}`);
const FEATURES_BY_RANK = [["pool", "sauna"], ["pool"], ["wifi"], ["pool", "sauna", "wifi", ...MANY]];
const VOCABULARY: Vocabulary = {
  destinations: new Set(["val-thorens", "les-3-vallees", "frankrig", "trysil"]),
  tags: new Set(["familievenlig", "apres-ski"]),
  mealPlans: new Set(["halvpension", "helpension", "morgenmad"]),
  companies: new Set(["alpetours", "snow", "sno-ski"]),
  features: new Set(["pool", "sauna", "wifi", "spa", ...MANY]),
  ranksWithFeatures: (features) => FEATURES_BY_RANK.flatMap((has, rank) => (features.every((f) => has.includes(f)) ? [rank] : [])),
};
const clausesOf = (q: CompiledSearch) => filterClauses(q, VOCABULARY);
const planOf = (q: CompiledSearch, o: Parameters<typeof planSearch>[2]) => planSearch(q, VOCABULARY, o);

const FEB = `departure_day:[${toDay("2027-02-01")}..${toDay("2027-02-28")}]`;
const owned = (q: CompiledSearch) => clausesOf(q).clauses.filter((c) => c.owner !== "hard");

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
    const { clauses, impossible } = clausesOf(search());
    expect(impossible).toBe(false);
    expect(filterBy(clauses)).toBe(`persons:=2 && ${FEB}`);
  });

  it("translates each arrival kind through compileSearch", () => {
    const today = toDay(TODAY);
    const filter = (arrival: SearchData["arrival"]) => clausesOf(compileSearch(data({ arrival }), "skiScore:desc", TODAY));
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
      planOf(compileSearch(data({ arrival: { type: "months", months: ["2026-06"] } }), "skiScore:desc", TODAY), {
        collection: "c",
        page: 1,
        facets: "all",
      }),
    ).toEqual(expect.objectContaining({ impossible: true, searches: [] }));
  });

  it("translates each area kind", () => {
    const area = (a: CompiledSearch["area"]) => clausesOf(search({ area: a }));
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
    expect(clausesOf(q).clauses).toEqual([
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
    expect(clausesOf(search({}, { maxSkiPassDaysCount: 4 })).clauses.at(-1)).toEqual({ owner: "hard", expr: "ski_pass_days:<=4" });
    expect(clausesOf(search({}, { minSkiPassDaysCount: 2.5 })).clauses.at(-1)).toEqual({ owner: "hard", expr: "ski_pass_days:>=3" });
  });

  it("treats empty selections as unset and impossible bounds as matching nothing", () => {
    expect(owned(search({}, { mealPlanTypes: [], travelCompanies: [] }))).toEqual([]);
    expect(owned(search({}, { minPrice: 5000, maxPrice: 4000 }))).toEqual([{ owner: "price", expr: NOTHING }]);
    expect(owned(search({}, { minRating: 6 }))).toEqual([{ owner: "rating", expr: "rating:>=6" }]);
    expect(owned(search({}, { minPrice: NaN }))).toEqual([]);
    expect(clausesOf(search({}, { minSkiPassDaysCount: 7, maxSkiPassDaysCount: 6 })).impossible).toBe(true);
    expect(clausesOf(search({ persons: 2.5 })).impossible).toBe(true);
  });

  it("keeps hostile slugs out of the query: an owned filter of only those matches nothing, a hard one empties the search", () => {
    const hostile = ["a`b", "x`] || persons:>0 && (`", "Alpetours", "two words", "a,b", "é", "", "-lead", "a&&b"];
    expect(knownValues([...hostile, "alpetours", "alpetours", "sno-ski"], new Set([...hostile, "alpetours", "sno-ski"]))).toEqual([
      "alpetours",
      "sno-ski",
    ]);
    const q = search({}, { travelCompanies: [...hostile, "alpetours"], mealPlanTypes: hostile });
    const f = filterBy(clausesOf(q).clauses);
    expect(f).toBe(`persons:=2 && ${FEB} && company_slug:=[\`alpetours\`] && ${NOTHING}`);
    for (const bad of ["||", "(", "Alpe", "a,b", "a`b"]) expect(f).not.toContain(bad);
    expect(clausesOf(search({ area: { type: "destinations", destinationSlugs: hostile } })).impossible).toBe(true);
    expect(clausesOf(search({}, { accommodationFeatures: { pool: true, "spa`": true } })).impossible).toBe(true);
  });

  it("drops values the store does not have: only unknown ones match nothing", () => {
    expect(filterBy(clausesOf(search({ area: { type: "destinations", destinationSlugs: ["atlantis", "frankrig"] } })).clauses)).toBe(
      `persons:=2 && ${FEB} && destination_slugs:=[\`frankrig\`]`,
    );
    expect(clausesOf(search({ area: { type: "destinations", destinationSlugs: ["atlantis"] } })).impossible).toBe(true);
    expect(clausesOf(search({ area: { type: "tags", tags: ["ukendt-tag"] } })).impossible).toBe(true);
    expect(owned(search({}, { travelCompanies: ["ukendt", "snow"], mealPlanTypes: ["ukendt"] }))).toEqual([
      { owner: "company", expr: "company_slug:=[`snow`]" },
      { owner: "meal", expr: NOTHING },
    ]);
    expect(clausesOf(search({}, { accommodationFeatures: { pool: true, "ukendt-egenskab": true } })).impossible).toBe(true);
  });

  it(`keeps up to ${MAX_FEATURE_CLAUSES} features as one comparison each, more as the ranks of the accommodations that have them all`, () => {
    const features = (values: string[]) =>
      clausesOf(search({}, { accommodationFeatures: Object.fromEntries(values.map((v) => [v, true])) }));
    expect(features(["pool", "sauna"]).clauses.slice(2)).toEqual([
      { owner: "hard", expr: "features:=[`pool`]" },
      { owner: "hard", expr: "features:=[`sauna`]" },
    ]);
    expect(features(MANY.slice(0, MAX_FEATURE_CLAUSES)).clauses).toHaveLength(2 + MAX_FEATURE_CLAUSES);
    expect(features(MANY.slice(0, MAX_FEATURE_CLAUSES + 1)).clauses.slice(2)).toEqual([{ owner: "hard", expr: "accommodation_rank:[3]" }]);
    expect(features(["pool", ...MANY]).clauses.slice(2)).toEqual([{ owner: "hard", expr: "accommodation_rank:[3]" }]);
    // Every feature known, but no accommodation has them all: empty without a query.
    expect(features(["spa", ...MANY]).impossible).toBe(true);
  });

  it("keeps the fullest search of every query inside Typesense's filter_by operations", () => {
    const q = search(
      { area: { type: "geo", bbox: [40, 0, 50, 10] }, features: ["pool", ...MANY] },
      {
        minPrice: 1000,
        maxPrice: 9000,
        minFullPrice: 100,
        maxFullPrice: 90000,
        minSkiPassDaysCount: 1,
        maxSkiPassDaysCount: 9,
        skiPassIncluded: true,
        minRating: 2,
        mealPlanTypes: ["halvpension", "helpension", "morgenmad"],
        travelCompanies: ["alpetours", "snow", "sno-ski"],
      },
    );
    const fullest = planOf(q, { collection: "c", page: 1, facets: "all" });
    const filters = [
      ...sentSearches(fullest),
      planPageCounts(
        fullest,
        "c",
        Array.from({ length: 20 }, (_, i) => i),
      ),
    ].map((p) => p.filter_by);
    for (const filter of filters) expect(2 * filter.split(" && ").length - 1).toBeLessThanOrEqual(LIMITS.filterByMaxOps);
    expect(Math.max(...filters.map((f) => f.split(" && ").length))).toBe(13);
  });

  it("leaves one owner's clauses out for its facet", () => {
    const { clauses } = clausesOf(search({}, { travelCompanies: ["alpetours"], minPrice: 100, maxFullPrice: 9000, minRating: 3 }));
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
  const shape = (q: CompiledSearch, o: Partial<Parameters<typeof planSearch>[2]> = {}) =>
    planOf(q, { collection: "trips_g1_1", page: 1, facets: "all", ...o }).searches.map((s) => ({
      role: s.role,
      without: s.without,
      facetKeys: s.facetKeys,
    }));

  it("without owned filters: the grouped page and one facets query for everything", () => {
    const plan = planOf(search(), { collection: "trips_g1_1", page: 2, facets: "all" });
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
      include_fields: "accommodation_rank,trip",
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
    const byRole = planOf(q, { collection: "c", page: 1, facets: "all" }).searches;
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
    const [facets] = planOf(search(), { collection: "c", facets: [] }).searches;
    expect(facets.params).toEqual({ collection: "c", q: "*", filter_by: `persons:=2 && ${FEB}`, per_page: 0 });
  });

  it("does not send a query that a filter of only unknown values empties, and reads it as empty", () => {
    const plan = planOf(search({}, { travelCompanies: ["ukendt"], minRating: 3 }), { collection: "c", page: 1, facets: "all" });
    expect(plan.searches.map((s) => [s.without ?? s.role, s.empty ?? false])).toEqual([
      ["items", true],
      ["facets", true],
      ["company", false],
      ["rating", true],
    ]);
    expect(sentSearches(plan)).toEqual([plan.searches[2].params]);
    const outcome = readResults(plan, [
      { found: 4, facet_counts: [{ field_name: "company_slug", counts: [{ value: "alpetours", count: 4 }] }] },
    ]);
    expect(outcome).toEqual({
      totalCount: 0,
      accommodationCount: 0,
      groups: [],
      facetNumbers: { ...emptyFacetNumbers(), travelCompanySlug: { value: { alpetours: 4 } } },
    });
    expect(() => readResults(plan, [])).toThrow(TypesenseQueryError);
  });

  it("only counts accommodations for a page beyond them", () => {
    const items = (page: number) => planOf(search(), { collection: "c", page, accommodationCount: 60, facets: "all" }).searches[0];
    expect(items(3)).toEqual(expect.objectContaining({ countOnly: undefined, params: expect.objectContaining({ page: 3, per_page: 20 }) }));
    expect(items(4)).toEqual(expect.objectContaining({ countOnly: true, params: expect.objectContaining({ page: 1, per_page: 1 }) }));
    expect(items(100_000).countOnly).toBe(true);
  });

  it("counts offers and companies of the page's accommodations under every filter", () => {
    const plan = planOf(search({}, { travelCompanies: ["alpetours", "snow"] }), { collection: "c", page: 1, facets: "all" });
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

  it("finds the page's lowest prices by a grouped query per price, cheapest first", () => {
    const plan = planOf(search({}, { mealPlanTypes: ["halvpension"] }), { collection: "c", page: 1, facets: "all" });
    const perPerson = planPageCheapest(plan, "c", [3, 17], "pricePerPerson");
    expect(perPerson).toEqual({
      collection: "c",
      q: "*",
      filter_by: `persons:=2 && ${FEB} && meal_plan_slug:=[\`halvpension\`] && accommodation_rank:[3,17]`,
      sort_by: "price_per_person_key:asc,trip_rank:asc",
      group_by: "accommodation_rank",
      group_limit: 1,
      per_page: 2,
      include_fields: "accommodation_rank,pin",
    });
    expect(planPageCheapest(plan, "c", [3, 17], "price").sort_by).toBe("price_key:asc,trip_rank:asc");
    const answer: TsResult = {
      grouped_hits: [
        {
          group_key: [17],
          hits: [{ document: { accommodation_rank: 17, pin: JSON.stringify([9000, 3010, "2027-02-13", 7, "snow", "x"]) } }],
        },
        {
          group_key: [3],
          hits: [{ document: { accommodation_rank: 3, pin: JSON.stringify([9020, 3000, "2027-02-20", 7, "snow", "y"]) } }],
        },
      ],
    };
    expect(Object.fromEntries(readPageCheapest(answer, "price"))).toEqual({ 17: 9000, 3: 9020 });
    expect(Object.fromEntries(readPageCheapest(answer, "pricePerPerson"))).toEqual({ 17: 3010, 3: 3000 });
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
    const plan = planOf(search({}, { travelCompanies: ["alpetours"], maxFullPrice: 200_000 }), {
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
            hits: [{ document: { accommodation_rank: 3, trip: JSON.stringify(tripB) } }],
          },
          {
            group_key: ["9"],
            found: 2,
            hits: [{ document: { accommodation_rank: 9, trip: JSON.stringify({ ...tripB, id: "x-1" }) } }],
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
      { accommodationRank: 3, trip: tripB },
      { accommodationRank: 9, trip: { ...tripB, id: "x-1" } },
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
    const plan = planOf(search(), { collection: "c", page: 1, facets: "all" });
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

describe("the map's and the offers' queries", () => {
  it("asks for the map in slices of 250 accommodation ranks, each one page of groups with only the rank and the pin, no facets", () => {
    const map = planMap(search({}, { travelCompanies: ["snow"] }), VOCABULARY, "c", 600);
    expect(map.empty).toBe(false);
    const filter = `persons:=2 && ${FEB} && company_slug:=[\`snow\`]`;
    expect(map.slices).toHaveLength(3);
    expect(map.slices[2]).toEqual({
      collection: "c",
      q: "*",
      filter_by: `${filter} && accommodation_rank:[500..599]`,
      sort_by: "ski_score:desc,accommodation_rank:asc,trip_rank:asc",
      group_by: "accommodation_rank",
      group_limit: 1,
      per_page: 100,
      include_fields: "accommodation_rank,pin",
    });
    expect(map.slices.map((s) => [s.filter_by.slice(filter.length), s.per_page, s.page])).toEqual([
      [" && accommodation_rank:[0..249]", LIMITS.perPageMax, undefined],
      [" && accommodation_rank:[250..499]", LIMITS.perPageMax, undefined],
      [" && accommodation_rank:[500..599]", 100, undefined],
    ]);
    expect(planMap(search({}, { travelCompanies: ["ukendt"] }), VOCABULARY, "c", 600).empty).toBe(true);
    expect(planMap(search(), VOCABULARY, "c", 0).slices).toEqual([]);
  });

  it("reads a slice's groups and both its counts", () => {
    const pin = [11980.5, 5990.25, "2027-02-13", 7, "alpetours", "t-1"];
    const slice: TsResult = {
      found: 2,
      found_docs: 9,
      grouped_hits: [{ group_key: [3], hits: [{ document: { accommodation_rank: 3, pin: JSON.stringify(pin) } }] }],
    };
    expect(readMapSlice(slice)).toEqual({ accommodationCount: 2, totalCount: 9, groups: [{ accommodationRank: 3, pin }] });
    expect(() => readMapSlice({ code: 422, error: "Only upto 250 hits can be fetched per page." })).toThrow(TypesenseQueryError);
  });

  it("asks for every page an accommodation's trips for sale can fill, at once", () => {
    const offers = planAccommodationOffers(search({}, { travelCompanies: ["snow"] }), VOCABULARY, "c", 7, 501);
    expect(offers.empty).toBe(false);
    expect(offers.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(offers.pages[0]).toEqual({
      collection: "c",
      q: "*",
      filter_by: `accommodation_rank:=7 && persons:=2 && ${FEB} && company_slug:=[\`snow\`]`,
      sort_by: "departure_day:asc,price_key:asc,trip_rank:asc",
      page: 1,
      per_page: LIMITS.perPageMax,
      include_fields: "trip",
    });
    expect(planAccommodationOffers(search(), VOCABULARY, "c", 7, 250).pages).toHaveLength(1);
    expect(planAccommodationOffers(search({}, { travelCompanies: ["ukendt"] }), VOCABULARY, "c", 7, 9).empty).toBe(true);
  });

  it("sends searches side by side in at most four requests of at most 50, in order", () => {
    const n = (k: number) => Array.from({ length: k }, (_, i) => i);
    expect(inRequests(n(3))).toEqual([[0], [1], [2]]);
    expect(inRequests(n(10)).map((r) => r.length)).toEqual([3, 3, 3, 1]);
    expect(inRequests(n(80)).map((r) => r.length)).toEqual([20, 20, 20, 20]);
    expect(inRequests(n(250)).map((r) => r.length)).toEqual([50, 50, 50, 50, 50]);
    expect(inRequests(n(250)).flat()).toEqual(n(250));
    expect(inRequests([])).toEqual([]);
  });
});

describe("collections of an alias", () => {
  it("names one collection per generation and schema, and knows the alias's collections of every release", () => {
    expect(collectionName("trips", 17)).toBe("trips_v2_g17");
    expect(generationOf("trips", "trips_v2_g17")).toBe(17);
    expect(generationOf("trips", "trips_v1_g17")).toBeUndefined(); // an older schema is rebuilt, not adopted
    expect(generationOf("trips", "trips_test_v2_g17")).toBeUndefined();
    expect(["trips_v2_g17", "trips_v1_g3", "trips_g5_1712345678901"].every((c) => isOfAlias("trips", c))).toBe(true);
    expect(["trips_test_v2_g1", "tripsv2_g1", "trips_v2_g1_x", "other_v2_g1"].some((c) => isOfAlias("trips", c))).toBe(false);
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

  it("builds one document per available trip, ranked in byte order, with only what a query reads indexed", () => {
    const accommodations = allAccommodations(db.$client);
    expect(accommodations.map((a) => a.id)).toEqual(["acc-2", "hotel-aiguille-vt"]);
    const docs = [...tripDocuments(db.$client, accommodations)];
    expect(docs.map((d) => [d.id, d.trip_rank, accommodations[d.accommodation_rank].id])).toEqual([
      ["T-1", 0, "acc-2"],
      ["t-2", 1, "hotel-aiguille-vt"],
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
      }),
    );
    expect(JSON.parse(d.pin)).toEqual([9000.5, 4500.25, "2027-02-13", 7, "alpetours", "t-2"]);
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
    const indexed = collectionSchema("x").fields!.map((f) => f.name);
    expect(Object.keys(d).sort()).toEqual(["id", "pin", "trip", ...indexed].sort());
  });

  it("reads a consistent snapshot on its own connection, with the generation's data", () => {
    const snapshot = openSnapshot(db);
    try {
      expect(snapshot.data.generation).toBeGreaterThan(0);
      expect(snapshot.data.accommodations.map((a) => a.id)).toEqual(["acc-2", "hotel-aiguille-vt"]);
      expect([...snapshot.documents].map((d) => d.id)).toEqual(["T-1", "t-2"]);
    } finally {
      snapshot.close();
    }
  });

  it("keeps the generation's values, options and the ranks of each feature's accommodations", async () => {
    const data = readDataAt(db, snapshotGeneration())!;
    expect(data.options).toEqual(searchOptions(db.$client));
    expect(data.companyNames.get("alpetours")).toBe("Alpetours");
    expect([...data.vocabulary.destinations].sort()).toEqual(["frankrig", "les-3-vallees", "val-thorens"]);
    expect(data.vocabulary.features.has("pool")).toBe(true);
    expect(data.vocabulary.ranksWithFeatures(["pool", "sauna"])).toEqual([1]);
    expect(data.vocabulary.ranksWithFeatures(["pool", "ukendt"])).toEqual([]);
    expect(readDataAt(db, snapshotGeneration() + 1)).toBeUndefined(); // the store is not at that generation
  });

  const snapshotGeneration = () => {
    const snapshot = openSnapshot(db);
    snapshot.close();
    return snapshot.data.generation;
  };

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
