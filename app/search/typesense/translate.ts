import { PAGE_SIZE } from "~/domain/constants";
import { bucketKeys, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS, type BucketScheme } from "~/domain/price-buckets";
import type { CompiledSearch } from "../compile";
import {
  FACET_KEYS,
  type FacetKey,
  type FacetNumbers,
  type ResultTrip,
  FEATURE_FACET_PREFIX,
  featureFacetKey,
} from "~/domain/search-result";
import { F, type MapPin } from "./schema";
import { filterBy, filterClauses, matchesNothing, sortBy, type Clause, type Owner, type Vocabulary } from "./filter-by";
import { checked, TypesenseQueryError, type TsFacetCount, type TsResult, type TsSearchParams } from "./wire";

// A compiled search as Typesense queries, and Typesense's answers as our result shapes. Pure
// functions: the engine sends what planSearch returns and hands the answers to readResults. The
// filters are filter-by.ts's; the map's and an accommodation's offers' queries are map-plan.ts and
// offers-plan.ts.
//
// A multi-value facet ignores its own filter, so every owned filter that is set gets its own facet
// query without it (price: without all four bounds); the grouped items query and the all-filters
// facet query share the rest. Typesense counts groups, not documents, in the facets of a grouped
// query, hence a separate facets query. A search whose filters need a value the store does not
// have is empty without a query, and a query that cannot match is not sent.

/** Exclusive upper end of the open last price bucket: above any price the feed accepts (at most
 * 10,000,000 kr., feed-schema.ts), and an int32, which every Typesense version parses. */
export const OPEN_END = 2_147_483_647;

/** Range-facet labels must be alphanumeric: `full0` is bucket `0-3000`, `pp44` is `33000+`. */
export function rangeLabel(prefix: string, index: number): string {
  return `${prefix}${index}`;
}

/** `price_floor(full0:[0, 3000], …, full60:[180000, 2147483647])`: start inclusive, end exclusive. The
 * field is the floored price, which falls in the same band as the price itself. */
export function rangeFacetExpr(field: string, scheme: BucketScheme, prefix: string): string {
  const keys = bucketKeys(scheme);
  const ranges = keys.map((_, i) => {
    const lo = i * scheme.band;
    const hi = i === keys.length - 1 ? OPEN_END : lo + scheme.band;
    return `${rangeLabel(prefix, i)}:[${lo}, ${hi}]`;
  });
  return `${field}(${ranges.join(", ")})`;
}

/** The bucket key of a range label, or undefined for a label that is not ours. */
export function bucketOfLabel(label: string, scheme: BucketScheme, prefix: string): string | undefined {
  if (!label.startsWith(prefix)) return undefined;
  const digits = label.slice(prefix.length);
  if (!/^(0|[1-9]\d*)$/.test(digits)) return undefined;
  return bucketKeys(scheme)[Number(digits)];
}

type OwnFacetKey = (typeof FACET_KEYS)[number];

interface FacetSpec {
  owner: Owner;
  field: string;
  /** What facet_by says. */
  expr: string;
  /** Our option or bucket key of a Typesense facet value. */
  option(value: string): string | undefined;
}

const FULL_PREFIX = "full";

const PER_PERSON_PREFIX = "pp";

export const FACETS: Record<OwnFacetKey, FacetSpec> = {
  priceRange: {
    owner: "price",
    field: F.priceFloor,
    expr: rangeFacetExpr(F.priceFloor, FULL_PRICE_BUCKETS, FULL_PREFIX),
    option: (label) => bucketOfLabel(label, FULL_PRICE_BUCKETS, FULL_PREFIX),
  },
  pricePerPersonRange: {
    owner: "price",
    field: F.pricePerPersonFloor,
    expr: rangeFacetExpr(F.pricePerPersonFloor, PER_PERSON_BUCKETS, PER_PERSON_PREFIX),
    option: (label) => bucketOfLabel(label, PER_PERSON_BUCKETS, PER_PERSON_PREFIX),
  },
  mealPlanType: { owner: "meal", field: F.mealPlan, expr: F.mealPlan, option: (v) => v },
  skiPassIncluded: { owner: "skiPass", field: F.skiPassIncluded, expr: F.skiPassIncluded, option: (v) => v },
  accommodation_rating: { owner: "rating", field: F.rating, expr: F.rating, option: (v) => v },
  travelCompanySlug: { owner: "company", field: F.company, expr: F.company, option: (v) => v },
};

/** In a plan: this query's `features` facet feeds every accommodation_features_{value} key. */
export const FEATURES = "accommodation_features";

/** Enough for every option of a facet, and every (accommodation, company) pair of a page. */
export const MAX_FACET_VALUES = 10_000;

export interface PlannedSearch {
  /** items: the grouped page; facets: every filter (its `found` is totalCount); without: one owned filter left out. */
  role: "items" | "facets" | "without";
  without?: Owner;
  /** Our facet keys (FACET_KEYS, or FEATURES) that this query's facet counts give. */
  facetKeys: string[];
  /** The page is beyond every accommodation: only `found` is read. */
  countOnly?: boolean;
  /** Its filter can match nothing: not sent, read as an empty answer. */
  empty?: boolean;
  params: TsSearchParams;
}

