import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSearchQuery } from "~/domain/url-codec";
import { getSearchEngine } from "~/search/engine.server";

/** GET /api/search?<the results page's query string> (DESIGN.md "HTTP API"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseSearchQuery(new URL(request.url).searchParams);
  const engine = await getSearchEngine();
  return Response.json(await engine.search(query), { headers: { "Cache-Control": "no-store" } });
}
