import type { SortingMethod } from "./constants";

/** Where (docs/search.md "Which trips match", search area). bbox is [south, west, north, east]. */
export type SearchArea =
  | { type: "all" }
  | { type: "destinations"; destinationSlugs: string[] }
  | { type: "tags"; tags: string[] }
  | { type: "geo"; bbox: [number, number, number, number] };

/** When: "arrival". No arrival means "Snarest muligt": every departure from today on. */
export type Arrival =
  { type: "asap" } | { type: "weeks"; weeks: number[] } | { type: "months"; months: string[] } | { type: "dates"; dates: string[] };

/** The filters part of the search data; an absent field is unset. */
export interface SearchFilters {
  minPrice?: number;
  maxPrice?: number;
  minFullPrice?: number;
  maxFullPrice?: number;
  minSkiPassDaysCount?: number;
  maxSkiPassDaysCount?: number;
  skiPassIncluded?: boolean;
  minRating?: number;
  mealPlanTypes?: string[];
  accommodationFeatures?: Record<string, true>;
  travelCompanies?: string[];
}

/**
 * Whether any filter is set, i.e. whether the reset-filters button is shown. Here, not in
 * filters.ts: the results page asks it at first paint, and filters.ts's rules load with the filters.
 */
export function hasFilters(f: SearchFilters): boolean {
  return Object.values(f).some((v) => v !== undefined && !(typeof v === "object" && Object.keys(v).length === 0));
}

export interface SearchData {
  searchArea: SearchArea;
  adultCount: number;
  childrenCount: number;
  arrival: Arrival;
  filters: SearchFilters;
}

/** Everything the URL holds: the search, its sort and its page. */
export interface SearchQuery {
  searchData: SearchData;
  sort: SortingMethod;
  page: number;
}
