import { Link } from "@remix-run/react";
import { useState } from "react";
import { AgentToggle } from "~/components/agents/agent-toggle";
import { ResultsDialogs } from "~/components/agents/results-dialogs";
import type { BannerData } from "~/components/banners/banner";
import { FilterChips } from "~/components/filters/chips";
import { FilterForm } from "~/components/filters/filter-form";
import { MapView } from "~/components/map/map-view";
import type { MapTiles } from "~/components/map/map-parts";
import { SaveTripForms } from "~/components/saved-trips/save-trip-button";
import { desktopSearchBar, mobileSearchSummary, PlaceNamesProvider } from "~/components/search-bar";
import { PagePartView, desktopPart, interactionPart, partOnDemand, phonePart, useScreenPartsReady } from "~/components/ui/page-parts";
import { useHydrated } from "~/components/ui/use-hydrated";
import { hasFilters } from "~/domain/search-data";
import { formatCount } from "~/domain/format";
import { RESULTS_NO_JS_STYLE } from "~/domain/inline-styles";
import type { PlacesByResort } from "~/domain/map-places";
import { markupOnlyOf, type WithMarkupOnly } from "~/domain/markup-only";
import { resultsHref, type ResultsState } from "~/domain/results-url";
import type { PlaceNames } from "~/domain/search-names";
import type { FacetNumbers, MapData, ResultCardItem, ResultCardKey, SearchOptions, SearchResult } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { HoveredAccommodationProvider } from "./hover-context";
import type { CardView } from "./result-card";
import { loadCardParts } from "./card-parts-loader";
import { MapSideList, PagePagination, pageCards, ResultsList } from "./page-cards";
import { SearchStateProvider, useSearchState } from "./search-state";
import { MobileBar } from "./mobile-bar";
import { SortingBar } from "./sorting-bar";
import { Loading, NoResults, SaveTripHint } from "./status";
import { ScrollToTop } from "./scroll-to-top";

// The search results page (docs/screens.md): the search bar, the filters, the sorting, the result
// list or the results map, the pages, the dialogs. Its route (app/routes/results.tsx) loads the
// data for the URL's search and hands it here.

/**
 * What the page shows, as the route's loader returns it. A page rendered on the server has its
 * cards as markup only (`result.items` null, the markup under MARKUP_ONLY: app/domain/markup-only.ts).
 */
export interface ResultsPageData extends WithMarkupOnly {
  /** The URL's state as the loader parsed it: the page's script never parses a URL. */
  state: ResultsState;
  result: Pick<SearchResult, "pagination" | "totalCount"> & {
    facetNumbers: FacetNumbers;
    cardKeys: ResultCardKey[];
    items: ResultCardItem[] | null;
  };
  options: SearchOptions;
  banners: BannerData[];
  map: MapData | null;
  tiles: MapTiles | null;
  places: PlacesByResort[] | null;
  /** The visitor's account: the travel-alert toggle, the dialogs and the saved trips. */
  account: { loggedIn: boolean; agentExists: boolean; savedTripIds: string[] };
  placeNames: PlaceNames;
  placePage: { name: string; href: string } | null;
  /** The best offers whose price fell at their last change, by trip id. */
  drops: Record<string, CardView["drop"]>;
}

/** Where the skip link leads: past the search bar and the filters, to the results. */
export const RESULTS_ID = "resultater";
/** An empty element after the results, which the first paint waits for (app/components/ui/first-paint.tsx). */
export const RESULTS_END_ID = "resultater-slut";

