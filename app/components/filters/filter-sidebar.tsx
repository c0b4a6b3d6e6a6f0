import { Form, Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { MIN_PRICE_GAP, PRICE_DEBOUNCE_MS, RATINGS, RESULTS_PATH, SKI_PASS_DAYS_MAX, type PriceMode } from "~/domain/constants";
import {
  byCountDesc,
  hasFilters,
  priceKeys,
  setPriceRange,
  setSkiPassDays,
  showsSkiPassDays,
  switchPriceMode,
  toggleFeature,
  toggleListValue,
  toggleRating,
  toggleSkiPassIncluded,
} from "~/domain/filters";
import { formatCount, formatPrice } from "~/domain/format";
import { toSearchParams } from "~/domain/url-codec";
import type { SearchFilters } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { useSearchState, type Draft } from "../results/search-state";
import { Section } from "../ui/section";
import { FilterChips } from "./chips";
import { PriceHistogram, facetKeyFor } from "./histogram";
import { RangeFilter } from "./range-filter";

// The filter sidebar (specification point 2): accordion sections in the specification's order,
// each option with its facet count. `live` (the desktop sidebar) runs the search on every change,
// price edits after the 1 s debounce; otherwise (the mobile drawer) it only edits the draft.
// As a plain GET form it works without JavaScript.

export interface FilterSidebarProps {
  options: SearchOptions;
  facetNumbers: FacetNumbers;
  live: boolean;
  /** Render as the GET form with a submit button (the page's sidebar), or as plain fields (the drawer). */
  asForm: boolean;
  folded?: boolean;
  header?: ReactNode;
}

function facet(f: FacetNumbers, key: string): Record<string, number> {
  const v = f[key];
  return typeof v === "object" && v ? v.value : {};
}

const DAYS = (n: number) => `${n}${texts.filters.daysSuffix}`;

export function FilterSidebar({ options, facetNumbers, live, asForm, folded = false, header }: FilterSidebarProps) {
  const state = useSearchState();
  const { draft, applied } = state;
  const filters = draft.searchData.filters;
  const id = useId();

  const change = (next: Draft, debounce = false) => {
    if (live) state.update(next, debounce ? { debounceMs: PRICE_DEBOUNCE_MS } : undefined);
    else state.setDraft(next);
  };
  const setFilters = (f: SearchFilters, debounce = false) =>
    change({ ...draft, searchData: { ...draft.searchData, filters: f } }, debounce);
  const setMode = (mode: PriceMode) => {
    if (mode === draft.priceMode) return;
    change({ priceMode: mode, searchData: { ...draft.searchData, filters: switchPriceMode(filters, mode) } });
  };

  const ratingCounts = facet(facetNumbers, "accommodation_rating");
  const cumulativeRating = (n: number) => RATINGS.filter((r) => r >= n).reduce((sum, r) => sum + (ratingCounts[String(r)] ?? 0), 0);
  const skiPassCounts = facet(facetNumbers, "skiPassIncluded");
  const mealCounts = facet(facetNumbers, "mealPlanType");
  const companyCounts = facet(facetNumbers, "travelCompanySlug");
  const featureCount = (value: string) => facet(facetNumbers, `accommodation_features_${value}`)["true"] ?? 0;
  const companies = byCountDesc(options.travelCompanies, (c) => companyCounts[c.slug] ?? 0);
  const keys = priceKeys(draft.priceMode);
  const resettable = hasFilters(filters) || hasFilters(applied.query.searchData.filters);

  // `option-row` (which also colours its input) and `option-count` are named classes in app/tailwind.css.
  const count = (n: number) => <span className="option-count">{texts.filters.count(formatCount(n))}</span>;

  const resetButton = resettable ? (
    live ? (
      <Link
        to={state.hrefFor({ searchData: { ...applied.query.searchData, filters: {} } })}
        preventScrollReset
        className="text-sm font-medium text-brand-700 underline"
        data-testid="reset-filters"
      >
        {texts.filters.reset}
      </Link>
    ) : (
      <button
        type="button"
        className="text-sm font-medium text-brand-700 underline"
        data-testid="reset-filters"
        onClick={() => change({ ...draft, searchData: { ...draft.searchData, filters: {} } })}
      >
        {texts.filters.reset}
      </button>
    )
  ) : null;

  const body = folded ? (
    <FilterChips options={options} />
  ) : (
    <>
      <Section title={texts.filters.price} testId="section-price">
        <fieldset className="mb-3">
          <legend className="sr-only">{texts.priceType.label}</legend>
          <div className="inline-flex rounded-full border border-slate-300 p-0.5 text-sm">
            {(["perPerson", "total"] as const).map((mode) => (
              <label
                key={mode}
                className="cursor-pointer rounded-full px-3 py-1 text-slate-700 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  className="sr-only"
                  name="priceType"
                  value={mode}
                  checked={draft.priceMode === mode}
                  onChange={() => setMode(mode)}
                />
                {mode === "total" ? texts.priceType.total : texts.priceType.perPerson}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="js-only">
          <PriceHistogram
            mode={draft.priceMode}
            searchData={draft.searchData}
            sort={applied.query.sort}
            initialCounts={facet(facetNumbers, facetKeyFor(draft.priceMode))}
            min={filters[keys.min] ?? 0}
            max={filters[keys.max]}
          />
        </div>
        <RangeFilter
          key={draft.priceMode}
          testId="price"
          names={{ min: keys.min, max: keys.max }}
          labels={{
            min: texts.filters.minPrice,
            max: texts.filters.maxPrice,
            minSlider: texts.filters.minPriceSlider,
            maxSlider: texts.filters.maxPriceSlider,
          }}
          min={filters[keys.min]}
          max={filters[keys.max]}
          sliderMax={keys.sliderMax}
          step={100}
          gap={MIN_PRICE_GAP}
          format={formatPrice}
          onChange={(lo, hi) => setFilters(setPriceRange(filters, draft.priceMode, lo, hi), true)}
        />
      </Section>

      <Section title={texts.filters.minRating} testId="section-rating">
        <fieldset>
          <legend className="sr-only">{texts.filters.minRating}</legend>
          {RATINGS.map((n) => (
            <label key={n} className="option-row">
              <input
                type="radio"
                name="minRating"
                value={n}
                checked={filters.minRating === n}
                onChange={() => {}}
                onClick={() => setFilters(toggleRating(filters, n))}
                data-testid={`rating-${n}`}
              />
              <span aria-hidden="true" className="text-amber-500">
                {"★".repeat(n)}
              </span>
              <span className="sr-only">{texts.filters.stars(n)}</span>
              {count(cumulativeRating(n))}
            </label>
          ))}
        </fieldset>
      </Section>

      <Section title={texts.filters.skiPass} testId="section-skipass">
        <fieldset>
          <legend className="sr-only">{texts.filters.skiPass}</legend>
          {([true, false] as const).map((value) => (
            <label key={String(value)} className="option-row">
              <input
                type="radio"
                name="skiPassIncluded"
                value={String(value)}
                checked={filters.skiPassIncluded === value}
                onChange={() => {}}
                onClick={() => setFilters(toggleSkiPassIncluded(filters, value))}
                data-testid={`skipass-${value}`}
              />
              <span>{value ? texts.filters.skiPassIncluded : texts.filters.skiPassExcluded}</span>
              {count(skiPassCounts[String(value)] ?? 0)}
            </label>
          ))}
        </fieldset>
      </Section>

      {showsSkiPassDays(filters) && (
        <Section title={texts.filters.skiPassDays} testId="section-days">
          <RangeFilter
            testId="days"
            names={{ min: "minSkiPassDaysCount", max: "maxSkiPassDaysCount" }}
            labels={{
              min: texts.filters.minDays,
              max: texts.filters.maxDays,
              minSlider: texts.filters.minDaysSlider,
              maxSlider: texts.filters.maxDaysSlider,
            }}
            min={filters.minSkiPassDaysCount}
            max={filters.maxSkiPassDaysCount}
            sliderMax={SKI_PASS_DAYS_MAX}
            step={1}
            gap={0}
            format={DAYS}
            onChange={(lo, hi) => setFilters(setSkiPassDays(filters, lo, hi), true)}
          />
        </Section>
      )}

      <Section title={texts.filters.mealPlan} testId="section-meal">
        <fieldset>
          <legend className="sr-only">{texts.filters.mealPlan}</legend>
          {options.mealPlanTypes.map((m) => (
            <label key={m.slug} className="option-row">
              <input
                type="checkbox"
                name="mealPlanTypes"
                value={m.slug}
                checked={filters.mealPlanTypes?.includes(m.slug) ?? false}
                onChange={() => setFilters(toggleListValue(filters, "mealPlanTypes", m.slug))}
              />
              <span>{m.title}</span>
              {count(mealCounts[m.slug] ?? 0)}
            </label>
          ))}
        </fieldset>
      </Section>

      <Section title={texts.filters.features} testId="section-features">
        <fieldset>
          <legend className="sr-only">{texts.filters.features}</legend>
          {options.accommodationFeatures.map((o) => (
            <label key={o.value} className="option-row">
              <input
                type="checkbox"
                name="accommodationFeatures"
                value={o.value}
                checked={filters.accommodationFeatures?.[o.value] ?? false}
                onChange={() => setFilters(toggleFeature(filters, o.value))}
              />
              <span>{o.name}</span>
              {count(featureCount(o.value))}
            </label>
          ))}
        </fieldset>
      </Section>

      <Section title={texts.filters.travelCompanies} testId="section-companies">
        <fieldset>
          <legend className="sr-only">{texts.filters.travelCompanies}</legend>
          {companies.map((c) => (
            <label key={c.slug} className="option-row" data-testid="company-option">
              <input
                type="checkbox"
                name="travelCompanies"
                value={c.slug}
                checked={filters.travelCompanies?.includes(c.slug) ?? false}
                onChange={() => setFilters(toggleListValue(filters, "travelCompanies", c.slug))}
              />
              <span>{c.name}</span>
              {count(companyCounts[c.slug] ?? 0)}
            </label>
          ))}
        </fieldset>
      </Section>
    </>
  );

  const head = (
    <div className="flex flex-wrap items-center justify-between gap-2 pb-2">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        {texts.filters.heading}
      </h2>
      <div className="flex items-center gap-3">
        {resetButton}
        {header}
      </div>
    </div>
  );

  if (!asForm) {
    // In the drawer its title names the filters; only the reset button remains of the head.
    return (
      <div>
        {resetButton && <div className="flex justify-end pb-2">{resetButton}</div>}
        {body}
      </div>
    );
  }
  // Without JavaScript the form carries the rest of the search (area, party, arrival, sort, aff, embed).
  const carried = toSearchParams({ searchData: { ...applied.query.searchData, filters: {} }, sort: applied.query.sort });
  if (applied.aff) carried.set("aff", applied.aff);
  if (applied.embed) carried.set("embed", "1");
  return (
    <Form
      method="get"
      action={RESULTS_PATH}
      aria-labelledby={`${id}-heading`}
      preventScrollReset
      onSubmit={(e) => {
        // With JavaScript every change is already applied; Enter just applies a pending price edit now.
        e.preventDefault();
        state.runSearch();
      }}
    >
      {head}
      {[...carried].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {body}
      {!folded && (
        <button
          type="submit"
          className="nojs-block mt-4 hidden w-full rounded bg-brand-600 px-4 py-2 font-semibold text-white"
          data-testid="apply-filters"
        >
          {texts.filters.apply}
        </button>
      )}
    </Form>
  );
}
