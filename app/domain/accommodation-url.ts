import { ACCOMMODATION_PATH, MAX_ADULT_COUNT, OFFERS_ANCHOR } from "./constants";
import { parseResultsParams, resultsHref, type ResultsState } from "./results-url";
import { searchHref } from "./url-codec";

// The accommodation page's URLs: `/ophold/<id>` with the results page's query string, so the
// page shows the offers of that search and leads back to the same results. The map and dialog
// view params belong to the results page; embed mode stays there (the page opens outside a frame).

/** The page's state of any query string: the results page's, without map, dialog and embed. */
export function accommodationState(params: URLSearchParams): ResultsState {
  return { ...parseResultsParams(params), map: undefined, dialog: undefined, embed: undefined };
}

export function accommodationPath(id: string): string {
  return `${ACCOMMODATION_PATH}/${encodeURIComponent(id)}`;
}

/** The accommodation's page for the results page's state (the card's links). */
export function accommodationHref(id: string, state: ResultsState): string {
  return resultsHref({ ...state, map: undefined, dialog: undefined, embed: undefined }, accommodationPath(id));
}

/** The canonical link: the search only (no sort, page or view params), which is what decides the offers. */
export function accommodationCanonical(id: string, state: ResultsState): string {
  return searchHref({ searchData: state.query.searchData }, accommodationPath(id));
}

/**
 * A saved trip's accommodation page, at its offers for the trip's party and departure date: the
 * trip stores only its party size, so it is read as adults (up to the URL's 12) and then children.
 */
export function savedTripHref(accommodationId: string, persons: number, departureDate: string): string {
  const adultCount = Math.min(persons, MAX_ADULT_COUNT);
  const searchData = {
    searchArea: { type: "all" as const },
    adultCount,
    childrenCount: persons - adultCount,
    arrival: { type: "dates" as const, dates: [departureDate] },
    filters: {},
  };
  return atOffers(searchHref({ searchData }, accommodationPath(accommodationId)));
}

/** The page at its offers: after narrowing them (a date, a form, every offer), the visitor sees them, not the page's top. */
export function atOffers(href: string): string {
  return `${href}#${OFFERS_ANCHOR}`;
}

/** Every link the page makes (plain strings: they travel in the loader's data). */
export function accommodationLinks(id: string, state: ResultsState, resortSlug: string, departureDates: readonly string[]) {
  const path = accommodationPath(id);
  const searchData = state.query.searchData;
  const page = (next: ResultsState) => resultsHref(next, path);
  const party = { adultCount: searchData.adultCount, childrenCount: searchData.childrenCount };
  const inResort: ResultsState = {
    ...state,
    query: { ...state.query, page: 1, searchData: { ...searchData, searchArea: { type: "destinations", destinationSlugs: [resortSlug] } } },
  };
  return {
    path,
    self: page(state),
    back: resultsHref(state),
    /** Every offer of the accommodation for this party (price type and affiliate kept), at the offers. */
    allOffers: atOffers(
      page({
        priceMode: state.priceMode,
        aff: state.aff,
        query: {
          sort: state.query.sort,
          page: 1,
          searchData: { ...party, searchArea: searchData.searchArea, arrival: { type: "asap" }, filters: {} },
        },
      }),
    ),
    /** The same search in the accommodation's resort, as a list and on the map (results page). */
    resort: resultsHref(inResort),
    resortMap: resultsHref({ ...inResort, map: true }),
    /** This page narrowed to each departure date (the price calendar), at the offers. */
    onDate: departureDates.map((date) =>
      atOffers(page({ ...state, query: { ...state.query, searchData: { ...searchData, arrival: { type: "dates", dates: [date] } } } })),
    ),
  };
}
