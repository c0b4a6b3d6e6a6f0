import { Link } from "@remix-run/react";
import type { PriceMode } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import type { ResultCardItem } from "~/domain/search-result";
import { priceDropText, type PriceChange } from "~/domain/price-history";
import { useHoveredAccommodation } from "./hover-context";
import { SaveTripButton } from "../saved-trips/save-trip-button";
import { Photo } from "../accommodation/photo";

/**
 * One accommodation with its best matching offer (specification point 2, "Search results screen").
 * Twenty per page: its parts are styled by a few named classes (`rc…`, `feature-chips` in
 * app/tailwind.css), not each by its own list of utility classes, so the page stays small.
 */
export function ResultCard({
  item,
  priceMode,
  aff,
  pageHref,
  newTab,
  drop,
}: {
  item: ResultCardItem;
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
    <span className="rc-other">
      {`${r.partyPrice(trip.persons)}: `}
      <strong>{formatPrice(trip.price)}</strong>
    </span>
  );
  // The chosen price type leads; the other follows in small print.
  const perPerson = (
    <span className="rc-other">
      <strong>{formatPrice(trip.pricePerPerson)}</strong>
      {` ${r.perPerson}`}
    </span>
  );
  const main = priceMode === "total" ? formatPrice(trip.price) : formatPrice(trip.pricePerPerson);
  return (
    <article
      className="rc"
      data-testid="result-card"
      data-accommodation-id={a.id}
      data-hovered={hovered ? "true" : undefined}
      aria-labelledby={`acc-${a.id}`}
      onMouseEnter={() => setHoveredAccommodationId(a.id)}
      onMouseLeave={() => setHoveredAccommodationId(null)}
    >
      {/* The name's link says the same to the keyboard and screen readers, so the photo's is for the pointer only
          (and Remix learns the page's route from the name's link: discover="none" leaves one attribute out). */}
      <Link
        to={pageHref}
        target={newTab ? "_blank" : undefined}
        tabIndex={-1}
        aria-hidden="true"
        className="rc-photo"
        discover="none"
        data-testid="photo-link"
      >
        <Photo src={a.imageUrl} alt={texts.photos.photo(a.name)} className="aspect-[4/3] w-full" />
      </Link>
      <div className="rc-main">
        <h2 id={`acc-${a.id}`}>
          <Link to={pageHref} target={newTab ? "_blank" : undefined} data-testid="accommodation-link">
            {a.name}
          </Link>
        </h2>
        <p className="rc-place">{`${a.destination.name}, ${a.country.name}`}</p>
        <p className="rc-stars" aria-label={r.stars(a.rating)} role="img">
          {"★".repeat(a.rating)}
        </p>
        <ul className="rc-facts">
          <li>{trip.mealPlan.title}</li>
          <li>{trip.skiPass.included ? r.skiPassIncluded(trip.skiPass.days) : r.skiPassExcluded}</li>
          <li>{r.transport[trip.transport]}</li>
          <li>{r.departure(formatShortDate(trip.departureDate), trip.nights)}</li>
          <li>{r.travelCompany(trip.travelCompany.name)}</li>
        </ul>
        {a.features.length > 0 && (
          <ul aria-label={r.features} className="feature-chips">
            {a.features.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="rc-offer">
        <span className="rc-label">{r.bestOffer}</span>
        {trip.discountPercentage > 0 && (
          <span className="rc-discount" data-testid="discount">
            {r.discount(trip.discountPercentage)}
          </span>
        )}
        {drop && (
          <span className="rc-drop" title={priceDropText(drop)} data-testid="price-drop">
            {texts.prices.droppedLabel(
              formatPrice(priceMode === "total" ? drop.previousPrice : (drop.previousPricePerPerson ?? drop.previousPrice)),
            )}
          </span>
        )}
        <span className="rc-price" data-testid="main-price">
          {main}
        </span>
        <span className="rc-unit">{priceMode === "total" ? r.partyPrice(trip.persons) : r.perPerson}</span>
        {priceMode === "total" ? perPerson : party}
        {trip.originalPrice !== null && trip.originalPrice > trip.price && (
          <span className="rc-before">
            {`${r.originalPrice} `}
            <s>{formatPrice(trip.originalPrice)}</s>
          </span>
        )}
        <a href={pageHref} target={newTab ? "_blank" : undefined} className="rc-offers" data-testid="offer-count">
          {r.offers(item.offerCount, item.companyCount, formatCount)}
        </a>
        <a href={offerRedirectHref(trip.id, aff)} target="_blank" rel="noopener nofollow" className="rc-link" data-testid="offer-link">
          {r.seeOffer(trip.travelCompany.name)}
        </a>
        <SaveTripButton tripId={trip.id} />
      </div>
    </article>
  );
}
