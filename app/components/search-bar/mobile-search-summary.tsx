import { Dialog, DialogPanel, DialogTitle, Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { Form } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import type { DestinationTree } from "~/domain/destination-tree";
import { searchSummary } from "~/domain/search-summary";
import { texts } from "~/domain/texts";
import { STEPS, stepValues } from "./model";
import { WithSearchBarState, type SearchBarState } from "./state";
import { WhenStep } from "./when-step";
import { WhereStep } from "./where-step";
import { WhoStep } from "./who-step";

// The mobile search summary (specification point 2, "Search summary (mobile)"): a compact button
// with the compact summary ('Alle', 'Geo', counts of områder/kategorier, personer, uger/måneder/
// dage or 'Snarest muligt') that opens the mobile search modal with the same three steps.
// Without JavaScript it is hidden and the search bar's plain form shows instead.

const t = texts.searchBar;
export const SUMMARY_SEPARATOR = " · ";

export function MobileSearchSummary(props: { className?: string; destinations?: { persons: number; tree: DestinationTree } }) {
  return <WithSearchBarState>{(state) => <MobileView state={state} {...props} />}</WithSearchBarState>;
}

function MobileView({
  state,
  className = "",
  destinations,
}: {
  state: SearchBarState;
  className?: string;
  destinations?: { persons: number; tree: DestinationTree };
}) {
  const [open, setOpen] = useState(false);
  const id = useId().replace(/:/g, "");
  const { draft, setDraft, run } = state;
  const summary = searchSummary(draft, "compact").join(SUMMARY_SEPARATOR);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setOpen(false);
    run();
  };
  const stepProps = { draft, setDraft, idPrefix: `${id}-m` };
  const values = stepValues(draft);

  return (
    <div className={`sb-mobile ${className}`}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="flex w-full items-center gap-3 rounded-full border border-slate-300 bg-white px-4 py-3 text-left shadow-sm"
        data-testid="mobile-search-summary"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 shrink-0 text-brand-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t.editSearch}: </span>
        <span className="min-w-0 flex-1 truncate font-semibold text-slate-900" data-testid="mobile-search-summary-text">
          {summary}
        </span>
      </button>

      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
        <div className="fixed inset-0 flex">
          <DialogPanel className="flex h-[100dvh] w-full flex-col bg-white" data-testid="mobile-search-modal">
            <Form
              method="get"
              action={RESULTS_PATH}
              onSubmit={onSubmit}
              role="search"
              aria-label={t.label}
              className="flex min-h-0 flex-1 flex-col"
            >
              <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
                <DialogTitle className="text-lg font-bold text-brand-900">{t.mobile.title}</DialogTitle>
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="rounded px-2 py-1 text-sm text-slate-700 underline"
                  data-testid="mobile-search-close"
                >
                  {t.close}
                </button>
              </div>
              <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
                {STEPS.map((step) => (
                  <Disclosure key={step} defaultOpen={step === "where"} as="section" className="rounded-xl border border-slate-200">
                    <DisclosureButton
                      className="flex w-full items-center justify-between px-4 py-3 text-left"
                      data-testid={`mobile-step-${step}-toggle`}
                    >
                      <span>
                        <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{t.steps[step]}</span>
                        <span className="block font-semibold">{values[step]}</span>
                      </span>
                      <span aria-hidden="true" className="text-slate-500">
                        ▾
                      </span>
                    </DisclosureButton>
                    <DisclosurePanel className="border-t border-slate-100 px-4 py-3" unmount={false}>
                      {step === "where" && <WhereStep {...stepProps} destinations={destinations} active={open} />}
                      {step === "who" && <WhoStep {...stepProps} />}
                      {step === "when" && <WhenStep {...stepProps} />}
                    </DisclosurePanel>
                  </Disclosure>
                ))}
              </div>
              <div className="border-t border-slate-200 p-3">
                <button
                  type="submit"
                  className="w-full rounded-xl bg-brand-600 px-6 py-3 font-bold text-white"
                  data-testid="mobile-search-submit"
                >
                  {t.search}
                </button>
              </div>
            </Form>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}
