import { SKI_PASS_DAYS_MAX } from "~/domain/constants";
import { setSkiPassDays } from "~/domain/filters";
import type { SearchFilters } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { Section } from "../ui/section";
import { RangeFilter } from "./range-filter";

const days = (n: number) => `${n}${texts.filters.daysSuffix}`;

/** 'Liftkort dage': 0 to 12 days; a bound at its default is unset. */
export function SkiPassDaysSection({ filters, onChange }: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  return (
    <Section title={texts.filters.skiPassDays}>
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
        format={days}
        onChange={(lo, hi) => onChange(setSkiPassDays(filters, lo, hi))}
      />
    </Section>
  );
}
