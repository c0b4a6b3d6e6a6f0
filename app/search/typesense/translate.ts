import { DEFAULT_SORTING_METHOD, PAGE_SIZE, type SortingMethod } from "~/domain/constants";
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
import { doubleKey, F, type MapPin } from "./schema";

// A compiled search as Typesense queries, and Typesense's answers as our result shapes. Pure
// functions: the engine sends what planSearch returns and hands the answers to readResults.
//
// Filters are flat conjunctions of single comparisons (no `||`, no parentheses), each tagged
// with the filter that owns it. A multi-value facet ignores its own filter, so every owned
// filter that is set gets its own facet query without it (price: without all four bounds);
// the grouped items query and the all-filters facet query share the rest. Typesense counts
// groups, not documents, in the facets of a grouped query, hence a separate facets query.
//
// Every query stays inside Typesense's limits: at most 20 comparisons (its filter_by allows 100
// operations, operands and `&&` together: more than MAX_FEATURE_CLAUSES features become one
// comparison), per_page at most 250, three sort fields, 50 searches a request. A value the
// generation's store does not have (a feature, meal plan, company, destination or category)
// matches nothing: a search that needs one is empty without a query, and a query that cannot
// match is not sent.

/** Who owns a clause: "hard" clauses apply to every query; the others are left out of their own facet's query. */
export type Owner = "hard" | "company" | "meal" | "rating" | "skiPass" | "price";

export interface Clause {
  owner: Owner;
  expr: string;
}

/** A clause no document satisfies (ranks start at 0): an owned filter that can match nothing. */
export const NOTHING = `${F.tripRank}:<0`;

export interface FilterClauses {
  clauses: Clause[];
  /** A hard clause can match nothing: the whole search is empty, no query needed. */
  impossible: boolean;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** The feed's slug alphabet (feed-schema.ts). A value outside it equals no stored value. */
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** The values a filter can match, of the generation the collection holds (generation.ts reads them). */
export interface Vocabulary {
  destinations: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  mealPlans: ReadonlySet<string>;
  companies: ReadonlySet<string>;
  features: ReadonlySet<string>;
  /** The ranks of the accommodations that have every one of the features, ascending. */
  ranksWithFeatures(features: readonly string[]): number[];
}

/** Distinct values that the store has, in order. Anything else (an unknown slug, upper case,
 * backticks, commas, brackets, spaces, `&&`) is dropped: it could match nothing, and Typesense's
 * own escaping inside backticks is not reliable enough to send it. */
export function knownValues(values: readonly string[], known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const v of values) if (typeof v === "string" && SLUG.test(v) && known.has(v) && !out.includes(v)) out.push(v);
  return out;
}

/** Up to this many features are one `features:=` comparison each; more are one comparison on the
 * ranks of the accommodations that have them all (few, with that many features). */
export const MAX_FEATURE_CLAUSES = 8;

/** A string value in backticks, Typesense's quoting. Only ever given knownValues output. */
export function quote(value: string): string {
  return `\`${value}\``;
}

/** `field:=[`a`,`b`]`: the field (or one element of an array field) equals any of the values. */
export function anyOf(field: string, values: readonly string[]): string {
  return `${field}:=[${values.map(quote).join(",")}]`;
}

function range(field: string, lo: string | undefined, hi: string | undefined): string {
  if (lo !== undefined && hi !== undefined) return `${field}:[${lo}..${hi}]`;
  return lo !== undefined ? `${field}:>=${lo}` : `${field}:<=${hi}`;
}

const given = (n: number | undefined): n is number => typeof n === "number" && !Number.isNaN(n);

/** Inclusive bounds on a double stored as doubleKey: exact, whatever the bound. Null when unbounded. */
export function realRange(field: string, min: number | undefined, max: number | undefined): string | null {
  const lo = given(min) ? min : undefined;
  const hi = given(max) ? max : undefined;
  if (lo === undefined && hi === undefined) return null;
  if (lo !== undefined && hi !== undefined && lo > hi) return NOTHING;
  return range(field, lo === undefined ? undefined : doubleKey(lo).toString(), hi === undefined ? undefined : doubleKey(hi).toString());
}

