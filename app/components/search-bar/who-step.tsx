import { MAX_PERSONS } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { peopleLimits, setPeople } from "./model";
import type { StepProps } from "./step-parts";

// Hvem: adults and children, each a native number input (adultCount, childrenCount) with − and +
// buttons that keep to the limits (model.ts).

const t = texts.searchBar.people;

export function WhoStep({ draft, setDraft, idPrefix }: StepProps) {
  const limits = peopleLimits(draft.adultCount, draft.childrenCount);
  return (
    <fieldset data-testid="step-who">
      <legend className="sr-only">{t.legend}</legend>
      <Stepper
        id={`${idPrefix}-adults`}
        name="adultCount"
        label={t.adults}
        hint={t.adultsHint}
        value={draft.adultCount}
        limits={limits.adults}
        onChange={(v) => setDraft(setPeople(draft, "adults", v))}
      />
      <Stepper
        id={`${idPrefix}-children`}
        name="childrenCount"
        label={t.children}
        hint={t.childrenHint}
        value={draft.childrenCount}
        limits={limits.children}
        onChange={(v) => setDraft(setPeople(draft, "children", v))}
      />
      <p className="mt-1 text-xs text-slate-600">{t.maxTotal(MAX_PERSONS)}</p>
    </fieldset>
  );
}

const STEP_BUTTON =
  "sb-js-only grid h-9 w-9 place-items-center rounded-full border border-slate-400 text-lg font-bold text-brand-700 disabled:cursor-not-allowed disabled:opacity-40";

/** A labelled number input between a − and a + button (the buttons need JavaScript; the input does not). */
function Stepper({
  id,
  name,
  label,
  hint,
  value,
  limits: [min, max],
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: number;
  limits: [number, number];
  onChange: (value: number) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div>
        <label htmlFor={id} className="block font-semibold">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={STEP_BUTTON}
          aria-label={t.decrease(label)}
          aria-controls={id}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          name={name}
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(Number(e.target.value))}
          className="w-14 rounded border border-slate-400 px-1 py-1 text-center"
          data-testid={`${name}-input`}
        />
        <button
          type="button"
          className={STEP_BUTTON}
          aria-label={t.increase(label)}
          aria-controls={id}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
