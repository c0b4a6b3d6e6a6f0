import { keepsPageData } from "~/utils/revalidation";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { Banner } from "~/components/banners/banner";
import { FilterChips } from "~/components/filters/chips";
import { hasFilters } from "~/domain/filters";
import { FilterForm } from "~/components/filters/filter-form";
import { desktopSearchBar, MobileSearchSummary, PlaceNamesProvider } from "~/components/search-bar";
import { MapView } from "~/components/map/map-view";
import { HoveredAccommodationProvider } from "~/components/results/hover-context";
import { MobileBar } from "~/components/results/mobile-bar";
import { Pagination } from "~/components/results/pagination";
import { cardView, ResultCard } from "~/components/results/result-card";
import { cardMarkup } from "~/components/results/card-markup.server";
import { SearchStateProvider, useSearchState } from "~/components/results/search-state";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { SkipLinkHandle } from "~/components/ui/skip-link";
import { useMarkupOnly } from "~/components/ui/markup-only";
import type { CardMarkup } from "~/domain/markup-only";
import { PagePartView, desktopPart, partOnDemand, useDesktopPartsReady } from "~/components/ui/page-parts";
import { SortingBar } from "~/components/results/sorting-bar";
import { Loading, NoResults, SaveTripHint, ScrollToTop } from "~/components/results/status";
import { placeBanners } from "~/domain/banner-slots";
import { formatCount } from "~/domain/format";
import { isCanonical, parseResultsParams, resultsHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import { resultsAccount } from "~/services/accounts/results-account.server";
import { resultsPage } from "~/services/results/results-page.server";
import { AgentToggle } from "~/components/agents/agent-toggle";
import { SaveTripForms } from "~/components/saved-trips/save-trip-button";
import { ResultsDialogs } from "~/components/agents/results-dialogs";
import { resultCardKey, type ResultCardItem, type ResultCardKey } from "~/domain/search-result";
import { RESULTS_NO_JS_STYLE } from "~/domain/inline-styles";

// The filter sidebar and the sorting bar show on the desktop layout only (a phone has the drawers).
const filterSidebar = desktopPart(import.meta.env.SSR ? FilterForm : null, () =>
  import("~/components/filters/filter-form").then((m) => m.FilterForm),
);
const sortingBar = desktopPart(import.meta.env.SSR ? SortingBar : null, () =>
  import("~/components/results/sorting-bar").then((m) => m.SortingBar),
);

// The map view (and Leaflet with it) loads when it is shown; the dialogs when they open. A dialog
// opened by the URL is in the server's markup, which the browser keeps until the dialog's code is
// there (a lazy component under Suspense would be hydrated, and updated, while it still loads:
// React's error #421).
const mapViewPart = partOnDemand(import.meta.env.SSR ? MapView : null, () => import("~/components/map/map-view").then((m) => m.MapView));
const resultsDialogs = partOnDemand(import.meta.env.SSR ? ResultsDialogs : null, () =>
  import("~/components/agents/results-dialogs").then((m) => m.ResultsDialogs),
);

// The search results page. The URL is the whole state: the loader redirects any other
// spelling of a search (a submitted GET form, repeated params, "23.960 kr.") to its canonical URL
// and renders the results from it (app/services/results/results-page.server.ts); with JavaScript
// every change navigates to the same URLs.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = parseResultsParams(url.searchParams);
  if (!isCanonical(url.search, state)) throw redirect(resultsHref(state), 302);
  const { redirectTo, page } = await resultsPage(context, state);
  if (redirectTo !== null) throw redirect(redirectTo, 302);
  const { cards, ...data } = page;
  // A page rendered here carries its cards as markup only, which the browser keeps (ResultCard):
  // Remix has serialised a loader's data before the document renders, so the markup goes beside
  // it, through the load context to entry.server.tsx. A client navigation's data carries the cards
  // whole, and so does the map view's page: the browser renders that view anew once its code is
  // there (page-parts.tsx), cards and all.
  const markupOnly = state.map ? null : context.markupOnly;
  if (markupOnly) markupOnly.resultCards = cards.map((card) => cardMarkup(card, cardView(state, resultCardKey(card), data.drops)));
  return {
    ...data,
    result: { ...data.result, cardKeys: cards.map(resultCardKey), items: markupOnly ? null : cards },
    // The visitor's account: the travel-alert toggle, the dialogs and the saved trips.
    account: await resultsAccount(
      request,
      context,
      cards.map((card) => card.trip.id),
    ),
  };
}

/** Where the skip link leads: past the search bar and the filters, to the results. */
const RESULTS_ID = "resultater";
/** The page writes its own canonical link (in its meta), for the root's to leave out. */
export const handle: SkipLinkHandle & { canonical: "own" } = {
  canonical: "own",
  skipLink: { href: `#${RESULTS_ID}`, label: texts.nav.skipToResults },
};

