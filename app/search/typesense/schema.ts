import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { CollectionCreateSchema } from "typesense";
import type { Db } from "../../../db/client";
import * as dbSchema from "../../../db/schema";
import { readGeneration } from "../../../db/generation";
import type { Transport } from "~/domain/constants";
import { toDay } from "~/domain/dates";
import type { ResultAccommodation, ResultTrip } from "~/domain/search-result";
import { readGenerationData, type GenerationData } from "./generation";

// The Typesense collection: one document per available trip, denormalised with everything a
// search filters, sorts, groups or facets on. Three choices keep it exact, where Typesense alone
// would not be:
//
// - Typesense's `float` is 32-bit, so prices and coordinates (64-bit in the store) are indexed
//   as int64 keys that order exactly like the doubles (`doubleKey`): a bound compares as one
//   integer comparison, with no rounding. The documents travel as JSON lines we write ourselves,
//   because int64 does not fit a JavaScript number.
// - Ties break on ranks, not strings: `trip_rank` and `accommodation_rank` number the ids in
//   byte order (SQLite's BINARY collation), which every engine follows. The accommodations
//   themselves are not in the documents: the engine keeps them by rank, from the same read
//   (generation.ts).
// - Typesense lowercases and tokenises strings when it filters, so string filters are only ever
//   given slugs the generation's store has (filter-by.ts drops anything else, which can match
//   nothing), hyphens are indexed as part of a token, and ids are filtered by rank.

/** The alias that always names the complete collection of the newest generation. */
export const DEFAULT_ALIAS = "trips";

/** Document field names, in one place for the schema, the builder and the translation. */
export const F = {
  accommodationRank: "accommodation_rank",
  tripRank: "trip_rank",
  company: "company_slug",
  /** `${accommodation_rank}:${company_slug}`: its facet counts offers and companies per accommodation. */
  accommodationCompany: "accommodation_company",
  persons: "persons",
  departureDay: "departure_day",
  priceKey: "price_key",
  priceFloor: "price_floor",
  pricePerPersonKey: "price_per_person_key",
  pricePerPersonFloor: "price_per_person_floor",
  discount: "discount",
  skiScore: "ski_score",
  mealPlan: "meal_plan_slug",
  skiPassIncluded: "ski_pass_included",
  skiPassDays: "ski_pass_days",
  rating: "rating",
  features: "features",
  tags: "tags",
  /** Resort, region and country slug together: one filter matches a destination at any level. */
  destinations: "destination_slugs",
  latKey: "lat_key",
  lngKey: "lng_key",
  /** The trip as the result list shows it (JSON of ResultTrip): stored, not indexed. */
  trip: "trip",
  /** What a map point needs of the trip (JSON of MapPin): stored, not indexed. */
  pin: "pin",
} as const;

/** The int64 fields, written into the JSON line by hand (see toJsonLine). */
const INT64_KEYS = [F.priceKey, F.pricePerPersonKey, F.latKey, F.lngKey] as const;

/** A map point's trip: price, price per person, departure date, nights, company slug, trip id. */
export type MapPin = [price: number, pricePerPerson: number, departureDate: string, nights: number, company: string, tripId: string];

export interface TripDocument {
  id: string;
  [F.accommodationRank]: number;
  [F.tripRank]: number;
  [F.company]: string;
  [F.accommodationCompany]: string;
  [F.persons]: number;
  [F.departureDay]: number;
  [F.priceKey]: bigint;
  [F.priceFloor]: number;
  [F.pricePerPersonKey]: bigint;
  [F.pricePerPersonFloor]: number;
  [F.discount]: number;
  [F.skiScore]: number;
  [F.mealPlan]: string;
  [F.skiPassIncluded]: boolean;
  [F.skiPassDays]: number;
  [F.rating]: number;
  [F.features]: string[];
  [F.tags]: string[];
  [F.destinations]: string[];
  [F.latKey]: bigint;
  [F.lngKey]: bigint;
  [F.trip]: string;
  [F.pin]: string;
}

