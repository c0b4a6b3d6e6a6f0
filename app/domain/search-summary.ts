import type { Arrival, SearchArea, SearchData } from "./search-data";
import { texts } from "./texts";

// The search summary's counted texts (docs/screens.md "Search summary"). Units are those of
// texts.summary, in the singular for one.
//
// Which "Alle" variant where: the compact mobile summary says 'Alle' for all destinations and
// 'Geo' for a map area; the desktop search bar and search-agent lists, which have room, say
// 'Alle destinationer' and 'Geo område'.

export type SummaryWidth = "compact" | "full";

function counted(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function areaSummary(area: SearchArea, width: SummaryWidth = "full"): string {
  const u = texts.summary;
  switch (area.type) {
    case "destinations":
      return counted(area.destinationSlugs.length, u.areas);
    case "tags":
      return counted(area.tags.length, u.categories);
    case "geo":
      return width === "compact" ? u.geoShort : u.geoLong;
    case "all":
      return width === "compact" ? u.allShort : u.allLong;
  }
}

export function peopleSummary(adultCount: number, childrenCount: number): string {
  return counted(adultCount + childrenCount, texts.summary.persons);
}

export function arrivalSummary(arrival: Arrival): string {
  const u = texts.summary;
  switch (arrival.type) {
    case "weeks":
      return counted(arrival.weeks.length, u.weeks);
    case "months":
      return counted(arrival.months.length, u.months);
    case "dates":
      return counted(arrival.dates.length, u.days);
    case "asap":
      return u.asap;
  }
}

export function searchSummary(data: SearchData, width: SummaryWidth = "full"): [string, string, string] {
  return [areaSummary(data.searchArea, width), peopleSummary(data.adultCount, data.childrenCount), arrivalSummary(data.arrival)];
}
