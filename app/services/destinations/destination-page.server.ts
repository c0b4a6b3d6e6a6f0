import type { Db } from "../../../db/client";
import { readContentVersion } from "../../../db/content-version";
import { DESTINATION_CARDS } from "~/domain/constants";
import { nextIsoWeek, toDay, todayInDenmark } from "~/domain/dates";
import { destinationPath, placeResultsHref, placeSearch, placeWeekHref, weekOf, type PlaceLevel } from "~/domain/destination-url";
import {
  PAGE_PERSONS,
  type CalendarWeek,
  type ChildPlace,
  type DestinationMapData,
  type DestinationMapPoint,
  type PlaceLink,
} from "~/domain/destination-page";
import { factLines, type FactLine } from "~/domain/resort-facts";
import type { SearchResultItem } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import type { PlacePrices, PriceCount } from "~/search/place-prices";
import type { SearchEngine } from "~/search/types";
import { placeCatalogue, resolvePlace, type Place, type PlaceCatalogue } from "./places.server";

// What a destination page shows (docs/urls.md "Destination pages"), for the default party (2
// adults) and "Snarest muligt": the place's name and breadcrumbs, the places under it with their
// trips and lowest price per person, its facts, the lowest price per departure week, the best
// accommodations (the search's first cards), their map and the link to all its trips. The
// catalogue and the prices are counted once per index generation, content version and day; a page
// adds one search (its cards) and sums over its resorts.

export interface DestinationPage {
  level: "root" | PlaceLevel;
  name: string;
  /** Its canonical path. */
  path: string;
  /** From the landing page down to it (itself last, without a link of its own in the page). */
  crumbs: PlaceLink[];
  children: ChildPlace[];
  facts: FactLine[];
  /** Its trips for the party from today, and their lowest price per person (null without trips). */
  trips: number;
  lowest: number | null;
  calendar: CalendarWeek[];
  /** The best accommodations, as the results page's first cards. */
  cards: SearchResultItem[];
  /** The trips its search finds (its "Se alle N rejser"), and the link. */
  searchTotal: number;
  allTripsHref: string;
  /** Its accommodations with trips, and its resorts' centres (the map's base layer). */
  map: DestinationMapData;
  mapResultsHref: string;
  /** Places with the same slug at another level (docs/urls.md). */
  alsoNamed: Array<PlaceLink & { level: PlaceLevel; parent: string }>;
  /** A resort's centre. */
  geo: { lat: number; lng: number } | null;
}

/** What a path names: the page's data, a redirect to its canonical path, or null (404). */
export type DestinationAnswer = { page: DestinationPage } | { redirect: string } | null;

// The prices, per engine: one count per index generation (the engine's, which may lag the
// store's), day and party size.
const pricesCache = new WeakMap<SearchEngine, { key: string; prices: PlacePrices }>();

export function placePricesFor(engine: SearchEngine, today: string, persons = PAGE_PERSONS): PlacePrices {
  const key = `${engine.generation()}|${today}|${persons}`;
  let entry = pricesCache.get(engine);
  if (entry?.key !== key) pricesCache.set(engine, (entry = { key, prices: engine.placePrices(today, persons) }));
  return entry.prices;
}

/** The catalogue for the engine's generation and the store's content version (resort facts). */
export function currentCatalogue(db: Db, engine: SearchEngine): PlaceCatalogue {
  return placeCatalogue(db, `${engine.generation()}|${readContentVersion(db)}`);
}

/** Trips and lowest price over some resorts. */
function sumResorts(prices: PlacePrices, resorts: readonly string[]): PriceCount {
  const out = { trips: 0, lowest: Infinity };
  for (const slug of resorts) {
    const r = prices.resorts.get(slug);
    if (!r) continue;
    out.trips += r.trips;
    if (r.lowest < out.lowest) out.lowest = r.lowest;
  }
  return out;
}

const lowestOrNull = (c: PriceCount) => (c.trips ? c.lowest : null);

