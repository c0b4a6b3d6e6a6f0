import { demoPhotoUrls } from "../../app/domain/demo-photo";
import type { Transport } from "../../app/domain/constants";
import { fromDay, isoWeeksInYear, mondayOfIsoWeek, toDay } from "../../app/domain/dates";
import type { FeedLine } from "../feed-schema";
import { RESORTS, slugify, type DemoCountry, type DemoResort, type Named, type NameLanguage } from "./resorts";

// The deterministic demo feed: invented accommodations at real resorts, invented Danish travel
// companies, and their offers for one winter season. The same options always give the same lines.
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

// ---------------------------------------------------------------------------------------------
// Vocabularies

export const DEMO_FEATURES = [
  { value: "pool", name: "Swimmingpool" },
  { value: "sauna", name: "Sauna" },
  { value: "wifi", name: "Gratis wifi" },
  { value: "ski-in-ski-out", name: "Ski-in/ski-out" },
  { value: "boernepasning", name: "Børnepasning" },
  { value: "parkering", name: "Parkering" },
  { value: "fitness", name: "Fitnesscenter" },
  { value: "spa", name: "Spa" },
  { value: "restaurant", name: "Restaurant" },
  { value: "bar", name: "Bar" },
  { value: "pejs", name: "Pejs" },
  { value: "balkon", name: "Balkon" },
  { value: "opvaskemaskine", name: "Opvaskemaskine" },
  { value: "husdyr-tilladt", name: "Husdyr tilladt" },
  { value: "skiopbevaring", name: "Skiopbevaring" },
] as const;

export const DEMO_TAGS = ["familievenlig", "ski-in-ski-out", "apres-ski", "snesikker", "langrend", "budget", "luksus"] as const;

export const DEMO_MEAL_PLANS = {
  UF: { slug: "uden-forplejning", title: "Uden forplejning", short: "UF" },
  MM: { slug: "morgenmad", title: "Morgenmad", short: "MM" },
  HP: { slug: "halvpension", title: "Halvpension", short: "HP" },
  FP: { slug: "helpension", title: "Helpension", short: "FP" },
  AI: { slug: "all-inclusive", title: "All inclusive", short: "AI" },
} as const;
type MealPlanKey = keyof typeof DEMO_MEAL_PLANS;

const MEAL_FACTOR: Record<MealPlanKey, number> = { UF: 1, MM: 1.12, HP: 1.35, FP: 1.5, AI: 1.7 };

type CountrySlug = DemoCountry["slug"];

export interface DemoCompany extends Named {
  readonly transports: readonly Transport[];
  /** Country slugs the company sells. */
  readonly countries: readonly CountrySlug[];
  readonly priceFactor: number;
  /** Share of its offers with a before-price. */
  readonly discountRate: number;
  /** Share of its offers with the lift pass included. */
  readonly skiPassRate: number;
}

const ALPS = ["frankrig", "oestrig", "italien", "schweiz"];
const NORDIC = ["norge", "sverige"];

