import type { Transport } from "../../app/domain/constants";

// The real ski resorts Danes travel to, for the demo feed (cli/demo/generate.ts).
// Coordinates are the village's; names of countries and regions are Danish.

export interface Named {
  readonly slug: string;
  readonly name: string;
}

export interface DemoCountry extends Named {
  /** What a seat on a Danish ski bus adds per person, DKK. */
  readonly busPrice: number;
  /** What a return flight with transfer adds per person, DKK. */
  readonly flightPrice: number;
  /** A day of the lift pass, DKK (package price). */
  readonly skiPassDayPrice: number;
}

/** Which language the invented accommodations of a resort are named in. */
export type NameLanguage = "fr" | "de" | "it" | "no" | "sv" | "ad" | "bg" | "fi";

/** The resort-wide categories (accommodation tags) a resort lends its accommodations. */
export type ResortTag = "familievenlig" | "apres-ski" | "snesikker" | "langrend";

export interface DemoResort extends Named {
  readonly lat: number;
  readonly lng: number;
  readonly country: DemoCountry;
  readonly region: Named;
  /** The transports that make sense from Denmark (bus and own car to the Alps and Scandinavia, flights to the Alps and far resorts). */
  readonly transports: readonly Transport[];
  /** Price level of the resort, 1 = an ordinary Alpine resort. */
  readonly priceLevel: number;
  /** Relative number of accommodations in the demo catalogue (1 to 3). */
  readonly popularity: number;
  readonly language: NameLanguage;
  readonly tags: readonly ResortTag[];
}

