import { DEFAULT_BOUNDS, MIN_PRICE_GAP, RATINGS, SKI_PASS_DAYS_MAX, type PriceMode } from "./constants";
import { hasTotalBound, priceKeys, switchPriceMode } from "./price-mode";
import type { SearchFilters } from "./search-data";
import type { FacetNumbers } from "./search-result";

// The filter sidebar's rules (docs/screens.md "Filter sidebar" and "Price filter"), as pure
// functions on SearchFilters so the page, the mobile drawer and the no-JavaScript form all share
// them.

type BoundKey = keyof typeof DEFAULT_BOUNDS;

/** Sets a bound, or leaves it unset when it is at its default. */
function setBound(f: SearchFilters, key: BoundKey, value: number): void {
  if (value === DEFAULT_BOUNDS[key]) delete f[key];
  else f[key] = value;
}

function without<K extends keyof SearchFilters>(f: SearchFilters, ...keys: K[]): SearchFilters {
  const out = { ...f };
  for (const k of keys) delete out[k];
  return out;
}

/** The minimum price input's upper bound: the current maximum minus 100. */
export function minPriceUpperBound(max: number | undefined, sliderMax: number): number {
  return Math.max(0, (max ?? sliderMax) - MIN_PRICE_GAP);
}

/**
 * Sets a price range in the given mode. The minimum is clamped to [0, max − 100], the maximum to
 * [min + 100, slider max]; a value at a default bound (0 or the slider maximum) is sent as unset.
 */
export function setPriceRange(f: SearchFilters, mode: PriceMode, min: number | undefined, max: number | undefined): SearchFilters {
  const { min: minKey, max: maxKey, sliderMax } = priceKeys(mode);
  let hi = max === undefined || !Number.isFinite(max) ? sliderMax : Math.round(max);
  hi = Math.min(sliderMax, Math.max(MIN_PRICE_GAP, hi));
  let lo = min === undefined || !Number.isFinite(min) ? 0 : Math.round(min);
  lo = Math.max(0, Math.min(lo, minPriceUpperBound(hi, sliderMax)));
  const out = switchPriceMode(f, mode);
  setBound(out, minKey, lo);
  setBound(out, maxKey, hi);
  return out;
}

/** Ski-pass days 0 to 12; the default bounds are sent as unset; min never above max. */
export function setSkiPassDays(f: SearchFilters, min: number | undefined, max: number | undefined): SearchFilters {
  let hi = max === undefined || !Number.isFinite(max) ? SKI_PASS_DAYS_MAX : Math.round(max);
  hi = Math.min(SKI_PASS_DAYS_MAX, Math.max(0, hi));
  let lo = min === undefined || !Number.isFinite(min) ? 0 : Math.round(min);
  lo = Math.max(0, Math.min(lo, hi));
  const out = { ...f };
  setBound(out, "minSkiPassDaysCount", lo);
  setBound(out, "maxSkiPassDaysCount", hi);
  return out;
}

/** Clicking the selected star rating again clears it. */
export function toggleRating(f: SearchFilters, rating: number): SearchFilters {
  return f.minRating === rating ? without(f, "minRating") : { ...f, minRating: rating };
}

/** Liftkort: choosing the selected value again clears it; 'Eksklusiv' (false) clears the day bounds. */
export function toggleSkiPassIncluded(f: SearchFilters, value: boolean): SearchFilters {
  if (f.skiPassIncluded === value) return without(f, "skiPassIncluded");
  const out = { ...f, skiPassIncluded: value };
  return value ? out : without(out, "minSkiPassDaysCount", "maxSkiPassDaysCount");
}

/** Whether the 'Liftkort dage' section is shown: hidden when the ski pass is excluded. */
export function showsSkiPassDays(f: SearchFilters): boolean {
  return f.skiPassIncluded !== false;
}

type ListKey = "mealPlanTypes" | "travelCompanies";

