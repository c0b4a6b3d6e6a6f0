import type { Db } from "../../db/client";
import { readGeneration } from "../../db/generation";
import { MAX_PERSONS } from "~/domain/constants";
import { toDay } from "~/domain/dates";
import type { EmbeddedIndex } from "./embedded/build";

// Upcoming trips per destination and category, per party size: what the destination picker
// counts. From the embedded index in one pass over its columns, or by grouped SQL over the store
// (for an engine without an in-memory index). Each engine answers with the one it can.

interface Named {
  slug: string;
  name: string;
}

/** Trip counts per party size: row p (1 … MAX_PERSONS) and row 0 for every party size. */
export interface DestinationCounts {
  key: string;
  countries: Named[];
  regions: Array<Named & { country: number }>;
  resorts: Array<Named & { region: number; country: number }>;
  tags: string[];
  resortCounts: Float64Array[];
  tagCounts: Float64Array[];
}

function emptyRows(n: number): Float64Array[] {
  return Array.from({ length: MAX_PERSONS + 1 }, () => new Float64Array(n));
}

function sumIntoRowZero(rows: Float64Array[]): void {
  for (let p = 1; p <= MAX_PERSONS; p++) for (let i = 0; i < rows[0].length; i++) rows[0][i] += rows[p][i];
}

/** One pass over the embedded index: upcoming trips per party size and accommodation, rolled up. */
export function countsFromIndex(ix: EmbeddedIndex, today: string): DestinationCounts {
  const todayDay = toDay(today);
  const accCount = ix.accommodations.length;
  const perAcc = new Int32Array(accCount);
  const resortCounts = emptyRows(ix.resorts.length);
  const tagCounts = emptyRows(ix.tags.length);
  for (let p = 1; p <= MAX_PERSONS; p++) {
    const end = ix.personsStart[p + 1];
    // Rows of one party size are ordered by day: skip the departed ones by binary search.
    let lo = ix.personsStart[p];
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ix.day[mid] < todayDay) lo = mid + 1;
      else hi = mid;
    }
    perAcc.fill(0);
    for (let i = lo; i < end; i++) perAcc[ix.acc[i]]++;
    const resortRow = resortCounts[p];
    const tagRow = tagCounts[p];
    for (let a = 0; a < accCount; a++) {
      const n = perAcc[a];
      if (!n) continue;
      resortRow[ix.accResort[a]] += n;
      for (const t of ix.accommodations[a].tags) tagRow[t] += n;
    }
  }
  sumIntoRowZero(resortCounts);
  sumIntoRowZero(tagCounts);
  const regionCountry = new Int32Array(ix.regions.length);
  for (const r of ix.resorts) regionCountry[r.region] = r.country;
  return {
    key: `${ix.generation}|${today}`,
    countries: ix.countries,
    regions: ix.regions.map((r, i) => ({ ...r, country: regionCountry[i] })),
    resorts: ix.resorts,
    tags: ix.tags,
    resortCounts,
    tagCounts,
  };
}

/** The same counts by grouped SQL over the store (the Typesense engine has no in-memory index). */
export function countsFromDb(db: Db, today: string): DestinationCounts {
  const sqlite = db.$client;
  // Like the embedded index: only the places and categories of accommodations with trips for sale.
  const used = "SELECT id FROM accommodations WHERE id IN (SELECT accommodation_id FROM trips WHERE available = 1)";
  const usedResorts = `SELECT resort_slug FROM accommodations WHERE id IN (${used})`;
  const usedRegions = `SELECT region_slug FROM resorts WHERE slug IN (${usedResorts})`;
  const countries = sqlite
    .prepare(
      `SELECT slug, name FROM countries WHERE slug IN (SELECT country_slug FROM regions WHERE slug IN (${usedRegions})) ORDER BY slug`,
    )
    .all() as Named[];
  const countryIdx = new Map(countries.map((c, i) => [c.slug, i]));
  const regionRows = sqlite
    .prepare(`SELECT slug, name, country_slug FROM regions WHERE slug IN (${usedRegions}) ORDER BY slug`)
    .all() as Array<Named & { country_slug: string }>;
  const regions = regionRows.map((r) => ({ slug: r.slug, name: r.name, country: countryIdx.get(r.country_slug) ?? 0 }));
  const regionIdx = new Map(regions.map((r, i) => [r.slug, i]));
  const resortRows = sqlite
    .prepare(`SELECT slug, name, region_slug FROM resorts WHERE slug IN (${usedResorts}) ORDER BY slug`)
    .all() as Array<Named & { region_slug: string }>;
  const resorts = resortRows.map((r) => {
    const region = regionIdx.get(r.region_slug) ?? 0;
    return { slug: r.slug, name: r.name, region, country: regions[region]?.country ?? 0 };
  });
  const resortIdx = new Map(resorts.map((r, i) => [r.slug, i]));
  const tags = sqlite
    .prepare(
      `SELECT slug FROM tags WHERE slug IN (SELECT tag_slug FROM accommodation_tags WHERE accommodation_id IN (${used})) ORDER BY slug`,
    )
    .pluck()
    .all() as string[];
  const tagIdx = new Map(tags.map((t, i) => [t, i]));
  const resortCounts = emptyRows(resorts.length);
  const tagCounts = emptyRows(tags.length);
  // Trips per (resort or tag, party size), added into the row of `counts` at the slug's index.
  const countInto = (sql: string, idx: Map<string, number>, counts: Float64Array[]) => {
    for (const r of sqlite.prepare(sql).all(today) as Array<{ slug: string; persons: number; n: number }>) {
      const i = idx.get(r.slug);
      if (i !== undefined && r.persons >= 1 && r.persons <= MAX_PERSONS) counts[r.persons][i] += r.n;
    }
  };
  countInto(
    `SELECT a.resort_slug AS slug, t.persons AS persons, count(*) AS n FROM trips t JOIN accommodations a ON a.id = t.accommodation_id
      WHERE t.available = 1 AND t.departure_date >= ? GROUP BY a.resort_slug, t.persons`,
    resortIdx,
    resortCounts,
  );
  countInto(
    `SELECT at.tag_slug AS slug, t.persons AS persons, count(*) AS n FROM trips t JOIN accommodation_tags at ON at.accommodation_id = t.accommodation_id
      WHERE t.available = 1 AND t.departure_date >= ? GROUP BY at.tag_slug, t.persons`,
    tagIdx,
    tagCounts,
  );
  sumIntoRowZero(resortCounts);
  sumIntoRowZero(tagCounts);
  return { key: `${readGeneration(db)}|${today}`, countries, regions, resorts, tags, resortCounts, tagCounts };
}
