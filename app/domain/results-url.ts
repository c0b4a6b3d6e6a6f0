import { AFFILIATE_ID_PATTERN, DEFAULT_BOUNDS, OFFER_REDIRECT_PATH, RESULTS_PATH, type PriceMode } from "./constants";
import { hasTotalBound, switchPriceMode } from "./price-mode";
import type { SearchQuery } from "./search-data";
import { LIST_PARAMS, NUMERIC_FILTER_KEYS, parseSearchQuery, readableQuery, toSearchParams } from "./url-codec";

// The results page's URL: the search query of url-codec.ts plus two view params that are not part
// of the search and that every link and form of the page carries along:
//   priceType=total  the 'Samlet pris' price type (omitted for 'Pr. person', and whenever a
//                    total-price bound already implies it)
//   aff=ID           the affiliate id of an embedding partner site
//   map=1            the results-map view: the map, and under it the plain list of places
//   embed=1          embed mode: the page inside a partner's iframe (public/embed.js)
//   dialog=NAME      an open dialog: `login` or `createSearchAgent`; never part of the search
// It also turns what a plain GET form submits (repeated params, empty fields, "23.960 kr.",
// "6 dage") into the canonical URL the loader redirects to.

export interface ResultsView {
  priceMode: PriceMode;
  aff?: string;
  /** The results-map view (`map=1`). */
  map?: boolean;
  /** Embed mode (`embed=1`): no site header or footer, scrolling through the partner page. */
  embed?: boolean;
  /** The dialog opened by name (`dialog=login|createSearchAgent`), so it works without JavaScript. */
  dialog?: ResultsDialog;
}

export const RESULTS_DIALOGS = ["login", "createSearchAgent"] as const;
export type ResultsDialog = (typeof RESULTS_DIALOGS)[number];

export interface ResultsState extends ResultsView {
  query: SearchQuery;
}

/** Params whose value is one number, which a plain form may send as "23.960 kr." or "6 dage". */
const NUMERIC_KEYS: readonly string[] = [...NUMERIC_FILTER_KEYS, "adultCount", "childrenCount", "page"];

/** "23.960 kr.", "23960", "6 dage" → digits; anything else is returned untouched (and later dropped). */
export function formNumber(raw: string): string {
  const m = /^\s*(\d{1,3}(?:\.\d{3})+|\d+)\s*(?:kr\.?|dage?)?\s*$/i.exec(raw);
  return m ? m[1].replace(/\./g, "") : raw;
}

/**
 * Merges repeated list params (a form's checkboxes) into comma lists and drops empty values; a
 * param of one value given more than once counts with its first value, as the API reads it.
 */
function mergeParams(raw: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const keys = [...new Set(raw.keys())].slice(0, 100);
  for (const key of keys) {
    const values = raw
      .getAll(key)
      .slice(0, 100)
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (!values.length) continue;
    out.set(key, LIST_PARAMS.includes(key) ? values.join(",") : NUMERIC_KEYS.includes(key) ? formNumber(values[0]) : values[0]);
  }
  return out;
}

/** Any query string (a link, a submitted form, a hostile URL) → the page's state. */
export function parseResultsParams(raw: URLSearchParams): ResultsState {
  const params = mergeParams(raw);
  // A bound at its default is unset (a form sends the sliders' ends too).
  for (const [key, def] of Object.entries(DEFAULT_BOUNDS)) {
    if (params.get(key) === String(def)) params.delete(key);
  }
  const query = parseSearchQuery(params);
  const f = query.searchData.filters;
  // An explicit price type (the form always sends one) wins; otherwise a total bound implies 'Samlet pris'.
  const requested = params.get("priceType");
  const priceMode: PriceMode = requested === "total" || requested === "perPerson" ? requested : hasTotalBound(f) ? "total" : "perPerson";
  // Each mode keeps only its own bounds; 'Eksklusiv' has no ski-pass days.
  let filters = switchPriceMode(f, priceMode);
  if (filters.skiPassIncluded === false) {
    filters = { ...filters };
    delete filters.minSkiPassDaysCount;
    delete filters.maxSkiPassDaysCount;
  }
  const aff = params.get("aff") ?? undefined;
  return {
    query: { ...query, searchData: { ...query.searchData, filters } },
    priceMode,
    ...(aff && AFFILIATE_ID_PATTERN.test(aff) ? { aff } : {}),
    ...(params.get("map") === "1" ? { map: true } : {}),
    ...(params.get("embed") === "1" ? { embed: true } : {}),
    ...((RESULTS_DIALOGS as readonly string[]).includes(params.get("dialog") ?? "")
      ? { dialog: params.get("dialog") as ResultsDialog }
      : {}),
  };
}

/** The canonical query string of the page's state (search, then view params). */
export function resultsParams(state: ResultsState): URLSearchParams {
  const out = toSearchParams(state.query);
  if (state.priceMode === "total" && !hasTotalBound(state.query.searchData.filters)) out.set("priceType", "total");
  if (state.aff) out.set("aff", state.aff);
  if (state.map) out.set("map", "1");
  if (state.embed) out.set("embed", "1");
  if (state.dialog) out.set("dialog", state.dialog);
  return out;
}

export function resultsHref(state: ResultsState, path = RESULTS_PATH): string {
  const qs = readableQuery(resultsParams(state));
  return qs ? `${path}?${qs}` : path;
}

/**
 * Whether a request's query string is already canonical, compared after one decode/encode round:
 * the readable spelling (`,` and `:` as they are, which resultsHref writes) and the percent-encoded
 * one of older links are the same URL. (Remix hands loaders the query string re-encoded anyway.)
 */
export function isCanonical(search: string, state: ResultsState): boolean {
  return new URLSearchParams(search).toString() === resultsParams(state).toString();
}

/** The company's offer URL carrying the affiliate id, when there is one. */
export function offerHref(url: string, aff: string | undefined): string {
  if (!aff) return url;
  try {
    const u = new URL(url);
    u.searchParams.set("aff", aff);
    return u.toString();
  } catch {
    return url;
  }
}

/** An outbound offer link: the redirect route that records the click (app/routes/offer-redirect.ts). */
export function offerRedirectHref(tripId: string, aff: string | undefined): string {
  const path = `${OFFER_REDIRECT_PATH}/${encodeURIComponent(tripId)}`;
  return aff ? `${path}?aff=${encodeURIComponent(aff)}` : path;
}
