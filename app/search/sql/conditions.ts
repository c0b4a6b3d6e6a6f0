import type { SortingMethod } from "~/domain/constants";
import { fromDay } from "~/domain/dates";
import type { CompiledSearch } from "../compile";

// A search's conditions (docs/search.md "Filters") as one SQL WHERE over the trips and their
// accommodation, resort and region: the search agents' matching (./matching.ts) and the reference
// engine (./reference.ts) both select with it, so an agent's e-mail and its results page agree.

export type Owned = "company" | "meal" | "rating" | "skiPass" | "price";
const OWNED: Owned[] = ["company", "meal", "rating", "skiPass", "price"];

export interface Condition {
  sql: string;
  params: unknown[];
}

export const FROM = `FROM trips t
  JOIN accommodations a ON a.id = t.accommodation_id
  JOIN resorts r ON r.slug = a.resort_slug
  JOIN regions g ON g.slug = r.region_slug`;

function placeholders(n: number): string {
  return Array.from({ length: n }, () => "?").join(", ");
}

function hardConditions(q: CompiledSearch): Condition[] {
  const c: Condition[] = [{ sql: "t.available = 1 AND t.persons = ?", params: [q.persons] }];
  if (q.departureRanges.length === 0) c.push({ sql: "0", params: [] });
  else
    c.push({
      sql: `(${q.departureRanges.map(() => "t.departure_date BETWEEN ? AND ?").join(" OR ")})`,
      params: q.departureRanges.flatMap(([from, to]) => [fromDay(from), fromDay(to)]),
    });
  const area = q.area;
  if (area.type === "destinations") {
    const s = area.destinationSlugs;
    const ph = placeholders(s.length);
    c.push({ sql: `(r.slug IN (${ph}) OR g.slug IN (${ph}) OR g.country_slug IN (${ph}))`, params: [...s, ...s, ...s] });
  } else if (area.type === "tags") {
    c.push({
      sql: `EXISTS (SELECT 1 FROM accommodation_tags x WHERE x.accommodation_id = a.id AND x.tag_slug IN (${placeholders(area.tags.length)}))`,
      params: area.tags,
    });
  } else if (area.type === "geo") {
    const [south, west, north, east] = area.bbox;
    c.push({ sql: "a.lat BETWEEN ? AND ? AND a.lng BETWEEN ? AND ?", params: [south, north, west, east] });
  }
  for (const feature of q.features) {
    c.push({
      sql: "EXISTS (SELECT 1 FROM accommodation_features x WHERE x.accommodation_id = a.id AND x.feature_value = ?)",
      params: [feature],
    });
  }
  const f = q.filters;
  if (f.minSkiPassDaysCount !== undefined) c.push({ sql: "t.ski_pass_days >= ?", params: [f.minSkiPassDaysCount] });
  if (f.maxSkiPassDaysCount !== undefined) c.push({ sql: "t.ski_pass_days <= ?", params: [f.maxSkiPassDaysCount] });
  return c;
}

function ownedCondition(q: CompiledSearch, which: Owned): Condition | null {
  const f = q.filters;
  switch (which) {
    case "company":
      return f.travelCompanies?.length
        ? { sql: `t.company_slug IN (${placeholders(f.travelCompanies.length)})`, params: f.travelCompanies }
        : null;
    case "meal":
      return f.mealPlanTypes?.length
        ? { sql: `t.meal_plan_slug IN (${placeholders(f.mealPlanTypes.length)})`, params: f.mealPlanTypes }
        : null;
    case "rating":
      return f.minRating !== undefined ? { sql: "a.rating >= ?", params: [f.minRating] } : null;
    case "skiPass":
      return f.skiPassIncluded !== undefined ? { sql: "t.ski_pass_included = ?", params: [f.skiPassIncluded ? 1 : 0] } : null;
    case "price": {
      const parts: Condition[] = [];
      if (f.minPrice !== undefined) parts.push({ sql: "t.price_per_person >= ?", params: [f.minPrice] });
      if (f.maxPrice !== undefined) parts.push({ sql: "t.price_per_person <= ?", params: [f.maxPrice] });
      if (f.minFullPrice !== undefined) parts.push({ sql: "t.price >= ?", params: [f.minFullPrice] });
      if (f.maxFullPrice !== undefined) parts.push({ sql: "t.price <= ?", params: [f.maxFullPrice] });
      return parts.length ? and(parts) : null;
    }
  }
}

function and(conditions: Condition[]): Condition {
  return { sql: conditions.map((c) => `(${c.sql})`).join(" AND "), params: conditions.flatMap((c) => c.params) };
}

/** Every condition of the search, less the owned filters in `ignore`. */
export function where(q: CompiledSearch, ignore: Owned[] = []): Condition {
  const owned = OWNED.filter((o) => !ignore.includes(o))
    .map((o) => ownedCondition(q, o))
    .filter((c): c is Condition => c !== null);
  return and([...hardConditions(q), ...owned]);
}

export const SORT_SQL: Record<SortingMethod, string> = {
  "skiScore:desc": "t.ski_score DESC",
  "discountPercentage:desc": "t.discount_percentage DESC",
  "price:asc": "t.price ASC",
};
