import { useId, useState } from "react";

// A min/max pair: two labelled text inputs in Danish format (the form fields a plain GET form
// submits) and two sliders (with JavaScript). The minimum's upper bound is the maximum minus `gap`.

export interface RangeFilterProps {
  names: { min: string; max: string };
  labels: { min: string; max: string; minSlider: string; maxSlider: string };
  /** Current bounds; undefined is unset (the slider's default). */
  min: number | undefined;
  max: number | undefined;
  sliderMax: number;
  step: number;
  gap: number;
  format: (n: number) => string;
  onChange: (min: number | undefined, max: number | undefined) => void;
  testId: string;
}

function parseNumber(text: string): number | undefined {
  const digits = text.replace(/[^\d]/g, "");
  return digits ? Number(digits) : undefined;
}

export function RangeFilter({ names, labels, min, max, sliderMax, step, gap, format, onChange, testId }: RangeFilterProps) {
  const id = useId();
  const lo = min ?? 0;
  const hi = max ?? sliderMax;
  // While being edited an input shows what is typed; otherwise (and after blur) the formatted value.
  const [editing, setEditing] = useState<{ which: "min" | "max"; text: string } | null>(null);
  const text = (which: "min" | "max", value: number) => (editing?.which === which ? editing.text : format(value));

  const input = (which: "min" | "max") => (
    <div className="flex-1">
      <label htmlFor={`${id}-${which}`} className="range-label">
        {which === "min" ? labels.min : labels.max}
      </label>
      <input
        id={`${id}-${which}`}
        name={which === "min" ? names.min : names.max}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="range-input"
        value={text(which, which === "min" ? lo : hi)}
        onBlur={() => setEditing(null)}
        onChange={(e) => {
          setEditing({ which, text: e.target.value });
          const n = parseNumber(e.target.value);
          if (which === "min") onChange(n, max);
          else onChange(min, n);
        }}
      />
    </div>
  );

  return (
    <div data-testid={testId}>
      <div className="js-only relative mb-3 space-y-1">
        <label className="sr-only" htmlFor={`${id}-min-slider`}>
          {labels.minSlider}
        </label>
        <input
          id={`${id}-min-slider`}
          type="range"
          className="w-full accent-brand-600"
          min={0}
          max={Math.max(0, hi - gap)}
          step={step}
          value={Math.min(lo, Math.max(0, hi - gap))}
          aria-valuetext={format(lo)}
          onChange={(e) => onChange(Number(e.target.value), max)}
        />
        <label className="sr-only" htmlFor={`${id}-max-slider`}>
          {labels.maxSlider}
        </label>
        <input
          id={`${id}-max-slider`}
          type="range"
          className="w-full accent-brand-600"
          min={0}
          max={sliderMax}
          step={step}
          value={hi}
          aria-valuetext={format(hi)}
          onChange={(e) => {
            const n = Math.max(Number(e.target.value), lo + gap);
            onChange(min, n);
          }}
        />
      </div>
      <div className="flex gap-2">
        {input("min")}
        {input("max")}
      </div>
    </div>
  );
}
