import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { PRICE_DEBOUNCE_MS } from "~/domain/constants";

// A min/max pair: two labelled text inputs in Danish format (the form fields a plain GET form
// submits) and two sliders (with JavaScript). The minimum's upper bound is the maximum minus `gap`.
//
// An edit counts once it settles, and only then goes to `onChange` (which runs the search on the
// page, or edits the phone drawer's draft) and clamps the other bound: a typed value after the 1 s
// debounce (PRICE_DEBOUNCE_MS, docs/screens.md "Price filter"), or at once on Enter or leaving the
// field; a slider when it is let go, or, moved with the keys, 1 s after the last key. Until then
// the edit is the field's own, so typing "25000" into the maximum never sees "2" clamp the minimum,
// and a run of arrow keys is one search.

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

type Which = "min" | "max";

/** An edit that has not settled: both bounds as they will be sent (undefined: unset), and what is typed in a field. */
interface Pending {
  min: number | undefined;
  max: number | undefined;
  typed?: { which: Which; text: string };
}

function parseNumber(text: string): number | undefined {
  const digits = text.replace(/[^\d]/g, "");
  return digits ? Number(digits) : undefined;
}

/** The pending edit, and `settle` to send it: now, or after the debounce (each new edit restarts it). */
function usePendingRange(onChange: RangeFilterProps["onChange"]) {
  const [pending, setPending] = useState<Pending | null>(null);
  const latest = useRef<{ pending: Pending | null; onChange: RangeFilterProps["onChange"] }>({ pending, onChange });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    latest.current.onChange = onChange;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (when: "now" | "later") => {
    clearTimeout(timer.current);
    const send = () => {
      const edit = latest.current.pending;
      if (!edit) return;
      latest.current.pending = null;
      setPending(null);
      latest.current.onChange(edit.min, edit.max);
    };
    if (when === "now") send();
    else timer.current = setTimeout(send, PRICE_DEBOUNCE_MS);
  };
  const edit = (next: Pending, when: "now" | "later" | "held") => {
    latest.current.pending = next;
    setPending(next);
    clearTimeout(timer.current);
    if (when !== "held") settle(when);
  };
  return { pending, edit, settle };
}

export function RangeFilter({ names, labels, min, max, sliderMax, step, gap, format, onChange, testId }: RangeFilterProps) {
  const id = useId();
  const { pending, edit, settle } = usePendingRange(onChange);
  const current = pending ?? { min, max };
  const lo = current.min ?? 0;
  const hi = current.max ?? sliderMax;
  const text = (which: Which, value: number) => (pending?.typed?.which === which ? pending.typed.text : format(value));
  // A slider moved with the pointer settles when it is let go (wherever the pointer is then); with
  // the keys, after the debounce.
  const dragging = useRef(false);
  const sliderEvents = {
    onPointerDown: () => {
      dragging.current = true;
      const release = () => {
        window.removeEventListener("pointerup", release);
        window.removeEventListener("pointercancel", release);
        dragging.current = false;
        settle("now");
      };
      window.addEventListener("pointerup", release);
      window.addEventListener("pointercancel", release);
    },
    onBlur: () => settle("now"),
  };
  const sliderWhen = () => (dragging.current ? "held" : "later");

  const input = (which: Which) => (
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
        onBlur={() => settle("now")}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          // Enter settles the typing (and, on the page, runs the search) instead of submitting the form.
          if (e.key !== "Enter" || !pending) return;
          e.preventDefault();
          settle("now");
        }}
        onChange={(e) => {
          const typed = { which, text: e.target.value };
          const n = parseNumber(e.target.value);
          edit(which === "min" ? { min: n, max: current.max, typed } : { min: current.min, max: n, typed }, "later");
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
          {...sliderEvents}
          onChange={(e) => edit({ min: Number(e.target.value), max: current.max }, sliderWhen())}
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
          {...sliderEvents}
          onChange={(e) => edit({ min: current.min, max: Math.max(Number(e.target.value), lo + gap) }, sliderWhen())}
        />
      </div>
      <div className="flex gap-2">
        {input("min")}
        {input("max")}
      </div>
    </div>
  );
}
