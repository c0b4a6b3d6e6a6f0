import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { cardMarkup } from "~/components/results/card-markup.server";
import { cardView } from "~/components/results/result-card";
import { RESULTS_END_ID, RESULTS_ID, ResultsPage } from "~/components/results/results-page";
import type { FirstPaintHandle } from "~/components/ui/first-paint";
import type { SkipLinkHandle } from "~/components/ui/skip-link";
import { MARKUP_ONLY } from "~/domain/markup-only";
import { isCanonical, parseResultsParams, resultsHref } from "~/domain/results-url";
import { resultCardKey } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { resultsAccount } from "~/services/accounts/results-account.server";
import { resultsPage } from "~/services/results/results-page.server";
import { keepsPageData } from "~/utils/revalidation";

// The search results page (its view: app/components/results/results-page.tsx). The URL is the
// whole state: the loader redirects any other
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
  // A page rendered here carries its cards as markup only, which the browser keeps (ResultCard);
  // a client navigation's data carries the cards whole, and so does the map view's page: the
  // browser renders that view anew once its code is there (page-parts.tsx), cards and all.
  const markupOnly = context.documentRequest && !state.map;
  return {
    ...data,
    result: { ...data.result, cardKeys: cards.map(resultCardKey), items: markupOnly ? null : cards },
    // The visitor's account: the travel-alert toggle, the dialogs and the saved trips.
    account: await resultsAccount(
      request,
      context,
      cards.map((card) => card.trip.id),
    ),
    [MARKUP_ONLY]: markupOnly
      ? { resultCards: cards.map((card, i) => cardMarkup(card, cardView(state, resultCardKey(card), data.drops, i))) }
      : undefined,
  };
}

/** The page writes its own canonical link (in its meta), for the root's to leave out. */
export const handle: SkipLinkHandle & FirstPaintHandle & { canonical: "own" } = {
  canonical: "own",
  skipLink: { href: `#${RESULTS_ID}`, label: texts.nav.skipToResults },
  firstPaintAfter: RESULTS_END_ID,
};

/** The search is not run again for a histogram call or a saved trip (app/utils/revalidation.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !keepsPageData(args) && args.defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: texts.siteName }];

export default function Results() {
  return <ResultsPage data={useLoaderData<typeof loader>()} />;
}
