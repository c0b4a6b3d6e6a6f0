import { filterChips, type ChipOptions, type ChipTexts } from "./filters";
import { formatPrice } from "./format";
import type { SearchData } from "./search-data";
import { arrivalName, placeName, placeNamesInFull, type PlaceNames } from "./search-names";
import { peopleSummary } from "./search-summary";
import { texts } from "./texts";

// The set filters in words, as their chips say them, and a search agent's name and summary built
// from them and the search's names (search-names.ts). Apart from search-names.ts so that a page
// that shows only the search's names loads no filter rules (README, "Performance").

const n = texts.names;

/** The filters' chips say a set filter the same way everywhere (the folded sidebar, a phone's chips, an agent). */
export const CHIP_TEXTS: ChipTexts = {
  price: (mode, lo, hi) => texts.chips.price(mode, lo === undefined ? null : formatPrice(lo), hi === undefined ? null : formatPrice(hi)),
  rating: (stars) => texts.filters.starsOrMore(stars),
  skiPass: (included) => texts.chips.skiPass(included),
  skiPassDays: (lo, hi) => texts.chips.skiPassDays(lo ?? null, hi ?? null),
};

/** The set filters in words, one each, as their chips say them. */
export function filterNames(data: SearchData, options: ChipOptions): string[] {
  return filterChips(data.filters, options, CHIP_TEXTS).map((c) => c.label);
}

/**
 * A new search agent's name: the place, the party, the arrival and the filters
 * ("Val Thorens + 2, 4 personer, Uge 7–8, Halvpension"); within `maxLength`, the filters that do
 * not fit are counted at the end ("+ 2 filtre").
 */
export function agentName(data: SearchData, names: PlaceNames, options: ChipOptions, maxLength: number): string {
  const head = [placeName(data.searchArea, names), peopleSummary(data.adultCount, data.childrenCount), arrivalName(data.arrival)];
  const filters = filterNames(data, options);
  for (let shown = filters.length; shown >= 0; shown--) {
    const rest = filters.length - shown;
    const name = [...head, ...filters.slice(0, shown), ...(rest ? [n.moreFilters(rest)] : [])].join(", ");
    if (name.length <= maxLength) return name;
  }
  return head.join(", ").slice(0, maxLength);
}

/** A search agent's search in words: every place, the party, the arrival and every filter ("Val Thorens og Tignes · 4 personer · Uge 7 · Halvpension"). */
export function agentSummary(data: SearchData, names: PlaceNames, options: ChipOptions): string {
  return [
    placeNamesInFull(data.searchArea, names),
    peopleSummary(data.adultCount, data.childrenCount),
    arrivalName(data.arrival),
    ...filterNames(data, options),
  ].join(" · ");
}
