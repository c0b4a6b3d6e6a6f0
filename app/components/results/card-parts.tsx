import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { atOffers } from "~/domain/accommodation-url";
import { texts } from "~/domain/texts";
import { priceDropText } from "~/domain/price-history";
import { Photo } from "../accommodation/photo";
import type { CardPartProps } from "./result-card";

// A result card's plain parts: its photo, facts and offer (docs/screens.md "Results page"). The
// server renders them into markup (card-markup.server.tsx); the browser loads this module only
// where it renders a card itself (result-card.tsx).

/** The photo links to the accommodation's page for the pointer only: the name's link says the same to the keyboard and screen readers. */
function CardPhoto({ item, view }: CardPartProps) {
  return (
    <a href={view.pageHref} target={view.newTab ? "_blank" : undefined} tabIndex={-1} aria-hidden="true">
      {/* Square as a phone's thumbnail beside the name, 4:3 in a wider list. */}
      <Photo src={item.accommodation.imageUrl} alt="" decorative eager={view.eagerPhoto} className="aspect-square @md:aspect-[4/3]" />
    </a>
  );
}

/** The name, place, stars, facts and facilities. */
function CardFacts({ item, view }: CardPartProps) {
  const { accommodation: a, trip } = item;
  const r = texts.results;
  return (
    <>
      <h2>
        {/* data-discover: Remix's router learns the page's route from the link, as from a <Link>. */}
        <a href={view.pageHref} target={view.newTab ? "_blank" : undefined} data-discover="true">
          {a.name}
        </a>
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
    </>
  );
}

/**
 * The offer: "Fra" the lowest matching price (the one the accommodation page marks cheapest), in the
 * chosen price type and the other, then the trip the sort picked, named by the sort where it costs
 * more, with its discount and price drop, the offer count and the link to the company.
 */
function CardDeal({ item, view }: CardPartProps) {
  const { priceMode, sort, aff, pageHref, newTab, drop } = view;
  const { trip, cheapest } = item;
  const r = texts.results;
  const total = priceMode === "total";
  const lowest = total ? cheapest.price : cheapest.pricePerPerson;
  const picked = total ? trip.price : trip.pricePerPerson;
  const tripNotes = (
    <>
      {trip.discountPercentage > 0 && <span className="rc-discount">{r.discount(trip.discountPercentage)}</span>}
      {drop && (
        <span className="rc-drop" title={priceDropText(drop, total ? undefined : trip.pricePerPerson)} data-testid="price-drop">
          {texts.prices.droppedLabel(formatPrice(total ? drop.previousPrice : (drop.previousPricePerPerson ?? drop.previousPrice)))}
        </span>
      )}
      {trip.originalPrice !== null && trip.originalPrice > trip.price && (
        <span className="rc-before">
          {`${r.originalPrice} `}
          <s>{formatPrice(trip.originalPrice)}</s>
          {/* The feed's price before is the whole party's, as on the accommodation page's offers. */}
          {!total && ` ${r.inTotal}`}
        </span>
      )}
    </>
  );
  return (
    <>
      <span className="rc-label">{r.from}</span>
      <span className="rc-price">{formatPrice(lowest)}</span>
      <span className="rc-unit">{total ? r.partyPrice(trip.persons) : r.perPerson}</span>
      {/* The other price type follows in small print. */}
      <span className="rc-other">
        {total ? (
          <>
            {`${r.fromLower} `}
            <strong>{formatPrice(cheapest.pricePerPerson)}</strong>
            {` ${r.perPerson}`}
          </>
        ) : (
          <>
            {`${r.partyPrice(trip.persons)}: ${r.fromLower} `}
            <strong>{formatPrice(cheapest.price)}</strong>
          </>
        )}
      </span>
      {picked === lowest ? (
        tripNotes
      ) : (
        <>
          <span className="rc-pick">
            {`${texts.sorting.options[sort]}: `}
            <strong>{formatPrice(picked)}</strong>
            {` ${total ? r.inTotal : r.perPerson}`}
          </span>
          {tripNotes}
        </>
      )}
      <a href={atOffers(pageHref)} target={newTab ? "_blank" : undefined} className="rc-offers">
        {r.offers(item.offerCount, item.companyCount, formatCount)}
      </a>
      <a href={offerRedirectHref(trip.id, aff)} target="_blank" rel="noopener nofollow" className="rc-link">
        {r.seeOffer(trip.travelCompany.name)}
      </a>
    </>
  );
}

/** The card's parts, rendered for the server's markup (HTML strings) or in the browser. */
export const cardParts = { photo: CardPhoto, main: CardFacts, deal: CardDeal };
