import { Link } from "@remix-run/react";
import { useState } from "react";
import { RESULTS_PATH, SAVE_TRIP_HINT_KEY } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useSearchState } from "./search-state";
import { useStorageItem, writeStorage } from "../ui/browser-storage";
import { useNonce } from "../ui/nonce";

/** While a search runs: a loading animation with a title and subtitle. */
export function Loading() {
  return (
    <div role="status" aria-live="polite" className="mb-4 flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm" data-testid="loading">
      <span aria-hidden="true" className="size-10 shrink-0 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <div>
        <p className="font-semibold text-brand-900">{texts.results.loadingTitle}</p>
        <p className="text-sm text-slate-600">{texts.results.loadingSubtitle}</p>
      </div>
    </div>
  );
}

/** No results, search up to date and not loading: a notice with a button that starts the default search. */
export function NoResults() {
  const { applied } = useSearchState();
  // The default search, keeping the affiliate id and embed mode.
  const carried = new URLSearchParams();
  if (applied.aff) carried.set("aff", applied.aff);
  if (applied.embed) carried.set("embed", "1");
  const qs = carried.toString();
  const href = qs ? `${RESULTS_PATH}?${qs}` : RESULTS_PATH;
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-center" data-testid="no-results">
      <h2 className="text-lg font-bold text-brand-900">{texts.results.noResultsTitle}</h2>
      <p className="mt-2 text-slate-600">{texts.results.noResultsText}</p>
      <Link to={href} className="mt-4 inline-block rounded bg-brand-600 px-4 py-2 font-semibold text-white" data-testid="reinit-search">
        {texts.results.noResultsButton}
      </Link>
    </div>
  );
}

/**
 * While the page hydrates, the hint is the server's, which cannot know whether it was dismissed:
 * this script, right after it in the markup, hides it before it paints where it was, so that the
 * cards never move (the hint appearing or leaving above them would shift them under the pointer).
 */
// (Reading storage cannot throw here: root.tsx's first script puts a stand-in where it is refused.)
const HIDE_DISMISSED_HINT = `if(localStorage.getItem(${JSON.stringify(SAVE_TRIP_HINT_KEY)})=="1")document.currentScript.previousElementSibling.style.display="none"`;

/** The save-trip hint: shown until dismissed (remembered in localStorage); hidden on mobile. */
export function SaveTripHint() {
  const nonce = useNonce();
  const stored = useStorageItem(SAVE_TRIP_HINT_KEY);
  // Without storage the dismissal lasts for this page view.
  const [dismissedNow, setDismissedNow] = useState(false);
  if (stored === "1" || dismissedNow) return null;
  return (
    <>
      <div className="save-hint" data-testid="save-trip-hint">
        <p>{texts.results.saveTripHint}</p>
        <button
          type="button"
          className="js-only"
          onClick={() => {
            setDismissedNow(true);
            writeStorage(SAVE_TRIP_HINT_KEY, "1");
          }}
          data-testid="dismiss-hint"
        >
          {texts.results.saveTripHintDismiss}
        </button>
      </div>
      {/* Only the server's markup holds the script's text: React leaves a script as the server wrote it. */}
      {stored === undefined && (
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? HIDE_DISMISSED_HINT : "" }}
        />
      )}
    </>
  );
}
