import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSearchQuery } from "~/domain/url-codec";
import { withSearch } from "~/search/unavailable.server";

/** GET /api/search?<the results page's query string> (docs/api.md "GET /api/search"); 503 `{error}` when the search engine is unavailable. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseSearchQuery(new URL(request.url).searchParams);
  const result = await withSearch("api", () => context.engine.search(query));
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}
