import type Database from "better-sqlite3";
import { Client } from "typesense";
import type { Db } from "../../../db/client";
import { readGeneration } from "../../../db/generation";
import { PAGE_SIZE, type SortingMethod } from "~/domain/constants";
import type { SearchData, SearchQuery } from "~/domain/search-data";
import { compileSearch } from "../compile";
import type { FacetKey, FacetNumbers, SearchOptions, SearchResult, SearchResultItem } from "~/domain/search-result";
import type { SearchEngine } from "../types";
import { collectionSchema, DEFAULT_ALIAS, openSnapshot, toJsonLine } from "./schema";
import { countsFromDb, type DestinationCounts } from "../destination-counts";
import {
  emptyFacetNumbers,
  planPageCounts,
  planSearch,
  readPageCounts,
  readResults,
  TypesenseQueryError,
  type TsResult,
  type TsSearchParams,
} from "./translate";
import { hydrateAccommodations } from "../store-accommodations";

export interface TypesenseEngineOptions {
  db: Db;
  /** Defaults to TYPESENSE_URL. */
  url?: string;
  /** Defaults to TYPESENSE_API_KEY. */
  apiKey?: string;
  /** The alias swapped after each complete import, and the prefix of its collections
   * (`<alias>_g<generation>_<timestamp>`). One store per alias: give tests their own. */
  alias?: string;
  /** Documents per import request. */
  batchSize?: number;
  /** A ready client (tests); otherwise one is made from url and apiKey. */
  client?: Client;
}

/** What we call on multiSearch; the client's own typings are generic over documents. */
interface MultiSearcher {
  perform(requests: { searches: TsSearchParams[] }, common: Record<string, never>): Promise<{ results: TsResult[] }>;
}

/**
 * The distributed engine. reload() writes the store's available trips into a new collection
 * `<alias>_g<generation>_<timestamp>`, and only when every document is in does it point the
 * alias at it and drop older collections. Searches go to the collection this engine built, so
 * `generation()` always tells which data they saw; if another process dropped it, the engine
 * rebuilds and retries once.
 *
 * A search is one multi_search (grouped page, facet queries; translate.ts) and, for a non-empty
 * page, one follow-up query that counts each shown accommodation's offers and companies.
 * Trips come back from the index as they were indexed; accommodations are read from the store.
 */
export class TypesenseEngine implements SearchEngine {
  readonly name = "typesense";
  readonly alias: string;
  private readonly db: Db;
  private readonly client: Client;
  private readonly batchSize: number;
  private collection: string | undefined;
  private gen = 0;
  private accommodationCount: number | undefined;
  /** Collections this instance made that may still exist. */
  private readonly built = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private lastStamp = 0;
  /** Rebuilds under way (0 or 1: reload() runs them one after another). */
  private inFlight = 0;
  private watcher: NodeJS.Timeout | undefined;

  constructor(options: TypesenseEngineOptions) {
    this.db = options.db;
    this.alias = options.alias ?? DEFAULT_ALIAS;
    this.batchSize = options.batchSize ?? 1000;
    if (options.client) this.client = options.client;
    else {
      if (!options.url) throw new Error("Typesense-motoren kræver TYPESENSE_URL");
      this.client = new Client({
        nodes: [{ url: options.url }],
        apiKey: options.apiKey ?? "",
        connectionTimeoutSeconds: 10,
        numRetries: 3,
        cacheSearchResultsForSeconds: 0,
        logLevel: "warn",
      });
    }
  }

  destinationCounts(today: string): DestinationCounts {
    return countsFromDb(this.db, today);
  }

  generation(): number {
    return this.gen;
  }

  /** The collection searches read, once built. */
  currentCollection(): string | undefined {
    return this.collection;
  }

