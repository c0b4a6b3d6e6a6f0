import { facetCounts, toggleSkiPassIncluded } from "~/domain/filters";
import type { SearchFilters } from "~/domain/search-data";
import type { FacetNumbers } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { OptionsSection, RadioOption } from "./filter-options";

/**
 * 'Liftkort': Inkluderet or Eksklusiv; clicking the selected one again clears it. Choosing
 * Eksklusiv clears the ski-pass days, and the sidebar then hides their section.
 */
export function SkiPassSection({
  filters,
  facetNumbers,
  onChange,
}: {
  filters: SearchFilters;
  facetNumbers: FacetNumbers;
  onChange: (filters: SearchFilters) => void;
}) {
  const counts = facetCounts(facetNumbers, "skiPassIncluded");
  return (
    <OptionsSection title={texts.filters.skiPass} testId="section-skipass">
      {([true, false] as const).map((included) => (
        <RadioOption
          key={String(included)}
          name="skiPassIncluded"
          value={String(included)}
          checked={filters.skiPassIncluded === included}
          count={counts[String(included)] ?? 0}
          testId={`skipass-${included}`}
          onClick={() => onChange(toggleSkiPassIncluded(filters, included))}
        >
          <span>{included ? texts.filters.skiPassIncluded : texts.filters.skiPassExcluded}</span>
        </RadioOption>
      ))}
    </OptionsSection>
  );
}
