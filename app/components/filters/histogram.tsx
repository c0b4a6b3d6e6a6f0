import { useEffect, useMemo, useState } from "react";
import type { PriceMode, SortingMethod } from "~/domain/constants";
import { formatCount, formatThousands } from "~/domain/format";
import { histogramBars } from "~/domain/histogram";
import { FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { SearchData } from "~/domain/search-data";
import { texts } from "~/domain/texts";

// The price histogram above the price inputs: counts per price bucket of the search without its
// four price bounds, from POST /api/facet-numbers (specification point 7). The server-rendered
// page starts from the result's own price facets, which ignore the price bounds too.

const kNumber = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 2 });

export function facetKeyFor(mode: PriceMode): "priceRange" | "pricePerPersonRange" {
  return mode === "total" ? "priceRange" : "pricePerPersonRange";
}

function withoutPriceBounds(searchData: SearchData): SearchData {
  const filters = { ...searchData.filters };
  delete filters.minPrice;
  delete filters.maxPrice;
  delete filters.minFullPrice;
  delete filters.maxFullPrice;
  return { ...searchData, filters };
}

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
  const facetKey = facetKeyFor(mode);
  const body = useMemo(
    () => JSON.stringify({ searchData: withoutPriceBounds(searchData), sortingMethod: sort, requiredFacetFields: [facetKey] }),
    [searchData, sort, facetKey],
  );
  const [fetched, setFetched] = useState<{ body: string; counts: Record<string, number> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/facet-numbers", { method: "POST", headers: { "Content-Type": "application/json" }, body, signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((json: { facetNumbers?: Record<string, { value?: Record<string, number> }> } | null) => {
        const counts = json?.facetNumbers?.[facetKey]?.value;
        if (counts) setFetched({ body, counts });
      })
      .catch(() => {});
    return () => controller.abort();
  }, [body, facetKey]);

  const counts = fetched?.body === body ? fetched.counts : initialCounts;
  const bars = histogramBars(counts, mode === "total" ? FULL_PRICE_BUCKETS : PER_PERSON_BUCKETS);
  return (
    <div
      role="img"
      aria-label={texts.filters.histogram}
      className="mb-3 flex h-[67px] items-end gap-px"
      data-testid="histogram"
      data-mode={mode}
    >
      {bars.map((bar) => {
        const range =
          bar.to === null ? `${formatThousands(bar.from)}+` : `${kNumber.format(bar.from / 1000)}–${kNumber.format(bar.to / 1000)} k kr`;
        const label = texts.filters.histogramBar(range, formatCount(bar.count));
        const inRange = (bar.to === null || bar.to > min) && (max === undefined || bar.from < max);
        return (
          // One element per bar: `histogram-bar` (app/tailwind.css) shows the title as its hover tooltip.
          <div
            key={bar.key}
            title={label}
            data-testid="histogram-bar"
            data-count={bar.count}
            style={{ height: `${bar.heightPx}px` }}
            className={`histogram-bar ${inRange ? "bg-brand-600" : "bg-slate-300"}`}
          />
        );
      })}
    </div>
  );
}
