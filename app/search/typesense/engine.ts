import type { Client } from "typesense";
import type { Db } from "../../../db/client";
import { readGeneration } from "../../../db/generation";
import { acquireLease, isStale, readLease, type Lease } from "../../../db/lease";
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
import { TYPESENSE_TIMEOUTS, type TypesenseConfig } from "~/utils/config.server";
import { SearchUnavailableError, type UnavailableKind } from "~/utils/search-unavailable.server";
import { compileSearch } from "../compile";
import { countsFromDb, type DestinationCounts } from "../destination-counts";
import { placePricesFromDb, type PlacePrices } from "../place-prices";
import type { SearchEngine } from "../types";
import { connect, importLines, multiSearch, statusOf, unavailable, type Clients } from "./client";
import { collectionName, generationOf, isOfAlias, readDataAt, type GenerationData } from "./generation";
import { collectionSchema, DEFAULT_ALIAS, openSnapshot, toJsonLine } from "./schema";
import {
  emptyFacetNumbers,
  MAP_PAGE_SIZE,
  MAX_SEARCHES_PER_REQUEST,
  planAccommodationOffers,
  planMap,
  planPageCheapest,
  planPageCounts,
  planSearch,
  readMapCounts,
  readExists,
  readMapPage,
  readOffersPage,
  readPageCheapest,
  readPageCounts,
  readResults,
  sentSearches,
  TypesenseQueryError,
} from "./translate";

export interface TypesenseEngineOptions extends Partial<Pick<TypesenseConfig, "searchTimeoutMs" | "importTimeoutMs">> {
  db: Db;
  url: string;
  apiKey: string;
  /** The alias every process reads, and the prefix of its collections. One store per alias: give tests their own. */
  alias?: string;
  /** Documents per import request. */
  batchSize?: number;
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

type ClientKind = "search" | "build";

/**
 * The distributed engine. One collection per generation of the store (`<alias>_v<schema>_g<n>`),
 * built once, by the importing CLI or by the one process that holds the build lease in the
 * store's `meta` table, then put behind the alias; older collections are dropped after the swap.
 * Every process finds the collection through the alias and adopts it when it holds the store's
 * generation, with its own copy of that generation's accommodations (generation.ts), read in the
 * same transaction as the generation: a search never mixes two generations. Searches name the
 * adopted collection, so the queries of one search all see the same data; if a swap dropped it
 * meanwhile, the engine follows the alias and asks once more.
 *
 * A search is one multi_search (grouped page, facet queries; translate.ts) and, for a non-empty
 * page, one follow-up multi_search that counts each shown accommodation's offers and companies
 * and finds its lowest prices. When
 * Typesense cannot answer, the search throws a SearchUnavailableError (a 503 for the visitor)
 * and the reason is logged, once per kind of failure until a search succeeds again.
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
  private watcher: NodeJS.Timeout | undefined;

  constructor(options: TypesenseEngineOptions) {
    this.db = options.db;
    this.alias = options.alias ?? DEFAULT_ALIAS;
    this.batchSize = options.batchSize ?? 1000;
    this.clients = connect({ ...TYPESENSE_TIMEOUTS, ...options });
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

  /** Whether a collection is served and holds the store's generation (an empty store's too: generation 0). */
  private isCurrent(): boolean {
    return this.served !== undefined && this.served.data.generation === readGeneration(this.db);
  }

  /**
   * Checks the server and the key, then serves the store's generation (reload). Throws a
   * SearchUnavailableError whose message tells the operator what is wrong.
   */
  async start(): Promise<void> {
    await this.aliasTarget("search");
    await this.reload();
  }

