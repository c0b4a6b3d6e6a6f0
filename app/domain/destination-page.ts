import { DEFAULT_ADULT_COUNT, DEFAULT_CHILDREN_COUNT } from "./constants";

// What a destination page shows besides its cards (app/services/destinations/destination-page.server.ts
// makes it, app/routes/destination.tsx and app/components/destinations/ show it). Client-safe.

/** The party the pages are for: the search's default. */
export const PAGE_PERSONS = DEFAULT_ADULT_COUNT + DEFAULT_CHILDREN_COUNT;

export interface PlaceLink {
  name: string;
  href: string;
}

/** A place under the page's place, with its trips and lowest price per person (null without trips). */
export interface ChildPlace extends PlaceLink {
  trips: number;
  lowest: number | null;
}

/** A departure week of the season calendar. */
export interface CalendarWeek {
  week: number;
  /** Its Monday and Sunday (ISO dates). */
  monday: string;
  sunday: string;
  trips: number;
  /** The week's lowest price per person. */
  lowest: number;
  /** The week's trips on the results page. */
  href: string;
}

/** A map marker: an accommodation with its lowest price per person. */
export type DestinationMapPoint = [id: string, lat: number, lng: number, lowest: number, name: string];

/** The page's map: its accommodations with trips, and its resorts' centres (named on the map's own base layer). */
export interface DestinationMapData {
  points: DestinationMapPoint[];
  resorts: Array<{ name: string; lat: number; lng: number }>;
}

/** Where the map's places lie, to fit the map (and its picture) to: its accommodations, else its resorts' centres. */
export function mapSpots(data: DestinationMapData): Array<[lat: number, lng: number]> {
  return data.points.length ? data.points.map((p) => [p[1], p[2]]) : data.resorts.map((r) => [r.lat, r.lng]);
}
