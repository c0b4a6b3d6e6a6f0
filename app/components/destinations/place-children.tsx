import { Link } from "@remix-run/react";
import type { ChildPlace } from "~/domain/destination-page";
import { formatCount, formatPrice } from "~/domain/format";
import { texts } from "~/domain/texts";

/** The places under the page's place, each a link with its trips and lowest price per person. */
export function PlaceChildren({ heading, places }: { heading: string; places: ChildPlace[] }) {
  const t = texts.destinations;
  if (!places.length) return null;
  return (
    <section aria-labelledby="children-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="place-children">
      <h2 id="children-heading" className="mb-3 text-xl font-bold text-brand-900">
        {heading}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {places.map((p) => (
          <li key={p.href}>
            <Link
              to={p.href}
              className="flex h-full flex-col rounded-lg border border-slate-200 px-3 py-2 hover:border-brand-600 hover:bg-brand-50"
              data-testid="child-place"
              data-trips={p.trips}
            >
              <span className="font-semibold text-brand-800 underline underline-offset-2">{p.name}</span>
              <span className="text-sm text-slate-700">
                {p.lowest === null ? (
                  t.childNoTrips
                ) : (
                  <>
                    {t.childTrips(formatCount(p.trips))} · <strong>{t.childFrom(formatPrice(p.lowest))}</strong> {t.perPerson}
                  </>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
