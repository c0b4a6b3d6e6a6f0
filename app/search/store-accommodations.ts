import type Database from "better-sqlite3";
import { accommodationFacts, type AccommodationFacts, type ResultAccommodation } from "~/domain/search-result";

// Accommodations as the result list shows them, read from the store: a page's for the plain-SQL
// oracle, every one for the Typesense engine's copy of its generation (typesense/generation.ts).

interface AccommodationRow extends AccommodationFacts {
  resortSlug: string;
  resortName: string;
  regionSlug: string;
  regionName: string;
  countrySlug: string;
  countryName: string;
  features: string;
  tags: string;
}

const SELECT = `SELECT a.id, a.name, a.rating, a.lat, a.lng, a.image_url AS imageUrl,
              r.slug AS resortSlug, r.name AS resortName, g.slug AS regionSlug, g.name AS regionName,
              c.slug AS countrySlug, c.name AS countryName,
              (SELECT json_group_array(json_object('value', value, 'name', name)) FROM (
                 SELECT f.value, f.name FROM accommodation_features x JOIN features f ON f.value = x.feature_value
                  WHERE x.accommodation_id = a.id ORDER BY f.value)) AS features,
              (SELECT json_group_array(tag_slug) FROM (
                 SELECT tag_slug FROM accommodation_tags WHERE accommodation_id = a.id ORDER BY tag_slug)) AS tags
         FROM accommodations a
         JOIN resorts r ON r.slug = a.resort_slug
         JOIN regions g ON g.slug = r.region_slug
         JOIN countries c ON c.slug = g.country_slug`;

function toAccommodation(row: AccommodationRow): ResultAccommodation {
  return {
    ...accommodationFacts(row),
    destination: { slug: row.resortSlug, name: row.resortName },
    region: { slug: row.regionSlug, name: row.regionName },
    country: { slug: row.countrySlug, name: row.countryName },
    features: JSON.parse(row.features) as Array<{ value: string; name: string }>,
    tags: JSON.parse(row.tags) as string[],
  };
}

/** The page's accommodations, read from the store in one query. */
export function hydrateAccommodations(sqlite: Database.Database, ids: readonly string[]): Map<string, ResultAccommodation> {
  const rows = sqlite.prepare(`${SELECT} WHERE a.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as AccommodationRow[];
  return new Map(rows.map((row) => [row.id, toAccommodation(row)]));
}

/** Every accommodation of the store in id order (SQLite's byte order, which ranks follow). */
export function allAccommodations(sqlite: Database.Database): ResultAccommodation[] {
  return (sqlite.prepare(`${SELECT} ORDER BY a.id`).all() as AccommodationRow[]).map(toAccommodation);
}
