// The destination tree of the search bar's "Hvor" step: country → region → resort with trip
// counts, and the categories (tags). Client-safe: the server builds it
// (app/search/destinations.server.ts), the picker filters it as you type.

export interface DestinationNode {
  slug: string;
  name: string;
  /** Upcoming trips (for the party size asked for, or every party size). */
  count: number;
}
export interface RegionNode extends DestinationNode {
  resorts: DestinationNode[];
}
export interface CountryNode extends DestinationNode {
  regions: RegionNode[];
}
export interface TagNode {
  slug: string;
  count: number;
}
export interface DestinationTree {
  countries: CountryNode[];
  tags: TagNode[];
}

/**
 * Lower case, without accents, with the Danish letters spelled as in slugs (ø → oe, æ → ae, å → aa)
 * and also plain. Composed first: a decomposed "å" (a + ring) is the letter å, not an accented a.
 */
export function normalize(s: string): string {
  return s
    .normalize("NFC")
    .toLowerCase()
    .replace(/ø/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/å/g, "aa")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function matches(node: DestinationNode, q: string): boolean {
  if (!q) return true;
  return normalize(node.name).includes(q) || node.slug.replace(/-/g, " ").includes(q);
}

/**
 * The part of the tree that matches a typed query: a matching country or region keeps its whole
 * subtree; otherwise a node stays only as the ancestor of a match. An empty query keeps everything.
 */
export function filterTree(countries: CountryNode[], query: string): CountryNode[] {
  const q = normalize(query);
  if (!q) return countries;
  const out: CountryNode[] = [];
  for (const country of countries) {
    if (matches(country, q)) {
      out.push(country);
      continue;
    }
    const regions: RegionNode[] = [];
    for (const region of country.regions) {
      if (matches(region, q)) {
        regions.push(region);
        continue;
      }
      const resorts = region.resorts.filter((r) => matches(r, q));
      if (resorts.length) regions.push({ ...region, resorts });
    }
    if (regions.length) out.push({ ...country, regions });
  }
  return out;
}

/** Every node of the tree by slug, with the slugs of its ancestors (to show a name and to imply selections). */
export function indexTree(
  countries: CountryNode[],
): Map<string, { node: DestinationNode; ancestors: string[]; level: "country" | "region" | "resort" }> {
  const map = new Map<string, { node: DestinationNode; ancestors: string[]; level: "country" | "region" | "resort" }>();
  for (const c of countries) {
    map.set(c.slug, { node: c, ancestors: [], level: "country" });
    for (const r of c.regions) {
      map.set(r.slug, { node: r, ancestors: [c.slug], level: "region" });
      for (const s of r.resorts) map.set(s.slug, { node: s, ancestors: [c.slug, r.slug], level: "resort" });
    }
  }
  return map;
}

/** Number of nodes in a (filtered) tree. */
export function countNodes(countries: CountryNode[]): number {
  let n = 0;
  for (const c of countries) {
    n++;
    for (const r of c.regions) n += 1 + r.resorts.length;
  }
  return n;
}
