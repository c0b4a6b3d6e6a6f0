import type { DepartureGroup } from "./accommodation-offers";
import type { PriceChange } from "./price-history";

/**
 * Data the server renders into a page's markup but leaves out of the page's hydration data, so that
 * it does not travel twice: the browser keeps those parts of the page as the server wrote them
 * (app/components/ui/markup-only.tsx). A loader returns it under the key MARKUP_ONLY for a document
 * request only (the load context's `documentRequest`); a client navigation's data carries everything.
 */
export interface MarkupOnly {
  /** The markup of the results page's cards, by the page's order (app/routes/results.tsx). */
  resultCards?: CardMarkup[];
  /** The accommodation page's offers tables and their price drops (app/routes/accommodation.tsx). */
  offers?: { groups: DepartureGroup[]; drops: Record<string, PriceChange> };
}

/**
 * The key of a loader's markup-only data. A symbol: Remix serialises a loader's data with
 * turbo-stream, which (like JSON) leaves out symbol keys, while the server's render reads the
 * loader's own object. So the server renders the data and the browser never receives it.
 */
export const MARKUP_ONLY = Symbol("markupOnly");

/** A loader's data with its markup-only part (absent in the browser). */
export type WithMarkupOnly = { [MARKUP_ONLY]?: MarkupOnly };

/** The markup-only part of a loader's data: what the server's render of a document has, else nothing. */
export function markupOnlyOf(data: object): MarkupOnly {
  return (data as WithMarkupOnly)[MARKUP_ONLY] ?? {};
}

/** A result card's parts that are markup only: its photo, facts and offer (app/components/results/result-card.tsx). */
export interface CardMarkup {
  photo: string;
  main: string;
  deal: string;
}
