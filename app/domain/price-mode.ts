import { FULL_PRICE_MAX, PER_PERSON_PRICE_MAX, type PriceMode } from "./constants";
import type { SearchFilters } from "./search-data";

// The price type ('Pr. person' or 'Samlet pris') and the price bounds that belong to each. Apart
// from the other filter rules (filters.ts): every page's links need these, the rest only the forms.

export interface PriceKeys {
  min: "minPrice" | "minFullPrice";
  max: "maxPrice" | "maxFullPrice";
  /** The slider's upper bound. */
  sliderMax: number;
}

export function priceKeys(mode: PriceMode): PriceKeys {
  return mode === "total"
    ? { min: "minFullPrice", max: "maxFullPrice", sliderMax: FULL_PRICE_MAX }
    : { min: "minPrice", max: "maxPrice", sliderMax: PER_PERSON_PRICE_MAX };
}

export function hasTotalBound(f: SearchFilters): boolean {
  return f.minFullPrice !== undefined || f.maxFullPrice !== undefined;
}

/** Switching the price type clears the other mode's min/max (its slider returns to its defaults). */
export function switchPriceMode(f: SearchFilters, to: PriceMode): SearchFilters {
  const other = priceKeys(to === "total" ? "perPerson" : "total");
  const out = { ...f };
  delete out[other.min];
  delete out[other.max];
  return out;
}