  async search(query: SearchQuery, today?: string): Promise<SearchResult> {
    const compiled = compileSearch(query.searchData, query.sort, today);
    return this.recovering(async (collection) => {
      const result: SearchResult = {
        items: [],
        pagination: { totalCount: 0, pageSize: PAGE_SIZE, page: query.page },
        totalCount: 0,
        facetNumbers: emptyFacetNumbers(),
      };
      const plan = planSearch(compiled, { collection, page: query.page, accommodationCount: this.accommodationCount, facets: "all" });
      if (plan.impossible) return result;
      const outcome = readResults(plan, await this.multiSearch(plan.searches.map((s) => s.params)));
      result.pagination.totalCount = outcome.accommodationCount;
      result.totalCount = outcome.totalCount;
      result.facetNumbers = outcome.facetNumbers;
      if (outcome.groups.length === 0) return result;

      const ranks = outcome.groups.map((g) => g.accommodationRank);
      const [countAnswer] = await this.multiSearch([planPageCounts(plan, collection, ranks)]);
      const counts = readPageCounts(countAnswer);
      const accommodations = hydrateAccommodations(
        this.db.$client,
        outcome.groups.map((g) => g.accommodationId),
      );
      result.items = outcome.groups.map((group): SearchResultItem => {
        const accommodation = accommodations.get(group.accommodationId);
        const count = counts.get(group.accommodationRank);
        if (!accommodation) throw new Error(`Overnatningsstedet ${group.accommodationId} findes ikke i databasen`);
        if (!count) throw new Error(`Typesense talte ingen tilbud for ${group.accommodationId}`);
        return { accommodation, trip: group.trip, offerCount: count.offerCount, companyCount: count.companyCount };
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
    const all = await this.recovering(async (collection) => {
      const plan = planSearch(compiled, { collection, facets: requiredFacetFields });
      if (plan.impossible) return emptyFacetNumbers();
      return readResults(plan, await this.multiSearch(plan.searches.map((s) => s.params))).facetNumbers;
    });
    const picked: FacetNumbers = { totalCount: all.totalCount };
    for (const key of requiredFacetFields) picked[key] = all[key] ?? { value: {} };
    return picked;
  }

  async options(): Promise<SearchOptions> {
    return searchOptions(this.db.$client);
  }

  /**
   * Builds a collection from the store and swaps the alias to it. Calls while one runs are
   * coalesced into one more run after it, which sees the newest data.
   */
  reload(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.rebuild();
      });
    this.queued = run;
    this.chain = run;
    return run;
  }

  /** Polls the store's generation and reloads after each import (as the embedded engine does). */
  watch(intervalMs = 1000): void {
    this.watcher ??= setInterval(() => {
      if (this.inFlight > 0 || this.queued || readGeneration(this.db) === this.gen) return;
      this.reload().catch((error: unknown) => console.error("Typesense: genindeksering mislykkedes", error));
    }, intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  /** Stops watching and drops every collection this instance built, and the alias if it points to one (tests). */
  async destroy(): Promise<void> {
    this.stop();
    await this.chain.catch(() => undefined);
    const target = await this.aliasTarget();
    if (target && this.built.has(target))
      await this.client
        .aliases(this.alias)
        .delete()
        .catch(() => undefined);
    for (const name of [...this.built]) await this.drop(name);
    this.collection = undefined;
  }

  private async rebuild(): Promise<void> {
    const snapshot = openSnapshot(this.db);
    const stamp = (this.lastStamp = Math.max(Date.now(), this.lastStamp + 1));
    const name = `${this.alias}_g${snapshot.generation}_${stamp}`;
    let count = 0;
    let created = false;
    this.inFlight++;
    try {
      await this.client.collections().create(collectionSchema(name));
      created = true;
      this.built.add(name);
      let batch: string[] = [];
      for (const doc of snapshot.documents) {
        batch.push(toJsonLine(doc));
        if (batch.length >= this.batchSize) {
          await this.importBatch(name, batch);
          count += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) {
        await this.importBatch(name, batch);
        count += batch.length;
      }
      const stored = (await this.client.collections(name).retrieve()).num_documents;
      if (stored !== count) throw new Error(`Typesense har ${stored} af ${count} ture i ${name}`);
    } catch (error) {
      this.inFlight--;
      if (created) await this.drop(name);
      throw error;
    } finally {
      snapshot.close();
    }
    try {
      await this.client.aliases().upsert(this.alias, { collection_name: name });
      this.collection = name;
      this.gen = snapshot.generation;
      this.accommodationCount = snapshot.accommodationCount;
    } finally {
      this.inFlight--;
    }
    await this.dropOlder(name, snapshot.generation).catch((error: unknown) =>
      console.error("Typesense: kunne ikke slette gamle samlinger", error),
    );
  }

  private async importBatch(collection: string, lines: string[]): Promise<void> {
    const answer: unknown = await this.client.collections(collection).documents().import(lines.join("\n"), { action: "create" });
    const results = parseImportResults(answer);
    const failed = results.filter((r) => r.success !== true);
    if (results.length !== lines.length || failed.length > 0) {
      const reason = failed[0]?.error ?? `${results.length} svar på ${lines.length} dokumenter`;
      throw new Error(`Typesense afviste ${failed.length} af ${lines.length} ture i ${collection}: ${reason}`);
    }
  }

  /** Drops this alias's collections of older generations, and this instance's earlier ones, never the alias target. */
  private async dropOlder(current: string, generation: number): Promise<void> {
    const target = await this.aliasTarget();
    const family = new RegExp(`^${this.alias.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}_g(\\d+)_(\\d+)$`);
    for (const c of await this.client.collections().retrieve()) {
      if (c.name === current || c.name === target) continue;
      const m = family.exec(c.name);
      if (m && (Number(m[1]) < generation || this.built.has(c.name))) await this.drop(c.name);
    }
  }

  private async aliasTarget(): Promise<string | undefined> {
    try {
      return (await this.client.aliases(this.alias).retrieve()).collection_name;
    } catch {
      return undefined;
    }
  }

  private async drop(name: string): Promise<void> {
    try {
      await this.client.collections(name).delete();
    } catch {
      // already gone
    }
    this.built.delete(name);
  }

  private async ready(): Promise<string> {
    if (!this.collection) await this.chain.catch(() => undefined); // a reload under way may bring it
    if (!this.collection) await this.reload();
    if (!this.collection) throw new Error("Typesense-samlingen er ikke bygget");
    return this.collection;
  }

  /** Runs a search on the current collection; if it has been dropped meanwhile, rebuilds and retries once. */
  private async recovering<T>(run: (collection: string) => Promise<T>): Promise<T> {
    const collection = await this.ready();
    try {
      return await run(collection);
    } catch (error) {
      if (!isMissingCollection(error)) throw error;
      if (this.collection === collection) await this.reload();
      return run(await this.ready());
    }
  }

  private async multiSearch(searches: TsSearchParams[]): Promise<TsResult[]> {
    const searcher = this.client.multiSearch as unknown as MultiSearcher;
    const { results } = await searcher.perform({ searches }, {});
    return results;
  }
}

function isMissingCollection(error: unknown): boolean {
  const e = error as { code?: number; httpStatus?: number; message?: string };
  const status = error instanceof TypesenseQueryError ? e.code : e?.httpStatus;
  return status === 404 && !/field/i.test(String(e.message));
}

/** The per-document results of an import, however the client hands them back (JSON lines, or parsed). */
export function parseImportResults(answer: unknown): Array<{ success?: boolean; error?: string }> {
  if (typeof answer === "string") {
    return answer
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { success?: boolean; error?: string });
  }
  if (Array.isArray(answer)) return answer as Array<{ success?: boolean; error?: string }>;
  return answer && typeof answer === "object" ? [answer as { success?: boolean; error?: string }] : [];
}

/** The filter sidebar's options: every meal plan, feature and travel company in the store, as the other engines give them. */
export function searchOptions(sqlite: Database.Database): SearchOptions {
  return {
    mealPlanTypes: sqlite.prepare("SELECT slug, title, short FROM meal_plans ORDER BY slug").all() as SearchOptions["mealPlanTypes"],
    accommodationFeatures: sqlite
      .prepare("SELECT value, name FROM features ORDER BY value")
      .all() as SearchOptions["accommodationFeatures"],
    travelCompanies: sqlite.prepare("SELECT slug, name FROM travel_companies ORDER BY slug").all() as SearchOptions["travelCompanies"],
  };
}
