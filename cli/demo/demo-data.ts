import type { Transport } from "../../app/domain/constants";
import type { DemoCountry, Named, NameLanguage } from "./resorts";

// The demo feed's data (./generate.ts draws from it): the vocabularies, the invented travel
// companies, the accommodation name pools, and the weights behind prices and demand.

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
export type MealPlanKey = keyof typeof DEMO_MEAL_PLANS;

export const MEAL_FACTOR: Record<MealPlanKey, number> = { UF: 1, MM: 1.12, HP: 1.35, FP: 1.5, AI: 1.7 };

export type CountrySlug = DemoCountry["slug"];

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

export const ALPS = ["frankrig", "oestrig", "italien", "schweiz"];
export const NORDIC = ["norge", "sverige"];

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

export type Kind = "hotel" | "pension" | "chalet" | "apartment" | "cabin";
export interface NameType {
  label: string;
  kind: Kind;
  weight: number;
}
export interface NamePool {
  /** "Hotel Alpenrose" (prefix) or "Solsiden Hytter" (suffix). */
  typeFirst: boolean;
  types: NameType[];
  cores: string[];
}

const t = (label: string, kind: Kind, weight: number): NameType => ({ label, kind, weight });

export const NAME_POOLS: Record<NameLanguage, NamePool> = {
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
export const FEATURE_WEIGHTS: Record<Kind, number[]> = {
  //          pool sauna wifi siso børn park fit  spa  rest bar  pejs balk opv  dyr  skiop
  hotel:     [0.5, 0.7, 0.95, 0.25, 0.2, 0.6, 0.35, 0.4, 0.9, 0.8, 0.15, 0.5, 0.02, 0.15, 0.8],
  pension:   [0.1, 0.5, 0.9, 0.15, 0.1, 0.8, 0.05, 0.1, 0.7, 0.5, 0.3, 0.6, 0.05, 0.3, 0.8],
  chalet:    [0.1, 0.5, 0.85, 0.3, 0.1, 0.6, 0.02, 0.1, 0.2, 0.1, 0.8, 0.7, 0.7, 0.3, 0.7],
  apartment: [0.35, 0.4, 0.85, 0.3, 0.1, 0.7, 0.1, 0.1, 0.15, 0.1, 0.2, 0.7, 0.75, 0.3, 0.7],
  cabin:     [0.02, 0.6, 0.7, 0.35, 0.05, 0.95, 0.02, 0.02, 0.05, 0.02, 0.7, 0.3, 0.8, 0.5, 0.5],
};

export const KIND_PRICE: Record<Kind, number> = { hotel: 1.1, pension: 0.92, chalet: 1.05, apartment: 0.85, cabin: 0.8 };
export const RATING_PRICE = [0, 0.62, 0.78, 1, 1.3, 1.8];

// ---------------------------------------------------------------------------------------------
// The season

/** ISO weeks of the Danish winter holidays (vinterferie): the busiest and priciest. */
export const WEEK_DEMAND: Record<number, number> = {
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
export const WEEK_PRICE: Record<number, number> = {
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
export const PERSONS_DEMAND = [0.12, 1, 0.3, 0.75, 0.18, 0.35, 0.07, 0.2];
export const PERSONS_PRICE = [1.45, 1, 0.95, 0.88, 0.86, 0.83, 0.82, 0.8];
