import type { ResultTrip } from "~/domain/search-result";
import type { CompiledSearch } from "../compile";
import { filterBy, filterClauses, matchesNothing, type Vocabulary } from "./filter-by";
import { F } from "./schema";
import { checked, MAP_PAGE_SIZE, type TsResult, type TsSearchParams } from "./wire";

// One accommodation's offers (the accommodation page): its matching trips, page by page.

export interface OffersPlan {
  /** Some filter can match nothing: no page is asked for. */
  empty: boolean;
  /** Every page that can hold its matching trips (it has `tripCount` for sale), by departure day, then whole-party price, then trip id. */
  pages: TsSearchParams[];
}

/** The queries of one accommodation's offers: the search's clauses (its area left out) and the accommodation's rank. */
export function planAccommodationOffers(
  q: CompiledSearch,
  vocabulary: Vocabulary,
  collection: string,
  rank: number,
  tripCount: number,
): OffersPlan {
  const { clauses } = filterClauses({ ...q, area: { type: "all" } }, vocabulary);
  const filter = [`${F.accommodationRank}:=${rank}`, filterBy(clauses)].filter(Boolean).join(" && ");
  const pages = Array.from({ length: Math.ceil(tripCount / MAP_PAGE_SIZE) }, (_, i) => ({
    collection,
    q: "*" as const,
    filter_by: filter,
    sort_by: `${F.departureDay}:asc,${F.priceKey}:asc,${F.tripRank}:asc`,
    page: i + 1,
    per_page: MAP_PAGE_SIZE,
    include_fields: F.trip,
  }));
  return { empty: matchesNothing(clauses), pages };
}

/** A page of an accommodation's trips, and how many match in all. */
export function readOffersPage(result: TsResult): { found: number; trips: ResultTrip[] } {
  const answer = checked(result, "tilbuddenes side");
  return { found: answer.found ?? 0, trips: (answer.hits ?? []).map((hit) => JSON.parse(String(hit.document[F.trip])) as ResultTrip) };
}
