import { SITEMAPS_PATH } from "~/domain/robots";
import type { Db } from "../../../db/client";
import { readContentVersion } from "../../../db/content-version";
import { accommodationPath } from "~/domain/accommodation-url";
import { DESTINATIONS_PATH } from "~/domain/constants";
import { escapeHtml } from "~/domain/escape-html";
import type { SearchEngine } from "~/search/types";
import { currentCatalogue } from "./destination-page.server";
import type { Place } from "./places.server";

// sitemap.xml (docs/urls.md "For search engines"): a sitemap index with child sitemaps of the
// destination pages and of the accommodation pages, at most 50,000 URLs each (the protocol's
// limit). Every URL is a page that answers 200 and is its own canonical: the places and
// accommodations with trips for sale in the live data, and /skiferie. A URL's lastmod is when its
// data last changed: an accommodation's offers (the price history every import records), a place's
// accommodations and a resort's facts. Built once per index generation and content version, so a
// request for it costs a lookup.

export const SITEMAP_MAX_URLS = 50_000;
export const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

interface Entry {
  path: string;
  lastmod: number | null;
}

export interface Sitemaps {
  key: string;
  index: string;
  /** The child sitemaps by file name (`destinationer.xml`, `ophold-1.xml`, …). */
  files: Map<string, string>;
}

const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));

function urlset(origin: string, entries: readonly Entry[]): string {
  const urls = entries.map((e) => {
    const lastmod = day(e.lastmod);
    return `<url><loc>${escapeHtml(`${origin}${e.path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

const latest = (entries: readonly Entry[]) =>
  entries.reduce<number | null>((max, e) => (e.lastmod !== null && (max === null || e.lastmod > max) ? e.lastmod : max), null);

export function buildSitemaps(db: Db, engine: SearchEngine, origin: string, maxUrls = SITEMAP_MAX_URLS): Sitemaps {
  const catalogue = currentCatalogue(db, engine);
  const sqlite = db.$client;
  // When each accommodation's offers last changed (put on sale, repriced, taken off), and which have offers for sale (their pages answer 200).
  const changes = sqlite
    .prepare(
      `SELECT a.id AS id, a.resort_slug AS resort, h.at AS at,
              EXISTS (SELECT 1 FROM trips t WHERE t.accommodation_id = a.id AND t.available = 1) AS forSale
         FROM accommodations a
         LEFT JOIN (SELECT accommodation_id, max(recorded_at) AS at FROM price_history
                     WHERE version <= coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'offers_version'), 0)
                     GROUP BY accommodation_id) h ON h.accommodation_id = a.id
        ORDER BY a.id`,
    )
    .all() as Array<{ id: string; resort: string; at: number | null; forSale: 0 | 1 }>;
  // A place's page changes with any of its accommodations (one leaving the sale too) and its resorts' facts.
  const placeChanged = new Map<Place, number | null>();
  const listed = new Set<Place>();
  const touch = (place: Place | null, at: number | null) => {
    for (let p = place; p; p = p.parent) {
      const was = placeChanged.get(p) ?? null;
      placeChanged.set(p, at !== null && (was === null || at > was) ? at : was);
    }
  };
  for (const row of changes) {
    const resort = catalogue.byLevel.resort.get(row.resort) ?? null;
    touch(resort, row.at);
    if (row.forSale) for (let p = resort; p; p = p.parent) listed.add(p);
  }
  for (const resort of catalogue.byLevel.resort.values()) {
    if (resort.factsChangedAt) touch(resort, resort.factsChangedAt.getTime());
  }
  const places: Entry[] = [...listed].map((p) => ({ path: p.href, lastmod: placeChanged.get(p) ?? null }));
  places.sort((a, b) => (a.path < b.path ? -1 : 1));
  const destinations: Entry[] = [{ path: DESTINATIONS_PATH, lastmod: latest(places) }, ...places];
  const stays: Entry[] = changes.filter((r) => r.forSale).map((r) => ({ path: accommodationPath(r.id), lastmod: r.at }));
  const files = new Map<string, string>();
  const chunks = (name: string, entries: Entry[]) => {
    for (let k = 0; k * maxUrls < entries.length || k === 0; k++) {
      const part = entries.slice(k * maxUrls, (k + 1) * maxUrls);
      const file = entries.length > maxUrls || name === "ophold" ? `${name}-${k + 1}.xml` : `${name}.xml`;
      files.set(file, urlset(origin, part));
      index.push({ path: `${SITEMAPS_PATH}/${file}`, lastmod: latest(part) });
    }
  };
  const index: Entry[] = [];
  chunks("destinationer", destinations);
  chunks("ophold", stays);
  const indexXml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index
    .map((e) => {
      const lastmod = day(e.lastmod);
      return `<sitemap><loc>${escapeHtml(`${origin}${e.path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`;
    })
    .join("\n")}\n</sitemapindex>\n`;
  return { key: catalogue.key, index: indexXml, files };
}

// One set per store, built again when the index generation or the content version changes.
const cache = new WeakMap<Db, Sitemaps>();

export function sitemapsFor(db: Db, engine: SearchEngine, origin: string): Sitemaps {
  const key = `${engine.generation()}|${readContentVersion(db)}`;
  let sitemaps = cache.get(db);
  if (sitemaps?.key !== key) cache.set(db, (sitemaps = buildSitemaps(db, engine, origin)));
  return sitemaps;
}
