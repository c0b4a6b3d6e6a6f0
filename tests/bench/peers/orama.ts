import { create, insertMultiple, search, type AnyOrama } from "@orama/orama";
import type { Db } from "../../../db/client";
import { FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS, type BucketScheme } from "~/domain/price-buckets";
import { PAGE_SIZE } from "~/domain/constants";
import type { SearchQuery } from "~/domain/search-data";
import { compileSearch, type CompiledSearch } from "~/search/compile";
import { dropEmpty, type BenchEngine, type BenchResult } from "../engine";
import { TODAY } from "../queries";
import { cmpId, PER_PERSON_KEYS, PRICE_KEYS, sortSpec } from "./common";
import { loadSource, type SourceTrip } from "./source";

// Orama as documented: a schema of enum / enum[] / number / boolean fields, insertMultiple,
// then `search` with `where` filters (and/or), `facets` (number ranges for the price buckets and
// the rating), `sortBy` (a function: sort key, then trip id) and `groupBy` the accommodation with
// a reducer that keeps the first (best) trip and counts the offers. Disjunctive facets: for each
// facet-owned filter that is set, one more search (preflight: counts only) without that filter.

const schema = {
  persons: "enum",
  day: "number",
  place: "enum[]",
  tags: "enum[]",
  lat: "number",
  lng: "number",
  features: "enum[]",
  company: "enum",
  meal: "enum",
  rating: "number",
  ski: "boolean",
  skiDays: "number",
  price: "number",
  pp: "number",
  accNum: "number",
} as const;

interface Doc {
  id: string;
  acc: string;
  accNum: number;
  persons: number;
  day: number;
  place: string[];
  tags: string[];
  lat: number;
  lng: number;
  features: string[];
  company: string;
  meal: string;
  rating: number;
  ski: boolean;
  skiDays: number;
  price: number;
  pp: number;
  score: number;
  discount: number;
  trip: SourceTrip;
}

type Owned = "company" | "meal" | "rating" | "ski" | "price";
type Where = Record<string, unknown>;

function ranges({ band, max }: BucketScheme): Array<{ from: number; to: number }> {
  // Orama's number ranges include both ends: [lo, lo + band − 1e-6] stands for [lo, lo + band).
  const out: Array<{ from: number; to: number }> = [];
  for (let lo = 0; lo < max; lo += band) out.push({ from: lo, to: lo + band - 1e-6 });
  out.push({ from: max, to: Number.MAX_SAFE_INTEGER });
  return out;
}
const PRICE_RANGES = ranges(FULL_PRICE_BUCKETS);
const PP_RANGES = ranges(PER_PERSON_BUCKETS);
const RATING_RANGES = [1, 2, 3, 4, 5].map((r) => ({ from: r, to: r }));

function rangeCounts(values: Record<string, number>, defs: Array<{ from: number; to: number }>, keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  defs.forEach((d, i) => {
    const n = values[`${d.from}-${d.to}`] ?? 0;
    if (n > 0) out[keys[i]] = n;
  });
  return out;
}

function plainCounts(values: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(values)) if (n > 0) out[k] = n;
  return out;
}

