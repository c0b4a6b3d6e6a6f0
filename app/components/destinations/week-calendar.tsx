import { Link } from "@remix-run/react";
import type { CalendarWeek } from "~/domain/destination-page";
import { formatDayRange, formatPrice } from "~/domain/format";
import { texts } from "~/domain/texts";

/**
 * The season's lowest price per person for each departure week, as a small calendar of week tiles
 * that wraps to the screen's width (every week in view, on a phone too): each tile names its week
 * and days, gives its price with a bar against the dearest week's, and links to its trips on the
 * results page. The cheapest week is marked.
 */
export function WeekCalendar({ weeks, persons }: { weeks: CalendarWeek[]; persons: number }) {
  const t = texts.destinations;
  if (!weeks.length) return null;
  const max = Math.max(...weeks.map((w) => w.lowest));
  const cheapest = Math.min(...weeks.map((w) => w.lowest));
  return (
    <section aria-labelledby="weeks-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="week-calendar">
      <h2 id="weeks-heading" className="text-xl font-bold text-brand-900">
        {t.calendarHeading}
      </h2>
      <p className="text-sm text-slate-600">{t.calendarIntro(persons)}</p>
      <ol className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 xl:grid-cols-6">
        {weeks.map((w) => {
          const best = w.lowest === cheapest;
          return (
            <li key={w.monday}>
              <Link
                to={w.href}
                className={`flex h-full flex-col rounded-lg border px-2 py-1.5 hover:border-brand-600 hover:bg-brand-50 ${
                  best ? "border-emerald-600 bg-emerald-50" : "border-slate-200"
                }`}
                data-testid="calendar-week"
                data-week={w.week}
                data-lowest={w.lowest}
              >
                <span className="text-sm font-semibold text-brand-800">{t.calendarWeek(w.week)}</span>
                <span className="text-xs text-slate-600">{formatDayRange(w.monday, w.sunday)}</span>
                <span className={`mt-1 text-sm font-bold ${best ? "text-emerald-800" : "text-slate-900"}`}>{formatPrice(w.lowest)}</span>
                <span className="mt-1 h-1.5 w-full rounded-full bg-slate-100" aria-hidden="true">
                  <span
                    className={`block h-full rounded-full ${best ? "bg-emerald-600" : "bg-brand-600"}`}
                    style={{ width: `${Math.max(8, Math.round((w.lowest / max) * 100))}%` }}
                  />
                </span>
                {best && <span className="mt-1 text-xs font-semibold text-emerald-800">{t.calendarCheapest}</span>}
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
