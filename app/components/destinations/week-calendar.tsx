import { Link } from "@remix-run/react";
import type { CalendarWeek } from "~/domain/destination-page";
import { formatDayMonth, formatKiloPrice, formatPrice } from "~/domain/format";
import { texts } from "~/domain/texts";

/**
 * The season's lowest price per person for each departure week, as bars drawn on the server (the
 * cheapest week marked); each week links to its trips on the results page.
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
      <ol className="mt-4 flex h-44 items-end gap-1 overflow-x-auto pb-1">
        {weeks.map((w) => (
          <li key={w.monday} className="relative flex h-full min-w-[44px] flex-1 flex-col items-center justify-end">
            <Link
              to={w.href}
              className="group flex h-full w-full flex-col items-center justify-end text-center"
              data-testid="calendar-week"
              data-week={w.week}
              data-lowest={w.lowest}
            >
              <span className="mb-0.5 text-[10px] leading-tight text-slate-600">{formatKiloPrice(w.lowest)}</span>
              <span
                className={`w-full rounded-t ${w.lowest === cheapest ? "bg-emerald-600" : "bg-brand-600"} group-hover:bg-brand-800`}
                style={{ height: `${Math.max(8, Math.round((w.lowest / max) * 100))}%` }}
              />
              <span className="mt-1 whitespace-nowrap text-[10px] leading-tight text-slate-700" aria-hidden="true">
                {t.calendarWeek(w.week)}
              </span>
              <span className="sr-only">
                {t.calendarWeekLabel(w.week, `${formatDayMonth(w.monday)}–${formatDayMonth(w.sunday)}`, formatPrice(w.lowest))}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
