import { Radio, RadioGroup } from "@headlessui/react";
import { useState } from "react";
import { MAX_FACET_FIELDS, SORTING_METHODS, type SortingMethod } from "~/domain/constants";
import { featureFacetKey, type FacetNumbers, type SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { FilterSidebar, withFilters } from "../filters/filter-sidebar";
import { ResetFiltersButton } from "../filters/reset-filters";
import { useFacetNumbers } from "../filters/use-facet-numbers";
import { Drawer } from "../ui/drawer";
import { useSearchState } from "./search-state";

// The mobile bar's drawers (app/components/results/mobile-bar.tsx), loaded when one first opens.
// The filter drawer edits a draft, run by its 'Gem ændringer' button, and its counts follow the
// draft; the sort drawer picks a sort, applied by its button.

/** The option facets the drawer shows counts for; with the features, at most MAX_FACET_FIELDS keys. */
const OPTION_FACETS = ["mealPlanType", "skiPassIncluded", "accommodation_rating", "travelCompanySlug"];

/**
 * The facet numbers of the drawer's draft: the page's own while the draft is the page's search;
 * for another (a box ticked), asked for from POST /api/facet-numbers, the page's standing in for
 * any it does not answer, and the last answer's until the next arrives.
 */
function useDraftFacetNumbers(facetNumbers: FacetNumbers, options: SearchOptions): FacetNumbers {
  const { draft, applied, searchIsUpToDate } = useSearchState();
  const fields = [...OPTION_FACETS, ...options.accommodationFeatures.map((f) => featureFacetKey(f.value))].slice(0, MAX_FACET_FIELDS);
  // As JSON text: an equal draft asks once, however often its object is rebuilt.
  const body = JSON.stringify({ searchData: draft.searchData, sortingMethod: applied.query.sort, requiredFacetFields: fields });
  const answer = useFacetNumbers(searchIsUpToDate ? null : body);
  if (searchIsUpToDate || !answer.facetNumbers) return facetNumbers;
  return { ...facetNumbers, ...answer.facetNumbers };
}

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
  const counts = useDraftFacetNumbers(facetNumbers, options);
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
            {texts.applyChanges}
          </button>
        ) : undefined
      }
    >
      <FilterSidebar
        options={options}
        facetNumbers={counts}
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
            {texts.applyChanges}
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
