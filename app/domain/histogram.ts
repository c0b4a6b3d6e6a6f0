import { HISTOGRAM_BAR_MAX_PX, HISTOGRAM_BAR_MIN_PX, HISTOGRAM_BAR_ZERO_PX } from "./constants";
import { bucketKeys, type BucketScheme } from "./price-buckets";

// The price histogram above the price inputs (specification points 7 and 9).

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
