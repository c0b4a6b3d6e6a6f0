import { Link } from "@remix-run/react";
import { accommodationHref } from "~/domain/accommodation-url";
import { formatPrice } from "~/domain/format";
import { resultsHref, type ResultsState } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import type { PlacesByResort } from "~/domain/map-places";
import { useSearchState } from "../results/search-state";

// The results-map view's plain list: the result's places by resort, with their lowest price,
// linked to their accommodation pages. Server-rendered under the (client-only) map: it is the map
// without JavaScript, and what is left when the tiles cannot load.

/** Places shown under a resort; the rest are a link away, in the list of that resort's trips. */
export const PLACES_PER_RESORT = 10;

/**
 * One disclosure per resort, closed (a short page however large the result), with its number of
 * places and lowest price; opened, its cheapest places linked to their accommodation pages for this
 * search, and a link to all of them in the list when there are more. Works without JavaScript.
 */
export function PlacesList({ groups, priceUnit }: { groups: PlacesByResort[]; priceUnit: string }) {
  const { applied } = useSearchState();
  const count = groups.reduce((n, g) => n + g.places.length, 0);
  const t = texts.map;
  return (
    <section aria-labelledby="places-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm" data-testid="places-list">
      <h2 id="places-heading" className="text-lg font-bold text-brand-900">
        {t.placesHeading}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t.placesIntro(count, groups.length)}</p>
      <ul className="divide-y divide-slate-100">
        {groups.map((g) => {
          const shown = g.places.slice(0, PLACES_PER_RESORT);
          const inList: ResultsState = {
            ...applied,
            map: false,
            query: {
              ...applied.query,
              page: 1,
              searchData: { ...applied.query.searchData, searchArea: { type: "destinations", destinationSlugs: [g.resort.slug] } },
            },
          };
          return (
            <li key={g.resort.slug} data-testid="places-resort">
              <details className="group">
                <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center justify-between gap-x-4 py-2 [&::-webkit-details-marker]:hidden">
                  <span className="font-semibold text-slate-900">
                    <span aria-hidden="true" className="mr-2 inline-block text-brand-700 transition-transform group-open:rotate-90">
                      ›
                    </span>
                    {g.resort.name}, {g.resort.country}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t.resortSummary(g.places.length, formatPrice(g.places[0].price))} {priceUnit}
                  </span>
                </summary>
                <ul className="mb-2 ml-5 text-sm">
                  {shown.map((p) => (
                    <li
                      key={p.id}
                      className="flex flex-wrap justify-between gap-x-4"
                      data-testid="place"
                      data-accommodation-id={p.id}
                      data-lat={p.lat}
                      data-lng={p.lng}
                    >
                      <Link to={accommodationHref(p.id, applied)} className="min-h-11 py-2.5 font-medium text-brand-700 underline">
                        {p.name}
                      </Link>
                      <span className="py-2.5 font-semibold text-slate-900">
                        {t.from(formatPrice(p.price))} {priceUnit}
                      </span>
                    </li>
                  ))}
                </ul>
                {g.places.length > shown.length && (
                  <p className="mb-3 ml-5 text-sm">
                    <Link to={resultsHref(inList)} className="font-semibold text-brand-700 underline" data-testid="places-resort-all">
                      {t.allInResort(g.places.length, g.resort.name)}
                    </Link>
                  </p>
                )}
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