/** Inclusive bounds on an int32 field; fractional bounds round inwards. Null when unbounded. */
export function intRange(field: string, min: number | undefined, max: number | undefined): string | null {
  let lo = given(min) ? Math.ceil(min) : undefined;
  let hi = given(max) ? Math.floor(max) : undefined;
  if (lo !== undefined && lo > INT32_MAX) return NOTHING;
  if (hi !== undefined && hi < INT32_MIN) return NOTHING;
  if (lo !== undefined && lo <= INT32_MIN) lo = undefined;
  if (hi !== undefined && hi >= INT32_MAX) hi = undefined;
  if (lo === undefined && hi === undefined) return null;
  if (lo !== undefined && hi !== undefined && lo > hi) return NOTHING;
  return range(field, lo === undefined ? undefined : String(lo), hi === undefined ? undefined : String(hi));
}

/** Every condition of the search as tagged clauses. */
export function filterClauses(q: CompiledSearch, vocabulary: Vocabulary): FilterClauses {
  const clauses: Clause[] = [];
  let impossible = false;
  const add = (owner: Owner, expr: string | null) => {
    if (expr === null) return;
    if (expr === NOTHING && owner === "hard") impossible = true;
    clauses.push({ owner, expr });
  };

  if (!Number.isInteger(q.persons) || q.persons < INT32_MIN || q.persons > INT32_MAX) add("hard", NOTHING);
  else add("hard", `${F.persons}:=${q.persons}`);

  if (q.departureRanges.length === 0) add("hard", NOTHING);
  else add("hard", `${F.departureDay}:[${q.departureRanges.map(([from, to]) => `${from}..${to}`).join(",")}]`);

  const area = q.area;
  if (area.type === "destinations" || area.type === "tags") {
    const field = area.type === "destinations" ? F.destinations : F.tags;
    const values =
      area.type === "destinations" ? knownValues(area.destinationSlugs, vocabulary.destinations) : knownValues(area.tags, vocabulary.tags);
    add("hard", values.length ? anyOf(field, values) : NOTHING);
  } else if (area.type === "geo") {
    const [south, west, north, east] = area.bbox;
    if (![south, west, north, east].every(given)) add("hard", NOTHING);
    else {
      add("hard", realRange(F.latKey, south, north));
      add("hard", realRange(F.lngKey, west, east));
    }
  }

  // All of the features: a feature the store does not have matches nothing.
  const features = [...new Set(q.features)];
  if (features.some((feature) => !vocabulary.features.has(feature))) add("hard", NOTHING);
  else if (features.length <= MAX_FEATURE_CLAUSES) for (const feature of features) add("hard", anyOf(F.features, [feature]));
  else {
    const ranks = vocabulary.ranksWithFeatures(features);
    add("hard", ranks.length ? `${F.accommodationRank}:[${ranks.join(",")}]` : NOTHING);
  }

  const f = q.filters;
  add("hard", intRange(F.skiPassDays, f.minSkiPassDaysCount, f.maxSkiPassDaysCount));

  const oneOf = (owner: Owner, field: string, wanted: string[] | undefined, known: ReadonlySet<string>) => {
    if (!wanted?.length) return; // an empty selection is no selection
    const values = knownValues(wanted, known);
    add(owner, values.length ? anyOf(field, values) : NOTHING);
  };
  oneOf("company", F.company, f.travelCompanies, vocabulary.companies);
  oneOf("meal", F.mealPlan, f.mealPlanTypes, vocabulary.mealPlans);
  add("rating", intRange(F.rating, f.minRating, undefined));
  if (typeof f.skiPassIncluded === "boolean") add("skiPass", `${F.skiPassIncluded}:=${f.skiPassIncluded ? "true" : "false"}`);
  add("price", realRange(F.pricePerPersonKey, f.minPrice, f.maxPrice));
  add("price", realRange(F.priceKey, f.minFullPrice, f.maxFullPrice));

  return { clauses, impossible };
}

