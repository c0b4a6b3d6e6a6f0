import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SEARCH_FORM_KEYS, SearchForm } from "~/components/search-bar/search-form";
import { Page } from "~/components/ui/page";
import { parseResultsParams, resultsHref, resultsParams } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import { destinationTree } from "~/search/destinations.server";
import { unlistedMeta } from "~/domain/share-meta";

// The search form as a page of its own (SEARCH_PATH): where the search bar without JavaScript
// leads. Its query string is the search's (a results page's URL, or the landing page's preset);
// the form sends the edited search with the rest of it unchanged to the results page.

export function loader({ request, context }: LoaderFunctionArgs) {
  const state = parseResultsParams(new URL(request.url).searchParams);
  const { searchData } = state.query;
  const persons = searchData.adultCount + searchData.childrenCount;
  const carried = [...resultsParams({ ...state, dialog: undefined })].filter(([k]) => !SEARCH_FORM_KEYS.has(k));
  return { searchData, carried, back: resultsHref(state), destinations: { persons, tree: destinationTree(context.engine, { persons }) } };
}

export const meta: MetaFunction = () => unlistedMeta(texts.searchPage.title, texts.searchPage.metaDescription);

export default function SearchPage() {
  const { searchData, carried, back, destinations } = useLoaderData<typeof loader>();
  return (
    <Page title={texts.searchPage.title}>
      <p className="mb-4 text-slate-700">{texts.searchPage.intro}</p>
      <SearchForm initial={searchData} carried={carried} destinations={destinations} />
      <p className="mt-6">
        <Link to={back} className="font-semibold text-brand-700 underline">
          {texts.searchPage.back}
        </Link>
      </p>
    </Page>
  );
}
