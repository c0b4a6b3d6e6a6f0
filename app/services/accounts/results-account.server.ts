import { getUser, type SessionContext } from "~/services/accounts/session.server";
import { agentExists, agentQuery } from "~/services/agents/agents.server";
import { savedTripIds } from "~/services/saved-trips/saved-trips.server";

// What the results page shows of the visitor's account: whether they are logged in,
// whether an agent exists for the search, and which trips they saved. Anonymous page views get
// the same answer for everyone (they may be cached, server/page-cache.ts); a logged-in visitor
// always sends the session cookie, so their pages are never cached.

export interface ResultsAccount {
  loggedIn: boolean;
  agentExists: boolean;
  savedTripIds: string[];
}

export async function resultsAccount(request: Request, context: SessionContext, tripIds: string[]): Promise<ResultsAccount> {
  const user = await getUser(request, context);
  if (!user) return { loggedIn: false, agentExists: false, savedTripIds: [] };
  const saved = new Set(savedTripIds(context.db, user.id));
  return {
    loggedIn: true,
    agentExists: agentExists(context.db, user.id, agentQuery(new URL(request.url).searchParams)),
    savedTripIds: tripIds.filter((id) => saved.has(id)),
  };
}