/** The filter_by of the clauses, less those `without` owns. */
export function filterBy(clauses: readonly Clause[], without?: Owner): string {
  return clauses
    .filter((c) => c.owner !== without)
    .map((c) => c.expr)
    .join(" && ");
}

/** Whether the clauses, less those `without` owns, can match nothing (no need to ask). */
function matchesNothing(clauses: readonly Clause[], without?: Owner): boolean {
  return clauses.some((c) => c.expr === NOTHING && c.owner !== without);
}

const SORT_KEY: Record<SortingMethod, string> = {
  "skiScore:desc": `${F.skiScore}:desc`,
  "discountPercentage:desc": `${F.discount}:desc`,
  "price:asc": `${F.priceKey}:asc`,
};

/**
 * The sort key, then the accommodation's rank, then the trip's. Grouped, each accommodation
 * shows its best trip (ties: lowest trip id) and the groups are ordered by that trip's key,
 * ties by accommodation id: the rank is constant inside a group, so it orders only the groups.
 */
export function sortBy(sort: SortingMethod): string {
  return `${SORT_KEY[sort] ?? SORT_KEY[DEFAULT_SORTING_METHOD]},${F.accommodationRank}:asc,${F.tripRank}:asc`;
}

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

/** Typesense's `limit_multi_searches` (50 by default): searches in one multi_search. */
export const MAX_SEARCHES_PER_REQUEST = 50;

/** Typesense's largest page (per_page): the map's slices of accommodations, the pages of an accommodation's offers. */
export const MAP_PAGE_SIZE = 250;

/** The search parameters we send (a subset of Typesense's). */
export interface TsSearchParams {
  collection: string;
  q: "*";
  filter_by: string;
  per_page: number;
  page?: number;
  sort_by?: string;
  group_by?: string;
  group_limit?: number;
  facet_by?: string;
  max_facet_values?: number;
  facet_strategy?: "exhaustive";
  include_fields?: string;
}

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

// ---- Typesense's answers ----

export interface TsFacetCount {
  field_name: string;
  counts: Array<{ value: string; count: number }>;
}

export interface TsHit {
  document: Record<string, unknown>;
}

/** One result of a multi_search (the fields we read). */
export interface TsResult {
  found?: number;
  found_docs?: number;
  facet_counts?: TsFacetCount[];
  grouped_hits?: Array<{ group_key: unknown[]; found?: number; hits: TsHit[] }>;
  hits?: TsHit[];
  /** The collection searched: behind an alias, the one the alias names. */
  request_params?: { collection_name?: string };
  error?: string;
  code?: number;
}

export class TypesenseQueryError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = "TypesenseQueryError";
  }
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

