import { PAGE_SIZE, type SortingMethod } from "~/domain/constants";
import { bucketKeys, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { BenchItem } from "../engine";
import type { SourceTrip } from "./source";

export const PRICE_KEYS = bucketKeys(FULL_PRICE_BUCKETS);
export const PER_PERSON_KEYS = bucketKeys(PER_PERSON_BUCKETS);

/** The sort's field on a trip, and +1 for ascending, −1 for descending. */
export function sortSpec(sort: SortingMethod): { field: "score" | "discount" | "price"; sign: 1 | -1 } {
  if (sort === "price:asc") return { field: "price", sign: 1 };
  if (sort === "discountPercentage:desc") return { field: "discount", sign: -1 };
  return { field: "score", sign: -1 };
}

/** Byte order of ASCII ids (SQLite's BINARY collation). */
export function cmpId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Results are accommodations: the best trip of each under the sort (ties by trip id), the
 * accommodations ordered by their best trip (ties by accommodation id), one page of them.
 * For peers without a group-by: one pass over the matching trips.
 */
export function pageOfAccommodations(
  trips: Iterable<SourceTrip>,
  sort: SortingMethod,
  page: number,
): { items: BenchItem[]; accommodationCount: number } {
  const { field, sign } = sortSpec(sort);
  const best = new Map<string, { trip: SourceTrip; count: number }>();
  for (const t of trips) {
    const cur = best.get(t.acc);
    if (!cur) best.set(t.acc, { trip: t, count: 1 });
    else {
      cur.count++;
      const d = sign * (t[field] - cur.trip[field]);
      if (d < 0 || (d === 0 && t.id < cur.trip.id)) cur.trip = t;
    }
  }
  const accs = [...best.values()];
  accs.sort((x, y) => sign * (x.trip[field] - y.trip[field]) || cmpId(x.trip.acc, y.trip.acc));
  const items = accs
    .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
    .map((a) => ({ acc: a.trip.acc, trip: a.trip.id, offerCount: a.count }));
  return { items, accommodationCount: accs.length };
}
