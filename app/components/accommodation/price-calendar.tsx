import { Link } from "@remix-run/react";
import { calendarHeights, type CalendarDay } from "~/domain/accommodation-offers";
import type { PriceMode } from "~/domain/constants";
import { formatKiloPrice, formatPrice, formatShortDate } from "~/domain/format";
import type { ResultsState } from "~/domain/results-url";
import { texts } from "~/domain/texts";

/**
 * The price calendar: the cheapest offer of each departure date in the season (for the party and
 * filters, the arrival ignored) as a row of bars drawn on the server; each bar links to the page
 * narrowed to its date. The date the page is narrowed to is marked.
 */
export function PriceCalendar({
  days,
  hrefs,
  priceMode,
  state,
}: {
  days: CalendarDay[];
  hrefs: string[];
  priceMode: PriceMode;
  state: ResultsState;
}) {
  const t = texts.accommodation;
  const heights = calendarHeights(days);
  const arrival = state.query.searchData.arrival;
  const chosen = arrival.type === "dates" ? arrival.dates : [];
  const cheapest = Math.min(...days.map((d) => d.price));
  return (
    <section aria-labelledby="calendar-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm" data-testid="price-calendar">
      <h2 id="calendar-heading" className="text-xl font-bold text-brand-900">
        {t.calendarHeading}
      </h2>
      <p className="text-sm text-slate-600">
        {t.calendarIntro} ({priceMode === "total" ? texts.accommodation.columns.price : texts.accommodation.columns.perPerson})
      </p>
      {days.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t.calendarEmpty}</p>
      ) : (
        <ol className="mt-4 flex h-44 items-end gap-1 overflow-x-auto pb-1">
          {days.map((day, k) => {
            const selected = chosen.includes(day.departureDate);
            return (
              <li key={day.departureDate} className="flex h-full min-w-[44px] flex-1 flex-col items-center justify-end">
                <Link
                  to={hrefs[k]}
                  className="group flex h-full w-full flex-col items-center justify-end text-center"
                  aria-current={selected ? "true" : undefined}
                  data-testid="calendar-day"
                  data-date={day.departureDate}
                  preventScrollReset
                >
                  <span className="mb-0.5 text-[10px] leading-tight text-slate-600">{formatKiloPrice(day.price)}</span>
                  <span
                    className={`w-full rounded-t ${
                      selected ? "bg-brand-900" : day.price === cheapest ? "bg-emerald-600" : "bg-brand-600"
                    } group-hover:bg-brand-700`}
                    style={{ height: `${heights[k]}%` }}
                  />
                  <span className="mt-1 whitespace-nowrap text-[10px] leading-tight text-slate-700">{shortDay(day.departureDate)}</span>
                  {/* The name says the short labels the eye reads (so speech control finds the bar by them), then in full. */}
                  <span className="sr-only">{t.calendarDay(formatShortDate(day.departureDate), formatPrice(day.price))}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** 2027-02-13 → "13/2" */
function shortDay(iso: string): string {
  return `${Number(iso.slice(8, 10))}/${Number(iso.slice(5, 7))}`;
}
