import type { ResultsState } from "~/domain/results-url";
import type { MapData, MapPoint, SearchResultItem } from "~/domain/search-result";
import type { SearchEngine } from "./types";

/** Pages the fallback reads for an engine without mapPoints (Typesense): at most this many × PAGE_SIZE markers. */
export const MAP_FALLBACK_PAGES = 50;

/**
 * The map's data for a results-page state (GET /api/map and the `map=1` view). The embedded
 * engine answers from its index in one scan; an engine without `mapPoints` (Typesense) falls back
 * to the result list, page by page, capped at MAP_FALLBACK_PAGES pages.
 */
export async function mapData(engine: SearchEngine, state: ResultsState): Promise<MapData> {
  const query = { ...state.query, page: 1 };
  if (engine.mapPoints) return engine.mapPoints(query, state.priceMode);
  const first = await engine.search(query);
  const items = [...first.items];
  const pages = Math.min(MAP_FALLBACK_PAGES, Math.ceil(first.pagination.totalCount / first.pagination.pageSize));
  for (let page = 2; page <= pages; page++) items.push(...(await engine.search({ ...query, page })).items);
  return fromItems(items, state.priceMode, first.totalCount, first.pagination.totalCount);
}

/** Map data from result items (the list fallback). */
export function fromItems(
  items: SearchResultItem[],
  priceMode: MapData["priceMode"],
  totalCount: number,
  accommodationCount: number,
): MapData {
  const resorts: MapData["resorts"] = [];
  const companies: string[] = [];
  const resortSlot = new Map<string, number>();
  const companySlot = new Map<string, number>();
  const points: MapPoint[] = items.map(({ accommodation: a, trip }) => {
    let r = resortSlot.get(a.destination.slug);
    if (r === undefined) resortSlot.set(a.destination.slug, (r = resorts.push({ ...a.destination, country: a.country.name }) - 1));
    let c = companySlot.get(trip.travelCompany.slug);
    if (c === undefined) companySlot.set(trip.travelCompany.slug, (c = companies.push(trip.travelCompany.name) - 1));
    const price = priceMode === "total" ? trip.price : trip.pricePerPerson;
    return [a.id, a.lat, a.lng, price, a.name, r, a.rating, c, trip.departureDate, trip.nights, trip.id];
  });
  return { priceMode, totalCount, accommodationCount, points, resorts, companies };
}
