import { MAX_ADULT_COUNT, MAX_CHILDREN_COUNT, MAX_PERSONS } from "~/domain/constants";
import type { Arrival, SearchArea, SearchData } from "~/domain/search-data";
import { arrivalName, placeName, type PlaceNames } from "~/domain/search-names";
import { peopleSummary } from "~/domain/search-summary";

// The search bar's rules, free of React: the steps and their value lines, the people limits, the
// kinds of area and arrival, and list toggling. The season's choices are app/domain/season.ts.

// ---------------------------------------------------------------------------------------------
// The steps, in the bar's order, and the value each shows under its name (the desktop bar's
// toggles and the mobile modal's sections): the place and the arrival by name.

export type Step = "where" | "who" | "when";
export const STEPS: readonly Step[] = ["where", "who", "when"];

export function stepValues(data: SearchData, names: PlaceNames): Record<Step, string> {
  return {
    where: placeName(data.searchArea, names),
    who: peopleSummary(data.adultCount, data.childrenCount),
    when: arrivalName(data.arrival),
  };
}

// ---------------------------------------------------------------------------------------------
// Hvem: adults 1–12, children 0–11, and at most 12 persons in all (the feed's party sizes).

export const MIN_ADULTS = 1;

export interface PeopleLimits {
  adults: [number, number];
  children: [number, number];
}

export function peopleLimits(adults: number, children: number): PeopleLimits {
  return {
    adults: [MIN_ADULTS, Math.min(MAX_ADULT_COUNT, MAX_PERSONS - children)],
    children: [0, Math.min(MAX_CHILDREN_COUNT, MAX_PERSONS - adults)],
  };
}

/** Sets one count, clamped to its limits given the other. */
export function setPeople(data: SearchData, who: "adults" | "children", value: number): SearchData {
  if (!Number.isFinite(value)) return data;
  const v = Math.trunc(value);
  const limits = peopleLimits(data.adultCount, data.childrenCount);
  if (who === "adults") {
    const [min, max] = limits.adults;
    return { ...data, adultCount: Math.max(min, Math.min(max, v)) };
  }
  const [min, max] = limits.children;
  return { ...data, childrenCount: Math.max(min, Math.min(max, v)) };
}

export function toggleItem<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

// ---------------------------------------------------------------------------------------------
// Kinds of area and arrival: an empty choice of a kind is "all" / "Snarest muligt".

export type AreaKind = SearchArea["type"];
export type ArrivalKind = Arrival["type"];

export function areaOf(
  kind: AreaKind,
  picks: { destinationSlugs: string[]; tags: string[]; bbox?: [number, number, number, number] },
): SearchArea {
  if (kind === "destinations" && picks.destinationSlugs.length) return { type: "destinations", destinationSlugs: picks.destinationSlugs };
  if (kind === "tags" && picks.tags.length) return { type: "tags", tags: picks.tags };
  if (kind === "geo" && picks.bbox) return { type: "geo", bbox: picks.bbox };
  return { type: "all" };
}

export function arrivalOf(kind: ArrivalKind, picks: { weeks: number[]; months: string[]; dates: string[] }): Arrival {
  if (kind === "weeks" && picks.weeks.length) return { type: "weeks", weeks: picks.weeks };
  if (kind === "months" && picks.months.length) return { type: "months", months: picks.months };
  if (kind === "dates" && picks.dates.length) return { type: "dates", dates: picks.dates };
  return { type: "asap" };
}

/**
 * Choosing a destination: a country or region covers its resorts, so choosing one drops its
 * descendants from the list; a node already covered by a chosen ancestor cannot be chosen alone.
 */
export function toggleDestination(selected: string[], slug: string, descendants: (slug: string) => string[]): string[] {
  if (selected.includes(slug)) return selected.filter((s) => s !== slug);
  const inner = new Set(descendants(slug));
  return [...selected.filter((s) => !inner.has(s)), slug];
}
