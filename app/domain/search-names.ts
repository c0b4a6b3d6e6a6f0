import { formatDayMonth, onFirstUse } from "./format";
import type { Arrival, SearchArea } from "./search-data";
import { tagLabel } from "./tags";
import { texts } from "./texts";

// The search in names, where a count told nothing ("1 område", "2 uger"): the chosen place
// ("Val Thorens", "Val Thorens + 2"), the weeks, months or dates by name, the party, and the
// filters as their chips say them. The search bar's steps, the first line of the mobile summary,
// a new search agent's name and an agent's summary (filter-names.ts) use them; the mobile summary's
// second line keeps the counted units (search-summary.ts; docs/screens.md "Search summary").

/** Names of destination slugs as far as known (the page's loader, the destination picker); a slug stands for an unknown one. */
export type PlaceNames = Record<string, string>;

const n = texts.names;

/** The first of a list, and how many more: "Val Thorens + 2". */
function firstAndMore(items: string[]): string {
  return items.length > 1 ? n.more(items[0], items.length - 1) : (items[0] ?? "");
}

/** "a", "a og b", "a, b og c". */
export function listDa(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return n.and(items.slice(0, -1).join(", "), items[items.length - 1]);
}

function areaItems(area: SearchArea, names: PlaceNames): string[] {
  if (area.type === "destinations") return area.destinationSlugs.map((s) => names[s] ?? s);
  if (area.type === "tags") return area.tags.map(tagLabel);
  if (area.type === "geo") return [n.mapArea];
  return [texts.summary.allLong];
}

/** The chosen place in a few words: the first place and how many more ("Val Thorens + 2"). */
export function placeName(area: SearchArea, names: PlaceNames): string {
  return firstAndMore(areaItems(area, names));
}

/** Every chosen place by name ("Val Thorens, Tignes og Zermatt"). */
export function placeNamesInFull(area: SearchArea, names: PlaceNames): string {
  return listDa(areaItems(area, names));
}

/** Week numbers in season order (from week 27 on the autumn comes first), consecutive ones as runs: "7–8, 10". */
function weekRuns(weeks: number[]): string {
  const order = (w: number) => (w >= 27 ? w : w + 100);
  const sorted = [...new Set(weeks)].sort((a, b) => order(a) - order(b));
  const runs: Array<[number, number]> = [];
  for (const w of sorted) {
    const last = runs[runs.length - 1];
    if (last && order(w) === order(last[1]) + 1) last[1] = w;
    else runs.push([w, w]);
  }
  return runs.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join(", ");
}

const monthName = onFirstUse(() => new Intl.DateTimeFormat("da-DK", { month: "long", timeZone: "UTC" }));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The arrival by name: "Uge 7–8", "Februar og marts", "13. feb. + 2", or "Snarest muligt". */
export function arrivalName(arrival: Arrival): string {
  switch (arrival.type) {
    case "weeks":
      return n.weeks(weekRuns(arrival.weeks));
    case "months": {
      const months = [...arrival.months].sort().map((m) => monthName().format(new Date(`${m}-01T00:00:00Z`)));
      return capital(months.length > 2 ? firstAndMore(months) : listDa(months));
    }
    case "dates": {
      const dates = [...arrival.dates].sort().map(formatDayMonth);
      return dates.length > 2 ? firstAndMore(dates) : listDa(dates);
    }
    case "asap":
      return texts.summary.asap;
  }
}