  /**
   * Serves the store's generation: adopts the alias's collection when it holds it, else builds it,
   * or waits for the process that is building it.
   */
  async reload(): Promise<void> {
    for (;;) {
      await this.step(true);
      if (this.isCurrent()) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Follows the store: after an import, adopts (or builds) the next generation; failed builds back off. */
  watch(intervalMs = 1000): void {
    this.watcher ??= setInterval(() => {
      if (this.busy > 0 || Date.now() < this.retryAt || this.isCurrent()) return;
      this.step(true).then(
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
      return this.failure(error, "search").message;
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

  /** Every matching accommodation with its best trip (the list's, under its sort), read in pages of 250 groups. */
  async mapPoints(query: SearchQuery, priceMode: PriceMode, today?: string): Promise<MapData> {
    const compiled = compileSearch(query.searchData, query.sort, today);
    return this.answer(async ({ collection, data }) => {
      const map: MapData = { priceMode, totalCount: 0, accommodationCount: 0, points: [], resorts: [], companies: [] };
      const plan = planMap(compiled, data.vocabulary, collection);
      if (plan.empty) return map;
      const [count, first] = await this.send([plan.count, plan.page(1)]);
      Object.assign(map, readMapCounts(count, first));
      const groups = readMapPage(first);
      const pages = Math.ceil(map.accommodationCount / MAP_PAGE_SIZE);
      for (let from = 2; from <= pages; from += MAX_SEARCHES_PER_REQUEST) {
        const batch = [];
        for (let n = from; n <= Math.min(pages, from + MAX_SEARCHES_PER_REQUEST - 1); n++) batch.push(plan.page(n));
        for (const answer of await this.send(batch)) groups.push(...readMapPage(answer));
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
    });
  }

  /** The accommodation's matching trips, read in pages of 250 (an accommodation has a few hundred at most). */
  async accommodationOffers(accommodationId: string, searchData: SearchData, today?: string): Promise<AccommodationOffers | null> {
    const compiled = compileSearch(searchData, DEFAULT_SORTING_METHOD, today);
    return this.answer(async ({ collection, data }) => {
      const rank = rankOf(data, accommodationId);
      if (rank === undefined) return null;
      const plan = planAccommodationOffers(compiled, data.vocabulary, collection, rank);
      const [exists, first] = await this.send(plan.empty ? [plan.exists] : [plan.exists, plan.page(1)]);
      if (!readExists(exists)) return null;
      const offers: AccommodationOffers = { accommodation: structuredClone(data.accommodations[rank]), trips: [] };
      if (!first) return offers;
      const { found, trips } = readOffersPage(first);
      offers.trips.push(...trips);
      const pages = Math.ceil(found / MAP_PAGE_SIZE);
      for (let from = 2; from <= pages; from += MAX_SEARCHES_PER_REQUEST) {
        const batch = [];
        for (let n = from; n <= Math.min(pages, from + MAX_SEARCHES_PER_REQUEST - 1); n++) batch.push(plan.page(n));
        for (const answer of await this.send(batch)) offers.trips.push(...readOffersPage(answer).trips);
      }
      return offers;
    });
  }

  /** The filter sidebar's options, of the generation searches read (no request: not a sign that Typesense answers). */
  async options(): Promise<SearchOptions> {
    return this.current().data.options;
  }

  private send(searches: Parameters<typeof multiSearch>[1]) {
    return multiSearch(this.clients.search, searches);
  }

  /** Runs a search on the served generation; a Typesense failure becomes a SearchUnavailableError, reported once per kind. */
  private async answer<T>(run: (served: Served) => Promise<T>): Promise<T> {
    const served = this.current();
    try {
      return this.succeeded(await run(served));
    } catch (error) {
      const failure = this.failure(error, "search");
      if (failure.kind === "missing") {
        // Dropped after another process swapped the alias: follow the alias and ask once more.
        await this.step(false).catch(() => undefined);
        const next = this.served;
        if (next && next !== served) {
          try {
            return this.succeeded(await run(next));
          } catch (again) {
            throw this.report(this.failure(again, "search"));
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

  /** A Typesense failure as SearchUnavailableError; anything else (a fault of ours) is thrown as it is. */
  private failure(error: unknown, client: ClientKind): SearchUnavailableError {
    const [timeoutMs, variable] =
      client === "search"
        ? [this.clients.searchTimeoutMs, "TYPESENSE_SEARCH_TIMEOUT_MS"]
        : [this.clients.importTimeoutMs, "TYPESENSE_IMPORT_TIMEOUT_MS"];
    const failure = unavailable(error, this.clients.url, timeoutMs, variable);
    if (!failure) throw error;
    return failure;
  }

  private report(error: SearchUnavailableError): SearchUnavailableError {
    if (!this.reported.has(error.kind)) {
      this.reported.add(error.kind);
      console.error(`Søgningen er utilgængelig: ${error.message}`);
    }
    return error;
  }

  /** Runs a request on one of the clients; its failure becomes a SearchUnavailableError naming that client's timeout. */
  private async ask<T>(client: ClientKind, run: (client: Client) => Promise<T>): Promise<T> {
    try {
      return await run(this.clients[client]);
    } catch (error) {
      throw this.failure(error, client);
    }
  }

  private aliasTarget(client: ClientKind): Promise<string | undefined> {
    return this.ask(client, async (c) => {
      try {
        return (await c.aliases(this.alias).retrieve()).collection_name;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    });
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
    if (await this.adopt(allowBuild ? "build" : "search")) return;
    if (!allowBuild) return;
    const lease = acquireLease(this.db, this.leaseKey);
    if (!lease) return; // another process builds it: adopted on a later step
    if (lease.tookOver)
      console.error(
        `Typesense: opbygningen af ${this.alias} var efterladt af proces ${lease.tookOver.pid} på ${lease.tookOver.host}, som ikke har givet livstegn i ${Math.round((Date.now() - lease.tookOver.beatAt) / 1000)} s; den er overtaget.`,
      );
    try {
      if (!(await this.adopt("build"))) await this.build(lease);
    } finally {
      lease.release();
    }
  }

  /** Serves the alias's collection if it holds the store's generation (read with that generation's data). */
  private async adopt(client: ClientKind): Promise<boolean> {
    const target = await this.aliasTarget(client);
    const generation = target === undefined ? undefined : generationOf(this.alias, target);
    if (target === undefined || generation !== readGeneration(this.db)) return false;
    if (this.served?.collection === target) return true;
    const exists = await this.ask(client, (c) =>
      c
        .collections(target)
        .retrieve()
        .then(
          () => true,
          (error: unknown) => {
            if (statusOf(error) === 404) return false;
            throw error;
          },
        ),
    );
    if (!exists) return false;
    const data = readDataAt(this.db, generation);
    if (!data) return false;
    if (this.served?.data.generation !== data.generation) this.served = { collection: target, data, since: new Date() };
    else this.served = { ...this.served, collection: target, data };
    return true;
  }

  /** Builds the collection of the store's generation from one snapshot, swaps the alias to it, drops the others. */
  private async build(lease: Lease): Promise<void> {
    const snapshot = openSnapshot(this.db);
    const { data } = snapshot;
    const name = collectionName(this.alias, data.generation);
    let created = false;
    try {
      await this.ask("build", async (c) => {
        // A build that died halfway left it (the alias never points to an unfinished one).
        await c
          .collections(name)
          .delete()
          .catch((error: unknown) => {
            if (statusOf(error) !== 404) throw error;
          });
        await c.collections().create(collectionSchema(name));
        created = true;
        let batch: string[] = [];
        let count = 0;
        const flush = async () => {
          await importLines(c, name, batch);
          count += batch.length;
          batch = [];
          if (!lease.holds()) throw new Error(`Typesense: en anden proces overtog opbygningen af ${name}`);
        };
        for (const doc of snapshot.documents) {
          batch.push(toJsonLine(doc));
          if (batch.length >= this.batchSize) await flush();
        }
        if (batch.length > 0) await flush();
        const stored = (await c.collections(name).retrieve()).num_documents;
        if (stored !== count) throw new TypesenseQueryError(`Typesense har ${stored} af ${count} ture i ${name}`, undefined);
        await c.aliases().upsert(this.alias, { collection_name: name });
      });
    } catch (error) {
      // Unless the lease was taken over: then the collection of that name is the new holder's.
      if (created && lease.holds())
        await this.clients.build
          .collections(name)
          .delete()
          .catch(() => undefined);
      throw error;
    } finally {
      snapshot.close();
    }
    this.served = { collection: name, data, since: new Date() };
    await this.ask("build", async (c) => {
      for (const { name: other } of await c.collections().retrieve())
        if (other !== name && isOfAlias(this.alias, other)) await c.collections(other).delete();
    }).catch((error: unknown) => console.error(`Typesense: kunne ikke slette de gamle samlinger bag ${this.alias}`, error));
  }
}

/** Accommodation ranks by id, per generation's data (built on first use: the data is immutable). */
const ranks = new WeakMap<GenerationData, Map<string, number>>();

function rankOf(data: GenerationData, id: string): number | undefined {
  let byId = ranks.get(data);
  if (!byId) ranks.set(data, (byId = new Map(data.accommodations.map((a, rank) => [a.id, rank]))));
  return byId.get(id);
}
