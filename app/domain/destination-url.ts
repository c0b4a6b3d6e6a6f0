import { DEFAULT_ADULT_COUNT, DEFAULT_CHILDREN_COUNT, DEFAULT_SORTING_METHOD, DESTINATIONS_PATH, RESULTS_PATH } from "./constants";
import { fromDay, isoWeekOf } from "./dates";
import type { Arrival, SearchQuery } from "./search-data";
import { searchHref } from "./url-codec";

// The destination pages' URLs (docs/urls.md "Destination pages"): `/skiferie` for every country,
// `/skiferie/<slug>` for a country, region or resort. A slug names one place at each level (the
// catalogue's tables), but may name places at two or three levels: then `/skiferie/<slug>` is the
// broadest of them (country, then region, then resort), and each narrower namesake has its full
// path, `/skiferie/<country>/<region>` for a region and `/skiferie/<country>/<region>/<resort>` for
// a resort. A full path always names its place by its depth and last segment: a place whose short
// URL is its own, or whose ancestors changed, answers its full path with a redirect.

export type PlaceLevel = "country" | "region" | "resort";

/** The levels in the order a short URL prefers them. */
export const PLACE_LEVELS: readonly PlaceLevel[] = ["country", "region", "resort"];

/** The level a full path of this many segments names (1: any level, by the short URL's rule). */
export function levelOfDepth(depth: number): PlaceLevel | undefined {
  return depth === 2 ? "region" : depth === 3 ? "resort" : undefined;
}

/** The page's path from its slugs: [slug] for a short URL, the ancestors' and its own for a full one. */
export function destinationPath(slugs: readonly string[]): string {
  return slugs.length ? `${DESTINATIONS_PATH}/${slugs.join("/")}` : DESTINATIONS_PATH;
}

/** The default party (2 adults), "Snarest muligt" (or the arrival given), in these places. */
function placeQuery(destinationSlugs: readonly string[], arrival: Arrival): Partial<SearchQuery> & Pick<SearchQuery, "searchData"> {
  return {
    searchData: {
      searchArea: destinationSlugs.length ? { type: "destinations", destinationSlugs: [...destinationSlugs] } : { type: "all" },
      adultCount: DEFAULT_ADULT_COUNT,
      childrenCount: DEFAULT_CHILDREN_COUNT,
      arrival,
      filters: {},
    },
    sort: DEFAULT_SORTING_METHOD,
    page: 1,
  };
}

/** The search the page stands for (its cards, its "Se alle N rejser"): the default party, every departure from today. */
export function placeSearch(destinationSlugs: readonly string[]): SearchQuery {
  return placeQuery(destinationSlugs, { type: "asap" }) as SearchQuery;
}

/** `/skirejser?destinationSlugs=<slugs>`: every trip of the place (the whole catalogue with no slug). */
export function placeResultsHref(destinationSlugs: readonly string[], extra: { map?: boolean } = {}): string {
  const href = searchHref(placeQuery(destinationSlugs, { type: "asap" }), RESULTS_PATH);
  return extra.map ? `${href}${href.includes("?") ? "&" : "?"}map=1` : href;
}

/** The results of one departure week (its Monday's day number): `weeks=<ISO week>`, the week's next occurrence from today. */
export function placeWeekHref(destinationSlugs: readonly string[], monday: number): string {
  return searchHref(placeQuery(destinationSlugs, { type: "weeks", weeks: [isoWeekOf(monday).week] }), RESULTS_PATH);
}

/** A departure week as the calendar shows it: its ISO week number and its Monday and Sunday (ISO dates). */
export function weekOf(monday: number): { week: number; monday: string; sunday: string } {
  return { week: isoWeekOf(monday).week, monday: fromDay(monday), sunday: fromDay(monday + 6) };
}
