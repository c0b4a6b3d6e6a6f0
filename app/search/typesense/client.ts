import { Client } from "typesense";
import type { TypesenseConfig } from "~/utils/config.server";
import { SearchUnavailableError } from "../unavailable.server";
import { BuildRequests, httpStatusOf, NETWORK_ERROR_CODES, type RetryPolicy } from "./build-requests";
import { TypesenseQueryError, type TsResult, type TsSearchParams } from "./wire";

// The clients of one server. Searches answer a web request, so they get a short timeout and one
// retry (TYPESENSE_SEARCH_TIMEOUT_MS, twice at most: a hung server costs a visitor about 2 × that,
// not minutes); the map's points and an accommodation's offers have their own
// (TYPESENSE_MAP_TIMEOUT_MS). Both use the search key when there is one (TYPESENSE_SEARCH_KEY),
// else the admin key. A build's requests (build-requests.ts) need the admin key
// (TYPESENSE_API_KEY): a process without it only searches.

const SEARCH_RETRIES = 1;

export interface Clients {
  url: string;
  search: Client;
  map: Client;
  /** The variable that holds the key searches use, for messages. */
  searchKeyVariable: "TYPESENSE_SEARCH_KEY" | "TYPESENSE_API_KEY";
  /** Undefined without the admin key: this process never builds. */
  build: BuildRequests | undefined;
  searchTimeoutMs: number;
  mapTimeoutMs: number;
  importTimeoutMs: number;
}

export function connect(
  config: Omit<TypesenseConfig, "prefix">,
  retry?: RetryPolicy,
  onRetry?: (error: unknown, delayMs: number) => void,
): Clients {
  const searchKey = config.searchKey ?? config.apiKey ?? "";
  const client = (timeoutMs: number) =>
    new Client({
      nodes: [{ url: config.url }],
      apiKey: searchKey,
      connectionTimeoutSeconds: timeoutMs / 1000,
      numRetries: SEARCH_RETRIES,
      retryIntervalSeconds: 0.1,
      cacheSearchResultsForSeconds: 0,
      // Failures are logged once per kind by the engine, not once per try by the client.
      logLevel: "silent",
    });
  return {
    url: config.url,
    search: client(config.searchTimeoutMs),
    map: client(config.mapTimeoutMs),
    searchKeyVariable: config.searchKey ? "TYPESENSE_SEARCH_KEY" : "TYPESENSE_API_KEY",
    build: config.apiKey ? new BuildRequests(config.url, config.apiKey, config.importTimeoutMs, retry, onRetry) : undefined,
    searchTimeoutMs: config.searchTimeoutMs,
    mapTimeoutMs: config.mapTimeoutMs,
    importTimeoutMs: config.importTimeoutMs,
  };
}

/** What we call on multiSearch; the client's own typings are generic over documents. */
interface MultiSearcher {
  perform(requests: { searches: TsSearchParams[] }, common: Record<string, never>): Promise<{ results: TsResult[] }>;
}

export async function multiSearch(client: Client, searches: TsSearchParams[]): Promise<TsResult[]> {
  const { results } = await (client.multiSearch as unknown as MultiSearcher).perform({ searches }, {});
  return results;
}

