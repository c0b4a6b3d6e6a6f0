import { todayInDenmark } from "~/domain/dates";
import { filterTree, indexTree, type CountryNode, type DestinationTree } from "~/domain/destination-tree";
import type { DestinationCounts } from "./destination-counts";
import type { SearchEngine } from "./types";

// The destination picker's data: the country → region → resort tree and the categories, each with
// its number of upcoming trips, per party size. The engine counts once per index generation and
// day (app/search/destination-counts.ts); the trees are cached, and a typed query only filters the
// ~hundred nodes of the cached tree.

interface Named {
  slug: string;
  name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, "da");

/**
 * The tree for one party size (0: every party size), sorted by Danish name; categories by count.
 * A party size the feed cannot hold (the URL allows 12 adults and 11 children, a trip at most 12
 * persons) has no row: every node counts 0, as for a party size without trips.
 */
export function treeFromCounts(c: DestinationCounts, persons: number): DestinationTree {
  const row = c.resortCounts[persons] ?? new Float64Array(c.resorts.length);
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
  const tagRow = c.tagCounts[persons] ?? new Float64Array(c.tags.length);
  const tags = c.tags.map((slug, i) => ({ slug, count: tagRow[i] })).sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return { countries: countries.filter((x) => x.regions.length), tags };
}

// The cache, per engine: one counts object per index generation and day, one tree per party size.
interface Cached {
  key: string;
  counts: DestinationCounts;
  trees: Map<number, DestinationTree>;
}
const cache = new WeakMap<SearchEngine, Cached>();

function countsFor(engine: SearchEngine, today: string): Cached {
  const key = `${engine.generation()}|${today}`;
  let entry = cache.get(engine);
  if (entry?.key !== key) cache.set(engine, (entry = { key, counts: engine.destinationCounts(today), trees: new Map() }));
  return entry;
}

/** The whole tree for a party size (1 … 23; beyond 12 every count is 0), or for every party size. */
export function destinationTree(engine: SearchEngine, opts: { persons?: number; today?: string } = {}): DestinationTree {
  const entry = countsFor(engine, opts.today ?? todayInDenmark());
  const persons = opts.persons ?? 0;
  let tree = entry.trees.get(persons);
  if (!tree) entry.trees.set(persons, (tree = treeFromCounts(entry.counts, persons)));
  return tree;
}

/** Search-as-you-type: the countries, regions and resorts matching `q` (and their ancestors), and the categories. */
export function searchDestinations(engine: SearchEngine, q: string, opts: { persons?: number; today?: string } = {}): DestinationTree {
  const tree = destinationTree(engine, opts);
  return { countries: filterTree(tree.countries, q), tags: tree.tags };
}

/** The names of destination slugs (countries, regions, resorts) that the store has places for; an unknown slug is left out. */
export function destinationNames(engine: SearchEngine, slugs: readonly string[], opts: { today?: string } = {}): Record<string, string> {
  if (!slugs.length) return {};
  const nodes = indexTree(destinationTree(engine, opts).countries);
  const names: Record<string, string> = {};
  for (const slug of slugs) {
    const name = nodes.get(slug)?.node.name;
    if (name !== undefined) names[slug] = name;
  }
  return names;
}
