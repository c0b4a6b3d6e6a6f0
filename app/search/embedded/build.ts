import { setImmediate } from "node:timers/promises";
import { openReader, type Db } from "../../../db/client";
import { generationIn } from "../../../db/generation";
import { liveOffersTable } from "../../../db/live-offers";
import { toDay } from "~/domain/dates";
import { bucketIndex, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { SortingMethod, Transport } from "~/domain/constants";
import { MAX_PERSONS } from "~/domain/constants";
import { type AccommodationFacts } from "~/domain/search-result";
import { TextColumn } from "./text-column";

// The embedded index: every available trip as typed-array columns, grouped by party size and
// ordered by departure day inside each group, so a search reads only the trips of its party
// size and departure ranges. Strings are dictionary-encoded; accommodations are numbered in id
// order, so comparing numbers compares ids. Every vocabulary (companies, meal plans,
// accommodations, their features, tags and places) holds only what the trips for sale use, so it
// shrinks with the offers; the store's limits (STORE_LIMITS) keep it within the packed codes.

export interface Named {
  slug: string;
  name: string;
}

export interface EmbeddedIndex {
  generation: number;
  tripCount: number;
  /** Trips of party size p are rows personsStart[p] … personsStart[p + 1] − 1. */
  personsStart: Int32Array;
  acc: Int32Array;
  company: Int32Array;
  meal: Int32Array;
  day: Int32Array;
  price: Float64Array;
  pricePerPerson: Float64Array;
  discount: Int32Array;
  score: Int32Array;
  skiPassIncluded: Uint8Array;
  skiPassDays: Int32Array;
  /**
   * The facet-relevant codes of a trip packed in one word, so the scan loads one array instead
   * of five: company (bits 0–9), meal plan (10–15), ski pass included (16), price bucket
   * (17–23), per-person price bucket (24–29). See `packTrip`.
   */
  packed: Int32Array;
  /**
   * The (accommodation, company) pairs that have trips, accommodation by accommodation: pairs
   * accCompanyStart[a] … accCompanyStart[a + 1] − 1 are accommodation a's, pairCompany[k] is the
   * company of pair k, and tripPair[i] the pair of trip i. A search counts matching trips per
   * pair, so its work grows with the pairs that exist, not accommodations × companies.
   */
  accCompanyStart: Int32Array;
  pairCompany: Int32Array;
  tripPair: Int32Array;
  /** Rank of the trip id in byte order: the tie-break between equally good trips. */
  idRank: Int32Array;
  /** Per sort, each trip's key with lower meaning better, all Float64 so the hot loop stays monomorphic. */
  sortKeys: Record<SortingMethod, Float64Array>;
  nights: Int32Array;
  originalPrice: Float64Array; // NaN when absent
  transport: Uint8Array;
  tripIds: TextColumn;
  urls: TextColumn;

  accommodations: Array<AccommodationFacts & { resort: number; features: number[]; tags: number[] }>;
  accRating: Uint8Array;
  accResort: Int32Array;
  accRegion: Int32Array;
  accCountry: Int32Array;
  accLat: Float64Array;
  accLng: Float64Array;
  resorts: Array<Named & { region: number; country: number }>;
  regions: Named[];
  countries: Named[];
  companies: Named[];
  mealPlans: Array<{ slug: string; title: string; short: string }>;
  features: Array<{ value: string; name: string }>;
  tags: string[];
  transports: Transport[];
}

const TRANSPORT_CODES: Transport[] = ["bus", "fly", "egen-transport"];

/** What the packed codes hold (see `packed`); STORE_LIMITS stays within them. */
export const MAX_COMPANIES = 1024;
export const MAX_MEAL_PLANS = 64;

export function packTrip(company: number, meal: number, skiPassIncluded: number, priceBucket: number, perPersonBucket: number): number {
  return company | (meal << 10) | (skiPassIncluded << 16) | (priceBucket << 17) | (perPersonBucket << 24);
}

/** Keeps the entries whose flag is set, in order; returns them and each old position's new one (−1 when dropped). */
function compact<T>(items: T[], used: Uint8Array): { kept: T[]; renumber: Int32Array } {
  const renumber = new Int32Array(items.length).fill(-1);
  const kept: T[] = [];
  items.forEach((item, k) => {
    if (used[k]) renumber[k] = kept.push(item) - 1;
  });
  return { kept, renumber };
}

const index = <T>(items: T[], key: (t: T) => string) => new Map(items.map((item, i) => [key(item), i]));

/**
 * Builds the index from the store in one read transaction, so the vocabularies and the trips
 * come from the same state of the offers even while an import switches them.
 */
export function buildIndex(db: Db, generation: number): EmbeddedIndex {
  const sqlite = db.$client;
  return sqlite.transaction(() => {
    const steps = build(sqlite, generation);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  })();
}

/**
 * The same, on a read-only connection of its own and in steps, handing the event loop back
 * between them: a server keeps answering while it builds its next index.
 */
export async function buildIndexInSteps(file: string): Promise<EmbeddedIndex> {
  const reader = openReader(file);
  try {
    reader.exec("BEGIN");
    const steps = build(reader, generationIn(reader));
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await setImmediate();
    }
  } finally {
    reader.close();
  }
}

