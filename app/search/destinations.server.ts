import type { Db } from "../../db/client";
import { getDb } from "../../db/client";
import { readGeneration } from "../../indexer/generation";
import { MAX_PERSONS } from "~/domain/constants";
import { toDay, todayInDenmark } from "~/domain/dates";
import { filterTree, type CountryNode, type DestinationTree } from "~/components/search-bar/destination-tree";
import type { EmbeddedIndex } from "./embedded/build";
import type { EmbeddedEngine } from "./embedded/engine";
import { getSearchEngine } from "./engine.server";
import type { SearchEngine } from "./types";

// The destination picker's data: the country → region → resort tree and the categories, each with
// its number of upcoming trips, per party size. The counts are computed once per index generation
// and day (one pass over the embedded index's columns, or grouped SQL for the Typesense engine)
// and cached; a typed query then only filters the ~hundred nodes of the cached tree.

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
  const countries = sqlite.prepare("SELECT slug, name FROM countries ORDER BY slug").all() as Named[];
  const countryIdx = new Map(countries.map((c, i) => [c.slug, i]));
  const regionRows = sqlite.prepare("SELECT slug, name, country_slug FROM regions ORDER BY slug").all() as Array<
    Named & { country_slug: string }
  >;
  const regions = regionRows.map((r) => ({ slug: r.slug, name: r.name, country: countryIdx.get(r.country_slug) ?? 0 }));
  const regionIdx = new Map(regions.map((r, i) => [r.slug, i]));
  const resortRows = sqlite.prepare("SELECT slug, name, region_slug FROM resorts ORDER BY slug").all() as Array<
    Named & { region_slug: string }
  >;
  const resorts = resortRows.map((r) => {
    const region = regionIdx.get(r.region_slug) ?? 0;
    return { slug: r.slug, name: r.name, region, country: regions[region]?.country ?? 0 };
  });
  const resortIdx = new Map(resorts.map((r, i) => [r.slug, i]));
  const tags = (sqlite.prepare("SELECT slug FROM tags ORDER BY slug").all() as Array<{ slug: string }>).map((t) => t.slug);
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

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, "da");

/** The tree for one party size (0: every party size), sorted by Danish name; categories by count. */
export function treeFromCounts(c: DestinationCounts, persons: number): DestinationTree {
  const row = c.resortCounts[persons];
  const countries: CountryNode[] = c.countries.map((x) => ({ slug: x.slug, name: x.name, count: 0, regions: [] }));
  const regions = c.regions.map((x) => ({
    slug: x.slug,
    name: x.name,
    count: 0,
    resorts: [] as Array<{ slug: string; name: string; count: number }>,
  }));
  c.regions.forEach((r, i) => countries[r.country]?.regions.push(regions[i]));
  c.resorts.forEach((r, i) => {
    const n = row[i];
    regions[r.region]?.resorts.push({ slug: r.slug, name: r.name, count: n });
    if (regions[r.region]) regions[r.region].count += n;
    if (countries[r.country]) countries[r.country].count += n;
  });
  for (const country of countries) {
    country.regions.sort(byName);
    for (const region of country.regions) region.resorts.sort(byName);
  }
  countries.sort(byName);
  const tagRow = c.tagCounts[persons];
  const tags = c.tags.map((slug, i) => ({ slug, count: tagRow[i] })).sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { countries: countries.filter((x) => x.regions.length), tags };
}

// ---------------------------------------------------------------------------------------------
// The cache: one counts object per generation and day, one tree per party size.

let cached: { key: string; counts: DestinationCounts; trees: Map<number, DestinationTree> } | null = null;

function countsFor(engine: SearchEngine, db: () => Db, today: string): { counts: DestinationCounts; trees: Map<number, DestinationTree> } {
  // By name, not `instanceof`: the server entry (server.ts under tsx) and the Remix build each have
  // their own copy of the class, and the fallback below costs a query on every page render.
  if (engine.name === "embedded") {
    const ix = (engine as EmbeddedEngine).current();
    const key = `${ix.generation}|${today}`;
    if (cached?.key !== key) cached = { key, counts: countsFromIndex(ix, today), trees: new Map() };
    return cached;
  }
  const d = db();
  const key = `${readGeneration(d)}|${today}`;
  if (cached?.key !== key) cached = { key, counts: countsFromDb(d, today), trees: new Map() };
  return cached;
}

/** The whole tree for a party size (1 … 12), or for every party size. */
export async function destinationTree(opts: { persons?: number; today?: string } = {}): Promise<DestinationTree> {
  const engine = await getSearchEngine();
  const entry = countsFor(engine, getDb, opts.today ?? todayInDenmark());
  const persons = opts.persons ?? 0;
  let tree = entry.trees.get(persons);
  if (!tree) entry.trees.set(persons, (tree = treeFromCounts(entry.counts, persons)));
  return tree;
}

/** Search-as-you-type: the countries, regions and resorts matching `q` (and their ancestors), and the categories. */
export async function searchDestinations(q: string, opts: { persons?: number; today?: string } = {}): Promise<DestinationTree> {
  const tree = await destinationTree(opts);
  return { countries: filterTree(tree.countries, q), tags: tree.tags };
}
