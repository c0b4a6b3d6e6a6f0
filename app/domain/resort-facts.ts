import { formatCount, onFirstUse } from "./format";
import { texts } from "./texts";

// A resort's facts (docs/feed.md "Resort facts"): what operators tell about a resort beside the
// feeds' names, shown on its destination page. Every fact may be missing, and a page shows only
// those the catalogue has. Client-safe; the checks of an operator's input are in
// resort-facts-input.ts (zod stays off the pages).

export const RESORT_FACT_FIELDS = [
  "topAltitude",
  "bottomAltitude",
  "pisteKmGreen",
  "pisteKmBlue",
  "pisteKmRed",
  "pisteKmBlack",
  "lifts",
  "seasonFirstMonth",
  "seasonLastMonth",
  "busMinutes",
  "flightMinutes",
] as const;
export type ResortFactField = (typeof RESORT_FACT_FIELDS)[number];

/** The facts the catalogue has (a missing fact is absent, never null). */
export type ResortFacts = Partial<Record<ResortFactField, number>>;

/** A fact's bounds: whole numbers, or kilometres with at most one decimal. */
export const RESORT_FACT_RANGES: Record<ResortFactField, { min: number; max: number; decimals: 0 | 1 }> = {
  topAltitude: { min: 0, max: 9000, decimals: 0 },
  bottomAltitude: { min: 0, max: 9000, decimals: 0 },
  pisteKmGreen: { min: 0, max: 2000, decimals: 1 },
  pisteKmBlue: { min: 0, max: 2000, decimals: 1 },
  pisteKmRed: { min: 0, max: 2000, decimals: 1 },
  pisteKmBlack: { min: 0, max: 2000, decimals: 1 },
  lifts: { min: 0, max: 1000, decimals: 0 },
  seasonFirstMonth: { min: 1, max: 12, decimals: 0 },
  seasonLastMonth: { min: 1, max: 12, decimals: 0 },
  busMinutes: { min: 1, max: 4320, decimals: 0 },
  flightMinutes: { min: 1, max: 4320, decimals: 0 },
};

export const isResortFactField = (name: string): name is ResortFactField => (RESORT_FACT_FIELDS as readonly string[]).includes(name);

/** One line of the page's facts: its label and its value in words. */
export interface FactLine {
  key: string;
  label: string;
  value: string;
}

const kilometres = onFirstUse(() => new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 }));
const PISTES = ["pisteKmGreen", "pisteKmBlue", "pisteKmRed", "pisteKmBlack"] as const;

/** The facts as the page lists them, in a fixed order, each only when the catalogue has it. */
export function factLines(facts: ResortFacts): FactLine[] {
  const t = texts.destinations;
  const lines: FactLine[] = [];
  const add = (key: string, label: string, value: string | undefined) => value !== undefined && lines.push({ key, label, value });
  const metres = (m: number | undefined) => (m === undefined ? undefined : t.metres(formatCount(m)));
  add("topAltitude", t.facts.topAltitude, metres(facts.topAltitude));
  add("bottomAltitude", t.facts.bottomAltitude, metres(facts.bottomAltitude));
  for (const key of PISTES) {
    const km = facts[key];
    add(key, t.facts[key], km === undefined ? undefined : t.kilometres(kilometres().format(km)));
  }
  add("lifts", t.facts.lifts, facts.lifts === undefined ? undefined : formatCount(facts.lifts));
  add("season", t.facts.season, seasonText(facts.seasonFirstMonth, facts.seasonLastMonth));
  add("busMinutes", t.facts.busMinutes, travelTimeText(facts.busMinutes));
  add("flightMinutes", t.facts.flightMinutes, travelTimeText(facts.flightMinutes));
  return lines;
}

/** 12, 4 → "december–april"; one month alone → "fra december" or "til april". */
export function seasonText(first: number | undefined, last: number | undefined): string | undefined {
  const t = texts.destinations;
  const month = (m: number) => t.months[m - 1];
  if (first !== undefined && last !== undefined) return t.seasonRange(month(first), month(last));
  if (first !== undefined) return t.seasonFrom(month(first));
  if (last !== undefined) return t.seasonUntil(month(last));
  return undefined;
}

/** 1110 → "ca. 18 timer og 30 min." */
export function travelTimeText(minutes: number | undefined): string | undefined {
  if (minutes === undefined) return undefined;
  return texts.destinations.travelTime(Math.floor(minutes / 60), minutes % 60);
}
