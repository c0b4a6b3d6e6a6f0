import type { Statement } from "better-sqlite3";
import type { Db } from "../../../db/client";
import { cheapestByVersion, isDrop, priceChangeOf, type CheapestPoint, type PriceChange, type PriceRow } from "~/domain/price-history";

// The offers' price history as the pages and e-mails read it: only rows up to the live offers
// version (a change not yet switched live, or a killed one's leftovers, is never seen).

const LIVE = "(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'offers_version')";
const ROW = "trip_id AS tripId, version, price, price_per_person AS pricePerPerson, recorded_at AS recordedAt";

// Prepared once a connection: every results page asks it.
const dropsQueries = new WeakMap<Db, Statement>();

/** Of these offers, the ones whose price fell last time it changed, by trip id (one query for a page of cards). */
export function priceDrops(db: Db, tripIds: readonly string[]): Map<string, PriceChange & { previousPrice: number }> {
  const drops = new Map<string, PriceChange & { previousPrice: number }>();
  if (!tripIds.length) return drops;
  let query = dropsQueries.get(db);
  if (!query) {
    query = db.$client.prepare(
      `SELECT ${ROW} FROM price_history WHERE trip_id IN (SELECT value FROM json_each(?)) AND version <= coalesce(${LIVE}, 0)
        ORDER BY trip_id, version`,
    );
    dropsQueries.set(db, query);
  }
  const rows = query.all(JSON.stringify(tripIds)) as PriceRow[];
  for (let start = 0, k = 1; start < rows.length; k++) {
    if (k < rows.length && rows[k].tripId === rows[start].tripId) continue;
    const change = priceChangeOf(rows.slice(start, k));
    if (isDrop(change)) drops.set(rows[start].tripId, change);
    start = k;
  }
  return drops;
}

/** For an accommodation and a party (persons), the cheapest whole-party price on sale after each import that changed its offers. */
export function cheapestPriceByImport(db: Db, accommodationId: string, persons: number): CheapestPoint[] {
  // Every row of the offers that ever were here, so one that moved to another accommodation or party leaves this one's chart.
  const rows = db.$client
    .prepare(
      `SELECT ${ROW}, accommodation_id = ? AND persons = ? AS here FROM price_history
        WHERE trip_id IN (SELECT trip_id FROM price_history WHERE accommodation_id = ? AND persons = ?) AND version <= coalesce(${LIVE}, 0)
        ORDER BY version, trip_id`,
    )
    .all(accommodationId, persons, accommodationId, persons) as Array<PriceRow & { here: number }>;
  return cheapestByVersion(rows.map(({ here, ...row }) => (here ? row : { ...row, price: null, pricePerPerson: null })));
}
