import type { Db } from "../../../db/client";
import { readGeneration } from "../../../db/generation";
import { DEFAULT_SORTING_METHOD, PAGE_SIZE, type PriceMode, type SortingMethod, type Transport } from "~/domain/constants";
import { FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS, type BucketScheme } from "~/domain/price-buckets";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import { UNKNOWN_BUCKET } from "~/domain/constants";
import { compileSearch, type CompiledSearch } from "../compile";
import { FROM, SORT_SQL, where, type Condition, type Owned } from "./conditions";
import {
  featureFacetKey,
  type AccommodationOffers,
  type FacetKey,
  type FacetNumbers,
  type MapData,
  type MapPoint,
  type ResultTrip,
  type SearchOptions,
  type SearchResult,
  type SearchResultItem,
} from "~/domain/search-result";
import type { SearchEngine } from "../types";
import { countsFromDb, type DestinationCounts } from "../destination-counts";
import { placePricesFromDb, type PlacePrices } from "../place-prices";
import { hydrateAccommodations } from "../store-accommodations";

// The search semantics (docs/search.md) as plain SQL over the store: slow, obvious, and the oracle
// the other engines are tested against; tests and the bench import it, production code may not
// (eslint.config.js). Each facet is its own GROUP BY over the trips that pass every filter except
// the ones that facet ignores (./conditions.ts).

/** The price-bucket expression (docs/search.md "Price buckets"), with its 'unknown' fallback. */
export function bucketSql(column: string, { band, max }: BucketScheme): string {
  return `CASE WHEN ${column} IS NULL THEN '${UNKNOWN_BUCKET}'
    WHEN ${column} >= ${max} THEN '${max}+'
    ELSE (CAST(${column} / ${band} AS INTEGER) * ${band}) || '-' || (CAST(${column} / ${band} AS INTEGER) * ${band} + ${band}) END`;
}

const SORT_COLUMN: Record<SortingMethod, string> = {
  "skiScore:desc": "ski_score DESC",
  "discountPercentage:desc": "discount_percentage DESC",
  "price:asc": "price ASC",
};

export class ReferenceSqlEngine implements SearchEngine {
  readonly name = "reference-sql";

  private seen: { generation: number; since: Date } | undefined;

  constructor(private readonly db: Db) {}

  destinationCounts(today: string): DestinationCounts {
    return countsFromDb(this.db, today);
  }

  placePrices(today: string, persons: number): PlacePrices {
    return placePricesFromDb(this.db, today, persons);
  }

  generation(): number {
    return readGeneration(this.db);
  }

  /** It reads the store itself, so it serves a generation from the first time it sees it. */
  servedSince(): Date {
    const generation = readGeneration(this.db);
    if (this.seen?.generation !== generation) this.seen = { generation, since: new Date() };
    return this.seen.since;
  }

  async reload(): Promise<void> {}

  stop(): void {}

  /** The accommodation's trips: every condition but the area, plus the accommodation. */
  async accommodationOffers(accommodationId: string, searchData: SearchData, today?: string): Promise<AccommodationOffers | null> {
    const s = this.db.$client;
    if (!s.prepare("SELECT 1 FROM trips WHERE available = 1 AND accommodation_id = ?").get(accommodationId)) return null;
    const accommodation = hydrateAccommodations(s, [accommodationId]).get(accommodationId)!;
    const q = compileSearch({ ...searchData, searchArea: { type: "all" } }, DEFAULT_SORTING_METHOD, today);
    const w = where(q);
    const rows = s
      .prepare(`SELECT t.* ${FROM} WHERE ${w.sql} AND t.accommodation_id = ? ORDER BY t.departure_date, t.price, t.id`)
      .all(...w.params, accommodationId) as TripRow[];
    return { accommodation, trips: rows.map((row) => this.trip(row)) };
  }

