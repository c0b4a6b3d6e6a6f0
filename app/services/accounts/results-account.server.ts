import { getUser, type SessionContext } from "~/services/accounts/session.server";
import { agentExists, agentQuery } from "~/services/agents/agents.server";
import { guestOwner, type GuestContext } from "~/services/saved-trips/guest-saves.server";
import { savedTripIds } from "~/services/saved-trips/saved-trips.server";

// What the results page shows of the visitor's account: whether they are logged in, whether an
// agent exists for the search, and which of the page's trips they saved (on their account, or as a
// guest). A page view without a cookie gets the same answer for everyone (it may be cached,
// server/page-cache.ts); a logged-in visitor or a guest with saved trips sends a cookie, and their
// pages are never cached.

export interface ResultsAccount {
  loggedIn: boolean;
  agentExists: boolean;
  savedTripIds: string[];
}

export async function resultsAccount(request: Request, context: SessionContext & GuestContext, tripIds: string[]): Promise<ResultsAccount> {
  const user = await getUser(request, context);
  const owner = user ? { userId: user.id } : await guestOwner(request, context);
  const saved = new Set(owner ? savedTripIds(context.db, owner) : []);
  return {
    loggedIn: user !== null,
    agentExists: user !== null && agentExists(context.db, user.id, agentQuery(new URL(request.url).searchParams)),
    savedTripIds: tripIds.filter((id) => saved.has(id)),
  };
}
