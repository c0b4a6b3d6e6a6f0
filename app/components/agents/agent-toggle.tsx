import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AGENTS_PATH, AGENT_EXISTS_PATH } from "~/domain/constants";
import { resultsHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import { useSearchState } from "../results/search-state";
import { Switch } from "../ui/switch";

interface ExistsAnswer {
  exists: boolean;
  loggedIn: boolean;
}

/**
 * The travel-alert toggle (docs/screens.md "Travel-alert toggle"): on when the visitor has an
 * agent for this search. Switching it on checks that (GET /api/search-agents/exists) and switches
 * back off if there is none; the click then does exactly one thing: to the agent page when one
 * exists, else the login dialog for a visitor who is not logged in, else the createSearchAgent
 * dialog.
 * Without JavaScript it is a link to the same place.
 */
export function AgentToggle({ agentExists, loggedIn, className = "" }: { agentExists: boolean; loggedIn: boolean; className?: string }) {
  const { applied } = useSearchState();
  const navigate = useNavigate();
  const check = useFetcher<ExistsAnswer>();
  const busy = check.state !== "idle";
  // On while the check runs; afterwards it shows what the page knows.
  const checked = agentExists || busy;
  const dialogHref = resultsHref({ ...applied, dialog: loggedIn ? "createSearchAgent" : "login" });
  const tooltipId = "agent-toggle-tooltip";

  // Whether the visitor's click waits for its answer. Remix reloads a fetcher's data after any
  // action on the page (saving a trip, say); only the answer to the click may navigate.
  const asked = useRef(false);
  function onChange() {
    if (busy) return;
    const qs = resultsHref({ ...applied, dialog: undefined }).split("?")[1] ?? "";
    asked.current = true;
    check.load(`${AGENT_EXISTS_PATH}?${qs}`);
  }

  // The answer: the agent page, else the dialog the visitor needs.
  useEffect(() => {
    const answer = check.data;
    if (check.state !== "idle" || !answer || !asked.current) return;
    asked.current = false;
    if (answer.exists) navigate(AGENTS_PATH);
    else navigate(resultsHref({ ...applied, dialog: answer.loggedIn ? "createSearchAgent" : "login" }), { preventScrollReset: true });
  }, [check.state, check.data, applied, navigate]);

  return (
    <div className={`relative inline-flex items-center gap-2 ${className}`}>
      <span className="group/tip relative inline-flex js-only">
        <Switch
          checked={checked}
          onChange={onChange}
          aria-label={texts.agents.toggleLabel}
          aria-describedby={tooltipId}
          aria-busy={busy}
          data-testid="agent-toggle"
          knobClassName="shadow"
        />
        {/* The tooltip, placed at the bottom. */}
        <span id={tooltipId} role="tooltip" className="tip-bottom" data-placement="bottom">
          {texts.agents.toggle}
        </span>
      </span>
      <span className="js-only text-sm font-semibold text-brand-900" aria-hidden="true">
        {texts.agents.toggle}
      </span>
      <Link
        to={agentExists ? AGENTS_PATH : dialogHref}
        className="nojs-block hidden text-sm font-semibold text-brand-700 underline"
        data-testid="agent-toggle-link"
      >
        {texts.agents.toggle}
      </Link>
    </div>
  );
}
