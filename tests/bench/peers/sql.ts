import type { Db } from "../../../db/client";
import type { SearchQuery } from "~/domain/search-data";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import type { SearchResult } from "~/domain/search-result";
import { fromSearchResult, type BenchEngine } from "../engine";
import { TODAY } from "../queries";

/** The reference SQL engine on SQLite (the test oracle): a GROUP BY per facet, a window for items. */
export function sqlEngine(db: Db): BenchEngine<SearchResult> {
  const engine = new ReferenceSqlEngine(db);
  return {
    name: "sqlite-sql",
    build() {
      // Nothing to build: it queries the store. Warm SQLite's page cache like a running server would.
      db.$client.prepare("SELECT count(*) FROM trips WHERE available = 1").get();
    },
    search(query: SearchQuery) {
      return engine.search(query, TODAY);
    },
    normalize: fromSearchResult,
    notes: () => ["sqlite-sql: app/search/sql/reference.ts on the bench database file (better-sqlite3, WAL)"],
  };
}
