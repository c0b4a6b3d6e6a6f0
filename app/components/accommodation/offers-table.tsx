import { Link } from "@remix-run/react";
import type { DepartureGroup, OfferRow } from "~/domain/accommodation-offers";
import type { PriceMode } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { isDrop, priceDropText, type PriceChange } from "~/domain/price-history";
import { texts } from "~/domain/texts";
import { keepServerMarkup, useFollowLinks } from "../ui/markup-only";

type Drops = Readonly<Record<string, PriceChange>>;

/** Columns of the list: company, trip, meal plan, lift pass, price, the link out. */
const COLUMNS = 6;

/**
 * The offers list: ONE table for every departure, so its columns line up across dates (a body per
 * date, headed by the date; cheapest first, the cheapest of all marked, which a result card's "Fra"
 * price is). With several dates each shows its cheapest few and links to the page narrowed to it.
 * Each row links out through the click-out redirect with the affiliate id, and shows its drop and
 * the price before when its price fell at its last change. On a phone the rows stack (app/tailwind.css
 * `.offers`): company and price on top, the facts under them, the link across. Rows are plain
 * OfferRow values, so a new column needs a field there and a cell here. Without its data (`offers`),
 * in a browser hydrating the server's page, it keeps the server's markup, and its links navigate in
 * the page.
 */
export function OffersTable({
  offers,
  priceMode,
  aff,
  dateHref,
}: {
  offers: { groups: DepartureGroup[]; drops: Drops } | undefined;
  priceMode: PriceMode;
  aff?: string;
  /** The page narrowed to a departure date, at its offers: where a date with more offers than its rows links to. */
  dateHref: (date: string) => string;
}) {
  if (!offers) return <KeptOffersTable />;
  const { groups, drops } = offers;
  const t = texts.accommodation;
  const c = t.columns;
  return (
    <div className="offers-box mt-4" data-testid="offers-table">
      <table className="offers">
        <thead>
          <tr>
            <th scope="col">{c.company}</th>
            <th scope="col">{c.trip}</th>
            <th scope="col">{c.mealPlan}</th>
            <th scope="col">{c.skiPass}</th>
            <th scope="col" className="text-right">
              {priceMode === "total" ? c.price : c.perPerson}
            </th>
            {/* Positioned and padded, so the hidden label (1 px, margin −1 px) stays inside its cell. */}
            <th scope="col" className="relative pl-3">
              <span className="sr-only">{c.offer}</span>
            </th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody
            key={group.departureDate}
            data-testid="departure-group"
            data-date={group.departureDate}
            data-offer-count={group.offerCount}
          >
            <tr>
              <th scope="colgroup" colSpan={COLUMNS} id={`dep-${group.departureDate}`} className="offers-date">
                {t.departureHeading(formatShortDate(group.departureDate))}
              </th>
            </tr>
            {group.rows.map((row) => (
              <OfferTableRow key={row.trip.id} row={row} drop={drops[row.trip.id]} priceMode={priceMode} aff={aff} />
            ))}
            {group.offerCount > group.rows.length && (
              <tr>
                <td colSpan={COLUMNS} className="offers-more">
                  <Link to={dateHref(group.departureDate)} data-testid="departure-all">
                    {t.departureAll(formatCount(group.offerCount), formatShortDate(group.departureDate))}
                  </Link>
                </td>
              </tr>
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function KeptOffersTable() {
  const followLinks = useFollowLinks();
  // Kept markup's links are followed by a click on the tables, which Enter on a link fires too.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className="offers-box mt-4" data-testid="offers-table" onClick={followLinks} {...keepServerMarkup} />;
}

function OfferTableRow({ row, drop, priceMode, aff }: { row: OfferRow; drop?: PriceChange; priceMode: PriceMode; aff?: string }) {
  const { trip } = row;
  const t = texts.accommodation;
  const total = priceMode === "total";
  return (
    <tr className="offer-row" data-testid="offer-row" data-trip-id={trip.id} data-cheapest={row.cheapest ? "true" : undefined}>
      <td className="offer-company">
        <span className="font-semibold">{trip.travelCompany.name}</span>
        {row.cheapest && (
          <span className="offer-cheapest" data-testid="cheapest">
            {t.cheapest}
          </span>
        )}
      </td>
      <td className="offer-trip">{t.trip(texts.results.transport[trip.transport], trip.nights)}</td>
      <td className="offer-meal">{trip.mealPlan.title}</td>
      {/* The filter's words (Inkluderet / Eksklusiv); a phone, without the column's header, says "Liftkort" before them. */}
      <td className="offer-pass" data-label={t.columns.skiPass}>
        {trip.skiPass.included ? t.skiPassIncluded(trip.skiPass.days) : texts.filters.skiPassExcluded}
      </td>
      <td className="offer-price">
        <span className="offer-lead">
          <span data-testid="offer-price">{formatPrice(total ? trip.price : trip.pricePerPerson)}</span>
          <span className="offer-unit">{` ${total ? texts.results.inTotal : texts.results.perPerson}`}</span>
        </span>
        <span className="offer-other">{t.otherPrice(formatPrice(total ? trip.pricePerPerson : trip.price), total)}</span>
        {trip.discountPercentage > 0 && <span className="offer-discount">{texts.results.discount(trip.discountPercentage)}</span>}
        {isDrop(drop) ? (
          <span className="offer-drop" data-testid="offer-drop">
            {priceDropText(drop, total ? undefined : trip.pricePerPerson)} {/* The word stands; only the old price is struck through. */}
            {`${texts.prices.before} `}
            <s>{formatPrice(total ? drop.previousPrice : (drop.previousPricePerPerson ?? drop.previousPrice))}</s>
          </span>
        ) : (
          trip.originalPrice !== null &&
          trip.originalPrice > trip.price && (
            <span className="offer-before">
              {/* The feed's price before is the whole party's. */}
              {`${texts.prices.before} `}
              <s>{formatPrice(trip.originalPrice)}</s>
              {!total && ` ${texts.results.inTotal}`}
            </span>
          )
        )}
      </td>
      <td className="offer-go">
        <a href={offerRedirectHref(trip.id, aff)} target="_blank" rel="noopener nofollow" data-testid="offer-link">
          {t.goTo(trip.travelCompany.name)}
        </a>
      </td>
    </tr>
  );
}

/** An accommodation with no offer for the search: a clear notice and the same search in its resort. */
export function NoMatchingOffers({ resort, resortHref }: { resort: string; resortHref: string }) {
  const t = texts.accommodation;
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="no-matching-offers">
      <p className="font-semibold text-amber-900">{t.noOffersTitle}</p>
      <p className="mt-1 text-sm text-amber-900">{t.noOffersText}</p>
      <Link to={resortHref} className="mt-2 inline-block font-semibold text-brand-700 underline" data-testid="same-search-in-resort">
        {t.sameSearchInResort(resort)}
      </Link>
    </div>
  );
}
