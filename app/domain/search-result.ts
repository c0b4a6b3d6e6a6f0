// What a search answers (docs/api.md "GET /api/search"): the result items, facet numbers, the
// search options and the map's points. Shared by the engines, the API and the pages.

import type { PriceMode, Transport } from "./constants";

/** facetNumbers[key] = { value: { bucketOrOption: count } }, plus the plain totalCount. */
export type FacetCounts = { value: Record<string, number> };
export type FacetNumbers = { totalCount: number } & { [key: string]: FacetCounts | number };

export interface ResultAccommodation {
  id: string;
  name: string;
  rating: number;
  lat: number;
  lng: number;
  imageUrl: string | null;
  destination: { slug: string; name: string };
  region: { slug: string; name: string };
  country: { slug: string; name: string };
  features: Array<{ value: string; name: string }>;
  tags: string[];
}

/** What every engine copies of an accommodation's own facts into a result. */
export type AccommodationFacts = Pick<ResultAccommodation, "id" | "name" | "rating" | "lat" | "lng" | "imageUrl">;

export function accommodationFacts({ id, name, rating, lat, lng, imageUrl }: AccommodationFacts): AccommodationFacts {
  return { id, name, rating, lat, lng, imageUrl };
}

export interface ResultTrip {
  id: string;
  travelCompany: { slug: string; name: string };
  departureDate: string;
  nights: number;
  transport: Transport;
  persons: number;
  price: number;
  pricePerPerson: number;
  originalPrice: number | null;
  discountPercentage: number;
  skiScore: number;
  mealPlan: { slug: string; title: string; short: string };
  skiPass: { included: boolean; days: number };
  url: string;
}

export interface SearchResultItem {
  accommodation: ResultAccommodation;
  /** The accommodation's best matching trip under the current sort. */
  trip: ResultTrip;
  /** Matching offers of this accommodation, and from how many travel companies. */
  offerCount: number;
  companyCount: number;
  /**
   * The lowest prices among those offers (the card's "Fra … kr."): whole party and per person, each
   * its own minimum, so either price type shows what the accommodation page marks cheapest. They
   * can be two offers' prices, as a feed's per-person prices may be rounded (docs/feed.md).
   */
  cheapest: CheapestPrices;
}

export interface CheapestPrices {
  price: number;
  pricePerPerson: number;
}

/** One accommodation's matching offers (SearchEngine.accommodationOffers): by departure date, then whole-party price, then trip id. */
export interface AccommodationOffers {
  accommodation: ResultAccommodation;
  trips: ResultTrip[];
}

export interface SearchResult {
  items: SearchResultItem[];
  pagination: { totalCount: number; pageSize: number; page: number };
  totalCount: number;
  facetNumbers: FacetNumbers;
}

/** Search options, supplied by the server for the filter sidebar (docs/screens.md "Filter sidebar"). */
export interface SearchOptions {
  mealPlanTypes: Array<{ slug: string; title: string; short: string }>;
  accommodationFeatures: Array<{ value: string; name: string }>;
  travelCompanies: Array<{ slug: string; name: string }>;
}

export const FACET_KEYS = [
  "priceRange",
  "pricePerPersonRange",
  "mealPlanType",
  "skiPassIncluded",
  "accommodation_rating",
  "travelCompanySlug",
] as const;
/** The facet key of a feature is this prefix and the feature's value (docs/search.md "Facet numbers"). */
export const FEATURE_FACET_PREFIX = "accommodation_features_";
export const featureFacetKey = (value: string) => `${FEATURE_FACET_PREFIX}${value}`;
/** A required facet field: one of FACET_KEYS or `accommodation_features_{value}`. */
export type FacetKey = string;

/**
 * One map marker (GET /api/map): an accommodation of the result with its best trip under the
 * search's sort, as a compact array so 5,000 of them stay small:
 * [accommodation id, lat, lng, best price in the chosen price type, name, index into `resorts`,
 *  rating, index into `companies`, departure date (ISO), nights, trip id (the offer link)].
 */
export type MapPoint = [
  id: string,
  lat: number,
  lng: number,
  price: number,
  name: string,
  resort: number,
  rating: number,
  company: number,
  departureDate: string,
  nights: number,
  tripId: string,
];

export interface MapData {
  priceMode: PriceMode;
  /** Matching trips (as the results page's total) and accommodations (= points.length unless capped). */
  totalCount: number;
  accommodationCount: number;
  points: MapPoint[];
  /** The resorts the points are in, with their country's name. */
  resorts: Array<{ slug: string; name: string; country: string }>;
  companies: string[];
}

/**
 * What a result card shows of an item: the results page sends only these fields to the browser
 * (its loader's data is serialised into the page for hydration), not the whole item.
 */
export interface ResultCardItem {
  accommodation: Pick<ResultAccommodation, "id" | "name" | "rating" | "imageUrl"> & {
    destination: { name: string };
    country: { name: string };
    features: string[];
  };
  trip: Pick<
    ResultTrip,
    | "id"
    | "departureDate"
    | "nights"
    | "transport"
    | "persons"
    | "price"
    | "pricePerPerson"
    | "originalPrice"
    | "discountPercentage"
    | "skiPass"
  > & { travelCompany: { name: string }; mealPlan: { title: string } };
  offerCount: number;
  companyCount: number;
  cheapest: CheapestPrices;
}

/** What a card needs in the browser besides its markup: what it is of, and the trip to save (a pair: twenty on a page). */
export type ResultCardKey = [accommodationId: string, tripId: string];

export const resultCardKey = ({ accommodation, trip }: ResultCardItem): ResultCardKey => [accommodation.id, trip.id];

export function resultCardItem({ accommodation: a, trip: t, offerCount, companyCount, cheapest }: SearchResultItem): ResultCardItem {
  return {
    accommodation: {
      id: a.id,
      name: a.name,
      rating: a.rating,
      imageUrl: a.imageUrl,
      destination: { name: a.destination.name },
      country: { name: a.country.name },
      features: a.features.map((f) => f.name),
    },
    trip: {
      id: t.id,
      departureDate: t.departureDate,
      nights: t.nights,
      transport: t.transport,
      persons: t.persons,
      price: t.price,
      pricePerPerson: t.pricePerPerson,
      originalPrice: t.originalPrice,
      discountPercentage: t.discountPercentage,
      skiPass: t.skiPass,
      travelCompany: { name: t.travelCompany.name },
      mealPlan: { title: t.mealPlan.title },
    },
    offerCount,
    companyCount,
    cheapest: { price: cheapest.price, pricePerPerson: cheapest.pricePerPerson },
  };
}
