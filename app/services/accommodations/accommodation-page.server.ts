import {
  groupByDeparture,
  offerSummary,
  priceCalendar,
  type CalendarDay,
  type DepartureGroup,
  type OfferSummary,
} from "~/domain/accommodation-offers";
import type { ResultsState } from "~/domain/results-url";
import type { ResultAccommodation } from "~/domain/search-result";
import type { SearchEngine } from "~/search/types";

// What the accommodation page shows of the engine's answers: the offers for the search, grouped by
// departure, and the price calendar of the season (the same search with the arrival ignored).

export interface AccommodationPage {
  accommodation: ResultAccommodation;
  groups: DepartureGroup[];
  calendar: CalendarDay[];
  summary: OfferSummary | null;
  companyCount: number;
}

/** The page's data, or null for an accommodation without any offer for sale (the page's 404). */
export async function accommodationPage(
  engine: SearchEngine,
  accommodationId: string,
  state: ResultsState,
  today?: string,
): Promise<AccommodationPage | null> {
  const searchData = state.query.searchData;
  const asap = searchData.arrival.type === "asap";
  const [offers, season] = await Promise.all([
    engine.accommodationOffers(accommodationId, searchData, today),
    asap ? null : engine.accommodationOffers(accommodationId, { ...searchData, arrival: { type: "asap" } }, today),
  ]);
  if (!offers) return null;
  return {
    accommodation: offers.accommodation,
    groups: groupByDeparture(offers.trips, state.priceMode),
    calendar: priceCalendar((season ?? offers).trips, state.priceMode),
    summary: offerSummary(offers.trips),
    companyCount: new Set(offers.trips.map((t) => t.travelCompany.slug)).size,
  };
}
