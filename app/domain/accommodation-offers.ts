import type { PriceMode } from "./constants";
import type { ResultTrip } from "./search-result";

// The accommodation page's offers: rows grouped by departure date, the cheapest of them all
// marked, and the price calendar (the cheapest offer per departure date). Plain rows, so the
// table can gain fields (e.g. a price drop) without touching the engines.

/** One row of the offers list: the trip as the engines answer it, and whether it is the cheapest of all. */
export interface OfferRow {
  trip: ResultTrip;
  /** The lowest price of all the offers in the chosen price type (ties: every one of them): a result card's "Fra" price. */
  cheapest: boolean;
}

export interface DepartureGroup {
  departureDate: string;
  rows: OfferRow[];
  /** Offers of the date, also those not in `rows` (see shownRows). */
  offerCount: number;
}

/** The price a visitor compares: whole party or per person. */
export function priceIn(trip: Pick<ResultTrip, "price" | "pricePerPerson">, priceMode: PriceMode): number {
  return priceMode === "total" ? trip.price : trip.pricePerPerson;
}

/** Departure date, then price in the chosen type, then trip id (so equal prices keep one order). */
function compareOffers(priceMode: PriceMode) {
  return (a: ResultTrip, b: ResultTrip) =>
    a.departureDate < b.departureDate
      ? -1
      : a.departureDate > b.departureDate
        ? 1
        : priceIn(a, priceMode) - priceIn(b, priceMode) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The offers grouped by departure date in date order, cheapest first within a date, the cheapest of all marked. */
export function groupByDeparture(trips: readonly ResultTrip[], priceMode: PriceMode): DepartureGroup[] {
  const lowest = Math.min(...trips.map((trip) => priceIn(trip, priceMode)));
  const groups: DepartureGroup[] = [];
  for (const trip of [...trips].sort(compareOffers(priceMode))) {
    let group = groups[groups.length - 1];
    if (group?.departureDate !== trip.departureDate) groups.push((group = { departureDate: trip.departureDate, rows: [], offerCount: 0 }));
    group.rows.push({ trip, cheapest: priceIn(trip, priceMode) === lowest });
    group.offerCount++;
  }
  return groups;
}

/** With more than one departure date, each keeps only its `perDeparture` cheapest rows (offerCount still counts them all). */
export function shownRows(groups: DepartureGroup[], perDeparture: number): DepartureGroup[] {
  if (groups.length < 2) return groups;
  return groups.map((g) => ({ ...g, rows: g.rows.slice(0, perDeparture) }));
}

/** One bar of the price calendar: the cheapest offer of a departure date. */
export interface CalendarDay {
  departureDate: string;
  price: number;
  tripId: string;
  offerCount: number;
}

/** The cheapest offer per departure date, in date order (the trips are already the party's and filters', arrival ignored). */
export function priceCalendar(trips: readonly ResultTrip[], priceMode: PriceMode): CalendarDay[] {
  return groupByDeparture(trips, priceMode).map(({ departureDate, rows }) => ({
    departureDate,
    price: priceIn(rows[0].trip, priceMode),
    tripId: rows[0].trip.id,
    offerCount: rows.length,
  }));
}

/** Bar heights of the calendar in percent of the dearest day; the cheapest day never vanishes (at least `floor`). */
export function calendarHeights(days: readonly CalendarDay[], floor = 8): number[] {
  const max = Math.max(0, ...days.map((d) => d.price));
  return days.map((d) => (max > 0 ? Math.max(floor, Math.round((d.price / max) * 100)) : floor));
}

/** schema.org's AggregateOffer of the offers: lowest and highest whole-party price in DKK and how many. */
export interface OfferSummary {
  lowPrice: number;
  highPrice: number;
  offerCount: number;
}

export function offerSummary(trips: readonly ResultTrip[]): OfferSummary | null {
  if (trips.length === 0) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const t of trips) {
    low = Math.min(low, t.price);
    high = Math.max(high, t.price);
  }
  return { lowPrice: low, highPrice: high, offerCount: trips.length };
}