export interface SearchPlan {
  impossible: boolean;
  clauses: Clause[];
  searches: PlannedSearch[];
}

export interface PlanOptions {
  collection: string;
  /** The page of items to fetch (search()); without it, no items query (facetNumbers()). */
  page?: number;
  /** Accommodations in the indexed store: a page beyond them needs no hits, only the count. */
  accommodationCount?: number;
  /** The facet keys to count; "all" is the six multi-value keys and every feature. */
  facets: "all" | readonly FacetKey[];
}

const OWNERS_IN_ORDER: Owner[] = ["company", "meal", "rating", "skiPass", "price"];

function wantedFacetKeys(facets: PlanOptions["facets"]): string[] {
  if (facets === "all") return [...FACET_KEYS, FEATURES];
  const keys: string[] = [];
  for (const key of facets) {
    const k = key.startsWith(FEATURE_FACET_PREFIX) ? FEATURES : key;
    if ((k === FEATURES || k in FACETS) && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

function facetBy(keys: readonly string[]): string | undefined {
  if (keys.length === 0) return undefined;
  return keys.map((k) => (k === FEATURES ? F.features : FACETS[k as OwnFacetKey].expr)).join(",");
}

function facetQuery(collection: string, filter: string, keys: string[]): TsSearchParams {
  const params: TsSearchParams = { collection, q: "*", filter_by: filter, per_page: 0 };
  const by = facetBy(keys);
  if (by) Object.assign(params, { facet_by: by, max_facet_values: MAX_FACET_VALUES, facet_strategy: "exhaustive" });
  return params;
}

/** The multi_search of one search: what to send, and what each answer will be read for. */
export function planSearch(q: CompiledSearch, vocabulary: Vocabulary, o: PlanOptions): SearchPlan {
  const { clauses, impossible } = filterClauses(q, vocabulary);
  if (impossible) return { impossible, clauses, searches: [] };
  const setOwners = new Set(clauses.map((c) => c.owner));
  const all = filterBy(clauses);

  const main: string[] = [];
  const without = new Map<Owner, string[]>();
  for (const key of wantedFacetKeys(o.facets)) {
    const owner = key === FEATURES ? "hard" : FACETS[key as OwnFacetKey].owner;
    if (owner !== "hard" && setOwners.has(owner)) without.set(owner, [...(without.get(owner) ?? []), key]);
    else main.push(key);
  }

  const searches: PlannedSearch[] = [];
  if (o.page !== undefined) {
    const page = o.page;
    const beyond =
      !Number.isInteger(page) || page < 1 || (o.accommodationCount !== undefined && (page - 1) * PAGE_SIZE >= o.accommodationCount);
    searches.push({
      role: "items",
      facetKeys: [],
      countOnly: beyond || undefined,
      empty: matchesNothing(clauses) || undefined,
      params: {
        collection: o.collection,
        q: "*",
        filter_by: all,
        sort_by: sortBy(q.sort),
        group_by: F.accommodationRank,
        group_limit: 1,
        page: beyond ? 1 : page,
        per_page: beyond ? 1 : PAGE_SIZE,
        include_fields: [F.accommodationRank, F.trip].join(","),
      },
    });
  }
  searches.push({
    role: "facets",
    facetKeys: main,
    empty: matchesNothing(clauses) || undefined,
    params: facetQuery(o.collection, all, main),
  });
  for (const owner of OWNERS_IN_ORDER) {
    const keys = without.get(owner);
    if (keys)
      searches.push({
        role: "without",
        without: owner,
        facetKeys: keys,
        empty: matchesNothing(clauses, owner) || undefined,
        params: facetQuery(o.collection, filterBy(clauses, owner), keys),
      });
  }
  return { impossible, clauses, searches };
}

/** The searches of a plan that are sent (the others can match nothing), in order. */
export function sentSearches(plan: SearchPlan): TsSearchParams[] {
  return plan.searches.filter((s) => !s.empty).map((s) => s.params);
}

/** Every filter, and only the page's accommodations. */
function pageFilter(plan: SearchPlan, accommodationRanks: readonly number[]): string {
  return `${filterBy(plan.clauses)} && ${F.accommodationRank}:[${accommodationRanks.join(",")}]`;
}

/** The follow-up of a page: offers and companies of each of its accommodations, under every filter. */
export function planPageCounts(plan: SearchPlan, collection: string, accommodationRanks: readonly number[]): TsSearchParams {
  return {
    ...facetQuery(collection, pageFilter(plan, accommodationRanks), []),
    facet_by: F.accommodationCompany,
    max_facet_values: MAX_FACET_VALUES,
    facet_strategy: "exhaustive",
  };
}

/** Which of an item's lowest prices a cheapest query finds: the whole party's or the per-person one. */
export type CheapestBy = "price" | "pricePerPerson";

/**
 * The follow-up's other part: each of the page's accommodations with its cheapest matching trip by
 * one price (grouped, cheapest first; Typesense has no minimum per group), for the item's `cheapest`.
 */
export function planPageCheapest(
  plan: SearchPlan,
  collection: string,
  accommodationRanks: readonly number[],
  by: CheapestBy,
): TsSearchParams {
  return {
    collection,
    q: "*",
    filter_by: pageFilter(plan, accommodationRanks),
    sort_by: `${by === "price" ? F.priceKey : F.pricePerPersonKey}:asc,${F.tripRank}:asc`,
    group_by: F.accommodationRank,
    group_limit: 1,
    per_page: accommodationRanks.length,
    include_fields: [F.accommodationRank, F.pin].join(","),
  };
}

/** A page's accommodation: its rank and best trip, in result order. */
export interface PageGroup {
  accommodationRank: number;
  trip: ResultTrip;
}

export interface PlanOutcome {
  /** Matching trips. */
  totalCount: number;
  /** Matching accommodations (0 without an items query). */
  accommodationCount: number;
  groups: PageGroup[];
  /** totalCount, the six multi-value keys (empty when not counted) and the features found. */
  facetNumbers: FacetNumbers;
}

export function emptyFacetNumbers(): FacetNumbers {
  const facets: FacetNumbers = { totalCount: 0 };
  for (const key of FACET_KEYS) facets[key] = { value: {} };
  return facets;
}

/** The answer of a search that was not sent: it matches nothing. */
const NO_MATCH: TsResult = { found: 0, facet_counts: [], grouped_hits: [] };

/** The answers of the sent searches (sentSearches, same order) as our counts, page and facet numbers. */
export function readResults(plan: SearchPlan, results: readonly TsResult[]): PlanOutcome {
  const outcome: PlanOutcome = { totalCount: 0, accommodationCount: 0, groups: [], facetNumbers: emptyFacetNumbers() };
  const sent = plan.searches.filter((s) => !s.empty).length;
  if (results.length !== sent) {
    throw new TypesenseQueryError(`Typesense gav ${results.length} svar på ${sent} søgninger`, undefined);
  }
  let next = 0;
  plan.searches.forEach((search) => {
    const answer = search.empty ? NO_MATCH : results[next++];
    const result = checked(answer, `søgningen ${search.role}${search.without ? `/${search.without}` : ""}`);
    if (search.role === "items") {
      outcome.accommodationCount = result.found ?? 0;
      if (!search.countOnly) {
        outcome.groups = (result.grouped_hits ?? []).map((group) => {
          const doc = group.hits[0].document;
          return { accommodationRank: Number(doc[F.accommodationRank]), trip: JSON.parse(String(doc[F.trip])) as ResultTrip };
        });
      }
      return;
    }
    if (search.role === "facets") {
      outcome.totalCount = result.found ?? 0;
      outcome.facetNumbers.totalCount = outcome.totalCount;
    }
    readFacetCounts(result.facet_counts ?? [], search.facetKeys, outcome.facetNumbers);
  });
  return outcome;
}

/** Typesense facet counts into facetNumbers, for the keys this query was asked for; zero counts left out. */
export function readFacetCounts(facetCounts: readonly TsFacetCount[], keys: readonly string[], into: FacetNumbers): void {
  for (const fc of facetCounts) {
    if (fc.field_name === F.features && keys.includes(FEATURES)) {
      for (const { value, count } of fc.counts) if (count > 0) into[featureFacetKey(value)] = { value: { true: count } };
      continue;
    }
    const key = keys.find((k) => k !== FEATURES && FACETS[k as OwnFacetKey].field === fc.field_name) as OwnFacetKey | undefined;
    if (!key) continue;
    const value: Record<string, number> = {};
    for (const c of fc.counts) {
      const option = FACETS[key].option(String(c.value));
      if (option !== undefined && c.count > 0) value[option] = (value[option] ?? 0) + c.count;
    }
    into[key] = { value };
  }
}

/** Offers (matching trips) and distinct companies per accommodation rank, from planPageCounts's answer. */
export function readPageCounts(result: TsResult): Map<number, { offerCount: number; companyCount: number }> {
  const counts = new Map<number, { offerCount: number; companyCount: number }>();
  const fc = checked(result, "optællingen af tilbud").facet_counts?.find((c) => c.field_name === F.accommodationCompany);
  for (const { value, count } of fc?.counts ?? []) {
    if (count <= 0) continue;
    const rank = Number(String(value).slice(0, String(value).indexOf(":")));
    const entry = counts.get(rank) ?? { offerCount: 0, companyCount: 0 };
    entry.offerCount += count;
    entry.companyCount += 1;
    counts.set(rank, entry);
  }
  return counts;
}

/** The lowest price per accommodation rank, from planPageCheapest's answer. */
export function readPageCheapest(result: TsResult, by: CheapestBy): Map<number, number> {
  const lowest = new Map<number, number>();
  for (const group of checked(result, "de laveste priser").grouped_hits ?? []) {
    const doc = group.hits[0].document;
    const [price, pricePerPerson] = JSON.parse(String(doc[F.pin])) as MapPin;
    lowest.set(Number(doc[F.accommodationRank]), by === "price" ? price : pricePerPerson);
  }
  return lowest;
}