  async options(): Promise<SearchOptions> {
    const s = this.db.$client;
    return {
      // What the trips for sale use, as the embedded index lists them.
      mealPlanTypes: s
        .prepare(
          "SELECT slug, title, short FROM meal_plans WHERE slug IN (SELECT meal_plan_slug FROM trips WHERE available = 1) ORDER BY slug",
        )
        .all() as SearchOptions["mealPlanTypes"],
      accommodationFeatures: s
        .prepare(
          `SELECT value, name FROM features WHERE value IN (SELECT feature_value FROM accommodation_features
             WHERE accommodation_id IN (SELECT accommodation_id FROM trips WHERE available = 1)) ORDER BY value`,
        )
        .all() as SearchOptions["accommodationFeatures"],
      travelCompanies: s
        .prepare("SELECT slug, name FROM travel_companies WHERE slug IN (SELECT company_slug FROM trips WHERE available = 1) ORDER BY slug")
        .all() as SearchOptions["travelCompanies"],
    };
  }

  async search(query: SearchQuery, today?: string): Promise<SearchResult> {
    const q = compileSearch(query.searchData, query.sort, today);
    const facetNumbers = this.allFacets(q);
    const w = where(q);
    const accommodationCount = this.scalar(`SELECT count(DISTINCT t.accommodation_id) ${FROM} WHERE ${w.sql}`, w.params);
    return {
      items: this.items(q, w, query.page),
      pagination: { totalCount: accommodationCount, pageSize: PAGE_SIZE, page: query.page },
      totalCount: facetNumbers.totalCount,
      facetNumbers,
    };
  }

  /** The map as the result list has it: every page of accommodations, each with its best trip. */
  async mapPoints(query: SearchQuery, priceMode: PriceMode, today?: string): Promise<MapData> {
    const first = await this.search({ ...query, page: 1 }, today);
    const items = [...first.items];
    for (let page = 2; (page - 1) * PAGE_SIZE < first.pagination.totalCount; page++)
      items.push(...(await this.search({ ...query, page }, today)).items);
    return mapOfItems(items, priceMode, first.totalCount);
  }

  async facetNumbers(searchData: SearchData, sort: SortingMethod, required: FacetKey[], today?: string): Promise<FacetNumbers> {
    const all = this.allFacets(compileSearch(searchData, sort, today));
    const picked: FacetNumbers = { totalCount: all.totalCount };
    for (const key of required) picked[key] = all[key] ?? { value: {} };
    return picked;
  }

  private scalar(sql: string, params: unknown[]): number {
    return (
      (this.db.$client
        .prepare(sql)
        .pluck()
        .get(...params) as number) ?? 0
    );
  }

  private grouped(expr: string, ignore: Owned[], q: CompiledSearch): { value: Record<string, number> } {
    const w = where(q, ignore);
    const rows = this.db.$client
      .prepare(`SELECT ${expr} AS k, count(*) AS n ${FROM} WHERE ${w.sql} GROUP BY k ORDER BY k`)
      .raw()
      .all(...w.params) as Array<[string | number, number]>;
    return { value: Object.fromEntries(rows.map(([k, n]) => [String(k), n])) };
  }

  private allFacets(q: CompiledSearch): FacetNumbers {
    const w = where(q);
    const facets: FacetNumbers = {
      totalCount: this.scalar(`SELECT count(*) ${FROM} WHERE ${w.sql}`, w.params),
      priceRange: this.grouped(bucketSql("t.price", FULL_PRICE_BUCKETS), ["price"], q),
      pricePerPersonRange: this.grouped(bucketSql("t.price_per_person", PER_PERSON_BUCKETS), ["price"], q),
      mealPlanType: this.grouped("t.meal_plan_slug", ["meal"], q),
      skiPassIncluded: this.grouped("CASE t.ski_pass_included WHEN 1 THEN 'true' ELSE 'false' END", ["skiPass"], q),
      accommodation_rating: this.grouped("a.rating", ["rating"], q),
      travelCompanySlug: this.grouped("t.company_slug", ["company"], q),
    };
    const features = this.db.$client
      .prepare(
        `SELECT x.feature_value, count(*) ${FROM} JOIN accommodation_features x ON x.accommodation_id = a.id
          WHERE ${w.sql} GROUP BY x.feature_value ORDER BY x.feature_value`,
      )
      .raw()
      .all(...w.params) as Array<[string, number]>;
    for (const [value, n] of features) facets[featureFacetKey(value)] = { value: { true: n } };
    return facets;
  }