/** Trip rows read between two hand-backs of the event loop. */
const ROWS_PER_STEP = 4_000;

type TripRow = [
  persons: number,
  departureDate: string,
  accommodationId: string,
  companySlug: string,
  mealPlanSlug: string,
  price: number,
  pricePerPerson: number,
  discount: number,
  score: number,
  skiPassIncluded: number,
  skiPassDays: number,
  nights: number,
  originalPrice: number | null,
  transport: Transport,
  id: string,
  url: string,
  rowid: number,
];

function* build(sqlite: Db["$client"], generation: number): Generator<void, EmbeddedIndex> {
  // The stored vocabularies, numbered in key order; the trips then say which are in use.
  const allCountries = sqlite.prepare("SELECT slug, name FROM countries ORDER BY slug").all() as Named[];
  const allRegions = sqlite.prepare("SELECT slug, name, country_slug FROM regions ORDER BY slug").all() as Array<
    Named & { country_slug: string }
  >;
  const allResorts = sqlite.prepare("SELECT slug, name, region_slug FROM resorts ORDER BY slug").all() as Array<
    Named & { region_slug: string }
  >;
  const allCompanies = sqlite.prepare("SELECT slug, name FROM travel_companies ORDER BY slug").all() as Named[];
  const allMealPlans = sqlite.prepare("SELECT slug, title, short FROM meal_plans ORDER BY slug").all() as EmbeddedIndex["mealPlans"];
  const allFeatures = sqlite.prepare("SELECT value, name FROM features ORDER BY value").all() as EmbeddedIndex["features"];
  const allTags = (sqlite.prepare("SELECT slug FROM tags ORDER BY slug").all() as Array<{ slug: string }>).map((t) => t.slug);
  // Byte order of ids: SQLite's BINARY collation, which every engine's tie-break follows.
  const allAccs = sqlite
    .prepare("SELECT id, name, rating, lat, lng, image_url AS imageUrl, resort_slug FROM accommodations ORDER BY id")
    .all() as Array<{ id: string; name: string; rating: number; lat: number; lng: number; imageUrl: string | null; resort_slug: string }>;
  const companyIdx = index(allCompanies, (c) => c.slug);
  const mealIdx = index(allMealPlans, (m) => m.slug);
  const accIdx = index(allAccs, (a) => a.id);

  yield;
  const n = (sqlite.prepare("SELECT count(*) AS n FROM trips WHERE available = 1").get() as { n: number }).n;
  yield;
  const acc = new Int32Array(n);
  const company = new Int32Array(n);
  const meal = new Int32Array(n);
  const accUsed = new Uint8Array(allAccs.length);
  const companyUsed = new Uint8Array(allCompanies.length);
  const mealUsed = new Uint8Array(allMealPlans.length);
  const ix = {
    generation,
    tripCount: n,
    personsStart: new Int32Array(MAX_PERSONS + 2),
    acc,
    company,
    meal,
    day: new Int32Array(n),
    price: new Float64Array(n),
    pricePerPerson: new Float64Array(n),
    discount: new Int32Array(n),
    score: new Int32Array(n),
    skiPassIncluded: new Uint8Array(n),
    skiPassDays: new Int32Array(n),
    idRank: new Int32Array(n),
    packed: new Int32Array(n),
    sortKeys: { "skiScore:desc": new Float64Array(n), "discountPercentage:desc": new Float64Array(n), "price:asc": new Float64Array(n) },
    nights: new Int32Array(n),
    originalPrice: new Float64Array(n),
    transport: new Uint8Array(n),
    tripIds: new TextColumn(n, 48),
    urls: new TextColumn(n, 96),
    transports: TRANSPORT_CODES,
  };

  // The live side itself, for its rowids; the same state as the view's within this read transaction.
  const live = liveOffersTable(sqlite);
  // The live side's search index (offers_a_search or offers_b_search) delivers rows already grouped by party size and ordered by day.
  const rows = sqlite
    .prepare(
      `SELECT persons, departure_date, accommodation_id, company_slug, meal_plan_slug, price, price_per_person,
              discount_percentage, ski_score, ski_pass_included, ski_pass_days, nights, original_price, transport, id, url, rowid
         FROM ${live} WHERE available = 1 ORDER BY persons, departure_date`,
    )
    .raw()
    .iterate() as Iterable<TripRow>;
  const dayCache = new Map<string, number>();
  // Rows by their rowid in the live table: numbers, so the trips' id strings need not stay in memory while the index is built.
  const rowOfRowid = new Map<number, number>();
  let i = 0;
  let lastPersons = 0;
  for (const r of rows) {
    const a = accIdx.get(r[2]);
    const c = companyIdx.get(r[3]);
    const m = mealIdx.get(r[4]);
    // The importer keeps every reference whole; a trip that still names nothing known is left out rather than break a search.
    if (a === undefined || c === undefined || m === undefined || r[0] > MAX_PERSONS) continue;
    const persons = r[0];
    while (lastPersons < persons) ix.personsStart[++lastPersons] = i;
    let day = dayCache.get(r[1]);
    if (day === undefined) dayCache.set(r[1], (day = toDay(r[1])));
    ix.day[i] = day;
    acc[i] = a;
    company[i] = c;
    meal[i] = m;
    accUsed[a] = companyUsed[c] = mealUsed[m] = 1;
    ix.price[i] = r[5];
    ix.pricePerPerson[i] = r[6];
    ix.discount[i] = r[7];
    ix.score[i] = r[8];
    ix.skiPassIncluded[i] = r[9];
    ix.skiPassDays[i] = r[10];
    ix.nights[i] = r[11];
    ix.originalPrice[i] = r[12] ?? NaN;
    ix.transport[i] = TRANSPORT_CODES.indexOf(r[13]);
    ix.sortKeys["skiScore:desc"][i] = -r[8];
    ix.sortKeys["discountPercentage:desc"][i] = -r[7];
    ix.sortKeys["price:asc"][i] = r[5];
    ix.tripIds.push(r[14]);
    ix.urls.push(r[15]);
    rowOfRowid.set(r[16], i);
    if (++i % ROWS_PER_STEP === 0) yield;
  }
  ix.tripCount = i;
  ix.tripIds.trim();
  ix.urls.trim();
  while (lastPersons < MAX_PERSONS + 1) ix.personsStart[++lastPersons] = i;

  yield;
  // The vocabularies in use, renumbered in the same order.
  const companies = compact(allCompanies, companyUsed);
  const mealPlans = compact(allMealPlans, mealUsed);
  if (companies.kept.length > MAX_COMPANIES || mealPlans.kept.length > MAX_MEAL_PLANS) {
    throw new Error(`Det indlejrede indeks rummer højst ${MAX_COMPANIES} rejseselskaber og ${MAX_MEAL_PLANS} pensionstyper til salg.`);
  }
  const accs = compact(allAccs, accUsed);
  const accFeatures = allAccs.map((): number[] => []);
  const accTags = allAccs.map((): number[] => []);
  const featureUsed = new Uint8Array(allFeatures.length);
  const tagUsed = new Uint8Array(allTags.length);
  const featureIdx = index(allFeatures, (f) => f.value);
  const tagIdx = index(allTags, (t) => t);
  const links = (sql: string, idx: Map<string, number>, lists: number[][], used: Uint8Array) => {
    for (const [accId, value] of sqlite.prepare(sql).raw().iterate() as Iterable<[string, string]>) {
      const a = accIdx.get(accId);
      const k = idx.get(value);
      if (a === undefined || k === undefined || !accUsed[a]) continue;
      lists[a].push(k);
      used[k] = 1;
    }
  };
  links("SELECT accommodation_id, feature_value FROM accommodation_features ORDER BY feature_value", featureIdx, accFeatures, featureUsed);
  links("SELECT accommodation_id, tag_slug FROM accommodation_tags ORDER BY tag_slug", tagIdx, accTags, tagUsed);
  const features = compact(allFeatures, featureUsed);
  const tags = compact(allTags, tagUsed);

  const resortIdx = index(allResorts, (r) => r.slug);
  const regionIdx = index(allRegions, (r) => r.slug);
  const countryIdx = index(allCountries, (c) => c.slug);
  const resortUsed = new Uint8Array(allResorts.length);
  const regionUsed = new Uint8Array(allRegions.length);
  const countryUsed = new Uint8Array(allCountries.length);
  // Foreign keys keep every accommodation's resort, region and country in the catalogue.
  const accResortOf = allAccs.map((a) => resortIdx.get(a.resort_slug)!);
  const resortRegionOf = allResorts.map((r) => regionIdx.get(r.region_slug)!);
  const regionCountryOf = allRegions.map((r) => countryIdx.get(r.country_slug)!);
  allAccs.forEach((_, a) => {
    if (!accUsed[a]) return;
    const g = resortRegionOf[accResortOf[a]];
    resortUsed[accResortOf[a]] = regionUsed[g] = countryUsed[regionCountryOf[g]] = 1;
  });
  const resorts = compact(allResorts, resortUsed);
  const regions = compact(allRegions, regionUsed);
  const countries = compact(allCountries, countryUsed);

  const accommodations: EmbeddedIndex["accommodations"] = accs.kept.map((a) => {
    const old = accIdx.get(a.id)!;
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
  const accRating = new Uint8Array(accCount);
  const accResort = new Int32Array(accCount);
  const accRegion = new Int32Array(accCount);
  const accCountry = new Int32Array(accCount);
  const accLat = new Float64Array(accCount);
  const accLng = new Float64Array(accCount);
  accommodations.forEach((a, k) => {
    accRating[k] = a.rating;
    accResort[k] = a.resort;
    accRegion[k] = resortList[a.resort].region;
    accCountry[k] = resortList[a.resort].country;
    accLat[k] = a.lat;
    accLng[k] = a.lng;
  });

  yield;
  // The trips' codes in the renumbered vocabularies, packed; then the (accommodation, company) pairs.
  const pairKeys: number[] = [];
  for (let t = 0; t < i; t++) {
    acc[t] = accs.renumber[acc[t]];
    company[t] = companies.renumber[company[t]];
    meal[t] = mealPlans.renumber[meal[t]];
    // Prices are positive (the feed schema), so neither bucket is 'unknown'.
    ix.packed[t] = packTrip(
      company[t],
      meal[t],
      ix.skiPassIncluded[t],
      bucketIndex(ix.price[t], FULL_PRICE_BUCKETS),
      bucketIndex(ix.pricePerPerson[t], PER_PERSON_BUCKETS),
    );
    pairKeys.push(acc[t] * MAX_COMPANIES + company[t]);
    if ((t + 1) % (4 * ROWS_PER_STEP) === 0) yield;
  }
  const pairs = [...new Set(pairKeys)].sort((x, y) => x - y);
  const pairOf = new Map(pairs.map((key, k) => [key, k]));
  const accCompanyStart = new Int32Array(accCount + 1);
  const pairCompany = new Int32Array(pairs.length);
  pairs.forEach((key, k) => {
    pairCompany[k] = key % MAX_COMPANIES;
    accCompanyStart[Math.floor(key / MAX_COMPANIES) + 1]++;
  });
  for (let a = 0; a < accCount; a++) accCompanyStart[a + 1] += accCompanyStart[a];
  const tripPair = new Int32Array(n);
  for (let t = 0; t < i; t++) tripPair[t] = pairOf.get(pairKeys[t])!;

  // The tie-break: each trip's rank in SQLite's BINARY (byte) order of ids, which every engine follows.
  let rank = 0;
  // `+available`: walk the id index in order rather than sort the available ids first, which would hold the event loop.
  for (const rowid of sqlite.prepare(`SELECT rowid FROM ${live} WHERE +available = 1 ORDER BY id`).pluck().iterate() as Iterable<number>) {
    const row = rowOfRowid.get(rowid);
    if (row !== undefined) ix.idRank[row] = rank;
    if (++rank % ROWS_PER_STEP === 0) yield;
  }

  return {
    ...ix,
    accCompanyStart,
    pairCompany,
    tripPair,
    accommodations,
    accRating,
    accResort,
    accRegion,
    accCountry,
    accLat,
    accLng,
    resorts: resortList,
    regions: regions.kept.map(({ slug, name }) => ({ slug, name })),
    countries: countries.kept,
    companies: companies.kept,
    mealPlans: mealPlans.kept,
    features: features.kept,
    tags: tags.kept,
  };
}
