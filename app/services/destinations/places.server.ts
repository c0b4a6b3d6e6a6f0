import type { Db } from "../../../db/client";
import { destinationPath, levelOfDepth, PLACE_LEVELS, type PlaceLevel } from "~/domain/destination-url";
import type { ResortFacts } from "~/domain/resort-facts";
import { allResortFacts } from "./resort-facts.server";

// The places of the destination pages: every country, region and resort of the catalogue (also
// those with no trips for sale: an old link keeps working), with their facts, and which place a
// URL names (app/domain/destination-url.ts). Read once per index generation and content version
// (a catalogue change bumps one of them) and shared by every page.

export interface Place {
  level: PlaceLevel;
  slug: string;
  name: string;
  /** Its page's path (the canonical one). */
  href: string;
  parent: Place | null;
  /** The places under it, by Danish name. */
  children: Place[];
  /** Its resorts' slugs (itself for a resort). */
  resorts: string[];
  /** The slugs its search uses (`destinationSlugs`): see searchSlugs. */
  searchSlugs: string[];
  /** A resort's centre (its accommodations'), from the catalogue. */
  lat?: number;
  lng?: number;
  facts: ResortFacts;
  /** When its facts last changed (a resort with facts). */
  factsChangedAt?: Date;
}

export interface PlaceCatalogue {
  key: string;
  countries: Place[];
  /** Every place by level and slug. */
  byLevel: Record<PlaceLevel, Map<string, Place>>;
  /** The places a slug names, broadest first. */
  bySlug: Map<string, Place[]>;
}

const byName = (a: Place, b: Place) => a.name.localeCompare(b.name, "da");

/** The most slugs a search reads from `destinationSlugs` (app/domain/url-codec.ts). */
const MAX_SEARCH_SLUGS = 50;

export function readPlaceCatalogue(db: Db, key: string): PlaceCatalogue {
  const sqlite = db.$client;
  const read = sqlite.transaction(() => ({
    countries: sqlite.prepare("SELECT slug, name FROM countries").all() as Array<{ slug: string; name: string }>,
    regions: sqlite.prepare("SELECT slug, name, country_slug AS parent FROM regions").all() as Array<{
      slug: string;
      name: string;
      parent: string;
    }>,
    resorts: sqlite.prepare("SELECT slug, name, region_slug AS parent, lat, lng FROM resorts").all() as Array<{
      slug: string;
      name: string;
      parent: string;
      lat: number;
      lng: number;
    }>,
    facts: allResortFacts(db),
  }));
  const rows = read();
  const byLevel: PlaceCatalogue["byLevel"] = { country: new Map(), region: new Map(), resort: new Map() };
  const place = (level: PlaceLevel, slug: string, name: string, parent: Place | null): Place => {
    const p: Place = { level, slug, name, href: "", parent, children: [], resorts: [], searchSlugs: [], facts: {} };
    byLevel[level].set(slug, p);
    parent?.children.push(p);
    return p;
  };
  for (const c of rows.countries) place("country", c.slug, c.name, null);
  for (const r of rows.regions) {
    const country = byLevel.country.get(r.parent);
    if (country) place("region", r.slug, r.name, country);
  }
  for (const r of rows.resorts) {
    const region = byLevel.region.get(r.parent);
    if (!region) continue;
    const resort = place("resort", r.slug, r.name, region);
    const facts = rows.facts.get(r.slug);
    Object.assign(resort, { lat: r.lat, lng: r.lng, facts: facts?.facts ?? {}, factsChangedAt: facts?.updatedAt });
    resort.resorts.push(r.slug);
    region.resorts.push(r.slug);
    region.parent!.resorts.push(r.slug);
  }
  const bySlug = new Map<string, Place[]>();
  for (const level of PLACE_LEVELS) for (const p of byLevel[level].values()) bySlug.set(p.slug, [...(bySlug.get(p.slug) ?? []), p]);
  for (const level of PLACE_LEVELS) {
    for (const p of byLevel[level].values()) {
      p.children.sort(byName);
      const shared = bySlug.get(p.slug)!;
      p.href = destinationPath(shared[0] === p ? [p.slug] : ancestry(p));
      p.searchSlugs = searchSlugs(p, shared.length > 1);
    }
  }
  return { key, countries: [...byLevel.country.values()].sort(byName), byLevel, bySlug };
}

/** The slugs from its country down to it. */
function ancestry(p: Place): string[] {
  const out: string[] = [];
  for (let q: Place | null = p; q; q = q.parent) out.unshift(q.slug);
  return out;
}

/**
 * The slugs a place's search uses. A search's slug matches its places at every level
 * (docs/search.md), so a slug that several places share would find them all: a shared country's or
 * region's search names its resorts instead (at most 50, what a search reads); a resort has nothing
 * narrower, so its search finds its namesakes too (docs/urls.md).
 */
function searchSlugs(p: Place, shared: boolean): string[] {
  if (!shared || p.level === "resort" || p.resorts.length === 0 || p.resorts.length > MAX_SEARCH_SLUGS) return [p.slug];
  return [...p.resorts].sort();
}

/** What a path under /skiferie names: the root (no segment), a place, a redirect to its canonical path, or nothing (404). */
export type Resolved = { root: true } | { place: Place } | { redirect: string } | null;

export function resolvePlace(catalogue: PlaceCatalogue, segments: readonly string[]): Resolved {
  if (segments.length === 0) return { root: true };
  if (segments.length === 1) {
    const place = catalogue.bySlug.get(segments[0])?.[0];
    return place ? { place } : null;
  }
  const level = levelOfDepth(segments.length);
  const place = level && catalogue.byLevel[level].get(segments[segments.length - 1]);
  if (!place) return null;
  return place.href === destinationPath(segments) ? { place } : { redirect: place.href };
}

// One catalogue per store, read again when the key (index generation and content version) changes.
const cache = new WeakMap<Db, PlaceCatalogue>();

export function placeCatalogue(db: Db, key: string): PlaceCatalogue {
  let catalogue = cache.get(db);
  if (catalogue?.key !== key) cache.set(db, (catalogue = readPlaceCatalogue(db, key)));
  return catalogue;
}
