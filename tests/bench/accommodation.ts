import { isDeepStrictEqual } from "node:util";
import { openDb } from "../../db/client";
import { accommodationState } from "~/domain/accommodation-url";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import type { SearchEngine } from "~/search/types";
import { accommodationPage } from "~/services/accommodations/accommodation-page.server";
import { TODAY } from "./queries";
import { percentile } from "./stats";

// The accommodation page's loader work (app/routes/accommodation.tsx: the accommodation's offers for
// the search and the season's calendar, grouped, with its photos, the offers' drops and the price
// history): the embedded engine beside the reference SQL on the same accommodations and searches,
// answers checked equal.

/** Searches of the page: the party alone, a winter-holiday week for four, and filters with a price bound. */
const SEARCHES = [
  "",
  "adultCount=4&weeks=7",
  "mealPlanTypes=halvpension,helpension&maxPrice=9000&sort=price:asc",
  "priceType=total&months=2027-02",
];
const ACCOMMODATIONS = 25;

export interface AccommodationBench {
  cases: number;
  offers: number;
  engines: Array<{ name: string; p50: number; p95: number; p99: number }>;
  mismatches: number;
}

export async function benchAccommodationPage(dbFile: string): Promise<AccommodationBench> {
  const db = openDb(dbFile);
  try {
    const ids = db.$client
      .prepare("SELECT DISTINCT accommodation_id FROM trips WHERE available = 1 ORDER BY accommodation_id")
      .pluck()
      .all() as string[];
    const step = Math.max(1, Math.floor(ids.length / ACCOMMODATIONS));
    const cases = ids
      .filter((_, k) => k % step === 0)
      .slice(0, ACCOMMODATIONS)
      .flatMap((id) => SEARCHES.map((qs) => ({ id, state: accommodationState(new URLSearchParams(qs)) })));
    const engines: Array<[string, SearchEngine]> = [
      ["embedded", new EmbeddedEngine(db)],
      ["reference SQL", new ReferenceSqlEngine(db)],
    ];
    const answers: unknown[][] = [];
    const out: AccommodationBench = { cases: cases.length, offers: 0, engines: [], mismatches: 0 };
    for (const [name, engine] of engines) {
      const times: number[] = [];
      const got: unknown[] = [];
      // A warm-up round (answers kept, not timed), then three timed rounds.
      for (const c of cases) got.push(await accommodationPage(db, engine, c.id, c.state, TODAY));
      for (let round = 0; round < 3; round++) {
        for (const c of cases) {
          const t = performance.now();
          await accommodationPage(db, engine, c.id, c.state, TODAY);
          times.push(performance.now() - t);
        }
      }
      answers.push(got);
      out.engines.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) });
    }
    out.offers = (answers[0] as Array<{ groups: Array<{ rows: unknown[] }> } | null>).reduce(
      (n, page) => n + (page?.groups.reduce((m, g) => m + g.rows.length, 0) ?? 0),
      0,
    );
    out.mismatches = answers[0].filter((a, k) => !isDeepStrictEqual(a, answers[1][k])).length;
    return out;
  } finally {
    db.$client.close();
  }
}
