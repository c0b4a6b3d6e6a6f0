import type { Database } from "better-sqlite3";
import type { Side } from "./sides";

// The offers' price history (db/schema.ts priceHistory): a row when an offer goes on sale, when its
// price (or its accommodation or party) changes, and a null price when it leaves the sale. Rows are
// written beside the spare side's rows, in the same short transactions and at the same version, so
// they become true only when the switch makes that version live: readers take rows up to the live
// `offers_version`, and the next change first drops what a killed one left (dropUnswitched).

const COLUMNS = "trip_id, version, accommodation_id, persons, price, price_per_person, recorded_at";
const BATCH = 400;

/**
 * Statements recording the history of one batch of an import, each run before the batch writes the
 * spare (which still holds the live rows then). An unchanged price records nothing.
 */
export function historyWriters(sqlite: Database, spare: Side) {
  const offered = sqlite.prepare(
    `INSERT OR REPLACE INTO price_history (${COLUMNS})
     SELECT l.trip_id, ?, l.accommodation_id, l.persons, l.price, l.price_per_person, ?
       FROM stage.ready AS l LEFT JOIN ${spare} AS o ON o.id = l.trip_id
      WHERE l.rowid BETWEEN ? AND ?
        AND (o.id IS NULL OR o.available = 0 OR o.price <> l.price OR o.accommodation_id <> l.accommodation_id OR o.persons <> l.persons)`,
  );
  const leaving = sqlite.prepare(
    `INSERT OR REPLACE INTO price_history (${COLUMNS})
     SELECT o.id, ?, o.accommodation_id, o.persons, NULL, NULL, ?
       FROM ${spare} AS o WHERE o.available = 1 AND o.id IN (SELECT trip_id FROM stage.retired WHERE trip_id > ? AND trip_id <= ?)`,
  );
  return {
    /** The ready lines `from` to `to` (rowids of stage.ready). */
    offered: (version: number, now: Date, from: number, to: number) => offered.run(version, now.getTime(), from, to),
    leaving: (version: number, now: Date, from: string, to: string) => leaving.run(version, now.getTime(), from, to),
  };
}

/** Records offers leaving the sale outside an import (the `retire` command), before the spare marks them. */
export function recordLeaving(sqlite: Database, spare: Side, version: number, now: Date, ids: string[]): void {
  sqlite
    .prepare(
      `INSERT OR REPLACE INTO price_history (${COLUMNS})
       SELECT id, ?, accommodation_id, persons, NULL, NULL, ? FROM ${spare} WHERE available = 1 AND id IN (SELECT value FROM json_each(?))`,
    )
    .run(version, now.getTime(), JSON.stringify(ids));
}

/** Batches deleting history rows above the live version: what a killed change had written. */
export function* dropUnswitched(sqlite: Database, liveVersion: number): Generator<void> {
  const drop = sqlite.prepare(
    `DELETE FROM price_history WHERE rowid IN (SELECT rowid FROM price_history WHERE version > ? LIMIT ${BATCH})`,
  );
  while (drop.run(liveVersion).changes > 0) yield;
}
