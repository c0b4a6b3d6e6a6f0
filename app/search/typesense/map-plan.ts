import type { CompiledSearch } from "../compile";
import { filterBy, filterClauses, matchesNothing, sortBy, type Vocabulary } from "./filter-by";
import { F, type MapPin } from "./schema";
import { checked, MAP_PAGE_SIZE, type TsResult, type TsSearchParams } from "./wire";

// The map's queries: every matching accommodation with its best trip, in slices of accommodations.

export interface MapPlan {
  /** Some filter can match nothing: no point, no query. */
  empty: boolean;
  /**
   * One grouped search per slice of MAP_PAGE_SIZE accommodation ranks: each is page 1 of at most
   * that many groups. Deep pages of groups would make Typesense group every match again for each
   * page; slices make it look at each matching trip once, and each slice's `found` (groups) and
   * `found_docs` (trips) add up to the counts.
   */
  slices: TsSearchParams[];
}

/** The map's queries: grouped like the result list, with the list's sort (so the same best trip), no facets. */
export function planMap(q: CompiledSearch, vocabulary: Vocabulary, collection: string, accommodationCount: number): MapPlan {
  const { clauses } = filterClauses(q, vocabulary);
  const slices: TsSearchParams[] = [];
  for (let lo = 0; lo < accommodationCount; lo += MAP_PAGE_SIZE) {
    const hi = Math.min(accommodationCount, lo + MAP_PAGE_SIZE) - 1;
    slices.push({
      collection,
      q: "*",
      filter_by: [filterBy(clauses), `${F.accommodationRank}:[${lo}..${hi}]`].filter(Boolean).join(" && "),
      sort_by: sortBy(q.sort),
      group_by: F.accommodationRank,
      group_limit: 1,
      per_page: hi - lo + 1,
      include_fields: [F.accommodationRank, F.pin].join(","),
    });
  }
  return { empty: matchesNothing(clauses), slices };
}

/** A map slice's accommodations (rank and best trip), and its matching accommodations and trips. */
export function readMapSlice(result: TsResult): {
  accommodationCount: number;
  totalCount: number;
  groups: Array<{ accommodationRank: number; pin: MapPin }>;
} {
  const answer = checked(result, "kortets udsnit");
  return {
    accommodationCount: answer.found ?? 0,
    totalCount: answer.found_docs ?? 0,
    groups: (answer.grouped_hits ?? []).map((group) => {
      const doc = group.hits[0].document;
      return { accommodationRank: Number(doc[F.accommodationRank]), pin: JSON.parse(String(doc[F.pin])) as MapPin };
    }),
  };
}
