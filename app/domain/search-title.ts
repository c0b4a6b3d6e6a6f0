import { formatCount, formatDate, onFirstUse } from "./format";
import type { SearchQuery } from "./search-data";
import { listDa, type PlaceNames } from "./search-names";
import { tagLabel } from "./tags";
import { texts } from "./texts";

// The results page's Danish title and description, naming the search.

const monthName = onFirstUse(() => new Intl.DateTimeFormat("da-DK", { month: "long", year: "numeric", timeZone: "UTC" }));

function when(query: SearchQuery): string | null {
  const a = query.searchData.arrival;
  if (a.type === "weeks") return texts.meta.weeks(a.weeks);
  if (a.type === "months") return listDa(a.months.map((m) => monthName().format(new Date(`${m}-01T00:00:00Z`))));
  if (a.type === "dates") return listDa(a.dates.map(formatDate));
  return null;
}

export function searchTitle(query: SearchQuery, names: PlaceNames): string {
  const area = query.searchData.searchArea;
  const persons = query.searchData.adultCount + query.searchData.childrenCount;
  let head: string = texts.meta.titleAll;
  if (area.type === "destinations") head = texts.meta.titleTo(listDa(area.destinationSlugs.map((s) => names[s] ?? s)));
  if (area.type === "tags") head = texts.meta.titleTags(listDa(area.tags.map(tagLabel)));
  if (area.type === "geo") head = texts.meta.titleGeo;
  const parts = [head, texts.meta.persons(persons), when(query), query.page > 1 ? texts.meta.page(query.page) : null];
  return `${parts.filter(Boolean).join(" · ")} | ${texts.siteName}`;
}

export function searchDescription(query: SearchQuery, names: PlaceNames, totalCount: number): string {
  const area = query.searchData.searchArea;
  const persons = texts.meta.persons(query.searchData.adultCount + query.searchData.childrenCount);
  let what: string = texts.meta.descAll;
  if (area.type === "destinations") what = texts.meta.descTo(listDa(area.destinationSlugs.map((s) => names[s] ?? s)));
  if (area.type === "tags") what = texts.meta.descTags(listDa(area.tags.map(tagLabel)));
  if (area.type === "geo") what = texts.meta.descGeo;
  const w = when(query);
  return texts.meta.description(formatCount(totalCount), w ? `${what} (${w})` : what, persons);
}