function checked(result: TsResult | undefined, what: string): TsResult {
  if (!result) throw new TypesenseQueryError(`Typesense svarede ikke på ${what}`, undefined);
  if (result.error !== undefined || (result.code !== undefined && result.code !== 200)) {
    throw new TypesenseQueryError(`Typesense afviste ${what}: ${result.error ?? result.code}`, result.code);
  }
  return result;
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

// ---- The map: every matching accommodation with its best trip, in slices of accommodations ----

/**
 * Requests the map and an accommodation's offers send side by side. Typesense answers the
 * searches of one multi_search one after another, but several requests at once on several
 * threads, so the wait is that of the slowest request, not of every search.
 */
export const PARALLEL_REQUESTS = 4;

/** The searches in at most `parallel` requests (more when one would pass MAX_SEARCHES_PER_REQUEST), in order. */
export function inRequests<T>(searches: readonly T[], parallel = PARALLEL_REQUESTS): T[][] {
  const size = Math.max(1, Math.min(MAX_SEARCHES_PER_REQUEST, Math.ceil(searches.length / parallel)));
  const requests: T[][] = [];
  for (let i = 0; i < searches.length; i += size) requests.push(searches.slice(i, i + size));
  return requests;
}

export interface MapPlan {
  /** Some filter can match nothing: no point, no query. */
  empty: boolean;
  /**
   * One grouped search per slice of MAP_PAGE_SIZE accommodation ranks: each is page 1 of at most
   * that many groups. Deep pages of groups would make Typesense group every match again for each
   * page; slices make it look at each matching trip once, and each slice's `found` (groups) and
   * `found_docs` (trips) add up to the counts.
   */
  slices: TsSearchParams[];
}

/** The map's queries: grouped like the result list, with the list's sort (so the same best trip), no facets. */
export function planMap(q: CompiledSearch, vocabulary: Vocabulary, collection: string, accommodationCount: number): MapPlan {
  const { clauses } = filterClauses(q, vocabulary);
  const slices: TsSearchParams[] = [];
  for (let lo = 0; lo < accommodationCount; lo += MAP_PAGE_SIZE) {
    const hi = Math.min(accommodationCount, lo + MAP_PAGE_SIZE) - 1;
    slices.push({
      collection,
      q: "*",
      filter_by: [filterBy(clauses), `${F.accommodationRank}:[${lo}..${hi}]`].filter(Boolean).join(" && "),
      sort_by: sortBy(q.sort),
      group_by: F.accommodationRank,
      group_limit: 1,
      per_page: hi - lo + 1,
      include_fields: [F.accommodationRank, F.pin].join(","),
    });
  }
  return { empty: matchesNothing(clauses), slices };
}

/** A map slice's accommodations (rank and best trip), and its matching accommodations and trips. */
export function readMapSlice(result: TsResult): {
  accommodationCount: number;
  totalCount: number;
  groups: Array<{ accommodationRank: number; pin: MapPin }>;
} {
  const answer = checked(result, "kortets udsnit");
  return {
    accommodationCount: answer.found ?? 0,
    totalCount: answer.found_docs ?? 0,
    groups: (answer.grouped_hits ?? []).map((group) => {
      const doc = group.hits[0].document;
      return { accommodationRank: Number(doc[F.accommodationRank]), pin: JSON.parse(String(doc[F.pin])) as MapPin };
    }),
  };
}

// ---- One accommodation's offers (the accommodation page) ----

export interface OffersPlan {
  /** Some filter can match nothing: no page is asked for. */
  empty: boolean;
  /** Every page that can hold its matching trips (it has `tripCount` for sale), by departure day, then whole-party price, then trip id. */
  pages: TsSearchParams[];
}

/** The queries of one accommodation's offers: the search's clauses (its area left out) and the accommodation's rank. */
export function planAccommodationOffers(
  q: CompiledSearch,
  vocabulary: Vocabulary,
  collection: string,
  rank: number,
  tripCount: number,
): OffersPlan {
  const { clauses } = filterClauses({ ...q, area: { type: "all" } }, vocabulary);
  const filter = [`${F.accommodationRank}:=${rank}`, filterBy(clauses)].filter(Boolean).join(" && ");
  const pages = Array.from({ length: Math.ceil(tripCount / MAP_PAGE_SIZE) }, (_, i) => ({
    collection,
    q: "*" as const,
    filter_by: filter,
    sort_by: `${F.departureDay}:asc,${F.priceKey}:asc,${F.tripRank}:asc`,
    page: i + 1,
    per_page: MAP_PAGE_SIZE,
    include_fields: F.trip,
  }));
  return { empty: matchesNothing(clauses), pages };
}

/** A page of an accommodation's trips, and how many match in all. */
export function readOffersPage(result: TsResult): { found: number; trips: ResultTrip[] } {
  const answer = checked(result, "tilbuddenes side");
  return { found: answer.found ?? 0, trips: (answer.hits ?? []).map((hit) => JSON.parse(String(hit.document[F.trip])) as ResultTrip) };
}
