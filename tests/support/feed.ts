import { fromDay, toDay, todayInDenmark } from "../../app/domain/dates";
import type { FeedLine } from "../../cli/feed-schema";

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

const BASE: FeedLine = {
  id: "alpetours-hotel-aiguille-2027-02-13-4p",
  travelCompany: { slug: "alpetours", name: "Alpetours" },
  accommodation: {
    id: "hotel-aiguille-vt",
    name: "Hotel L'Aiguille",
    rating: 4,
    features: [
      { value: "pool", name: "Swimmingpool" },
      { value: "sauna", name: "Sauna" },
    ],
    lat: 45.2967,
    lng: 6.58,
    imageUrl: null,
    destination: {
      slug: "val-thorens",
      name: "Val Thorens",
      region: { slug: "les-3-vallees", name: "Les 3 Vallées" },
      country: { slug: "frankrig", name: "Frankrig" },
    },
    tags: ["familievenlig", "ski-in-ski-out"],
  },
  departureDate: "2027-02-13",
  nights: 7,
  transport: "bus",
  persons: 2,
  price: 11980,
  pricePerPerson: 5990,
  originalPrice: 13980,
  mealPlan: { slug: "halvpension", title: "Halvpension", short: "HP" },
  skiPass: { included: true, days: 6 },
  url: "https://alpetours.example.dk/rejser/123",
};

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out: Plain = { ...(base as Plain) };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] = isPlain(value) && isPlain(current) ? merge(current, value) : value;
  }
  return out as T;
}

/** A valid feed line (docs/feed.md "Example", for 2 persons) with the given fields changed. */
export function trip(patch?: DeepPartial<FeedLine>): FeedLine {
  return merge(BASE, patch);
}

/** A departure date `days` after today in Denmark: inside the feed's departure window whenever the tests run. */
export function departureInDays(days: number): string {
  return fromDay(toDay(todayInDenmark()) + days);
}
