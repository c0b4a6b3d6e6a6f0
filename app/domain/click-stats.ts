import type { Period } from "./click-period";
import { fromDay, toDay, todayInDenmark } from "./dates";
import { onFirstUse } from "./format";
import { texts } from "./texts";

// The click-out and banner statistics of the dashboard: the counts per day and per travel company,
// affiliate or banner, and their CSV export (the period asked for: click-period.ts, server only).

export const CLICK_TABLES = ["selskaber", "partnere", "bannere"] as const;
export type ClickTableName = (typeof CLICK_TABLES)[number];

const t = texts.ops.clicks;

/** Every day of the period, oldest first. */
export function daysOf(period: Period): string[] {
  const first = toDay(period.from);
  return Array.from({ length: toDay(period.to) - first + 1 }, (_, i) => fromDay(first + i));
}

/** Counts of one hour (ms since the epoch / 3,600,000) for one travel company, affiliate or banner. */
export interface HourCount {
  key: string;
  hour: number;
  views: number;
  clicks: number;
}

export interface Totals {
  /** Null where views are not recorded (offers: only their click-outs are). */
  views: number | null;
  clicks: number;
}

export interface ClickSeries extends Totals {
  key: string;
  label: string;
  /** Per day of the period, in order. */
  perDay: Totals[];
}

export interface ClickTable {
  name: ClickTableName;
  days: string[];
  /** Most clicks first. */
  series: ClickSeries[];
}

/** Clicks per view; null when there are no views to divide by. */
export function clickRate({ views, clicks }: Totals): number | null {
  return views ? clicks / views : null;
}

/**
 * Sums hourly counts into Danish days (Denmark is a whole number of hours from UTC, so an hour
 * lies in one day) per key; `withViews` false gives null views.
 */
export function clickTable(
  name: ClickTableName,
  period: Period,
  counts: HourCount[],
  labelOf: (key: string) => string,
  withViews: boolean,
): ClickTable {
  const days = daysOf(period);
  const index = new Map(days.map((d, i) => [d, i]));
  const byKey = new Map<string, ClickSeries>();
  for (const c of counts) {
    const i = index.get(todayInDenmark(new Date(c.hour * 3_600_000)));
    if (i === undefined) continue;
    let series = byKey.get(c.key);
    if (!series) {
      series = {
        key: c.key,
        label: labelOf(c.key),
        views: withViews ? 0 : null,
        clicks: 0,
        perDay: days.map(() => ({ views: withViews ? 0 : null, clicks: 0 })),
      };
      byKey.set(c.key, series);
    }
    const cell = series.perDay[i];
    cell.clicks += c.clicks;
    series.clicks += c.clicks;
    if (withViews) {
      cell.views = (cell.views ?? 0) + c.views;
      series.views = (series.views ?? 0) + c.views;
    }
  }
  const series = [...byKey.values()].sort(
    (a, b) => b.clicks - a.clicks || (b.views ?? 0) - (a.views ?? 0) || a.label.localeCompare(b.label, "da"),
  );
  return { name, days, series };
}

/** The table's rows: one per day and key that had any views or clicks, by day then as the series. */
export function clickRows(table: ClickTable): Array<{ day: string; label: string } & Totals> {
  return table.days.flatMap((day, i) =>
    table.series
      .filter((s) => s.perDay[i].clicks > 0 || (s.perDay[i].views ?? 0) > 0)
      .map((s) => ({ day, label: s.label, ...s.perDay[i] })),
  );
}

// Made at the first CSV, not as the module loads (the clicks page's script imports it): see onFirstUse.
const csvNumber = onFirstUse(() => new Intl.NumberFormat("da-DK", { maximumFractionDigits: 0, useGrouping: false }));
const csvRate = onFirstUse(
  () => new Intl.NumberFormat("da-DK", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
);

/**
 * One CSV cell: a text that a spreadsheet would read as a formula (=, +, -, @, tab or CR first)
 * gets a leading apostrophe; a cell with the separator, a quote or a line break is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The table as CSV for a Danish spreadsheet: semicolons between cells, numbers in da-DK (decimal
 * comma, no thousands separator), the click rate in percent, CRLF line ends, a byte-order mark.
 */
export function clickCsv(table: ClickTable): string {
  const head = [t.day, t.keyHeading[table.name], t.views, t.clicks, t.clickRatePercent];
  const lines = clickRows(table).map((r) => {
    const rate = clickRate(r);
    return [
      r.day,
      r.label,
      r.views === null ? "" : csvNumber().format(r.views),
      csvNumber().format(r.clicks),
      rate === null ? "" : csvRate().format(rate * 100),
    ];
  });
  return "\uFEFF" + [head, ...lines].map((cells) => cells.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
