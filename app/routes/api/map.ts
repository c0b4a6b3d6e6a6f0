import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseResultsParams } from "~/domain/results-url";
import { mapData } from "~/search/map.server";
import { withSearch } from "~/search/unavailable.server";

/**
 * GET /api/map?<the results page's query string>: every matching accommodation of the whole
 * result as compact map points (MapPoint in app/domain/search-result.ts) with the best price in the
 * chosen price type (`priceType=total` or a total-price bound: the party's price; else per
 * person), plus the resorts and companies they refer to. Params are read exactly as the results
 * page reads them; invalid values are dropped. Server-Timing tells the engine's time. 503 `{error}`
 * when the search engine is unavailable.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = parseResultsParams(new URL(request.url).searchParams);
  const started = performance.now();
  const data = await withSearch("api", () => mapData(context.engine, state));
  const ms = performance.now() - started;
  return Response.json(data, {
    headers: { "Cache-Control": "no-store", "Server-Timing": `map;dur=${ms.toFixed(1)}` },
  });
}