  private items(q: CompiledSearch, w: Condition, page: number): SearchResultItem[] {
    const s = this.db.$client;
    const rows = s
      .prepare(
        `WITH m AS (
           SELECT t.*, ROW_NUMBER() OVER (PARTITION BY t.accommodation_id ORDER BY ${SORT_SQL[q.sort]}, t.id) AS rn,
                  count(*) OVER (PARTITION BY t.accommodation_id) AS offer_count,
                  min(t.price) OVER (PARTITION BY t.accommodation_id) AS cheapest_price,
                  min(t.price_per_person) OVER (PARTITION BY t.accommodation_id) AS cheapest_price_per_person
           ${FROM} WHERE ${w.sql}),
         c AS (SELECT accommodation_id, count(DISTINCT company_slug) AS company_count FROM m GROUP BY accommodation_id)
         SELECT m.*, c.company_count FROM m JOIN c USING (accommodation_id)
          WHERE m.rn = 1 ORDER BY ${SORT_COLUMN[q.sort]}, m.accommodation_id LIMIT ? OFFSET ?`,
      )
      .all(...w.params, PAGE_SIZE, (page - 1) * PAGE_SIZE) as ItemRow[];
    const accommodations = hydrateAccommodations(s, [...new Set(rows.map((row) => row.accommodation_id))]);
    return rows.map((row) => ({
      accommodation: accommodations.get(row.accommodation_id)!,
      trip: this.trip(row),
      offerCount: row.offer_count,
      companyCount: row.company_count,
      cheapest: { price: row.cheapest_price, pricePerPerson: row.cheapest_price_per_person },
    }));
  }

  private trip(row: TripRow): ResultTrip {
    const s = this.db.$client;
    const company = s.prepare("SELECT slug, name FROM travel_companies WHERE slug = ?").get(row.company_slug) as {
      slug: string;
      name: string;
    };
    const meal = s.prepare("SELECT slug, title, short FROM meal_plans WHERE slug = ?").get(row.meal_plan_slug) as {
      slug: string;
      title: string;
      short: string;
    };
    return {
      id: row.id,
      travelCompany: company,
      departureDate: row.departure_date,
      nights: row.nights,
      transport: row.transport,
      persons: row.persons,
      price: row.price,
      pricePerPerson: row.price_per_person,
      originalPrice: row.original_price,
      discountPercentage: row.discount_percentage,
      skiScore: row.ski_score,
      mealPlan: meal,
      skiPass: { included: row.ski_pass_included === 1, days: row.ski_pass_days },
      url: row.url,
    };
  }
}

interface TripRow {
  id: string;
  accommodation_id: string;
  company_slug: string;
  departure_date: string;
  nights: number;
  transport: Transport;
  persons: number;
  price: number;
  price_per_person: number;
  original_price: number | null;
  meal_plan_slug: string;
  ski_pass_included: number;
  ski_pass_days: number;
  url: string;
  discount_percentage: number;
  ski_score: number;
}

/** A page's row: its accommodation's best trip with the accommodation's counts and lowest prices. */
interface ItemRow extends TripRow {
  offer_count: number;
  company_count: number;
  cheapest_price: number;
  cheapest_price_per_person: number;
}

/** Map data of result items, in accommodation id order as the other engines give it. */
function mapOfItems(items: SearchResultItem[], priceMode: PriceMode, totalCount: number): MapData {
  const map: MapData = { priceMode, totalCount, accommodationCount: items.length, points: [], resorts: [], companies: [] };
  const resortSlot = new Map<string, number>();
  const companySlot = new Map<string, number>();
  const sorted = [...items].sort((x, y) =>
    x.accommodation.id < y.accommodation.id ? -1 : x.accommodation.id > y.accommodation.id ? 1 : 0,
  );
  for (const { accommodation: a, trip } of sorted) {
    let r = resortSlot.get(a.destination.slug);
    if (r === undefined) resortSlot.set(a.destination.slug, (r = map.resorts.push({ ...a.destination, country: a.country.name }) - 1));
    let c = companySlot.get(trip.travelCompany.slug);
    if (c === undefined) companySlot.set(trip.travelCompany.slug, (c = map.companies.push(trip.travelCompany.name) - 1));
    const point: MapPoint = [
      a.id,
      a.lat,
      a.lng,
      priceMode === "total" ? trip.price : trip.pricePerPerson,
      a.name,
      r,
      a.rating,
      c,
      trip.departureDate,
      trip.nights,
      trip.id,
    ];
    map.points.push(point);
  }
  return map;
}
