import type { CompiledSearch } from "../compile";
import type { AccommodationOffers } from "~/domain/search-result";
import type { EmbeddedIndex } from "./build";
import { accommodationOf, lowerBound, tripBounds, tripOf } from "./query";

// One accommodation's matching trips (the accommodation page): the trips of the party size in the
// departure ranges, of this accommodation, passing every filter. The area is the accommodation.

/** Accommodation numbers by id, per index (built on first use: the index is immutable). */
const numbers = new WeakMap<EmbeddedIndex, Map<string, number>>();

function accommodationNumber(ix: EmbeddedIndex, id: string): number | undefined {
  let byId = numbers.get(ix);
  if (!byId) numbers.set(ix, (byId = new Map(ix.accommodations.map((a, k) => [a.id, k]))));
  return byId.get(id);
}

export function accommodationOffers(ix: EmbeddedIndex, accommodationId: string, q: CompiledSearch): AccommodationOffers | null {
  const a = accommodationNumber(ix, accommodationId);
  if (a === undefined) return null;
  const accommodation = accommodationOf(ix, a);
  const f = q.filters;
  const accOk =
    ix.accRating[a] >= (f.minRating ?? 0) &&
    q.features.every((v) => {
      const k = ix.features.findIndex((x) => x.value === v);
      return k >= 0 && ix.accommodations[a].features.includes(k);
    });
  if (!accOk || q.persons > ix.personsStart.length - 2 || q.persons < 1) return { accommodation, trips: [] };

  const companies = f.travelCompanies?.length ? new Set(f.travelCompanies) : null;
  const meals = f.mealPlanTypes?.length ? new Set(f.mealPlanTypes) : null;
  const { skiWanted, minP, maxP, minF, maxF, minDays, maxDays } = tripBounds(f);
  const from = ix.personsStart[q.persons];
  const to = ix.personsStart[q.persons + 1];

  const rows: number[] = [];
  for (const [lo, hi] of q.departureRanges) {
    const start = lowerBound(ix.day, from, to, lo);
    const end = lowerBound(ix.day, start, to, hi + 1);
    for (let i = start; i < end; i++) {
      if (ix.acc[i] !== a) continue;
      const days = ix.skiPassDays[i];
      const pp = ix.pricePerPerson[i];
      const p = ix.price[i];
      if (days < minDays || days > maxDays || pp < minP || pp > maxP || p < minF || p > maxF) continue;
      if (skiWanted >= 0 && ix.skiPassIncluded[i] !== skiWanted) continue;
      if (companies && !companies.has(ix.companies[ix.company[i]].slug)) continue;
      if (meals && !meals.has(ix.mealPlans[ix.meal[i]].slug)) continue;
      rows.push(i);
    }
  }
  rows.sort((x, y) => ix.day[x] - ix.day[y] || ix.price[x] - ix.price[y] || ix.idRank[x] - ix.idRank[y]);
  return { accommodation, trips: rows.map((i) => tripOf(ix, i)) };
}
