// Numbers, prices and dates as a Dane reads them (da-DK).

/**
 * A formatter made at its first use instead of as its module loads. A browser's first Intl
 * formatter loads the locale's data, 35–60 ms of a page's first load on this machine's Chromium
 * (README "Performance"), so no module makes one before it is needed.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const count = onFirstUse(() => new Intl.NumberFormat("da-DK", { maximumFractionDigits: 0 }));
const dateLong = onFirstUse(() => new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "short", timeZone: "UTC" }));

/**
 * A whole number as da-DK writes it, "23.960" (a fraction rounds half away from zero, as Intl's
 * does). Every page's first render counts and prices, so this needs no Intl formatter: the unit
 * test holds it to Intl.NumberFormat("da-DK").
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return count().format(n);
  const whole = Math.round(Math.abs(n));
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  return sign + String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

const tenths = onFirstUse(() => new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 }));

/** A number to a tenth: 14.36 → "14,4", 1.04 → "1". */
export function formatTenths(n: number): string {
  return tenths().format(n);
}

/** A duration to a tenth: 1.04 → "1 sekund", 14.36 → "14,4 sekunder". */
export function formatSeconds(seconds: number): string {
  const shown = formatTenths(seconds);
  return `${shown} ${shown === "1" ? "sekund" : "sekunder"}`;
}

/** 23960 → "23.960 kr." */
export function formatPrice(n: number): string {
  return `${formatCount(Math.round(n))} kr.`;
}

/** 2027-02-13 → "13. februar 2027" */
export function formatDate(iso: string): string {
  return dateLong().format(new Date(`${iso}T00:00:00Z`));
}

/**
 * CLDR's Danish abbreviations of months and weekdays (Sunday first, as getUTCDay counts), as
 * Intl.DateTimeFormat("da-DK") writes them; the unit test holds them to it. Pages write their
 * departure dates as they load (a destination page's calendar, the accommodation page's offers),
 * so by hand, not by an Intl formatter.
 */
const SHORT_MONTHS = ["jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec."];
const SHORT_WEEKDAYS = ["søn.", "man.", "tirs.", "ons.", "tors.", "fre.", "lør."];

/** 2026-12-03 → "3. dec." */
export function formatDayMonth(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return dayMonth().format(date);
  return `${date.getUTCDate()}. ${SHORT_MONTHS[date.getUTCMonth()]}`;
}

/** 2027-02-13 → "lør. 13. feb." */
export function formatShortDate(iso: string): string {
  // formatDayMonth throws first on a date that is none.
  const dayMonth = formatDayMonth(iso);
  return `${SHORT_WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]} ${dayMonth}`;
}

/** Two days (ISO dates) as a span: "14.–20. dec." in one month, "28. dec.–3. jan." across two. */
export function formatDayRange(from: string, to: string): string {
  const start = from.slice(0, 7) === to.slice(0, 7) ? `${Number(from.slice(8, 10))}.` : formatDayMonth(from);
  return `${start}–${formatDayMonth(to)}`;
}

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat("da-DK", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Copenhagen" }),
);
const percentOne = onFirstUse(
  () => new Intl.NumberFormat("da-DK", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** A moment in Danish time: "23.11.2026, 13.20.05". */
export function formatDateTime(at: Date | number): string {
  return dateTime().format(at);
}

/** 0.0345 → "3,5 %" */
export function formatPercent(share: number): string {
  return percentOne().format(share);
}
