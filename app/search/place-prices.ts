import type { Db } from "../../db/client";
import { isoWeekday, toDay } from "~/domain/dates";
import type { EmbeddedIndex } from "./embedded/build";

// What the destination pages show of the trips for sale, for one party size and "Snarest muligt"
// (every departure from today on): per resort its trips and lowest price per person, the same per
// departure week (the page's calendar), and its accommodations with theirs (the page's map). From
// the embedded index in one pass over the party size's rows, or by grouped SQL over the store (for
// an engine without an in-memory index), like the destination picker's counts
// (destination-counts.ts). Counted once per index generation and day (placePricesFor).

/** Trips and the lowest price per person among them. */
export interface PriceCount {
  trips: number;
  lowest: number;
}

export interface AccommodationPrices extends PriceCount {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

export interface ResortPrices extends PriceCount {
  /** By departure week: the week's Monday as a day number (app/domain/dates.ts toDay). */
  weeks: Map<number, PriceCount>;
  /** Its accommodations with trips, by id. */
  accommodations: AccommodationPrices[];
}

export interface PlacePrices {
  /** Resorts with trips for the party size, by slug. */
  resorts: Map<string, ResortPrices>;
}

const mondayOf = (day: number) => day - isoWeekday(day) + 1;

function add(into: PriceCount, trips: number, lowest: number): void {
  into.trips += trips;
  if (lowest < into.lowest) into.lowest = lowest;
}

/** One pass over the index's rows of the party size from today on. */
export function placePricesFromIndex(ix: EmbeddedIndex, today: string, persons: number): PlacePrices {
  const todayDay = toDay(today);
  const end = ix.personsStart[persons + 1];
  // Rows of one party size are ordered by day: skip the departed ones by binary search.
  let lo = ix.personsStart[persons];
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ix.day[mid] < todayDay) lo = mid + 1;
    else hi = mid;
  }
  const accTrips = new Int32Array(ix.accommodations.length);
  const accLowest = new Float64Array(ix.accommodations.length).fill(Infinity);
  const byResort: Array<ResortPrices | undefined> = new Array(ix.resorts.length);
  let monday = NaN;
  let weekEnd = -Infinity;
  for (let i = lo; i < end; i++) {
    const day = ix.day[i];
    if (day > weekEnd) {
      monday = mondayOf(day);
      weekEnd = monday + 6;
    }
    const a = ix.acc[i];
    const price = ix.pricePerPerson[i];
    accTrips[a]++;
    if (price < accLowest[a]) accLowest[a] = price;
    const r = ix.accResort[a];
    const resort = (byResort[r] ??= { trips: 0, lowest: Infinity, weeks: new Map(), accommodations: [] });
    add(resort, 1, price);
    let week = resort.weeks.get(monday);
    if (!week) resort.weeks.set(monday, (week = { trips: 0, lowest: Infinity }));
    add(week, 1, price);
  }
  // Accommodations are numbered in id order, so each resort's list comes out by id.
  for (let a = 0; a < ix.accommodations.length; a++) {
    if (!accTrips[a]) continue;
    const { id, name, lat, lng } = ix.accommodations[a];
    byResort[ix.accResort[a]]!.accommodations.push({ id, name, lat, lng, trips: accTrips[a], lowest: accLowest[a] });
  }
  const resorts = new Map<string, ResortPrices>();
  byResort.forEach((prices, r) => prices && resorts.set(ix.resorts[r].slug, prices));
  return { resorts };
}

/** The same by grouped SQL over the store (the Typesense engine has no in-memory index). */
export function placePricesFromDb(db: Db, today: string, persons: number): PlacePrices {
  const rows = db.$client
    .prepare(
      `SELECT a.resort_slug AS resort, a.id AS id, a.name AS name, a.lat AS lat, a.lng AS lng, t.departure_date AS date,
              count(*) AS trips, min(t.price_per_person) AS lowest
         FROM trips t JOIN accommodations a ON a.id = t.accommodation_id
        WHERE t.available = 1 AND t.persons = ? AND t.departure_date >= ?
        GROUP BY t.accommodation_id, t.departure_date
        ORDER BY a.id`,
    )
    .all(persons, today) as Array<{ resort: string; id: string; name: string; lat: number; lng: number; date: string } & PriceCount>;
  const resorts = new Map<string, ResortPrices>();
  let current: AccommodationPrices | undefined;
  for (const row of rows) {
    let resort = resorts.get(row.resort);
    if (!resort) resorts.set(row.resort, (resort = { trips: 0, lowest: Infinity, weeks: new Map(), accommodations: [] }));
    if (current?.id !== row.id) {
      current = { id: row.id, name: row.name, lat: row.lat, lng: row.lng, trips: 0, lowest: Infinity };
      resort.accommodations.push(current);
    }
    add(current, row.trips, row.lowest);
    add(resort, row.trips, row.lowest);
    const monday = mondayOf(toDay(row.date));
    let week = resort.weeks.get(monday);
    if (!week) resort.weeks.set(monday, (week = { trips: 0, lowest: Infinity }));
    add(week, row.trips, row.lowest);
  }
  // Weeks in date order, as the index's pass gives them.
  for (const resort of resorts.values()) resort.weeks = new Map([...resort.weeks].sort((x, y) => x[0] - y[0]));
  return { resorts };
}
