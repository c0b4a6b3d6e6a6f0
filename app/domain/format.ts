// Numbers, prices and dates as a Dane reads them (da-DK).

const count = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 0 });
const dateLong = new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dayMonth = new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "short", timeZone: "UTC" });
const dateShort = new Intl.DateTimeFormat("da-DK", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

export function formatCount(n: number): string {
  return count.format(n);
}

const tenths = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 });

/** A duration to a tenth: 1.04 → "1 sekund", 14.36 → "14,4 sekunder". */
export function formatSeconds(seconds: number): string {
  const shown = tenths.format(seconds);
  return `${shown} ${shown === "1" ? "sekund" : "sekunder"}`;
}

/** 23960 → "23.960 kr." */
export function formatPrice(n: number): string {
  return `${count.format(Math.round(n))} kr.`;
}

/** 2027-02-13 → "13. februar 2027" */
export function formatDate(iso: string): string {
  return dateLong.format(new Date(`${iso}T00:00:00Z`));
}

/** 2027-02-13 → "lør. 13. feb." */
export function formatShortDate(iso: string): string {
  return dateShort.format(new Date(`${iso}T00:00:00Z`));
}

/** 2026-12-03 → "3. dec." */
export function formatDayMonth(iso: string): string {
  return dayMonth.format(new Date(`${iso}T00:00:00Z`));
}

/** Two days (ISO dates) as a span: "14.–20. dec." in one month, "28. dec.–3. jan." across two. */
export function formatDayRange(from: string, to: string): string {
  const start = from.slice(0, 7) === to.slice(0, 7) ? `${Number(from.slice(8, 10))}.` : formatDayMonth(from);
  return `${start}–${formatDayMonth(to)}`;
}

const dateTime = new Intl.DateTimeFormat("da-DK", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Copenhagen" });
const percentOne = new Intl.NumberFormat("da-DK", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A moment in Danish time: "23.11.2026, 13.20.05". */
export function formatDateTime(at: Date | number): string {
  return dateTime.format(at);
}

/** 0.0345 → "3,5 %" */
export function formatPercent(share: number): string {
  return percentOne.format(share);
}
