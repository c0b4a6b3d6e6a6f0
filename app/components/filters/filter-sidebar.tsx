import type { ReactNode } from "react";
import { showsSkiPassDays } from "~/domain/filters";
import { hasFilters } from "~/domain/search-data";
import type { SearchFilters } from "~/domain/search-data";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { useSearchState, type Draft } from "../results/search-state";
import { FilterChips } from "./chips";
import { FeaturesSection } from "./features-section";
import { MealPlanSection } from "./meal-plan-section";
import { PriceSection } from "./price-section";
import { RatingSection } from "./rating-section";
import { SkiPassDaysSection } from "./ski-pass-days-section";
import { SkiPassSection } from "./ski-pass-section";
import { TravelCompaniesSection } from "./travel-companies-section";

// The filter sidebar (docs/screens.md "Filter sidebar"): a head with the reset control, then the
// accordion sections in that order, each option with its facet count; folded, the chips of
// the applied filters instead. What an edit does is the parent's: the page's sidebar runs the
// search (filter-form.tsx), the mobile drawer keeps it as a draft (../results/mobile-bar.tsx).

/** Applies an edit of the draft (a range's once it has settled: range-filter.tsx). */
export type ApplyDraft = (next: Draft) => void;

export function withFilters(draft: Draft, filters: SearchFilters): Draft {
  return { ...draft, searchData: { ...draft.searchData, filters } };
}

export interface FilterSidebarProps {
  options: SearchOptions;
  facetNumbers: FacetNumbers;
  onChange: ApplyDraft;
  /** The reset control, shown only when there is something to reset. */
  reset: ReactNode;
  /** The head's title; in the drawer its own title names the filters and the head is just the reset control. */
  title?: ReactNode;
  /** Controls after the reset control (the page's fold button). */
  actions?: ReactNode;
  /** Folded: the applied filters as removable chips, or 'Intet valgt'. */
  folded?: boolean;
}

export function FilterSidebar({ options, facetNumbers, onChange, reset, title, actions, folded = false }: FilterSidebarProps) {
  const { draft, applied } = useSearchState();
  const filters = draft.searchData.filters;
  const resetControl = hasFilters(filters) || hasFilters(applied.query.searchData.filters) ? reset : null;
  const setFilters = (next: SearchFilters) => onChange(withFilters(draft, next));

  return (
    <>
      {title ? (
        <div className="flex flex-wrap items-center justify-between gap-2 pb-2">
          {title}
          <div className="flex items-center gap-3">
            {resetControl}
            {actions}
          </div>
        </div>
      ) : (
        resetControl && <div className="flex justify-end pb-2">{resetControl}</div>
      )}
      {folded ? (
        <FilterChips options={options} />
      ) : (
        <>
          <PriceSection
            draft={draft}
            sort={applied.query.sort}
            facetNumbers={facetNumbers}
            onModeChange={onChange}
            onRangeChange={setFilters}
          />
          <RatingSection filters={filters} facetNumbers={facetNumbers} onChange={setFilters} />
          <SkiPassSection filters={filters} facetNumbers={facetNumbers} onChange={setFilters} />
          {showsSkiPassDays(filters) && <SkiPassDaysSection filters={filters} onChange={setFilters} />}
          <MealPlanSection mealPlanTypes={options.mealPlanTypes} filters={filters} facetNumbers={facetNumbers} onChange={setFilters} />
          <FeaturesSection
            accommodationFeatures={options.accommodationFeatures}
            filters={filters}
            facetNumbers={facetNumbers}
            onChange={setFilters}
          />
          <TravelCompaniesSection
            travelCompanies={options.travelCompanies}
            filters={filters}
            facetNumbers={facetNumbers}
            onChange={setFilters}
          />
        </>
      )}
    </>
  );
}
