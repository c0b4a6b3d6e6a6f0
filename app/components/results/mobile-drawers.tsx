import { Radio, RadioGroup } from "@headlessui/react";
import { useState } from "react";
import { SORTING_METHODS, type SortingMethod } from "~/domain/constants";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { FilterSidebar, withFilters } from "../filters/filter-sidebar";
import { ResetFiltersButton } from "../filters/reset-filters";
import { Drawer } from "../ui/drawer";
import { useSearchState } from "./search-state";

// The mobile bar's drawers (app/components/results/mobile-bar.tsx), loaded when one first opens.
// The filter drawer edits a draft, run by its 'Gem ændringer' button; the sort drawer picks a
// sort, applied by its button.

export function FilterDrawer({
  options,
  facetNumbers,
  onClose,
  onSaved,
}: {
  options: SearchOptions;
  facetNumbers: FacetNumbers;
  onClose: () => void;
  onSaved: () => void;
}) {
  const state = useSearchState();
  return (
    <Drawer
      open
      onClose={onClose}
      title={texts.mobile.filterDrawerTitle}
      testId="filter-drawer"
      footer={
        !state.searchIsUpToDate ? (
          <button
            type="button"
            className="w-full rounded bg-brand-600 px-4 py-3 font-semibold text-white"
            data-testid="save-filters"
            onClick={() => {
              onSaved();
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
  );
}

export function SortDrawer({ onClose }: { onClose: () => void }) {
  const state = useSearchState();
  const { applied } = state;
  const [pendingSort, setPendingSort] = useState<SortingMethod>(applied.query.sort);
  return (
    <Drawer
      open
      onClose={onClose}
      title={texts.mobile.sortDrawerTitle}
      testId="sort-drawer"
      footer={
        pendingSort !== applied.query.sort ? (
          <button
            type="button"
            className="w-full rounded bg-brand-600 px-4 py-3 font-semibold text-white"
            data-testid="apply-sort"
            onClick={() => {
              onClose();
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
  );
}
