import { demoPhotoUrls } from "../../app/domain/demo-photo";
import type { Transport } from "../../app/domain/constants";
import { fromDay, isoWeeksInYear, mondayOfIsoWeek, toDay } from "../../app/domain/dates";
import type { FeedLine } from "../feed-schema";
import { RESORTS, slugify, type DemoResort, type NameLanguage } from "./resorts";
import {
  DEMO_ACCOMMODATION_COUNT,
  DEMO_COMPANIES,
  DEMO_FEATURES,
  DEMO_MEAL_PLANS,
  DEMO_TAGS,
  FEATURE_WEIGHTS,
  KIND_PRICE,
  MEAL_FACTOR,
  NAME_POOLS,
  PERSONS_DEMAND,
  PERSONS_PRICE,
  RATING_PRICE,
  WEEK_DEMAND,
  WEEK_PRICE,
  type DemoCompany,
  type Kind,
  type MealPlanKey,
} from "./demo-data";

// The deterministic demo feed: invented accommodations at real resorts, invented Danish travel
// companies, and their offers for one winter season. The same options always give the same lines.
// The data it draws from (vocabularies, companies, name pools, weights) is ./demo-data.ts.
//
// How it stays streaming and unique without remembering ids: every possible offer is a "slot"
// (accommodation × company × transport × departure week × party size). The generator walks a
// seeded pseudo-random permutation of all slots (a Feistel network), skips the slots that make
// no sense (a company not selling that accommodation or transport) and keeps each remaining slot
// with a probability that follows demand (winter holidays in weeks 7 and 8, parties of 2 and 4).
// A slot is visited at most once per pass, so ids are unique; when one pass is used up, the next
// pass ("variant" 2, 3, …) walks a new permutation and its ids get a `-v2`, `-v3`, … suffix.
// A smaller feed is therefore always the first lines of a larger one with the same seed.

// ---------------------------------------------------------------------------------------------
// Random numbers

/** 32-bit integer hash (lowbias32). */
function hash32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** mulberry32: a tiny seeded PRNG giving floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

const intBetween = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

function weighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < items.length; i++) total += weights[i];
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return items.length - 1;
}

interface CatalogueAccommodation {
  /** The accommodation object of every line about it (shared and frozen). */
  readonly line: FeedLine["accommodation"];
  readonly resort: DemoResort;
  readonly kind: Kind;
  readonly rating: number;
  readonly mealPlans: readonly MealPlanKey[];
  /** Per-person price of a plain week, before company, season, meals and party size. */
  readonly basePrice: number;
  /** Indexes into DEMO_COMPANIES of the companies selling it. */
  readonly companies: readonly number[];
  /** Per company slot: bitmask of TRANSPORT_ORDER indexes that company offers here. */
  readonly transportMasks: readonly number[];
}

export interface DemoCatalogue {
  readonly resorts: readonly DemoResort[];
  readonly companies: readonly DemoCompany[];
  readonly accommodations: readonly CatalogueAccommodation[];
}

const TRANSPORT_ORDER: readonly Transport[] = ["bus", "fly", "egen-transport"];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Spread `total` over weights by largest remainder, so the counts add up exactly. */
function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) counts[order[k % order.length][1]]++;
  return counts;
}

