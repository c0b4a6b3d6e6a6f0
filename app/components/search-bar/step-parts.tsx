import { useState } from "react";
import type { SearchData } from "~/domain/search-data";

// What the three steps share: their props, and the row of kind radios ('Alle destinationer' /
// 'Vælg destinationer' …, 'Snarest muligt' / 'Uger' …) with the kind it shows.

export interface StepProps {
  draft: SearchData;
  setDraft: (next: SearchData) => void;
  /** Unique prefix for element ids (the desktop bar and the mobile modal can both be in the page). */
  idPrefix: string;
}

/** A pill-shaped radio or checkbox row, marked while its input is checked (`.pill` in app/tailwind.css). */
export const PILL_ROW = "pill";

/**
 * The kind a step shows: the kind of its value, or while nothing is chosen (`emptyKind`: all
 * destinations, 'Snarest muligt') the kind the visitor last picked, so that choosing 'Uger' shows
 * the weeks before one is ticked and unticking the last week keeps them in view. The picked kind
 * is recorded by the step's own handlers, never copied from the value.
 */
export function useKind<K extends string>(valueKind: K, emptyKind: K): [K, (kind: K) => void] {
  const [picked, setPicked] = useState<K>(valueKind);
  return [valueKind === emptyKind ? picked : valueKind, setPicked];
}

export function KindRadios<K extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: K;
  options: Array<[K, string]>;
  onChange: (kind: K) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="sr-only">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map(([kind, label]) => (
          <label key={kind} className={PILL_ROW}>
            <input type="radio" name={name} value={kind} checked={value === kind} onChange={() => onChange(kind)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
