import { featureCount, toggleFeature } from "~/domain/filters";
import type { SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { CheckboxOption, OptionsSection, type SectionProps } from "./filter-options";

/** 'Faciliteter': a multi-select of the accommodations' facilities; an empty selection is unset. */
export function FeaturesSection({
  accommodationFeatures,
  filters,
  facetNumbers,
  onChange,
}: SectionProps & {
  accommodationFeatures: SearchOptions["accommodationFeatures"];
}) {
  return (
    <OptionsSection title={texts.filters.features}>
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