// Invented Danish travel companies.
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    slug: "alpetours",
    name: "Alpetours",
    transports: ["bus", "fly", "egen-transport"],
    countries: [...ALPS],
    priceFactor: 1.0,
    discountRate: 0.35,
    skiPassRate: 0.65,
  },
  {
    slug: "nordisk-skirejser",
    name: "Nordisk Skirejser",
    transports: ["bus", "fly", "egen-transport"],
    countries: [...NORDIC, "finland"],
    priceFactor: 0.95,
    discountRate: 0.3,
    skiPassRate: 0.55,
  },
  {
    slug: "sneglad",
    name: "Sneglad Rejser",
    transports: ["bus", "fly", "egen-transport"],
    countries: [...ALPS, ...NORDIC, "andorra", "tyskland", "bulgarien"],
    priceFactor: 1.0,
    discountRate: 0.4,
    skiPassRate: 0.6,
  },
  {
    slug: "pisteferie",
    name: "Pisteferie",
    transports: ["bus", "fly"],
    countries: ["frankrig", "italien", "oestrig", "andorra"],
    priceFactor: 1.02,
    discountRate: 0.45,
    skiPassRate: 0.7,
  },
  {
    slug: "bjergbussen",
    name: "Bjergbussen",
    transports: ["bus"],
    countries: ["oestrig", "italien", "frankrig", "tyskland"],
    priceFactor: 0.93,
    discountRate: 0.3,
    skiPassRate: 0.75,
  },
  {
    slug: "hvid-horisont",
    name: "Hvid Horisont",
    transports: ["fly", "egen-transport"],
    countries: ["schweiz", "frankrig", "oestrig", "italien"],
    priceFactor: 1.15,
    discountRate: 0.2,
    skiPassRate: 0.55,
  },
  {
    slug: "fjeldferie",
    name: "Fjeldferie",
    transports: ["bus", "egen-transport"],
    countries: [...NORDIC],
    priceFactor: 0.92,
    discountRate: 0.3,
    skiPassRate: 0.5,
  },
  {
    slug: "skiekspressen",
    name: "Skiekspressen",
    transports: ["bus"],
    countries: [...ALPS, "tyskland", ...NORDIC],
    priceFactor: 0.95,
    discountRate: 0.4,
    skiPassRate: 0.65,
  },
  {
    slug: "alpin-direkte",
    name: "Alpin Direkte",
    transports: ["fly"],
    countries: [...ALPS, "andorra", "bulgarien", "finland"],
    priceFactor: 1.05,
    discountRate: 0.35,
    skiPassRate: 0.6,
  },
  {
    slug: "familieski",
    name: "FamilieSki",
    transports: ["bus", "fly", "egen-transport"],
    countries: ["frankrig", "oestrig", "italien", ...NORDIC, "andorra"],
    priceFactor: 0.98,
    discountRate: 0.35,
    skiPassRate: 0.6,
  },
  {
    slug: "danski-rejser",
    name: "DanSki Rejser",
    transports: ["bus", "egen-transport"],
    countries: ["oestrig", "italien", "tyskland", "frankrig"],
    priceFactor: 0.96,
    discountRate: 0.4,
    skiPassRate: 0.6,
  },
  {
    slug: "toppen-rejser",
    name: "Toppen Rejser",
    transports: ["bus", "fly", "egen-transport"],
    countries: [...ALPS, ...NORDIC, "andorra", "tyskland", "bulgarien", "finland"],
    priceFactor: 1.0,
    discountRate: 0.35,
    skiPassRate: 0.6,
  },
];

/** How many accommodations the demo catalogue invents. */
export const DEMO_ACCOMMODATION_COUNT = 600;

// ---------------------------------------------------------------------------------------------
// Accommodation names

type Kind = "hotel" | "pension" | "chalet" | "apartment" | "cabin";
interface NameType {
  label: string;
  kind: Kind;
  weight: number;
}
interface NamePool {
  /** "Hotel Alpenrose" (prefix) or "Solsiden Hytter" (suffix). */
  typeFirst: boolean;
  types: NameType[];
  cores: string[];
}

const t = (label: string, kind: Kind, weight: number): NameType => ({ label, kind, weight });

