import type { ReactNode } from "react";
import type { PriceMode, SortingMethod } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref, type ResultsState } from "~/domain/results-url";
import { accommodationHref, atOffers } from "~/domain/accommodation-url";
import { texts } from "~/domain/texts";
import type { ResultCardItem, ResultCardKey } from "~/domain/search-result";
import { priceDropText, type PriceChange } from "~/domain/price-history";
import { useHoveredAccommodation } from "./hover-context";
import { SaveTripButton } from "../saved-trips/save-trip-button";
import { Photo } from "../accommodation/photo";
import { keepServerMarkup, useFollowLinks } from "../ui/markup-only";
import type { CardMarkup } from "~/domain/markup-only";

/** How a card shows, beside its data. */
export interface CardView {
  priceMode: PriceMode;
  /** The search's sort: the card names the trip it picked by it. */
  sort: SortingMethod;
  aff?: string;
  /** The accommodation's page with the current search (its name, photo and offer count link there). */
  pageHref: string;
  /** Open the page in a new tab (embed mode: the page may not be framed). */
  newTab?: boolean;
  /** Set when the best offer's price fell at its last change. */
  drop?: PriceChange & { previousPrice: number };
}

/** A card's data and how it shows. */
type CardPartProps = { item: ResultCardItem; view: CardView };

/** A card's view on the results page: from the page's search and the price drops by trip id. */
export function cardView(
  applied: ResultsState,
  [accommodationId, tripId]: ResultCardKey,
  drops: Record<string, CardView["drop"]>,
): CardView {
  return {
    priceMode: applied.priceMode,
    sort: applied.query.sort,
    aff: applied.aff,
    pageHref: accommodationHref(accommodationId, applied),
    newTab: applied.embed,
    drop: drops[tripId],
  };
}

/**
 * One accommodation with its best matching offer (docs/screens.md "Results page").
 * Twenty per page: its parts are styled by a few named classes (`rc…`, `feature-chips` in
 * app/tailwind.css), not each by its own list of utility classes, so the page stays small.
 * Its photo, facts and offer are plain markup (their links are followed by the card's click
 * handler), which the server renders once for all pages that show them (cardMarkup,
 * card-markup.server.tsx) and a browser hydrating the server's page keeps
 * (no `data`); the card's frame (hovering) and save button are live.
 */
export function ResultCard({
  cardKey,
  data,
  markup,
}: {
  cardKey: ResultCardKey;
  /** The card's data and view, where the browser renders the card. */
  data?: CardPartProps;
  /** The server's markup of the card's parts, where the server renders the page. */
  markup?: CardMarkup;
}) {
  const [accommodationId, tripId] = cardKey;
  const { hoveredAccommodationId, setHoveredAccommodationId } = useHoveredAccommodation();
  const followLinks = useFollowLinks();
  return (
    // The card's links are followed by a click on the card, which Enter on a link fires too.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      className="rc"
      data-hovered={hoveredAccommodationId === accommodationId ? "true" : undefined}
      onMouseEnter={() => setHoveredAccommodationId(accommodationId)}
      onMouseLeave={() => setHoveredAccommodationId(null)}
      onClick={followLinks}
    >
      <CardPart className="rc-photo" html={markup?.photo}>
        {data && <CardPhoto {...data} />}
      </CardPart>
      <CardPart className="rc-main" html={markup?.main}>
        {data && <CardFacts {...data} />}
      </CardPart>
      <div className="rc-offer">
        <CardPart className="rc-deal" html={markup?.deal}>
          {data && <CardDeal {...data} />}
        </CardPart>
        <SaveTripButton tripId={tripId} />
      </div>
    </article>
  );
}

/** A part of the card: rendered, the server's markup, or (without either) the markup the browser has. */
function CardPart({ className, html, children }: { className: string; html: string | undefined; children: ReactNode }) {
  if (children) return <div className={className}>{children}</div>;
  if (html !== undefined) return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className={className} {...keepServerMarkup} />;
}

/** The card's parts, rendered for the server's markup (HTML strings) or in the browser. */
export const cardParts = { photo: CardPhoto, main: CardFacts, deal: CardDeal };

/** The photo links to the accommodation's page for the pointer only: the name's link says the same to the keyboard and screen readers. */
function CardPhoto({ item, view }: CardPartProps) {
  return (
    <a href={view.pageHref} target={view.newTab ? "_blank" : undefined} tabIndex={-1} aria-hidden="true">
      {/* Square as a phone's thumbnail beside the name, 4:3 in a wider list. */}
      <Photo src={item.accommodation.imageUrl} alt="" decorative className="aspect-square @md:aspect-[4/3]" />
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
