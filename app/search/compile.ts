import type { SortingMethod } from "~/domain/constants";
import { monthRange, nextIsoWeek, toDay, todayInDenmark } from "~/domain/dates";
import type { Arrival, SearchArea, SearchData, SearchFilters } from "~/domain/search-data";

/** A search reduced to what every engine evaluates: plain numbers, day ranges and slug lists. */
export interface CompiledSearch {
  persons: number;
  /** Inclusive departure-day ranges (days since 1970-01-01), sorted, disjoint, none before today. */
  departureRanges: Array<[number, number]>;
  area: SearchArea;
  filters: SearchFilters;
  features: string[];
  sort: SortingMethod;
}

export function departureRanges(arrival: Arrival, today: number): Array<[number, number]> {
  const END = toDay("9999-12-31");
  let ranges: Array<[number, number]>;
  switch (arrival.type) {
    case "asap":
      ranges = [[today, END]];
      break;
    case "weeks":
      ranges = arrival.weeks.map((w) => nextIsoWeek(w, today)).filter((r): r is [number, number] => r !== null);
      break;
    case "months":
      ranges = arrival.months.map(monthRange);
      break;
    case "dates":
      ranges = arrival.dates.map((d) => [toDay(d), toDay(d)]);
      break;
  }
  const clipped = ranges
    .map(([from, to]): [number, number] => [Math.max(from, today), to])
    .filter(([from, to]) => from <= to)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of clipped) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

export function compileSearch(searchData: SearchData, sort: SortingMethod, todayIso?: string): CompiledSearch {
  const today = toDay(todayIso ?? todayInDenmark());
  return {
    persons: searchData.adultCount + searchData.childrenCount,
    departureRanges: departureRanges(searchData.arrival, today),
    area: searchData.searchArea,
    filters: searchData.filters,
    features: Object.keys(searchData.filters.accommodationFeatures ?? {}),
    sort,
  };
}
