import type { Statement } from "better-sqlite3";
import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client";
import { cheapestByVersion, isDrop, priceChangeOf, type CheapestPoint, type PriceChange, type PriceRow } from "~/domain/price-history";

// The offers' price history as the pages and e-mails read it: only rows up to the live offers
// version (a change not yet switched live, or a killed one's leftovers, is never seen).

const LIVE = "(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'offers_version')";
const ROW = "trip_id AS tripId, version, price, price_per_person AS pricePerPerson, recorded_at AS recordedAt";

type Drop = PriceChange & { previousPrice: number };

// A trip's drop is a function of its rows up to the live version, and those never change: an
// import writes above the live version, then switches to it. So each trip is read once per live
// version and connection, not on every results page (the twenty cards of a popular search).
const CACHED_TRIPS = 50_000;
interface DropsReader {
  live: Statement;
  rows: Statement;
  version: number;
  /** By trip id: its drop, or false when it has none. */
  drops: LRUCache<string, Drop | false>;
}
const readers = new WeakMap<Db, DropsReader>();

function readerOf(db: Db): DropsReader {
  let reader = readers.get(db);
  if (!reader) {
    reader = {
      live: db.$client.prepare(`SELECT coalesce(${LIVE}, 0)`).pluck(),
      rows: db.$client.prepare(
        `SELECT ${ROW} FROM price_history WHERE trip_id IN (SELECT value FROM json_each(?)) AND version <= ? ORDER BY trip_id, version`,
      ),
      version: -1,
      drops: new LRUCache({ max: CACHED_TRIPS }),
    };
    readers.set(db, reader);
  }
  const version = reader.live.get() as number;
  if (version !== reader.version) {
    reader.version = version;
    reader.drops.clear();
  }
  return reader;
}

/** Of these offers, the ones whose price fell last time it changed, by trip id (one query for those not read at this version). */
export function priceDrops(db: Db, tripIds: readonly string[]): Map<string, Drop> {
  const drops = new Map<string, Drop>();
  if (!tripIds.length) return drops;
  const reader = readerOf(db);
  const unread: string[] = [];
  for (const id of tripIds) {
    const known = reader.drops.get(id);
    if (known === undefined) unread.push(id);
    else if (known) drops.set(id, known);
  }
  if (!unread.length) return drops;
  const rows = reader.rows.all(JSON.stringify(unread), reader.version) as PriceRow[];
  for (const id of unread) reader.drops.set(id, false);
  for (let start = 0, k = 1; start < rows.length; k++) {
    if (k < rows.length && rows[k].tripId === rows[start].tripId) continue;
    const change = priceChangeOf(rows.slice(start, k));
    if (isDrop(change)) {
      drops.set(rows[start].tripId, change);
      reader.drops.set(rows[start].tripId, change);
    }
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
