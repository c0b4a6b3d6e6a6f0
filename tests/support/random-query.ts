import { seededRandom } from "./random";

export interface Vocabulary {
  destinations: string[];
  tags: string[];
  mealPlans: string[];
  features: string[];
  companies: string[];
  departureDates: string[];
}

/** A random results-page query string that exercises every param, sometimes with odd values. */
export function randomQueryString(rng: ReturnType<typeof seededRandom>, v: Vocabulary): URLSearchParams {
  const p = new URLSearchParams();
  const area = rng.int(0, 4);
  if (area === 1) p.set("destinationSlugs", rng.some([...v.destinations, "atlantis"], 3).join(","));
  if (area === 2) p.set("tags", rng.some([...v.tags, "ukendt-tag"], 2).join(","));
  if (area === 3) {
    const south = 44 + rng.next() * 10;
    const west = 5 + rng.next() * 8;
    p.set("bbox", [south, west, south + rng.next() * 8, west + rng.next() * 10].map((n) => n.toFixed(4)).join(","));
  }
  if (rng.chance(0.6)) p.set("adultCount", String(rng.int(1, 6)));
  if (rng.chance(0.3)) p.set("childrenCount", String(rng.int(0, 3)));
  const arrival = rng.int(0, 3);
  if (arrival === 1) p.set("weeks", rng.some([51, 52, 1, 2, 5, 7, 8, 9, 12, 15, 30], 3).join(","));
  if (arrival === 2) p.set("months", rng.some(["2026-12", "2027-01", "2027-02", "2027-03", "2027-04", "2026-06"], 2).join(","));
  if (arrival === 3) p.set("dates", rng.some([...v.departureDates, "2027-02-14"], 3).join(","));
  if (rng.chance(0.3)) {
    const perPerson = rng.chance(0.5);
    const max = rng.int(2, 30) * 500;
    if (rng.chance(0.7)) p.set(perPerson ? "maxPrice" : "maxFullPrice", String(perPerson ? max : max * 3));
    if (rng.chance(0.5)) p.set(perPerson ? "minPrice" : "minFullPrice", String(perPerson ? max / 2 : max));
  }
  if (rng.chance(0.2)) p.set("minSkiPassDaysCount", String(rng.int(0, 6)));
  if (rng.chance(0.2)) p.set("maxSkiPassDaysCount", String(rng.int(4, 12)));
  if (rng.chance(0.25)) p.set("skiPassIncluded", rng.pick(["true", "false"]));
  if (rng.chance(0.3)) p.set("minRating", String(rng.int(1, 5)));
  if (rng.chance(0.3)) p.set("mealPlanTypes", rng.some(v.mealPlans, 2).join(","));
  if (rng.chance(0.25)) p.set("accommodationFeatures", rng.some(v.features, 2).join(","));
  if (rng.chance(0.3)) p.set("travelCompanies", rng.some([...v.companies, "ukendt"], 3).join(","));
  if (rng.chance(0.6)) p.set("sort", rng.pick(["skiScore:desc", "discountPercentage:desc", "price:asc"]));
  if (rng.chance(0.3)) p.set("page", String(rng.int(1, 4)));
  return p;
}
