import type { Db } from "../../../db/client";
import { toDay } from "~/domain/dates";
import { bucketIndex, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { SortingMethod, Transport } from "~/domain/constants";
import { MAX_PERSONS } from "~/domain/constants";
import { type AccommodationFacts } from "~/domain/search-result";

// The embedded index: every available trip as typed-array columns, grouped by party size and
// ordered by departure day inside each group, so a search reads only the trips of its party
// size and departure ranges. Strings are dictionary-encoded; accommodations are numbered in id
// order, so comparing numbers compares ids.

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
  /** Rank of the trip id in byte order: the tie-break between equally good trips. */
  idRank: Int32Array;
  /** Per sort, each trip's key with lower meaning better, all Float64 so the hot loop stays monomorphic. */
  sortKeys: Record<SortingMethod, Float64Array>;
  nights: Int32Array;
  originalPrice: Float64Array; // NaN when absent
  transport: Uint8Array;
  tripIds: string[];
  urls: string[];

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

export const MAX_COMPANIES = 1024;
export const MAX_MEAL_PLANS = 64;

export function packTrip(company: number, meal: number, skiPassIncluded: number, priceBucket: number, perPersonBucket: number): number {
  return company | (meal << 10) | (skiPassIncluded << 16) | (priceBucket << 17) | (perPersonBucket << 24);
}

function dictionary<T>(items: T[], key: (t: T) => string): Map<string, number> {
  return new Map(items.map((item, i) => [key(item), i]));
}

export function buildIndex(db: Db, generation: number): EmbeddedIndex {
  const sqlite = db.$client;
  const countries = sqlite.prepare("SELECT slug, name FROM countries ORDER BY slug").all() as Named[];
  const countryIdx = dictionary(countries, (c) => c.slug);
  const regionRows = sqlite.prepare("SELECT slug, name, country_slug FROM regions ORDER BY slug").all() as Array<
    Named & { country_slug: string }
  >;
  const regions = regionRows.map(({ slug, name }) => ({ slug, name }));
  const regionIdx = dictionary(regions, (r) => r.slug);
  const resorts = (
    sqlite.prepare("SELECT slug, name, region_slug FROM resorts ORDER BY slug").all() as Array<Named & { region_slug: string }>
  ).map((r) => {
    const region = regionIdx.get(r.region_slug)!;
    return { slug: r.slug, name: r.name, region, country: countryIdx.get(regionRows[region].country_slug)! };
  });
  const resortIdx = dictionary(resorts, (r) => r.slug);
  const companies = sqlite.prepare("SELECT slug, name FROM travel_companies ORDER BY slug").all() as Named[];
  const companyIdx = dictionary(companies, (c) => c.slug);
  const mealPlans = sqlite.prepare("SELECT slug, title, short FROM meal_plans ORDER BY slug").all() as EmbeddedIndex["mealPlans"];
  const mealIdx = dictionary(mealPlans, (m) => m.slug);
  const features = sqlite.prepare("SELECT value, name FROM features ORDER BY value").all() as EmbeddedIndex["features"];
  const featureIdx = dictionary(features, (f) => f.value);
  const tags = (sqlite.prepare("SELECT slug FROM tags ORDER BY slug").all() as Array<{ slug: string }>).map((t) => t.slug);
  const tagIdx = new Map(tags.map((t, i) => [t, i]));

  // Byte order of ids: SQLite's BINARY collation, which every engine's tie-break follows.
  const accRows = sqlite
    .prepare("SELECT id, name, rating, lat, lng, image_url AS imageUrl, resort_slug FROM accommodations ORDER BY id")
    .all() as Array<{ id: string; name: string; rating: number; lat: number; lng: number; imageUrl: string | null; resort_slug: string }>;
  if (companies.length > MAX_COMPANIES || mealPlans.length > MAX_MEAL_PLANS) {
    throw new Error(`Det indlejrede indeks rummer højst ${MAX_COMPANIES} rejseselskaber og ${MAX_MEAL_PLANS} pensionstyper.`);
  }
  const accIdx = new Map(accRows.map((a, i) => [a.id, i]));
  const accommodations: EmbeddedIndex["accommodations"] = accRows.map((a) => ({
    id: a.id,
    name: a.name,
    rating: a.rating,
    lat: a.lat,
    lng: a.lng,
    imageUrl: a.imageUrl,
    resort: resortIdx.get(a.resort_slug)!,
    features: [],
    tags: [],
  }));
  for (const row of sqlite
    .prepare("SELECT accommodation_id, feature_value FROM accommodation_features ORDER BY feature_value")
    .raw()
    .iterate() as Iterable<[string, string]>) {
    accommodations[accIdx.get(row[0])!].features.push(featureIdx.get(row[1])!);
  }
  for (const row of sqlite
    .prepare("SELECT accommodation_id, tag_slug FROM accommodation_tags ORDER BY tag_slug")
    .raw()
    .iterate() as Iterable<[string, string]>) {
    accommodations[accIdx.get(row[0])!].tags.push(tagIdx.get(row[1])!);
  }
  const accCount = accommodations.length;
  const accRating = new Uint8Array(accCount);
  const accResort = new Int32Array(accCount);
  const accRegion = new Int32Array(accCount);
  const accCountry = new Int32Array(accCount);
  const accLat = new Float64Array(accCount);
  const accLng = new Float64Array(accCount);
  accommodations.forEach((a, i) => {
    accRating[i] = a.rating;
    accResort[i] = a.resort;
    accRegion[i] = resorts[a.resort].region;
    accCountry[i] = resorts[a.resort].country;
    accLat[i] = a.lat;
    accLng[i] = a.lng;
  });

  const n = (sqlite.prepare("SELECT count(*) AS n FROM trips WHERE available = 1").get() as { n: number }).n;
  const index: EmbeddedIndex = {
    generation,
    tripCount: n,
    personsStart: new Int32Array(MAX_PERSONS + 2),
    acc: new Int32Array(n),
    company: new Int32Array(n),
    meal: new Int32Array(n),
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
    tripIds: new Array<string>(n),
    urls: new Array<string>(n),
    accommodations,
    accRating,
    accResort,
    accRegion,
    accCountry,
    accLat,
    accLng,
    resorts,
    regions,
    countries,
    companies,
    mealPlans,
    features,
    tags,
    transports: TRANSPORT_CODES,
  };

  // The trips_search index delivers rows already grouped by party size and ordered by day.
  const rows = sqlite
    .prepare(
      `SELECT persons, departure_date, accommodation_id, company_slug, meal_plan_slug, price, price_per_person,
              discount_percentage, ski_score, ski_pass_included, ski_pass_days, nights, original_price, transport, id, url
         FROM trips WHERE available = 1 ORDER BY persons, departure_date`,
    )
    .raw()
    .iterate() as Iterable<
    [
      number,
      string,
      string,
      string,
      string,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number | null,
      Transport,
      string,
      string,
    ]
  >;
  const dayCache = new Map<string, number>();
  let i = 0;
  let lastPersons = 0;
  for (const r of rows) {
    if (i >= n) break; // rows committed after the count: picked up by the next generation
    const persons = r[0];
    while (lastPersons < persons) index.personsStart[++lastPersons] = i;
    let day = dayCache.get(r[1]);
    if (day === undefined) dayCache.set(r[1], (day = toDay(r[1])));
    index.day[i] = day;
    index.acc[i] = accIdx.get(r[2])!;
    index.company[i] = companyIdx.get(r[3])!;
    index.meal[i] = mealIdx.get(r[4])!;
    index.price[i] = r[5];
    index.pricePerPerson[i] = r[6];
    index.discount[i] = r[7];
    index.score[i] = r[8];
    index.skiPassIncluded[i] = r[9];
    index.skiPassDays[i] = r[10];
    index.nights[i] = r[11];
    index.originalPrice[i] = r[12] ?? NaN;
    index.transport[i] = TRANSPORT_CODES.indexOf(r[13]);
    index.sortKeys["skiScore:desc"][i] = -r[8];
    index.sortKeys["discountPercentage:desc"][i] = -r[7];
    index.sortKeys["price:asc"][i] = r[5];
    // Prices are positive (the feed schema), so neither bucket is 'unknown'.
    index.packed[i] = packTrip(
      index.company[i],
      index.meal[i],
      r[9],
      bucketIndex(r[5], FULL_PRICE_BUCKETS),
      bucketIndex(r[6], PER_PERSON_BUCKETS),
    );
    index.tripIds[i] = r[14];
    index.urls[i] = r[15];
    i++;
  }
  index.tripCount = i;
  while (lastPersons < MAX_PERSONS + 1) index.personsStart[++lastPersons] = i;

  // Ids are ASCII (the feed schema allows [A-Za-z0-9._:-]), so `<` is byte order.
  const order = Array.from({ length: i }, (_, k) => k);
  const ids = index.tripIds;
  order.sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
  for (let rank = 0; rank < order.length; rank++) index.idRank[order[rank]] = rank;
  return index;
}
