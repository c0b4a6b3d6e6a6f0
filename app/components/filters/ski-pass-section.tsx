import { facetCounts, toggleSkiPassIncluded } from "~/domain/filters";
import { texts } from "~/domain/texts";
import { OptionsSection, RadioOption, type SectionProps } from "./filter-options";

/**
 * 'Liftkort': Inkluderet or Eksklusiv; clicking the selected one again clears it. Choosing
 * Eksklusiv clears the ski-pass days, and the sidebar then hides their section.
 */
export function SkiPassSection({ filters, facetNumbers, onChange }: SectionProps) {
  const counts = facetCounts(facetNumbers, "skiPassIncluded");
  return (
    <OptionsSection title={texts.filters.skiPass}>
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
