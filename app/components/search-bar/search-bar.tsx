import { Form, useLocation } from "@remix-run/react";
import { Fragment, lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { RESULTS_PATH, SEARCH_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { STEPS, stepValues, type Step } from "./model";
import { usePlaceNames } from "./place-names";
import { WithSearchBarState, type SearchBarState } from "./state";
import { SEARCH_BAR_NO_JS_STYLE } from "~/domain/inline-styles";

// The desktop search bar (docs/screens.md "Search summary"): step panels Hvor / Hvem / Hvornår and
// one primary button, which reads 'Rediger søgning' while the search is up to date or loading (and
// reopens the editing step), otherwise 'Søg' (and runs the search).
//
// Each step is a disclosure (a toggle with aria-expanded and its panel; one panel open at a time,
// see useSteps). A panel is rendered while open, and its fields load with the first one opened
// (steps.tsx), so the page carries neither the fields' markup nor their script. Without JavaScript
// the bar shows the search's steps and links to the search form's own page (SEARCH_PATH), a plain
// GET form to the results page.

const t = texts.searchBar;

const loadStepFields = () => import("./steps");
// Marked pure: importing this module runs nothing, so a page on a narrow screen need not load it (ui/page-parts.tsx).
const StepFields = /* @__PURE__ */ lazy(loadStepFields);

export interface SearchBarProps {
  className?: string;
}

export function SearchBar(props: SearchBarProps) {
  return <WithSearchBarState>{(state) => <SearchBarView state={state} {...props} />}</WithSearchBarState>;
}

function SearchBarView({ state, className = "" }: SearchBarProps & { state: SearchBarState }) {
  const { draft, setDraft, searchIsUpToDate, searchIsLoading, run } = state;
  const id = useId().replace(/:/g, "");
  const { search } = useLocation();
  const edit = searchIsUpToDate || searchIsLoading;
  const values = stepValues(draft, usePlaceNames().names);
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
      className={`sb-root relative ${className}`}
      data-testid="search-bar"
    >
      <noscript dangerouslySetInnerHTML={{ __html: SEARCH_BAR_NO_JS_STYLE }} />
      <div
        ref={barRef}
        onPointerEnter={() => void loadStepFields()}
        onFocus={() => void loadStepFields()}
        className="flex items-stretch rounded-2xl border border-slate-200 bg-white p-1.5 shadow-md"
      >
        {STEPS.map((step, i) => (
          // No box of its own: the toggle sits in the bar, the panel spans the bar's width below it.
          <Fragment key={step}>
            <button
              type="button"
              id={`${id}-tab-${step}`}
              ref={toggleRef(step)}
              aria-expanded={open === step}
              aria-controls={open === step ? `${id}-panel-${step}` : undefined}
              onClick={() => toggle(step)}
              className={`sb-js-only sb-step ${i > 0 ? "border-l border-slate-200" : ""}`}
              data-testid={`step-${step}-toggle`}
            >
              <span className="sb-label">{t.steps[step]}</span>
              <span className="sb-value" data-testid={`step-${step}-value`}>
                {values[step]}
              </span>
            </button>
            {open === step && (
              <section
                id={`${id}-panel-${step}`}
                aria-labelledby={`${id}-heading-${step}`}
                className="absolute inset-x-0 top-full z-30 mt-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl"
                data-testid={`panel-${step}`}
              >
                <h2 id={`${id}-heading-${step}`} className="mb-2 text-base font-bold text-brand-900">
                  {t.steps[step]}
                </h2>
                <Suspense fallback={<p className="text-sm text-slate-600">{t.loading}</p>}>
                  <StepFields step={step} {...stepProps} />
                  <FocusFirstField panelId={`${id}-panel-${step}`} />
                </Suspense>
                <div className="mt-3 flex justify-end gap-2 border-t border-slate-100 pt-3">
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
            )}
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
        <div className="sb-nojs-flex hidden w-full flex-wrap items-center gap-3 px-3 py-1.5">
          <dl className="flex flex-1 flex-wrap gap-x-6 gap-y-1">
            {STEPS.map((step) => (
              <div key={step}>
                <dt className="sb-label">{t.steps[step]}</dt>
                <dd className="font-semibold text-slate-900">{values[step]}</dd>
              </div>
            ))}
          </dl>
          <a
            href={`${SEARCH_PATH}${search}`}
            className="shrink-0 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white"
            data-testid="search-page-link"
          >
            {t.editSearch}
          </a>
        </div>
      </div>
    </Form>
  );
}

/**
 * Moves the focus into a panel that has just opened, once its fields are there: to its chosen
 * option (the kind of area or arrival), else its first field.
 */
function FocusFirstField({ panelId }: { panelId: string }) {
  useEffect(() => {
    const panel = document.getElementById(panelId);
    const field =
      panel?.querySelector<HTMLElement>("input:checked:not(:disabled)") ??
      panel?.querySelector<HTMLElement>("input:not(:disabled), button:not(:disabled), select, textarea, a[href]");
    field?.focus();
  }, [panelId]);
  return null;
}

/**
 * Which step's panel is open (one at a time), as a disclosure: a toggle opens and closes its
 * panel, and the focus moves into the panel as it opens (FocusFirstField); Escape, 'Færdig', a
 * click outside the bar or the focus leaving it close the panel (Escape and 'Færdig' give the
 * focus back to the step's toggle). `lastStep` is the step opened last, which 'Rediger søgning'
 * reopens.
 */
function useSteps() {
  const [open, setOpen] = useState<Step | null>(null);
  const [lastStep, setLastStep] = useState<Step>("where");
  const barRef = useRef<HTMLDivElement>(null);
  const toggles = useRef<Partial<Record<Step, HTMLButtonElement | null>>>({});
  const openStep = useCallback((step: Step) => {
    setOpen(step);
    setLastStep(step);
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