/** The search is not run again for a histogram call or a saved trip (app/utils/revalidation.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !keepsPageData(args) && args.defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: texts.siteName }];

export default function Results() {
  const { state, placeNames } = useLoaderData<typeof loader>();
  return (
    <SearchStateProvider applied={state}>
      <PlaceNamesProvider initial={placeNames}>
        <HoveredAccommodationProvider>
          <ResultsPage />
        </HoveredAccommodationProvider>
      </PlaceNamesProvider>
    </SearchStateProvider>
  );
}

function ResultsPage() {
  const { result, options, banners, map, tiles, places, account, placeNames, placePage } = useLoaderData<typeof loader>();
  const { applied, searchIsUpToDate, searchIsLoading } = useSearchState();
  const mapView = applied.map === true;
  const [folded, setFolded] = useState(false);
  const hydrated = useHydrated();
  // `data-hydrated` (what the browser tests wait for): the page and its desktop-only parts are live.
  const desktopReady = useDesktopPartsReady();
  const noResults = result.pagination.totalCount === 0 && searchIsUpToDate && !searchIsLoading;
  const cards = usePageCards();
  const entries = placeBanners(cards, banners);

  return (
    <div
      id="top"
      className="mx-auto max-w-[1400px] px-3 py-4 sm:px-4 lg:py-6"
      data-hydrated={hydrated && desktopReady ? "true" : undefined}
    >
      <noscript dangerouslySetInnerHTML={{ __html: RESULTS_NO_JS_STYLE }} />
      <PagePartView part={desktopSearchBar} props={{ className: "mb-5 hidden lg:block" }} />
      <MobileSearchSummary className="mb-3 lg:hidden" />
      <div className="lg:flex lg:items-start lg:gap-6">
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
              facetNumbers: result.facetNumbers,
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

        <main
          id="results"
          className={`min-w-0 flex-1 ${mapView ? "" : "max-w-[920px]"}`}
          aria-busy={searchIsLoading}
          data-testid="results-column"
        >
          <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <div>
              <h1 className="text-2xl font-bold text-brand-900">{texts.results.heading}</h1>
              {result.totalCount > 0 && (
                <p className="text-sm text-slate-700" data-testid="result-counts">
                  {texts.results.found(result.pagination.totalCount, result.totalCount)}
                </p>
              )}
            </div>
            {!applied.embed && <AgentToggle agentExists={account.agentExists} loggedIn={account.loggedIn} />}
          </div>
          {placePage && !applied.embed && (
            <p className="-mt-1 mb-3 text-sm">
              <Link to={placePage.href} className="font-semibold text-brand-700 underline" data-testid="place-page-link">
                {texts.destinations.aboutPlace(placePage.name)}
              </Link>
            </p>
          )}
          <PagePartView part={sortingBar} props={{ className: "nojs-flex mb-4 hidden lg:flex" }} />
          <MobileBar className="js-only mb-4 flex lg:hidden" options={options} facetNumbers={result.facetNumbers} />
          {hasFilters(applied.query.searchData.filters) && (
            <nav aria-label={texts.mobile.chipsLabel} className="mb-4 lg:hidden" data-testid="mobile-chips">
              <FilterChips options={options} />
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
                  sideList: (
                    <>
                      <ol
                        aria-label={texts.results.listLabel}
                        className="@container max-h-[65vh] space-y-3 overflow-y-auto pr-1"
                        data-testid="map-side-list"
                      >
                        {cards.map((card) => (
                          <li key={cardKey(card)}>
                            <PageCard card={card} />
                          </li>
                        ))}
                      </ol>
                      <Pagination totalCount={result.pagination.totalCount} pageSize={result.pagination.pageSize} />
                    </>
                  ),
                }}
              />
            ) : noResults ? (
              <NoResults />
            ) : (
              <ol
                aria-label={texts.results.listLabel}
                className={`@container space-y-4 transition-opacity ${searchIsLoading ? "opacity-50" : ""}`}
                data-testid="results-list"
              >
                {entries.map((entry) =>
                  entry.kind === "item" ? (
                    <li key={cardKey(entry.item)}>
                      <PageCard card={entry.item} />
                    </li>
                  ) : (
                    <li key={`b-${entry.banner.id}`}>
                      <Banner banner={entry.banner} aff={applied.aff} />
                    </li>
                  ),
                )}
              </ol>
            )}
          </div>
          {!mapView && <Pagination totalCount={result.pagination.totalCount} pageSize={result.pagination.pageSize} />}
          <p className="mt-4 text-center text-sm text-slate-600" data-testid="total-trips">
            {texts.results.totalTrips(formatCount(result.totalCount))}
          </p>
        </main>
      </div>
      <ScrollToTop />
      {!applied.embed && applied.dialog && (
        <PagePartView
          part={resultsDialogs}
          props={{ loggedIn: account.loggedIn, agentExists: account.agentExists, names: placeNames, options }}
        />
      )}
    </div>
  );
}

type PageCardData = { key: ResultCardKey; item: ResultCardItem | undefined; markup: CardMarkup | undefined };

/**
 * The page's cards: whole where their data is at hand (a client navigation), as markup in the
 * server's render, else their keys only, in a browser that keeps the cards' markup from the server.
 */
function usePageCards(): PageCardData[] {
  const { result } = useLoaderData<typeof loader>();
  const markup = useMarkupOnly().resultCards;
  return result.cardKeys.map((key, i) => ({ key, item: result.items?.[i], markup: markup?.[i] }));
}

/** A card kept from the server's markup is a new element once its data arrives. */
const cardKey = ({ key: [accommodationId], item }: PageCardData) => `${item ? "" : "kept-"}${accommodationId}`;

function PageCard({ card }: { card: PageCardData }) {
  const { drops } = useLoaderData<typeof loader>();
  const { applied } = useSearchState();
  const data = card.item && { item: card.item, view: cardView(applied, card.key, drops) };
  return <ResultCard cardKey={card.key} data={data} markup={card.markup} />;
}
