import type { LoaderFunctionArgs } from "@remix-run/node";
import { agentExists, agentQuery } from "~/services/agents/agents.server";
import { getUser } from "~/services/accounts/session.server";

// GET /api/search-agents/exists?<results query string> → {exists, loggedIn}: whether the visitor
// has a search agent for that search (the travel-alert toggle's check).

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const exists = user ? agentExists(context.db, user.id, agentQuery(new URL(request.url).searchParams)) : false;
  return Response.json({ exists, loggedIn: !!user }, { headers: { "Cache-Control": "private, no-store" } });
}
