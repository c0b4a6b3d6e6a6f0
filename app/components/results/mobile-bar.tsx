import { lazy, Suspense, useId, useState } from "react";
import { filterChips } from "~/domain/filters";
import { switchPriceMode } from "~/domain/price-mode";
import { CHIP_TEXTS } from "~/domain/filter-names";
import { texts } from "~/domain/texts";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { Switch } from "../ui/switch";
import { useSearchState } from "./search-state";
import { MapToggleLink } from "./map-toggle-link";

// The drawers' code (and Headless UI's dialog) loads when one first opens.
const FilterDrawer = /* @__PURE__ */ lazy(() => import("./mobile-drawers").then((m) => ({ default: m.FilterDrawer })));
const SortDrawer = /* @__PURE__ */ lazy(() => import("./mobile-drawers").then((m) => ({ default: m.SortDrawer })));

// Mobile (below lg, with JavaScript): the filter drawer, the sort drawer and the price-type toggle.
// The filter drawer edits a draft, run by its 'Gem ændringer' button. Without JavaScript the page
// shows the sidebar form and the sorting links instead.

export function MobileBar({
  options,
  facetNumbers,
  className = "",
}: {
  options: SearchOptions;
  facetNumbers: FacetNumbers;
  className?: string;
}) {
  const state = useSearchState();
  const { applied } = state;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);
  const id = useId();
  const total = applied.priceMode === "total";
  const filtersSet = filterChips(applied.query.searchData.filters, options, CHIP_TEXTS).length;

  const closeFilters = () => {
    setFiltersOpen(false);
    state.resetDraft();
  };

  return (
    <div className={`flex-wrap items-center gap-2 ${className}`} data-testid="mobile-bar">
      <button
        type="button"
        className="bar-button"
        onClick={() => setFiltersOpen(true)}
        aria-label={filtersSet ? texts.mobile.filtersSet(filtersSet) : undefined}
        data-testid="open-filters"
      >
        {texts.mobile.filters}
        {filtersSet > 0 && (
          <span className="badge" data-testid="filters-badge">
            {filtersSet}
          </span>
        )}
      </button>
      <button type="button" className="bar-button" onClick={() => setSortOpen(true)} data-testid="open-sort">
        {texts.mobile.sort}: {texts.sorting.options[applied.query.sort]}
      </button>
      {!applied.map && <MapToggleLink className="bg-white py-2" />}
      <div className="ml-auto flex items-center gap-2 text-sm">
        <span aria-hidden="true" className={total ? "text-slate-500" : "font-semibold text-slate-900"}>
          {texts.priceType.perPerson}
        </span>
        <Switch
          checked={total}
          aria-labelledby={`${id}-total`}
          onChange={(on) => {
            const mode = on ? "total" : "perPerson";
            const sd = applied.query.searchData;
            state.runSearch({ priceMode: mode, searchData: { ...sd, filters: switchPriceMode(sd.filters, mode) } });
          }}
          data-testid="price-type-switch"
        />
        <span id={`${id}-total`} className={total ? "font-semibold text-slate-900" : "text-slate-500"}>
          {texts.priceType.total}
        </span>
      </div>

      {filtersOpen && (
        <Suspense fallback={null}>
          <FilterDrawer options={options} facetNumbers={facetNumbers} onClose={closeFilters} onSaved={() => setFiltersOpen(false)} />
        </Suspense>
      )}
      {sortOpen && (
        <Suspense fallback={null}>
          <SortDrawer onClose={() => setSortOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
