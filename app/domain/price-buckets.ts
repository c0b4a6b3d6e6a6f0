import { FULL_PRICE_BAND, FULL_PRICE_MAX, PER_PERSON_PRICE_BAND, PER_PERSON_PRICE_MAX, UNKNOWN_BUCKET } from "./constants";

export interface BucketScheme {
  band: number;
  max: number;
}

export const FULL_PRICE_BUCKETS: BucketScheme = { band: FULL_PRICE_BAND, max: FULL_PRICE_MAX };
export const PER_PERSON_BUCKETS: BucketScheme = { band: PER_PERSON_PRICE_BAND, max: PER_PERSON_PRICE_MAX };

/** Bucket keys in order: `0-3000`, …, `177000-180000`, `180000+`. */
export function bucketKeys({ band, max }: BucketScheme): string[] {
  const keys: string[] = [];
  for (let lo = 0; lo < max; lo += band) keys.push(`${lo}-${lo + band}`);
  keys.push(`${max}+`);
  return keys;
}

/** Index into bucketKeys for a price (lower bound inclusive); -1 when the price is missing. */
export function bucketIndex(price: number | null | undefined, { band, max }: BucketScheme): number {
  if (price === null || price === undefined || !Number.isFinite(price) || price < 0) return -1;
  if (price >= max) return max / band;
  return Math.floor(price / band);
}

export function bucketKey(price: number | null | undefined, scheme: BucketScheme): string {
  const i = bucketIndex(price, scheme);
  return i < 0 ? UNKNOWN_BUCKET : bucketKeys(scheme)[i];
}
