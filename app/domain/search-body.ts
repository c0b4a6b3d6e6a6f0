import { z } from "./zod";
import { MAX_FACET_FIELDS, SORTING_METHODS } from "./constants";
import type { SearchData } from "./search-data";
import { FACET_KEYS, FEATURE_FACET_PREFIX } from "./search-result";
import { parseSearchQuery } from "./url-codec";

// JSON bodies carry search data (docs/api.md "POST /api/facet-numbers"); it is checked for shape
// here and then normalised through the URL codec, so a JSON search and a URL search mean the same
// thing.

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const list = z.array(scalar).max(200);

const searchDataBody = z
  .object({
    searchArea: z
      .object({
        type: z.enum(["all", "destinations", "tags", "geo"]),
        destinationSlugs: list.optional(),
        tags: list.optional(),
        bbox: z.array(z.number()).length(4).optional(),
      })
      .optional(),
    adultCount: scalar.optional(),
    childrenCount: scalar.optional(),
    arrival: z
      .object({
        type: z.enum(["asap", "weeks", "months", "dates"]),
        weeks: list.optional(),
        months: list.optional(),
        dates: list.optional(),
      })
      .optional(),
    filters: z
      .object({
        minPrice: scalar.nullable().optional(),
        maxPrice: scalar.nullable().optional(),
        minFullPrice: scalar.nullable().optional(),
        maxFullPrice: scalar.nullable().optional(),
        minSkiPassDaysCount: scalar.nullable().optional(),
        maxSkiPassDaysCount: scalar.nullable().optional(),
        skiPassIncluded: z.boolean().nullable().optional(),
        minRating: scalar.nullable().optional(),
        mealPlanTypes: list.nullable().optional(),
        accommodationFeatures: z.record(z.string(), z.literal(true)).nullable().optional(),
        travelCompanies: list.nullable().optional(),
      })
      .optional(),
  })
  .strip();

/** One of the facet keys, or a feature's facet key (the feature value is a slug). */
const FACET_KEY_PATTERN = new RegExp(`^(${FACET_KEYS.join("|")}|${FEATURE_FACET_PREFIX}[a-z0-9-]{1,80})$`);

export const facetNumbersBody = z.object({
  searchData: searchDataBody,
  sortingMethod: z.enum(SORTING_METHODS).optional(),
  requiredFacetFields: z.array(z.string().regex(FACET_KEY_PATTERN)).min(1).max(MAX_FACET_FIELDS),
});

type SearchDataBody = z.infer<typeof searchDataBody>;

/** Shape-checked JSON search data → the same SearchData a URL with these values would give. */
export function normaliseSearchData(body: SearchDataBody): SearchData {
  const p = new URLSearchParams();
  const setList = (key: string, values: ReadonlyArray<unknown> | null | undefined) => {
    if (values?.length) p.set(key, values.map(String).join(","));
  };
  const area = body.searchArea;
  if (area?.type === "destinations") setList("destinationSlugs", area.destinationSlugs);
  if (area?.type === "tags") setList("tags", area.tags);
  if (area?.type === "geo" && area.bbox) p.set("bbox", area.bbox.join(","));
  if (body.adultCount !== undefined) p.set("adultCount", String(body.adultCount));
  if (body.childrenCount !== undefined) p.set("childrenCount", String(body.childrenCount));
  const arrival = body.arrival;
  if (arrival?.type === "weeks") setList("weeks", arrival.weeks);
  if (arrival?.type === "months") setList("months", arrival.months);
  if (arrival?.type === "dates") setList("dates", arrival.dates);
  for (const [key, value] of Object.entries(body.filters ?? {})) {
    if (value === null || value === undefined) continue;
    if (key === "accommodationFeatures") setList(key, Object.keys(value as object));
    else if (Array.isArray(value)) setList(key, value);
    else p.set(key, String(value));
  }
  return parseSearchQuery(p).searchData;
}
