import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import type { DestinationTree } from "~/domain/destination-tree";
import { STEPS, stepValues, type Step } from "./model";
import { WithSearchBarState, type SearchBarState } from "./state";
import { WhenStep } from "./when-step";
import { WhereStep } from "./where-step";
import { WhoStep } from "./who-step";

// The desktop search bar (specification point 2, "Search summary (desktop)"): step panels Hvor /
// Hvem / Hvornår and one primary button, which reads 'Rediger søgning' while the search is up to
// date or loading (and reopens the editing step), otherwise 'Søg' (and runs the search).
// Without JavaScript it is a plain GET form to the results page: every panel shows, and a submit
// button 'Søg' sends the native inputs.

const t = texts.searchBar;

/** Without JavaScript: every panel in the flow, no step toggles, the plain submit button. */
export const SEARCH_BAR_NO_JS_STYLE =
  "<style>.sb-js-only{display:none!important}.sb-nojs-show{display:block!important}.sb-nojs-flex{display:flex!important}" +
  ".sb-panels{position:static!important;display:grid!important;gap:1rem;box-shadow:none!important}" +
  ".sb-panel,.sb-form [data-kind]{display:block!important}" +
  "@media (min-width:1024px){.sb-panels{grid-template-columns:repeat(3,minmax(0,1fr))}.sb-form [data-kind] .grid{grid-template-columns:repeat(2,minmax(0,1fr))!important}}.sb-mobile{display:none!important}.sb-root{display:block!important}</style>";

export interface SearchBarProps {
  className?: string;
  /** The destination tree for the draft's party size, when the page's loader has it (else it is fetched on opening 'Hvor'). */
  destinations?: { persons: number; tree: DestinationTree };
}

export function SearchBar(props: SearchBarProps) {
  return <WithSearchBarState>{(state) => <SearchBarView state={state} {...props} />}</WithSearchBarState>;
}

function SearchBarView({ state, className = "", destinations }: SearchBarProps & { state: SearchBarState }) {
  const { draft, setDraft, searchIsUpToDate, searchIsLoading, run, carried } = state;
  const id = useId().replace(/:/g, "");
  const [open, setOpen] = useState<Step | null>(null);
  const [lastStep, setLastStep] = useState<Step>("where");
  const root = useRef<HTMLFormElement>(null);
  const edit = searchIsUpToDate || searchIsLoading;

  const toggle = (step: Step) => {
    setLastStep(step);
    setOpen((o) => (o === step ? null : step));
  };
  const close = (focusStep?: Step) => {
    setOpen(null);
    if (focusStep) document.getElementById(`${id}-tab-${focusStep}`)?.focus();
  };

  // A click outside the bar or Escape closes the open panel.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(open);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (edit) {
      setOpen(lastStep);
      return;
    }
    setOpen(null);
    run();
  };

  const values = stepValues(draft);
  const stepProps = { draft, setDraft, idPrefix: `${id}-d` };

  return (
    <Form
      ref={root}
      method="get"
      action={RESULTS_PATH}
      onSubmit={onSubmit}
      role="search"
      aria-label={t.label}
      className={`sb-form sb-root relative ${className}`}
      data-testid="search-bar"
    >
      <noscript dangerouslySetInnerHTML={{ __html: SEARCH_BAR_NO_JS_STYLE }} />
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="flex items-stretch rounded-2xl border border-slate-200 bg-white p-1.5 shadow-md">
        {STEPS.map((step, i) => (
          <button
            key={step}
            id={`${id}-tab-${step}`}
            type="button"
            aria-expanded={open === step}
            aria-controls={`${id}-panel-${step}`}
            onClick={() => toggle(step)}
            className={`sb-js-only min-w-0 flex-1 rounded-xl px-4 py-2 text-left hover:bg-slate-100 ${open === step ? "bg-brand-50 ring-2 ring-brand-600" : ""} ${
              i > 0 ? "border-l border-slate-200" : ""
            }`}
            data-testid={`step-${step}-toggle`}
          >
            <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{t.steps[step]}</span>
            <span className="block truncate font-semibold text-slate-900" data-testid={`step-${step}-value`}>
              {values[step]}
            </span>
          </button>
        ))}
        <button
          type={edit ? "button" : "submit"}
          onClick={edit ? () => setOpen(lastStep) : undefined}
          className="sb-js-only ml-1.5 shrink-0 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700 aria-busy:opacity-80"
          aria-busy={searchIsLoading || undefined}
          data-testid="search-button"
        >
          {edit ? t.editSearch : t.search}
        </button>
        <div className="sb-nojs-show hidden flex-1 px-3 py-2 font-semibold text-brand-900">{t.label}</div>
        <button
          type="submit"
          className="sb-nojs-show hidden shrink-0 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white"
          data-testid="search-submit"
        >
          {t.search}
        </button>
      </div>

      <div className={`sb-panels absolute inset-x-0 top-full z-30 mt-2 ${open ? "" : "pointer-events-none"}`}>
        {STEPS.map((step) => (
          <section
            key={step}
            id={`${id}-panel-${step}`}
            aria-labelledby={`${id}-heading-${step}`}
            className={`sb-panel pointer-events-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-xl ${open === step ? "" : "hidden"}`}
            data-testid={`panel-${step}`}
          >
            <h2 id={`${id}-heading-${step}`} className="mb-2 text-base font-bold text-brand-900">
              {t.steps[step]}
            </h2>
            {step === "where" && <WhereStep {...stepProps} destinations={destinations} active={open === "where"} />}
            {step === "who" && <WhoStep {...stepProps} />}
            {step === "when" && <WhenStep {...stepProps} />}
            <div className="sb-js-only mt-3 flex justify-end gap-2 border-t border-slate-100 pt-3">
              <button
                type="button"
                onClick={() => close(step)}
                className="rounded-lg px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                data-testid={`panel-${step}-done`}
              >
                {t.done}
              </button>
            </div>
          </section>
        ))}
      </div>
    </Form>
  );
}