export async function destinationPage(
  db: Db,
  engine: SearchEngine,
  segments: readonly string[],
  today = todayInDenmark(),
): Promise<DestinationAnswer> {
  const catalogue = currentCatalogue(db, engine);
  const resolved = resolvePlace(catalogue, segments);
  if (!resolved) return null;
  if ("redirect" in resolved) return { redirect: resolved.redirect };
  const place = "place" in resolved ? resolved.place : null;
  const prices = placePricesFor(engine, today);
  const resorts = place ? place.resorts : [...catalogue.byLevel.resort.keys()];
  const searchSlugs = place ? place.searchSlugs : [];
  const found = await engine.search(placeSearch(searchSlugs), today);
  const own = sumResorts(prices, resorts);
  const t = texts.destinations;
  const root: PlaceLink = { name: t.rootName, href: destinationPath([]) };
  const crumbs: PlaceLink[] = [{ name: t.home, href: "/" }, root];
  for (const p of place ? lineage(place) : []) crumbs.push({ name: p.name, href: p.href });
  return {
    page: {
      level: place?.level ?? "root",
      name: place?.name ?? t.rootName,
      path: place?.href ?? root.href,
      crumbs,
      children: (place ? place.children : catalogue.countries).map((child) => {
        const c = sumResorts(prices, child.resorts);
        return { name: child.name, href: child.href, trips: c.trips, lowest: lowestOrNull(c) };
      }),
      facts: place?.level === "resort" ? factLines(place.facts) : [],
      trips: own.trips,
      lowest: lowestOrNull(own),
      calendar: calendar(prices, resorts, searchSlugs, today),
      cards: found.items.slice(0, DESTINATION_CARDS),
      searchTotal: found.totalCount,
      allTripsHref: placeResultsHref(searchSlugs),
      map: mapOf(prices, resorts, catalogue),
      mapResultsHref: placeResultsHref(searchSlugs, { map: true }),
      alsoNamed: place
        ? (catalogue.bySlug.get(place.slug) ?? [])
            .filter((p) => p !== place)
            .map((p) => ({ name: p.name, href: p.href, level: p.level, parent: p.parent?.name ?? "" }))
        : [],
      geo: place?.level === "resort" && place.lat !== undefined && place.lng !== undefined ? { lat: place.lat, lng: place.lng } : null,
    },
  };
}

/** The countries with trips for sale, with their trips and lowest price per person (the landing page's links). */
export function countriesForSale(db: Db, engine: SearchEngine, today = todayInDenmark()): ChildPlace[] {
  const prices = placePricesFor(engine, today);
  return currentCatalogue(db, engine)
    .countries.map((c) => {
      const sum = sumResorts(prices, c.resorts);
      return { name: c.name, href: c.href, trips: sum.trips, lowest: lowestOrNull(sum) };
    })
    .filter((c) => c.trips > 0);
}

/** From its country down to the place. */
function lineage(place: Place): Place[] {
  const out: Place[] = [];
  for (let p: Place | null = place; p; p = p.parent) out.unshift(p);
  return out;
}

/**
 * The lowest price per person of each departure week, from this week on. A week links to the
 * results of `weeks=<its number>`, which is its next occurrence from today: a week further ahead
 * than that (a year on) is left out, as its link would show another year's.
 */
function calendar(prices: PlacePrices, resorts: readonly string[], searchSlugs: readonly string[], today: string): CalendarWeek[] {
  const weeks = new Map<number, PriceCount>();
  for (const slug of resorts) {
    for (const [monday, w] of prices.resorts.get(slug)?.weeks ?? []) {
      const sum = weeks.get(monday) ?? { trips: 0, lowest: Infinity };
      sum.trips += w.trips;
      if (w.lowest < sum.lowest) sum.lowest = w.lowest;
      weeks.set(monday, sum);
    }
  }
  const todayDay = toDay(today);
  return [...weeks]
    .sort((a, b) => a[0] - b[0])
    .filter(([monday]) => nextIsoWeek(weekOf(monday).week, todayDay)?.[0] === monday)
    .map(([monday, w]) => ({ ...weekOf(monday), trips: w.trips, lowest: w.lowest, href: placeWeekHref(searchSlugs, monday) }));
}

function mapOf(prices: PlacePrices, resorts: readonly string[], catalogue: PlaceCatalogue): DestinationMapData {
  const points: DestinationMapPoint[] = [];
  const centres: DestinationMapData["resorts"] = [];
  for (const slug of resorts) {
    const r = prices.resorts.get(slug);
    if (!r) continue;
    for (const a of r.accommodations) points.push([a.id, a.lat, a.lng, a.lowest, a.name]);
    const place = catalogue.byLevel.resort.get(slug);
    if (place?.lat !== undefined && place.lng !== undefined) centres.push({ name: place.name, lat: place.lat, lng: place.lng });
  }
  return { points, resorts: centres };
}
