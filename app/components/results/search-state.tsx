import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { DEFAULT_SORTING_METHOD, RESULTS_PATH, type PriceMode, type SortingMethod } from "~/domain/constants";
import { resultsHref, resultsParams, type ResultsState } from "~/domain/results-url";
import { requestPartnerScroll } from "../embed";
import type { SearchData } from "~/domain/search-data";

// The one place that knows the search state of the results page (docs/screens.md "Search state"):
//   applied          the search the URL holds (the URL is the whole state), as the loader parsed
//                    it (the browser only writes URLs: the codec's zod schemas stay off the page),
//   draft            the search being edited (the mobile filter drawer, a pending price edit, the
//                    search bar), reset whenever the URL changes,
//   searchIsUpToDate the draft equals the applied search,
//   searchIsLoading  a navigation to the results page is under way.
// Every change of the results is a navigation to the canonical URL (app/domain/results-url.ts),
// so JavaScript and plain links/forms produce the same URLs.

export interface Draft {
  searchData: SearchData;
  priceMode: PriceMode;
}

export interface SearchChange {
  searchData?: SearchData;
  priceMode?: PriceMode;
  sort?: SortingMethod;
  /** Defaults to 1 whenever the search or sort changes, else the current page. */
  page?: number;
}

export interface SearchStateValue {
  applied: ResultsState;
  draft: Draft;
  searchIsUpToDate: boolean;
  searchIsLoading: boolean;
  /** Edits the draft only. */
  setDraft: (next: Draft) => void;
  /** Drops the draft's edits. */
  resetDraft: () => void;
  /** Edits the draft and runs it as the search. */
  update: (next: Draft) => void;
  /** Runs a search: the draft unless `change` says otherwise. Sorting and paging scroll to the top. */
  runSearch: (change?: SearchChange) => void;
  /** The results URL of a change of the applied state (for links). */
  hrefFor: (change: SearchChange) => string;
}

const SearchStateContext = createContext<SearchStateValue | null>(null);

export function draftKey(d: Draft): string {
  return resultsParams({ query: { searchData: d.searchData, sort: DEFAULT_SORTING_METHOD, page: 1 }, priceMode: d.priceMode }).toString();
}

export function nextState(applied: ResultsState, change: SearchChange): ResultsState {
  const searchChanged = change.searchData !== undefined || change.priceMode !== undefined || change.sort !== undefined;
  return {
    ...applied,
    // A change of the results closes any open dialog.
    dialog: undefined,
    query: {
      searchData: change.searchData ?? applied.query.searchData,
      sort: change.sort ?? applied.query.sort,
      page: change.page ?? (searchChanged ? 1 : applied.query.page),
    },
    priceMode: change.priceMode ?? applied.priceMode,
  };
}

/**
 * The URL an edit belongs to. The browser's location is the freshest word on that: an edit can land
 * between a navigation's history update and its re-render. (Edits happen only in the browser.)
 */
const currentSearch = () => window.location.search;

/** `applied`: the state of the page's URL, from its loader (which re-runs whenever the URL changes). */
export function SearchStateProvider({ applied, children }: { applied: ResultsState; children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const search = location.search;
  const appliedDraft = useMemo<Draft>(() => ({ searchData: applied.query.searchData, priceMode: applied.priceMode }), [applied]);

  const [edit, setEdit] = useState<{ base: string; draft: Draft } | null>(null);
  const draft = edit && edit.base === search ? edit.draft : appliedDraft;
  // The latest values for callbacks that outlive a render; an edit is the draft at once (a price
  // field that settles as it loses the focus to the drawer's button, which then runs the draft).
  const draftRef = useRef(draft);
  const appliedRef = useRef(applied);
  useEffect(() => {
    draftRef.current = draft;
    appliedRef.current = applied;
  });

  const go = useCallback(
    (change: SearchChange) => {
      const scrollToTop = change.searchData === undefined && change.priceMode === undefined;
      navigate(resultsHref(nextState(appliedRef.current, change)), { preventScrollReset: !scrollToTop });
    },
    [navigate],
  );

  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next;
    setEdit({ base: currentSearch(), draft: next });
  }, []);
  const resetDraft = useCallback(() => setEdit(null), []);
  const update = useCallback(
    (next: Draft) => {
      setEdit({ base: currentSearch(), draft: next });
      go({ searchData: next.searchData, priceMode: next.priceMode });
    },
    [go],
  );
  const runSearch = useCallback(
    (change?: SearchChange) => go(change ?? { searchData: draftRef.current.searchData, priceMode: draftRef.current.priceMode }),
    [go],
  );
  const hrefFor = useCallback((change: SearchChange) => resultsHref(nextState(applied, change)), [applied]);

  // Embed mode: a sort or page change (a link, a button, back/forward) scrolls the partner page to
  // the widget's start once the new results show; a change of the search itself does not.
  const viewed = useRef({ key: draftKey(appliedDraft), sort: applied.query.sort, page: applied.query.page });
  useEffect(() => {
    const prev = viewed.current;
    const now = { key: draftKey(appliedDraft), sort: applied.query.sort, page: applied.query.page };
    viewed.current = now;
    if (applied.embed && prev.key === now.key && (prev.sort !== now.sort || prev.page !== now.page)) requestPartnerScroll();
  }, [appliedDraft, applied]);

  const searchIsUpToDate = draftKey(draft) === draftKey(appliedDraft);
  const searchIsLoading = navigation.state === "loading" && navigation.location?.pathname === RESULTS_PATH;

  const value = useMemo<SearchStateValue>(
    () => ({ applied, draft, searchIsUpToDate, searchIsLoading, setDraft, resetDraft, update, runSearch, hrefFor }),
    [applied, draft, searchIsUpToDate, searchIsLoading, setDraft, resetDraft, update, runSearch, hrefFor],
  );
  return <SearchStateContext.Provider value={value}>{children}</SearchStateContext.Provider>;
}

export function useSearchState(): SearchStateValue {
  const value = useContext(SearchStateContext);
  if (!value) throw new Error("useSearchState needs a SearchStateProvider");
  return value;
}
