import { Link } from "@remix-run/react";
import type { DepartureGroup, OfferRow } from "~/domain/accommodation-offers";
import type { PriceMode } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { isDrop, priceDropText, type PriceChange } from "~/domain/price-history";
import { texts } from "~/domain/texts";
import { keepServerMarkup, useFollowLinks } from "../ui/markup-only";

type Drops = Readonly<Record<string, PriceChange>>;

/**
 * The offers table: one table per departure date, cheapest first, the cheapest marked (with
 * several dates, each shows its cheapest few and links to the page narrowed to it); each row
 * links out through the click-out redirect with the affiliate id, and shows its drop and the price
 * before when its price fell at its last change. Rows are plain OfferRow values, so a new column
 * needs only a field there and a cell here. Without its data (`offers`), in a browser hydrating the
 * server's page, it keeps the server's markup, and its links navigate in the page.
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
  /** The page narrowed to a departure date: where a date with more offers than its rows links to. */
  dateHref: (date: string) => string;
}) {
  if (!offers) return <KeptOffersTable />;
  const { groups, drops } = offers;
  const c = texts.accommodation.columns;
  // The chosen price type leads.
  const priceColumns = priceMode === "total" ? [c.price, c.perPerson] : [c.perPerson, c.price];
  return (
    <div className="mt-4 space-y-6" data-testid="offers-table">
      {groups.map((group) => (
        <section
          key={group.departureDate}
          aria-labelledby={`dep-${group.departureDate}`}
          data-testid="departure-group"
          data-date={group.departureDate}
          data-offer-count={group.offerCount}
        >
          <h3 id={`dep-${group.departureDate}`} className="mb-2 font-semibold text-brand-900">
            {texts.accommodation.departureHeading(formatShortDate(group.departureDate))}
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {c.company}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {c.transport}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {c.nights}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {c.mealPlan}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {c.skiPass}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {priceColumns[0]}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {priceColumns[1]}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {c.discount}
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{c.offer}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <OfferTableRow key={row.trip.id} row={row} drop={drops[row.trip.id]} priceMode={priceMode} aff={aff} />
                ))}
              </tbody>
            </table>
          </div>
          {group.offerCount > group.rows.length && (
            <Link
              to={dateHref(group.departureDate)}
              className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
              data-testid="departure-all"
            >
              {texts.accommodation.departureAll(formatCount(group.offerCount), formatShortDate(group.departureDate))}
            </Link>
          )}
        </section>
      ))}
    </div>
  );
}

function KeptOffersTable() {
  const followLinks = useFollowLinks();
  // Kept markup's links are followed by a click on the tables, which Enter on a link fires too.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className="mt-4 space-y-6" data-testid="offers-table" onClick={followLinks} {...keepServerMarkup} />;
}

function OfferTableRow({ row, drop, priceMode, aff }: { row: OfferRow; drop?: PriceChange; priceMode: PriceMode; aff?: string }) {
  const { trip } = row;
  const t = texts.accommodation;
  // A drop is of the whole-party price: it is told under that price, whichever column leads.
  const dropNote = isDrop(drop) && (
    <span className="block text-xs font-normal text-emerald-800" data-testid="offer-drop">
      {priceDropText(drop)} <s>{texts.prices.before(formatPrice(drop.previousPrice))}</s>
    </span>
  );
  const total = priceMode === "total";
  const lead = formatPrice(total ? trip.price : trip.pricePerPerson);
  const other = formatPrice(total ? trip.pricePerPerson : trip.price);
  return (
    <tr
      className={`border-b border-slate-100 ${row.cheapest ? "bg-emerald-50" : ""}`}
      data-testid="offer-row"
      data-trip-id={trip.id}
      data-cheapest={row.cheapest ? "true" : undefined}
    >
      <td className="py-2 pr-3 font-semibold">
        {trip.travelCompany.name}
        {row.cheapest && (
          <span className="ml-2 rounded bg-emerald-700 px-1.5 py-0.5 text-xs font-bold text-white" data-testid="cheapest">
            {t.cheapest}
          </span>
        )}
      </td>
      <td className="py-2 pr-3">{texts.results.transport[trip.transport]}</td>
      <td className="py-2 pr-3">{t.nights(trip.nights)}</td>
      <td className="py-2 pr-3">{trip.mealPlan.title}</td>
      <td className="py-2 pr-3">{trip.skiPass.included ? t.skiPassDays(trip.skiPass.days) : t.noSkiPass}</td>
      <td className="py-2 pr-3 text-right font-bold text-slate-900">
        <span data-testid="offer-price">{lead}</span>
        {total && dropNote}
      </td>
      <td className="py-2 pr-3 text-right text-slate-600">
        {other}
        {!total && dropNote}
      </td>
      <td className="py-2 pr-3 text-right">
        {trip.discountPercentage > 0 && (
          <span className="font-semibold text-red-700">{texts.results.discount(trip.discountPercentage)}</span>
        )}
        {trip.originalPrice !== null && trip.originalPrice > trip.price && (
          <span className="block text-xs text-slate-500">
            <s>{texts.prices.before(formatPrice(trip.originalPrice))}</s>
          </span>
        )}
      </td>
      <td className="py-2 text-right">
        <a
          href={offerRedirectHref(trip.id, aff)}
          target="_blank"
          rel="noopener nofollow"
          className="inline-block whitespace-nowrap rounded bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          data-testid="offer-link"
        >
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
