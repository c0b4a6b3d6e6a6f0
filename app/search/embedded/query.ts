import { PAGE_SIZE } from "~/domain/constants";
import { fromDay } from "~/domain/dates";
import { bucketKeys, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import type { CompiledSearch } from "../compile";
import type { SearchFilters } from "~/domain/search-data";
import type { FacetNumbers, ResultAccommodation, ResultTrip, SearchResultItem } from "~/domain/search-result";
import type { EmbeddedIndex } from "./build";
import { featureFacetKey, accommodationFacts } from "~/domain/search-result";

// One pass over the candidate trips computes items, counts and every facet number. Filters fall
// in two kinds: hard ones (party size, departure, area, features, ski-pass days) that every facet
// applies, and facet-owned ones (company, meal plan, rating, ski pass, the price bounds) that
// only their own facet ignores. A trip failing exactly one owned filter still counts for that
// filter's facet; a trip failing none counts everywhere and competes for its accommodation.

const FAIL_COMPANY = 1;
const FAIL_MEAL = 2;
const FAIL_RATING = 4;
const FAIL_SKIPASS = 8;
const FAIL_PRICE = 16;

const PRICE_KEYS = bucketKeys(FULL_PRICE_BUCKETS);
const PER_PERSON_KEYS = bucketKeys(PER_PERSON_BUCKETS);

export interface EmbeddedOutcome {
  totalCount: number;
  accommodationCount: number;
  items: SearchResultItem[];
  facetNumbers: FacetNumbers;
}

/**
 * The accommodations a search matched (ascending index order) and, per accommodation index, its
 * best matching trip under the search's sort (-1 for the others). Read-only, valid during the call.
 */
export type MatchedSink = (matched: readonly number[], best: Int32Array) => void;

/** `onMatched` receives every matched accommodation with its best trip (the map's call, app/search/embedded/map.ts). */
export function runSearch(ix: EmbeddedIndex, q: CompiledSearch, page: number, withItems = true, onMatched?: MatchedSink): EmbeddedOutcome {
  const accCount = ix.accommodations.length;
  const f = q.filters;

  // Accommodation-level conditions, evaluated once per accommodation rather than per trip.
  const accHard = areaMask(ix, q);
  if (q.features.length) {
    const wanted = q.features.map((v) => ix.features.findIndex((x) => x.value === v));
    for (let a = 0; a < accCount; a++) {
      if (accHard[a] && !wanted.every((w) => w >= 0 && ix.accommodations[a].features.includes(w))) accHard[a] = 0;
    }
  }
  // Rating is an owned filter of the accommodation: mark the ones that fail it (2) in the mask.
  const minRating = f.minRating ?? 0;
  for (let a = 0; a < accCount; a++) if (accHard[a] !== 0 && ix.accRating[a] < minRating) accHard[a] = 2;
  const companyOk = optionMask(ix.companies.length, f.travelCompanies, (s) => ix.companies.findIndex((c) => c.slug === s));
  const mealOk = optionMask(ix.mealPlans.length, f.mealPlanTypes, (s) => ix.mealPlans.findIndex((m) => m.slug === s));
  const { skiWanted, minP, maxP, minF, maxF, minDays, maxDays } = tripBounds(f);

  const priceCounts = new Int32Array(PRICE_KEYS.length);
  const perPersonCounts = new Int32Array(PER_PERSON_KEYS.length);
  const companyCounts = new Int32Array(ix.companies.length);
  const mealCounts = new Int32Array(ix.mealPlans.length);
  const skiCounts = new Int32Array(2);
  const ratingCounts = new Int32Array(6);
  const accMatches = new Int32Array(accCount);
  const best = new Int32Array(accCount).fill(-1);
  // Each accommodation's lowest matching prices, whole party and per person (an item's `cheapest`).
  const lowPrice = new Float64Array(accCount).fill(Infinity);
  const lowPerPerson = new Float64Array(accCount).fill(Infinity);
  // Matching trips per (accommodation, company) pair: gives the company facet and each item's companyCount.
  const pairCounts = new Int32Array(ix.pairCompany.length);
  const { accCompanyStart, pairCompany, tripPair } = ix;

  // Lower is better: the sort's key, then the trip id's rank.
  const key = ix.sortKeys[q.sort];

  const { acc, packed, day, price, pricePerPerson, skiPassDays, idRank, accRating } = ix;
  const checkDays = f.minSkiPassDaysCount !== undefined || f.maxSkiPassDaysCount !== undefined;
  const checkPrice = f.minPrice !== undefined || f.maxPrice !== undefined || f.minFullPrice !== undefined || f.maxFullPrice !== undefined;
  let total = 0;
  const from = q.persons <= ix.personsStart.length - 2 ? ix.personsStart[q.persons] : 0;
  const to = q.persons <= ix.personsStart.length - 2 ? ix.personsStart[q.persons + 1] : 0;

  for (const [lo, hi] of q.departureRanges) {
    const start = lowerBound(day, from, to, lo);
    const end = lowerBound(day, start, to, hi + 1);
    for (let i = start; i < end; i++) {
      const a = acc[i];
      const accState = accHard[a];
      if (accState === 0) continue;
      if (checkDays) {
        const days = skiPassDays[i];
        if (days < minDays || days > maxDays) continue;
      }
      const code = packed[i];
      const c = code & 0x3ff;
      const m = (code >>> 10) & 0x3f;
      const ski = (code >>> 16) & 1;
      let fails = accState === 2 ? FAIL_RATING : 0;
      if (companyOk !== null && companyOk[c] === 0) fails |= FAIL_COMPANY;
      if (mealOk !== null && mealOk[m] === 0) fails |= FAIL_MEAL;
      if (skiWanted >= 0 && ski !== skiWanted) fails |= FAIL_SKIPASS;
      if (checkPrice) {
        const pp = pricePerPerson[i];
        const p = price[i];
        if (pp < minP || pp > maxP || p < minF || p > maxF) fails |= FAIL_PRICE;
      }

      if (fails === 0) {
        total++;
        priceCounts[(code >>> 17) & 0x7f]++;
        perPersonCounts[(code >>> 24) & 0x3f]++;
        mealCounts[m]++;
        skiCounts[ski]++;
        accMatches[a]++;
        pairCounts[tripPair[i]]++;
        if (price[i] < lowPrice[a]) lowPrice[a] = price[i];
        if (pricePerPerson[i] < lowPerPerson[a]) lowPerPerson[a] = pricePerPerson[i];
        const b = best[a];
        if (b < 0) best[a] = i;
        else {
          const ki = key[i];
          const kb = key[b];
          if (ki < kb || (ki === kb && idRank[i] < idRank[b])) best[a] = i;
        }
      } else if ((fails & (fails - 1)) === 0) {
        // Exactly one owned filter fails: only that filter's facet counts the trip.
        if (fails === FAIL_COMPANY) companyCounts[c]++;
        else if (fails === FAIL_MEAL) mealCounts[m]++;
        else if (fails === FAIL_RATING) ratingCounts[accRating[a]]++;
        else if (fails === FAIL_SKIPASS) skiCounts[ski]++;
        else {
          priceCounts[(code >>> 17) & 0x7f]++;
          perPersonCounts[(code >>> 24) & 0x3f]++;
        }
      }
    }
  }

  // Rating and features are properties of the accommodation: count them per accommodation.
  const matchedAccs: number[] = [];
  const featureCounts = new Int32Array(ix.features.length);
  for (let a = 0; a < accCount; a++) {
    const m = accMatches[a];
    if (m === 0) continue;
    matchedAccs.push(a);
    ratingCounts[ix.accRating[a]] += m;
    for (let k = accCompanyStart[a]; k < accCompanyStart[a + 1]; k++) companyCounts[pairCompany[k]] += pairCounts[k];
    for (const feature of ix.accommodations[a].features) featureCounts[feature] += m;
  }
  onMatched?.(matchedAccs, best);

  const facetNumbers: FacetNumbers = {
    totalCount: total,
    priceRange: counted(PRICE_KEYS, priceCounts),
    pricePerPersonRange: counted(PER_PERSON_KEYS, perPersonCounts),
    mealPlanType: counted(
      ix.mealPlans.map((m) => m.slug),
      mealCounts,
    ),
    skiPassIncluded: counted(["false", "true"], skiCounts),
    accommodation_rating: counted(["0", "1", "2", "3", "4", "5"], ratingCounts),
    travelCompanySlug: counted(
      ix.companies.map((c) => c.slug),
      companyCounts,
    ),
  };
  ix.features.forEach((feature, k) => {
    if (featureCounts[k] > 0) facetNumbers[featureFacetKey(feature.value)] = { value: { true: featureCounts[k] } };
  });

  let items: SearchResultItem[] = [];
  if (withItems) {
    matchedAccs.sort((x, y) => {
      const d = key[best[x]] - key[best[y]];
      return d !== 0 ? d : x - y;
    });
    items = matchedAccs.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((a) => ({
      accommodation: accommodationOf(ix, a),
      trip: tripOf(ix, best[a]),
      offerCount: accMatches[a],
      companyCount: nonZero(pairCounts, accCompanyStart[a], accCompanyStart[a + 1]),
      cheapest: { price: lowPrice[a], pricePerPerson: lowPerPerson[a] },
    }));
  }
  return { totalCount: total, accommodationCount: matchedAccs.length, items, facetNumbers };
}

function areaMask(ix: EmbeddedIndex, q: CompiledSearch): Uint8Array {
  const n = ix.accommodations.length;
  const mask = new Uint8Array(n);
  const area = q.area;
  if (area.type === "all") return mask.fill(1);
  if (area.type === "destinations") {
    const slugs = new Set(area.destinationSlugs);
    const resortOk = ix.resorts.map(
      (r) => slugs.has(r.slug) || slugs.has(ix.regions[r.region].slug) || slugs.has(ix.countries[r.country].slug),
    );
    for (let a = 0; a < n; a++) mask[a] = resortOk[ix.accResort[a]] ? 1 : 0;
  } else if (area.type === "tags") {
    const wanted = new Set(area.tags.map((t) => ix.tags.indexOf(t)).filter((t) => t >= 0));
    for (let a = 0; a < n; a++) mask[a] = ix.accommodations[a].tags.some((t) => wanted.has(t)) ? 1 : 0;
  } else {
    const [south, west, north, east] = area.bbox;
    for (let a = 0; a < n; a++) {
      const lat = ix.accLat[a];
      const lng = ix.accLng[a];
      mask[a] = lat >= south && lat <= north && lng >= west && lng <= east ? 1 : 0;
    }
  }
  return mask;
}

/** 1 for each allowed option; null when the filter is unset (everything allowed). */
function optionMask(size: number, wanted: string[] | undefined, lookup: (slug: string) => number): Uint8Array | null {
  if (!wanted?.length) return null;
  const mask = new Uint8Array(size);
  for (const slug of wanted) {
    const k = lookup(slug);
    if (k >= 0) mask[k] = 1;
  }
  return mask;
}

/**
 * A search's trip-level bounds as plain numbers for the scans (an unset bound lets everything
 * through), and the ski pass wanted: 1 included, 0 not, -1 either.
 */
export function tripBounds(f: SearchFilters) {
  return {
    skiWanted: f.skiPassIncluded === undefined ? -1 : f.skiPassIncluded ? 1 : 0,
    minP: f.minPrice ?? -Infinity,
    maxP: f.maxPrice ?? Infinity,
    minF: f.minFullPrice ?? -Infinity,
    maxF: f.maxFullPrice ?? Infinity,
    minDays: f.minSkiPassDaysCount ?? -Infinity,
    maxDays: f.maxSkiPassDaysCount ?? Infinity,
  };
}

export function lowerBound(arr: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function counted(keys: string[], counts: Int32Array): { value: Record<string, number> } {
  const value: Record<string, number> = {};
  for (let k = 0; k < keys.length; k++) if (counts[k] > 0) value[keys[k]] = counts[k];
  return { value };
}

function nonZero(counts: Int32Array, start: number, end: number): number {
  let n = 0;
  for (let k = start; k < end; k++) if (counts[k] > 0) n++;
  return n;
}

/** Accommodation `a` of the index as a result shows it. */
export function accommodationOf(ix: EmbeddedIndex, a: number): ResultAccommodation {
  const acc = ix.accommodations[a];
  const resort = ix.resorts[acc.resort];
  return {
    ...accommodationFacts(acc),
    destination: { slug: resort.slug, name: resort.name },
    region: ix.regions[resort.region],
    country: ix.countries[resort.country],
    features: acc.features.map((k) => ix.features[k]),
    tags: acc.tags.map((k) => ix.tags[k]),
  };
}

/** Trip row `i` of the index as a result shows it. */
export function tripOf(ix: EmbeddedIndex, i: number): ResultTrip {
  const originalPrice = ix.originalPrice[i];
  const mealPlan = ix.mealPlans[ix.meal[i]];
  return {
    id: ix.tripIds.get(i),
    travelCompany: ix.companies[ix.company[i]],
    departureDate: fromDay(ix.day[i]),
    nights: ix.nights[i],
    transport: ix.transports[ix.transport[i]],
    persons: personsOf(ix, i),
    price: ix.price[i],
    pricePerPerson: ix.pricePerPerson[i],
    originalPrice: Number.isNaN(originalPrice) ? null : originalPrice,
    discountPercentage: ix.discount[i],
    skiScore: ix.score[i],
    mealPlan: { slug: mealPlan.slug, title: mealPlan.title, short: mealPlan.short },
    skiPass: { included: ix.skiPassIncluded[i] === 1, days: ix.skiPassDays[i] },
    url: ix.urls.get(i),
  };
}

function personsOf(ix: EmbeddedIndex, i: number): number {
  let p = 1;
  while (ix.personsStart[p + 1] <= i) p++;
  return p;
}
