import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSearchQuery } from "~/domain/url-codec";

/** GET /api/search?<the results page's query string> (DESIGN.md "HTTP API"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseSearchQuery(new URL(request.url).searchParams);
  return Response.json(await context.engine.search(query), { headers: { "Cache-Control": "no-store" } });
}
