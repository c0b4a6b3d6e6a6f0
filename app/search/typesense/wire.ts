// What goes to Typesense and comes back, as we send and read it: the search parameters, the
// answers of a multi_search, the error of a refused search, and how searches are spread over
// requests. Typesense's own limits are named here: per_page at most 250, 50 searches a request.

/** Typesense's `limit_multi_searches` (50 by default): searches in one multi_search. */
export const MAX_SEARCHES_PER_REQUEST = 50;

/** Typesense's largest page (per_page): the map's slices of accommodations, the pages of an accommodation's offers. */
export const MAP_PAGE_SIZE = 250;

/** The search parameters we send (a subset of Typesense's). */
export interface TsSearchParams {
  collection: string;
  q: "*";
  filter_by: string;
  per_page: number;
  page?: number;
  sort_by?: string;
  group_by?: string;
  group_limit?: number;
  facet_by?: string;
  max_facet_values?: number;
  facet_strategy?: "exhaustive";
  include_fields?: string;
}

export interface TsFacetCount {
  field_name: string;
  counts: Array<{ value: string; count: number }>;
}

export interface TsHit {
  document: Record<string, unknown>;
}

/** One result of a multi_search (the fields we read). */
export interface TsResult {
  found?: number;
  found_docs?: number;
  facet_counts?: TsFacetCount[];
  grouped_hits?: Array<{ group_key: unknown[]; found?: number; hits: TsHit[] }>;
  hits?: TsHit[];
  /** The collection searched: behind an alias, the one the alias names. */
  request_params?: { collection_name?: string };
  error?: string;
  code?: number;
}

export class TypesenseQueryError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = "TypesenseQueryError";
  }
}

export function checked(result: TsResult | undefined, what: string): TsResult {
  if (!result) throw new TypesenseQueryError(`Typesense svarede ikke på ${what}`, undefined);
  if (result.error !== undefined || (result.code !== undefined && result.code !== 200)) {
    throw new TypesenseQueryError(`Typesense afviste ${what}: ${result.error ?? result.code}`, result.code);
  }
  return result;
}

/**
 * Requests the map and an accommodation's offers send side by side. Typesense answers the
 * searches of one multi_search one after another, but several requests at once on several
 * threads, so the wait is that of the slowest request, not of every search.
 */
export const PARALLEL_REQUESTS = 4;

/** The searches in at most `parallel` requests (more when one would pass MAX_SEARCHES_PER_REQUEST), in order. */
export function inRequests<T>(searches: readonly T[], parallel = PARALLEL_REQUESTS): T[][] {
  const size = Math.max(1, Math.min(MAX_SEARCHES_PER_REQUEST, Math.ceil(searches.length / parallel)));
  const requests: T[][] = [];
  for (let i = 0; i < searches.length; i += size) requests.push(searches.slice(i, i + size));
  return requests;
}
