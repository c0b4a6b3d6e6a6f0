import { lazy, Suspense, useState } from "react";
import { arrivalName, placeName } from "~/domain/search-names";
import { searchSummary } from "~/domain/search-summary";
import { texts } from "~/domain/texts";
import { usePlaceNames } from "./place-names";
import { WithSearchBarState, type SearchBarState } from "./state";

// The modal's code (and Headless UI's dialog) loads when it first opens.
const MobileSearchModal = /* @__PURE__ */ lazy(() => import("./mobile-search-modal"));

// The mobile search summary (docs/screens.md "Search summary"): a compact button that opens the
// mobile search modal with the same three steps. It leads with the search by name (the place and
// the arrival: "Val Thorens + 2 · Uge 7–8"); under it, smaller, the compact summary in counted
// units ('Alle', 'Geo', counts of områder/kategorier, personer, uger/måneder/dage or 'Snarest
// muligt'). Without JavaScript it is hidden and the search bar's plain form shows instead.

const t = texts.searchBar;
export const SUMMARY_SEPARATOR = " · ";

export function MobileSearchSummary(props: { className?: string }) {
  return <WithSearchBarState>{(state) => <MobileView state={state} {...props} />}</WithSearchBarState>;
}

function MobileView({ state, className = "" }: { state: SearchBarState; className?: string }) {
  const [open, setOpen] = useState(false);
  const { names } = usePlaceNames();
  const { draft } = state;
  const named = [placeName(draft.searchArea, names), ...(draft.arrival.type === "asap" ? [] : [arrivalName(draft.arrival)])];
  const summary = searchSummary(draft, "compact").join(SUMMARY_SEPARATOR);

  return (
    <div className={`sb-mobile ${className}`}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="flex w-full items-center gap-3 rounded-full border border-slate-300 bg-white px-4 py-2 text-left shadow-sm"
        data-testid="mobile-search-summary"
      >
        {/* At the top, 10 px down (half the two lines' 40 px less its own 20), not centred: its
            place does not wait for the text after it, which a slow network brings later. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-2.5 h-5 w-5 shrink-0 self-start text-brand-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t.editSearch}: </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900" data-testid="mobile-search-summary-names">
            {named.join(SUMMARY_SEPARATOR)}
          </span>
          <span className="sr-only">, </span>
          <span className="block truncate text-xs text-slate-600" data-testid="mobile-search-summary-text">
            {summary}
          </span>
        </span>
      </button>

      {open && (
        <Suspense fallback={null}>
          <MobileSearchModal state={state} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
