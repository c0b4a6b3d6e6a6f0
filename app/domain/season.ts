import { fromDay, isoWeekOf, isoWeekday, toDay } from "./dates";
import { formatDayMonth, formatShortDate, onFirstUse } from "./format";
import { texts } from "./texts";

// The ski season the "Hvornår" step offers (docs/screens.md "Search summary", "The season of Hvornår"): from today to the
// end of April, off-season (May–October) the next one; its ISO weeks, months and Saturdays, the
// Danish school holidays as week quick picks, and their Danish labels.

export interface SeasonWindow {
  first: number;
  last: number;
}

export function seasonWindow(today: string): SeasonWindow {
  const t = toDay(today);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (month >= 5 && month <= 10) return { first: toDay(`${year}-11-01`), last: toDay(`${year + 1}-04-30`) };
  const springYear = month >= 11 ? year + 1 : year;
  return { first: t, last: toDay(`${springYear}-04-30`) };
}

export interface WeekOption {
  week: number;
  year: number;
  /** Monday and Sunday, ISO dates. */
  from: string;
  to: string;
}

/** The ISO weeks of the season, in calendar order (no week number twice). */
export function seasonWeeks(today: string): WeekOption[] {
  const { first, last } = seasonWindow(today);
  const out: WeekOption[] = [];
  let monday = first - (isoWeekday(first) - 1);
  for (; monday <= last; monday += 7) {
    const { year, week } = isoWeekOf(monday);
    if (!out.some((w) => w.week === week)) out.push({ week, year, from: fromDay(monday), to: fromDay(monday + 6) });
  }
  return out;
}

/** The season's months, `YYYY-MM`. */
export function seasonMonths(today: string): string[] {
  const { first, last } = seasonWindow(today);
  const out: string[] = [];
  let y = Number(fromDay(first).slice(0, 4));
  let m = Number(fromDay(first).slice(5, 7));
  const lastYm = fromDay(last).slice(0, 7);
  for (;;) {
    const ym = `${y}-${String(m).padStart(2, "0")}`;
    out.push(ym);
    if (ym >= lastYm || out.length > 12) break;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** The season's Saturdays (the usual departure day), ISO dates. */
export function seasonSaturdays(today: string): string[] {
  const { first, last } = seasonWindow(today);
  const out: string[] = [];
  for (let d = first + ((6 - isoWeekday(first) + 7) % 7); d <= last; d += 7) out.push(fromDay(d));
  return out;
}

/** Easter Sunday of a year (the anonymous Gregorian algorithm), ISO date. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export interface QuickPick {
  id: "vinterferie" | "juleferie" | "paaske";
  label: string;
  weeks: number[];
}

/**
 * The Danish school holidays of the season as week quick picks:
 *   vinterferie  uge 7 and uge 8 (the two winter-holiday weeks of the Danish municipalities),
 *   juleferie    the weeks of Christmas Eve and New Year's Eve (uge 52 + 1, or 52 + 53),
 *   påske        Easter week and the week before it (departure the Saturday before Palm Sunday).
 */
export function weekQuickPicks(today: string): QuickPick[] {
  const { first, last } = seasonWindow(today);
  const springYear = Number(fromDay(last).slice(0, 4));
  const christmasYear = Number(fromDay(first).slice(0, 4));
  const christmas = [isoWeekOf(toDay(`${christmasYear}-12-24`)).week, isoWeekOf(toDay(`${christmasYear}-12-31`)).week];
  const easterWeek = isoWeekOf(toDay(easterSunday(springYear))).week;
  const a = texts.searchBar.arrival;
  return [
    { id: "vinterferie", label: a.winterHoliday, weeks: [7, 8] },
    { id: "juleferie", label: a.christmasHoliday, weeks: [...new Set(christmas)] },
    { id: "paaske", label: a.easterHoliday, weeks: [easterWeek - 1, easterWeek] },
  ];
}

/** Whether every week of a quick pick is chosen. */
export function quickPickActive(selected: number[], pick: QuickPick): boolean {
  return pick.weeks.every((w) => selected.includes(w));
}

/** A quick pick adds its weeks, or removes them when all are already chosen. */
export function toggleQuickPick(selected: number[], pick: QuickPick): number[] {
  if (quickPickActive(selected, pick)) return selected.filter((w) => !pick.weeks.includes(w));
  return [...selected, ...pick.weeks.filter((w) => !selected.includes(w))];
}

// Danish labels of the choices.

const monthYear = onFirstUse(() => new Intl.DateTimeFormat("da-DK", { month: "long", year: "numeric", timeZone: "UTC" }));

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function weekRangeLabel(w: WeekOption): string {
  return texts.searchBar.arrival.weekRange(formatDayMonth(w.from), formatDayMonth(w.to));
}

export function monthLabel(ym: string): string {
  const s = monthYear().format(utc(`${ym}-01`));
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The "Hvornår" step's choices with their labels, which change only with the day. */
export interface SeasonChoices {
  weeks: Array<{ week: number; label: string; holiday: boolean }>;
  months: Array<{ value: string; label: string }>;
  dates: Array<{ value: string; label: string }>;
  picks: QuickPick[];
}

let lastSeason: { today: string; choices: SeasonChoices } | null = null;

/** The season's choices for a day, built once a day instead of on every render of every page. */
export function seasonChoices(today: string): SeasonChoices {
  if (lastSeason?.today !== today) {
    const picks = weekQuickPicks(today);
    const holidayWeeks = new Set(picks.flatMap((p) => p.weeks));
    const choices: SeasonChoices = {
      weeks: seasonWeeks(today).map((w) => ({ week: w.week, label: weekRangeLabel(w), holiday: holidayWeeks.has(w.week) })),
      months: seasonMonths(today).map((m) => ({ value: m, label: monthLabel(m) })),
      dates: seasonSaturdays(today).map((d) => ({ value: d, label: formatShortDate(d) })),
      picks,
    };
    lastSeason = { today, choices };
  }
  return lastSeason.choices;
}
