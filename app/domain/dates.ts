// Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so a date never shifts with the server's zone.

import { onFirstUse } from "./format";

const DAY_MS = 86_400_000;

export function toDay(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

export function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `s` is a real calendar date written YYYY-MM-DD (not 2027-02-30, not 2027-2-13). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const day = toDay(s);
  return Number.isFinite(day) && fromDay(day) === s;
}

const copenhagenDate = onFirstUse(() => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Copenhagen" }));

/** Today's date in Copenhagen, where the season's departures are reckoned. */
export function todayInDenmark(now = new Date()): string {
  return copenhagenDate().format(now);
}

/** ISO weekday, Monday 1 … Sunday 7. */
export function isoWeekday(day: number): number {
  // Day 0 (1970-01-01) was a Thursday.
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function mondayOfIsoWeek(year: number, week: number): number {
  const jan4 = toDay(`${year}-01-04`);
  return jan4 - (isoWeekday(jan4) - 1) + (week - 1) * 7;
}

export function isoWeeksInYear(year: number): number {
  const dec28 = toDay(`${year}-12-28`);
  return isoWeekOf(dec28).week;
}

export function isoWeekOf(day: number): { year: number; week: number } {
  const thursday = day - isoWeekday(day) + 4;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - toDay(`${year}-01-01`)) / 7) + 1;
  return { year, week };
}

/** The next occurrence of ISO week `week` that has not ended before `today`: [monday, sunday]. */
export function nextIsoWeek(week: number, today: number): [number, number] | null {
  const { year } = isoWeekOf(today);
  for (let y = year; y <= year + 6; y++) {
    if (week > isoWeeksInYear(y)) continue;
    const monday = mondayOfIsoWeek(y, week);
    if (monday + 6 >= today) return [monday, monday + 6];
  }
  return null;
}

/** First and last day of a `YYYY-MM` month. */
export function monthRange(yearMonth: string): [number, number] {
  const [y, m] = yearMonth.split("-").map(Number);
  const first = Date.UTC(y, m - 1, 1) / DAY_MS;
  const last = Date.UTC(y, m, 1) / DAY_MS - 1;
  return [first, last];
}

const copenhagenClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Copenhagen",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
);

/** The moment (ms) a Danish calendar day (YYYY-MM-DD) begins: midnight in Copenhagen. */
export function danishDayStart(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const parts = Object.fromEntries(
    copenhagenClock()
      .formatToParts(utcMidnight)
      .map((p) => [p.type, p.value]),
  );
  const asLocal = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return utcMidnight - (asLocal - utcMidnight);
}
