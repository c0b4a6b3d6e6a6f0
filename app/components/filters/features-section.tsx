import { featureCount, toggleFeature } from "~/domain/filters";
import type { SearchFilters } from "~/domain/search-data";
import type { FacetNumbers, SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { CheckboxOption, OptionsSection } from "./filter-options";

/** 'Faciliteter': a multi-select of the accommodations' facilities; an empty selection is unset. */
export function FeaturesSection({
  accommodationFeatures,
  filters,
  facetNumbers,
  onChange,
}: {
  accommodationFeatures: SearchOptions["accommodationFeatures"];
  filters: SearchFilters;
  facetNumbers: FacetNumbers;
  onChange: (filters: SearchFilters) => void;
}) {
  return (
    <OptionsSection title={texts.filters.features} testId="section-features">
      {accommodationFeatures.map((o) => (
        <CheckboxOption
          key={o.value}
          name="accommodationFeatures"
          value={o.value}
          label={o.name}
          checked={filters.accommodationFeatures?.[o.value] ?? false}
          count={featureCount(facetNumbers, o.value)}
          onChange={() => onChange(toggleFeature(filters, o.value))}
        />
      ))}
    </OptionsSection>
  );
}
