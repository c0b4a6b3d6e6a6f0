import itemsjs, { type ItemsJsEngine } from "itemsjs";
import type { Db } from "../../../db/client";
import { bucketKey, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { SearchQuery } from "~/domain/search-data";
import { compileSearch } from "~/search/compile";
import { dropEmpty, type BenchEngine, type BenchResult } from "../engine";
import { TODAY } from "../queries";
import { pageOfAccommodations } from "./common";
import { loadSource, type SourceTrip } from "./source";

// itemsjs as its README documents it: `aggregations` for the facets, `conjunction: false` for
// the any-of facets (their counts then ignore their own selection: disjunctive faceting),
// `filters` for option selections and a `filter` function for ranges (departure, bbox, ski-pass
// days, prices). The price facets must ignore the price bounds, which a `filter` function applies
// everywhere, so a query with price bounds runs a second search without them for those two
// facets. itemsjs has no group-by: the page of accommodations comes from one JS pass over all
// filtered items (is_all_filtered_items; `sortings` would sort every match first, which is slower).

interface Doc extends SourceTrip {
  place: string[];
  priceBucket: string;
  ppBucket: string;
}

const AGGREGATIONS = {
  persons: { conjunction: true, size: 100 },
  place: { conjunction: false, size: 1000 },
  tags: { conjunction: false, size: 100 },
  features: { conjunction: true, size: 100 },
  company: { conjunction: false, size: 100 },
  meal: { conjunction: false, size: 100 },
  rating: { conjunction: false, size: 10 },
  ski: { conjunction: false, size: 10 },
  priceBucket: { conjunction: true, size: 200 },
  ppBucket: { conjunction: true, size: 200 },
};

export function itemsjsEngine(db: Db): BenchEngine {
  let engine: ItemsJsEngine<Doc> | undefined;

  return {
    name: "itemsjs",
    build() {
      const docs: Doc[] = loadSource(db).trips.map((t) => ({
        ...t,
        place: [t.resort, t.region, t.country],
        priceBucket: bucketKey(t.price, FULL_PRICE_BUCKETS),
        ppBucket: bucketKey(t.pp, PER_PERSON_BUCKETS),
      }));
      engine = itemsjs(docs, {
        aggregations: AGGREGATIONS,
        sortings: {
          score: { field: ["score", "id"], order: ["desc", "asc"] },
          discount: { field: ["discount", "id"], order: ["desc", "asc"] },
          price: { field: ["price", "id"], order: ["asc", "asc"] },
        },
        searchableFields: [],
      });
    },
    search(query: SearchQuery): BenchResult {
      const q = compileSearch(query.searchData, query.sort, TODAY);
      const f = q.filters;
      const filters: Record<string, Array<string | number | boolean>> = { persons: [q.persons] };
      if (q.area.type === "destinations") filters.place = q.area.destinationSlugs;
      if (q.area.type === "tags") filters.tags = q.area.tags;
      if (q.features.length) filters.features = q.features;
      if (f.travelCompanies?.length) filters.company = f.travelCompanies;
      if (f.mealPlanTypes?.length) filters.meal = f.mealPlanTypes;
      if (f.minRating !== undefined) filters.rating = [1, 2, 3, 4, 5].filter((r) => r >= f.minRating!);
      if (f.skiPassIncluded !== undefined) filters.ski = [f.skiPassIncluded];

      const ranges = q.departureRanges;
      const bbox = q.area.type === "geo" ? q.area.bbox : null;
      const minDays = f.minSkiPassDaysCount ?? -Infinity;
      const maxDays = f.maxSkiPassDaysCount ?? Infinity;
      const baseFilter = (t: Doc) => {
        let inRange = false;
        for (const [lo, hi] of ranges) if (t.day >= lo && t.day <= hi) inRange = true;
        if (!inRange) return false;
        if (bbox && !(t.lat >= bbox[0] && t.lat <= bbox[2] && t.lng >= bbox[1] && t.lng <= bbox[3])) return false;
        return t.skiDays >= minDays && t.skiDays <= maxDays;
      };
      const priced = f.minPrice !== undefined || f.maxPrice !== undefined || f.minFullPrice !== undefined || f.maxFullPrice !== undefined;
      const minP = f.minPrice ?? -Infinity;
      const maxP = f.maxPrice ?? Infinity;
      const minF = f.minFullPrice ?? -Infinity;
      const maxF = f.maxFullPrice ?? Infinity;
      const filter = priced ? (t: Doc) => baseFilter(t) && t.pp >= minP && t.pp <= maxP && t.price >= minF && t.price <= maxF : baseFilter;

      const main = engine!.search({ filters, filter, per_page: 1e9 });
      const aggs = main.data.aggregations;
      const priceAggs = priced ? engine!.search({ filters, filter: baseFilter, per_page: 0 }).data.aggregations : aggs;

      const counts = (name: string): Record<string, number> => {
        const source = name === "priceBucket" || name === "ppBucket" ? priceAggs : aggs;
        const out: Record<string, number> = {};
        for (const b of source[name].buckets) if (b.doc_count > 0) out[b.key] = b.doc_count;
        return out;
      };
      const facets: BenchResult["facets"] = {
        priceRange: counts("priceBucket"),
        pricePerPersonRange: counts("ppBucket"),
        mealPlanType: counts("meal"),
        skiPassIncluded: counts("ski"),
        accommodation_rating: counts("rating"),
        travelCompanySlug: counts("company"),
      };
      for (const [feature, n] of Object.entries(counts("features"))) facets[`accommodation_features_${feature}`] = { true: n };
      const page = pageOfAccommodations(main.data.items, query.sort, query.page);
      return {
        totalCount: main.pagination.total,
        accommodationCount: page.accommodationCount,
        items: page.items,
        facets: dropEmpty(facets),
      };
    },
    normalize: (r) => r,
    notes: () => [
      "itemsjs: aggregations with conjunction:false for company/meal/rating/ski-pass (disjunctive), filters + a filter function for ranges; " +
        "a 2nd search without price bounds for the price facets when bounds are set; accommodations grouped in one JS pass over all filtered items",
    ],
  };
}