/** Lowercase ASCII slug: æ→ae, ø→oe, å→aa, other accents dropped (é→e, ü→u, ö→o, ä→a). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ø/g, "oe")
    .replace(/å/g, "aa")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const country = (name: string, busPrice: number, flightPrice: number, skiPassDayPrice: number): DemoCountry => ({
  slug: slugify(name),
  name,
  busPrice,
  flightPrice,
  skiPassDayPrice,
});

export const COUNTRIES = {
  frankrig: country("Frankrig", 1600, 2700, 450),
  oestrig: country("Østrig", 1300, 2600, 470),
  italien: country("Italien", 1500, 2600, 420),
  schweiz: country("Schweiz", 1500, 2800, 600),
  tyskland: country("Tyskland", 900, 2400, 380),
  norge: country("Norge", 900, 2200, 430),
  sverige: country("Sverige", 800, 2300, 400),
  andorra: country("Andorra", 1900, 2900, 380),
  bulgarien: country("Bulgarien", 1900, 2300, 280),
  finland: country("Finland", 1900, 3500, 380),
} as const satisfies Record<string, DemoCountry>;

const region = (name: string): Named => ({ slug: slugify(name), name });

const R = {
  tresVallees: region("Les 3 Vallées"),
  espaceKilly: region("Espace Killy"),
  oisans: region("Oisans"),
  montBlanc: region("Mont Blanc"),
  paradiski: region("Paradiski"),
  sydalperne: region("Sydalperne"),
  portesDuSoleil: region("Portes du Soleil"),
  tirol: region("Tirol"),
  salzburgerland: region("Salzburgerland"),
  vorarlberg: region("Vorarlberg"),
  steiermark: region("Steiermark"),
  kaernten: region("Kärnten"),
  lombardiet: region("Lombardiet"),
  dolomitterne: region("Dolomitterne"),
  aostadalen: region("Aostadalen"),
  piemonte: region("Piemonte"),
  trentino: region("Trentino"),
  valais: region("Valais"),
  graubuenden: region("Graubünden"),
  bernerOberland: region("Berner Oberland"),
  centralschweiz: region("Centralschweiz"),
  innlandet: region("Innlandet"),
  buskerud: region("Buskerud"),
  dalarna: region("Dalarna"),
  jaemtland: region("Jämtland"),
  haerjedalen: region("Härjedalen"),
  grandvalira: region("Grandvalira"),
  palArinsal: region("Pal Arinsal"),
  bayern: region("Bayern"),
  sauerland: region("Sauerland"),
  pirin: region("Pirin"),
  lapland: region("Lapland"),
} as const;

const ALL: readonly Transport[] = ["bus", "fly", "egen-transport"];
const NO_BUS: readonly Transport[] = ["fly", "egen-transport"];
const DRIVE: readonly Transport[] = ["bus", "egen-transport"];
const FLY: readonly Transport[] = ["fly"];

type Row = [
  name: string,
  lat: number,
  lng: number,
  country: DemoCountry,
  region: Named,
  transports: readonly Transport[],
  priceLevel: number,
  popularity: number,
  language: NameLanguage,
  tags: readonly ResortTag[],
];

const { frankrig, oestrig, italien, schweiz, tyskland, norge, sverige, andorra, bulgarien, finland } = COUNTRIES;

// prettier-ignore
const ROWS: Row[] = [
  // Frankrig
  ["Val Thorens", 45.298, 6.58, frankrig, R.tresVallees, ALL, 1.25, 3, "fr", ["snesikker", "apres-ski"]],
  ["Les Menuires", 45.3237, 6.5376, frankrig, R.tresVallees, ALL, 1.0, 2, "fr", ["familievenlig"]],
  ["Méribel", 45.3967, 6.5656, frankrig, R.tresVallees, ALL, 1.4, 2, "fr", []],
  ["Courchevel", 45.4153, 6.6347, frankrig, R.tresVallees, NO_BUS, 1.6, 2, "fr", []],
  ["Tignes", 45.4689, 6.9069, frankrig, R.espaceKilly, ALL, 1.2, 2, "fr", ["snesikker"]],
  ["Val d'Isère", 45.4481, 6.98, frankrig, R.espaceKilly, ALL, 1.4, 2, "fr", ["snesikker", "apres-ski"]],
  ["Alpe d'Huez", 45.092, 6.068, frankrig, R.oisans, ALL, 1.1, 2, "fr", ["familievenlig"]],
  ["Les Deux Alpes", 45.0087, 6.1228, frankrig, R.oisans, ALL, 1.0, 2, "fr", ["snesikker", "apres-ski"]],
  ["Chamonix", 45.9237, 6.8694, frankrig, R.montBlanc, ALL, 1.15, 2, "fr", []],
  ["La Plagne", 45.507, 6.678, frankrig, R.paradiski, ALL, 1.05, 2, "fr", ["familievenlig"]],
  ["Les Arcs", 45.572, 6.798, frankrig, R.paradiski, ALL, 1.05, 2, "fr", ["familievenlig"]],
  ["Risoul", 44.6228, 6.6382, frankrig, R.sydalperne, ALL, 0.8, 2, "fr", ["familievenlig"]],
  ["Serre Chevalier", 44.941, 6.568, frankrig, R.sydalperne, ALL, 0.9, 1, "fr", ["familievenlig"]],
  ["Morzine", 46.179, 6.709, frankrig, R.portesDuSoleil, ALL, 1.0, 1, "fr", []],
  // Østrig
  ["Sölden", 46.965, 11.008, oestrig, R.tirol, ALL, 1.15, 3, "de", ["snesikker", "apres-ski"]],
  ["Ischgl", 47.012, 10.292, oestrig, R.tirol, ALL, 1.3, 2, "de", ["apres-ski"]],
  ["St. Anton", 47.129, 10.268, oestrig, R.tirol, ALL, 1.3, 2, "de", ["apres-ski"]],
  ["Saalbach", 47.391, 12.637, oestrig, R.salzburgerland, ALL, 1.1, 3, "de", ["apres-ski"]],
  ["Zell am See", 47.325, 12.794, oestrig, R.salzburgerland, ALL, 1.0, 2, "de", ["familievenlig"]],
  ["Kaprun", 47.272, 12.759, oestrig, R.salzburgerland, ALL, 1.0, 2, "de", ["snesikker", "familievenlig"]],
  ["Mayrhofen", 47.165, 11.865, oestrig, R.tirol, ALL, 1.05, 2, "de", ["apres-ski"]],
  ["Obergurgl", 46.87, 11.027, oestrig, R.tirol, ALL, 1.25, 1, "de", ["snesikker", "langrend"]],
  ["Lech", 47.208, 10.142, oestrig, R.vorarlberg, NO_BUS, 1.55, 1, "de", ["snesikker"]],
  ["Schladming", 47.394, 13.689, oestrig, R.steiermark, ALL, 0.95, 2, "de", ["langrend", "familievenlig"]],
  ["Bad Gastein", 47.115, 13.134, oestrig, R.salzburgerland, ALL, 1.0, 1, "de", []],
  ["Kitzbühel", 47.446, 12.392, oestrig, R.tirol, ALL, 1.35, 1, "de", ["apres-ski"]],
  ["Flachau", 47.344, 13.392, oestrig, R.salzburgerland, ALL, 0.95, 2, "de", ["familievenlig", "apres-ski"]],
  ["Obertauern", 47.25, 13.56, oestrig, R.salzburgerland, ALL, 1.05, 1, "de", ["snesikker", "apres-ski"]],
  ["Hintertux", 47.11, 11.681, oestrig, R.tirol, ALL, 1.0, 1, "de", ["snesikker"]],
  ["Nassfeld", 46.562, 13.279, oestrig, R.kaernten, ALL, 0.85, 1, "de", ["familievenlig"]],
  // Italien
  ["Livigno", 46.538, 10.136, italien, R.lombardiet, ALL, 1.0, 3, "it", ["snesikker", "apres-ski", "langrend"]],
  ["Bormio", 46.467, 10.371, italien, R.lombardiet, ALL, 0.95, 1, "it", []],
  ["Cervinia", 45.934, 7.63, italien, R.aostadalen, NO_BUS, 1.1, 1, "it", ["snesikker"]],
  ["Val di Fassa", 46.477, 11.771, italien, R.dolomitterne, ALL, 1.0, 2, "it", ["langrend", "familievenlig"]],
  ["Madonna di Campiglio", 46.229, 10.827, italien, R.dolomitterne, ALL, 1.25, 1, "it", []],
  ["Sestriere", 44.958, 6.879, italien, R.piemonte, NO_BUS, 0.95, 1, "it", []],
  ["Selva Val Gardena", 46.556, 11.76, italien, R.dolomitterne, ALL, 1.15, 2, "it", ["langrend"]],
  ["Passo Tonale", 46.261, 10.581, italien, R.trentino, ALL, 0.85, 2, "it", ["snesikker", "familievenlig"]],
  // Schweiz
  ["Zermatt", 46.021, 7.749, schweiz, R.valais, NO_BUS, 1.6, 2, "de", ["snesikker"]],
  ["Verbier", 46.096, 7.229, schweiz, R.valais, NO_BUS, 1.5, 1, "fr", ["apres-ski"]],
  ["Saas-Fee", 46.108, 7.928, schweiz, R.valais, ALL, 1.3, 1, "de", ["snesikker"]],
  ["St. Moritz", 46.498, 9.839, schweiz, R.graubuenden, NO_BUS, 1.6, 1, "de", ["langrend"]],
  ["Davos", 46.8, 9.83, schweiz, R.graubuenden, ALL, 1.4, 1, "de", ["langrend"]],
  ["Laax", 46.807, 9.258, schweiz, R.graubuenden, ALL, 1.35, 1, "de", ["familievenlig"]],
  ["Engelberg", 46.821, 8.401, schweiz, R.centralschweiz, ALL, 1.25, 1, "de", []],
  ["Grindelwald", 46.624, 8.041, schweiz, R.bernerOberland, NO_BUS, 1.4, 1, "de", []],
  // Norge
  ["Trysil", 61.315, 12.264, norge, R.innlandet, DRIVE, 0.9, 3, "no", ["familievenlig", "langrend"]],
  ["Hemsedal", 60.864, 8.553, norge, R.buskerud, DRIVE, 1.0, 2, "no", ["apres-ski"]],
  ["Geilo", 60.534, 8.206, norge, R.buskerud, DRIVE, 0.95, 2, "no", ["langrend", "familievenlig"]],
  ["Hafjell", 61.235, 10.44, norge, R.innlandet, DRIVE, 0.9, 2, "no", ["familievenlig"]],
  ["Kvitfjell", 61.464, 10.128, norge, R.innlandet, DRIVE, 0.9, 1, "no", ["langrend"]],
  ["Beitostølen", 61.247, 8.909, norge, R.innlandet, DRIVE, 0.85, 1, "no", ["langrend", "familievenlig"]],
  // Sverige
  ["Sälen", 61.16, 13.264, sverige, R.dalarna, DRIVE, 0.8, 3, "sv", ["familievenlig", "langrend"]],
  ["Idre", 61.858, 12.72, sverige, R.dalarna, DRIVE, 0.75, 2, "sv", ["familievenlig", "snesikker", "langrend"]],
  ["Åre", 63.399, 13.081, sverige, R.jaemtland, ALL, 1.0, 2, "sv", ["apres-ski", "langrend"]],
  ["Vemdalen", 62.446, 13.865, sverige, R.haerjedalen, DRIVE, 0.8, 1, "sv", ["familievenlig", "langrend"]],
  ["Funäsdalen", 62.545, 12.545, sverige, R.haerjedalen, DRIVE, 0.8, 1, "sv", ["langrend", "snesikker"]],
  // Andorra
  ["Soldeu", 42.577, 1.668, andorra, R.grandvalira, FLY, 0.8, 2, "ad", ["apres-ski"]],
  ["Pas de la Casa", 42.542, 1.733, andorra, R.grandvalira, FLY, 0.75, 1, "ad", ["apres-ski", "snesikker"]],
  ["Arinsal", 42.572, 1.484, andorra, R.palArinsal, FLY, 0.7, 1, "ad", ["familievenlig"]],
  // Tyskland
  ["Garmisch-Partenkirchen", 47.492, 11.096, tyskland, R.bayern, ALL, 0.95, 1, "de", []],
  ["Oberstdorf", 47.41, 10.279, tyskland, R.bayern, DRIVE, 0.9, 1, "de", ["langrend", "familievenlig"]],
  ["Winterberg", 51.195, 8.53, tyskland, R.sauerland, DRIVE, 0.7, 1, "de", ["familievenlig"]],
  // Bulgarien og Finland
  ["Bansko", 41.838, 23.488, bulgarien, R.pirin, FLY, 0.6, 1, "bg", ["apres-ski"]],
  ["Levi", 67.804, 24.808, finland, R.lapland, FLY, 1.1, 1, "fi", ["snesikker", "langrend"]],
];

export const RESORTS: readonly DemoResort[] = ROWS.map(
  ([name, lat, lng, country, region, transports, priceLevel, popularity, language, tags]) => ({
    slug: slugify(name),
    name,
    lat,
    lng,
    country,
    region,
    transports,
    priceLevel,
    popularity,
    language,
    tags,
  }),
);
