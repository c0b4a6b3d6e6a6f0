import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_SORTING_METHOD } from "~/domain/constants";
import { facetNumbersBody, normaliseSearchData } from "~/domain/search-body";
import { texts } from "~/domain/texts";
import { readJson } from "~/utils/request.server";
import { withSearch } from "~/search/unavailable.server";

/** POST /api/facet-numbers {searchData, sortingMethod, requiredFacetFields}: the price histogram's call. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { searchData, sortingMethod, requiredFacetFields } = await readJson(request, facetNumbersBody);
  const facetNumbers = await withSearch("api", () =>
    context.engine.facetNumbers(normaliseSearchData(searchData), sortingMethod ?? DEFAULT_SORTING_METHOD, requiredFacetFields),
  );
  return Response.json({ facetNumbers });
}

export function loader() {
  return Response.json({ error: texts.errors.methodNotAllowed }, { status: 405, headers: { Allow: "POST" } });
}
