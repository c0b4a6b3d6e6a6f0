import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { calendarHeights, type CalendarDay } from "~/domain/accommodation-offers";
import type { PriceMode } from "~/domain/constants";
import { formatCount, formatPrice, formatShortDate } from "~/domain/format";
import type { ResultsState } from "~/domain/results-url";
import { texts } from "~/domain/texts";

/**
 * The price calendar: the cheapest offer of each departure date in the season (for the party and
 * filters, the arrival ignored) as a row of bars drawn on the server, each labelled with its price
 * in whole kroner; each bar links to the page narrowed to its date, at the offers. The date the page
 * is narrowed to is marked. A season has more dates than fit: the row scrolls sideways, and shows it
 * by fading its edges where there is more (CSS scroll-driven, app/tailwind.css `.calendar`) and,
 * with JavaScript, by buttons that scroll it and by bringing the chosen date into view.
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
  const row = useRef<HTMLOListElement>(null);
  const scroll = useScroller(row, chosen[0]);
  return (
    <section aria-labelledby="calendar-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm" data-testid="price-calendar">
      <h2 id="calendar-heading" className="text-xl font-bold text-brand-900">
        {t.calendarHeading}
      </h2>
      <p className="text-sm text-slate-600">{t.calendarIntro}</p>
      {days.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t.calendarEmpty}</p>
      ) : (
        <>
          <div className="mt-3 flex items-center justify-between gap-2">
            <p className="text-xs font-semibold text-slate-600" data-testid="calendar-unit">
              {t.calendarUnit(priceMode === "perPerson")}
            </p>
            {/* Shown once a script has found that the row scrolls; their place is kept, so nothing moves. */}
            <div className={`flex gap-1 ${scroll.overflows ? "" : "invisible"}`} data-testid="calendar-scroll">
              <ScrollButton label={t.calendarEarlier} disabled={scroll.atStart} onClick={() => scroll.by(-1)}>
                ‹
              </ScrollButton>
              <ScrollButton label={t.calendarLater} disabled={scroll.atEnd} onClick={() => scroll.by(1)}>
                ›
              </ScrollButton>
            </div>
          </div>
          <div className="calendar">
            <ol ref={row} className="calendar-row" onScroll={scroll.update}>
              {days.map((day, k) => {
                const selected = chosen.includes(day.departureDate);
                return (
                  <li key={day.departureDate} className="flex h-full min-w-12 max-w-16 flex-1 flex-col items-center justify-end">
                    <Link
                      to={hrefs[k]}
                      className="group flex h-full w-full flex-col items-center justify-end text-center"
                      aria-current={selected ? "true" : undefined}
                      data-testid="calendar-day"
                      data-date={day.departureDate}
                    >
                      <span className="mb-0.5 text-[11px] leading-tight tabular-nums text-slate-700">{formatCount(day.price)}</span>
                      <span
                        className={`w-full rounded-t ${
                          selected ? "bg-brand-900" : day.price === cheapest ? "bg-emerald-600" : "bg-brand-600"
                        } group-hover:bg-brand-700`}
                        style={{ height: `${heights[k]}%` }}
                      />
                      <span className="mt-1 whitespace-nowrap text-[11px] leading-tight text-slate-700">{shortDay(day.departureDate)}</span>
                      {/* The name says the short labels the eye reads (so speech control finds the bar by them), then in full. */}
                      <span className="sr-only">{t.calendarDay(formatShortDate(day.departureDate), formatPrice(day.price))}</span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </div>
        </>
      )}
    </section>
  );
}

function ScrollButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="h-8 w-8 rounded-full border border-slate-300 text-lg leading-none text-brand-700 hover:bg-brand-50 disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

/** Whether the row scrolls and where it stands; scrolls it by most of its width; brings the chosen date into view once. */
function useScroller(row: React.RefObject<HTMLOListElement>, chosen: string | undefined) {
  const [state, setState] = useState({ overflows: false, atStart: true, atEnd: false });
  const update = () => {
    const el = row.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    const next = { overflows: max > 1, atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft >= max - 1 };
    setState((s) => (s.overflows === next.overflows && s.atStart === next.atStart && s.atEnd === next.atEnd ? s : next));
  };
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const day = chosen ? el.querySelector<HTMLElement>(`[data-date="${chosen}"]`) : null;
    // The row is positioned: a day's offsetLeft is within it.
    if (day) el.scrollTo({ left: day.offsetLeft - (el.clientWidth - day.offsetWidth) / 2 });
    // It reports the row's size once observed, then on every change: the state follows.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per chosen date: the row and its handler stay the same
  }, [chosen]);
  return {
    ...state,
    update,
    by: (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.8, behavior: "smooth" }),
  };
}

/** 2027-02-13 → "13/2" */
function shortDay(iso: string): string {
  return `${Number(iso.slice(8, 10))}/${Number(iso.slice(5, 7))}`;
}
