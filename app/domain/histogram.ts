import { HISTOGRAM_BAR_MAX_PX, HISTOGRAM_BAR_MIN_PX, HISTOGRAM_BAR_ZERO_PX, type PriceMode, type SortingMethod } from "./constants";
import { FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS, bucketKeys, type BucketScheme } from "./price-buckets";
import type { SearchData } from "./search-data";
import { onFirstUse } from "./format";
import type { FacetNumbers } from "./search-result";

// The price histogram above the price inputs (docs/screens.md "Price histogram").

export interface HistogramBar {
  key: string;
  /** Lower bound in kr.; the last, open-ended bucket has no upper bound. */
  from: number;
  to: number | null;
  count: number;
  heightPx: number;
}

/** Bar height: 3px at 0, otherwise scaled to the largest count between 8px and 67px. */
export function barHeight(count: number, maxCount: number): number {
  if (count <= 0 || maxCount <= 0) return HISTOGRAM_BAR_ZERO_PX;
  return Math.max(HISTOGRAM_BAR_MIN_PX, Math.round((count / maxCount) * HISTOGRAM_BAR_MAX_PX));
}

export function histogramBars(counts: Record<string, number> | undefined, scheme: BucketScheme): HistogramBar[] {
  const keys = bucketKeys(scheme);
  const values = keys.map((k) => counts?.[k] ?? 0);
  const max = Math.max(0, ...values);
  return keys.map((key, i) => ({
    key,
    from: i * scheme.band,
    to: key.endsWith("+") ? null : (i + 1) * scheme.band,
    count: values[i],
    heightPx: barHeight(values[i], max),
  }));
}

/** The facet the histogram draws: total-price buckets or per-person buckets. */
export function histogramFacetKey(mode: PriceMode): "priceRange" | "pricePerPersonRange" {
  return mode === "total" ? "priceRange" : "pricePerPersonRange";
}

export function histogramScheme(mode: PriceMode): BucketScheme {
  return mode === "total" ? FULL_PRICE_BUCKETS : PER_PERSON_BUCKETS;
}

/** The body of the histogram's facet-numbers call (docs/api.md "POST /api/facet-numbers"). */
export interface HistogramRequest {
  searchData: SearchData;
  sortingMethod: SortingMethod;
  requiredFacetFields: ["priceRange" | "pricePerPersonRange"];
}

/** The search without its four price bounds, so the bars show every price whatever range is selected. */
export function histogramRequest(searchData: SearchData, sort: SortingMethod, mode: PriceMode): HistogramRequest {
  const filters = { ...searchData.filters };
  delete filters.minPrice;
  delete filters.maxPrice;
  delete filters.minFullPrice;
  delete filters.maxFullPrice;
  return { searchData: { ...searchData, filters }, sortingMethod: sort, requiredFacetFields: [histogramFacetKey(mode)] };
}

/** The histogram's bucket counts in an answer; undefined when it has none. */
export function histogramCounts(facetNumbers: FacetNumbers | undefined, mode: PriceMode): Record<string, number> | undefined {
  const facet = facetNumbers?.[histogramFacetKey(mode)];
  return typeof facet === "object" && facet ? facet.value : undefined;
}

/** Whether a bar overlaps the selected range (drawn in colour); an unset maximum includes the open-ended bar. */
export function barInRange(bar: HistogramBar, min: number, max: number | undefined): boolean {
  return (bar.to === null || bar.to > min) && (max === undefined || bar.from < max);
}

const thousands = onFirstUse(() => new Intl.NumberFormat("da-DK", { maximumFractionDigits: 2 }));

/** A bar's bounds in thousands of kroner as a Dane writes them ("3", "3,75"); `to` is null for the open-ended bar. */
export function barRangeInThousands(bar: HistogramBar): { from: string; to: string | null } {
  return { from: thousands().format(bar.from / 1000), to: bar.to === null ? null : thousands().format(bar.to / 1000) };
}