// The filter sidebar and the sorting bar show on the desktop layout only (a phone has the drawers).
const filterSidebar = desktopPart(import.meta.env.SSR ? FilterForm : null, () =>
  import("~/components/filters/filter-form").then((m) => m.FilterForm),
);
const sortingBar = desktopPart(import.meta.env.SSR ? SortingBar : null, () =>
  import("~/components/results/sorting-bar").then((m) => m.SortingBar),
);
// A phone's chips of the set filters: loaded on a page that has any.
const filterChipsPart = partOnDemand(import.meta.env.SSR ? FilterChips : null, () =>
  import("~/components/filters/chips").then((m) => m.FilterChips),
);
// A phone has the bar of drawers instead.
const mobileBar = phonePart(import.meta.env.SSR ? MobileBar : null, () => import("./mobile-bar").then((m) => m.MobileBar));
// Nothing to do before the visitor acts: a switch, and a control that shows after some scrolling.
const agentToggle = interactionPart(import.meta.env.SSR ? AgentToggle : null, () =>
  import("~/components/agents/agent-toggle").then((m) => m.AgentToggle),
);
const scrollToTop = interactionPart(import.meta.env.SSR ? ScrollToTop : null, () => import("./scroll-to-top").then((m) => m.ScrollToTop));

// The map view (and Leaflet with it) loads when it is shown; the dialogs when they open. A dialog
// opened by the URL is in the server's markup, which the browser keeps until the dialog's code is
// there (a lazy component under Suspense would be hydrated, and updated, while it still loads:
// React's error #421).
// The map view's side list renders the cards itself (the page's data has them whole): their code
// comes with the view's, not after it.
const mapViewPart = partOnDemand(import.meta.env.SSR ? MapView : null, () =>
  Promise.all([import("~/components/map/map-view"), loadCardParts().catch(() => undefined)]).then(([m]) => m.MapView),
);
const resultsDialogs = partOnDemand(import.meta.env.SSR ? ResultsDialogs : null, () =>
  import("~/components/agents/results-dialogs").then((m) => m.ResultsDialogs),
);

export function ResultsPage({ data }: { data: ResultsPageData }) {
  return (
    <SearchStateProvider applied={data.state}>
      <PlaceNamesProvider initial={data.placeNames}>
        <HoveredAccommodationProvider>
          <ResultsView data={data} />
        </HoveredAccommodationProvider>
      </PlaceNamesProvider>
    </SearchStateProvider>
  );
}

function ResultsView({ data }: { data: ResultsPageData }) {
  const { result, options, banners, map, tiles, places, account, placeNames, placePage, drops } = data;
  const { applied, searchIsUpToDate, searchIsLoading } = useSearchState();
  const mapView = applied.map === true;
  const hydrated = useHydrated();
  // `data-hydrated` (what the browser tests wait for): the page and the parts this screen shows are live.
  const partsReady = useScreenPartsReady();
  const noResults = result.pagination.totalCount === 0 && searchIsUpToDate && !searchIsLoading;
  const cards = pageCards(result, markupOnlyOf(data).resultCards);

  return (
    <div id="top" className="mx-auto max-w-[1400px] px-3 py-4 sm:px-4 lg:py-6" data-hydrated={hydrated && partsReady ? "true" : undefined}>
      <noscript dangerouslySetInnerHTML={{ __html: RESULTS_NO_JS_STYLE }} />
      <PagePartView part={desktopSearchBar} props={{ className: "mb-5 hidden lg:block" }} />
      <PagePartView part={mobileSearchSummary} props={{ className: "mb-3 lg:hidden" }} />
      <div className="lg:flex lg:items-start lg:gap-6">
        <FiltersAside options={options} facetNumbers={result.facetNumbers} />

        <main
          id="results"
          className={`min-w-0 flex-1 ${mapView ? "" : "max-w-[920px]"}`}
          aria-busy={searchIsLoading}
          data-testid="results-column"
        >
          <ResultsHeading result={result} account={account} placePage={placePage} />
          <PagePartView part={sortingBar} props={{ className: "nojs-flex mb-4 hidden lg:flex" }} />
          <PagePartView part={mobileBar} props={{ className: "js-only mb-4 flex lg:hidden", options, facetNumbers: result.facetNumbers }} />
          {hasFilters(applied.query.searchData.filters) && (
            <nav aria-label={texts.mobile.chipsLabel} className="mb-4 lg:hidden" data-testid="mobile-chips">
              <PagePartView part={filterChipsPart} props={{ options }} />
            </nav>
          )}
          {mapView && (
            <Link
              to={resultsHref({ ...applied, dialog: undefined, map: undefined })}
              className="mb-3 inline-block font-semibold text-brand-700 underline lg:hidden"
              data-testid="back-to-list"
            >
              {texts.map.backToList}
            </Link>
          )}
          <SaveTripHint />
          <SaveTripForms />
          {/* The skip link's target: focusable, so the next Tab goes on from here. */}
          <div id={RESULTS_ID} tabIndex={-1} className="focus:outline-none">
            {searchIsLoading && <Loading />}
            {mapView && noResults && (
              <div className="mb-4">
                <NoResults />
              </div>
            )}
            {mapView ? (
              <PagePartView
                part={mapViewPart}
                props={{
                  data: map,
                  tiles,
                  places,
                  priceMode: applied.priceMode,
                  sideList: <MapSideList cards={cards} drops={drops} pagination={result.pagination} />,
                }}
              />
            ) : noResults ? (
              <NoResults />
            ) : (
              <ResultsList cards={cards} banners={banners} drops={drops} />
            )}
          </div>
          <span id={RESULTS_END_ID} hidden />
          {!mapView && <PagePagination totalCount={result.pagination.totalCount} pageSize={result.pagination.pageSize} />}
          <p className="mt-4 text-center text-sm text-slate-600" data-testid="total-trips">
            {texts.results.totalTrips(formatCount(result.totalCount))}
          </p>
        </main>
      </div>
      <PagePartView part={scrollToTop} props={{}} />
      {!applied.embed && applied.dialog && (
        <PagePartView
          part={resultsDialogs}
          props={{ loggedIn: account.loggedIn, agentExists: account.agentExists, names: placeNames, options }}
        />
      )}
    </div>
  );
}

