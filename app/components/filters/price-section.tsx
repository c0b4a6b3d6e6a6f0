import { MIN_PRICE_GAP, PRICE_MODES, type PriceMode, type SortingMethod } from "~/domain/constants";
import { setPriceRange } from "~/domain/filters";
import { priceKeys, switchPriceMode } from "~/domain/price-mode";
import { formatPrice } from "~/domain/format";
import { histogramCounts } from "~/domain/histogram";
import type { SearchFilters } from "~/domain/search-data";
import type { FacetNumbers } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import type { Draft } from "../results/search-state";
import { Section } from "../ui/section";
import { PriceHistogram } from "./histogram";
import { RangeFilter } from "./range-filter";

/**
 * 'Pris': the price type ('Pr. person' / 'Samlet pris'), the histogram of the prices (with
 * JavaScript) and the price range of that type. Switching the type clears the other type's bounds.
 */
export function PriceSection({
  draft,
  sort,
  facetNumbers,
  onModeChange,
  onRangeChange,
}: {
  draft: Draft;
  sort: SortingMethod;
  facetNumbers: FacetNumbers;
  onModeChange: (next: Draft) => void;
  onRangeChange: (filters: SearchFilters) => void;
}) {
  const { priceMode, searchData } = draft;
  const { filters } = searchData;
  const keys = priceKeys(priceMode);
  return (
    <Section title={texts.filters.price}>
      <PriceTypeToggle
        mode={priceMode}
        onChange={(mode) => onModeChange({ priceMode: mode, searchData: { ...searchData, filters: switchPriceMode(filters, mode) } })}
      />
      <div className="js-only">
        <PriceHistogram
          mode={priceMode}
          searchData={searchData}
          sort={sort}
          initialCounts={histogramCounts(facetNumbers, priceMode)}
          min={filters[keys.min] ?? 0}
          max={filters[keys.max]}
        />
      </div>
      <RangeFilter
        key={priceMode}
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
        onChange={(lo, hi) => onRangeChange(setPriceRange(filters, priceMode, lo, hi))}
      />
    </Section>
  );
}

/** Radios styled as a two-way toggle, so the plain form submits the price type too. */
function PriceTypeToggle({ mode, onChange }: { mode: PriceMode; onChange: (mode: PriceMode) => void }) {
  return (
    <fieldset className="mb-3">
      <legend className="sr-only">{texts.priceType.label}</legend>
      <div className="inline-flex rounded-full border border-slate-300 p-0.5 text-sm">
        {PRICE_MODES.map((m) => (
          <label key={m} className="mode-option">
            <input type="radio" className="sr-only" name="priceType" value={m} checked={mode === m} onChange={() => onChange(m)} />
            {texts.priceType[m]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
