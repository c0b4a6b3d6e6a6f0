import type { Db } from "../../../db/client";
import type { AccommodationFacts } from "~/domain/search-result";
import type { EmbeddedIndex, Named } from "./build";

// The embedded index's vocabularies (app/search/embedded/build.ts): read whole from the store,
// numbered in key order, then cut down to the entries the trips for sale use and renumbered in the
// same order, so the index shrinks with the offers.

type Sqlite = Db["$client"];

const index = <T>(items: T[], key: (t: T) => string) => new Map(items.map((item, i) => [key(item), i]));

/** Keeps the entries whose flag is set, in order; returns them and each old position's new one (−1 when dropped). */
function compact<T>(items: T[], used: Uint8Array): { kept: T[]; renumber: Int32Array } {
  const renumber = new Int32Array(items.length).fill(-1);
  const kept: T[] = [];
  items.forEach((item, k) => {
    if (used[k]) renumber[k] = kept.push(item) - 1;
  });
  return { kept, renumber };
}

type StoredAccommodation = AccommodationFacts & { resort_slug: string };

/** Every entry the store has, numbered in key order, with the look-ups the trips' rows need. */
export function readVocabularies(sqlite: Sqlite) {
  const countries = sqlite.prepare("SELECT slug, name FROM countries ORDER BY slug").all() as Named[];
  const regions = sqlite.prepare("SELECT slug, name, country_slug FROM regions ORDER BY slug").all() as Array<
    Named & { country_slug: string }
  >;
  const resorts = sqlite.prepare("SELECT slug, name, region_slug FROM resorts ORDER BY slug").all() as Array<
    Named & { region_slug: string }
  >;
  const companies = sqlite.prepare("SELECT slug, name FROM travel_companies ORDER BY slug").all() as Named[];
  const mealPlans = sqlite.prepare("SELECT slug, title, short FROM meal_plans ORDER BY slug").all() as EmbeddedIndex["mealPlans"];
  const features = sqlite.prepare("SELECT value, name FROM features ORDER BY value").all() as EmbeddedIndex["features"];
  const tags = (sqlite.prepare("SELECT slug FROM tags ORDER BY slug").all() as Array<{ slug: string }>).map((t) => t.slug);
  // Byte order of ids: SQLite's BINARY collation, which every engine's tie-break follows.
  const accommodations = sqlite
    .prepare("SELECT id, name, rating, lat, lng, image_url AS imageUrl, resort_slug FROM accommodations ORDER BY id")
    .all() as StoredAccommodation[];
  return {
    countries,
    regions,
    resorts,
    companies,
    mealPlans,
    features,
    tags,
    accommodations,
    companyIdx: index(companies, (c) => c.slug),
    mealIdx: index(mealPlans, (m) => m.slug),
    accIdx: index(accommodations, (a) => a.id),
  };
}

export type StoredVocabularies = ReturnType<typeof readVocabularies>;

/** Which accommodations, companies and meal plans the trips for sale use (a flag per stored entry). */
export interface UsedByTrips {
  acc: Uint8Array;
  company: Uint8Array;
  meal: Uint8Array;
}

/**
 * The vocabularies in use, renumbered in the same order: the companies, meal plans and
 * accommodations the trips use, the features and tags of those accommodations, and the places they
 * are in; with the accommodations' columns the search reads. `renumber` maps the trips' codes.
 */
