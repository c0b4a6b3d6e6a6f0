import type { MapData } from "./search-result";

// The results-map view's places by resort (docs/screens.md, the map view): the list under the map,
// which is the map without JavaScript.

export interface PlacesByResort {
  resort: { slug: string; name: string; country: string };
  places: Array<{ id: string; name: string; lat: number; lng: number; price: number }>;
}

/** Groups map data by resort: resorts by country and name, places by price then name. */
export function placesByResort(data: MapData): PlacesByResort[] {
  const groups: PlacesByResort[] = data.resorts.map((resort) => ({ resort, places: [] }));
  for (const [id, lat, lng, price, name, r] of data.points) groups[r].places.push({ id, name, lat, lng, price });
  for (const g of groups) g.places.sort((a, b) => a.price - b.price || a.name.localeCompare(b.name, "da"));
  return groups
    .filter((g) => g.places.length)
    .sort((a, b) => a.resort.country.localeCompare(b.resort.country, "da") || a.resort.name.localeCompare(b.resort.name, "da"));
}
