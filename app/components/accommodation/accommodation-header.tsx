import { Link } from "@remix-run/react";
import type { ResultAccommodation } from "~/domain/search-result";
import { tagLabel } from "~/domain/tags";
import { texts } from "~/domain/texts";
import { Gallery } from "./gallery";

/** Name, stars, place, photos, facilities and categories of the accommodation page. */
export function AccommodationHeader({
  accommodation: a,
  photos,
  resortPageHref,
}: {
  accommodation: ResultAccommodation;
  photos: readonly string[];
  /** The resort's destination page (docs/urls.md "Destination pages"). */
  resortPageHref: string | null;
}) {
  const t = texts.accommodation;
  return (
    <header className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:flex-row">
      <div className="w-full min-w-0 shrink-0 sm:w-80">
        <Gallery name={a.name} photos={photos} />
      </div>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-brand-900" data-testid="accommodation-name">
          {a.name}
        </h1>
        <p className="text-amber-500" aria-label={texts.results.stars(a.rating)} role="img">
          {"★".repeat(a.rating)}
        </p>
        <p className="text-slate-700">{t.location(a.destination.name, a.region.name, a.country.name)}</p>
        {resortPageHref && (
          <p className="text-sm">
            <Link to={resortPageHref} className="font-semibold text-brand-700 underline" data-testid="resort-page-link">
              {texts.destinations.aboutPlace(a.destination.name)}
            </Link>
          </p>
        )}
        {a.features.length > 0 && (
          <>
            <h2 className="mt-3 text-sm font-semibold text-slate-700">{t.features}</h2>
            <ul aria-label={t.features} className="feature-chips mt-1">
              {a.features.map((f) => (
                <li key={f.value}>{f.name}</li>
              ))}
            </ul>
          </>
        )}
        {a.tags.length > 0 && (
          <>
            <h2 className="mt-3 text-sm font-semibold text-slate-700">{t.categories}</h2>
            <ul aria-label={t.categories} className="feature-chips mt-1">
              {a.tags.map((tag) => (
                <li key={tag}>{tagLabel(tag)}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </header>
  );
}