const NAME_POOLS: Record<NameLanguage, NamePool> = {
  fr: {
    typeFirst: true,
    types: [t("Hôtel", "hotel", 3), t("Chalet", "chalet", 2), t("Résidence", "apartment", 3), t("Appartements", "apartment", 1)],
    cores: [
      "Les Sapins",
      "Le Hameau",
      "L'Aiguille",
      "Les Edelweiss",
      "Le Refuge",
      "La Marmotte",
      "Les Balcons",
      "Le Chamois",
      "L'Ours Blanc",
      "Le Val Blanc",
      "Les Mélèzes",
      "La Croix du Sud",
      "Le Soleil",
      "Les Cimes",
      "Le Montana",
      "Les Chalets du Soleil",
      "La Ferme",
      "Le Grand Bouquetin",
      "Les Névés",
      "Le Panorama",
      "L'Écrin",
      "Les Gentianes",
      "Le Lodge des Neiges",
      "Le Carlina",
      "La Sapinière",
      "Les Épilobes",
      "Le Yéti",
      "La Source",
      "Les Alpages",
      "Le Portillo",
    ],
  },
  de: {
    typeFirst: true,
    types: [
      t("Hotel", "hotel", 3),
      t("Sporthotel", "hotel", 1),
      t("Gasthof", "pension", 1.5),
      t("Pension", "pension", 1.5),
      t("Landhaus", "pension", 1),
      t("Apart", "apartment", 1.5),
      t("Chalet", "chalet", 1),
    ],
    cores: [
      "Alpenrose",
      "Edelweiss",
      "Bergblick",
      "Alpenhof",
      "Tirolerhof",
      "Sonnenhof",
      "Enzian",
      "Almrausch",
      "Gamsblick",
      "Schneeberg",
      "Bergkristall",
      "Wiesenhof",
      "Gletscherblick",
      "Kristall",
      "Panorama",
      "Bergheim",
      "Rosenhof",
      "Steinbock",
      "Murmeltier",
      "Zirbenhof",
      "Tannenhof",
      "Sonnalp",
      "Auhof",
      "Lärchenhof",
      "Jägerhof",
      "Bergfried",
      "Alpenglühen",
      "Waldhof",
      "Gipfelstürmer",
      "Schneekristall",
    ],
  },
  it: {
    typeFirst: true,
    types: [
      t("Hotel", "hotel", 3),
      t("Albergo", "hotel", 1),
      t("Residence", "apartment", 2),
      t("Garni", "pension", 1.5),
      t("Chalet", "chalet", 1),
    ],
    cores: [
      "Stella Alpina",
      "La Baita",
      "Il Larice",
      "Bucaneve",
      "Cristallo",
      "Miramonti",
      "Genziana",
      "Bellavista",
      "Sole Neve",
      "Camoscio",
      "Edelweiss",
      "Piccolo Tibet",
      "Alpen Rose",
      "Il Rifugio",
      "Monte Bianco",
      "Baita del Sole",
      "Dolomiti",
      "Pineta",
      "Rododendro",
      "Aquila",
      "La Soldanella",
      "Marmolada",
      "Cima Bianca",
      "Valtellina",
      "Sport",
      "Lo Scoiattolo",
    ],
  },
  no: {
    typeFirst: false,
    types: [
      t("Fjellstue", "pension", 2),
      t("Fjellhotell", "hotel", 2),
      t("Hytter", "cabin", 3),
      t("Hyttegrend", "cabin", 2),
      t("Leiligheter", "apartment", 2),
      t("Lodge", "apartment", 1),
    ],
    cores: [
      "Solsiden",
      "Fjellro",
      "Skistua",
      "Bjørkely",
      "Granli",
      "Fageråsen",
      "Vidda",
      "Toppen",
      "Elgtråkket",
      "Lia",
      "Fjellheim",
      "Nordlys",
      "Tyttebær",
      "Furulia",
      "Rypetoppen",
      "Skarven",
      "Ulvehiet",
      "Sætra",
      "Multebær",
      "Snøhvit",
      "Bjørnebo",
      "Liheim",
      "Vardehaug",
      "Fjellsnipa",
    ],
  },
  sv: {
    typeFirst: false,
    types: [
      t("Stugor", "cabin", 3),
      t("Stugby", "cabin", 2),
      t("Fjällhotell", "hotel", 2),
      t("Lägenheter", "apartment", 2),
      t("Lodge", "apartment", 1),
      t("Fjällgård", "pension", 1),
    ],
    cores: [
      "Fjällsippan",
      "Björkliden",
      "Solbacken",
      "Granbacken",
      "Högfjället",
      "Lugnet",
      "Fjällrosen",
      "Tallbacken",
      "Hjortronet",
      "Renbetet",
      "Snöstjärnan",
      "Älgstigen",
      "Ripan",
      "Toppstugan",
      "Blåbärsbacken",
      "Kåvan",
      "Lappbyn",
      "Vargstenen",
      "Fjällbäcken",
      "Myrstacken",
      "Norrsken",
      "Kungsleden",
    ],
  },
  ad: {
    typeFirst: true,
    types: [t("Hotel", "hotel", 3), t("Apartaments", "apartment", 2), t("Xalet", "chalet", 1)],
    cores: [
      "Piolets",
      "Himàlaia",
      "Font d'Argent",
      "Sport Valira",
      "Nordic",
      "Bordes d'Envalira",
      "Llop Gris",
      "Sant Gothard",
      "Pic Negre",
      "Coma Blanca",
      "Isard",
      "Roc Blanc",
      "Mirador",
      "La Solana",
      "Els Cims",
      "Montana",
      "Sol i Neu",
      "Austria",
    ],
  },
  bg: {
    typeFirst: true,
    types: [t("Hotel", "hotel", 3), t("Apartments", "apartment", 2), t("Lodge", "apartment", 1), t("Chalets", "chalet", 1)],
    cores: [
      "Pirin",
      "Strazhite",
      "Bansko Royal",
      "Vihren",
      "Todorka",
      "Mountain Paradise",
      "Snow Lodge",
      "Pirin Park",
      "Perun",
      "Banderitsa",
      "Kempinski Vista",
      "Winter Dreams",
      "Aspen",
      "Alpin",
    ],
  },
  fi: {
    typeFirst: false,
    types: [t("Hotel", "hotel", 2), t("Lodge", "apartment", 2), t("Chalets", "cabin", 2), t("Mökit", "cabin", 2)],
    cores: [
      "Revontuli",
      "Tunturi",
      "Kuukkeli",
      "Aurora",
      "Levitunturi",
      "Hullu Poro",
      "Taiga",
      "Jänkä",
      "Porotokka",
      "Kätkä",
      "Sirkka",
      "Zero Point",
      "Golden Crown",
      "Northern Star",
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// The catalogue: accommodations and who sells them

// Feature likelihood by kind, in DEMO_FEATURES order.
// prettier-ignore
const FEATURE_WEIGHTS: Record<Kind, number[]> = {
  //          pool sauna wifi siso børn park fit  spa  rest bar  pejs balk opv  dyr  skiop
  hotel:     [0.5, 0.7, 0.95, 0.25, 0.2, 0.6, 0.35, 0.4, 0.9, 0.8, 0.15, 0.5, 0.02, 0.15, 0.8],
  pension:   [0.1, 0.5, 0.9, 0.15, 0.1, 0.8, 0.05, 0.1, 0.7, 0.5, 0.3, 0.6, 0.05, 0.3, 0.8],
  chalet:    [0.1, 0.5, 0.85, 0.3, 0.1, 0.6, 0.02, 0.1, 0.2, 0.1, 0.8, 0.7, 0.7, 0.3, 0.7],
  apartment: [0.35, 0.4, 0.85, 0.3, 0.1, 0.7, 0.1, 0.1, 0.15, 0.1, 0.2, 0.7, 0.75, 0.3, 0.7],
  cabin:     [0.02, 0.6, 0.7, 0.35, 0.05, 0.95, 0.02, 0.02, 0.05, 0.02, 0.7, 0.3, 0.8, 0.5, 0.5],
};

const KIND_PRICE: Record<Kind, number> = { hotel: 1.1, pension: 0.92, chalet: 1.05, apartment: 0.85, cabin: 0.8 };
const RATING_PRICE = [0, 0.62, 0.78, 1, 1.3, 1.8];

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

/** ISO weeks of the Danish winter holidays (vinterferie): the busiest and priciest. */
const WEEK_DEMAND: Record<number, number> = {
  51: 0.45,
  52: 0.75,
  53: 0.6,
  1: 0.6,
  2: 0.3,
  3: 0.35,
  4: 0.38,
  5: 0.45,
  6: 0.7,
  7: 1.0,
  8: 1.0,
  9: 0.65,
  10: 0.45,
  11: 0.4,
  12: 0.38,
  13: 0.45,
  14: 0.4,
  15: 0.25,
};
const WEEK_PRICE: Record<number, number> = {
  51: 1.0,
  52: 1.35,
  53: 1.3,
  1: 1.2,
  2: 0.8,
  3: 0.82,
  4: 0.85,
  5: 0.9,
  6: 1.05,
  7: 1.4,
  8: 1.45,
  9: 1.15,
  10: 1.0,
  11: 0.95,
  12: 0.92,
  13: 0.98,
  14: 0.92,
  15: 0.8,
};

/** Party sizes 1 to 8: demand and the per-person price factor (single supplement, shared rooms). */
const PERSONS_DEMAND = [0.12, 1, 0.3, 0.75, 0.18, 0.35, 0.07, 0.2];
const PERSONS_PRICE = [1.45, 1, 0.95, 0.88, 0.86, 0.83, 0.82, 0.8];

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
