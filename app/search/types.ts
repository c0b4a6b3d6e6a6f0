import type { PriceMode, SortingMethod } from "~/domain/constants";
import type { SearchQuery } from "~/domain/search-data";
import type { DestinationCounts } from "./destination-counts";
import type { PlacePrices } from "./place-prices";
import type { AccommodationOffers, FacetKey, FacetNumbers, MapData, SearchOptions, SearchResult } from "~/domain/search-result";

export interface SearchEngine {
  readonly name: string;
  /** Items of one page plus every facet number. `today` is an ISO date (defaults to now). */
  search(query: SearchQuery, today?: string): Promise<SearchResult>;
  /** Only the requested facets, ignoring paging (the price histogram's call). */
  facetNumbers(
    searchData: SearchQuery["searchData"],
    sortingMethod: SortingMethod,
    requiredFacetFields: FacetKey[],
    today?: string,
  ): Promise<FacetNumbers>;
  options(): Promise<SearchOptions>;
  /**
   * Every trip of one accommodation that matches the search data, its search area ignored (the
   * accommodation is the place): by departure date, then whole-party price, then trip id. Null when
   * the accommodation has no trip for sale at all (an unknown id, or every offer retired).
   */
  accommodationOffers(accommodationId: string, searchData: SearchQuery["searchData"], today?: string): Promise<AccommodationOffers | null>;
  /** Every matching accommodation of the whole result as map points, with its best trip under the sort. */
  mapPoints(query: SearchQuery, priceMode: PriceMode, today?: string): Promise<MapData>;
  /** Upcoming trips per destination and category, per party size (the destination picker's counts). */
  destinationCounts(today: string): DestinationCounts;
  /** Per resort its trips and lowest price per person, by departure week and accommodation, for one party size from today on (the destination pages). */
  placePrices(today: string, persons: number): PlacePrices;
  /** Serve the store's current generation (rebuilt, or on Typesense adopted or built); the new index replaces the old one atomically. */
  reload(): Promise<void>;
  /** A number that grows with every import; tells which data a search saw. */
  generation(): number;
  /** When this process started serving that generation (the operators' overview); null before it serves one. */
  servedSince(): Date | null;
  /** Stops following the store (the server's clean stop); a build under way is abandoned. */
  stop(): void;
  /** For /readyz: why the engine's own server cannot answer, or undefined (Typesense; an embedded engine has none). */
  serverProblem?(): Promise<string | undefined>;
  /** For /readyz: whether a build of a newer generation is under way (a lagging engine is catching up, not stuck). */
  building?(): boolean;
}
