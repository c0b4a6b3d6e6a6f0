import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { SEARCH_BAR_NO_JS_STYLE } from "~/components/search-bar/search-bar";
import { WhereStep } from "~/components/search-bar/where-step";
import { Page } from "~/components/ui/page";
import { RESULTS_PATH } from "~/domain/constants";
import { parseResultsParams, resultsHref, resultsParams } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import { destinationTree } from "~/search/destinations.server";

// The destination picker as a page of its own (DESTINATIONS_PATH): the search bar's plain form
// links here, so the results page does not carry the whole destination tree for the visitors
// without JavaScript. Its query string is the search's; the form sends the chosen area with the
// rest of the search, unchanged, to the results page.

/** The keys of the search's area, which this page's own fields send. */
const AREA_KEYS = new Set(["destinationSlugs", "tags", "bbox", "area", "page"]);

export function loader({ request, context }: LoaderFunctionArgs) {
  const state = parseResultsParams(new URL(request.url).searchParams);
  const { searchData } = state.query;
  const persons = searchData.adultCount + searchData.childrenCount;
  const carried = [...resultsParams({ ...state, dialog: undefined })].filter(([k]) => !AREA_KEYS.has(k));
  return { searchData, carried, back: resultsHref(state), destinations: { persons, tree: destinationTree(context.engine, { persons }) } };
}

export const meta: MetaFunction = () => [{ title: `${texts.destinationsPage.title} – ${texts.siteName}` }];

const t = texts.destinationsPage;

export default function DestinationsPage() {
  const { searchData, carried, back, destinations } = useLoaderData<typeof loader>();
  const [draft, setDraft] = useState(searchData);
  return (
    <Page title={t.title}>
      <p className="mb-4 text-slate-700">{t.intro}</p>
      <Form method="get" action={RESULTS_PATH} className="sb-form rounded-xl bg-white p-4 shadow-sm" data-testid="destinations-page">
        {/* Without JavaScript every kind's list shows (the radio says which counts). */}
        <noscript dangerouslySetInnerHTML={{ __html: SEARCH_BAR_NO_JS_STYLE }} />
        {carried.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <WhereStep draft={draft} setDraft={setDraft} idPrefix="picker" destinations={destinations} active />
        <button type="submit" className="mt-4 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white" data-testid="destinations-submit">
          {t.search}
        </button>
      </Form>
      <p className="mt-4">
        <Link to={back} className="font-semibold text-brand-700 underline">
          {t.back}
        </Link>
      </p>
    </Page>
  );
}
