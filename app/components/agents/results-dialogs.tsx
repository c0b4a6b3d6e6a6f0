import { Form, Link } from "@remix-run/react";
import { resultsHref, resultsParams } from "~/domain/results-url";
import { agentName } from "~/domain/filter-names";
import type { PlaceNames } from "~/domain/search-names";
import type { SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import { LoginForm } from "../account/account-forms";
import { useSearchState } from "../results/search-state";
import { UrlDialog } from "../ui/url-dialog";
import { AGENTS_PATH, AGENT_FREQUENCIES, AGENT_NAME_MAX_LENGTH, PRIVACY_PATH } from "~/domain/constants";

// The results page's dialogs, opened by name in the URL (`dialog=login|createSearchAgent`) so they
// are rendered on the server and work as plain forms without JavaScript. Logging in from the login
// dialog comes back to the same search with the createSearchAgent dialog open.

export function ResultsDialogs({
  loggedIn,
  agentExists,
  names,
  options,
}: {
  loggedIn: boolean;
  agentExists: boolean;
  /** The chosen destinations' names and the filters' options: a new agent is named by its search. */
  names: PlaceNames;
  options: SearchOptions;
}) {
  const { applied } = useSearchState();
  if (!applied.dialog) return null;
  const closeHref = resultsHref({ ...applied, dialog: undefined });
  if (!loggedIn) {
    const back = resultsHref({ ...applied, dialog: "createSearchAgent" });
    return (
      <UrlDialog title={texts.account.loginTitle} closeHref={closeHref} testId="login-dialog">
        <p className="mb-4 text-sm text-slate-700">{texts.account.loginToCreateAgent}</p>
        <LoginForm redirectTo={back} autoFocus />
      </UrlDialog>
    );
  }
  return (
    <UrlDialog title={texts.agents.createTitle} closeHref={closeHref} testId="create-agent-dialog">
      {agentExists ? (
        <p className="text-sm">
          {texts.agents.exists}{" "}
          <Link to={AGENTS_PATH} className="font-semibold text-brand-700 underline">
            {texts.agents.title}
          </Link>
        </p>
      ) : (
        <CreateAgentForm closeHref={closeHref} names={names} options={options} />
      )}
    </UrlDialog>
  );
}

function CreateAgentForm({ closeHref, names, options }: { closeHref: string; names: PlaceNames; options: SearchOptions }) {
  const { applied } = useSearchState();
  const a = texts.agents;
  const search = resultsParams({ ...applied, dialog: undefined }).toString();
  const name = agentName(applied.query.searchData, names, options, AGENT_NAME_MAX_LENGTH);
  return (
    <Form method="post" action={AGENTS_PATH} className="space-y-4" data-testid="create-agent-form" data-mode="create">
      <p className="text-sm text-slate-700">
        {a.createIntro}{" "}
        <Link to={PRIVACY_PATH} className="font-semibold text-brand-700 underline">
          {texts.privacy.formLink}
        </Link>
      </p>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="search" value={search} />
      <label className="block text-sm font-semibold">
        {a.name}
        <input
          name="name"
          required
          maxLength={AGENT_NAME_MAX_LENGTH}
          defaultValue={name}
          // The dialog's first field takes the focus; without JavaScript only autofocus can do that.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2 text-base"
        />
      </label>
      <fieldset>
        <legend className="text-sm font-semibold">{a.frequency}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {AGENT_FREQUENCIES.map((f) => (
            <label key={f} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name="frequency" value={f} defaultChecked={f === "instant"} />
              {a.frequencies[f]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="priceDrops" data-testid="create-agent-price-drops" />
        {a.priceDrops}
      </label>
      <div className="flex gap-3">
        <button
          type="submit"
          className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          data-testid="create-agent-submit"
        >
          {a.create}
        </button>
        <Link to={closeHref} preventScrollReset className="rounded px-4 py-2 font-semibold text-slate-700 underline">
          {a.cancel}
        </Link>
      </div>
    </Form>
  );
}
