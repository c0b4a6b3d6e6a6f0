import { RATINGS } from "~/domain/constants";
import { atLeastRatingCount, facetCounts, toggleRating } from "~/domain/filters";
import { texts } from "~/domain/texts";
import { OptionsSection, RadioOption, type SectionProps } from "./filter-options";

/** 'Min. stjerner': 5 to 1 stars, each with the trips of at least that many; clicking the selected rating again clears it. */
export function RatingSection({ filters, facetNumbers, onChange }: SectionProps) {
  const byRating = facetCounts(facetNumbers, "accommodation_rating");
  return (
    <OptionsSection title={texts.filters.minRating}>
      {RATINGS.map((n) => (
        <RadioOption
          key={n}
          name="minRating"
          value={String(n)}
          checked={filters.minRating === n}
          count={atLeastRatingCount(byRating, n)}
          testId={`rating-${n}`}
          onClick={() => onChange(toggleRating(filters, n))}
        >
          <span aria-hidden="true" className="text-amber-500">
            {"★".repeat(n)}
          </span>
          <span className="sr-only">{texts.filters.stars(n)}</span>
        </RadioOption>
      ))}
    </OptionsSection>
  );
}
