import { facetCounts, toggleListValue } from "~/domain/filters";
import type { SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { CheckboxOption, OptionsSection, type SectionProps } from "./filter-options";

/** 'Pension': a multi-select of the meal plans; an empty selection is unset. */
export function MealPlanSection({
  mealPlanTypes,
  filters,
  facetNumbers,
  onChange,
}: SectionProps & {
  mealPlanTypes: SearchOptions["mealPlanTypes"];
}) {
  const counts = facetCounts(facetNumbers, "mealPlanType");
  return (
    <OptionsSection title={texts.filters.mealPlan}>
      {mealPlanTypes.map((m) => (
        <CheckboxOption
          key={m.slug}
          name="mealPlanTypes"
          value={m.slug}
          label={m.title}
          checked={filters.mealPlanTypes?.includes(m.slug) ?? false}
          count={counts[m.slug] ?? 0}
          onChange={() => onChange(toggleListValue(filters, "mealPlanTypes", m.slug))}
        />
      ))}
    </OptionsSection>
  );
}
