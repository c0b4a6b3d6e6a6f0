import type { Db } from "../../../db/client";
import type { SearchQuery } from "~/domain/search-data";
import { EmbeddedEngine } from "~/search/embedded/engine";
import type { SearchResult } from "~/domain/search-result";
import { fromSearchResult, type BenchEngine } from "../engine";
import { TODAY } from "../queries";

/** The app's default engine, used exactly as the server uses it. */
export function embeddedEngine(db: Db): BenchEngine<SearchResult> {
  let engine: EmbeddedEngine | undefined;
  return {
    name: "embedded",
    build() {
      engine = new EmbeddedEngine(db);
    },
    search(query: SearchQuery) {
      return engine!.search(query, TODAY);
    },
    normalize: fromSearchResult,
    notes: () => ["embedded: EmbeddedEngine.search (columnar typed arrays, one pass per search)"],
  };
}
