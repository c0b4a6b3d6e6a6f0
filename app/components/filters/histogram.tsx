import { HISTOGRAM_BAR_MAX_PX, type PriceMode, type SortingMethod } from "~/domain/constants";
import { formatCount } from "~/domain/format";
import { barInRange, barRangeInThousands, histogramBars, histogramCounts, histogramRequest, histogramScheme } from "~/domain/histogram";
import type { SearchData } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { useSearchState } from "../results/search-state";
import { useHydrated } from "../ui/use-hydrated";
import { useFacetNumbers } from "./use-facet-numbers";

// The price histogram above the price inputs: counts per price bucket of the search without its
// four price bounds (docs/screens.md "Price histogram"): for the page's search, the result's own
// price facets, which ignore the price bounds too; for another search (a draft), from
// POST /api/facet-numbers (./use-facet-numbers.ts).

export function PriceHistogram({
  mode,
  searchData,
  sort,
  initialCounts,
  min,
  max,
}: {
  mode: PriceMode;
  searchData: SearchData;
  sort: SortingMethod;
  initialCounts: Record<string, number> | undefined;
  min: number;
  /** The selected maximum; undefined when unset (the open-ended bucket is then included). */
  max: number | undefined;
}) {
  // The body as JSON text: an equal search asks once, however often its object is rebuilt.
  const body = JSON.stringify(histogramRequest(searchData, sort, mode));
  // The page's own price facets already answer the page's search (they ignore its price bounds):
  // only another search (the mobile drawer's draft) is asked for.
  const { applied } = useSearchState();
  const own = body === JSON.stringify(histogramRequest(applied.query.searchData, applied.query.sort, applied.priceMode));
  const answer = useFacetNumbers(own ? null : body);
  // While a search's counts are on their way, the page's own counts stand in.
  const asked = !own && answer.current ? histogramCounts(answer.facetNumbers, mode) : undefined;
  const counts = asked ?? initialCounts;
  // Drawn once the page runs (the histogram is for JavaScript only): the server's page reserves its height but carries no bars.
  const hydrated = useHydrated();
  const bars = hydrated ? histogramBars(counts, histogramScheme(mode)) : [];
  return (
    <div
      role="img"
      aria-label={texts.filters.histogram}
      className="mb-3 flex items-end gap-px"
      style={{ height: HISTOGRAM_BAR_MAX_PX }}
      data-testid="histogram"
      data-mode={mode}
    >
      {bars.map((bar) => {
        const range = barRangeInThousands(bar);
        const label = texts.filters.histogramBar(texts.filters.histogramRange(range.from, range.to), formatCount(bar.count));
        return (
          // One element per bar: `histogram-bar` (app/tailwind.css) shows the title as its hover tooltip.
          <div
            key={bar.key}
            title={label}
            data-testid="histogram-bar"
            data-count={bar.count}
            style={{ height: `${bar.heightPx}px` }}
            className={`histogram-bar ${barInRange(bar, min, max) ? "bg-brand-600" : "bg-slate-300"}`}
          />
        );
      })}
    </div>
  );
}
