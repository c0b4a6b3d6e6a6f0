import type { Db } from "../../../db/client";
import { readGeneration } from "../../../db/generation";
import { acquireLease, isStale, readLease } from "../../../db/lease";
import { DEFAULT_SORTING_METHOD, PAGE_SIZE, type PriceMode, type SortingMethod } from "~/domain/constants";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import type {
  AccommodationOffers,
  FacetKey,
  FacetNumbers,
  MapData,
  SearchOptions,
  SearchResult,
  SearchResultItem,
} from "~/domain/search-result";
import { DEFAULT_COLLECTION_PREFIX, TYPESENSE_TIMEOUTS, type TypesenseConfig } from "~/utils/config.server";
import { SearchUnavailableError, type UnavailableKind } from "../unavailable.server";
import { compileSearch } from "../compile";
import { countsFromDb, type DestinationCounts } from "../destination-counts";
import { placePricesFromDb, type PlacePrices } from "../place-prices";
import type { SearchEngine } from "../types";
import type { RetryPolicy } from "./build-requests";
import { buildCollection, dropCollections } from "./collection-build";
import { connect, failureOf, multiSearch, passingBuildFailure, type ClientKind, type Clients } from "./client";
import { aliasTarget, checkVersion } from "./server-checks";
import { generationOf, readDataAt, type GenerationData } from "./generation";
import { planMap, readMapSlice } from "./map-plan";
import { planAccommodationOffers, readOffersPage } from "./offers-plan";
import {
  emptyFacetNumbers,
  planPageCheapest,
  planPageCounts,
  planSearch,
  readPageCheapest,
  readPageCounts,
  readResults,
  sentSearches,
} from "./translate";
import { inRequests, TypesenseQueryError, type TsResult, type TsSearchParams } from "./wire";

export interface TypesenseEngineOptions extends Partial<
  Pick<TypesenseConfig, "searchTimeoutMs" | "mapTimeoutMs" | "importTimeoutMs" | "searchKey">
> {
  db: Db;
  url: string;
  /** The admin key (TYPESENSE_API_KEY). Without it the engine only searches: it never builds, it waits for a builder's collection. */
  apiKey?: string;
  /** The alias every process reads, and the prefix of its collections (TYPESENSE_COLLECTION_PREFIX). One store per alias: give tests their own. */
  alias?: string;
  /** Documents per import request. */
  batchSize?: number;
  /** How a build's requests are tried again (build-requests.ts). */
  buildRetry?: RetryPolicy;
}

/** How often a process waiting for another's build looks again. */
const POLL_MS = 250;
/** The longest pause after failed builds before the watcher tries again. */
const MAX_BACKOFF_MS = 60_000;

interface Served {
  collection: string;
  data: GenerationData;
  since: Date;
}

/**
 * The distributed engine. One collection per generation of the store (`<alias>_v<schema>_g<n>`,
 * the alias being TYPESENSE_COLLECTION_PREFIX), built once, by the importing CLI or by the one
 * process that holds the build lease in the store's `meta` table and has the admin key, then put
 * behind the alias; the deployment's other collections are dropped after the swap, and nothing
 * outside its prefix is ever touched. Every process finds the collection through the alias (a
 * search on it names the collection) and adopts it when it holds the store's generation, with its
 * own copy of that generation's accommodations (generation.ts), read in the same transaction as
 * the generation: a search never mixes two generations. Searches name the adopted collection, so
 * the queries of one search all see the same data; if a swap dropped it meanwhile, the engine
 * follows the alias and asks once more.
 *
 * A build (collection-build.ts) streams the documents in trip-rank order and goes on after the
 * trips an earlier, failed try left; the server's version and the alias's collection are asked
 * for as server-checks.ts says.
 *
 * A search is one multi_search (grouped page, facet queries; translate.ts) and, for a non-empty
 * page, one follow-up multi_search that counts each shown accommodation's offers and companies
 * and finds its lowest prices. The map and an accommodation's offers are slices and pages sent
 * as a few requests side by side, under TYPESENSE_MAP_TIMEOUT_MS. When Typesense cannot answer,
 * the search throws a SearchUnavailableError (a 503 for the visitor) and the reason is logged,
 * once per kind of failure until a search succeeds again.
 */
