import { useNavigate, useNavigation } from "@remix-run/react";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { DEFAULT_SORTING_METHOD, RESULTS_PATH } from "~/domain/constants";
import { resultsHref } from "~/domain/results-url";
import type { SearchData } from "~/domain/search-data";
import { useSearchState } from "../results/search-state";

// What the search bar needs from the page it sits on. On the results page it is a thin view of
// the page's SearchStateProvider (the one owner of searchIsUpToDate / searchIsLoading); on the
// landing page, which has no applied search, StandaloneSearchProvider keeps its own draft and
// 'Søg' navigates to the results page.

export interface SearchBarState {
  draft: SearchData;
  /** Edits the draft (marks the search not up to date). */
  setDraft: (next: SearchData) => void;
  searchIsUpToDate: boolean;
  searchIsLoading: boolean;
  /** Runs the draft (or `next`) as the search. */
  run: (next?: SearchData) => void;
}

const SearchBarContext = createContext<SearchBarState | null>(null);

export function StandaloneSearchProvider({ initial, children }: { initial: SearchData; children: ReactNode }) {
  const [draft, setDraft] = useState(initial);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const searchIsLoading = navigation.state !== "idle" && navigation.location?.pathname === RESULTS_PATH;
  // The results page's canonical URL, exactly as its loader would redirect a submitted form to.
  const run = useCallback(
    (next?: SearchData) =>
      navigate(
        resultsHref({ query: { searchData: next ?? draft, sort: DEFAULT_SORTING_METHOD, page: 1 }, priceMode: "perPerson" }, RESULTS_PATH),
      ),
    [navigate, draft],
  );
  const value = useMemo<SearchBarState>(
    () => ({ draft, setDraft, searchIsUpToDate: false, searchIsLoading, run }),
    [draft, searchIsLoading, run],
  );
  return <SearchBarContext.Provider value={value}>{children}</SearchBarContext.Provider>;
}

/** Adapts the results page's search state. */
function ResultsBridge({ render }: { render: (state: SearchBarState) => ReactNode }) {
  const s = useSearchState();
  const { draft, setDraft, runSearch } = s;
  const value = useMemo<SearchBarState>(
    () => ({
      draft: draft.searchData,
      setDraft: (searchData) => setDraft({ ...draft, searchData }),
      searchIsUpToDate: s.searchIsUpToDate,
      searchIsLoading: s.searchIsLoading,
      run: (next) => (next ? runSearch({ searchData: next, priceMode: draft.priceMode }) : runSearch()),
    }),
    [draft, setDraft, runSearch, s.searchIsUpToDate, s.searchIsLoading],
  );
  return <>{render(value)}</>;
}

/** Renders `children` with the search bar state of the page: the standalone provider's, or the results page's. */
export function WithSearchBarState({ children }: { children: (state: SearchBarState) => ReactNode }) {
  const standalone = useContext(SearchBarContext);
  if (standalone) return <>{children(standalone)}</>;
  return <ResultsBridge render={children} />;
}
