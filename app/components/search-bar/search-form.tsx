import { Form } from "@remix-run/react";
import { useState } from "react";
import { RESULTS_PATH } from "~/domain/constants";
import type { DestinationTree } from "~/domain/destination-tree";
import type { SearchData } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { STEPS } from "./model";
import { WhenStep } from "./when-step";
import { WhereStep } from "./where-step";
import { WhoStep } from "./who-step";
import { SEARCH_FORM_NO_JS_STYLE } from "~/domain/inline-styles";

// The search form as a page of its own (SEARCH_PATH, app/routes/search-form.tsx): the three steps Hvor /
// Hvem / Hvornår with every field, a plain GET form to the results page that carries the rest of
// the search (filters, sort, price type, affiliate) unchanged. The search bar without JavaScript
// links here, so the pages themselves do not carry every step's fields and the destination tree.
// With JavaScript the steps show one kind at a time, as in the bar.

const t = texts.searchBar;

/** The keys the form's own fields send (and `page`, which a new search starts over). */
export const SEARCH_FORM_KEYS = new Set([
  "destinationSlugs",
  "tags",
  "bbox",
  "area",
  "adultCount",
  "childrenCount",
  "arrival",
  "weeks",
  "months",
  "dates",
  "page",
]);

export function SearchForm({
  initial,
  carried,
  destinations,
}: {
  initial: SearchData;
  carried: Array<[string, string]>;
  destinations: { persons: number; tree: DestinationTree };
}) {
  const [draft, setDraft] = useState(initial);
  const stepProps = { draft, setDraft, idPrefix: "search-form" };
  return (
    <Form method="get" action={RESULTS_PATH} role="search" aria-label={t.label} className="sb-form space-y-4" data-testid="search-form">
      <noscript dangerouslySetInnerHTML={{ __html: SEARCH_FORM_NO_JS_STYLE }} />
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {STEPS.map((step) => (
        <section
          key={step}
          aria-labelledby={`search-form-${step}`}
          className="rounded-xl border border-slate-200 bg-white p-4"
          data-testid={`panel-${step}`}
        >
          <h2 id={`search-form-${step}`} className="mb-2 text-base font-bold text-brand-900">
            {t.steps[step]}
          </h2>
          {step === "where" && <WhereStep {...stepProps} destinations={destinations} active />}
          {step === "who" && <WhoStep {...stepProps} />}
          {step === "when" && <WhenStep {...stepProps} />}
        </section>
      ))}
      <button type="submit" className="rounded-xl bg-brand-600 px-6 py-3 font-bold text-white" data-testid="search-submit">
        {t.search}
      </button>
    </Form>
  );
}
