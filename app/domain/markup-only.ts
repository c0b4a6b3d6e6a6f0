import type { DepartureGroup } from "./accommodation-offers";
import type { PriceChange } from "./price-history";

/**
 * Data the server renders into a page's markup but leaves out of the page's hydration data, so that
 * it does not travel twice: the browser keeps those parts of the page as the server wrote them
 * (app/components/ui/markup-only.tsx). A loader sets it on the load context of a document request
 * only; a client navigation's data carries everything.
 */
export interface MarkupOnly {
  /** The markup of the results page's cards, by the page's order (app/routes/results.tsx). */
  resultCards?: CardMarkup[];
  /** The accommodation page's offers tables and their price drops (app/routes/accommodation.tsx). */
  offers?: { groups: DepartureGroup[]; drops: Record<string, PriceChange> };
}

/** A result card's parts that are markup only: its photo, facts and offer (app/components/results/result-card.tsx). */
export interface CardMarkup {
  photo: string;
  main: string;
  deal: string;
}
