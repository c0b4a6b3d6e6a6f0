import type { HeadersFunction } from "@remix-run/node";
import { texts } from "~/domain/texts";

// When the search engine cannot answer (Typesense unreachable, too slow, refusing the key or the
// query, its collection gone), the engine throws a SearchUnavailableError, having logged why,
// once per kind of failure. Routes turn it into a 503 (withSearch): the Danish page, or JSON
// `{error}` for the API. Never a 500: the site is fine, its search server is not.

export type UnavailableKind = "auth" | "unreachable" | "timeout" | "server" | "rejected" | "missing" | "version";

export class SearchUnavailableError extends Error {
  constructor(
    readonly kind: UnavailableKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SearchUnavailableError";
  }
}

/** By name, not instanceof: the engine is built by the server entry, the routes live in the Remix build, each with its own copy of this module. */
export function isSearchUnavailable(error: unknown): error is SearchUnavailableError {
  return error instanceof Error && error.name === "SearchUnavailableError";
}

/** Seconds a client should wait before asking again. */
export const RETRY_AFTER_SECONDS = 30;

const HEADERS = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };

/** The error boundary's route (root) `headers`: a thrown 503's Retry-After and no-store reach the document. */
export const errorPageHeaders: HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

/** Runs a route's searches; an unavailable engine becomes a thrown 503, JSON `{error}` for the API, the Danish error page otherwise. */
export async function withSearch<T>(as: "page" | "api", run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isSearchUnavailable(error)) throw error;
    throw as === "api"
      ? Response.json({ error: texts.errors.searchUnavailable }, { status: 503, headers: HEADERS })
      : new Response(texts.errors.searchUnavailable, { status: 503, headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
}