/** Multi-selects toggle an entry on and off; an empty selection becomes unset. */
export function toggleListValue(f: SearchFilters, key: ListKey, value: string): SearchFilters {
  const current = f[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const out = without(f, key);
  if (next.length) out[key] = next;
  return out;
}

export function toggleFeature(f: SearchFilters, value: string): SearchFilters {
  const current = { ...(f.accommodationFeatures ?? {}) };
  if (current[value]) delete current[value];
  else current[value] = true;
  const out = without(f, "accommodationFeatures");
  if (Object.keys(current).length) out.accommodationFeatures = current;
  return out;
}

/** One removable chip of the folded sidebar. */
export interface FilterChip {
  id: string;
  label: string;
  /** The filters with this chip removed. */
  remove: SearchFilters;
}

export interface ChipOptions {
  mealPlanTypes: Array<{ slug: string; title: string }>;
  accommodationFeatures: Array<{ value: string; name: string }>;
  travelCompanies: Array<{ slug: string; name: string }>;
}

export interface ChipTexts {
  price: (mode: PriceMode, min: number | undefined, max: number | undefined) => string;
  rating: (n: number) => string;
  skiPass: (included: boolean) => string;
  skiPassDays: (min: number | undefined, max: number | undefined) => string;
}

/** The folded sidebar's chips, one per set filter value, each knowing how to remove itself. */
export function filterChips(f: SearchFilters, options: ChipOptions, t: ChipTexts): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    chips.push({ id: "price", label: t.price("perPerson", f.minPrice, f.maxPrice), remove: without(f, "minPrice", "maxPrice") });
  }
  if (hasTotalBound(f)) {
    chips.push({
      id: "fullPrice",
      label: t.price("total", f.minFullPrice, f.maxFullPrice),
      remove: without(f, "minFullPrice", "maxFullPrice"),
    });
  }
  if (f.minRating !== undefined) chips.push({ id: "minRating", label: t.rating(f.minRating), remove: without(f, "minRating") });
  if (f.skiPassIncluded !== undefined) {
    chips.push({ id: "skiPassIncluded", label: t.skiPass(f.skiPassIncluded), remove: without(f, "skiPassIncluded") });
  }
  if (f.minSkiPassDaysCount !== undefined || f.maxSkiPassDaysCount !== undefined) {
    chips.push({
      id: "skiPassDays",
      label: t.skiPassDays(f.minSkiPassDaysCount, f.maxSkiPassDaysCount),
      remove: without(f, "minSkiPassDaysCount", "maxSkiPassDaysCount"),
    });
  }
  for (const slug of f.mealPlanTypes ?? []) {
    const label = options.mealPlanTypes.find((m) => m.slug === slug)?.title ?? slug;
    chips.push({ id: `mealPlanTypes:${slug}`, label, remove: toggleListValue(f, "mealPlanTypes", slug) });
  }
  for (const value of Object.keys(f.accommodationFeatures ?? {})) {
    const label = options.accommodationFeatures.find((o) => o.value === value)?.name ?? value;
    chips.push({ id: `accommodationFeatures:${value}`, label, remove: toggleFeature(f, value) });
  }
  for (const slug of f.travelCompanies ?? []) {
    const label = options.travelCompanies.find((c) => c.slug === slug)?.name ?? slug;
    chips.push({ id: `travelCompanies:${slug}`, label, remove: toggleListValue(f, "travelCompanies", slug) });
  }
  return chips;
}

/** Options sorted by facet count, descending (ties by name), as the 'Rejseselskaber' section lists them. */
export function byCountDesc<T extends { name: string }>(items: T[], count: (item: T) => number): T[] {
  return [...items].sort((a, b) => count(b) - count(a) || a.name.localeCompare(b.name, "da"));
}

/** One facet's counts by value (docs/search.md "Facet numbers"); {} when the result has none. */
export function facetCounts(facetNumbers: FacetNumbers, key: string): Record<string, number> {
  const facet = facetNumbers[key];
  return typeof facet === "object" && facet ? facet.value : {};
}

/** 'Min. stjerner' n matches n stars or more, so its count is the sum of the counts of n to 5 stars. */
export function atLeastRatingCount(byRating: Record<string, number>, rating: number): number {
  return RATINGS.filter((r) => r >= rating).reduce((sum, r) => sum + (byRating[String(r)] ?? 0), 0);
}

/** A facility's count: the trips of accommodations that have it. */
export function featureCount(facetNumbers: FacetNumbers, value: string): number {
  return facetCounts(facetNumbers, `accommodation_features_${value}`)["true"] ?? 0;
}
