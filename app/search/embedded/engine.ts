import type { Db } from "../../../db/client";
import { readGeneration } from "../../../db/generation";
import { DEFAULT_SORTING_METHOD, type PriceMode, type SortingMethod } from "~/domain/constants";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import { compileSearch } from "../compile";
import type { AccommodationOffers, FacetKey, FacetNumbers, MapData, SearchOptions, SearchResult } from "~/domain/search-result";
import type { SearchEngine } from "../types";
import { PAGE_SIZE } from "~/domain/constants";
import { buildIndex, buildIndexInSteps, type EmbeddedIndex } from "./build";
import { countsFromIndex, type DestinationCounts } from "../destination-counts";
import { placePricesFromIndex, type PlacePrices } from "../place-prices";
import { mapPoints } from "./map";
import { runSearch } from "./query";
import { accommodationOffers } from "./offers";

/**
 * The default engine: an in-memory columnar index of the store. A search reads one immutable
 * index; reload() builds the next one beside it and swaps the reference, so searches in flight
 * finish on the old data and none fails.
 */
export class EmbeddedEngine implements SearchEngine {
  readonly name = "embedded";
  private index: EmbeddedIndex;
  private since = new Date();
  private watcher: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;

  constructor(private readonly db: Db) {
    this.index = buildIndex(db, readGeneration(db));
  }

  generation(): number {
    return this.index.generation;
  }

  servedSince(): Date {
    return this.since;
  }

  async search(query: SearchQuery, today?: string): Promise<SearchResult> {
    const compiled = compileSearch(query.searchData, query.sort, today);
    const outcome = runSearch(this.index, compiled, query.page);
    return {
      items: outcome.items,
      pagination: { totalCount: outcome.accommodationCount, pageSize: PAGE_SIZE, page: query.page },
      totalCount: outcome.totalCount,
      facetNumbers: outcome.facetNumbers,
    };
  }

  async facetNumbers(searchData: SearchData, sortingMethod: SortingMethod, required: FacetKey[], today?: string): Promise<FacetNumbers> {
    const outcome = runSearch(this.index, compileSearch(searchData, sortingMethod, today), 1, false);
    const picked: FacetNumbers = { totalCount: outcome.totalCount };
    for (const key of required) picked[key] = outcome.facetNumbers[key] ?? { value: {} };
    return picked;
  }

  async mapPoints(query: SearchQuery, priceMode: PriceMode, today?: string): Promise<MapData> {
    return mapPoints(this.index, compileSearch(query.searchData, query.sort, today), priceMode);
  }

  async accommodationOffers(accommodationId: string, searchData: SearchData, today?: string): Promise<AccommodationOffers | null> {
    return this.accommodationOffersNow(accommodationId, searchData, today);
  }

  /** The synchronous accommodationOffers, for the benchmark. */
  accommodationOffersNow(accommodationId: string, searchData: SearchData, today?: string): AccommodationOffers | null {
    return accommodationOffers(this.index, accommodationId, compileSearch(searchData, DEFAULT_SORTING_METHOD, today));
  }

  async options(): Promise<SearchOptions> {
    const ix = this.index;
    return {
      mealPlanTypes: ix.mealPlans,
      accommodationFeatures: ix.features,
      travelCompanies: ix.companies,
    };
  }

  /**
   * Builds the next index and swaps it in. On a database file it builds on a connection of its own,
   * handing the event loop back between steps, so requests are answered meanwhile; one build at a time.
   */
  reload(): Promise<void> {
    const sqlite = this.db.$client;
    this.reloading ??= (async () => {
      try {
        const next = sqlite.memory ? buildIndex(this.db, readGeneration(this.db)) : await buildIndexInSteps(sqlite.name);
        if (next.generation !== this.index.generation) this.since = new Date();
        this.index = next;
      } finally {
        this.reloading = undefined;
      }
    })();
    return this.reloading;
  }

  /** Polls the store's generation and swaps in a fresh index after each import. */
  watch(intervalMs = 1000): void {
    this.watcher ??= setInterval(() => {
      if (!this.reloading && readGeneration(this.db) !== this.index.generation) {
        this.reload().catch((error: unknown) => console.error("Søgeindekset kunne ikke genopbygges:", error));
      }
    }, intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  /** The index itself, read-only, for the map and the destination picker. */
  destinationCounts(today: string): DestinationCounts {
    return countsFromIndex(this.index, today);
  }

  placePrices(today: string, persons: number): PlacePrices {
    return placePricesFromIndex(this.index, today, persons);
  }

  current(): EmbeddedIndex {
    return this.index;
  }
}
