import type { DepartureGroup } from "./accommodation-offers";
import type { PriceChange } from "./price-history";
import type { ResultCardItem } from "./search-result";

/**
 * Data the server renders into a page's markup but leaves out of the page's hydration data, so that
 * it does not travel twice: the browser keeps those parts of the page as the server wrote them
 * (app/components/ui/markup-only.tsx). A loader sets it on the load context of a document request
 * only; a client navigation's data carries everything.
 */
export interface MarkupOnly {
  /** The results page's cards (app/routes/results.tsx). */
  resultCards?: ResultCardItem[];
  /** The accommodation page's offers tables and their price drops (app/routes/ophold.$id.tsx). */
  offers?: { groups: DepartureGroup[]; drops: Record<string, PriceChange> };
}