export function oramaEngine(db: Db): BenchEngine {
  let orama: AnyOrama | undefined;

  function hard(q: CompiledSearch): Where[] {
    const w: Where[] = [{ persons: { eq: q.persons } }];
    const days = q.departureRanges.map(([lo, hi]) => ({ day: { between: [lo, hi] } }));
    w.push(days.length === 1 ? days[0] : { or: days });
    const area = q.area;
    if (area.type === "destinations") w.push({ place: { containsAny: area.destinationSlugs } });
    else if (area.type === "tags") w.push({ tags: { containsAny: area.tags } });
    else if (area.type === "geo") {
      const [south, west, north, east] = area.bbox;
      w.push({ lat: { between: [south, north] } }, { lng: { between: [west, east] } });
    }
    if (q.features.length) w.push({ features: { containsAll: q.features } });
    const f = q.filters;
    if (f.minSkiPassDaysCount !== undefined) w.push({ skiDays: { gte: f.minSkiPassDaysCount } });
    if (f.maxSkiPassDaysCount !== undefined) w.push({ skiDays: { lte: f.maxSkiPassDaysCount } });
    return w;
  }

  function owned(q: CompiledSearch): Array<[Owned, Where[]]> {
    const f = q.filters;
    const out: Array<[Owned, Where[]]> = [];
    if (f.travelCompanies?.length) out.push(["company", [{ company: { in: f.travelCompanies } }]]);
    if (f.mealPlanTypes?.length) out.push(["meal", [{ meal: { in: f.mealPlanTypes } }]]);
    if (f.minRating !== undefined) out.push(["rating", [{ rating: { gte: f.minRating } }]]);
    if (f.skiPassIncluded !== undefined) out.push(["ski", [{ ski: f.skiPassIncluded }]]);
    const p: Where[] = [];
    if (f.minPrice !== undefined) p.push({ pp: { gte: f.minPrice } });
    if (f.maxPrice !== undefined) p.push({ pp: { lte: f.maxPrice } });
    if (f.minFullPrice !== undefined) p.push({ price: { gte: f.minFullPrice } });
    if (f.maxFullPrice !== undefined) p.push({ price: { lte: f.maxFullPrice } });
    if (p.length) out.push(["price", p]);
    return out;
  }

  const FACETS_OF: Record<Owned, Record<string, unknown>> = {
    company: { company: {} },
    meal: { meal: {} },
    rating: { rating: { ranges: RATING_RANGES } },
    ski: { ski: { true: true, false: true } },
    price: { price: { ranges: PRICE_RANGES }, pp: { ranges: PP_RANGES } },
  };

  interface Group {
    best: Doc | null;
    count: number;
  }

  return {
    name: "orama",
    async build() {
      const source = loadSource(db);
      const accIds = [...new Set(source.trips.map((t) => t.acc))].sort(cmpId);
      const accNum = new Map(accIds.map((a, i) => [a, i]));
      const docs: Doc[] = source.trips.map((t) => ({
        id: t.id,
        acc: t.acc,
        accNum: accNum.get(t.acc)!,
        persons: t.persons,
        day: t.day,
        place: [t.resort, t.region, t.country],
        tags: t.tags,
        lat: t.lat,
        lng: t.lng,
        features: t.features,
        company: t.company,
        meal: t.meal,
        rating: t.rating,
        ski: t.ski,
        skiDays: t.skiDays,
        price: t.price,
        pp: t.pp,
        score: t.score,
        discount: t.discount,
        trip: t,
      }));
      orama = create({ schema, sort: { enabled: false } }) as AnyOrama;
      await insertMultiple(orama, docs as never[], 5000);
    },
    async search(query: SearchQuery): Promise<BenchResult> {
      const q = compileSearch(query.searchData, query.sort, TODAY);
      const h = hard(q);
      const own = owned(q);
      const all = [...h, ...own.flatMap(([, w]) => w)];
      const { field, sign } = sortSpec(q.sort);

      const mainFacets: Record<string, unknown> = { features: {} };
      for (const o of ["company", "meal", "rating", "ski", "price"] as Owned[]) {
        if (!own.some(([x]) => x === o)) Object.assign(mainFacets, FACETS_OF[o]);
      }
      const main = await search(orama!, {
        term: "",
        where: { and: all },
        facets: mainFacets,
        limit: 0,
        sortBy: (a: [unknown, unknown, unknown], b: [unknown, unknown, unknown]) => {
          const x = a[2] as Doc;
          const y = b[2] as Doc;
          return sign * (x[field] - y[field]) || cmpId(x.id, y.id);
        },
        groupBy: {
          properties: ["accNum"],
          reduce: {
            reducer: (_values: unknown, acc: Group, res: { document: Doc }) => {
              if (acc.count++ === 0) acc.best = res.document;
              return acc;
            },
            getInitialValue: (): Group => ({ best: null, count: 0 }),
          },
        },
      } as never);
      const facetValues: Record<string, Record<string, number>> = {};
      for (const [k, v] of Object.entries(main.facets ?? {})) facetValues[k] = v.values;
      for (const [o] of own) {
        const without = [...h, ...own.filter(([x]) => x !== o).flatMap(([, w]) => w)];
        const extra = await search(orama!, { term: "", where: { and: without }, facets: FACETS_OF[o], preflight: true } as never);
        for (const [k, v] of Object.entries(extra.facets ?? {})) facetValues[k] = v.values;
      }

      const facets: BenchResult["facets"] = {
        priceRange: rangeCounts(facetValues.price, PRICE_RANGES, PRICE_KEYS),
        pricePerPersonRange: rangeCounts(facetValues.pp, PP_RANGES, PER_PERSON_KEYS),
        mealPlanType: plainCounts(facetValues.meal),
        skiPassIncluded: plainCounts(facetValues.ski),
        accommodation_rating: rangeCounts(facetValues.rating, RATING_RANGES, ["1", "2", "3", "4", "5"]),
        travelCompanySlug: plainCounts(facetValues.company),
      };
      for (const [feature, n] of Object.entries(facetValues.features)) if (n > 0) facets[`accommodation_features_${feature}`] = { true: n };

      const groups = ((main.groups ?? []) as unknown as Array<{ result: Group }>).map((g) => g.result).filter((g) => g.best !== null);
      groups.sort((x, y) => sign * (x.best![field] - y.best![field]) || cmpId(x.best!.acc, y.best!.acc));
      const items = groups
        .slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE)
        .map((g) => ({ acc: g.best!.acc, trip: g.best!.id, offerCount: g.count }));
      return { totalCount: main.count, accommodationCount: groups.length, items, facets: dropEmpty(facets) };
    },
    normalize: (r) => r,
    notes: () => [
      "orama: where filters (and/or), facets (number ranges for price buckets and rating), sortBy function (key, id), " +
        "groupBy accNum with a reducer (best trip + offer count); one extra preflight search per facet-owned filter that is set",
    ],
  };
}
