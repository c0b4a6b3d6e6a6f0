import { Form } from "@remix-run/react";
import { Fragment, useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { STEPS, stepValues, type Step } from "./model";
import { WithSearchBarState, type SearchBarState } from "./state";
import { WhenStep } from "./when-step";
import { WhereStep } from "./where-step";
import { WhoStep } from "./who-step";

// The desktop search bar (specification point 2, "Search summary (desktop)"): step panels Hvor /
// Hvem / Hvornår and one primary button, which reads 'Rediger søgning' while the search is up to
// date or loading (and reopens the editing step), otherwise 'Søg' (and runs the search).
//
// Each step is a disclosure (a toggle with aria-expanded and its panel; one panel open at a time,
// see useSteps). Every panel is rendered whether open or not (hidden while closed), so the page's
// markup holds every field: without JavaScript the bar is a plain GET form to the results page,
// every panel shows and a submit button 'Søg' sends the native inputs (the destination tree is on
// a page of its own, linked from the Hvor step).

const t = texts.searchBar;

/**
 * Without JavaScript: no step toggles; the bar's box holds just its title and the submit button,
 * and every panel is in the flow below it (one column, three from the desktop width up).
 */
export const SEARCH_BAR_NO_JS_STYLE =
  "<style>.sb-js-only{display:none!important}.sb-nojs-flex{display:flex!important}.sb-nojs-block{display:block!important}" +
  ".sb-bar{display:grid!important;gap:1rem;padding:0;border:0;background:none;box-shadow:none}.sb-nojs-head{grid-column:1/-1;margin-bottom:-.5rem}" +
  ".sb-panel,.sb-form [data-kind]{display:block!important}.sb-panel{position:static!important;order:1;margin:0!important;box-shadow:none!important}" +
  "@media (min-width:1024px){.sb-bar{grid-template-columns:repeat(3,minmax(0,1fr))}.sb-form [data-kind] .grid{grid-template-columns:repeat(2,minmax(0,1fr))!important}}" +
  ".sb-mobile{display:none!important}.sb-root{display:block!important}</style>";

export interface SearchBarProps {
  className?: string;
}

export function SearchBar(props: SearchBarProps) {
  return <WithSearchBarState>{(state) => <SearchBarView state={state} {...props} />}</WithSearchBarState>;
}

function SearchBarView({ state, className = "" }: SearchBarProps & { state: SearchBarState }) {
  const { draft, setDraft, searchIsUpToDate, searchIsLoading, run, carried } = state;
  const id = useId().replace(/:/g, "");
  const edit = searchIsUpToDate || searchIsLoading;
  const values = stepValues(draft);
  const stepProps = { draft, setDraft, idPrefix: `${id}-d` };
  const { open, toggle, close, openStep, lastStep, barRef, toggleRef } = useSteps();

  // Enter in a field submits too: while up to date it reopens the step, otherwise it runs the search.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (edit) return openStep(lastStep);
    close(false);
    run();
  };

  return (
    <Form
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
      <div ref={barRef} className="sb-bar flex items-stretch rounded-2xl border border-slate-200 bg-white p-1.5 shadow-md">
        {STEPS.map((step, i) => (
          // No box of its own: the toggle sits in the bar, the panel spans the bar's width below it.
          <Fragment key={step}>
            <button
              type="button"
              id={`${id}-tab-${step}`}
              ref={toggleRef(step)}
              aria-expanded={open === step}
              aria-controls={`${id}-panel-${step}`}
              onClick={() => toggle(step)}
              className={`sb-js-only sb-step ${i > 0 ? "border-l border-slate-200" : ""}`}
              data-testid={`step-${step}-toggle`}
            >
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{t.steps[step]}</span>
              <span className="block truncate font-semibold text-slate-900" data-testid={`step-${step}-value`}>
                {values[step]}
              </span>
            </button>
            <section
              id={`${id}-panel-${step}`}
              aria-labelledby={`${id}-heading-${step}`}
              className={`sb-panel absolute inset-x-0 top-full z-30 mt-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl${open === step ? "" : " hidden"}`}
              data-testid={`panel-${step}`}
            >
              <h2 id={`${id}-heading-${step}`} className="mb-2 text-base font-bold text-brand-900">
                {t.steps[step]}
              </h2>
              {step === "where" && <WhereStep {...stepProps} active={open === step} />}
              {step === "who" && <WhoStep {...stepProps} />}
              {step === "when" && <WhenStep {...stepProps} />}
              <div className="sb-js-only mt-3 flex justify-end gap-2 border-t border-slate-100 pt-3">
                <button
                  type="button"
                  onClick={() => close(true)}
                  className="rounded-lg px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                  data-testid={`panel-${step}-done`}
                >
                  {t.done}
                </button>
              </div>
            </section>
          </Fragment>
        ))}
        <button
          type={edit ? "button" : "submit"}
          onClick={edit ? () => openStep(lastStep) : undefined}
          className="sb-js-only ml-1.5 shrink-0 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700 aria-busy:opacity-80"
          aria-busy={searchIsLoading || undefined}
          data-testid="search-button"
        >
          {edit ? t.editSearch : t.search}
        </button>
        <div className="sb-nojs-flex sb-nojs-head hidden items-stretch rounded-2xl border border-slate-200 bg-white p-1.5 shadow-md">
          <div className="flex-1 px-3 py-2 font-semibold text-brand-900">{t.label}</div>
          <button type="submit" className="shrink-0 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white" data-testid="search-submit">
            {t.search}
          </button>
        </div>
      </div>
    </Form>
  );
}

/**
 * Which step's panel is open (one at a time), as a disclosure: a toggle opens and closes its
 * panel; Escape, 'Færdig', a click outside the bar or the focus leaving it close the panel
 * (Escape and 'Færdig' give the focus back to the step's toggle). `lastStep` is the step opened
 * last, which 'Rediger søgning' reopens.
 */
function useSteps() {
  const [open, setOpen] = useState<Step | null>(null);
  const [lastStep, setLastStep] = useState<Step>("where");
  const barRef = useRef<HTMLDivElement>(null);
  const toggles = useRef<Partial<Record<Step, HTMLButtonElement | null>>>({});
  const openStep = useCallback((step: Step) => {
    setOpen(step);
    setLastStep(step);
    toggles.current[step]?.focus();
  }, []);
  const close = useCallback(
    (refocus: boolean) => {
      if (refocus && open) toggles.current[open]?.focus();
      setOpen(null);
    },
    [open],
  );
  const toggle = (step: Step) => (open === step ? setOpen(null) : openStep(step));

  useEffect(() => {
    const bar = barRef.current;
    if (!open || !bar) return;
    const outside = (e: Event) => {
      if (e.target instanceof Node && !bar.contains(e.target)) setOpen(null);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      toggles.current[open]?.focus();
      setOpen(null);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    bar.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      bar.removeEventListener("keydown", escape);
    };
  }, [open]);

  const toggleRef = (step: Step) => (el: HTMLButtonElement | null) => {
    toggles.current[step] = el;
  };
  return { open, toggle, close, openStep, lastStep, barRef, toggleRef };
}
