import { Dialog, DialogPanel, DialogTitle, Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { Form } from "@remix-run/react";
import { useId, type FormEvent } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { STEPS, stepValues } from "./model";
import { usePlaceNames } from "./place-names";
import type { SearchBarState } from "./state";
import { WhenStep } from "./when-step";
import { WhereStep } from "./where-step";
import { WhoStep } from "./who-step";

// The mobile search modal (docs/screens.md "Search summary"): the three steps, each folding, and
// 'Søg'. Loaded when the summary button first opens it.

const t = texts.searchBar;

export default function MobileSearchModal({ state, onClose }: { state: SearchBarState; onClose: () => void }) {
  const id = useId().replace(/:/g, "");
  const { draft, setDraft, run } = state;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onClose();
    run();
  };
  const stepProps = { draft, setDraft, idPrefix: `${id}-m` };
  const values = stepValues(draft, usePlaceNames().names);
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      {/* `.in-view`: what the visitor sees (in embed mode the partner's window). */}
      <div className="in-view flex">
        <DialogPanel className="flex h-full w-full flex-col bg-white" data-testid="mobile-search-modal">
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
                onClick={onClose}
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
                    {step === "where" && <WhereStep {...stepProps} active />}
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
  );
}
