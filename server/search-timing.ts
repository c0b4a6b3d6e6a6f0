import { AsyncLocalStorage } from "node:async_hooks";
import type { SearchEngine } from "../app/search/types";

// How long the search engine took for the request being answered: its request log line's
// `searchMs` and the metrics' search time by engine and kind (docs/operations.md). The engine is
// wrapped once at start; the request's scope follows its awaits (AsyncLocalStorage).

export type SearchKind = "results" | "facets" | "map" | "offers";

export interface RequestScope {
  /** The engine's time in this request, summed over its searches; undefined while none ran. */
  searchMs?: number;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

const KINDS = { search: "results", facetNumbers: "facets", mapPoints: "map", accommodationOffers: "offers" } as const satisfies Record<
  string,
  SearchKind
>;

/** The engine with its searches timed: each adds to the request's scope and is reported to `observe`. */
export function timedEngine(engine: SearchEngine, observe: (kind: SearchKind, seconds: number) => void): SearchEngine {
  return new Proxy(engine, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      const kind = typeof property === "string" ? KINDS[property as keyof typeof KINDS] : undefined;
      if (!kind || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          const ms = performance.now() - started;
          const scope = requestScope.getStore();
          if (scope) scope.searchMs = (scope.searchMs ?? 0) + ms;
          observe(kind, ms / 1000);
        }
      };
    },
  });
}