/** Only what a search filters, sorts, groups or facets on is indexed (README "Search engines" sizes it). */
export function collectionSchema(name: string): CollectionCreateSchema {
  return {
    name,
    // Slugs keep their hyphens, so `a-b` and `ab` stay different values.
    symbols_to_index: ["-"],
    fields: [
      { name: F.accommodationRank, type: "int32", facet: true },
      { name: F.tripRank, type: "int32" },
      { name: F.company, type: "string", facet: true },
      { name: F.accommodationCompany, type: "string", facet: true },
      { name: F.persons, type: "int32" },
      { name: F.departureDay, type: "int32" },
      { name: F.priceKey, type: "int64" },
      { name: F.priceFloor, type: "int32", facet: true },
      { name: F.pricePerPersonKey, type: "int64" },
      { name: F.pricePerPersonFloor, type: "int32", facet: true },
      { name: F.discount, type: "int32" },
      { name: F.skiScore, type: "int32" },
      { name: F.mealPlan, type: "string", facet: true },
      { name: F.skiPassIncluded, type: "bool", facet: true },
      { name: F.skiPassDays, type: "int32" },
      { name: F.rating, type: "int32", facet: true },
      { name: F.features, type: "string[]", facet: true, optional: true },
      { name: F.tags, type: "string[]", optional: true },
      { name: F.destinations, type: "string[]" },
      { name: F.latKey, type: "int64" },
      { name: F.lngKey, type: "int64" },
    ],
  };
}

const keyView = new DataView(new ArrayBuffer(8));

/**
 * A signed 64-bit integer that orders exactly as the double does: a ≤ b ⇔ key(a) ≤ key(b) for
 * every non-NaN double (−0 and +0 share a key). Positive doubles keep their bit pattern;
 * negative ones flip every bit but the sign, so a larger magnitude gives a smaller key.
 */
export function doubleKey(x: number): bigint {
  keyView.setFloat64(0, x === 0 ? 0 : x);
  const bits = keyView.getBigInt64(0);
  return bits < 0n ? bits ^ 0x7fffffffffffffffn : bits;
}

/** One JSON line for the import: JSON.stringify cannot write bigint, so the int64 keys are appended as digits. */
export function toJsonLine(doc: TripDocument): string {
  const rest: Record<string, unknown> = { ...doc };
  for (const key of INT64_KEYS) delete rest[key];
  const int64 = INT64_KEYS.map((key) => `"${key}":${doc[key].toString()}`).join(",");
  return `${JSON.stringify(rest).slice(0, -1)},${int64}}`;
}

type TripRow = [
  id: string,
  accommodationId: string,
  companySlug: string,
  companyName: string,
  persons: number,
  departureDate: string,
  nights: number,
  transport: Transport,
  price: number,
  pricePerPerson: number,
  originalPrice: number | null,
  discountPercentage: number,
  skiScore: number,
  mealPlanSlug: string,
  mealPlanTitle: string,
  mealPlanShort: string,
  skiPassIncluded: number,
  skiPassDays: number,
  url: string,
];

/**
 * The documents of every available trip, in trip id order (so a trip's rank is its position),
 * with the accommodations of the same read (ranked by their position). Streams the trips: keep
 * `sqlite` to yourself until the generator is done.
 */
