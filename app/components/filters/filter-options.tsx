import type { SearchFilters } from "~/domain/search-data";
import type { FacetNumbers } from "~/domain/search-result";
import type { ReactNode } from "react";
import { formatCount } from "~/domain/format";
import { texts } from "~/domain/texts";
import { Section } from "../ui/section";

/** What every filter section gets: the search's filters, their facet numbers, and where an edit goes. */
export interface SectionProps {
  filters: SearchFilters;
  facetNumbers: FacetNumbers;
  onChange: (filters: SearchFilters) => void;
}

// The building blocks of the option sections: an accordion section holding one fieldset, and its
// rows, each with the option's facet count. `option-row` (which also styles its input and its
// count, a `<small>`) is a named class in app/tailwind.css.

/** An accordion section whose options form one fieldset, named by the section's title. */
export function OptionsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section title={title}>
      <fieldset>
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </Section>
  );
}

export function OptionCount({ count }: { count: number }) {
  return <small>{texts.filters.count(formatCount(count))}</small>;
}

/**
 * A radio of a single choice that clicking again clears. A checked radio fires no change event
 * when clicked, so the click handles both choosing and clearing (and the form still submits it).
 */
export function RadioOption({
  name,
  value,
  checked,
  count,
  testId,
  onClick,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  count: number;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <label className="option-row">
      <input type="radio" name={name} value={value} checked={checked} onChange={() => {}} onClick={onClick} data-testid={testId} />
      {children}
      <OptionCount count={count} />
    </label>
  );
}

/** One entry of a multi-select. */
export function CheckboxOption({
  name,
  value,
  label,
  checked,
  count,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  count: number;
  onChange: () => void;
}) {
  return (
    <label className="option-row">
      <input type="checkbox" name={name} value={value} checked={checked} onChange={onChange} />
      {label}
      <OptionCount count={count} />
    </label>
  );
}
