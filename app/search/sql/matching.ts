import type { Db } from "../../../db/client";
import type { SearchQuery } from "~/domain/search-data";
import { compileSearch } from "../compile";
import { FROM, SORT_SQL, where } from "./conditions";

// "Which trips match this search" for the search agents (app/services/agents/notify.server.ts), with
// the search's own conditions (./conditions.ts, docs/search.md), so an agent's e-mail and its
// results page agree.

export interface NewTripsFilter {
  /** Only trips first seen strictly after this time. */
  firstSeenAfter: Date;
  /** The day the search is evaluated on (YYYY-MM-DD, Danish time): departures before it never match. */
  today: string;
}

/** The SQL (and its parameters) selecting the ids of available trips that match `query` and are new since `firstSeenAfter`, in the search's sort order. */
export function newMatchingTripsSql(
  query: Pick<SearchQuery, "searchData" | "sort">,
  filter: NewTripsFilter,
): { sql: string; params: unknown[] } {
  const q = compileSearch(query.searchData, query.sort, filter.today);
  const w = where(q);
  return {
    sql: `SELECT t.id ${FROM} WHERE ${w.sql} AND t.first_seen_at > ? ORDER BY ${SORT_SQL[q.sort]}, t.id`,
    params: [...w.params, filter.firstSeenAfter.getTime()],
  };
}

/** Ids of the available trips that match `query` and were first seen after `firstSeenAfter`. */
export function newMatchingTripIds(db: Db, query: Pick<SearchQuery, "searchData" | "sort">, filter: NewTripsFilter): string[] {
  const { sql, params } = newMatchingTripsSql(query, filter);
  return db.$client
    .prepare(sql)
    .pluck()
    .all(...params) as string[];
}

/**
 * Ids and current prices of the available trips that match `query` and whose price history got a
 * row (live, with a price) after `changedAfter`: the candidates for an agent's price drops.
 */
export function changedMatchingTrips(
  db: Db,
  query: Pick<SearchQuery, "searchData" | "sort">,
  filter: { changedAfter: Date; today: string },
): Array<{ id: string; price: number }> {
  const q = compileSearch(query.searchData, query.sort, filter.today);
  const w = where(q);
  return db.$client
    .prepare(
      `SELECT t.id, t.price ${FROM} WHERE ${w.sql} AND t.id IN (
         SELECT trip_id FROM price_history WHERE recorded_at > ? AND price IS NOT NULL
            AND version <= coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'offers_version'), 0))
       ORDER BY ${SORT_SQL[q.sort]}, t.id`,
    )
    .all(...w.params, filter.changedAfter.getTime()) as Array<{ id: string; price: number }>;
}
