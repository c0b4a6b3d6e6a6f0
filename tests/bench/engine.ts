import type { SearchQuery } from "~/domain/search-data";
import type { SearchResult } from "~/domain/search-result";

// What every benchmarked engine computes for a query, in one comparable shape: the page of
// accommodations (each with its best trip under the sort), the counts, and every facet number
// (docs/search.md "Results: accommodations" and "Facet numbers"; zero counts are left out).

export interface BenchItem {
  acc: string;
  trip: string;
  offerCount: number;
  /** The app's engines' lowest prices (whole party, per person); the peers do not compute them. */
  cheapest?: [number, number];
}

export interface BenchResult {
  totalCount: number;
  accommodationCount: number;
  items: BenchItem[];
  /** facet key → option/bucket → trip count (no zeros). */
  facets: Record<string, Record<string, number>>;
}

export interface BenchEngine<Raw = BenchResult> {
  readonly name: string;
  /** Loads the data from the store and builds whatever the engine searches. */
  build(): Promise<void> | void;
  /** One full search: page of items + totalCount + every facet number. Timed. */
  search(query: SearchQuery): Promise<Raw> | Raw;
  /** Turns the engine's answer into a BenchResult (not timed; identity for the peers). */
  normalize(raw: Raw): BenchResult;
  /** How the engine was used, printed with the results. */
  notes(): string[];
  close?(): Promise<void> | void;
}

/** A SearchResult of the app's engines (embedded, reference SQL) as a BenchResult. */
export function fromSearchResult(r: SearchResult): BenchResult {
  const facets: BenchResult["facets"] = {};
  for (const [key, value] of Object.entries(r.facetNumbers)) {
    if (key === "totalCount" || typeof value === "number") continue;
    facets[key] = nonZero(value.value);
  }
  return {
    totalCount: r.totalCount,
    accommodationCount: r.pagination.totalCount,
    items: r.items.map((i) => ({
      acc: i.accommodation.id,
      trip: i.trip.id,
      offerCount: i.offerCount,
      cheapest: [i.cheapest.price, i.cheapest.pricePerPerson],
    })),
    facets: dropEmpty(facets),
  };
}

export function nonZero(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(counts)) if (n > 0) out[k] = n;
  return out;
}

export function dropEmpty(facets: BenchResult["facets"]): BenchResult["facets"] {
  const out: BenchResult["facets"] = {};
  for (const [k, v] of Object.entries(facets)) if (Object.keys(v).length > 0) out[k] = v;
  return out;
}

/** The differences between a peer's answer and the reference's, described briefly; [] when equal. */
export function compareResults(ref: BenchResult, got: BenchResult): string[] {
  const diffs: string[] = [];
  if (ref.totalCount !== got.totalCount) diffs.push(`totalCount ${got.totalCount} ≠ ${ref.totalCount}`);
  if (ref.accommodationCount !== got.accommodationCount) diffs.push(`accommodations ${got.accommodationCount} ≠ ${ref.accommodationCount}`);
  const keys = new Set([...Object.keys(ref.facets), ...Object.keys(got.facets)]);
  for (const key of [...keys].sort()) {
    const a = ref.facets[key] ?? {};
    const b = got.facets[key] ?? {};
    const options = new Set([...Object.keys(a), ...Object.keys(b)]);
    const bad = [...options].filter((o) => a[o] !== b[o]);
    if (bad.length) {
      const o = bad[0];
      diffs.push(`facet ${key}: ${bad.length} option(s) differ, e.g. ${o}: ${b[o] ?? 0} ≠ ${a[o] ?? 0}`);
    }
  }
  const refAccs = ref.items.map((i) => i.acc).join(",");
  const gotAccs = got.items.map((i) => i.acc).join(",");
  if (refAccs !== gotAccs) {
    const at = ref.items.findIndex((item, k) => got.items[k]?.acc !== item.acc);
    diffs.push(
      `items: accommodation order differs at #${at < 0 ? got.items.length + 1 : at + 1} (${got.items.length} vs ${ref.items.length} items)`,
    );
  } else {
    const tripAt = ref.items.findIndex((item, k) => got.items[k].trip !== item.trip);
    if (tripAt >= 0) diffs.push(`items: best trip differs at #${tripAt + 1} (${got.items[tripAt].trip} ≠ ${ref.items[tripAt].trip})`);
    const countAt = ref.items.findIndex((item, k) => got.items[k].offerCount !== item.offerCount);
    if (countAt >= 0) diffs.push(`items: offerCount differs at #${countAt + 1}`);
    const cheapestAt = ref.items.findIndex((item, k) => {
      const [a, b] = [item.cheapest, got.items[k].cheapest];
      return a !== undefined && b !== undefined && (a[0] !== b[0] || a[1] !== b[1]);
    });
    if (cheapestAt >= 0) diffs.push(`items: cheapest prices differ at #${cheapestAt + 1}`);
  }
  return diffs;
}
