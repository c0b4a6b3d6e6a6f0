import { Link } from "@remix-run/react";
import type { PriceMode } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import type { ResultCardItem, ResultCardKey } from "~/domain/search-result";
import { priceDropText, type PriceChange } from "~/domain/price-history";
import { useHoveredAccommodation } from "./hover-context";
import { SaveTripButton } from "../saved-trips/save-trip-button";
import { Photo } from "../accommodation/photo";
import { keepServerMarkup, useFollowLinks } from "../ui/markup-only";

/** How a card shows, beside its data. */
interface CardView {
  priceMode: PriceMode;
  aff?: string;
  /** The accommodation's page with the current search (its name, photo and offer count link there). */
  pageHref: string;
  /** Open the page in a new tab (embed mode: the page may not be framed). */
  newTab?: boolean;
  /** Set when the best offer's price fell at its last change. */
  drop?: PriceChange & { previousPrice: number };
}

/**
 * One accommodation with its best matching offer (specification point 2, "Search results screen").
 * Twenty per page: its parts are styled by a few named classes (`rc…`, `feature-chips` in
 * app/tailwind.css), not each by its own list of utility classes, so the page stays small.
 * Without its data (`item`), in a browser hydrating the server's page, the card keeps the
 * server's markup of its photo, facts and offer; its frame (hovering) and save button are live.
 */
export function ResultCard({
  cardKey,
  item,
  priceMode,
  aff,
  pageHref,
  newTab,
  drop,
}: CardView & { cardKey: ResultCardKey; item: ResultCardItem | undefined }) {
  const [accommodationId, tripId] = cardKey;
  const { hoveredAccommodationId, setHoveredAccommodationId } = useHoveredAccommodation();
  const followLinks = useFollowLinks();
  return (
    // Kept markup's links are followed by a click on the card, which Enter on a link fires too.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <article
      className="rc"
      data-accommodation-id={accommodationId}
      data-hovered={hoveredAccommodationId === accommodationId ? "true" : undefined}
      onMouseEnter={() => setHoveredAccommodationId(accommodationId)}
      onMouseLeave={() => setHoveredAccommodationId(null)}
      onClick={item ? undefined : followLinks}
    >
      {item ? (
        <CardFacts item={item} pageHref={pageHref} newTab={newTab} />
      ) : (
        <>
          <div className="rc-photo" {...keepServerMarkup} />
          <div className="rc-main" {...keepServerMarkup} />
        </>
      )}
      <div className="rc-offer">
        {item ? (
          <CardDeal item={item} priceMode={priceMode} aff={aff} pageHref={pageHref} newTab={newTab} drop={drop} />
        ) : (
          <div className="rc-deal" {...keepServerMarkup} />
        )}
        <SaveTripButton tripId={tripId} />
      </div>
    </article>
  );
}

/** The photo, name, place, stars, facts and facilities. */
function CardFacts({ item, pageHref, newTab }: Pick<CardView, "pageHref" | "newTab"> & { item: ResultCardItem }) {
  const { accommodation: a, trip } = item;
  const r = texts.results;
  return (
    <>
      {/* The name's link says the same to the keyboard and screen readers, so the photo's is for the pointer only
          (and Remix learns the page's route from the name's link: discover="none" leaves one attribute out). */}
      <div className="rc-photo">
        <Link to={pageHref} target={newTab ? "_blank" : undefined} tabIndex={-1} aria-hidden="true" discover="none">
          <Photo src={a.imageUrl} alt="" decorative />
        </Link>
      </div>
      <div className="rc-main">
        <h2>
          <Link to={pageHref} target={newTab ? "_blank" : undefined}>
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
        </ul>
        {a.features.length > 0 && (
          <ul aria-label={r.features} className="feature-chips">
            {a.features.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** The best offer: its price both ways, discount, price drop, offer count and the link to the company. */
function CardDeal({ item, priceMode, aff, pageHref, newTab, drop }: CardView & { item: ResultCardItem }) {
  const { trip } = item;
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
    <div className="rc-deal">
      <span className="rc-label">{r.bestOffer}</span>
      {trip.discountPercentage > 0 && <span className="rc-discount">{r.discount(trip.discountPercentage)}</span>}
      {drop && (
        <span className="rc-drop" title={priceDropText(drop)} data-testid="price-drop">
          {texts.prices.droppedLabel(
            formatPrice(priceMode === "total" ? drop.previousPrice : (drop.previousPricePerPerson ?? drop.previousPrice)),
          )}
        </span>
      )}
      <span className="rc-price">{main}</span>
      <span className="rc-unit">{priceMode === "total" ? r.partyPrice(trip.persons) : r.perPerson}</span>
      {priceMode === "total" ? perPerson : party}
      {trip.originalPrice !== null && trip.originalPrice > trip.price && (
        <span className="rc-before">
          {`${r.originalPrice} `}
          <s>{formatPrice(trip.originalPrice)}</s>
        </span>
      )}
      <a href={pageHref} target={newTab ? "_blank" : undefined} className="rc-offers">
        {r.offers(item.offerCount, item.companyCount, formatCount)}
      </a>
      <a href={offerRedirectHref(trip.id, aff)} target="_blank" rel="noopener nofollow" className="rc-link">
        {r.seeOffer(trip.travelCompany.name)}
      </a>
    </div>
  );
}
