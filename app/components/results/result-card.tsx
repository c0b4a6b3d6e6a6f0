import { Link } from "@remix-run/react";
import type { PriceMode } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import type { SearchResultItem } from "~/domain/search-result";
import { priceDropText, type PriceChange } from "~/domain/price-history";
import { useHoveredAccommodation } from "./hover-context";
import { SaveTripButton } from "../saved-trips/save-trip-button";
import { Photo } from "../accommodation/photo";

/**
 * One accommodation with its best matching offer (specification point 2, "Search results screen").
 * Twenty per page: the facility chips are styled by their list (`feature-chips` in
 * app/tailwind.css), not each by its own utility classes.
 */
export function ResultCard({
  item,
  priceMode,
  aff,
  pageHref,
  newTab,
  drop,
}: {
  item: SearchResultItem;
  priceMode: PriceMode;
  aff?: string;
  /** The accommodation's page with the current search (its name, photo and offer count link there). */
  pageHref: string;
  /** Open the page in a new tab (embed mode: the page may not be framed). */
  newTab?: boolean;
  /** Set when the best offer's price fell at its last change. */
  drop?: PriceChange & { previousPrice: number };
}) {
  const { accommodation: a, trip } = item;
  const { hoveredAccommodationId, setHoveredAccommodationId } = useHoveredAccommodation();
  const hovered = hoveredAccommodationId === a.id;
  const r = texts.results;
  const party = (
    <span className="block text-sm text-slate-600">
      {r.partyPrice(trip.persons)}: <strong className="text-slate-900">{formatPrice(trip.price)}</strong>
    </span>
  );
  // The chosen price type leads; the other follows in small print.
  const perPerson = (
    <span className="block text-sm text-slate-600">
      <strong className="text-slate-900">{formatPrice(trip.pricePerPerson)}</strong> {r.perPerson}
    </span>
  );
  const main = priceMode === "total" ? formatPrice(trip.price) : formatPrice(trip.pricePerPerson);
  return (
    <article
      className={`flex flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm transition sm:flex-row sm:justify-between sm:p-5 ${
        hovered ? "border-brand-600 ring-2 ring-brand-100" : "border-slate-200"
      }`}
      data-testid="result-card"
      data-accommodation-id={a.id}
      data-hovered={hovered ? "true" : undefined}
      onMouseEnter={() => setHoveredAccommodationId(a.id)}
      onMouseLeave={() => setHoveredAccommodationId(null)}
      aria-labelledby={`acc-${a.id}`}
    >
      {/* The name's link says the same to the keyboard and screen readers, so the photo's is for the pointer only. */}
      <Link
        to={pageHref}
        target={newTab ? "_blank" : undefined}
        tabIndex={-1}
        aria-hidden="true"
        className="w-full shrink-0 self-start sm:w-40"
        data-testid="photo-link"
      >
        <Photo src={a.imageUrl} alt={texts.photos.photo(a.name)} className="aspect-[4/3] w-full" />
      </Link>
      <div className="min-w-0 sm:flex-1">
        <h3 id={`acc-${a.id}`} className="text-lg font-bold text-brand-900">
          <Link to={pageHref} target={newTab ? "_blank" : undefined} className="hover:underline" data-testid="accommodation-link">
            {a.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          {a.destination.name}, {a.country.name}
        </p>
        <p className="text-amber-500" aria-label={r.stars(a.rating)} role="img">
          {"★".repeat(a.rating)}
        </p>
        <ul className="mt-3 space-y-0.5 text-sm text-slate-700">
          <li>{trip.mealPlan.title}</li>
          <li>{trip.skiPass.included ? r.skiPassIncluded(trip.skiPass.days) : r.skiPassExcluded}</li>
          <li>{r.transport[trip.transport]}</li>
          <li>{r.departure(formatShortDate(trip.departureDate), trip.nights)}</li>
          <li>{r.travelCompany(trip.travelCompany.name)}</li>
        </ul>
        {a.features.length > 0 && (
          <ul aria-label={r.features} className="feature-chips mt-3">
            {a.features.map((f) => (
              <li key={f.value}>{f.name}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end sm:text-right">
        <span className="text-xs uppercase tracking-wide text-slate-500">{r.bestOffer}</span>
        {trip.discountPercentage > 0 && (
          <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="discount">
            {r.discount(trip.discountPercentage)}
          </span>
        )}
        {drop && (
          <span
            className="rounded bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white"
            title={priceDropText(drop)}
            data-testid="price-drop"
          >
            {texts.prices.droppedLabel(formatPrice(drop.previousPrice))}
          </span>
        )}
        <span className="text-2xl font-extrabold text-slate-900" data-testid="main-price">
          {main}
        </span>
        <span className="text-xs text-slate-600">{priceMode === "total" ? r.partyPrice(trip.persons) : r.perPerson}</span>
        {priceMode === "total" ? perPerson : party}
        {trip.originalPrice !== null && trip.originalPrice > trip.price && (
          <span className="text-xs text-slate-500">
            {r.originalPrice} <s>{formatPrice(trip.originalPrice)}</s>
          </span>
        )}
        <a href={pageHref} target={newTab ? "_blank" : undefined} className="text-sm text-brand-700 underline" data-testid="offer-count">
          {r.offers(item.offerCount, item.companyCount, formatCount)}
        </a>
        <a
          href={offerRedirectHref(trip.id, aff)}
          target="_blank"
          rel="noopener nofollow"
          className="mt-2 inline-block rounded bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          data-testid="offer-link"
        >
          {r.seeOffer(trip.travelCompany.name)}
        </a>
        <SaveTripButton tripId={trip.id} />
      </div>
    </article>
  );
}