/** Imports JSON lines with `action=upsert` as one request of the build. Throws unless every line was taken. */
export async function importLines(build: BuildRequests, collection: string, lines: string[]): Promise<void> {
  const answer = await build.request<unknown>("post", `/collections/${encodeURIComponent(collection)}/documents/import`, {
    query: { action: "upsert" },
    body: lines.join("\n"),
  });
  const results = parseImportResults(answer);
  const failed = results.filter((r) => r.success !== true);
  if (results.length !== lines.length || failed.length > 0) {
    const reason = failed[0]?.error ?? `${results.length} svar på ${lines.length} dokumenter`;
    throw new TypesenseQueryError(`Typesense afviste ${failed.length} af ${lines.length} ture i ${collection}: ${reason}`, undefined);
  }
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

/** The HTTP status of a failed request or search, if it got an answer. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof TypesenseQueryError) return error.code;
  return httpStatusOf(error);
}

/**
 * A failed request to Typesense as the reason the search is unavailable, in the operators' Danish,
 * naming what to check; undefined for any other error (a fault of ours stays a fault: a 500).
 */
export function unavailable(
  error: unknown,
  url: string,
  timeoutMs: number,
  timeoutVariable: string,
  keyVariable = "TYPESENSE_API_KEY",
): SearchUnavailableError | undefined {
  if (error instanceof SearchUnavailableError) return error;
  const status = statusOf(error);
  const code = String((error as { code?: unknown })?.code ?? "");
  const fromServer =
    error instanceof TypesenseQueryError || status !== undefined || (error as { isAxiosError?: unknown })?.isAxiosError === true;
  if (!fromServer && !NETWORK_ERROR_CODES.has(code)) return undefined;
  const said = String((error as Error)?.message ?? error).replace(/^Request failed with HTTP code \d+ \| Server said: /, "");
  const options = { cause: error };
  if (status === 401 || status === 403)
    return new SearchUnavailableError("auth", `Typesense på ${url} afviser API-nøglen (${keyVariable}): ${said}`, options);
  if (status === undefined && (code === "ECONNABORTED" || code === "ETIMEDOUT" || /timeout/i.test(said)))
    return new SearchUnavailableError(
      "timeout",
      `Typesense på ${url} svarede ikke inden for ${timeoutMs / 1000} s (${timeoutVariable}): tjek at Typesense kører og kan nås`,
      options,
    );
  if (status === undefined && NETWORK_ERROR_CODES.has(code))
    return new SearchUnavailableError(
      "unreachable",
      `Typesense på ${url} kan ikke nås (${code}): tjek TYPESENSE_URL, og at Typesense kører`,
      options,
    );
  if (status !== undefined && status >= 500)
    return new SearchUnavailableError("server", `Typesense på ${url} fejlede (HTTP ${status}): ${said}`, options);
  // A collection gone (dropped after a swap); a field missing is a query of ours the schema does not fit.
  if (status === 404 && !/field/i.test(said))
    return new SearchUnavailableError("missing", `Typesense på ${url} mangler samlingen: ${said}`, options);
  return new SearchUnavailableError(
    "rejected",
    `Typesense på ${url} afviste forespørgslen${status ? ` (HTTP ${status})` : ""}: ${said}`,
    options,
  );
}

/** Which of a process's clients a request went through: its timeout and key name the failure. */
export type ClientKind = "search" | "map" | "build";

const TIMEOUT_VARIABLE: Record<ClientKind, string> = {
  search: "TYPESENSE_SEARCH_TIMEOUT_MS",
  map: "TYPESENSE_MAP_TIMEOUT_MS",
  build: "TYPESENSE_IMPORT_TIMEOUT_MS",
};

/** A Typesense failure of one of the clients as SearchUnavailableError; anything else (a fault of ours) is thrown as it is. */
export function failureOf(clients: Clients, error: unknown, client: ClientKind): SearchUnavailableError {
  const timeoutMs = { search: clients.searchTimeoutMs, map: clients.mapTimeoutMs, build: clients.importTimeoutMs }[client];
  const key = client === "build" ? "TYPESENSE_API_KEY" : clients.searchKeyVariable;
  const failure = unavailable(error, clients.url, timeoutMs, TIMEOUT_VARIABLE[client], key);
  if (!failure) throw error;
  return failure;
}

/** A build's request that failed in a way that passes (the build tries it again), as its reason; undefined for any other error. */
export function passingBuildFailure(clients: Clients, error: unknown): SearchUnavailableError | undefined {
  return unavailable(error, clients.url, clients.importTimeoutMs, TIMEOUT_VARIABLE.build);
}
