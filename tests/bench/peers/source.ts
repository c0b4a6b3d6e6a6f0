import type { Db } from "../../../db/client";
import { toDay } from "~/domain/dates";

// The trips as peers load them: one denormalised row per available trip, with its
// accommodation's rating, resort, region, country, coordinates, features and tags.

export interface SourceTrip {
  id: string;
  acc: string;
  company: string;
  meal: string;
  /** Departure as days since 1970-01-01. */
  day: number;
  persons: number;
  price: number;
  pp: number;
  discount: number;
  score: number;
  ski: boolean;
  skiDays: number;
  rating: number;
  resort: string;
  region: string;
  country: string;
  lat: number;
  lng: number;
  /** Shared per accommodation; never mutate. */
  features: string[];
  tags: string[];
  nights: number;
  transport: string;
  url: string;
  originalPrice: number | null;
}

export interface Source {
  trips: SourceTrip[];
  features: string[];
  tags: string[];
}

export function loadSource(db: Db): Source {
  const s = db.$client;
  const features = s.prepare("SELECT value FROM features ORDER BY value").pluck().all() as string[];
  const tags = s.prepare("SELECT slug FROM tags ORDER BY slug").pluck().all() as string[];
  const accFeatures = new Map<string, string[]>();
  for (const [acc, f] of s
    .prepare("SELECT accommodation_id, feature_value FROM accommodation_features ORDER BY 1, 2")
    .raw()
    .iterate() as Iterable<[string, string]>) {
    let list = accFeatures.get(acc);
    if (!list) accFeatures.set(acc, (list = []));
    list.push(f);
  }
  const accTags = new Map<string, string[]>();
  for (const [acc, t] of s.prepare("SELECT accommodation_id, tag_slug FROM accommodation_tags ORDER BY 1, 2").raw().iterate() as Iterable<
    [string, string]
  >) {
    let list = accTags.get(acc);
    if (!list) accTags.set(acc, (list = []));
    list.push(t);
  }
  const none: string[] = [];
  const dayCache = new Map<string, number>();
  const trips: SourceTrip[] = [];
  const rows = s
    .prepare(
      `SELECT t.id, t.accommodation_id, t.company_slug, t.meal_plan_slug, t.departure_date, t.persons, t.price,
              t.price_per_person, t.discount_percentage, t.ski_score, t.ski_pass_included, t.ski_pass_days,
              a.rating, r.slug, g.slug, g.country_slug, a.lat, a.lng, t.nights, t.transport, t.url, t.original_price
         FROM trips t
         JOIN accommodations a ON a.id = t.accommodation_id
         JOIN resorts r ON r.slug = a.resort_slug
         JOIN regions g ON g.slug = r.region_slug
        WHERE t.available = 1`,
    )
    .raw()
    .iterate() as Iterable<
    [
      string,
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
      number,
      string,
      string,
      string,
      number,
      number,
      number,
      string,
      string,
      number | null,
    ]
  >;
  for (const r of rows) {
    let day = dayCache.get(r[4]);
    if (day === undefined) dayCache.set(r[4], (day = toDay(r[4])));
    trips.push({
      id: r[0],
      acc: r[1],
      company: r[2],
      meal: r[3],
      day,
      persons: r[5],
      price: r[6],
      pp: r[7],
      discount: r[8],
      score: r[9],
      ski: r[10] === 1,
      skiDays: r[11],
      rating: r[12],
      resort: r[13],
      region: r[14],
      country: r[15],
      lat: r[16],
      lng: r[17],
      features: accFeatures.get(r[1]) ?? none,
      tags: accTags.get(r[1]) ?? none,
      nights: r[18],
      transport: r[19],
      url: r[20],
      originalPrice: r[21],
    });
  }
  return { trips, features, tags };
}
