import { Field, Label, Radio, RadioGroup, Switch } from "@headlessui/react";
import { useState } from "react";
import { SORTING_METHODS, type SortingMethod } from "~/domain/constants";
import { switchPriceMode } from "~/domain/filters";
import { texts } from "~/domain/texts";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { FilterSidebar, withFilters } from "../filters/filter-sidebar";
import { ResetFiltersButton } from "../filters/reset-filters";
import { Drawer } from "../ui/drawer";
import { useSearchState } from "./search-state";
import { MapToggleLink } from "./sorting-bar";

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
  const [pendingSort, setPendingSort] = useState<SortingMethod>(applied.query.sort);
  const total = applied.priceMode === "total";
  const button =
    "inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800";

  const closeFilters = () => {
    setFiltersOpen(false);
    state.resetDraft();
  };

  return (
    <div className={`flex-wrap items-center gap-2 ${className}`} data-testid="mobile-bar">
      <button type="button" className={button} onClick={() => setFiltersOpen(true)} data-testid="open-filters">
        {texts.mobile.filters}
      </button>
      <button
        type="button"
        className={button}
        onClick={() => {
          setPendingSort(applied.query.sort);
          setSortOpen(true);
        }}
        data-testid="open-sort"
      >
        {texts.mobile.sort}: {texts.sorting.options[applied.query.sort]}
      </button>
      {!applied.map && <MapToggleLink className="bg-white py-2" />}
      <Field className="ml-auto flex items-center gap-2 text-sm">
        <span aria-hidden="true" className={total ? "text-slate-500" : "font-semibold text-slate-900"}>
          {texts.priceType.perPerson}
        </span>
        <Switch
          checked={total}
          onChange={(on) => {
            const mode = on ? "total" : "perPerson";
            const sd = applied.query.searchData;
            state.runSearch({ priceMode: mode, searchData: { ...sd, filters: switchPriceMode(sd.filters, mode) } });
          }}
          className="group relative inline-flex h-6 w-11 items-center rounded-full bg-slate-300 transition data-[checked]:bg-brand-600"
          data-testid="price-type-switch"
        >
          <span className="size-4 translate-x-1 rounded-full bg-white transition group-data-[checked]:translate-x-6" />
        </Switch>
        <Label className={total ? "font-semibold text-slate-900" : "text-slate-500"}>{texts.priceType.total}</Label>
      </Field>

      <Drawer
        open={filtersOpen}
        onClose={closeFilters}
        title={texts.mobile.filterDrawerTitle}
        testId="filter-drawer"
        footer={
          !state.searchIsUpToDate ? (
            <button
              type="button"
              className="w-full rounded bg-brand-600 px-4 py-3 font-semibold text-white"
              data-testid="save-filters"
              onClick={() => {
                setFiltersOpen(false);
                state.runSearch();
              }}
            >
              {texts.mobile.saveChanges}
            </button>
          ) : undefined
        }
      >
        <FilterSidebar
          options={options}
          facetNumbers={facetNumbers}
          onChange={state.setDraft}
          reset={<ResetFiltersButton onClick={() => state.setDraft(withFilters(state.draft, {}))} />}
        />
      </Drawer>

      <Drawer
        open={sortOpen}
        onClose={() => setSortOpen(false)}
        title={texts.mobile.sortDrawerTitle}
        testId="sort-drawer"
        footer={
          pendingSort !== applied.query.sort ? (
            <button
              type="button"
              className="w-full rounded bg-brand-600 px-4 py-3 font-semibold text-white"
              data-testid="apply-sort"
              onClick={() => {
                setSortOpen(false);
                state.runSearch({ sort: pendingSort });
              }}
            >
              {texts.mobile.applySort}
            </button>
          ) : undefined
        }
      >
        <RadioGroup value={pendingSort} onChange={setPendingSort} aria-label={texts.sorting.label} className="space-y-2 py-2">
          {SORTING_METHODS.map((sort) => (
            <Radio
              key={sort}
              value={sort}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 data-[checked]:border-brand-600 data-[checked]:bg-brand-50 data-[focus]:outline data-[focus]:outline-2 data-[focus]:outline-brand-600"
              data-testid="sort-option"
            >
              <span
                className="size-4 rounded-full border-2 border-slate-400 in-data-[checked]:border-brand-600 in-data-[checked]:bg-brand-600"
                aria-hidden="true"
              />
              <span>{texts.sorting.options[sort]}</span>
            </Radio>
          ))}
        </RadioGroup>
      </Drawer>
    </div>
  );
}
