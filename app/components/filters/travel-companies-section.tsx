import { byCountDesc, facetCounts, toggleListValue } from "~/domain/filters";
import type { SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { CheckboxOption, OptionsSection, type SectionProps } from "./filter-options";

/** 'Rejseselskaber': a multi-select of the travel companies, sorted by facet count, descending. */
export function TravelCompaniesSection({
  travelCompanies,
  filters,
  facetNumbers,
  onChange,
}: SectionProps & {
  travelCompanies: SearchOptions["travelCompanies"];
}) {
  const counts = facetCounts(facetNumbers, "travelCompanySlug");
  return (
    <OptionsSection title={texts.filters.travelCompanies}>
      {byCountDesc(travelCompanies, (c) => counts[c.slug] ?? 0).map((c) => (
        <CheckboxOption
          key={c.slug}
          name="travelCompanies"
          value={c.slug}
          label={c.name}
          checked={filters.travelCompanies?.includes(c.slug) ?? false}
          count={counts[c.slug] ?? 0}
          onChange={() => onChange(toggleListValue(filters, "travelCompanies", c.slug))}
        />
      ))}
    </OptionsSection>
  );
}