export function* tripDocuments(sqlite: Database.Database, accommodations: readonly ResultAccommodation[]): Generator<TripDocument> {
  const rank = new Map(accommodations.map((a, i) => [a.id, i]));
  const trips = sqlite
    .prepare(
      `SELECT t.id, t.accommodation_id, t.company_slug, c.name, t.persons, t.departure_date, t.nights, t.transport,
              t.price, t.price_per_person, t.original_price, t.discount_percentage, t.ski_score,
              t.meal_plan_slug, m.title, m.short, t.ski_pass_included, t.ski_pass_days, t.url
         FROM trips t
         JOIN travel_companies c ON c.slug = t.company_slug
         JOIN meal_plans m ON m.slug = t.meal_plan_slug
        WHERE t.available = 1
        ORDER BY t.id`,
    )
    .raw()
    .iterate() as Iterable<TripRow>;

  let tripRank = 0;
  for (const r of trips) {
    const [id, accommodationId, companySlug, companyName, persons, departureDate, nights, transport] = r;
    const [price, pricePerPerson, originalPrice, discountPercentage, skiScore, mealSlug, mealTitle, mealShort] = r.slice(8, 16) as [
      number,
      number,
      number | null,
      number,
      number,
      string,
      string,
      string,
    ];
    const [skiPassIncluded, skiPassDays, url] = [r[16], r[17], r[18]];
    const accRank = rank.get(accommodationId);
    if (accRank === undefined) throw new Error(`Turen ${id} peger på et ukendt overnatningssted ${accommodationId}`);
    const a = accommodations[accRank];
    const trip: ResultTrip = {
      id,
      travelCompany: { slug: companySlug, name: companyName },
      departureDate,
      nights,
      transport,
      persons,
      price,
      pricePerPerson,
      originalPrice,
      discountPercentage,
      skiScore,
      mealPlan: { slug: mealSlug, title: mealTitle, short: mealShort },
      skiPass: { included: skiPassIncluded === 1, days: skiPassDays },
      url,
    };
    const pin: MapPin = [price, pricePerPerson, departureDate, nights, companySlug, id];
    yield {
      id,
      [F.accommodationRank]: accRank,
      [F.tripRank]: tripRank++,
      [F.company]: companySlug,
      [F.accommodationCompany]: `${accRank}:${companySlug}`,
      [F.persons]: persons,
      [F.departureDay]: toDay(departureDate),
      [F.priceKey]: doubleKey(price),
      [F.priceFloor]: Math.floor(price),
      [F.pricePerPersonKey]: doubleKey(pricePerPerson),
      [F.pricePerPersonFloor]: Math.floor(pricePerPerson),
      [F.discount]: discountPercentage,
      [F.skiScore]: skiScore,
      [F.mealPlan]: mealSlug,
      [F.skiPassIncluded]: skiPassIncluded === 1,
      [F.skiPassDays]: skiPassDays,
      [F.rating]: a.rating,
      [F.features]: a.features.map((f) => f.value),
      [F.tags]: a.tags,
      [F.destinations]: [a.destination.slug, a.region.slug, a.country.slug],
      [F.latKey]: doubleKey(a.lat),
      [F.lngKey]: doubleKey(a.lng),
      [F.trip]: JSON.stringify(trip),
      [F.pin]: JSON.stringify(pin),
    };
  }
}

/** A consistent read of the store: its generation, that generation's data and the documents of exactly that data. */
export interface StoreSnapshot {
  data: GenerationData;
  documents: Iterable<TripDocument>;
  close(): void;
}

/**
 * Opens a snapshot of the store. A file database gets its own read-only connection inside one
 * read transaction, so the documents can be streamed across awaits while the app keeps using
 * its connection and an import commits beside us. An in-memory database (tests) is read at once.
 */
export function openSnapshot(db: Db): StoreSnapshot {
  const main = db.$client;
  if (main.memory || !main.name) {
    const read = main.transaction(() => {
      const data = readGenerationData(main, readGeneration(db));
      return { data, documents: [...tripDocuments(main, data.accommodations)] };
    });
    return { ...read(), close: () => {} };
  }
  const sqlite = new Database(main.name, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 10000");
    sqlite.exec("BEGIN");
    const data = readGenerationData(sqlite, readGeneration(drizzle(sqlite, { schema: dbSchema }) as unknown as Db));
    const documents = tripDocuments(sqlite, data.accommodations);
    return {
      data,
      documents,
      close: () => {
        documents.return(undefined); // resets the trips statement if the import stopped halfway
        if (sqlite.inTransaction) sqlite.exec("COMMIT");
        sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
