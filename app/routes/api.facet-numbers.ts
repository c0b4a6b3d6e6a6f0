import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_SORTING_METHOD } from "~/domain/constants";
import { facetNumbersBody, normaliseSearchData } from "~/domain/search-body";
import { texts } from "~/domain/texts";

/** POST /api/facet-numbers {searchData, sortingMethod, requiredFacetFields}: the price histogram's call. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: texts.errors.badRequest }, { status: 405 });
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return Response.json({ error: texts.errors.badJson }, { status: 400 });
  }
  const parsed = facetNumbersBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Response.json({ error: `${texts.errors.badRequest} ${issue.path.join(".")}: ${issue.message}` }, { status: 400 });
  }
  const { searchData, sortingMethod, requiredFacetFields } = parsed.data;
  const facetNumbers = await context.engine.facetNumbers(
    normaliseSearchData(searchData),
    sortingMethod ?? DEFAULT_SORTING_METHOD,
    requiredFacetFields,
  );
  return Response.json({ facetNumbers });
}

export function loader() {
  return Response.json({ error: texts.errors.badRequest }, { status: 405, headers: { Allow: "POST" } });
}
