import { DEFAULT_SORTING_METHOD, type SortingMethod } from "~/domain/constants";
import type { CompiledSearch } from "../compile";
import { doubleKey, F } from "./schema";

// A compiled search's filters and sort as Typesense's filter_by and sort_by (translate.ts plans the
// queries that use them). Filters are flat conjunctions of single comparisons (no `||`, no
// parentheses), each tagged with the filter that owns it, so a facet's query can leave out its
// own. At most 20 comparisons a query: Typesense's filter_by allows 100 operations, operands and
// `&&` together, and more than MAX_FEATURE_CLAUSES features become one comparison. A value the
// generation's store does not have (a feature, meal plan, company, destination or category)
// matches nothing. A sort is three fields, Typesense's most.

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
export function matchesNothing(clauses: readonly Clause[], without?: Owner): boolean {
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
