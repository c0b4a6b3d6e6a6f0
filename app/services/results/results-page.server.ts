import type { Db } from "../../../db/client";
import { RESULTS_PATH } from "~/domain/constants";
import { histogramFacetKey } from "~/domain/histogram";
import { placesByResort } from "~/domain/map-places";
import { pageCount } from "~/domain/pagination";
import { resultsHref, type ResultsState } from "~/domain/results-url";
import { isIndexableSearch } from "~/domain/robots";
import type { SearchQuery } from "~/domain/search-data";
import type { PlaceNames } from "~/domain/search-names";
import { resultCardItem, type FacetNumbers, type SearchResult } from "~/domain/search-result";
import { searchDescription, searchTitle } from "~/domain/search-title";
import { shareMeta } from "~/domain/share-meta";
import { searchHref } from "~/domain/url-codec";
import { destinationNames } from "~/search/destinations.server";
import { mapData } from "~/search/map.server";
import type { SearchEngine } from "~/search/types";
import { withSearch } from "~/search/unavailable.server";
import { activeBanners } from "~/services/banners/banners.server";
import { currentCatalogue } from "~/services/destinations/destination-page.server";
import { priceDrops } from "~/services/offers/price-history.server";
import type { Config } from "~/utils/config.server";

// The results page's data for one canonical search (docs/urls.md, docs/screens.md): the search,
// its options and (in the map view) its map, the banners, the price drops of its best offers, the
// chosen places' names and page, and the page's meta tags. The route adds the visitor's account and
// decides which cards travel as markup only (app/routes/results.tsx).

export interface ResultsPageContext {
  db: Db;
  engine: SearchEngine;
  publicUrl: string;
  config: Pick<Config, "mapTiles">;
}

/** The page's data, or where to send a page number beyond the last. */
export async function resultsPage({ db, engine, publicUrl, config }: ResultsPageContext, state: ResultsState) {
  const [found, options, map] = await withSearch("page", () =>
    Promise.all([engine.search(state.query), engine.options(), state.map ? mapData(engine, state) : null]),
  );
  // A page beyond the last (an old link, a hand-edited URL) goes to the last page, or to the first
  // when nothing matches, where the no-results notice is.
  const pages = pageCount(found.pagination.totalCount, found.pagination.pageSize);
  if (state.query.page > Math.max(1, pages))
    return { redirectTo: resultsHref({ ...state, query: { ...state.query, page: Math.max(1, pages) } }), page: null };
  // The data is serialised into the page for hydration: only what the page shows goes in (the
  // chosen price type's histogram); the destination picker loads its tree when it opens (without
  // JavaScript the search form is a page of its own, app/routes/search-form.tsx).
  const { items, facetNumbers, ...counts } = found;
  const shownHistogram = histogramFacetKey(state.priceMode);
  const otherHistogram = shownHistogram === "priceRange" ? "pricePerPersonRange" : "priceRange";
  const { [otherHistogram]: _unused, ...shownFacets } = facetNumbers;
  const area = state.query.searchData.searchArea;
  const placeNames = destinationNames(engine, area.type === "destinations" ? area.destinationSlugs : []);
  const page = {
    // The URL's state as parsed here: the page's script never parses a URL (no zod in the browser).
    state,
    result: { ...counts, facetNumbers: shownFacets as FacetNumbers },
    cards: items.map(resultCardItem),
    options,
    banners: activeBanners(db),
    meta: pageMeta(state.query, found, placeNames, publicUrl),
    // The chosen destinations' names: the search bar and a new search agent name the place.
    placeNames,
    // One place chosen: its destination page (docs/urls.md "Destination pages").
    placePage: onePlacePage(db, engine, state.query),
    // The best offers whose price fell at their last change (price history), by trip id: the cards mark them.
    drops: Object.fromEntries(
      priceDrops(
        db,
        items.map((i) => i.trip.id),
      ),
    ),
    // The results-map view (`map=1`): the map's points, its tiles and the plain list of places by resort.
    map,
    tiles: map ? config.mapTiles : null,
    places: map ? placesByResort(map) : null,
  };
  return { redirectTo: null, page };
}

function onePlacePage(db: Db, engine: SearchEngine, query: SearchQuery): { name: string; href: string } | null {
  const area = query.searchData.searchArea;
  if (area.type !== "destinations" || area.destinationSlugs.length !== 1) return null;
  const place = currentCatalogue(db, engine).bySlug.get(area.destinationSlugs[0])?.[0];
  return place ? { name: place.name, href: place.href } : null;
}

/**
 * The page's title, description and share tags, and its canonical, previous and next links. Made by
 * the loader, so the page carries the tags' text only, not the place names and code they come from.
 * Absolute links name PUBLIC_URL, never the request's Host: the page may be cached for everyone.
 */
function pageMeta(query: SearchQuery, result: SearchResult, names: PlaceNames, origin: string) {
  const pages = pageCount(result.pagination.totalCount, result.pagination.pageSize);
  const abs = (page: number) => `${origin}${searchHref({ ...query, page }, RESULTS_PATH)}`;
  const tags = shareMeta({
    title: searchTitle(query, names),
    description: searchDescription(query, names, result.totalCount),
    url: abs(query.page),
    image: result.items.find((i) => i.accommodation.imageUrl)?.accommodation.imageUrl,
  });
  // Only a place's (or every trip's) list is for search engines; filtered searches are followed, not indexed.
  if (!isIndexableSearch(query)) tags.push({ name: "robots", content: "noindex, follow" });
  if (query.page > 1) tags.push({ tagName: "link", rel: "prev", href: abs(Math.min(query.page - 1, pages)) });
  if (query.page < pages) tags.push({ tagName: "link", rel: "next", href: abs(query.page + 1) });
  return tags;
}
