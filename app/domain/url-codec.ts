// zod/mini: the codec also runs in the browser, where the full zod would double the page's script.
import * as z from "zod/mini";
import {
  DEFAULT_ADULT_COUNT,
  DEFAULT_CHILDREN_COUNT,
  DEFAULT_SORTING_METHOD,
  MAX_ADULT_COUNT,
  MAX_CHILDREN_COUNT,
  SORTING_METHODS,
  type SortingMethod,
} from "./constants";
import { isCalendarDate } from "./dates";
import type { Arrival, SearchArea, SearchData, SearchFilters, SearchQuery } from "./search-data";

// The URL is the whole search state (docs/urls.md "The results page"). Every param is validated on
// its own: a malformed value is dropped, an unknown param ignored, so no URL can cause a server
// error.

const MAX_LIST = 50;
// The schemas are built once (every request parses its URL) and marked pure: the pages' scripts
// write URLs but never parse one, so the bundler leaves them, and zod with them, out of the browser.
const slug = /* @__PURE__ */ z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,79}$/));
/* @__NO_SIDE_EFFECTS__ */
function intIn(min: number, max: number) {
  return z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)), z.int().check(z.gte(min), z.lte(max)));
}
const price = intIn(0, 100_000_000);
const isoDate = /* @__PURE__ */ z.string().check(z.refine(isCalendarDate));
const yearMonth = /* @__PURE__ */ z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/));
const week = intIn(1, 53);
const skiPassDays = intIn(0, 365);
const skiPassIncluded = z.pipe(
  z.enum(["true", "false"]),
  z.transform((v) => v === "true"),
);
const rating = intIn(1, 5);
const adultCount = intIn(1, MAX_ADULT_COUNT);
const childrenCount = intIn(0, MAX_CHILDREN_COUNT);
const sortingMethod = z.enum(SORTING_METHODS);
const pageNumber = intIn(1, 100_000);
const coordinate = z.pipe(/* @__PURE__ */ z.string().check(z.regex(/^-?\d{1,3}(\.\d{1,12})?$/)), z.transform(Number));

/** A comma-separated list; malformed entries are dropped, duplicates removed, order kept. */
function list<T>(raw: string | null, item: z.ZodMiniType<T, string>): T[] {
  if (!raw) return [];
  const out: T[] = [];
  for (const part of raw.split(",").slice(0, MAX_LIST)) {
    const parsed = item.safeParse(part.trim());
    if (parsed.success && !out.includes(parsed.data)) out.push(parsed.data);
  }
  return out;
}

/** The params that hold a list, comma-separated; any other param has one value. */
export const LIST_PARAMS: readonly string[] = [
  "destinationSlugs",
  "tags",
  "weeks",
  "months",
  "dates",
  "mealPlanTypes",
  "accommodationFeatures",
  "travelCompanies",
];

/** A list param; a plain GET form repeats it (`a=x&a=y`) where links join it (`a=x,y`). */
function all(p: URLSearchParams, key: string): string | null {
  const values = p.getAll(key);
  return values.length ? values.join(",") : null;
}

function one<T>(raw: string | null, schema: z.ZodMiniType<T, string>): T | undefined {
  if (raw === null) return undefined;
  const parsed = schema.safeParse(raw.trim());
  return parsed.success ? parsed.data : undefined;
}

function parseBbox(raw: string | null): [number, number, number, number] | undefined {
  if (!raw) return undefined;
  const parts = raw.split(",");
  if (parts.length !== 4) return undefined;
  const nums = parts.map((p) => one(p, coordinate));
  if (nums.some((n) => n === undefined)) return undefined;
  const [south, west, north, east] = nums as number[];
  if (south < -90 || north > 90 || south > north) return undefined;
  if (west < -180 || east > 180 || west > east) return undefined;
  return [south, west, north, east];
}

// A plain GET form (the search bar without JavaScript) also sends which kind of area and arrival
// its radio buttons chose (`area`, `arrival`), so lists left ticked under another kind are ignored.
// Links never carry them: the canonical URL drops them.
const AREA_TYPES = ["all", "destinations", "tags", "geo"] as const;
const ARRIVAL_TYPES = ["asap", "weeks", "months", "dates"] as const;

function chosen<T extends string>(p: URLSearchParams, key: string, types: readonly T[]): T | null {
  const v = p.get(key);
  return v !== null && (types as readonly string[]).includes(v) ? (v as T) : null;
}

function parseArea(p: URLSearchParams): SearchArea {
  const kind = chosen(p, "area", AREA_TYPES);
  if (kind) return parseAreaOf(p, kind);
  for (const k of ["destinations", "tags", "geo"] as const) {
    const area = parseAreaOf(p, k);
    if (area.type !== "all") return area;
  }
  return { type: "all" };
}

function parseAreaOf(p: URLSearchParams, kind: SearchArea["type"]): SearchArea {
  if (kind === "destinations") {
    const destinationSlugs = list(all(p, "destinationSlugs"), slug);
    if (destinationSlugs.length) return { type: "destinations", destinationSlugs };
  }
  if (kind === "tags") {
    const tags = list(all(p, "tags"), slug);
    if (tags.length) return { type: "tags", tags };
  }
  if (kind === "geo") {
    const bbox = parseBbox(p.get("bbox"));
    if (bbox) return { type: "geo", bbox };
  }
  return { type: "all" };
}

function parseArrival(p: URLSearchParams): Arrival {
  const kind = chosen(p, "arrival", ARRIVAL_TYPES);
  if (kind) return parseArrivalOf(p, kind);
  for (const k of ["weeks", "months", "dates"] as const) {
    const arrival = parseArrivalOf(p, k);
    if (arrival.type !== "asap") return arrival;
  }
  return { type: "asap" };
}