/** The filter sidebar of the desktop layout (a phone has the drawers), which the visitor may fold. */
function FiltersAside({ options, facetNumbers }: { options: SearchOptions; facetNumbers: FacetNumbers }) {
  const [folded, setFolded] = useState(false);
  return (
    <aside
      aria-label={texts.filters.heading}
      className={`nojs-block mb-4 hidden shrink-0 rounded-xl bg-white p-4 shadow-sm lg:block ${
        folded ? "lg:w-[200px]" : "w-full lg:w-[320px] xl:w-[400px]"
      }`}
      data-testid="sidebar"
      data-folded={folded ? "true" : "false"}
    >
      <PagePartView
        part={filterSidebar}
        props={{
          options,
          facetNumbers,
          folded,
          actions: (
            <button
              type="button"
              className="js-only rounded px-2 py-1 text-sm text-slate-700 underline"
              aria-expanded={!folded}
              onClick={() => setFolded((f) => !f)}
              data-testid="fold-sidebar"
            >
              {folded ? texts.filters.unfold : texts.filters.fold}
            </button>
          ),
        }}
      />
    </aside>
  );
}

/** The page's heading, what it found, the travel-alert toggle and the chosen place's own page. */
function ResultsHeading({ result, account, placePage }: Pick<ResultsPageData, "result" | "account" | "placePage">) {
  const { applied } = useSearchState();
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{texts.results.heading}</h1>
          {result.totalCount > 0 && (
            <p className="text-sm text-slate-700" data-testid="result-counts">
              {texts.results.found(result.pagination.totalCount, result.totalCount)}
            </p>
          )}
        </div>
        {!applied.embed && <PagePartView part={agentToggle} props={{ agentExists: account.agentExists, loggedIn: account.loggedIn }} />}
      </div>
      {placePage && !applied.embed && (
        <p className="-mt-1 mb-3 text-sm">
          <Link to={placePage.href} className="font-semibold text-brand-700 underline" data-testid="place-page-link">
            {texts.destinations.aboutPlace(placePage.name)}
          </Link>
        </p>
      )}
    </>
  );
}
