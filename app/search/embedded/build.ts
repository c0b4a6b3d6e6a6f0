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
import { readVocabularies, vocabulariesInUse, type StoredVocabularies, type UsedByTrips } from "./vocabularies";

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

type Sqlite = Db["$client"];

/** The index's per-trip columns, as readTrips fills them. */
type TripColumns = ReturnType<typeof tripColumns>;

/**
 * The phases of a build, with a hand-back of the event loop (`yield`) between them and every few
 * thousand rows inside them: the stored vocabularies, the trips for sale, the vocabularies in use,
 * the trips' packed codes and (accommodation, company) pairs, the ids' byte order.
 */
function* build(sqlite: Sqlite, generation: number): Generator<void, EmbeddedIndex> {
  const stored = readVocabularies(sqlite);
  yield;
  // The live side itself, for its rowids; the same state as the view's within this read transaction.
  const live = liveOffersTable(sqlite);
  const { trips, used, rowOfRowid } = yield* readTrips(sqlite, live, stored, generation);
  yield;
  const { renumber, vocabularies } = vocabulariesInUse(sqlite, stored, used);
  // The packed codes (packTrip) hold only so many.
  if (vocabularies.companies.length > MAX_COMPANIES || vocabularies.mealPlans.length > MAX_MEAL_PLANS) {
    throw new Error(`Det indlejrede indeks rummer højst ${MAX_COMPANIES} rejseselskaber og ${MAX_MEAL_PLANS} pensionstyper til salg.`);
  }
  yield;
  const pairs = yield* packCodes(trips, renumber, vocabularies.accommodations.length);
  yield* rankIds(sqlite, live, rowOfRowid, trips.idRank);
  return { ...trips, ...pairs, ...vocabularies };
}

function tripColumns(n: number, generation: number) {
  return {
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
    tripIds: new TextColumn(n, 48),
    urls: new TextColumn(n, 96),
    transports: TRANSPORT_CODES,
  };
}

/**
 * The trips for sale as columns, in the stored vocabularies' numbers; which entries they use; and
 * each trip's row by its rowid in the live table (numbers, so the trips' id strings need not stay
 * in memory while the index is built).
 */
function* readTrips(sqlite: Sqlite, live: string, stored: StoredVocabularies, generation: number) {
  const n = (sqlite.prepare("SELECT count(*) AS n FROM trips WHERE available = 1").get() as { n: number }).n;
  yield;
  const ix = tripColumns(n, generation);
  const { acc, company, meal } = ix;
  const used: UsedByTrips = {
    acc: new Uint8Array(stored.accommodations.length),
    company: new Uint8Array(stored.companies.length),
    meal: new Uint8Array(stored.mealPlans.length),
  };
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
  const rowOfRowid = new Map<number, number>();
  let i = 0;
  let lastPersons = 0;
  for (const r of rows) {
    const a = stored.accIdx.get(r[2]);
    const c = stored.companyIdx.get(r[3]);
    const m = stored.mealIdx.get(r[4]);
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
    used.acc[a] = used.company[c] = used.meal[m] = 1;
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
  return { trips: ix, used, rowOfRowid };
}

/** The trips' codes in the renumbered vocabularies, packed (`packTrip`); then the (accommodation, company) pairs. */
function* packCodes(ix: TripColumns, renumber: Record<keyof UsedByTrips, Int32Array>, accCount: number) {
  const { acc, company, meal } = ix;
  const count = ix.tripCount;
  const pairKeys: number[] = [];
  for (let t = 0; t < count; t++) {
    acc[t] = renumber.acc[acc[t]];
    company[t] = renumber.company[company[t]];
    meal[t] = renumber.meal[meal[t]];
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
  const tripPair = new Int32Array(acc.length);
  for (let t = 0; t < count; t++) tripPair[t] = pairOf.get(pairKeys[t])!;
  return { accCompanyStart, pairCompany, tripPair };
}

/** The tie-break: each trip's rank in SQLite's BINARY (byte) order of ids, which every engine follows. */
function* rankIds(sqlite: Sqlite, live: string, rowOfRowid: Map<number, number>, idRank: Int32Array) {
  let rank = 0;
  // `+available`: walk the id index in order rather than sort the available ids first, which would hold the event loop.
  for (const rowid of sqlite.prepare(`SELECT rowid FROM ${live} WHERE +available = 1 ORDER BY id`).pluck().iterate() as Iterable<number>) {
    const row = rowOfRowid.get(rowid);
    if (row !== undefined) idRank[row] = rank;
    if (++rank % ROWS_PER_STEP === 0) yield;
  }
}