export class TypesenseEngine implements SearchEngine {
  readonly name = "typesense";
  readonly alias: string;
  private readonly db: Db;
  private readonly clients: Clients;
  private readonly batchSize: number;
  private served: Served | undefined;
  /** Steps run one at a time: a request's adoption never races the watcher's build. */
  private steps: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private failedBuilds = 0;
  private retryAt = 0;
  private readonly reported = new Set<UnavailableKind>();
  /** The kinds of failure a build's request is being tried again for, logged once each until a build succeeds. */
  private readonly retrying = new Set<UnavailableKind>();
  private waitingLogged = false;
  private watcher: NodeJS.Timeout | undefined;

  constructor(options: TypesenseEngineOptions) {
    this.db = options.db;
    this.alias = options.alias ?? DEFAULT_COLLECTION_PREFIX;
    this.batchSize = options.batchSize ?? 1000;
    this.clients = connect(
      { ...TYPESENSE_TIMEOUTS, ...options, apiKey: options.apiKey || undefined, searchKey: options.searchKey || undefined },
      options.buildRetry,
      (error, delayMs) => this.retryingBuild(error, delayMs),
    );
  }

  destinationCounts(today: string): DestinationCounts {
    return countsFromDb(this.db, today);
  }

  placePrices(today: string, persons: number): PlacePrices {
    return placePricesFromDb(this.db, today, persons);
  }

  generation(): number {
    return this.served?.data.generation ?? 0;
  }

  servedSince(): Date | null {
    return this.served?.since ?? null;
  }

  /** Whether this process builds collections (it has the admin key); without, it only adopts them. */
  get builds(): boolean {
    return this.clients.build !== undefined;
  }

  /** Whether a collection is served and holds the store's generation (an empty store's too: generation 0). */
  private isCurrent(): boolean {
    return this.served !== undefined && this.served.data.generation === readGeneration(this.db);
  }

  /**
   * Checks the server, the key and the server's version, then serves the store's generation
   * (reload). Throws a SearchUnavailableError whose message tells the operator what is wrong.
   */
  async start(): Promise<void> {
    await aliasTarget(this.clients, this.alias);
    await checkVersion(this.clients, this.clients.search, "search");
    await this.reload();
  }