function jitter(rng: Rng, lat: number, lng: number, maxMeters: number): [number, number] {
  const r = maxMeters * Math.sqrt(rng());
  const angle = rng() * 2 * Math.PI;
  const dLat = (r * Math.cos(angle)) / 111_320;
  const dLng = (r * Math.sin(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [Math.round((lat + dLat) * 1e5) / 1e5, Math.round((lng + dLng) * 1e5) / 1e5];
}

function pickMealPlans(rng: Rng, kind: Kind, language: NameLanguage): MealPlanKey[] {
  const r = rng();
  switch (kind) {
    case "hotel":
      if ((language === "bg" || language === "ad") && r < 0.4) return ["AI", "HP"];
      if (r < 0.5) return ["HP"];
      if (r < 0.78) return ["MM", "HP"];
      if (r < 0.9) return ["HP", "FP"];
      if (r < 0.95 && (language === "it" || language === "de")) return ["AI"];
      return ["MM"];
    case "pension":
      return r < 0.5 ? ["MM", "HP"] : r < 0.8 ? ["HP"] : ["MM"];
    case "chalet":
      return r < 0.4 ? ["HP"] : ["UF"];
    case "apartment":
      return r < 0.85 ? ["UF"] : ["UF", "MM"];
    case "cabin":
      return ["UF"];
  }
}

/** The invented accommodations and their sellers for a seed. Deterministic. */
export function buildDemoCatalogue(seed: number): DemoCatalogue {
  const rng = mulberry32(hash32(seed ^ 0x5eed5eed));
  const counts = apportion(
    RESORTS.map((r) => r.popularity),
    DEMO_ACCOMMODATION_COUNT,
  );
  const accommodations: CatalogueAccommodation[] = [];
  const ids = new Set<string>();

  RESORTS.forEach((resort, resortIndex) => {
    const pool = NAME_POOLS[resort.language];
    const usedCores = new Set<string>();
    for (let n = 0; n < counts[resortIndex]; n++) {
      // Name: a type ("Hotel", "Hytter") and a core ("Alpenrose"), cores unique in the resort while they last.
      let name = "";
      let kind: Kind = "hotel";
      for (let attempt = 0; ; attempt++) {
        const type =
          pool.types[
            weighted(
              rng,
              pool.types,
              pool.types.map((x) => x.weight),
            )
          ];
        const freshCores = pool.cores.filter((c) => !usedCores.has(c));
        const cores = freshCores.length > 0 ? freshCores : pool.cores;
        const core = cores[Math.floor(rng() * cores.length)];
        name = pool.typeFirst ? `${type.label} ${core}` : `${core} ${type.label}`;
        if (attempt > 40) name = `${name} ${attempt}`;
        kind = type.kind;
        if (!ids.has(`${slugify(name)}-${resort.slug}`)) {
          usedCores.add(core);
          break;
        }
      }
      const id = `${slugify(name)}-${resort.slug}`;
      ids.add(id);

      let rating = 1 + weighted(rng, [1, 2, 3, 4, 5], [3, 10, 42, 34, 11]);
      if (kind === "cabin" && rating === 5) rating = 4;
      if (resort.priceLevel >= 1.4 && rating < 5 && rng() < 0.25) rating++;

      // 2 to 8 features, more with more stars.
      const featureCount = Math.min(8, Math.max(2, rating + intBetween(rng, -1, 3)));
      const weights = [...FEATURE_WEIGHTS[kind]];
      const chosen = new Set<number>();
      while (chosen.size < featureCount) {
        const i = weighted(rng, weights, weights);
        chosen.add(i);
        weights[i] = 0;
      }
      const featureIndexes = [...chosen].sort((a, b) => a - b);
      const features = featureIndexes.map((i) => ({ ...DEMO_FEATURES[i] }));
      const has = (value: string) => features.some((f) => f.value === value);

      const tags = new Set<string>();
      for (const tag of resort.tags) if (rng() < 0.85) tags.add(tag);
      if (has("boernepasning") || ((kind === "cabin" || kind === "apartment") && rng() < 0.3)) tags.add("familievenlig");
      if (has("ski-in-ski-out")) tags.add("ski-in-ski-out");
      if (rating <= 2 || (resort.priceLevel <= 0.85 && rating <= 3 && rng() < 0.5)) tags.add("budget");
      if (rating === 5 || (rating === 4 && resort.priceLevel >= 1.4 && has("spa"))) tags.add("luksus");

      const [lat, lng] = jitter(rng, resort.lat, resort.lng, 2000);
      const mealPlans = pickMealPlans(rng, kind, resort.language);
      const basePrice = 2900 * resort.priceLevel * RATING_PRICE[rating] * KIND_PRICE[kind] * (0.9 + rng() * 0.2);

      // Sellers: 1 to 4 companies that sell the country and a transport that makes sense here.
      const eligible: number[] = [];
      DEMO_COMPANIES.forEach((c, i) => {
        if (c.countries.includes(resort.country.slug) && c.transports.some((tr) => resort.transports.includes(tr))) eligible.push(i);
      });
      const sellerCount = Math.min(eligible.length, 1 + weighted(rng, [1, 2, 3, 4], [25, 35, 25, 15]));
      const companies: number[] = [];
      const remaining = [...eligible];
      while (companies.length < sellerCount) {
        const k = Math.floor(rng() * remaining.length);
        companies.push(remaining[k]);
        remaining.splice(k, 1);
      }
      companies.sort((a, b) => a - b);
      const transportMasks = companies.map((ci) =>
        TRANSPORT_ORDER.reduce(
          (mask, tr, bit) => (DEMO_COMPANIES[ci].transports.includes(tr) && resort.transports.includes(tr) ? mask | (1 << bit) : mask),
          0,
        ),
      );

      const line: FeedLine["accommodation"] = {
        id,
        name,
        rating,
        features,
        lat,
        lng,
        imageUrl: null,
        destination: {
          slug: resort.slug,
          name: resort.name,
          region: { slug: resort.region.slug, name: resort.region.name },
          country: { slug: resort.country.slug, name: resort.country.name },
        },
        tags: DEMO_TAGS.filter((tag) => tags.has(tag)),
      };
      accommodations.push({
        line: deepFreeze(line),
        resort,
        kind,
        rating,
        mealPlans,
        basePrice,
        companies,
        transportMasks,
      });
    }
  });

  return { resorts: RESORTS, companies: DEMO_COMPANIES, accommodations };
}

// ---------------------------------------------------------------------------------------------
// The season

export interface SeasonDeparture {
  /** ISO week number. */
  week: number;
  /** The Saturday of that week, YYYY-MM-DD. */
  date: string;
}

/** The season's departures: the Saturdays of ISO weeks 51 (of `season`) through 15 (of `season + 1`). */
export function seasonDepartures(season: number): SeasonDeparture[] {
  const out: SeasonDeparture[] = [];
  for (let w = 51; w <= isoWeeksInYear(season); w++) out.push({ week: w, date: fromDay(mondayOfIsoWeek(season, w) + 5) });
  for (let w = 1; w <= 15; w++) out.push({ week: w, date: fromDay(mondayOfIsoWeek(season + 1, w) + 5) });
  return out;
}

/**
 * The starting year of the winter season to generate on `todayIso` (YYYY-MM-DD): this year's once
 * ISO week 15 of this year has ended, else last year's (the one running now).
 */
export function defaultSeason(todayIso: string): number {
  const today = toDay(todayIso);
  const year = Number(todayIso.slice(0, 4));
  const endOfWeek15 = mondayOfIsoWeek(year, 15) + 6;
  return today > endOfWeek15 ? year : year - 1;
}

// ---------------------------------------------------------------------------------------------
// The feed

/** A bijection of [0, 2^(2·halfBits)) — a 4-round Feistel network keyed by `keys`. */
function feistel(x: number, halfBits: number, keys: readonly number[]): number {
  const mask = (1 << halfBits) - 1;
  let left = x >>> halfBits;
  let right = x & mask;
  for (let i = 0; i < keys.length; i++) {
    const next = left ^ (hash32(right ^ keys[i]) & mask);
    left = right;
    right = next;
  }
  return ((left << halfBits) | right) >>> 0;
}

/** The accommodations with their generated photos (the catalogue's objects stay as they are). */
function withPhotos<T extends { line: FeedLine["accommodation"] }>(accommodations: readonly T[], base: string): T[] {
  return accommodations.map((a) => {
    const [imageUrl, ...images] = demoPhotoUrls(base, a.line.id);
    return { ...a, line: deepFreeze({ ...a.line, imageUrl, images }) };
  });
}

const roundTo10 = (x: number) => Math.round(x / 10) * 10;

export interface DemoFeedOptions {
  /** Exactly this many lines. */
  trips: number;
  seed: number;
  /** The season's starting year (see defaultSeason). */
  season: number;
  /** The site's address: each accommodation's photos are its generated pictures there (/demo-billeder/<id>.svg); none without it. */
  imageBase?: string;
}

/**
 * The demo feed, one FeedLine at a time (streaming: nothing of size `trips` is kept).
 * Lines share their frozen accommodation, company and meal-plan objects; do not mutate them.
 */
export function* generateDemoFeed(opts: DemoFeedOptions): Generator<FeedLine> {
  const { trips, season } = opts;
  if (!Number.isInteger(trips) || trips < 0) throw new RangeError(`trips must be a non-negative integer, got ${trips}`);
  if (!Number.isInteger(season) || season < 1971 || season > 9998) throw new RangeError(`season must be a year, got ${season}`);
  if (!Number.isFinite(opts.seed)) throw new RangeError(`seed must be a number, got ${opts.seed}`);
  if (trips === 0) return;
  const seed = hash32(Math.trunc(opts.seed) >>> 0);

  const catalogue = buildDemoCatalogue(seed);
  const accommodations = opts.imageBase === undefined ? catalogue.accommodations : withPhotos(catalogue.accommodations, opts.imageBase);
  const companies = DEMO_COMPANIES.map((c) => deepFreeze({ slug: c.slug, name: c.name }));
  const departures = seasonDepartures(season);
  const weekDemand = departures.map((d) => WEEK_DEMAND[d.week]);
  const weekPrice = departures.map((d) => WEEK_PRICE[d.week]);
  const mealPlans = Object.fromEntries(Object.entries(DEMO_MEAL_PLANS).map(([k, v]) => [k, deepFreeze({ ...v })])) as Record<
    MealPlanKey,
    FeedLine["mealPlan"]
  >;

  const COMPANY_SLOTS = 4;
  const TRANSPORTS = TRANSPORT_ORDER.length;
  const WEEKS = departures.length;
  const PERSONS = PERSONS_DEMAND.length;
  const slotCount = accommodations.length * COMPANY_SLOTS * TRANSPORTS * WEEKS * PERSONS;
  let bits = Math.max(2, Math.ceil(Math.log2(slotCount)));
  if (bits % 2) bits++;
  const halfBits = bits / 2;
  const domain = 2 ** bits;

  let emitted = 0;
  for (let pass = 0; ; pass++) {
    const passSalt = hash32(seed ^ Math.imul(pass + 1, 0x9e3779b1));
    const keys = [0, 1, 2, 3].map((i) => hash32(passSalt + Math.imul(i + 1, 0x85ebca6b)));
    const suffix = pass === 0 ? "" : `-v${pass + 1}`;
    let emittedThisPass = 0;

    for (let j = 0; j < domain; j++) {
      let slot = feistel(j, halfBits, keys);
      if (slot >= slotCount) continue;
      const slotId = slot;
      const p = slot % PERSONS;
      slot = (slot - p) / PERSONS;
      const w = slot % WEEKS;
      slot = (slot - w) / WEEKS;
      const tIndex = slot % TRANSPORTS;
      slot = (slot - tIndex) / TRANSPORTS;
      const c = slot % COMPANY_SLOTS;
      const a = (slot - c) / COMPANY_SLOTS;
      const acc = accommodations[a];
      if (c >= acc.companies.length || ((acc.transportMasks[c] >> tIndex) & 1) === 0) continue;

      const rng = mulberry32(hash32(slotId ^ passSalt));
      if (rng() >= weekDemand[w] * PERSONS_DEMAND[p]) continue;

      const company = DEMO_COMPANIES[acc.companies[c]];
      const transport = TRANSPORT_ORDER[tIndex];
      const persons = p + 1;
      const resort = acc.resort;
      const departure = departures[w];

      const r = rng();
      const nights = transport === "bus" ? (r < 0.2 ? 6 : r < 0.27 ? 8 : 7) : r < 0.08 ? 8 : 7;
      const mealPlan = acc.mealPlans[Math.floor(rng() * acc.mealPlans.length)];
      let skiDays = 0;
      if (rng() < company.skiPassRate) {
        const d = rng();
        skiDays = nights === 6 ? (d < 0.5 ? 6 : 5) : nights === 8 ? (d < 0.6 ? 6 : 7) : d < 0.8 ? 6 : 5;
      }

      let perPerson =
        acc.basePrice *
        company.priceFactor *
        weekPrice[w] *
        MEAL_FACTOR[mealPlan] *
        PERSONS_PRICE[p] *
        (nights / 7) *
        (0.93 + rng() * 0.14);
      if (transport === "bus") perPerson += resort.country.busPrice;
      else if (transport === "fly") perPerson += resort.country.flightPrice;
      perPerson += skiDays * resort.country.skiPassDayPrice * 0.9;
      const pricePerPerson = Math.max(990, roundTo10(perPerson));
      const price = pricePerPerson * persons;

      const originalPrice = rng() < company.discountRate ? roundTo10(price * (1.05 + rng() * 0.3)) : undefined;

      const id = `${company.slug}-${acc.line.id}-${departure.date}-${transport}-${persons}p${suffix}`;
      const line: FeedLine = {
        id,
        travelCompany: companies[acc.companies[c]],
        accommodation: acc.line,
        departureDate: departure.date,
        nights,
        transport,
        persons,
        price,
        pricePerPerson,
        ...(originalPrice === undefined ? {} : { originalPrice }),
        mealPlan: mealPlans[mealPlan],
        skiPass: { included: skiDays > 0, days: skiDays },
        url: `https://${company.slug}.example.dk/rejser/${id}`,
      };
      yield line;
      emittedThisPass++;
      if (++emitted >= trips) return;
    }
    if (emittedThisPass === 0) throw new Error("demo feed: the catalogue offers no trips");
  }
}
