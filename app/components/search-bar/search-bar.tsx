import { CloseButton, Popover, PopoverButton, PopoverGroup, PopoverPanel } from "@headlessui/react";
import { Form } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import type { DestinationTree } from "~/domain/destination-tree";
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
// Each step is a Headless UI popover (one group, so one panel is open at a time): its toggle opens
// and closes the panel; Escape, a click outside the panel or the focus leaving the bar close it.
// Every panel is rendered whether open or not (`static`, hidden while closed), so the page's
// markup holds every field: without JavaScript the bar is a plain GET form to the results page,
// every panel shows and a submit button 'Søg' sends the native inputs.

const t = texts.searchBar;

/**
 * Without JavaScript: no step toggles; the bar's box holds just its title and the submit button,
 * and every panel is in the flow below it (one column, three from the desktop width up).
 */
export const SEARCH_BAR_NO_JS_STYLE =
  "<style>.sb-js-only{display:none!important}.sb-nojs-flex{display:flex!important}" +
  ".sb-bar{display:grid!important;gap:1rem;padding:0;border:0;background:none;box-shadow:none}.sb-nojs-head{grid-column:1/-1;margin-bottom:-.5rem}" +
  ".sb-panel,.sb-form [data-kind]{display:block!important}.sb-panel{position:static!important;order:1;margin:0!important;box-shadow:none!important}" +
  "@media (min-width:1024px){.sb-bar{grid-template-columns:repeat(3,minmax(0,1fr))}.sb-form [data-kind] .grid{grid-template-columns:repeat(2,minmax(0,1fr))!important}}" +
  ".sb-mobile{display:none!important}.sb-root{display:block!important}</style>";

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
  const edit = searchIsUpToDate || searchIsLoading;
  const values = stepValues(draft);
  const stepProps = { draft, setDraft, idPrefix: `${id}-d` };

  // The step 'Rediger søgning' reopens: the one whose toggle was used last.
  const [lastStep, setLastStep] = useState<Step>("where");
  const remember = (step: Step) => ({
    onClick: () => setLastStep(step),
    // Headless UI toggles on Enter and Space without a click event.
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") setLastStep(step);
    },
  });

  // Headless UI owns which panel is open (a popover has no controlled `open`), so the bar opens and
  // closes a step as the visitor would, through its toggle, which also takes the focus.
  const toggles = useRef<Partial<Record<Step, HTMLButtonElement | null>>>({});
  const isOpen = (step: Step) => toggles.current[step]?.getAttribute("aria-expanded") === "true";
  const openStep = (step: Step) => {
    if (!isOpen(step)) toggles.current[step]?.click();
  };
  const closeSteps = () => {
    for (const step of STEPS) if (isOpen(step)) toggles.current[step]?.click();
  };

  // Enter in a field submits too: while up to date it reopens the step, otherwise it runs the search.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (edit) return openStep(lastStep);
    closeSteps();
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
      <PopoverGroup className="sb-bar flex items-stretch rounded-2xl border border-slate-200 bg-white p-1.5 shadow-md">
        {STEPS.map((step, i) => (
          // No box of its own: the toggle sits in the bar, the panel spans the bar's width below it.
          <Popover key={step} className="contents">
            {/* Headless UI focuses the toggle on a click too; its `data-focus` (keyboard focus only) decides whether the focus outline shows. */}
            <PopoverButton
              id={`${id}-tab-${step}`}
              ref={(el: HTMLButtonElement | null) => {
                toggles.current[step] = el;
              }}
              {...remember(step)}
              className={`sb-js-only min-w-0 flex-1 rounded-xl px-4 py-2 text-left hover:bg-slate-100 data-open:bg-brand-50 data-open:ring-2 data-open:ring-brand-600 not-data-focus:outline-none! ${
                i > 0 ? "border-l border-slate-200" : ""
              }`}
              data-testid={`step-${step}-toggle`}
            >
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{t.steps[step]}</span>
              <span className="block truncate font-semibold text-slate-900" data-testid={`step-${step}-value`}>
                {values[step]}
              </span>
            </PopoverButton>
            <PopoverPanel
              static
              as="section"
              id={`${id}-panel-${step}`}
              aria-labelledby={`${id}-heading-${step}`}
              className="sb-panel absolute inset-x-0 top-full z-30 mt-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl not-data-open:hidden"
              data-testid={`panel-${step}`}
            >
              {({ open }) => (
                <>
                  <h2 id={`${id}-heading-${step}`} className="mb-2 text-base font-bold text-brand-900">
                    {t.steps[step]}
                  </h2>
                  {step === "where" && <WhereStep {...stepProps} destinations={destinations} active={open} />}
                  {step === "who" && <WhoStep {...stepProps} />}
                  {step === "when" && <WhenStep {...stepProps} />}
                  <div className="sb-js-only mt-3 flex justify-end gap-2 border-t border-slate-100 pt-3">
                    <CloseButton
                      className="rounded-lg px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                      data-testid={`panel-${step}-done`}
                    >
                      {t.done}
                    </CloseButton>
                  </div>
                </>
              )}
            </PopoverPanel>
          </Popover>
        ))}
        <button
          type={edit ? "button" : "submit"}
          onClick={edit ? () => openStep(lastStep) : undefined}
          // Escape closes the open step from here too: Headless UI handles it only in a toggle or a panel.
          onKeyDown={(e) => {
            if (e.key === "Escape") closeSteps();
          }}
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
      </PopoverGroup>
    </Form>
  );
}