  /**
   * Serves the store's generation: adopts the alias's collection when it holds it, else builds it
   * (with the admin key), or waits for the process that is building it.
   */
  async reload(): Promise<void> {
    for (;;) {
      await this.step(this.builds);
      if (this.isCurrent()) return;
      if (!this.builds && !this.waitingLogged) {
        this.waitingLogged = true;
        console.error(
          `Typesense: venter på samlingen for generation ${readGeneration(this.db)} bag aliaset ${this.alias}; ` +
            "den bygges af `indexer import`/`reindex` eller af en webproces med TYPESENSE_API_KEY.",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Follows the store: after an import, adopts (or builds) the next generation; failed builds back off. */
  watch(intervalMs = 1000): void {
    this.watcher ??= setInterval(() => {
      if (this.busy > 0 || Date.now() < this.retryAt || this.isCurrent()) return;
      this.step(this.builds).then(
        () => {
          this.failedBuilds = 0;
          this.retryAt = 0;
        },
        (error: unknown) => {
          this.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.failedBuilds++);
          if (error instanceof SearchUnavailableError) this.report(error);
          else console.error("Typesense: den nye samling kunne ikke bygges", error);
        },
      );
    }, intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  /** Typesense's own /health, under the search timeout. */
  async serverProblem(): Promise<string | undefined> {
    try {
      const { ok } = await this.clients.search.health.retrieve();
      return ok ? undefined : `Typesense på ${this.clients.url} melder, at den ikke er klar`;
    } catch (error) {
      return failureOf(this.clients, error, "search").message;
    }
  }

  /** Whether some process (this one, another web process or the CLI) holds a live build lease of the alias. */
  building(): boolean {
    const holder = readLease(this.db, this.leaseKey);
    return holder !== undefined && !isStale(holder);
  }

  async search(query: SearchQuery, today?: string): Promise<SearchResult> {
    const compiled = compileSearch(query.searchData, query.sort, today);
    return this.answer(async ({ collection, data }) => {
      const result: SearchResult = {
        items: [],
        pagination: { totalCount: 0, pageSize: PAGE_SIZE, page: query.page },
        totalCount: 0,
        facetNumbers: emptyFacetNumbers(),
      };
      const plan = planSearch(compiled, data.vocabulary, {
        collection,
        page: query.page,
        accommodationCount: data.accommodations.length,
        facets: "all",
      });
      if (plan.impossible) return result;
      const outcome = readResults(plan, await this.send(sentSearches(plan)));
      result.pagination.totalCount = outcome.accommodationCount;
      result.totalCount = outcome.totalCount;
      result.facetNumbers = outcome.facetNumbers;
      if (outcome.groups.length === 0) return result;

      const ranks = outcome.groups.map((g) => g.accommodationRank);
      const [countAnswer, priceAnswer, perPersonAnswer] = await this.send([
        planPageCounts(plan, collection, ranks),
        planPageCheapest(plan, collection, ranks, "price"),
        planPageCheapest(plan, collection, ranks, "pricePerPerson"),
      ]);
      const counts = readPageCounts(countAnswer);
      const lowPrice = readPageCheapest(priceAnswer, "price");
      const lowPerPerson = readPageCheapest(perPersonAnswer, "pricePerPerson");
      result.items = outcome.groups.map((group): SearchResultItem => {
        const rank = group.accommodationRank;
        const accommodation = data.accommodations[rank];
        const count = counts.get(rank);
        const price = lowPrice.get(rank);
        const pricePerPerson = lowPerPerson.get(rank);
        if (!accommodation || !count || price === undefined || pricePerPerson === undefined)
          throw new TypesenseQueryError(`ukendt overnatningssted (rang ${rank})`, undefined);
        return {
          accommodation: structuredClone(accommodation),
          trip: group.trip,
          offerCount: count.offerCount,
          companyCount: count.companyCount,
          cheapest: { price, pricePerPerson },
        };
      });
      return result;
    });
  }

  async facetNumbers(
    searchData: SearchData,
    sortingMethod: SortingMethod,
    requiredFacetFields: FacetKey[],
    today?: string,
  ): Promise<FacetNumbers> {
    const compiled = compileSearch(searchData, sortingMethod, today);
    const all = await this.answer(async ({ collection, data }) => {
      const plan = planSearch(compiled, data.vocabulary, { collection, facets: requiredFacetFields });
      if (plan.impossible) return emptyFacetNumbers();
      return readResults(plan, await this.send(sentSearches(plan))).facetNumbers;
    });
    const picked: FacetNumbers = { totalCount: all.totalCount };
    for (const key of requiredFacetFields) picked[key] = all[key] ?? { value: {} };
    return picked;
  }

  /** Every matching accommodation with its best trip: one grouped search per slice of 250 accommodations, a few requests side by side. */
  async mapPoints(query: SearchQuery, priceMode: PriceMode, today?: string): Promise<MapData> {
    const compiled = compileSearch(query.searchData, query.sort, today);
    return this.answer(async ({ collection, data }) => {
      const map: MapData = { priceMode, totalCount: 0, accommodationCount: 0, points: [], resorts: [], companies: [] };
      const plan = planMap(compiled, data.vocabulary, collection, data.accommodations.length);
      if (plan.empty) return map;
      const groups = [];
      for (const answer of await this.sendSideBySide(plan.slices)) {
        const slice = readMapSlice(answer);
        map.totalCount += slice.totalCount;
        map.accommodationCount += slice.accommodationCount;
        groups.push(...slice.groups);
      }
      // In accommodation order, as the embedded engine lists them.
      groups.sort((a, b) => a.accommodationRank - b.accommodationRank);
      const resortSlot = new Map<string, number>();
      const companySlot = new Map<string, number>();
      for (const { accommodationRank, pin } of groups) {
        const a = data.accommodations[accommodationRank];
        if (!a) throw new TypesenseQueryError(`ukendt overnatningssted (rang ${accommodationRank})`, undefined);
        const [price, pricePerPerson, departureDate, nights, company, tripId] = pin;
        let r = resortSlot.get(a.destination.slug);
        if (r === undefined) resortSlot.set(a.destination.slug, (r = map.resorts.push({ ...a.destination, country: a.country.name }) - 1));
        let c = companySlot.get(company);
        if (c === undefined) companySlot.set(company, (c = map.companies.push(data.companyNames.get(company) ?? company) - 1));
        map.points.push([
          a.id,
          a.lat,
          a.lng,
          priceMode === "total" ? price : pricePerPerson,
          a.name,
          r,
          a.rating,
          c,
          departureDate,
          nights,
          tripId,
        ]);
      }
      return map;
    }, "map");
  }

  /**
   * The accommodation's matching trips: every page its trips for sale can fill (the generation's
   * count), asked at once, a few requests side by side; null when it has none for sale.
   */
  async accommodationOffers(accommodationId: string, searchData: SearchData, today?: string): Promise<AccommodationOffers | null> {
    const compiled = compileSearch(searchData, DEFAULT_SORTING_METHOD, today);
    return this.answer(async ({ collection, data }) => {
      const rank = rankOf(data, accommodationId);
      if (rank === undefined || !data.tripCounts[rank]) return null;
      const plan = planAccommodationOffers(compiled, data.vocabulary, collection, rank, data.tripCounts[rank]);
      const offers: AccommodationOffers = { accommodation: structuredClone(data.accommodations[rank]), trips: [] };
      if (plan.empty) return offers;
      for (const answer of await this.sendSideBySide(plan.pages)) offers.trips.push(...readOffersPage(answer).trips);
      return offers;
    }, "map");
  }

  /** The filter sidebar's options, of the generation searches read (no request: not a sign that Typesense answers). */
  async options(): Promise<SearchOptions> {
    return this.current().data.options;
  }

  private send(searches: TsSearchParams[]) {
    return multiSearch(this.clients.search, searches);
  }

  /** Searches in a few multi_searches sent at once (map client); the answers in the searches' order. */
  private async sendSideBySide(searches: TsSearchParams[]): Promise<TsResult[]> {
    const answers = await Promise.all(inRequests(searches).map((part) => multiSearch(this.clients.map, part)));
    return answers.flat();
  }

  /** Runs a search on the served generation; a Typesense failure becomes a SearchUnavailableError, reported once per kind. */
  private async answer<T>(run: (served: Served) => Promise<T>, client: ClientKind = "search"): Promise<T> {
    const served = this.current();
    try {
      return this.succeeded(await run(served));
    } catch (error) {
      const failure = failureOf(this.clients, error, client);
      if (failure.kind === "missing") {
        // Dropped after another process swapped the alias: follow the alias and ask once more.
        await this.step(false).catch(() => undefined);
        const next = this.served;
        if (next && next !== served) {
          try {
            return this.succeeded(await run(next));
          } catch (again) {
            throw this.report(failureOf(this.clients, again, client));
          }
        }
        // Still the vanished collection (deleted by hand?): the watcher builds the generation anew.
        if (this.served === served) this.served = undefined;
      }
      throw this.report(failure);
    }
  }

  private get leaseKey(): string {
    return `typesense_build:${this.alias}`;
  }

  private current(): Served {
    if (this.served) return this.served;
    throw this.report(new SearchUnavailableError("missing", `Typesense-motoren har ingen samling bag aliaset ${this.alias} endnu`));
  }

  private succeeded<T>(result: T): T {
    this.reported.clear();
    return result;
  }

  private report(error: SearchUnavailableError): SearchUnavailableError {
    if (!this.reported.has(error.kind)) {
      this.reported.add(error.kind);
      console.error(`Søgningen er utilgængelig: ${error.message}`);
    }
    return error;
  }

  /** A build's request failed in a way that passes and is tried again: said once per kind until a build succeeds. */
  private retryingBuild(error: unknown, delayMs: number): void {
    const failure = passingBuildFailure(this.clients, error);
    if (!failure || this.retrying.has(failure.kind)) return;
    this.retrying.add(failure.kind);
    console.error(
      `Typesense: opbygningen af ${this.alias} venter: ${failure.message}; prøver igen om ${delayMs / 1000} s og bliver ved i op til ${Math.round(this.clients.build!.retry.forMs / 60_000)} min.`,
    );
  }

  /** One attempt to serve the store's generation: adopt it, else (allowed and the lease free) build it. */
  private step(allowBuild: boolean): Promise<void> {
    this.busy++;
    const run = this.steps.then(() => this.stepNow(allowBuild)).finally(() => this.busy--);
    this.steps = run.catch(() => undefined);
    return run;
  }

  private async stepNow(allowBuild: boolean): Promise<void> {
    if (this.isCurrent()) return;
    if (await this.adopt()) return;
    const build = this.clients.build;
    if (!allowBuild || !build) return;
    const lease = acquireLease(this.db, this.leaseKey);
    if (!lease) return; // another process builds it: adopted on a later step
    if (lease.tookOver)
      console.error(
        `Typesense: opbygningen af ${this.alias} var efterladt af proces ${lease.tookOver.pid} på ${lease.tookOver.host}, som ikke har givet livstegn i ${Math.round((Date.now() - lease.tookOver.beatAt) / 1000)} s; den er overtaget.`,
      );
    try {
      if (await this.adopt()) return;
      const built = await buildCollection(
        { db: this.db, clients: this.clients, alias: this.alias, batchSize: this.batchSize },
        lease,
        build,
      );
      this.retrying.clear();
      this.served = { ...built, since: new Date() };
      await dropCollections(this.alias, build, (other) => other !== built.collection).catch((error: unknown) =>
        console.error(`Typesense: kunne ikke slette de gamle samlinger bag ${this.alias}`, error),
      );
    } finally {
      lease.release();
    }
  }

  /** Serves the alias's collection if it holds the store's generation (read with that generation's data). */
  private async adopt(): Promise<boolean> {
    const target = await aliasTarget(this.clients, this.alias);
    const generation = target === undefined ? undefined : generationOf(this.alias, target);
    if (target === undefined || generation !== readGeneration(this.db)) return false;
    if (this.served?.collection === target) return true;
    const data = readDataAt(this.db, generation);
    if (!data) return false;
    if (this.served?.data.generation !== data.generation) this.served = { collection: target, data, since: new Date() };
    else this.served = { ...this.served, collection: target, data };
    return true;
  }
}

/** Accommodation ranks by id, per generation's data (built on first use: the data is immutable). */
const ranks = new WeakMap<GenerationData, Map<string, number>>();

function rankOf(data: GenerationData, id: string): number | undefined {
  let byId = ranks.get(data);
  if (!byId) ranks.set(data, (byId = new Map(data.accommodations.map((a, rank) => [a.id, rank]))));
  return byId.get(id);
}