export function vocabulariesInUse(sqlite: Sqlite, stored: StoredVocabularies, used: UsedByTrips) {
  const companies = compact(stored.companies, used.company);
  const mealPlans = compact(stored.mealPlans, used.meal);
  const all = stored.accommodations;
  const accs = compact(all, used.acc);
  const accFeatures = all.map((): number[] => []);
  const accTags = all.map((): number[] => []);
  const featureUsed = new Uint8Array(stored.features.length);
  const tagUsed = new Uint8Array(stored.tags.length);
  const links = (sql: string, idx: Map<string, number>, lists: number[][], flags: Uint8Array) => {
    for (const [accId, value] of sqlite.prepare(sql).raw().iterate() as Iterable<[string, string]>) {
      const a = stored.accIdx.get(accId);
      const k = idx.get(value);
      if (a === undefined || k === undefined || !used.acc[a]) continue;
      lists[a].push(k);
      flags[k] = 1;
    }
  };
  const featureIdx = index(stored.features, (f) => f.value);
  const tagIdx = index(stored.tags, (t) => t);
  links("SELECT accommodation_id, feature_value FROM accommodation_features ORDER BY feature_value", featureIdx, accFeatures, featureUsed);
  links("SELECT accommodation_id, tag_slug FROM accommodation_tags ORDER BY tag_slug", tagIdx, accTags, tagUsed);
  const features = compact(stored.features, featureUsed);
  const tags = compact(stored.tags, tagUsed);

  const resortIdx = index(stored.resorts, (r) => r.slug);
  const regionIdx = index(stored.regions, (r) => r.slug);
  const countryIdx = index(stored.countries, (c) => c.slug);
  const resortUsed = new Uint8Array(stored.resorts.length);
  const regionUsed = new Uint8Array(stored.regions.length);
  const countryUsed = new Uint8Array(stored.countries.length);
  // Foreign keys keep every accommodation's resort, region and country in the catalogue.
  const accResortOf = all.map((a) => resortIdx.get(a.resort_slug)!);
  const resortRegionOf = stored.resorts.map((r) => regionIdx.get(r.region_slug)!);
  const regionCountryOf = stored.regions.map((r) => countryIdx.get(r.country_slug)!);
  all.forEach((_, a) => {
    if (!used.acc[a]) return;
    const g = resortRegionOf[accResortOf[a]];
    resortUsed[accResortOf[a]] = regionUsed[g] = countryUsed[regionCountryOf[g]] = 1;
  });
  const resorts = compact(stored.resorts, resortUsed);
  const regions = compact(stored.regions, regionUsed);
  const countries = compact(stored.countries, countryUsed);

  const accommodations: EmbeddedIndex["accommodations"] = accs.kept.map((a) => {
    const old = stored.accIdx.get(a.id)!;
    return {
      id: a.id,
      name: a.name,
      rating: a.rating,
      lat: a.lat,
      lng: a.lng,
      imageUrl: a.imageUrl,
      resort: resorts.renumber[accResortOf[old]],
      features: accFeatures[old].map((k) => features.renumber[k]),
      tags: accTags[old].map((k) => tags.renumber[k]),
    };
  });
  const resortList = resorts.kept.map((r) => {
    const g = resortRegionOf[resortIdx.get(r.slug)!];
    return { slug: r.slug, name: r.name, region: regions.renumber[g], country: countries.renumber[regionCountryOf[g]] };
  });
  const accCount = accommodations.length;
  const columns = {
    accRating: new Uint8Array(accCount),
    accResort: new Int32Array(accCount),
    accRegion: new Int32Array(accCount),
    accCountry: new Int32Array(accCount),
    accLat: new Float64Array(accCount),
    accLng: new Float64Array(accCount),
  };
  accommodations.forEach((a, k) => {
    columns.accRating[k] = a.rating;
    columns.accResort[k] = a.resort;
    columns.accRegion[k] = resortList[a.resort].region;
    columns.accCountry[k] = resortList[a.resort].country;
    columns.accLat[k] = a.lat;
    columns.accLng[k] = a.lng;
  });
  return {
    renumber: { acc: accs.renumber, company: companies.renumber, meal: mealPlans.renumber },
    vocabularies: {
      ...columns,
      accommodations,
      resorts: resortList,
      regions: regions.kept.map(({ slug, name }) => ({ slug, name })),
      countries: countries.kept,
      companies: companies.kept,
      mealPlans: mealPlans.kept,
      features: features.kept,
      tags: tags.kept,
    },
  };
}