function parseArrivalOf(p: URLSearchParams, kind: Arrival["type"]): Arrival {
  if (kind === "weeks") {
    const weeks = list(all(p, "weeks"), week);
    if (weeks.length) return { type: "weeks", weeks };
  }
  if (kind === "months") {
    const months = list(all(p, "months"), yearMonth);
    if (months.length) return { type: "months", months };
  }
  if (kind === "dates") {
    const dates = list(all(p, "dates"), isoDate);
    if (dates.length) return { type: "dates", dates };
  }
  return { type: "asap" };
}

function parseFilters(p: URLSearchParams): SearchFilters {
  const f: SearchFilters = {};
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K] | undefined) => {
    if (value !== undefined) f[key] = value;
  };
  set("minPrice", one(p.get("minPrice"), price));
  set("maxPrice", one(p.get("maxPrice"), price));
  set("minFullPrice", one(p.get("minFullPrice"), price));
  set("maxFullPrice", one(p.get("maxFullPrice"), price));
  set("minSkiPassDaysCount", one(p.get("minSkiPassDaysCount"), skiPassDays));
  set("maxSkiPassDaysCount", one(p.get("maxSkiPassDaysCount"), skiPassDays));
  set("skiPassIncluded", one(p.get("skiPassIncluded"), skiPassIncluded));
  set("minRating", one(p.get("minRating"), rating));
  const mealPlanTypes = list(all(p, "mealPlanTypes"), slug);
  if (mealPlanTypes.length) f.mealPlanTypes = mealPlanTypes;
  const features = list(all(p, "accommodationFeatures"), slug);
  if (features.length) f.accommodationFeatures = Object.fromEntries(features.map((v) => [v, true as const]));
  const travelCompanies = list(all(p, "travelCompanies"), slug);
  if (travelCompanies.length) f.travelCompanies = travelCompanies;
  return f;
}

export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const searchData: SearchData = {
    searchArea: parseArea(params),
    adultCount: one(params.get("adultCount"), adultCount) ?? DEFAULT_ADULT_COUNT,
    childrenCount: one(params.get("childrenCount"), childrenCount) ?? DEFAULT_CHILDREN_COUNT,
    arrival: parseArrival(params),
    filters: parseFilters(params),
  };
  const sort = one(params.get("sort"), sortingMethod) ?? DEFAULT_SORTING_METHOD;
  const page = one(params.get("page"), pageNumber) ?? 1;
  return { searchData, sort, page };
}

/** The filters whose URL value is one number. */
export const NUMERIC_FILTER_KEYS = [
  "minPrice",
  "maxPrice",
  "minFullPrice",
  "maxFullPrice",
  "minSkiPassDaysCount",
  "maxSkiPassDaysCount",
  "minRating",
] as const;

/** The canonical query string of a search: defaults omitted, page 1 omitted, fixed param order. */
export function toSearchParams(query: Partial<SearchQuery> & { searchData: SearchData }): URLSearchParams {
  const { searchData: d, sort = DEFAULT_SORTING_METHOD, page = 1 } = query;
  const out = new URLSearchParams();
  const area = d.searchArea;
  if (area.type === "destinations") out.set("destinationSlugs", area.destinationSlugs.join(","));
  if (area.type === "tags") out.set("tags", area.tags.join(","));
  if (area.type === "geo") out.set("bbox", area.bbox.map((n) => String(Number(n.toFixed(5)))).join(","));
  if (d.adultCount !== DEFAULT_ADULT_COUNT) out.set("adultCount", String(d.adultCount));
  if (d.childrenCount !== DEFAULT_CHILDREN_COUNT) out.set("childrenCount", String(d.childrenCount));
  const arrival = d.arrival;
  if (arrival.type === "weeks") out.set("weeks", arrival.weeks.join(","));
  if (arrival.type === "months") out.set("months", arrival.months.join(","));
  if (arrival.type === "dates") out.set("dates", arrival.dates.join(","));
  const f = d.filters;
  for (const key of NUMERIC_FILTER_KEYS) {
    if (f[key] !== undefined) out.set(key, String(f[key]));
  }
  if (f.skiPassIncluded !== undefined) out.set("skiPassIncluded", String(f.skiPassIncluded));
  if (f.mealPlanTypes?.length) out.set("mealPlanTypes", f.mealPlanTypes.join(","));
  const features = Object.keys(f.accommodationFeatures ?? {});
  if (features.length) out.set("accommodationFeatures", features.join(","));
  if (f.travelCompanies?.length) out.set("travelCompanies", f.travelCompanies.join(","));
  if (sort !== DEFAULT_SORTING_METHOD) out.set("sort", sort);
  if (page > 1) out.set("page", String(page));
  return out;
}

/**
 * A query string as we write it into links: `,` and `:` stay readable (`destinationSlugs=a,b&sort=price:asc`);
 * a query string needs no escaping for them (RFC 3986), and the encoded spelling parses the same.
 */
export function readableQuery(params: URLSearchParams): string {
  return params.toString().replace(/%2C/g, ",").replace(/%3A/g, ":");
}

/** Link to a search, readable (see readableQuery). */
export function searchHref(query: Partial<SearchQuery> & { searchData: SearchData }, path: string): string {
  const qs = readableQuery(toSearchParams(query));
  return qs ? `${path}?${qs}` : path;
}

export function isSortingMethod(value: unknown): value is SortingMethod {
  return typeof value === "string" && (SORTING_METHODS as readonly string[]).includes(value);
}
