import type Database from "better-sqlite3";
import type { Db } from "../../../db/client";
import { readGeneration } from "../../../db/generation";
import type { ResultAccommodation, SearchOptions } from "~/domain/search-result";
import { allAccommodations } from "../store-accommodations";
import type { Vocabulary } from "./filter-by";

// What the engine keeps of one generation of the store beside its collection, read in the same
// read transaction as the generation number (or as the documents it built): the accommodations
// (ranked as the documents rank them, shown with the trips that collection returns), the values
// a filter can match, and the filter sidebar's options. A search reads the collection and this
// copy of one and the same generation, whatever the store holds by then.

/** The collection's schema version: a collection of an older schema is rebuilt, never adopted. */
export const SCHEMA_VERSION = 2;

export interface GenerationData {
  generation: number;
  /** By rank: accommodation_rank in the documents is the index here. */
  accommodations: ResultAccommodation[];
  /** By rank: the accommodation's trips for sale (an accommodation page asks for that many offers at most). */
  tripCounts: number[];
  vocabulary: Vocabulary;
  options: SearchOptions;
  companyNames: Map<string, string>;
}

/** `<alias>_v<schema>_g<generation>`: one collection per generation. The alias is TYPESENSE_COLLECTION_PREFIX, which has no `_`. */
export function collectionName(alias: string, generation: number): string {
  return `${alias}_v${SCHEMA_VERSION}_g${generation}`;
}

/** The generation of one of this alias's collections of the current schema, else undefined. */
export function generationOf(alias: string, collection: string): number | undefined {
  const m = /^(.*)_v(\d+)_g(\d+)$/.exec(collection);
  return m && m[1] === alias && Number(m[2]) === SCHEMA_VERSION ? Number(m[3]) : undefined;
}

/** Whether a collection belongs to the alias: any schema version, and the names of earlier releases (`<alias>_g<n>_<stamp>`). */
export function isOfAlias(alias: string, collection: string): boolean {
  if (!collection.startsWith(`${alias}_`)) return false;
  return /^(v\d+_g\d+|g\d+_\d+)$/.test(collection.slice(alias.length + 1));
}

/** The generation's data, read from `sqlite` (call it inside the transaction that read the generation). */
export function readGenerationData(sqlite: Database.Database, generation: number): GenerationData {
  const accommodations = allAccommodations(sqlite);
  const slugs = (sql: string) => new Set(sqlite.prepare(sql).pluck().all() as string[]);
  const ranksByFeature = new Map<string, number[]>();
  accommodations.forEach((a, rank) => {
    for (const { value } of a.features) {
      const ranks = ranksByFeature.get(value);
      if (ranks) ranks.push(rank);
      else ranksByFeature.set(value, [rank]);
    }
  });
  const options = searchOptions(sqlite);
  const counts = new Map(
    sqlite.prepare("SELECT accommodation_id, count(*) FROM trips WHERE available = 1 GROUP BY accommodation_id").raw().all() as Array<
      [string, number]
    >,
  );
  return {
    generation,
    accommodations,
    tripCounts: accommodations.map((a) => counts.get(a.id) ?? 0),
    options,
    companyNames: new Map(options.travelCompanies.map((c) => [c.slug, c.name])),
    vocabulary: {
      destinations: slugs("SELECT slug FROM resorts UNION SELECT slug FROM regions UNION SELECT slug FROM countries"),
      tags: slugs("SELECT slug FROM tags"),
      mealPlans: new Set(options.mealPlanTypes.map((m) => m.slug)),
      companies: new Set(options.travelCompanies.map((c) => c.slug)),
      features: new Set(options.accommodationFeatures.map((f) => f.value)),
      ranksWithFeatures: (features) => intersect(features.map((f) => ranksByFeature.get(f) ?? [])),
    },
  };
}

/** The generation's data when the store is (still) at `generation`, read in one transaction; else undefined. */
export function readDataAt(db: Db, generation: number): GenerationData | undefined {
  return db.$client.transaction(() => (readGeneration(db) === generation ? readGenerationData(db.$client, generation) : undefined))();
}

/** The ranks in every list (each ascending), ascending. */
function intersect(lists: number[][]): number[] {
  if (lists.length === 0) return [];
  const [shortest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  const sets = rest.map((list) => new Set(list));
  return shortest.filter((rank) => sets.every((s) => s.has(rank)));
}

/** The filter sidebar's options: every meal plan, feature and travel company in the store, as the other engines give them. */
export function searchOptions(sqlite: Database.Database): SearchOptions {
  return {
    mealPlanTypes: sqlite.prepare("SELECT slug, title, short FROM meal_plans ORDER BY slug").all() as SearchOptions["mealPlanTypes"],
    accommodationFeatures: sqlite
      .prepare("SELECT value, name FROM features ORDER BY value")
      .all() as SearchOptions["accommodationFeatures"],
    travelCompanies: sqlite.prepare("SELECT slug, name FROM travel_companies ORDER BY slug").all() as SearchOptions["travelCompanies"],
  };
}
