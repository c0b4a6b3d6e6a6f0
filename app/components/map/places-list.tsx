import { formatPrice } from "~/domain/format";
import { texts } from "~/domain/texts";
import type { MapData } from "~/domain/search-result";

// The results-map view's plain list: the result's places by resort, with coordinates and
// best price. Server-rendered under the (client-only) map: it is the map without JavaScript, and
// what is left when the tiles cannot load.

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

export function PlacesList({ groups, priceUnit }: { groups: PlacesByResort[]; priceUnit: string }) {
  const count = groups.reduce((n, g) => n + g.places.length, 0);
  return (
    <section aria-labelledby="places-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm" data-testid="places-list">
      <h2 id="places-heading" className="text-lg font-bold text-brand-900">
        {texts.map.placesHeading}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{texts.map.placesIntro(count, groups.length)}</p>
      <div className="space-y-4">
        {groups.map((g) => (
          <section key={g.resort.slug} aria-labelledby={`resort-${g.resort.slug}`} data-testid="places-resort">
            <h3 id={`resort-${g.resort.slug}`} className="font-semibold text-slate-900">
              {g.resort.name}, {g.resort.country}
            </h3>
            <ul className="mt-1 divide-y divide-slate-100 text-sm">
              {g.places.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-x-4 py-1" data-testid="place" data-accommodation-id={p.id}>
                  <span className="font-medium text-slate-800">{p.name}</span>
                  <span className="text-slate-500">{texts.map.coordinates(p.lat, p.lng)}</span>
                  <span className="font-semibold text-slate-900">
                    {texts.map.from(formatPrice(p.price))} {priceUnit}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
