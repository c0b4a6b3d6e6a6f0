import { Form } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { toSearchParams } from "~/domain/url-codec";
import { useSearchState } from "../results/search-state";
import { FilterSidebar, type ApplyDraft } from "./filter-sidebar";
import { ResetFiltersLink } from "./reset-filters";

/**
 * The results page's filter sidebar. With JavaScript every edit runs the search at once (a range
 * once it has settled: range-filter.tsx); without it, it is a plain GET form with a submit button.
 */
export function FilterForm({
  options,
  facetNumbers,
  folded,
  actions,
}: {
  options: SearchOptions;
  facetNumbers: FacetNumbers;
  folded: boolean;
  /** Controls beside the reset link (the fold button). */
  actions?: ReactNode;
}) {
  const state = useSearchState();
  const { applied } = state;
  const headingId = `${useId()}-heading`;
  const apply: ApplyDraft = (next) => state.update(next);

  // Without JavaScript the form carries the rest of the search (area, party, arrival, sort, aff, embed).
  const carried = toSearchParams({ searchData: { ...applied.query.searchData, filters: {} }, sort: applied.query.sort });
  if (applied.aff) carried.set("aff", applied.aff);
  if (applied.embed) carried.set("embed", "1");

  return (
    <Form
      method="get"
      action={RESULTS_PATH}
      aria-labelledby={headingId}
      preventScrollReset
      onSubmit={(e) => {
        // With JavaScript every change is already applied; Enter just applies a pending price edit now.
        e.preventDefault();
        state.runSearch();
      }}
    >
      {[...carried].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <FilterSidebar
        options={options}
        facetNumbers={facetNumbers}
        onChange={apply}
        folded={folded}
        title={
          <h2 id={headingId} className="text-lg font-bold text-brand-900">
            {texts.filters.heading}
          </h2>
        }
        reset={<ResetFiltersLink />}
        actions={actions}
      />
      {!folded && (
        <button
          type="submit"
          className="nojs-block mt-4 hidden w-full rounded bg-brand-600 px-4 py-2 font-semibold text-white"
          data-testid="apply-filters"
        >
          {texts.applyChanges}
        </button>
      )}
    </Form>
  );
}
