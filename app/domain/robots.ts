import {
  ACCOUNT_PATH,
  AGENTS_PATH,
  BANNER_REDIRECT_PATH,
  DEFAULT_ADULT_COUNT,
  DEFAULT_CHILDREN_COUNT,
  DEFAULT_SORTING_METHOD,
  OFFER_REDIRECT_PATH,
  OPS_PATH,
  SAVED_TRIPS_PATH,
} from "./constants";
import type { SearchQuery } from "./search-data";

// What search engines may crawl and index (docs/urls.md "For search engines"): robots.txt keeps
// them out of the operators', the accounts' and the API's paths, the redirects and the personal
// pages; a results page is indexable only as a place's (or every trip's) list.

/** The path prefixes robots.txt disallows. */
export const CRAWL_DISALLOWED: readonly string[] = [
  OPS_PATH,
  ACCOUNT_PATH,
  "/api/",
  `${OFFER_REDIRECT_PATH}/`,
  `${BANNER_REDIRECT_PATH}/`,
  AGENTS_PATH,
  SAVED_TRIPS_PATH,
];

export const ROBOTS_PATH = "/robots.txt";
/** The sitemap index, and the folder of its child sitemaps (+ /<name>.xml). */
export const SITEMAP_PATH = "/sitemap.xml";
export const SITEMAPS_PATH = "/sitemaps";

/** robots.txt, pointing to the sitemap on the site's public address. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...CRAWL_DISALLOWED.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}${SITEMAP_PATH}`, ""].join("\n");
}

/**
 * Whether a results page is worth indexing: every trip, or the trips of places, for the default
 * party, from today on, unfiltered and in the default order (any page). Any other search is
 * `noindex, follow`: its links (the cards, the places) are still followed.
 */
export function isIndexableSearch(query: SearchQuery): boolean {
  const { searchArea, adultCount, childrenCount, arrival, filters } = query.searchData;
  return (
    (searchArea.type === "all" || searchArea.type === "destinations") &&
    adultCount === DEFAULT_ADULT_COUNT &&
    childrenCount === DEFAULT_CHILDREN_COUNT &&
    arrival.type === "asap" &&
    Object.values(filters).every((v) => v === undefined) &&
    query.sort === DEFAULT_SORTING_METHOD
  );
}
