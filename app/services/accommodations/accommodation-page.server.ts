import type { Db } from "../../../db/client";
import {
  groupByDeparture,
  offerSummary,
  priceCalendar,
  shownRows,
  type CalendarDay,
  type DepartureGroup,
  type OfferSummary,
} from "~/domain/accommodation-offers";
import { OFFERS_PER_DEPARTURE } from "~/domain/constants";
import type { CheapestPoint, PriceChange } from "~/domain/price-history";
import type { ResultsState } from "~/domain/results-url";
import type { ResultAccommodation } from "~/domain/search-result";
import type { SearchEngine } from "~/search/types";
import { cheapestPriceByImport, priceDrops } from "../offers/price-history.server";
import { accommodationPhotos } from "./photos.server";

// What the accommodation page shows: the engine's offers for the search, grouped by departure, and
// the price calendar of the season (the same search with the arrival ignored); from the catalogue
// its photos, and from the price history the shown offers' drops and the party's cheapest price per import.

export interface AccommodationPage {
  accommodation: ResultAccommodation;
  groups: DepartureGroup[];
  calendar: CalendarDay[];
  summary: OfferSummary | null;
  companyCount: number;
  /** The feed's imageUrl first, then its images list. */
  photos: string[];
  /** The shown offers whose price fell at its last change, by trip id. */
  drops: Record<string, PriceChange & { previousPrice: number }>;
  history: CheapestPoint[];
}

/** The page's data, or null for an accommodation without any offer for sale (the page's 404). */
export async function accommodationPage(
  db: Db,
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
  const persons = searchData.adultCount + searchData.childrenCount;
  const groups = shownRows(groupByDeparture(offers.trips, state.priceMode), OFFERS_PER_DEPARTURE);
  return {
    accommodation: offers.accommodation,
    groups,
    calendar: priceCalendar((season ?? offers).trips, state.priceMode),
    summary: offerSummary(offers.trips),
    companyCount: new Set(offers.trips.map((t) => t.travelCompany.slug)).size,
    photos: accommodationPhotos(db, accommodationId),
    // One query for every shown offer.
    drops: Object.fromEntries(
      priceDrops(
        db,
        groups.flatMap((g) => g.rows.map((r) => r.trip.id)),
      ),
    ),
    history: cheapestPriceByImport(db, accommodationId, persons),
  };
}
