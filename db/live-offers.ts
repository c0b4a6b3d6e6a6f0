import type { Database } from "better-sqlite3";

export type OffersSide = "offers_a" | "offers_b";

/** The offers table the `trips` view shows now (meta `offers_live`, db/schema.ts): for reads that need its rowids, which a view has not. */
export function liveOffersTable(sqlite: Database): OffersSide {
  return sqlite.prepare("SELECT value FROM meta WHERE key = 'offers_live'").pluck().get() === "offers_b" ? "offers_b" : "offers_a";
}
